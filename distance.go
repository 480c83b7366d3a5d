package treenav

// EditDistance is the Levenshtein distance between a and b, in bytes: the
// measure of "did you mean" suggestions (configuration keys, ids, facet
// values). Strings over 200 bytes are not compared: their distance is the
// longer length, which keeps long ids cheap.
func EditDistance(a, b string) int {
	if len(a) > 200 || len(b) > 200 {
		return max(len(a), len(b))
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
