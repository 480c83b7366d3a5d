package index

import (
	"maps"
	"testing"
)

// TestSegmentScopeCountsEveryNode: a segment's kinds and node languages,
// counted by vocabulary id, are those of its nodes one by one (a fenced
// block's language counts apart from its page's).
func TestSegmentScopeCountsEveryNode(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"a.go":     "package a\n\ntype T struct{}\n\nfunc (T) M() {}\n\nconst C = 1\n",
		"b.py":     "class K:\n    def f(self):\n        pass\n\ndef g():\n    pass\n",
		"doc.md":   "# Title\n\nText.\n\n```go\nfunc Example() {}\n```\n\n## Part\n\n```python\nx = 1\n```\n",
		"c.h":      "typedef struct s { int a; } s_t;\nint f(void);\n",
		"empty.md": "",
	})
	v := ix.view()
	checked := 0
	for _, s := range v.segs {
		wantKinds, wantLangs := map[string]bool{}, map[string]int{}
		for i := range s.nodes {
			nm := s.node(uint32(i))
			wantKinds[string(nm.kind())] = true
			if nm.nativeKind() != "" {
				wantKinds[nm.nativeKind()] = true
			}
			wantLangs[languageOf(&s.docs[nm.doc], nm)]++
		}
		ss := s.scope()
		if !maps.Equal(ss.kinds, wantKinds) {
			t.Errorf("kinds %v, want %v", ss.kinds, wantKinds)
		}
		if !maps.Equal(ss.langs, wantLangs) {
			t.Errorf("languages %v, want %v", ss.langs, wantLangs)
		}
		checked += len(s.nodes)
		if len(wantLangs) < 3 {
			t.Errorf("only languages %v: the test lost its point", wantLangs)
		}
	}
	if checked == 0 {
		t.Fatal("no nodes")
	}
}
