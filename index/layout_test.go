package index

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// reversedSegments indexes files (path → content) in memory as several
// segments, applied in reverse path order, parts files at a time: the
// same files as newTestIndex, laid out as a build with several workers
// and updates may leave them. Answers must not depend on the layout.
func reversedSegments(t *testing.T, files map[string]string, parts int) *Index {
	t.Helper()
	all := memFiles(files)
	slices.Reverse(all)
	size := (len(all) + parts - 1) / parts
	var split [][]memFile
	for lo := 0; lo < len(all); lo += size {
		split = append(split, all[lo:min(lo+size, len(all))])
	}
	ix := memIndexParts(t, split)
	if n := len(ix.view().segs); n < 2 {
		t.Fatalf("%d segments, want several", n)
	}
	return ix
}

// A call of a class's own method (self.m()) may reach its overrides in subclasses;
// find_references lists at most 64 of them per call (withOverrides), in
// the order of their files, so that the 70 subclasses below answer alike
// however the view's segments hold their files.
func TestOverridesIndependentOfLayout(t *testing.T) {
	files := map[string]string{
		"base.py": "class Base:\n    def m(self):\n        pass\n\n    def run(self):\n        self.m()\n",
	}
	for i := range 70 {
		files[fmt.Sprintf("s%02d.py", i)] = fmt.Sprintf("from base import Base\n\nclass S%02d(Base):\n    def m(self):\n        pass\n", i)
	}
	answers := func(ix *Index) map[string]string {
		out := map[string]string{}
		for i := range 70 {
			id := fmt.Sprintf("s%02d.py#S%02d.m", i, i)
			r, err := ix.References(ReferencesRequest{Target: id})
			if err != nil {
				t.Fatalf("%s: %v", id, err)
			}
			var b strings.Builder
			for _, h := range r.References {
				fmt.Fprintf(&b, "%s:%d %s; ", h.Path, h.Line, h.Confidence)
			}
			out[id] = b.String()
		}
		return out
	}
	one := answers(newTestIndex(t, files))
	three := answers(reversedSegments(t, files, 3))
	reached := 0
	for id, a := range one {
		if a != three[id] {
			t.Errorf("%s: one segment answers %q, three %q", id, a, three[id])
		}
		if strings.Contains(a, "base.py:6 ambiguous") {
			reached++
		}
	}
	if reached != 64 {
		t.Errorf("self.m() in Base reaches %d of the 70 overrides, want the 64 listed", reached)
	}
}
