package index

import (
	"slices"
	"testing"
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
