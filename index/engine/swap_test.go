package engine

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index"
	"github.com/treenav/treenav/index/walk"
)

// The tests of this file replace an indexed file with what a walk never
// reads — a link out of the root, a link to /dev/zero, a named pipe — and
// check that no path of the engine reads it: nothing of the outside file
// is served or indexed, no request hangs, and no read grows without bound.

// outsideText marks the content of the file outside the root.
const outsideText = "OUTSIDE_ROOT_SECRET"

// swap is one way of replacing the file at path. do may run on another
// goroutine than the test's (a build's worker): it returns its error
// instead of failing the test.
type swap struct {
	name string
	do   func(path, outside string) error
}

var swaps = []swap{
	{"link-out-of-root", func(path, outside string) error {
		return replaceWith(path, func() error { return os.Symlink(outside, path) })
	}},
	{"link-to-dev-zero", func(path, _ string) error {
		return replaceWith(path, func() error { return os.Symlink("/dev/zero", path) })
	}},
	{"named-pipe", func(path, _ string) error {
		return replaceWith(path, func() error { return syscall.Mkfifo(path, 0o644) })
	}},
}

// canSwap skips t where a swap cannot be made, and makes sure a reader
// left blocked on a named pipe at path (a failing run) is let go when the
// test ends: a writer opening the pipe unblocks the reader's open.
func canSwap(t *testing.T, sw swap, path string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("links and named pipes need a Unix system")
	}
	if _, err := os.Stat("/dev/zero"); err != nil && sw.name == "link-to-dev-zero" {
		t.Skip("no /dev/zero here")
	}
	t.Cleanup(func() { unblockPipe(path) })
}

func replaceWith(path string, make func() error) error {
	if err := os.Remove(path); err != nil {
		return err
	}
	return make()
}

// unblockPipe opens the named pipe at path for writing, without blocking,
// and closes it: a reader blocked opening it then reads its end.
func unblockPipe(path string) {
	if fi, err := os.Lstat(path); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		return
	}
	if f, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
		f.Close()
	}
}

// outsideFile writes a Go file outside any root the test indexes.
func outsideFile(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "secret.go")
	src := "package secret\n\n// " + outsideText + "\nfunc Leaked() {}\n"
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// boundedMemory fails the whole test binary (a panic: the reading
// goroutine cannot be stopped) when the heap grows past 1 GiB while the
// test runs: a read of /dev/zero without a bound does so in seconds.
func boundedMemory(t *testing.T) {
	done := make(chan struct{})
	t.Cleanup(func() { close(done) })
	go func() {
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		var ms runtime.MemStats
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				runtime.ReadMemStats(&ms)
				if ms.HeapAlloc > 1<<30 {
					panic(fmt.Sprintf("a read of a swapped file is unbounded: heap %d MiB", ms.HeapAlloc>>20))
				}
			}
		}
	}()
}

// finishes runs f and fails t if it has not returned after a generous
// while (a hung read): a bound against hanging, not a speed test.
func finishes(t *testing.T, what string, f func()) bool {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
		return true
	case <-time.After(30 * time.Second):
		t.Errorf("%s: still running after 30s (a read that blocks)", what)
		return false
	}
}

const helloGo = "package a\n\n// Hello greets.\nfunc Hello() {}\n"

func TestSwappedFileIsNeverRead(t *testing.T) {
	for _, sw := range swaps {
		for _, watching := range []bool{false, true} {
			name := sw.name
			if watching {
				name += "/watching"
			}
			t.Run(name, func(t *testing.T) {
				outside := outsideFile(t)
				e, dir := newTestEngine(t, map[string]string{"a.go": helloGo, "b.go": "package a\n\nfunc Other() {}\n"})
				if watching {
					defer startWatch(t, e)()
					eventually(t, "watcher running", func() bool { return e.Status().Watching })
				}
				canSwap(t, sw, filepath.Join(dir, "a.go"))
				boundedMemory(t)
				if err := sw.do(filepath.Join(dir, "a.go"), outside); err != nil {
					t.Skipf("cannot swap here: %v", err)
				}

				// Read at once, before a watcher applies the change, and
				// again: the stale-read path and the watcher's both.
				var answers []any
				var errs []error
				read := func() {
					nr, err := e.Nodes(index.NodesRequest{IDs: []string{"a.go#Hello"}})
					answers, errs = append(answers, nr), append(errs, err)
					nav, err := e.Navigate(index.NavigateRequest{ID: "a.go"})
					answers, errs = append(answers, nav), append(errs, err)
					sr, err := e.Search(index.SearchRequest{Query: "hello greets"})
					answers, errs = append(answers, sr), append(errs, err)
				}
				if !finishes(t, "reading the swapped file", read) {
					return
				}
				if !watching {
					// The read found the file replaced: it left the index.
					if _, ok := e.ix.Has("a.go"); ok {
						t.Error("a.go is still indexed after a read found it replaced")
					}
				}
				eventually(t, "a.go out of the index", func() bool { return !hasSymbol(e, "Hello") })
				if !finishes(t, "reading it again", read) {
					return
				}
				if !finishes(t, "a build", func() {
					if err := e.Build(); err != nil {
						t.Error(err)
					}
				}) {
					return
				}
				b, _ := json.Marshal(answers)
				for _, err := range errs {
					if err != nil {
						b = append(b, err.Error()...)
					}
				}
				if strings.Contains(string(b), outsideText) {
					t.Errorf("the outside file was served: %s", b)
				}
				if hasSymbol(e, "Leaked") {
					t.Error("the outside file was indexed")
				}
				if r, _ := e.Search(index.SearchRequest{Query: outsideText}); len(r.Results) > 0 {
					t.Errorf("the outside text is found: %v", ids(r))
				}
				if !hasSymbol(e, "Other") {
					t.Error("an untouched file left the index")
				}
			})
		}
	}
}

