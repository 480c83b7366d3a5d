package index

import "sort"

// selectTop moves the k least elements of xs by cmp to its front,
// sorted, and leaves the rest in no order: a prefix or a common name
// matches tens of thousands of symbols and only the first page is read.
// It costs a comparison an element beyond a heap of k, instead of a full
// sort's log n. Which elements of a tie it takes, and their order, are
// its own: a cmp under which no two elements compare equal makes them
// deterministic.
func selectTop[T any](xs []T, k int, cmp func(a, b *T) int) {
	if k >= len(xs) {
		sortBy(xs, cmp)
		return
	}
	if k <= 0 {
		return
	}
	// h is a heap of the best k seen so far, its worst on top.
	h := xs[:k]
	down := func(i int) {
		for {
			l := 2*i + 1
			if l >= k {
				return
			}
			w := l
			if r := l + 1; r < k && cmp(&h[r], &h[l]) > 0 {
				w = r
			}
			if cmp(&h[w], &h[i]) <= 0 {
				return
			}
			h[i], h[w] = h[w], h[i]
			i = w
		}
	}
	for i := k/2 - 1; i >= 0; i-- {
		down(i)
	}
	for i := k; i < len(xs); i++ {
		if cmp(&xs[i], &h[0]) < 0 {
			h[0], xs[i] = xs[i], h[0]
			down(0)
		}
	}
	sortBy(h, cmp)
}

// sortBy sorts xs by cmp, comparing elements in place (slices.SortFunc
// would copy them for each comparison).
func sortBy[T any](xs []T, cmp func(a, b *T) int) {
	sort.Slice(xs, func(i, j int) bool { return cmp(&xs[i], &xs[j]) < 0 })
}
