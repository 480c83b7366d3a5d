package main

import (
	"os/exec"
	"testing"
)

// TestRstAgainstDocutils compares the sections of testdata/rst (title
// styles in every order, titles that are not, literal blocks, tables,
// comments, inline markup in titles) with docutils'.
func TestRstAgainstDocutils(t *testing.T) {
	if err := exec.Command("python3", "-c", "import docutils").Run(); err != nil {
		t.Skip("python3 with docutils not installed (Debian: apt-get install python3-docutils)")
	}
	gt, failed, err := rstGroundTruth("python3 testdata/rst_sections.py", "testdata/rst")
	if err != nil {
		t.Fatal(err)
	}
	if len(failed) > 0 || len(gt) < 15 {
		t.Fatalf("docutils listed %d sections, failed on %v", len(gt), failed)
	}
	files, err := rstFiles("testdata/rst")
	if err != nil {
		t.Fatal(err)
	}
	ours, err := rstOurs("testdata/rst", files)
	if err != nil {
		t.Fatal(err)
	}
	r := compareRst(gt, ours)
	for _, s := range r.gtOnly {
		t.Errorf("docutils only: %s:%d level %d %q", s.File, s.Line, s.Level, s.Title)
	}
	for _, s := range r.oursOnly {
		t.Errorf("treenav only: %s:%d level %d %q", s.File, s.Line, s.Level, s.Title)
	}
}
