package walk

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

// TestReadFileAppliesTheWalksChecks: ReadFile reads what a walk lists and
// refuses, with the walk's reason, what it does not, whatever replaced an
// indexed file since.
func TestReadFileAppliesTheWalksChecks(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("links and named pipes need a Unix system")
	}
	outside := tree(t, map[string]string{"secret.go": "OUTSIDE", "d/x.go": "OUTSIDE"})
	root := tree(t, map[string]string{
		".gitignore":         "private/\nignored.go\n",
		"a.go":               "package a",
		"ignored.go":         "package ignored",
		"big.go":             strings.Repeat("x", 101),
		"private/api/gen.go": "package api",
		"sub/in.go":          "package sub",
		"pipe.go":            "",
	})
	symlink(t, filepath.Join(outside, "secret.go"), filepath.Join(root, "out.go"))
	symlink(t, "/dev/zero", filepath.Join(root, "zero.go"))
	symlink(t, "a.go", filepath.Join(root, "alias.go"))
	symlink(t, "private/api", filepath.Join(root, "api"))
	symlink(t, "private/api/gen.go", filepath.Join(root, "gen-link.go"))
	os.Remove(filepath.Join(root, "pipe.go"))
	if err := syscall.Mkfifo(filepath.Join(root, "pipe.go"), 0o644); err != nil {
		t.Skipf("cannot make a named pipe here: %v", err)
	}
	w, err := New(root, Options{MaxFileSize: 100})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ rel, want, reason string }{
		{"a.go", "package a", ""},
		{"sub/in.go", "package sub", ""},
		{"api/gen.go", "package api", ""},       // under a link the walk follows
		{"gen-link.go", "package api", ""},      // a link to an ignored file
		{"out.go", "", SkipSymlink},             // out of the root
		{"zero.go", "", SkipSymlink},            // out of the root, to a device
		{"alias.go", "", SkipSymlink},           // a duplicate of a.go
		{"pipe.go", "", SkipUnreadable},         // a named pipe: not opened, not waited on
		{"ignored.go", "", SkipIgnored},         // by .gitignore
		{"private/api/gen.go", "", SkipIgnored}, // at its own, ignored, path
		{"big.go", "", SkipTooLarge},
		{"../outside.go", "", SkipSymlink},
	} {
		src, f, err := w.ReadFile(c.rel)
		if got := Refused(err); got != c.reason {
			t.Errorf("ReadFile(%s): refused %q (%v), want %q", c.rel, got, err, c.reason)
			continue
		}
		if c.reason != "" {
			if src != nil {
				t.Errorf("ReadFile(%s) refused and returned %q", c.rel, src)
			}
			continue
		}
		if err != nil || string(src) != c.want || f.Size != int64(len(c.want)) || f.Rel != c.rel {
			t.Errorf("ReadFile(%s) = %q, %+v, %v; want %q", c.rel, src, f, err, c.want)
		}
	}
	if _, _, err := w.ReadFile("missing.go"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadFile(missing.go): %v, want a not-exist error", err)
	}

	// A directory of indexed files replaced by a link out of the root.
	os.RemoveAll(filepath.Join(root, "sub"))
	symlink(t, filepath.Join(outside, "d"), filepath.Join(root, "sub"))
	if src, _, err := w.ReadFile("sub/x.go"); Refused(err) != SkipSymlink || src != nil {
		t.Errorf("ReadFile through a directory linked out of the root = %q, %v", src, err)
	}
	if w.Exists("sub/x.go") || w.Exists("out.go") {
		t.Error("Exists looks outside the root")
	}
	if !w.Exists("a.go") || !w.Exists("api/gen.go") {
		t.Error("Exists misses files inside the root")
	}
}

// TestReadAtMostIsBounded: however long the reader, at most one byte past
// the limit is read.
func TestReadAtMostIsBounded(t *testing.T) {
	zero, err := os.Open("/dev/zero")
	if err != nil {
		t.Skip("no /dev/zero here")
	}
	defer zero.Close()
	b, err := readAtMost(zero, 0, 1000)
	if err != nil || len(b) != 1001 {
		t.Errorf("readAtMost(/dev/zero, 1000) read %d bytes, %v; want 1001", len(b), err)
	}
	b, err = readAtMost(strings.NewReader("abc"), 3, 1000)
	if err != nil || string(b) != "abc" {
		t.Errorf("readAtMost(abc) = %q, %v", b, err)
	}
	// A file that stops short at its stat's size is not read again; one
	// that grew since is read on to its end; a shorter one to its end.
	r := &countingReader{r: strings.NewReader("abc")}
	if b, err = readAtMost(r, 3, 1000); err != nil || string(b) != "abc" || r.reads != 1 {
		t.Errorf("readAtMost(abc, size 3) = %q, %v in %d reads; want 1", b, err, r.reads)
	}
	if b, err = readAtMost(strings.NewReader("abcdef"), 3, 1000); err != nil || string(b) != "abcdef" {
		t.Errorf("readAtMost(abcdef, size 3) = %q, %v", b, err)
	}
	if b, err = readAtMost(strings.NewReader("ab"), 3, 1000); err != nil || string(b) != "ab" {
		t.Errorf("readAtMost(ab, size 3) = %q, %v", b, err)
	}
}

// countingReader counts the reads made of it.
type countingReader struct {
	r     io.Reader
	reads int
}

func (c *countingReader) Read(p []byte) (int, error) {
	c.reads++
	return c.r.Read(p)
}

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
