package index

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestGrepKeptText: grep keeps the text of an old file and answers from
// it while the file is unchanged; a change of the file, even one of the
// same size, is read; a file changed too recently to tell by its time is
// read on every grep, so a second change within its clock tick is seen.
func TestGrepKeptText(t *testing.T) {
	e, dir := newTestEngine(t, map[string]string{"a.go": "package a\n// alpha\n"})
	path := filepath.Join(dir, "a.go")
	count := func(p string) int {
		t.Helper()
		r, err := e.Grep(GrepRequest{Pattern: p})
		if err != nil {
			t.Fatal(err)
		}
		return r.TotalMatches
	}
	kept := func() bool {
		e.ix.grepTxt.mu.Lock()
		defer e.ix.grepTxt.mu.Unlock()
		return e.ix.grepTxt.files["test\x00a.go"] != nil
	}
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(path, old, old); err != nil {
		t.Fatal(err)
	}
	if err := e.Build(); err != nil {
		t.Fatal(err)
	}
	if n := count("alpha"); n != 1 || !kept() {
		t.Fatalf("alpha: %d matches, kept %v; want 1, kept", n, kept())
	}
	// Same size, a new time: read again, found stale, re-indexed.
	if err := os.WriteFile(path, []byte("package a\n// omega\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if n := count("alpha"); n != 0 {
		t.Errorf("alpha after the change: %d matches, want 0", n)
	}
	if n := count("omega"); n != 1 {
		t.Errorf("omega after the change: %d matches, want 1", n)
	}
	// A recent time is not trusted: a change that keeps size and time
	// is still seen.
	now := time.Now()
	os.Chtimes(path, now, now)
	if err := e.Build(); err != nil {
		t.Fatal(err)
	}
	if n := count("omega"); n != 1 || kept() {
		t.Fatalf("omega, recent: %d matches, kept %v; want 1, not kept", n, kept())
	}
	if err := os.WriteFile(path, []byte("package a\n// gamma\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Chtimes(path, now, now)
	if n := count("omega"); n != 0 {
		t.Errorf("omega after a change within the clock tick: %d matches, want 0", n)
	}
	if n := count("gamma"); n != 1 {
		t.Errorf("gamma: %d matches, want 1", n)
	}
}
