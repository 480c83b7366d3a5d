package index

import (
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"
)

// TestSortedSampleAgreesWithBinarySearch: lookup and lowerBound through the
// sparse index (and a run of equal strings, as symsCalled reads one) answer as a plain binary search of the dictionary does,
// on dictionaries with long shared prefixes (equal keys over many
// samples), terms shorter than a key, NUL bytes, the empty term and
// probes before, between and after the terms.
func TestSortedSampleAgreesWithBinarySearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := "ab\x00z\xff"
	word := func(prefix string) string {
		var b strings.Builder
		b.WriteString(prefix)
		for range rng.IntN(12) {
			b.WriteByte(alphabet[rng.IntN(len(alphabet))])
		}
		return b.String()
	}
	for round, n := range []int{0, 1, 15, 16, 17, 100, 1000, 5000} {
		set := map[string]bool{}
		for len(set) < n {
			prefix := []string{"", "a", "internal", "internalpackage", "zz"}[rng.IntN(5)]
			set[word(prefix)] = true
		}
		terms := make([]string, 0, n)
		for w := range set {
			terms = append(terms, w)
		}
		slices.Sort(terms)
		s := &segment{}
		for _, w := range terms {
			s.terms.add(w)
		}
		probes := append([]string{"", "\x00", "\xff\xff\xff\xff\xff\xff\xff\xff\xff", "internal", "internalpackag", "internalpackagez"}, terms...)
		for range 2000 {
			probes = append(probes, word([]string{"", "a", "internal", "internalpackage"}[rng.IntN(4)]))
		}
		for _, p := range probes {
			want := sort.SearchStrings(terms, p)
			if got := s.lowerBound(p); got != want {
				t.Fatalf("round %d (%d terms): lowerBound(%q) = %d, want %d", round, n, p, got, want)
			}
			wantID := -1
			if want < len(terms) && terms[want] == p {
				wantID = want
			}
			if got := s.lookup(p); got != wantID {
				t.Fatalf("round %d (%d terms): lookup(%q) = %d, want %d", round, n, p, got, wantID)
			}
		}
		// Runs: every string repeated 1-40 times (runs longer than a
		// sample step), as symbols' names are.
		var seq []string
		for _, w := range terms {
			for range 1 + rng.IntN(40) {
				seq = append(seq, w)
			}
		}
		var ss sortedSample
		at := func(i int) string { return seq[i] }
		for _, p := range probes {
			wantLo := sort.SearchStrings(seq, p)
			wantHi := wantLo
			for wantHi < len(seq) && seq[wantHi] == p {
				wantHi++
			}
			if lo, hi := ss.run(len(seq), at, p); lo != wantLo || hi != wantHi {
				t.Fatalf("round %d: run(%q) = [%d, %d), want [%d, %d)", round, p, lo, hi, wantLo, wantHi)
			}
		}
	}
}
