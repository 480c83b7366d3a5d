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
	key := cCandKey{"size", ix.view().segs[0].docs[0].Collection, false, 1}
	first := q.cCandidates(key)
	if len(first) == 0 {
		t.Fatal("no candidates for size")
	}
	want := slices.Clone(first)
	first[0] = nodeRef{seg: 99, node: 99} // the caller's to change
	if again := q.cCandidates(key); !slices.Equal(again, want) {
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

// cTypedMembers keeps its answers for the query, each caller's slice its
// own, and answers as typedMembers and the parent test do.
func TestCTypedMembersKept(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"v.h": "struct V { int size(); };\nstruct W { int size(); };\nint size(int n);\n",
	})
	q := newRefQuery(ix, ix.view())
	key := cCandKey{"size", ix.view().segs[0].docs[0].Collection, false, 0}
	cands := q.named("size")
	if len(cands) < 3 {
		t.Fatalf("candidates %v, want the three sizes", cands)
	}
	for _, qt := range []string{"V", "@W", "X"} {
		first, guess := q.cTypedMembers(key, cands, qt)
		var want []nodeRef
		wantGuess := false
		if qt[0] == '@' {
			want = keepRefs(q, cands, func(n nodeMeta, _ *docMeta) bool { return parentName(n) == qt[1:] })
		} else {
			want, wantGuess = typedMembers(q, cands, qt, "cfamily")
		}
		if !slices.Equal(first, want) || guess != wantGuess {
			t.Errorf("%s: %v %v, want %v %v", qt, first, guess, want, wantGuess)
		}
		if len(first) > 0 {
			first[0] = nodeRef{seg: 99, node: 99}
		}
		if again, _ := q.cTypedMembers(key, cands, qt); !slices.Equal(again, want) {
			t.Errorf("%s again: %v, want %v", qt, again, want)
		}
	}
	if len(q.cTyped) != 3 {
		t.Errorf("%d answers kept, want 3", len(q.cTyped))
	}
}
