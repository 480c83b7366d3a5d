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
	var syms []symEntry
	for i := range 3000 {
		syms = append(syms, symEntry{lower: word(1 + rng.Intn(8)), node: uint32(i)})
	}
	syms = append(syms, symEntry{lower: ""}) // an empty name, as a segment may hold
	slices.SortFunc(syms, func(a, b symEntry) int { return strings.Compare(a.lower, b.lower) })
	ns := newNameScan(syms)
	for range 500 {
		sub := word(1 + rng.Intn(4))
		skipLo := rng.Intn(len(syms))
		skipHi := skipLo + rng.Intn(50)
		// Skips are whole runs of one name or several, as a prefix run is.
		for skipLo > 0 && syms[skipLo-1].lower == syms[skipLo].lower {
			skipLo--
		}
		for skipHi < len(syms) && skipHi > 0 && syms[skipHi-1].lower == syms[skipHi].lower {
			skipHi++
		}
		skipHi = min(skipHi, len(syms))
		var want, got []int
		for i, e := range syms {
			if (i < skipLo || i >= skipHi) && strings.Contains(e.lower, sub) {
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
