package code

import (
	"context"
	"testing"

	sitter "github.com/smacker/go-tree-sitter"
)

// lastChildOfTypeAPI and lastCodeAPI are lastChildOfType and lastCode
// written with go-tree-sitter's node API: the reference for the C ones.
func lastChildOfTypeAPI(n *sitter.Node, typ string) *sitter.Node {
	for i := int(n.ChildCount()) - 1; i >= 0; i-- {
		if c := n.Child(i); c.Type() == typ {
			return c
		}
	}
	return nil
}

func lastCodeAPI(n *sitter.Node, comment string) *sitter.Node {
	for {
		var last *sitter.Node
		for i := int(n.ChildCount()) - 1; i >= 0; i-- {
			c := n.Child(i)
			if c.Type() != comment && c.EndByte() > c.StartByte() {
				last = c
				break
			}
		}
		if last == nil {
			return n
		}
		n = last
	}
}

func sameTreeNode(a, b *sitter.Node) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.StartByte() == b.StartByte() && a.EndByte() == b.EndByte() && a.Type() == b.Type() && a.Symbol() == b.Symbol()
}

// TestLastNodes checks lastChildOfType and lastCode against the node API
// at every node of every file under testdata (and TREENAV_NAV_CORPUS), for
// the node types their callers ask for and the comment types of each
// language.
func TestLastNodes(t *testing.T) {
	checked := 0
	eachCorpusFile(func(l *Language, path string, src []byte) {
		// A short parse limit: a few inputs (testdata/groovy/
		// unfinished.groovy, fuzz seeds) are slow for a grammar until
		// the language's repairs have run, which Extract does and this
		// bare parse does not.
		p := sitter.NewParser()
		defer p.Close()
		p.SetLanguage(l.Grammar())
		p.SetOperationLimit(500_000)
		tree, err := p.ParseCtx(context.Background(), nil, src)
		if err != nil {
			return
		}
		defer tree.Close()
		types := []string{":", "{", ")", "}", ";"}
		comments := append([]string{"comment"}, l.CommentTypes...)
		var walk func(n *sitter.Node)
		walk = func(n *sitter.Node) {
			k := int(n.ChildCount())
			if k > 300 {
				// The node API reference is quadratic in a node's children.
				return
			}
			for _, typ := range types {
				if want, got := lastChildOfTypeAPI(n, typ), lastChildOfType(n, typ); !sameTreeNode(want, got) {
					t.Fatalf("%s: lastChildOfType(%s at %d, %q) = %v, want %v", path, n.Type(), n.StartByte(), typ, got, want)
				}
			}
			for _, c := range comments {
				if want, got := lastCodeAPI(n, c), lastCode(n, c); !sameTreeNode(want, got) {
					t.Fatalf("%s: lastCode(%s at %d, %q) = %s %d-%d, want %s %d-%d", path, n.Type(), n.StartByte(), c, got.Type(), got.StartByte(), got.EndByte(), want.Type(), want.StartByte(), want.EndByte())
				}
			}
			checked++
			for i := range k {
				walk(n.Child(i))
			}
		}
		walk(tree.RootNode())
	})
	if checked < 1000 {
		t.Fatalf("checked %d nodes; testdata should give thousands", checked)
	}
	t.Logf("%d nodes agree", checked)
}
