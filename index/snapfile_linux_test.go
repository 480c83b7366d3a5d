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
	path := filepath.Join(t.TempDir(), "index.tnv")
	page := os.Getpagesize()
	if err := os.WriteFile(path, make([]byte, 4*page), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := openSnapshot(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.close()
	if !f.mapped {
		t.Skip("this file system cannot map the snapshot")
	}
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
	path := filepath.Join(t.TempDir(), "index.tnv")
	page := os.Getpagesize()
	want := make([]byte, 8*page)
	for i := range want {
		want[i] = byte(i*7 + i>>12)
	}
	if err := os.WriteFile(path, want, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := openSnapshot(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.close()
	if !f.mapped {
		t.Skip("this file system cannot map the snapshot")
	}
	_ = f.checksum(len(f.b)) // reads every page and drops it
	f.done(page/2, 3*page)   // unaligned: from the page holding page/2
	if !bytes.Equal(f.b, want) {
		t.Fatal("a dropped page reads back otherwise")
	}
}
