package treenav

// EditDistance is the edit distance between a and b, in bytes: the
// measure of "did you mean" suggestions (configuration keys, ids, facet
// values, symbol names). It is Levenshtein's with a swap of two adjacent
// bytes counted as one edit (the optimal string alignment distance):
// "exce" is one edit from "exec", as a typist sees it, not two. Strings
// over 200 bytes are not compared: their distance is the longer length,
// which keeps long ids cheap.
func EditDistance(a, b string) int {
	// No distance exceeds the longer length: a band that wide is the
	// whole table.
	return EditDistanceWithin(a, b, max(len(a), len(b)))
}

// EditDistanceWithin is EditDistance(a, b) when that is at most k, and
// k+1 otherwise: the same measure for suggestions that only want the
// near ones, computed in a band of 2k+1 cells a row, without allocating,
// and given up as soon as no cell of a row is within k (a swap reads
// two rows up, but a row's least cell is at most one more than that
// row's). Matching an unknown path against every document of a big
// repository compares tens of thousands of strings, nearly all of them
// far.
func EditDistanceWithin(a, b string, k int) int {
	if k < 0 {
		return k + 1
	}
	if len(a) > 200 || len(b) > 200 {
		return min(max(len(a), len(b)), k+1)
	}
	if abs(len(a)-len(b)) > k {
		return k + 1
	}
	const far = 1 << 20
	var rows [3][201]int
	pp, prev, cur := &rows[0], &rows[1], &rows[2]
	for j := 0; j <= len(b); j++ {
		prev[j] = j
		if j > k {
			prev[j] = far
		}
	}
	for i := 1; i <= len(a); i++ {
		lo, hi := max(1, i-k), min(len(b), i+k)
		// Cells outside the band are far: the one left of the band,
		// and the one past it that the next row reads from above.
		if lo == 1 {
			cur[0] = i
		} else {
			cur[lo-1] = far
		}
		best := cur[lo-1]
		for j := lo; j <= hi; j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			c := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				c = min(c, pp[j-2]+1) // within row i-2's band: i-2-k <= j-2 <= i-2+k
			}
			cur[j] = c
			best = min(best, c)
		}
		if hi < len(b) {
			cur[hi+1] = far
		}
		if best > k {
			return k + 1
		}
		pp, prev, cur = prev, cur, pp
	}
	return min(prev[len(b)], k+1)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
