package index

import (
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/parsers"
)

// TestSuffixTableEnding checks filesEnding's table against the rule it
// implements: the paths that are p or end in "/"+p (whole components),
// sorted.
func TestSuffixTableEnding(t *testing.T) {
	paths := []string{"pkg/mod/__init__.py", "mod/__init__.py", "a/b/mod.py", "xmod.py", "mod.py",
		"lib/mod.pyi", "a/b/c/index.ts", "c/index.ts", "index.ts", "a/bmod.py"}
	st := &suffixTable{}
	for _, p := range paths {
		st.rev = append(st.rev, reverseString(p))
	}
	slices.Sort(st.rev)
	for _, q := range []string{"mod.py", "mod/__init__.py", "__init__.py", "b/mod.py", "index.ts", "c/index.ts",
		"od.py", "a", "", "mod.pyi", "nothing.py"} {
		var want []string
		for _, p := range paths {
			if q != "" && (p == q || len(p) > len(q) && p[len(p)-len(q)-1] == '/' && p[len(p)-len(q):] == q) {
				want = append(want, p)
			}
		}
		slices.Sort(want)
		if got := st.ending(q); !slices.Equal(got, want) {
			t.Errorf("ending(%q) = %q, want %q", q, got, want)
		}
	}
	var none *suffixTable // a family with no files
	if got := none.ending("mod.py"); got != nil {
		t.Errorf("a nil table answered %q", got)
	}
}

// TestNamedInAsNamedFiltered: a file's definitions called a name, as
// NamedIn finds them (the segments holding the file), are those of Named
// kept to that path, in Named's order: over collections sharing paths,
// several segments, a file replaced since (its old version dead), and
// names defined in many files.
func TestNamedInAsNamedFiltered(t *testing.T) {
	py := func(i int) string {
		return fmt.Sprintf("class Base%d:\n    def __init__(self):\n        self.x = %d\n\n    def get(self):\n        return self.x\n\n"+
			"class Child%d(Base%d):\n    def __init__(self):\n        super().__init__()\n\n    class Inner:\n        def get(self):\n            return 1\n\n"+
			"def get():\n    return Child%d().get()\n", i, i, i, i, i)
	}
	js := func(i int) string {
		return fmt.Sprintf("export class Base%d {\n  constructor() { this.x = %d }\n  get() { return this.x }\n}\nexport function get() { return new Base%d().get() }\n", i, i, i)
	}
	var parts [][]memFile
	for p := range 3 {
		var part []memFile
		for i := range 6 {
			for _, coll := range []string{"a", "b"} {
				if (i+p)%3 == 0 && coll == "b" {
					continue // some paths in one collection only
				}
				n := p*10 + i
				part = append(part,
					memFile{coll: coll, rel: fmt.Sprintf("pkg%d/mod%d.py", i%3, i), docID: fmt.Sprintf("%s/%d/mod%d.py", coll, p, i), src: []byte(py(n))},
					memFile{coll: coll, rel: fmt.Sprintf("web%d/m%d.js", i%2, i), docID: fmt.Sprintf("%s/%d/m%d.js", coll, p, i), src: []byte(js(n))})
			}
		}
		parts = append(parts, part)
	}
	ix := memIndexParts(t, parts)
	// A file replaced: its first versions are dead.
	doc, err := parsers.Parse("pkg0/mod0.py", "a/0/mod0.py", []byte(py(99)))
	if err != nil {
		t.Fatal(err)
	}
	doc.Collection = "a"
	ix.Apply([]Input{{Doc: doc, Src: []byte(py(99))}}, nil)
	v := ix.view()
	paths := map[string]bool{}
	for _, s := range v.segs {
		for _, d := range s.docs {
			paths[d.Path] = true
		}
	}
	checked := 0
	for _, fam := range []string{"python", "es"} {
		for _, name := range []string{"__init__", "get", "Inner", "Base3", "constructor", "nothing"} {
			for _, path := range slices.Sorted(maps.Keys(paths)) {
				qa, qb := newRefQuery(ix, v), newRefQuery(ix, v)
				a, b := qa.langIndex(fam), qb.langIndex(fam)
				var got, want []nodeRef
				for _, i := range a.x.namedIn(path, name) {
					got = append(got, a.src.refs[i])
				}
				for _, i := range b.x.named(name) {
					if b.x.Defs[i].Path == path {
						want = append(want, b.src.refs[i])
					}
				}
				if !slices.Equal(got, want) {
					t.Errorf("%s %s in %s: namedIn %v, named kept to the path %v", fam, name, path, got, want)
				}
				checked += len(want)
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d definitions compared", checked)
	}
}

// TestRefAnswerVia: overrides kept as indices answer as the nodeRefs
// they stand for did: ambiguous for one of them, in all() after the
// rest, and an answer of only those is not empty.
func TestRefAnswerVia(t *testing.T) {
	src := &viewRefSource{idx: map[nodeRef]int{}}
	for i := range 4 {
		r := nodeRef{seg: 1, node: uint32(10 + i)}
		src.idx[r] = i
		src.refs = append(src.refs, r)
	}
	def := nodeRef{seg: 0, node: 3}
	a := refAnswer{defs: []nodeRef{def}, sure: true, via: []int{2, 0}, src: src}
	for _, c := range []struct {
		target nodeRef
		want   treenav.Confidence
	}{{def, treenav.Resolved}, {src.refs[2], treenav.Ambiguous}, {src.refs[0], treenav.Ambiguous},
		{src.refs[1], ""}, {nodeRef{seg: 2, node: 1}, ""}} {
		if got := a.confidenceOf(c.target); got != c.want {
			t.Errorf("confidenceOf(%v) = %q, want %q", c.target, got, c.want)
		}
	}
	if got, want := a.all(), []nodeRef{def, src.refs[2], src.refs[0]}; !slices.Equal(got, want) {
		t.Errorf("all() = %v, want %v", got, want)
	}
	if a.empty() || !(refAnswer{}).empty() || (refAnswer{via: []int{3}, src: src}).empty() {
		t.Error("empty() wrong")
	}
	if !(refAnswer{via: []int{7}, src: src}).empty() {
		t.Error("an index src does not hold counted as a definition")
	}
}
