package index

import (
	"fmt"
	"math"
	"unsafe"
)

// termTable is a segment's sorted dictionary without a string header a
// term: term i is blob[off[i]:off[i+1]]. A million terms as strings were
// a million small objects the collector marked every cycle; here they are
// two pointer-free arrays. A loaded segment decodes its front-coded terms
// into them (snapshot.go).
type termTable struct {
	blob []byte
	off  []uint32 // n+1 offsets, or none for no terms
}

// n is the number of terms.
func (t *termTable) n() int { return max(len(t.off)-1, 0) }

// at is term i: a view of the blob, which it keeps alive.
func (t *termTable) at(i int) string {
	lo, hi := t.off[i], t.off[i+1]
	if lo == hi {
		return ""
	}
	b := t.blob[lo:hi]
	return unsafe.String(&b[0], len(b))
}

// add appends term, which must sort after the last.
func (t *termTable) add(term string) {
	if len(t.off) == 0 {
		t.off = append(t.off, 0)
	}
	if uint64(len(t.blob))+uint64(len(term)) > math.MaxUint32 {
		panic(fmt.Sprintf("index: a segment's terms pass 4 GiB (%d bytes)", len(t.blob)))
	}
	t.blob = append(t.blob, term...)
	t.off = append(t.off, uint32(len(t.blob)))
}

// grow makes room for n more terms of size bytes in all.
func (t *termTable) grow(n, size int) {
	if cap(t.off)-len(t.off) < n+1 {
		off := make([]uint32, len(t.off), len(t.off)+n+1)
		copy(off, t.off)
		t.off = off
	}
	if cap(t.blob)-len(t.blob) < size {
		blob := make([]byte, len(t.blob), len(t.blob)+size)
		copy(blob, t.blob)
		t.blob = blob
	}
}
