package walk

import (
	"io"
	"path/filepath"
	"testing"

	"golang.org/x/sys/unix"
)

// TestOpenInRootWithoutOpenat2: where openat2 is refused as sandboxes
// refuse it (ENOSYS, or EPERM from an older seccomp filter), reads go
// through os.Root, and stop asking openat2.
func TestOpenInRootWithoutOpenat2(t *testing.T) {
	root := tree(t, map[string]string{"d/a.go": "package a"})
	real, err := filepath.EvalSymlinks(root)
	if err != nil {
		t.Fatal(err)
	}
	defer func(f func(int, string, *unix.OpenHow) (int, error)) { openat2 = f; openat2Missing.Store(false) }(openat2)
	for _, refusal := range []error{unix.ENOSYS, unix.EPERM} {
		calls := 0
		openat2 = func(int, string, *unix.OpenHow) (int, error) { calls++; return -1, refusal }
		openat2Missing.Store(false)
		for range 2 {
			f, err := openInRoot(real, "d/a.go")
			if err != nil {
				t.Fatalf("%v: %v", refusal, err)
			}
			b, err := io.ReadAll(f)
			f.Close()
			if err != nil || string(b) != "package a" {
				t.Errorf("%v: read %q, %v", refusal, b, err)
			}
		}
		if calls != 1 || !openat2Missing.Load() {
			t.Errorf("%v: openat2 asked %d times, missing %v; want once, then not", refusal, calls, openat2Missing.Load())
		}
	}
}
