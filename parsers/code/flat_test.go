package code

import (
	"testing"

	golang "github.com/smacker/go-tree-sitter/golang"
)

// The grammar packages make a new *sitter.Language at each call: the
// name tables are one per grammar, not one per call.
func TestSymbolNamesOncePerGrammar(t *testing.T) {
	a, b := golang.GetLanguage(), golang.GetLanguage()
	if a == b {
		t.Skip("GetLanguage returned the same pointer twice: nothing to check")
	}
	symbolNames(a)
	fieldNames(a)
	symbolNamesMu.Lock()
	n, f := len(symbolNameTab), len(fieldNameTab)
	symbolNamesMu.Unlock()
	symbolNames(b)
	fieldNames(b)
	symbolNamesMu.Lock()
	defer symbolNamesMu.Unlock()
	if len(symbolNameTab) != n || len(fieldNameTab) != f {
		t.Errorf("tables grew from %d/%d to %d/%d for the same grammar", n, f, len(symbolNameTab), len(fieldNameTab))
	}
}
