package walk

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
)

// TestOpenInRootAgreesWithOSRoot: the open every read of an indexed file
// makes (openat2 beneath the root, on Linux) opens what an os.Root opens
// and refuses what it refuses: links out of the root in any component,
// absolute links, loops.
func TestOpenInRootAgreesWithOSRoot(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("links and named pipes need a Unix system")
	}
	outside := tree(t, map[string]string{"d/x.go": "OUTSIDE"})
	root := tree(t, map[string]string{"a.go": "package a", "real/d/x.go": "package d", "real/y.go": "package y"})
	real, err := filepath.EvalSymlinks(root)
	if err != nil {
		t.Fatal(err)
	}
	symlink(t, filepath.Join(outside, "d"), filepath.Join(root, "out"))
	symlink(t, "real/d", filepath.Join(root, "in"))
	symlink(t, "..", filepath.Join(root, "real/d/up"))
	symlink(t, filepath.Join(real, "real/d"), filepath.Join(root, "abs"))
	symlink(t, "a.go", filepath.Join(root, "link.go"))
	symlink(t, "loop", filepath.Join(root, "loop"))
	if err := syscall.Mkfifo(filepath.Join(root, "pipe"), 0o644); err != nil {
		t.Skipf("cannot make a named pipe here: %v", err)
	}
	opened := 0
	for _, rel := range []string{"a.go", "real/d/x.go", "in/x.go", "real/d/up/y.go", "out/x.go", "abs/x.go",
		"link.go", "loop/x.go", "missing.go", "real/missing/x.go", "a.go/x", "real", "pipe"} {
		fa, errA := openInRoot(real, rel)
		fb, errB := openInOSRoot(real, rel)
		if (errA == nil) != (errB == nil) || errors.Is(errA, fs.ErrNotExist) != errors.Is(errB, fs.ErrNotExist) ||
			errors.Is(errA, fs.ErrPermission) != errors.Is(errB, fs.ErrPermission) {
			t.Errorf("%s: openInRoot %v, os.Root %v", rel, errA, errB)
		}
		if fa != nil && fb != nil {
			sa, _ := fa.Stat()
			sb, _ := fb.Stat()
			if !os.SameFile(sa, sb) {
				t.Errorf("%s: two different files opened", rel)
			}
			if sa.Mode().IsRegular() {
				if b, err := io.ReadAll(fa); err != nil || len(b) == 0 || string(b) == "OUTSIDE" {
					t.Errorf("%s: read %q, %v", rel, b, err)
				}
			}
			opened++
		}
		for _, f := range []*os.File{fa, fb} {
			if f != nil {
				f.Close()
			}
		}
	}
	if opened != 7 { // a.go, real/d/x.go, in/x.go, real/d/up/y.go, link.go, real, pipe
		t.Errorf("%d paths opened both ways, want 7", opened)
	}
	if openat2Missing.Load() {
		t.Log("openat2 is not available here: both opens went through os.Root")
	}
}
