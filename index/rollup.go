package index

import (
	"cmp"
	"slices"
)

// rollup gives each matching section or symbol a share (sectionShare,
// symbolShare) of its best matching child's BM25 score: a broad query ("deploy") then ranks the
// document section about it above one of its parts, and a class whose
// members are about the query ("token bucket": RateLimitPolicy, through
// Allow and Refill) above a passing mention, while a precise query still
// ranks the part that matches it directly first. Only nodes that match
// themselves take a share, and bonuses are not passed up, so a node never
// gains the coverage bonus of words it does not contain. Document roots
// take no share: their title and description speak for them.
//
// cands are one segment's candidates, hot their nodes' hot records;
// shares never cross a segment.
// parent[i] is the candidate that candidate i passes a share to (-1 for
// none) and best[i] is 0 for a candidate some other passes a share to,
// -1 for the rest; rollup leaves in best[i] the share candidate i takes
// (-1 for none). middle is a buffer, returned grown.
func rollup(hot []nodeHot, cands []candidate, parent []int32, best []float64, middle []int32, sectionShare, symbolShare float64) []int32 {
	pass := func(i int32) {
		p := parent[i]
		if p < 0 {
			return
		}
		share := symbolShare
		if hot[i].flags&hotMarkdown != 0 {
			share = sectionShare
		}
		if rolled := float64(cands[i].bm25) + max(best[i], 0); share*rolled > best[p] {
			best[p] = share * rolled
		}
	}
	// Leaves (candidates no other candidate passes a share to) first, in
	// any order; then the nodes in between, deepest first (in preorder a
	// descendant's id is larger), so shares climb several levels.
	middle = middle[:0]
	for i := range cands {
		if best[i] >= 0 {
			middle = append(middle, int32(i))
			continue
		}
		pass(int32(i))
	}
	slices.SortFunc(middle, func(a, b int32) int {
		return cmp.Compare(cands[b].ref.node, cands[a].ref.node)
	})
	for _, i := range middle {
		pass(i)
	}
	return middle
}
