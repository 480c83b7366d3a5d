package code

import (
	"errors"
	"testing"
	"time"
)

// FuzzNesting extracts nested scopes of random depth and language: the
// extraction fails within the budget with a reason, or returns a tree no
// deeper than MaxNesting, with a node per level when the depth is within
// it (make fuzz).
func FuzzNesting(f *testing.F) {
	for i := range nestingFamilies {
		f.Add(uint8(i), uint16(3), uint16(0))
		f.Add(uint8(i), uint16(MaxNesting), uint16(1))
		f.Add(uint8(i), uint16(MaxNesting+1), uint16(2))
		f.Add(uint8(i), uint16(4000), uint16(3))
	}
	f.Fuzz(func(t *testing.T, li uint8, depth, copies uint16) {
		lang := nestingFamilies[int(li)%len(nestingFamilies)]
		d := int(depth) % 6000
		if lang == "python" {
			d %= 400 // its file grows with the square of the depth
		}
		one, _ := nestedSource(lang, d)
		src := one
		for range int(copies) % 4 {
			src = append(src, one...)
		}
		if len(src) > 1<<20 {
			t.Skip("over the 1 MB file limit")
		}
		start := time.Now()
		res, err := Lookup(lang).Extract(src)
		// A generous bound: the budget plus time to notice it is over.
		if took := time.Since(start); took > 2*Budget {
			t.Fatalf("%s depth %d: took %v, over twice the budget", lang, d, took)
		}
		if err != nil {
			if errors.Is(err, ErrTooDeep) || errors.Is(err, ErrTimeout) {
				return
			}
			t.Fatalf("%s depth %d: %v", lang, d, err)
		}
		deepest := 0
		for _, n := range res.Nodes {
			deepest = max(deepest, n.Level)
		}
		// Past the limit only a grammar that gave up on the nesting
		// (Python's scanner keeps a bounded indent stack) extracts.
		if deepest > MaxNesting || d <= MaxNesting && deepest != d {
			t.Fatalf("%s depth %d: deepest node at level %d", lang, d, deepest)
		}
		checkInvariants(t, res.Nodes, src)
	})
}
