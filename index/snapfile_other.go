//go:build !linux

package index

import (
	"fmt"
	"os"
)

// openSnapshot reads the snapshot at path into memory. The segments a load
// makes read their large tables in place in these bytes (snapview.go),
// which stay in the heap while any of them lives.
func openSnapshot(path string) (*snapshotFile, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if len(b) < len(snapshotMagic)+8 {
		return nil, fmt.Errorf("%w: truncated (%d bytes)", ErrSnapshot, len(b))
	}
	return &snapshotFile{b: b}, nil
}

func (f *snapshotFile) done(off, n int) {}

func (f *snapshotFile) closeFile() {}

func (f *snapshotFile) close() error { f.b = nil; return nil }

func unmap(b []byte) {}

// retire has nothing to do where snapshots are read into the heap: the
// collector keeps what strings refer to.
func retire(b []byte, blobs [][2]int) int { return 0 }

// residentOf is -1 for each span: this system does not say which pages
// are resident.
func residentOf(spans []tableSpan) []int64 {
	out := make([]int64, len(spans))
	for i := range out {
		out[i] = -1
	}
	return out
}
