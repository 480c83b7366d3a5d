package engine

import (
	"fmt"
	"testing"
)

// index_status says which extensions the unsupported files have, the
// most common first, with the rest summed as "other".
func TestSkippedUnsupportedByExtension(t *testing.T) {
	files := map[string]string{"main.go": "package main\n"}
	for i := 0; i < 5; i++ {
		files[fmt.Sprintf("docs/page%d.tex", i)] = "Title\n=====\n"
	}
	files["Makefile.weird/x.TEX"] = "x\n"
	files["LICENSE"] = "MIT\n"
	// More extensions than are shown, one file each.
	for i := 0; i < unsupportedShown+3; i++ {
		files[fmt.Sprintf("misc/f.x%02d", i)] = "x\n"
	}
	e, _ := newTestEngine(t, files)
	st := e.Status()
	got := st.SkippedUnsupported
	if got[".tex"] != 6 {
		t.Errorf(".tex = %d, want 6 (case folded): %v", got[".tex"], got)
	}
	if len(got) != unsupportedShown+1 || got["other"] == 0 {
		t.Errorf("want %d extensions and other, got %v", unsupportedShown, got)
	}
	sum := 0
	for _, n := range got {
		sum += n
	}
	if sum != st.Skipped["unsupported"] {
		t.Errorf("by extension %d files, unsupported %d", sum, st.Skipped["unsupported"])
	}
	if n := len(got); n > unsupportedShown+1 {
		t.Errorf("%d keys, want at most %d", n, unsupportedShown+1)
	}
	e2, _ := newTestEngine(t, map[string]string{"main.go": "package main\n", "LICENSE": "MIT\n", "a.tex": "x\n"})
	if got := e2.Status().SkippedUnsupported; got["LICENSE"] != 1 || got[".tex"] != 1 {
		t.Errorf("a file without extension counts by name: %v", got)
	}
}
