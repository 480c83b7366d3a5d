package index

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSelectTop: the first k after selectTop are the first k of a full
// sort, in order, and the rest are the others, for k from none to all.
func TestSelectTop(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	byValue := func(a, b *int) int { return cmp.Compare(*a, *b) }
	for _, n := range []int{0, 1, 2, 7, 100, 1000} {
		xs := rng.Perm(n)
		want := slices.Sorted(slices.Values(xs))
		for _, k := range []int{0, 1, 2, 5, n / 2, n - 1, n, n + 3} {
			got := slices.Clone(xs)
			selectTop(got, k, byValue)
			m := min(max(k, 0), n)
			if !slices.Equal(got[:m], want[:m]) {
				t.Fatalf("n %d, k %d: first %v, want %v", n, k, got[:m], want[:m])
			}
			rest := slices.Sorted(slices.Values(got[m:]))
			if !slices.Equal(rest, want[m:]) {
				t.Fatalf("n %d, k %d: the rest %v, want %v", n, k, rest, want[m:])
			}
		}
	}
}

// TestKthScore: the k-th best score, ties included, is the k-th of the
// scores sorted best first, and the candidates keep their order.
func TestKthScore(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	cands := make([]candidate, 500)
	for i := range cands {
		cands[i].score = float64(rng.IntN(40)) // many ties
		cands[i].ref.node = uint32(i)
	}
	scores := make([]float64, len(cands))
	for i := range cands {
		scores[i] = cands[i].score
	}
	slices.SortFunc(scores, func(a, b float64) int { return cmp.Compare(b, a) })
	for _, k := range []int{1, 2, 17, 250, 499, 500} {
		if got := kthScore(cands, k); got != scores[k-1] {
			t.Fatalf("k %d: %v, want %v", k, got, scores[k-1])
		}
	}
	for i := range cands {
		if cands[i].ref.node != uint32(i) {
			t.Fatal("kthScore reordered the candidates")
		}
	}
}
