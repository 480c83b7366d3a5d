package engine

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/treenav/treenav/index"
)

// grepFiles are a few files for grep: the index's grep tests hold more.
var grepFiles = map[string]string{
	"web/server.go": serverGo,
	"auth/token.go": tokenGo,
	"files/file.go": fileGo,
	"lib/noeol.py":  "x = 'MaxShards'", // no final newline
}

// TestGrepStaysFresh: a changed, added or removed file is found as it is
// now, after a refresh, a rebuild and through a snapshot.
func TestGrepStaysFresh(t *testing.T) {
	e, dir := newTestEngine(t, grepFiles)
	count := func(e *Engine, p string) int {
		t.Helper()
		r, err := e.Grep(index.GrepRequest{Pattern: p})
		if err != nil {
			t.Fatal(err)
		}
		return r.TotalMatches
	}
	if n := count(e, "brandNewWord"); n != 0 {
		t.Fatalf("before: %d", n)
	}
	// Changed behind the index's back: reading a candidate finds it
	// stale, and the engine re-indexes it before answering.
	path := filepath.Join(dir, "auth", "token.go")
	if err := os.WriteFile(path, []byte("package auth\n\n\n// getUserToken moved\n// brandNewWord here\n// and brandNewWord again\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := e.Grep(index.GrepRequest{Pattern: "getUserToken"})
	if err != nil || r.TotalMatches != 1 || r.Matches[0].Line != 4 {
		t.Errorf("after a change: %+v %v, want one match on line 4", r, err)
	}
	if n := count(e, "brandNewWord"); n != 2 {
		t.Errorf("after a change: %d matches, want 2", n)
	}
	os.WriteFile(filepath.Join(dir, "new.go"), []byte("package x\n// brandNewWord\n"), 0o644)
	os.Remove(filepath.Join(dir, "web", "server.go"))
	if err := e.Build(); err != nil {
		t.Fatal(err)
	}
	if n := count(e, "brandNewWord"); n != 3 {
		t.Errorf("after a build: %d, want 3", n)
	}
	if n := count(e, "ListenAndServe"); n != 0 {
		t.Errorf("a removed file still matches: %d", n)
	}
	// Many small updates merge segments: the postings survive merges.
	for i := range 12 {
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("u%d.go", i)), []byte(fmt.Sprintf("package u\n// update%d brandNewWord\n", i)), 0o644)
		e.Build()
	}
	if n := count(e, "brandNewWord"); n != 15 {
		t.Errorf("after merges: %d, want 15", n)
	}
	snap := t.TempDir()
	if err := e.SaveSnapshot(snap); err != nil {
		t.Fatal(err)
	}
	e2, err := NewEngine(e.Collections(), EngineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := e2.LoadSnapshot(snap); !ok || err != nil {
		t.Fatalf("load: %v %v", ok, err)
	}
	if n := count(e2, "brandNewWord"); n != 15 {
		t.Errorf("from a snapshot: %d, want 15", n)
	}
}
