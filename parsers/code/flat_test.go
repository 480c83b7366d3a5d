package code

import (
	"os"
	"strconv"
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

// flattenLean keeps what the Go walker reads: every named node, every
// node in a field, ":=", with the same parents as the full copy.
func TestFlattenLeanKeepsNamedAndFields(t *testing.T) {
	src, err := os.ReadFile("refs_go.go")
	if err != nil {
		t.Fatal(err)
	}
	l := Lookup("go")
	tree, err := l.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	full := flatten(l.Grammar(), tree.RootNode(), src)
	lean := flattenLean(l.Grammar(), tree.RootNode(), src, ":=")
	type key struct {
		typ        string
		start, end uint32
		parent     string
	}
	keyOf := func(ft *flatTree, i int) key {
		n := ft.nodes[i]
		p := ""
		if n.parent >= 0 {
			q := ft.nodes[n.parent]
			p = q.typ + "@" + strconv.Itoa(int(q.start))
		}
		return key{n.typ, n.start, n.end, p}
	}
	var want []key
	defines := 0
	for i, n := range full.nodes {
		if n.named || n.field != "" || n.typ == ":=" || full.next[i] != int32(i+1) {
			want = append(want, keyOf(full, i))
		}
		if n.typ == ":=" {
			defines++
		}
	}
	if defines == 0 || len(lean.nodes) >= len(full.nodes) {
		t.Fatalf("%d := tokens, lean %d of %d nodes: the sample tells nothing", defines, len(lean.nodes), len(full.nodes))
	}
	if len(lean.nodes) != len(want) {
		t.Fatalf("lean copy has %d nodes, want %d", len(lean.nodes), len(want))
	}
	for i := range lean.nodes {
		if got := keyOf(lean, i); got != want[i] {
			t.Fatalf("node %d: %+v, want %+v", i, got, want[i])
		}
	}
}
