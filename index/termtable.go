package index

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"sort"
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

// sortedSample is a sparse index of a sorted sequence of strings (a
// segment's dictionary, its symbols' lowercased names): the first eight
// bytes, as a big-endian number, of every sampleStep-th string. A binary
// search of the sequence itself read each probed string through offsets
// into a blob, two cache misses a step in tables of megabytes:
// pseudo-relevance feedback looks up each distinct word of the best
// match in every segment (lookups were a quarter of a search for
// "environment variables" on the 25k-file corpus), and counting a name's
// uses looks up the names its references' qualifiers name. The keys
// take half a byte of heap a string, made on the first lookup.
type sortedSample struct {
	once sync.Once
	keys []uint64
}

// sampleStep is how many strings one key of a sortedSample stands for.
const sampleStep = 16

// sampleKey is the first eight bytes of s as a big-endian number, zeros
// past its end: for strings a and b, sampleKey(a) < sampleKey(b) implies
// a < b (a key that is equal says nothing).
func sampleKey(s string) uint64 {
	var b [8]byte
	copy(b[:], s)
	return binary.BigEndian.Uint64(b[:])
}

// bounds returns lo and hi such that the first of the n strings (at(i)
// is string i) that is >= s lies in [lo, hi], and every string from hi
// on is above s: past the sampled strings whose keys are below s's (they
// are below s), up to the first whose key is above it.
func (ss *sortedSample) bounds(n int, at func(int) string, s string) (lo, hi int) {
	ss.once.Do(func() {
		keys := make([]uint64, 0, (n+sampleStep-1)/sampleStep)
		for i := 0; i < n; i += sampleStep {
			keys = append(keys, sampleKey(at(i)))
		}
		ss.keys = keys
	})
	keys := ss.keys
	k := sampleKey(s)
	j1, _ := slices.BinarySearch(keys, k) // the first key >= k
	j2 := len(keys)                       // the first key > k
	if k < math.MaxUint64 {
		j2, _ = slices.BinarySearch(keys[j1:], k+1)
		j2 += j1
	}
	if j1 > 0 {
		lo = (j1-1)*sampleStep + 1
	}
	hi = min(n, j2*sampleStep)
	return lo, hi
}

// run is the range [lo, hi) of the n sorted strings (at(i) is string i)
// that equal s.
func (ss *sortedSample) run(n int, at func(int) string, s string) (lo, hi int) {
	lo, hi = ss.bounds(n, at, s)
	lo += sort.Search(hi-lo, func(k int) bool { return at(lo+k) >= s })
	return lo, lo + sort.Search(hi-lo, func(k int) bool { return at(lo+k) != s })
}

// termRange is the range [lo, hi] that holds lowerBound(term).
func (s *segment) termRange(term string) (lo, hi int) {
	return s.termKeys.bounds(s.terms.n(), s.terms.at, term)
}
