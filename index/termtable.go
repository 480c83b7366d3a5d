package index

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"sync"
	"unsafe"
)

// termTable is a segment's sorted dictionary without a string header a
// term: term i is blob[off[i]:off[i+1]]. A million terms as strings were
// a million small objects the collector marked every cycle; here they are
// two pointer-free arrays. A loaded segment reads both in place from its
// snapshot (writeTerms): a term handed out of the segment's own calls is
// copied first (prefixTerms), since a view of the mapping does not keep
// the mapping alive.
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

// writeTerms writes a segment's dictionary as it lies: the count, the
// offsets as an aligned table, the blob. Front-coded, as before format
// 14, it was half as big (7 bytes a term rather than 14 on the 25k-file
// corpus) but a load decoded it into the heap: 18 MB there, and the
// decoding was a tenth of a load's CPU.
func writeTerms(w *enc, t *termTable) {
	w.uv(uint64(t.n()))
	if t.n() > 0 {
		w.u32s(t.off)
	}
	w.uv(uint64(len(t.blob)))
	w.raw(t.blob)
}

// readTerms reads what writeTerms wrote, in place. The offsets are
// checked to rise from 0 to the blob's end, so that no term is read
// outside it; their order is the checksum's to vouch for (unsorted terms
// would be missed by a lookup, not read out of range).
func readTerms(r *dec, t *termTable) {
	n := r.count(1 << 28)
	t.off = nil
	if n > 0 {
		t.off = r.u32s(n + 1)
	}
	t.blob = r.bytesInPlace(r.count(math.MaxUint32))
	if r.err != nil {
		return
	}
	if n == 0 {
		if len(t.blob) != 0 {
			r.fail("terms: %d bytes for no term", len(t.blob))
		}
		return
	}
	if t.off[0] != 0 || t.off[n] != uint32(len(t.blob)) {
		r.fail("terms: offsets [%d, %d] for %d bytes", t.off[0], t.off[n], len(t.blob))
		return
	}
	for i := range n {
		if t.off[i] > t.off[i+1] {
			r.fail("terms: term %d's offsets out of order", i)
			return
		}
	}
}

// termSample is a sparse index of a segment's dictionary: the first
// eight bytes, as a big-endian number, of every termSampleStep-th term.
// A lookup's binary search of a dictionary read each probed term through
// the offsets and the blob, two cache misses a step in tables of
// megabytes: pseudo-relevance feedback looks up each distinct word of
// the best match in every segment, and lookups were a quarter of a
// search for "environment variables" on the 25k-file corpus. The keys
// take half a byte of heap a term.
type termSample struct {
	once sync.Once
	keys []uint64
}

// termSampleStep is how many terms one key of a termSample stands for.
const termSampleStep = 16

// termKey is the first eight bytes of term as a big-endian number, zeros
// past its end: for terms a and b, termKey(a) < termKey(b) implies
// a < b (a key that is equal says nothing).
func termKey(term string) uint64 {
	var b [8]byte
	copy(b[:], term)
	return binary.BigEndian.Uint64(b[:])
}

// termRange is the range [lo, hi] that holds lowerBound(term): after the
// sampled terms whose keys are below term's (they are below term), up to
// the first whose key is above it (it is above term).
func (s *segment) termRange(term string) (lo, hi int) {
	n := s.terms.n()
	ts := &s.termKeys
	ts.once.Do(func() {
		keys := make([]uint64, 0, (n+termSampleStep-1)/termSampleStep)
		for i := 0; i < n; i += termSampleStep {
			keys = append(keys, termKey(s.terms.at(i)))
		}
		ts.keys = keys
	})
	keys := ts.keys
	k := termKey(term)
	j1, _ := slices.BinarySearch(keys, k) // the first key >= k
	j2 := len(keys)                       // the first key > k
	if k < math.MaxUint64 {
		j2, _ = slices.BinarySearch(keys[j1:], k+1)
		j2 += j1
	}
	if j1 > 0 {
		lo = (j1-1)*termSampleStep + 1
	}
	hi = min(n, j2*termSampleStep)
	return lo, hi
}
