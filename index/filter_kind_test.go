package index

import "testing"

// TestKindTable checks the table scoring filters kinds with against the
// filter's kind names looked up by the node's kind strings, on every node
// of an index of several languages and for filters by kind, by native
// kind and by both.
func TestKindTable(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"a.go":   "package a\n\ntype T struct{ F int }\n\nfunc (T) M() {}\n\nfunc G() {}\n\nconst C = 1\n",
		"b.py":   "class K:\n    def m(self):\n        pass\n\ndef f():\n    pass\n",
		"c.ts":   "interface I { x: number }\nexport class D { n(): void {} }\nexport function h() {}\n",
		"d.md":   "# Title\n\n## Section\n\ntext\n",
		"e.java": "class E { void run() {} enum Color { RED } }\n",
	})
	v := ix.view()
	filters := []map[string]bool{
		{"function": true}, {"method": true, "class": true}, {"struct": true, "interface": true},
		{"section": true}, {"signature": true}, {"enum_constant": true, "enum": true}, {"nothing": true},
	}
	checked, matched, byNative := 0, 0, 0
	for _, kinds := range filters {
		f := &filter{kinds: kinds}
		for _, s := range v.segs {
			tab := f.kindTable(s)
			for i := range s.nodes {
				if got, want := tab.has(&s.nodes[i]), wantKind(kinds, s.node(uint32(i))); got != want {
					n := s.node(uint32(i))
					t.Errorf("kinds %v, node %s (%s, native %s): table %v, by its strings %v", kinds, n.anchor(), n.kind(), n.nativeKind(), got, want)
				}
				checked++
				if want := wantKind(kinds, s.node(uint32(i))); want {
					matched++
					if n := s.node(uint32(i)); !kinds[string(n.kind())] {
						byNative++
					}
				}
			}
		}
	}
	if checked == 0 || matched == 0 || byNative == 0 {
		t.Fatalf("%d nodes checked, %d kept, %d by native kind alone: the fixture should have all three", checked, matched, byNative)
	}
	if (&filter{}).kindTable(v.segs[0]) != nil {
		t.Error("a filter without kinds has a table")
	}
}

// wantKind is whether node n has one of kinds, by its kind strings.
func wantKind(kinds map[string]bool, n nodeMeta) bool {
	return kinds[string(n.kind())] || n.nativeKind() != "" && kinds[n.nativeKind()]
}
