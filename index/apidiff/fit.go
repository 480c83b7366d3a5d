package apidiff

import (
	"github.com/treenav/treenav"
)

// Fit cuts r's changes so that its JSON takes at most maxChars bytes
// (maxChars <= 0: no bound), keeping the first ones (the report's order)
// and marking it truncated; the summary still counts every change.
func Fit(r *treenav.ChangesResponse, maxChars int) {
	if maxChars <= 0 || size(r) <= maxChars {
		return
	}
	all := r.Changes
	r.Truncated = true
	// The most changes that fit, by bisection on the count.
	lo, hi := 0, len(all)
	for lo < hi {
		mid := (lo + hi + 1) / 2
		r.Changes = all[:mid]
		if size(r) <= maxChars {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	r.Changes = all[:lo]
}

func size(r *treenav.ChangesResponse) int {
	b, err := treenav.MarshalResult(r)
	if err != nil {
		return 0
	}
	return len(b)
}
