package index

import (
	"fmt"
	"hash/crc32"
	"runtime"
	"runtime/debug"
	"sync/atomic"
)

// snapshotFile holds a snapshot's bytes. Where the system allows
// (snapfile_linux.go) the file is memory-mapped rather than read into the
// heap; elsewhere it is read (snapfile_other.go), and the same code reads
// the same bytes.
//
// A load decodes the small tables (documents, terms, the node strings)
// into the heap and leaves the large ones (postings, positions, trigrams,
// node records, norms, symbols, anchors) where they lie (snapview.go,
// nodesnap.go): the segments it makes refer to the snapshotFile (their
// src), which owns the mapping. While any of them is reachable the mapping
// stays; once none is, a cleanup unmaps it (keep). The pages of the file
// stay in the page cache: the load drops each part from the process's
// resident set once it has checked and decoded it (done), and a query
// pages back in only what it reads.
type snapshotFile struct {
	b      []byte
	mapped bool
}

// mappedBytes is the bytes of the tables that loaded segments read in
// place from live mappings (Memory.Mapped).
var mappedBytes atomic.Int64

// keep hands the file over to the segments of v, which read inPlace of its
// bytes in place: it is unmapped once the last of them (and of their
// trigram indexes) is unreachable. Code that takes a slice of a table in
// place keeps its segment, or gramIndex, reachable while it reads it.
func (f *snapshotFile) keep(v *view, inPlace int) {
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
	mappedBytes.Add(int64(inPlace))
	runtime.AddCleanup(f, func(m mapping) {
		mappedBytes.Add(-int64(m.inPlace))
		unmap(m.b)
	}, mapping{f.b, inPlace})
}

// mapping is what the cleanup of a snapshotFile needs to unmap it.
type mapping struct {
	b       []byte
	inPlace int
}

// checkChunk is how much of a mapped snapshot the checksum reads before
// dropping it from the resident set.
const checkChunk = 8 << 20

// checksum is the CRC-32C of b[:n], read chunk by chunk, each dropped
// once summed.
func (f *snapshotFile) checksum(n int) uint32 {
	var sum uint32
	for off := 0; off < n; off += checkChunk {
		end := min(n, off+checkChunk)
		sum = crc32.Update(sum, castagnoli, f.b[off:end])
		f.done(off, end-off)
	}
	return sum
}

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
