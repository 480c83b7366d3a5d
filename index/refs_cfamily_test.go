package index

import (
	"slices"
	"testing"
)

// cCandidates keeps its answers for the query: a second reference of the
// same name gets the same definitions, in a slice of its own.
func TestCCandidatesKept(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"a.h": "int size(int n);\nstruct V { int size(); };\n",
		"a.c": "#include \"a.h\"\nint size(int n) { return n; }\nint use(void) { return size(1) + size(2); }\n",
	})
	q := newRefQuery(ix, ix.view())
	first := q.cCandidates("size", ix.view().segs[0].docs[0].Collection, false, 1)
	if len(first) == 0 {
		t.Fatal("no candidates for size")
	}
	want := slices.Clone(first)
	first[0] = nodeRef{seg: 99, node: 99} // the caller's to change
	if again := q.cCandidates("size", ix.view().segs[0].docs[0].Collection, false, 1); !slices.Equal(again, want) {
		t.Errorf("second answer %v, want %v", again, want)
	}
	if len(q.cCands) != 1 {
		t.Errorf("%d answers kept, want 1", len(q.cCands))
	}
	// The prototype gave way to its definition, and V::size (no argument)
	// to the arity of one.
	for _, c := range want {
		if _, n, d := q.node(c); n.decl || d.Path != "a.c" {
			t.Errorf("candidate %s in %s (declaration %v), want a.c's definition", qualifiedName(n), d.Path, n.decl)
		}
	}
}
