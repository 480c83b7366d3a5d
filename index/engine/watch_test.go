package engine

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/treenav/treenav/index"
	"github.com/treenav/treenav/index/walk"
)

// eventually polls cond until it holds or 2 seconds pass (the freshness
// the watcher promises).
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("after 2s: %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func hasSymbol(e *Engine, name string) bool {
	r, err := e.Symbols(index.SymbolRequest{Query: name})
	if err != nil {
		return false
	}
	for _, s := range r.Symbols {
		if s.Name == name {
			return true
		}
	}
	return false
}

func symbolPath(e *Engine, name string) string {
	r, _ := e.Symbols(index.SymbolRequest{Query: name})
	for _, s := range r.Symbols {
		if s.Name == name {
			return s.Path
		}
	}
	return ""
}

// syncWatcher returns a watcher over e's first collection that is not
// running: a test calls its apply with the events it chooses.
func syncWatcher(t *testing.T, e *Engine) *watcher {
	t.Helper()
	c := e.colls[0]
	wk, err := walk.New(c.Root, e.walkOptions(c))
	if err != nil {
		t.Fatal(err)
	}
	return &watcher{e: e, walkers: map[string]*walk.Walker{c.Name: wk}, watched: map[string]bool{}}
}

// startWatch runs e's watcher (30 ms debounce) until the returned stop
// is called, which fails t if the watcher returned an error.
func startWatch(t *testing.T, e *Engine) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- e.Watch(ctx, WatchOptions{Debounce: 30 * time.Millisecond}) }()
	return func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

func TestWatchFollowsChanges(t *testing.T) {
	e, dir := newTestEngine(t, map[string]string{"web/server.go": serverGo})
	defer startWatch(t, e)()
	eventually(t, "watcher running", func() bool { return e.Status().Watching })
	write := func(rel, content string) {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	write("web/added.go", "package web\n\nfunc AddedLater() {}\n")
	eventually(t, "new file indexed", func() bool { return hasSymbol(e, "AddedLater") })

	write("web/added.go", "package web\n\nfunc ChangedName() {}\n")
	eventually(t, "modified file re-indexed", func() bool { return hasSymbol(e, "ChangedName") && !hasSymbol(e, "AddedLater") })

	if err := os.Rename(filepath.Join(dir, "web/added.go"), filepath.Join(dir, "web/renamed.go")); err != nil {
		t.Fatal(err)
	}
	eventually(t, "rename followed", func() bool { return symbolPath(e, "ChangedName") == "web/renamed.go" })

	os.Remove(filepath.Join(dir, "web/renamed.go"))
	eventually(t, "deleted file removed", func() bool { return !hasSymbol(e, "ChangedName") })

	// A new directory (with a subdirectory) created after the watch began.
	write("newpkg/sub/deep.go", "package sub\n\nfunc DeepNew() {}\n")
	eventually(t, "file in a new directory indexed", func() bool { return hasSymbol(e, "DeepNew") })
	write("newpkg/sub/later.go", "package sub\n\nfunc LaterInNewDir() {}\n")
	eventually(t, "new directory watched", func() bool { return hasSymbol(e, "LaterInNewDir") })

	// An ignore file takes a file out; removing the rule brings it back.
	write(".gitignore", "newpkg/sub/later.go\n")
	eventually(t, "ignored file removed", func() bool { return !hasSymbol(e, "LaterInNewDir") && hasSymbol(e, "DeepNew") })
	os.Remove(filepath.Join(dir, ".gitignore"))
	eventually(t, "re-included file indexed", func() bool { return hasSymbol(e, "LaterInNewDir") })

	// Removing a directory removes everything below it.
	os.RemoveAll(filepath.Join(dir, "newpkg"))
	eventually(t, "deleted directory removed", func() bool { return !hasSymbol(e, "DeepNew") && !hasSymbol(e, "LaterInNewDir") })

	if st := e.Status(); st.Updates == 0 || st.LastUpdate.IsZero() || len(st.WatchErrors) != 0 {
		t.Errorf("status after watching: updates %d, last %v, errors %v", st.Updates, st.LastUpdate, st.WatchErrors)
	}
	if !hasSymbol(e, "Shutdown") {
		t.Error("an untouched file was lost")
	}
}

func TestWatchBatchesBursts(t *testing.T) {
	e, dir := newTestEngine(t, map[string]string{"web/server.go": serverGo})
	updates := make(chan struct{}, 100)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go e.Watch(ctx, WatchOptions{Debounce: 150 * time.Millisecond, OnUpdate: func() { updates <- struct{}{} }})
	eventually(t, "watcher running", func() bool { return e.Status().Watching })
	for i := range 20 {
		os.WriteFile(filepath.Join(dir, "web/burst.go"), []byte("package web\n\nfunc Burst"+string(rune('A'+i))+"() {}\n"), 0o644)
	}
	eventually(t, "last version indexed", func() bool { return hasSymbol(e, "BurstT") })
	time.Sleep(300 * time.Millisecond)
	if n := len(updates); n > 3 {
		t.Errorf("20 quick writes made %d batches; want them debounced into a few", n)
	}
	if hasSymbol(e, "BurstA") {
		t.Error("an intermediate version survived")
	}
}

// TestWatchCatchesUpWithTheBuild: what changed on disk after the build
// walked past it and before the watches were set (a server's first build
// runs while the agent edits) is applied when the watch starts, not left
// stale until the file's next change.
func TestWatchCatchesUpWithTheBuild(t *testing.T) {
	e, dir := newTestEngine(t, map[string]string{
		"web/server.go": serverGo,
		"a/old.go":      "package a\n\nfunc Old() {}\n",
		"a/gone.go":     "package a\n\nfunc Gone() {}\n",
	})
	os.WriteFile(filepath.Join(dir, "a/new.go"), []byte("package a\n\nfunc BrandNew() {}\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "a/old.go"), []byte("package a\n\nfunc Renamed() {}\n"), 0o644)
	os.Remove(filepath.Join(dir, "a/gone.go"))

	defer startWatch(t, e)()
	eventually(t, "changes made before the watch applied", func() bool {
		return hasSymbol(e, "BrandNew") && hasSymbol(e, "Renamed") && !hasSymbol(e, "Old") && !hasSymbol(e, "Gone")
	})
	if f, err := e.Diff(); err != nil || len(f.Added)+len(f.Changed)+len(f.Removed) != 0 {
		t.Errorf("diff after catching up: %+v %v", f, err)
	}
}
