package index

import (
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"unsafe"
)

// snapshotFile holds a snapshot's bytes. Where the system allows
// (snapfile_linux.go) the file is memory-mapped rather than read into the
// heap; elsewhere it is read (snapfile_other.go), and the same code reads
// the same bytes.
//
// A load decodes the documents' metadata into the heap and leaves the
// tables (postings, positions, trigrams, node records and strings,
// norms, symbols, anchors, the dictionary, references and their strings)
// where they lie (snapview.go, nodesnap.go): the segments it makes refer
// to the snapshotFile (their src), which owns the mapping. While any of
// them is reachable the mapping stays; once none is, a cleanup unmaps
// it, all but the pages of its string blobs, which strings made without
// a copy may still read (keep, retire). The pages of the file
// stay in the page cache: the load drops each part from the process's
// resident set once it has checked and decoded it (done), and a query
// pages back in only what it reads.
type snapshotFile struct {
	b      []byte
	mapped bool
	// fh is the mapped file, open until the load has summed it
	// (closeFile): the checksum reads the file, not the mapping.
	fh *os.File
}

// mappedBytes is the bytes of the tables that loaded segments read in
// place from live mappings (Memory.Mapped).
var mappedBytes atomic.Int64

// retiredBytes is the memory that keeps the string blobs of mappings no
// segment refers to any more readable (retire; Memory.Retired).
var retiredBytes atomic.Int64

// keep hands the file over to the segments of v, which read inPlace of its
// bytes in place: it is unmapped once the last of them (and of their
// trigram indexes) is unreachable. Code that takes a slice of a table in
// place keeps its segment, or gramIndex, reachable while it reads it.
func (f *snapshotFile) keep(v *view, inPlace int) {
	f.closeFile()
	for _, s := range v.segs {
		s.src = f
		if s.grams != nil {
			s.grams.src = f
		}
		if s.refTable != nil {
			s.refTable.src = f // a document's references are a view of it
		}
	}
	if !f.mapped {
		return // bytes in the heap: the collector frees them
	}
	// The string blobs read in place: the strings made from them without
	// a copy (names, anchors, titles, dictionary terms, reference names)
	// go into answers and caches that nothing ties to the segment, so
	// their bytes must outlive the mapping (retire).
	var blobs [][2]int
	base := uintptr(unsafe.Pointer(unsafe.SliceData(f.b)))
	add := func(b []byte) {
		if len(b) == 0 {
			return
		}
		off := int(uintptr(unsafe.Pointer(unsafe.SliceData(b))) - base)
		if off >= 0 && off+len(b) <= len(f.b) {
			blobs = append(blobs, [2]int{off, off + len(b)})
		}
	}
	for _, s := range v.segs {
		add(s.blob)
		add(s.terms.blob)
		if s.refTable != nil {
			add(s.refTable.blob)
		}
	}
	mappedBytes.Add(int64(inPlace))
	runtime.AddCleanup(f, func(m mapping) {
		mappedBytes.Add(-int64(m.inPlace))
		retiredBytes.Add(int64(retire(m.b, m.blobs)))
	}, mapping{f.b, inPlace, blobs})
}

// dropResident drops every page of the mapping from the process's
// resident set, as done drops those a load has decoded (ReleaseIdle): the
// mapping stays, its pages are the file's, never written, and a read
// faults them back from the page cache. It returns the mapping's size, 0
// for a file read into the heap.
func (f *snapshotFile) dropResident() int64 {
	if !f.mapped {
		return 0
	}
	f.done(0, len(f.b))
	return int64(len(f.b))
}

// mapping is what the cleanup of a snapshotFile needs to unmap it: the
// mapping, the bytes its segments read in place, and where their string
// blobs lie in it.
type mapping struct {
	b       []byte
	inPlace int
	blobs   [][2]int
}

// checkChunk is the least a part of a parallel checksum sums.
// (A variable for the tests, which sum small files in parts.)
var checkChunk = 8 << 20

// checksum is the CRC-32C of b[:n]. A mapped snapshot is summed from
// its file (checksumFile); bytes in the heap where they lie. A big
// snapshot is summed in parts side by side, one a processor, and the
// parts' sums combined (crcCombine): on the 25k-file corpus the sum was a
// tenth of a load's time, before any decoding. An error is a file that
// came out shorter than its mapping (truncated since), or a fault
// reading the mapping (faultGuard).
func (f *snapshotFile) checksum(n int) (uint32, error) {
	parts := min(runtime.GOMAXPROCS(0), n/checkChunk)
	if parts <= 1 {
		return f.checksumRange(0, n)
	}
	// Parts of whole chunks, the last to the end.
	per := ((n+parts-1)/parts + checkChunk - 1) / checkChunk * checkChunk
	bound := func(i int) int {
		if i == parts {
			return n
		}
		return min(n, i*per)
	}
	sums, errs := make([]uint32, parts), make([]error, parts)
	var wg sync.WaitGroup
	for i := range parts {
		wg.Go(func() {
			defer faultGuard(&errs[i])()
			sums[i], errs[i] = f.checksumRange(bound(i), bound(i+1))
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return 0, err
	}
	sum := sums[0]
	for i := 1; i < parts; i++ {
		sum = crcCombine(crc32.Castagnoli, sum, sums[i], int64(bound(i+1)-bound(i)))
	}
	return sum, nil
}

// checksumRange is the CRC-32C of b[from:to].
func (f *snapshotFile) checksumRange(from, to int) (uint32, error) {
	if f.fh != nil {
		return f.checksumFile(from, to)
	}
	return crc32.Update(0, castagnoli, f.b[from:to]), nil
}

// checksumFile is the CRC-32C of the mapped file's bytes [from, to), read
// with pread into a buffer that stays in cache. Summed through the
// mapping, each page was faulted in and dropped again (done): 1.4-1.8×
// the time on the 25k-file corpus's snapshot (644 MB, in the page cache),
// and the whole file passed through the resident set.
func (f *snapshotFile) checksumFile(from, to int) (uint32, error) {
	buf := make([]byte, min(checkRead, to-from))
	var sum uint32
	for off := from; off < to; {
		k, err := f.fh.ReadAt(buf[:min(len(buf), to-off)], int64(off))
		if k == 0 || err != nil && err != io.EOF {
			return 0, fmt.Errorf("%w: read %d of %d bytes to check (%v)", ErrSnapshot, off, len(f.b), err)
		}
		sum = crc32.Update(sum, castagnoli, buf[:k])
		off += k
	}
	return sum, nil
}

// checkRead is the buffer checksumFile reads the file into: in the
// second-level cache, where 8 MB were not (1M: 155-162 ms for 644 MB,
// 8M: 190-220 ms).
const checkRead = 1 << 20

// faultGuard turns a fault reading a mapped snapshot (the file truncated
// under the mapping: SIGBUS) into an error matching ErrSnapshot in *err,
// instead of a crash. Use as: defer faultGuard(&err)() at the start of
// the reading goroutine.
func faultGuard(err *error) func() {
	old := debug.SetPanicOnFault(true)
	return func() {
		debug.SetPanicOnFault(old)
		r := recover()
		if r == nil {
			return
		}
		if f, ok := r.(interface{ Addr() uintptr }); ok {
			*err = fmt.Errorf("%w: the file changed while it was read (fault at %#x)", ErrSnapshot, f.Addr())
			return
		}
		panic(r)
	}
}
