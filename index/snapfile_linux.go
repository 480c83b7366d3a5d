package index

import (
	"fmt"
	"os"
	"syscall"
)

// openSnapshot maps the snapshot at path, read-only. Save replaces a
// snapshot by renaming a new file over it, never by writing into it, so
// the mapped file does not change while it is read (faultGuard covers
// a file truncated by someone else).
func openSnapshot(path string) (*snapshotFile, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	fail := func(err error) (*snapshotFile, error) {
		fh.Close()
		return nil, err
	}
	fi, err := fh.Stat()
	if err != nil {
		return fail(err)
	}
	size := fi.Size()
	if size < int64(len(snapshotMagic)+8) || size != int64(int(size)) {
		return fail(fmt.Errorf("%w: truncated (%d bytes)", ErrSnapshot, size))
	}
	b, err := syscall.Mmap(int(fh.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_PRIVATE)
	if err != nil {
		// A file system that cannot map: read it.
		fh.Close()
		b, err := os.ReadFile(path)
		return &snapshotFile{b: b}, err
	}
	// The mapping outlives the descriptor, kept open for the checksum.
	return &snapshotFile{b: b, mapped: true, fh: fh}, nil
}

// closeFile closes the descriptor a load summed the file through.
func (f *snapshotFile) closeFile() {
	if f.fh != nil {
		f.fh.Close()
		f.fh = nil
	}
}

// done drops the pages of b[off:off+n] from the process's resident set:
// the decoder has read them, and reading them again (a neighbouring span
// sharing a page) faults them back from the page cache.
func (f *snapshotFile) done(off, n int) {
	if !f.mapped || n <= 0 {
		return
	}
	page := os.Getpagesize()
	start := off &^ (page - 1)
	end := min(len(f.b), off+n)
	if end <= start {
		return
	}
	_ = syscall.Madvise(f.b[start:end], syscall.MADV_DONTNEED) // advice: ignoring a failure only costs memory
}

// close unmaps the file; nothing may refer to it any more (a load that
// failed, or a test's file).
func (f *snapshotFile) close() error {
	f.closeFile()
	if !f.mapped {
		return nil
	}
	f.mapped = false
	b := f.b
	f.b = nil
	return syscall.Munmap(b)
}

// unmap unmaps a snapshot no segment refers to any more.
func unmap(b []byte) { _ = syscall.Munmap(b) } // a failure leaves address space mapped, nothing worse
