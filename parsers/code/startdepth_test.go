package code

import (
	"context"
	"testing"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/golang"
)

// TestMaxStartDepth checks that setMaxStartDepth reaches the C cursor: with
// depth 1 a query for identifiers must not see the ones inside a function
// body. It guards the unsafe access to go-tree-sitter's QueryCursor.
func TestMaxStartDepth(t *testing.T) {
	src := []byte("package p\n\nvar top = 1\n\nfunc f() {\n\tlocal := 2\n\t_ = local\n}\n")
	p := sitter.NewParser()
	p.SetLanguage(golang.GetLanguage())
	tree, err := p.ParseCtx(context.Background(), nil, src)
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	q, err := sitter.NewQuery([]byte("(identifier) @id"), golang.GetLanguage())
	if err != nil {
		t.Fatal(err)
	}
	count := func(depth uint32) (n int, names []string) {
		qc := sitter.NewQueryCursor()
		defer qc.Close()
		if depth > 0 {
			setMaxStartDepth(qc, depth)
		}
		qc.Exec(q, tree.RootNode())
		for {
			m, ok := qc.NextMatch()
			if !ok {
				return
			}
			for _, c := range m.Captures {
				n++
				names = append(names, c.Node.Content(src))
			}
		}
	}
	all, allNames := count(0)
	shallow, shallowNames := count(3)
	if all != 5 || shallow != 2 {
		t.Errorf("identifiers: %d %v unlimited, %d %v at depth <= 3; want 5 and 2 (top, f: none of the body)", all, allNames, shallow, shallowNames)
	}
}
