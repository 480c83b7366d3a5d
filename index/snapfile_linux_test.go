package index

import (
	"bytes"
	"errors"
	"hash/crc32"
	"os"
	"path/filepath"
	"runtime"
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
		_ = crc32.Checksum(f.b, castagnoli) // through the mapping, as decoding reads
		return nil
	}
	if err := read(); !errors.Is(err, ErrSnapshot) {
		t.Fatalf("reading a truncated mapping: %v, want an error matching ErrSnapshot", err)
	}
}

// TestSnapshotFileChecksumParts: a snapshot summed in parts side by side
// has the sum of the whole file, read from the file or from bytes in the
// heap, and a file truncated under the mapping is an error, not a crash.
func TestSnapshotFileChecksumParts(t *testing.T) {
	page := os.Getpagesize()
	defer func(c int) { checkChunk = c }(checkChunk)
	checkChunk = page
	if runtime.GOMAXPROCS(0) < 2 {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	}
	want := make([]byte, 13*page+123)
	for i := range want {
		want[i] = byte(i*31 + i>>9)
	}
	path, f := mappedTestFile(t, want)
	heap := &snapshotFile{b: want}
	for _, n := range []int{len(want), len(want) - 1, 5 * page, 2*page + 1} {
		for _, g := range []*snapshotFile{f, heap} {
			got, err := g.checksum(n)
			if err != nil || got != crc32.Checksum(want[:n], castagnoli) {
				t.Fatalf("sum of %d bytes in parts (file read: %v): %#x, %v; want %#x", n, g.fh != nil, got, err, crc32.Checksum(want[:n], castagnoli))
			}
		}
	}
	if err := os.Truncate(path, int64(3*page)); err != nil {
		t.Fatal(err)
	}
	if _, err := f.checksum(len(f.b)); !errors.Is(err, ErrSnapshot) {
		t.Fatalf("summing a truncated mapping in parts: %v, want an error matching ErrSnapshot", err)
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
	_ = crc32.Checksum(f.b, castagnoli) // reads every page
	f.done(0, len(f.b))
	_ = crc32.Checksum(f.b, castagnoli)
	f.done(page/2, 3*page) // unaligned: from the page holding page/2
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

// TestMemoryRSSFile: the resident set's file pages (Memory.RSSFile) count
// the pages of a mapped snapshot that were read, and no longer count
// them once the load drops them (done); they are part of RSS.
func TestMemoryRSSFile(t *testing.T) {
	const size = 32 << 20
	_, f := mappedTestFile(t, bytes.Repeat([]byte{7}, size))
	before := ReadMemory()
	sum := 0
	for i := 0; i < size; i += os.Getpagesize() {
		sum += int(f.b[i])
	}
	read := ReadMemory()
	f.done(0, size)
	dropped := ReadMemory()
	if read.RSSFile > read.RSS {
		t.Fatalf("file pages %d above the resident set %d", read.RSSFile, read.RSS)
	}
	if grew := int64(read.RSSFile) - int64(before.RSSFile); grew < size*3/4 {
		t.Errorf("reading %d mapped bytes grew the file pages by %d", size, grew)
	}
	if fell := int64(read.RSSFile) - int64(dropped.RSSFile); fell < size*3/4 {
		t.Errorf("dropping %d read bytes took %d off the file pages", size, fell)
	}
	if sum != 7*size/os.Getpagesize() {
		t.Fatal("the mapping reads otherwise")
	}
}
