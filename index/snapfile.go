package index

import (
	"fmt"
	"hash/crc32"
	"runtime/debug"
)

// snapshotFile holds a snapshot's bytes while Load decodes them. Where the
// system allows (snapfile_linux.go) the file is memory-mapped rather than
// read into the heap: the decoded index is all the heap gets, the pages of
// the file stay in the page cache, and the decoder drops each part from the
// process's resident set once it has read it (done), so that a load never
// holds the whole file and its decoding at once. Elsewhere the file is
// read (snapfile_other.go). Every string and table the index keeps is
// copied out: nothing refers to b once close returns.
type snapshotFile struct {
	b      []byte
	mapped bool
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
