package index

import (
	"fmt"
	"os"
	"slices"
	"syscall"
	"unsafe"
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

// retire unmaps a snapshot no segment refers to any more but for the
// pages of its string blobs (blobs: byte ranges of b), which it puts in
// their place as anonymous memory holding the same bytes, and returns
// their size. A name, anchor or title (segment.str), a dictionary term
// (termTable.at) and a reference's name (segRefs.str) are strings of a
// blob, made without a copy on the paths that read thousands of them;
// such strings go into answers being written and into caches that
// nothing ties to the segment, so their bytes stay readable for the rest
// of the process, as a copy of the blob in the heap would have been
// until the last of them was collected. A mapping
// goes when the last of its segments does: after an update rewrote a
// third of a loaded segment's documents, or once a build's spilled
// segments were merged, which is rare after a build, and costs at most
// a copy of the blobs. Each page is replaced in one step (mremap): a
// reader sees the file's bytes or the copy's, never a hole. Where that
// fails, the whole mapping stays (address space, and the file's blocks
// until the process ends; nothing worse).
func retire(b []byte, blobs [][2]int) int {
	page := os.Getpagesize()
	var pages [][2]int
	for _, r := range blobs {
		if start, end := r[0]&^(page-1), min(len(b), (r[1]+page-1)&^(page-1)); start < end {
			pages = append(pages, [2]int{start, end})
		}
	}
	slices.SortFunc(pages, func(a, b [2]int) int { return a[0] - b[0] })
	var keep [][2]int // in order, apart
	for _, r := range pages {
		if n := len(keep); n > 0 && r[0] <= keep[n-1][1] {
			keep[n-1][1] = max(keep[n-1][1], r[1])
			continue
		}
		keep = append(keep, r)
	}
	if len(keep) == 0 {
		unmap(b)
		return 0
	}
	kept := 0
	for _, r := range keep {
		if err := copyInPlace(b[r[0]:r[1]]); err != nil {
			return len(b) // all of it stays mapped
		}
		kept += r[1] - r[0]
	}
	// The rest goes.
	at := 0
	for _, r := range keep {
		if r[0] > at {
			munmapPages(b[at:r[0]])
		}
		at = max(at, r[1])
	}
	if at < len(b) {
		munmapPages(b[at:])
	}
	return kept
}

// munmapPages unmaps the pages of b, a page-aligned part of a mapping
// (syscall.Munmap unmaps only whole mappings it made).
func munmapPages(b []byte) {
	_, _, _ = syscall.Syscall(syscall.SYS_MUNMAP, uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)), 0)
}

// copyInPlace replaces the mapped pages of b (page-aligned) by anonymous
// memory holding the same bytes: a copy made apart, then moved over them
// in one mremap.
func copyInPlace(b []byte) (err error) {
	c, err := syscall.Mmap(-1, 0, len(b), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return err
	}
	if err := copyGuarded(c, b); err != nil {
		_ = syscall.Munmap(c)
		return err
	}
	// Moved, c's pages are b's; syscall's record of c stays behind,
	// unused.
	if _, _, e := syscall.Syscall6(syscall.SYS_MREMAP, uintptr(unsafe.Pointer(&c[0])), uintptr(len(c)), uintptr(len(b)),
		mremapMayMove|mremapFixed, uintptr(unsafe.Pointer(&b[0])), 0); e != 0 {
		_ = syscall.Munmap(c)
		return e
	}
	return nil
}

// mremap's flags (linux/mman.h).
const (
	mremapMayMove = 1
	mremapFixed   = 2
)

// copyGuarded copies src to dst, a fault reading src (a file truncated
// under its mapping) an error rather than a crash.
func copyGuarded(dst, src []byte) (err error) {
	defer faultGuard(&err)()
	copy(dst, src)
	return nil
}

// residentOf is, for each span, the bytes of its pages that are in the
// process's resident set: the present bit of each page's entry in
// /proc/self/pagemap (readable by the process itself; the frame numbers
// it hides do not matter here). -1 for each when the file cannot be read.
func residentOf(spans []tableSpan) []int64 {
	out := make([]int64, len(spans))
	fh, err := os.Open("/proc/self/pagemap")
	if err != nil {
		for i := range out {
			out[i] = -1
		}
		return out
	}
	defer fh.Close()
	page := uintptr(os.Getpagesize())
	var buf []byte
	for i, t := range spans {
		if len(t.b) == 0 {
			continue
		}
		start := uintptr(unsafe.Pointer(&t.b[0])) &^ (page - 1)
		end := (uintptr(unsafe.Pointer(&t.b[0])) + uintptr(len(t.b)) + page - 1) &^ (page - 1)
		n := int((end - start) / page)
		buf = slices.Grow(buf[:0], n*8)[:n*8]
		if _, err := fh.ReadAt(buf, int64(start/page)*8); err != nil {
			out[i] = -1
			continue
		}
		// A span shares its first and last page with its neighbours:
		// its resident bytes are its own bytes of the present pages.
		lo, hi := uintptr(unsafe.Pointer(&t.b[0])), uintptr(unsafe.Pointer(&t.b[0]))+uintptr(len(t.b))
		for k := range n {
			if buf[k*8+7]&0x80 != 0 { // bit 63: present
				a := start + uintptr(k)*page
				out[i] += int64(min(a+page, hi) - max(a, lo))
			}
		}
	}
	return out
}
