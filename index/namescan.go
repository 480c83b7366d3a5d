package index

import (
	"math/bits"
	"slices"
	"sort"
	"strings"
	"sync"
	"unsafe"
)

// nameScan holds a segment's distinct lowercased symbol names in one
// string, for find_symbol's substring tier: one vectorized strings.Index
// pass over a few megabytes instead of a strings.Contains call per symbol
// (Python's standard library: about 300,000 symbols, 120,000 names).
type nameScan struct {
	// blob is the distinct names of syms, in their order, each followed
	// by a NUL (which no name contains).
	blob string
	// start[k] is where name k begins in blob; first[k] its first entry
	// in syms (both with a final sentinel).
	start []uint32
	first []uint32
	// letters[k] is letterMask of name k, for closestSymbols, made on its
	// first use (lettersOf): a lookup that needs no suggestion does
	// without.
	lettersOnce sync.Once
	letters     []uint32
}

// lettersOf is letters, made once.
func (ns *nameScan) lettersOf() []uint32 {
	ns.lettersOnce.Do(func() {
		ns.letters = make([]uint32, len(ns.start)-1)
		for k := range ns.letters {
			ns.letters[k] = letterMask(ns.name(k))
		}
	})
	return ns.letters
}

// segNames is built on a segment's first substring lookup.
type segNames struct {
	once sync.Once
	ns   *nameScan
}

func (s *segment) names() *nameScan {
	s.nameScan.once.Do(func() { s.nameScan.ns = newNameScan(s) })
	return s.nameScan.ns
}

func newNameScan(s *segment) *nameScan {
	syms := s.syms
	// Sized for every symbol a name of its own (an upper bound; names
	// average under 16 bytes): growing them was most of the build.
	ns := &nameScan{start: make([]uint32, 0, len(syms)+1), first: make([]uint32, 0, len(syms)+1)}
	var b strings.Builder
	b.Grow(16 * len(syms))
	prev := ""
	for i := range syms {
		name := s.symLower(i)
		if i > 0 && name == prev {
			continue
		}
		prev = name
		ns.start = append(ns.start, uint32(b.Len()))
		ns.first = append(ns.first, uint32(i))
		b.WriteString(name)
		b.WriteByte(0)
	}
	ns.start = append(ns.start, uint32(b.Len()))
	ns.first = append(ns.first, uint32(len(syms)))
	// Kept at their length, not the bound they were sized for: a name
	// is shared by several symbols (Python's standard library: 300,000
	// symbols, 120,000 names), and the bound held about three times
	// what they fill for as long as the segment is served (the 75k-file
	// corpus: 86 MB of scans, 58 MB of them the names' bound).
	ns.blob = strings.Clone(b.String())
	ns.start, ns.first = slices.Clone(ns.start), slices.Clone(ns.first)
	return ns
}

// name is distinct name k (the lowercased name of syms[first[k]]).
func (ns *nameScan) name(k int) string { return ns.blob[ns.start[k] : ns.start[k+1]-1] }

// runAt returns the name run that starts at syms index i (or the first
// after it).
func (ns *nameScan) runAt(i int) int {
	return sort.Search(len(ns.first)-1, func(k int) bool { return int(ns.first[k]) >= i })
}

// containing calls fn with each run [lo, hi) of syms whose name contains
// sub (lowercase, no NUL), in name order, skipping the runs inside
// syms[skipLo:skipHi] (the names with sub as prefix, found already).
func (ns *nameScan) containing(sub string, skipLo, skipHi int, fn func(lo, hi int)) {
	// The names of the skipped runs are one stretch of the blob.
	kLo, kHi := ns.runAt(skipLo), ns.runAt(skipHi)
	// Found by its rarest bytes, as grep finds a literal: strings.Index
	// stops at each occurrence of sub's first byte, and the "c" of
	// "compactblcks" is in most names.
	f := newLiteralFinder([]byte(sub))
	hay := unsafe.Slice(unsafe.StringData(ns.blob), len(ns.blob)) // read only
	for p := 0; p < len(ns.blob); {
		i := f.index(hay[p:])
		if i < 0 {
			return
		}
		m := uint32(p + i)
		// The name holding the match: the last that starts at or before.
		k := sort.Search(len(ns.start), func(k int) bool { return ns.start[k] > m }) - 1
		if k >= kLo && k < kHi {
			p = int(ns.start[kHi])
			continue
		}
		fn(int(ns.first[k]), int(ns.first[k+1]))
		p = int(ns.start[k+1])
	}
}

// letterMask is the set of a name's bytes, folded to 32 bits (a-z by
// their own bits, the rest by their low five): a name whose mask has
// more than d bits the query's has not holds more than d bytes the query
// lacks, each an edit (lettersApart).
func letterMask(name string) uint32 {
	var m uint32
	for i := 0; i < len(name); i++ {
		m |= 1 << (name[i] & 31)
	}
	return m
}

// lettersApart is a lower bound of the edit distance between two names
// with letter masks a and b: the larger count of folded letters one has
// that the other lacks (a byte of one whose fold the other has nowhere
// still needs an edit).
func lettersApart(a, b uint32) int {
	return max(bits.OnesCount32(a&^b), bits.OnesCount32(b&^a))
}
