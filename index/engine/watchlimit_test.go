package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"
)

// TestWatchLimitSaysWhatToRaise: when inotify runs out of watches (ENOSPC
// from inotify_add_watch, injected here after two watches), the watcher
// releases the watches it holds, says by name which setting to raise, to
// what and how, in the status and to Warn, and follows edits by rescans.
func TestWatchLimitSaysWhatToRaise(t *testing.T) {
	e, dir := newTestEngine(t, map[string]string{
		"a/a.go": "package a\n", "b/b.go": "package b\n", "c/c.go": "package c\n", "d/d.go": "package d\n",
	})
	limitFile := filepath.Join(t.TempDir(), "max_user_watches")
	os.WriteFile(limitFile, []byte("8192\n"), 0o644)
	defer func(old string) { maxUserWatchesFile = old }(maxUserWatchesFile)
	maxUserWatchesFile = limitFile

	var mu sync.Mutex
	var fw *fsnotify.Watcher
	var warned []string
	added := 0
	opts := WatchOptions{
		Debounce:  30 * time.Millisecond,
		PollEvery: 100 * time.Millisecond,
		Warn: func(msg string) {
			mu.Lock()
			warned = append(warned, msg)
			mu.Unlock()
		},
		addWatch: func(w *fsnotify.Watcher, p string) error {
			mu.Lock()
			defer mu.Unlock()
			fw = w
			if added == 2 {
				return syscall.ENOSPC
			}
			added++
			return w.Add(p)
		},
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- e.Watch(ctx, opts) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()
	eventually(t, "the watch limit reported", func() bool { return e.Status().WatchLimit != nil })

	st := e.Status()
	l := st.WatchLimit
	// 8192 in use when it ran out, 2 of them the watcher's; 5
	// directories to watch (the root and four): 8195, a quarter more,
	// rounded up to 65,536.
	want := WatchLimit{Setting: "fs.inotify.max_user_watches", Current: 8192, Directories: 5, RaiseTo: 65536,
		Command: "sudo sysctl -w fs.inotify.max_user_watches=65536"}
	if *l != want {
		t.Errorf("watch limit = %+v\nwant           %+v", *l, want)
	}
	if st.Watching {
		t.Error("the status says watching")
	}
	mu.Lock()
	if len(fw.WatchList()) != 0 {
		t.Errorf("watches still held after the limit: %q", fw.WatchList())
	}
	msgs := append([]string{}, warned...)
	mu.Unlock()
	if len(st.WatchErrors) == 0 {
		t.Fatal("no watch error in the status")
	}
	for _, m := range append(msgs, st.WatchErrors[len(st.WatchErrors)-1]) {
		for _, part := range []string{"fs.inotify.max_user_watches", "(8192)", "5 directories", want.Command, "not watching"} {
			if !strings.Contains(m, part) {
				t.Errorf("message %q does not say %q", m, part)
			}
		}
	}
	if len(msgs) != 1 {
		t.Errorf("Warn was told %d times, want once: %q", len(msgs), msgs)
	}

	// Edits are followed by the rescans.
	os.WriteFile(filepath.Join(dir, "a", "new.go"), []byte("package a\n\nfunc AfterLimit() {}\n"), 0o644)
	eventually(t, "an edit followed by a rescan", func() bool { return hasSymbol(e, "AfterLimit") })
}

func TestWatchLimitFor(t *testing.T) {
	for _, c := range []struct{ current, held, dirs, want int }{
		{8192, 8192, 20000, 65536},  // all ours: 20,000 + 5,000
		{65536, 100, 70000, 196608}, // 135,436 + 33,859 = 169,295
		{0, 0, 10, 65536},           // the limit could not be read
		{524288, 0, 1000, 720896},   // others hold them all: 525,288 + 131,322 = 656,610
	} {
		l := watchLimitFor(c.current, c.held, c.dirs)
		if l.RaiseTo != c.want || l.RaiseTo < c.current-c.held+c.dirs {
			t.Errorf("watchLimitFor(%d, %d, %d).RaiseTo = %d, want %d", c.current, c.held, c.dirs, l.RaiseTo, c.want)
		}
	}
}
