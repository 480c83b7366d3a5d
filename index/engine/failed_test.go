package engine

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/fsnotify/fsnotify"

	"github.com/treenav/treenav"
)

// buildWithFailure builds an index of a.go and b.go in which the second
// file parsed fails: it is moved away once the first is done (one worker
// parses them in order), then put back unchanged, so that the disk holds
// a readable file whose size and time are those it failed with. Tests
// run as root read any file, so a failed read is made this way.
func buildWithFailure(t *testing.T) (e *Engine, dir, failed string) {
	t.Helper()
	dir = writeTree(t, map[string]string{
		"a.go": "package a\n\nfunc Alpha() {}\n",
		"b.go": "package a\n\nfunc Bravo() {}\n",
	})
	moved := ""
	opts := EngineOptions{Workers: 1, Progress: func(p Progress) {
		if moved == "" {
			moved = map[string]string{"a.go": "b.go", "b.go": "a.go"}[p.Path]
			if err := os.Rename(filepath.Join(dir, moved), filepath.Join(dir, moved+".away")); err != nil {
				t.Error(err)
			}
		}
	}}
	e, err := NewEngine([]treenav.Collection{{Name: "test", Root: dir}}, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Build(); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(dir, moved+".away"), filepath.Join(dir, moved)); err != nil {
		t.Fatal(err)
	}
	if st := e.Status(); st.ErrorCount != 1 || len(st.Errors) != 1 || st.Errors[0].Path != moved {
		t.Fatalf("status after the build: %d errors %+v, want %s failed", st.ErrorCount, st.Errors, moved)
	}
	return e, dir, moved
}

// TestDiffReportsFailedFileAsFailed: a file that failed to index and has
// not changed since is listed with the errors, not as added on disk (it
// was, for as long as the index lived), also after a snapshot's round
// trip; it is added again once it changes, and the watcher clears the
// failure when it indexes the file.
func TestDiffReportsFailedFileAsFailed(t *testing.T) {
	e, dir, failed := buildWithFailure(t)
	noNews(t, e, "after the build")
	if e.Changes() == 0 {
		t.Error("the build changed the index but Changes() is 0")
	}

	// The failure is saved with the snapshot (the CLI's status reads it).
	e2 := reloaded(t, e)
	noNews(t, e2, "after loading the snapshot")
	if st := e2.Status(); st.ErrorCount != 1 || st.Errors[0].Path != failed {
		t.Errorf("loaded status: %d errors %+v", st.ErrorCount, st.Errors)
	}
	// Changed on disk: new again.
	if err := os.WriteFile(filepath.Join(dir, failed), []byte("package a\n\nfunc Charlie() {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if f, _ := e.Diff(); !slices.Equal(f.Added, []string{failed}) {
		t.Errorf("after an edit: added %v, want [%s]", f.Added, failed)
	}

	// The watcher indexes it: no longer failed.
	w := syncWatcher(t, e)
	w.apply(map[string]fsnotify.Op{filepath.Join(dir, failed): fsnotify.Write})
	if !hasSymbol(e, "Charlie") {
		t.Fatal("the watcher did not index the edited file")
	}
	if st := e.Status(); st.ErrorCount != 0 || len(st.Errors) != 0 {
		t.Errorf("after the watcher indexed it: %d errors %+v", st.ErrorCount, st.Errors)
	}
	if _, ok := e.ix.Stamps()[failed]; ok {
		t.Error("the failed stamp outlived the file's indexing")
	}
	noNews(t, e, "after the watcher indexed it")
}
