package index

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestSnapshotFileFault: a mapped snapshot truncated while it is read
// (SIGBUS on the missing pages) is an unusable snapshot, not a crash.
func TestSnapshotFileFault(t *testing.T) {
	path, f := mappedTestFile(t, make([]byte, 4*os.Getpagesize()))
	if err := os.Truncate(path, 0); err != nil {
		t.Fatal(err)
	}
	read := func() (err error) {
		defer faultGuard(&err)()
		_ = f.checksum(len(f.b))
		return nil
	}
	if err := read(); !errors.Is(err, ErrSnapshot) {
		t.Fatalf("reading a truncated mapping: %v, want an error matching ErrSnapshot", err)
	}
}

// TestSnapshotFileDropKeepsData: the pages a load drops from the resident
// set (MADV_DONTNEED on a private read-only mapping) read back from the
// file, unchanged: tables read in place after the load see the same bytes.
func TestSnapshotFileDropKeepsData(t *testing.T) {
	page := os.Getpagesize()
	want := make([]byte, 8*page)
	for i := range want {
		want[i] = byte(i*7 + i>>12)
	}
	_, f := mappedTestFile(t, want)
	_ = f.checksum(len(f.b)) // reads every page and drops it
	f.done(page/2, 3*page)   // unaligned: from the page holding page/2
	if !bytes.Equal(f.b, want) {
		t.Fatal("a dropped page reads back otherwise")
	}
}

// mappedTestFile writes b to a snapshot file and maps it, closed when the
// test ends; the test is skipped where the file system cannot map it.
func mappedTestFile(t *testing.T, b []byte) (string, *snapshotFile) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "index.tnv")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := openSnapshot(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.close() })
	if !f.mapped {
		t.Skip("this file system cannot map the snapshot")
	}
	return path, f
}
