package index

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// dirSource reads and stats the files of a directory (Source and
// FileStater), as the engine does through its walker.
type dirSource string

func (d dirSource) ReadFile(coll, path string) ([]byte, error) {
	return os.ReadFile(filepath.Join(string(d), path))
}

func (d dirSource) StatFile(coll, path string) (fs.FileInfo, error) {
	return os.Lstat(filepath.Join(string(d), path))
}

// TestGrepKeptText: grep keeps the text of an old file and answers from
// it while the file is unchanged; a change of the file, even one of the
// same size, is read (and found stale); a file changed too recently to
// tell by its time is read on every grep, so a second change within its
// clock tick is seen.
func TestGrepKeptText(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.go")
	indexed := func(text string, mtime time.Time) *Index {
		t.Helper()
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, mtime, mtime); err != nil {
			t.Fatal(err)
		}
		ix := newTestIndex(t, map[string]string{"a.go": text})
		ix.SetSource(dirSource(dir))
		return ix
	}
	count := func(ix *Index, p string) (int, error) {
		r, err := ix.Grep(GrepRequest{Pattern: p})
		if err != nil {
			return 0, err
		}
		return r.TotalMatches, nil
	}
	kept := func(ix *Index) bool {
		ix.grepTxt.mu.Lock()
		defer ix.grepTxt.mu.Unlock()
		return ix.grepTxt.files[grepKey{"test", "a.go"}] != nil
	}
	ix := indexed("package a\n// alpha\n", time.Now().Add(-time.Hour))
	for range 2 {
		if n, err := count(ix, "alpha"); n != 1 || err != nil || !kept(ix) {
			t.Fatalf("alpha: %d matches, %v, kept %v; want 1, kept", n, err, kept(ix))
		}
	}
	// Same size, a new time: read again, and found changed.
	if err := os.WriteFile(path, []byte("package a\n// omega\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := count(ix, "alpha"); !errors.Is(err, ErrStale) || kept(ix) {
		t.Errorf("alpha after a change: %v, kept %v; want stale, not kept", err, kept(ix))
	}
	// A recent time is not trusted: a change that keeps the size and the
	// time is still seen.
	now := time.Now()
	ix = indexed("package a\n// omega\n", now)
	if n, err := count(ix, "omega"); n != 1 || err != nil || kept(ix) {
		t.Fatalf("omega, recent: %d matches, %v, kept %v; want 1, not kept", n, err, kept(ix))
	}
	if err := os.WriteFile(path, []byte("package a\n// gamma\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Chtimes(path, now, now)
	if _, err := count(ix, "omega"); !errors.Is(err, ErrStale) {
		t.Errorf("omega after a change within the clock tick: %v, want stale", err)
	}
}

// countingSource is a dirSource that counts its reads and stats (a
// grep's workers make them side by side).
type countingSource struct {
	dirSource
	reads, stats atomic.Int64
}

func (c *countingSource) ReadFile(coll, path string) ([]byte, error) {
	c.reads.Add(1)
	return c.dirSource.ReadFile(coll, path)
}

func (c *countingSource) StatFile(coll, path string) (fs.FileInfo, error) {
	c.stats.Add(1)
	return c.dirSource.StatFile(coll, path)
}

// TestGrepKeptTextStatsMatchesOnly: a kept file the trigrams cannot rule
// out but whose text has no match is answered from the kept text without
// a stat (as the files the trigrams rule out are); a file with a match is
// stated, so that a match shown is always the file's current text.
func TestGrepKeptTextStatsMatchesOnly(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.go")
	text := "package a\n// alpha\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(path, old, old); err != nil {
		t.Fatal(err)
	}
	ix := newTestIndex(t, map[string]string{"a.go": text})
	src := &countingSource{dirSource: dirSource(dir)}
	ix.SetSource(src)
	if r, err := ix.Grep(GrepRequest{Pattern: "alpha"}); err != nil || r.TotalMatches != 1 {
		t.Fatalf("alpha: %+v, %v", r, err)
	}
	src.stats.Store(0)
	// The trigrams of ^alpha are in the file; the line starts with //.
	if r, err := ix.Grep(GrepRequest{Pattern: "^alpha", Regex: true}); err != nil || r.TotalMatches != 0 {
		t.Fatalf("^alpha: %+v, %v", r, err)
	}
	if n := src.stats.Load(); n != 0 {
		t.Errorf("^alpha, no match in the kept text: %d stats, want 0", n)
	}
	if r, err := ix.Grep(GrepRequest{Pattern: "alpha"}); err != nil || r.TotalMatches != 1 {
		t.Fatalf("alpha again: %+v, %v", r, err)
	}
	if n := src.stats.Load(); n != 1 {
		t.Errorf("alpha, a match in the kept text: %d stats, want 1", n)
	}
}

// TestPhraseReadsKeptText: once a grep has kept the files' text, a
// quoted phrase whose candidates span more files than fileOf's cache
// holds, and the snippets of its results, read none of them.
func TestPhraseReadsKeptText(t *testing.T) {
	dir := t.TempDir()
	old := time.Now().Add(-time.Hour)
	files := map[string]string{}
	n := contentCacheFiles + 28
	for i := range n {
		name := fmt.Sprintf("f%02d.go", i)
		text := fmt.Sprintf("// Copyright (c) 20%02d The Authors.\npackage p\n\nfunc F%d() {}\n", i, i)
		files[name] = text
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, old, old); err != nil {
			t.Fatal(err)
		}
	}
	ix := newTestIndex(t, files)
	src := &countingSource{dirSource: dirSource(dir)}
	ix.SetSource(src)
	if r, err := ix.Grep(GrepRequest{Pattern: "Copyright (c)"}); err != nil || r.TotalFiles != n {
		t.Fatalf("grep: %v, %+v; want %d files", err, r, n)
	}
	for round := range 2 {
		src.reads.Store(0)
		r, err := ix.Search(SearchRequest{Query: `"Copyright (c)"`, Limit: 2 * n})
		if err != nil {
			t.Fatal(err)
		}
		paths := map[string]bool{}
		for _, h := range r.Results {
			paths[h.Path] = true
			if !strings.Contains(h.Snippet, "Copyright") {
				t.Errorf("round %d: %s: snippet %q", round, h.Path, h.Snippet)
			}
		}
		if len(paths) != n {
			t.Fatalf("round %d: %d files answered, want %d", round, len(paths), n)
		}
		if n := src.reads.Load(); n != 0 {
			t.Errorf("round %d: %d files read; want none", round, n)
		}
	}
}