// TestBuildReadIsChecked: a file replaced between the build's walk and
// its read is not read either.
func TestBuildReadIsChecked(t *testing.T) {
	for _, sw := range swaps {
		t.Run(sw.name, func(t *testing.T) {
			outside := outsideFile(t)
			dir := writeTree(t, map[string]string{"a.go": "package a\n\nfunc First() {}\n", "b.go": helloGo})
			canSwap(t, sw, filepath.Join(dir, "b.go"))
			swapped := false
			var swapErr error
			// One worker reads the files in path order, and reports a.go
			// before it reads b.go: b.go is replaced after the walk
			// listed it and before it is read.
			e, err := NewEngine([]treenav.Collection{{Name: "test", Root: dir}}, EngineOptions{Workers: 1, Progress: func(p Progress) {
				if p.Path == "a.go" && !swapped {
					swapped = true
					swapErr = sw.do(filepath.Join(dir, "b.go"), outside)
				}
			}})
			if err != nil {
				t.Fatal(err)
			}
			boundedMemory(t)
			if !finishes(t, "the build", func() {
				if err := e.Build(); err != nil {
					t.Error(err)
				}
			}) {
				return
			}
			if !swapped {
				t.Fatal("the build reported no progress on a.go")
			}
			if swapErr != nil {
				t.Skipf("cannot swap here: %v", swapErr)
			}
			if hasSymbol(e, "Leaked") || hasSymbol(e, "Hello") {
				t.Error("the replaced file was indexed")
			}
			if !hasSymbol(e, "First") {
				t.Error("the other file was not indexed")
			}
			st := e.Status()
			if st.Skipped[walk.SkipSymlink]+st.Skipped[walk.SkipUnreadable] != 1 || st.ErrorCount != 0 {
				t.Errorf("the refused file is not reported as skipped: skipped %v, errors %v", st.Skipped, st.Errors)
			}
		})
	}
}

// TestReadFollowsLinksAsTheWalk: a link inside the root to an ignored
// file is indexed and read at the link's path, as the walk lists it, also
// when an indexed file is replaced by such a link; a link to a file
// indexed at its own path is a duplicate the walk skips, and so does the
// read.
func TestReadFollowsLinksAsTheWalk(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("links need privileges on Windows")
	}
	e, dir := newTestEngine(t, map[string]string{
		".gitignore":       "build/\n",
		"build/api/gen.go": "package api\n\n// Generated text.\nfunc Gen() {}\n",
		"build/other.go":   "package build\n\n// Other generated text.\nfunc Swapped() {}\n",
		"a.go":             helloGo,
		"b.go":             "package a\n\nfunc Other() {}\n",
		"c.go":             "package a\n\nfunc Third() {}\n",
	})
	if err := os.Symlink("build/api", filepath.Join(dir, "docs-api")); err != nil {
		t.Skipf("cannot make links here: %v", err)
	}
	if err := e.Build(); err != nil {
		t.Fatal(err)
	}
	nr, err := e.Nodes(index.NodesRequest{IDs: []string{"docs-api/gen.go#Gen"}})
	if err != nil || len(nr.Nodes) != 1 || !strings.Contains(nr.Nodes[0].Content, "func Gen") {
		t.Fatalf("a file under a followed link: %+v, %v", nr, err)
	}
	// a.go becomes a link to an ignored file: followed, read at a.go.
	os.Remove(filepath.Join(dir, "a.go"))
	os.Symlink("build/other.go", filepath.Join(dir, "a.go"))
	nav, err := e.Navigate(index.NavigateRequest{ID: "a.go"})
	if err != nil || !strings.Contains(nav.Content, "Other generated text") {
		t.Fatalf("a.go as a link into an ignored place: %+v, %v", nav, err)
	}
	if symbolPath(e, "Swapped") != "a.go" {
		t.Errorf("Swapped is at %q, want a.go", symbolPath(e, "Swapped"))
	}
	// b.go becomes a link to c.go, indexed at its own path: a duplicate.
	os.Remove(filepath.Join(dir, "b.go"))
	os.Symlink("c.go", filepath.Join(dir, "b.go"))
	if _, err := e.Navigate(index.NavigateRequest{ID: "b.go"}); err == nil {
		t.Error("b.go, now a link to an indexed file, is still served")
	}
	if hasSymbol(e, "Other") {
		t.Error("b.go's old content is still indexed")
	}
}
