package index

import (
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// TestNameScanMatchesContains: the runs containing finds are the names
// strings.Contains finds, skipped runs aside, each once, in order.
func TestNameScanMatchesContains(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	const letters = "abcde_"
	word := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = letters[rng.Intn(len(letters))]
		}
		return string(b)
	}
	var names []string
	for range 3000 {
		names = append(names, word(1+rng.Intn(8)))
	}
	names = append(names, "") // an empty name, as a segment may hold
	slices.Sort(names)
	// A segment whose syms are the names, in its blob.
	seg := &segment{}
	var w nodeWriter
	for i, n := range names {
		seg.syms = append(seg.syms, symEntry{lower: w.add(n), node: uint32(i)})
	}
	w.finish(seg)
	syms := seg.syms
	ns := newNameScan(seg)
	for range 500 {
		sub := word(1 + rng.Intn(4))
		skipLo := rng.Intn(len(syms))
		skipHi := skipLo + rng.Intn(50)
		// Skips are whole runs of one name or several, as a prefix run is.
		for skipLo > 0 && names[skipLo-1] == names[skipLo] {
			skipLo--
		}
		for skipHi < len(syms) && skipHi > 0 && names[skipHi-1] == names[skipHi] {
			skipHi++
		}
		skipHi = min(skipHi, len(syms))
		var want, got []int
		for i := range syms {
			if (i < skipLo || i >= skipHi) && strings.Contains(seg.symLower(i), sub) {
				want = append(want, i)
			}
		}
		ns.containing(sub, skipLo, skipHi, func(lo, hi int) {
			for i := lo; i < hi; i++ {
				got = append(got, i)
			}
		})
		if !slices.Equal(got, want) {
			t.Fatalf("containing(%q, skip [%d,%d)): got %d entries %v, want %d %v", sub, skipLo, skipHi, len(got), got, len(want), want)
		}
	}
}
