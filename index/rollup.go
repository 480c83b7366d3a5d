package index

import (
	"cmp"
	"slices"
	"sync"
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
func (v *view) rollup(cands []candidate, sectionShare, symbolShare float64) {
	// A query can match hundreds of thousands of nodes: candidates are
	// found by node through dense per-segment slots, not a map, and only
	// the few that both give and take a share are sorted.
	slots := getRollupSlots(v)
	defer putRollupSlots(slots)
	for i := range cands {
		r := cands[i].ref
		slots.of(v, r.seg)[r.node] = int32(i) + 1
	}
	parentOf := func(i int) int {
		r := cands[i].ref
		p := v.segs[r.seg].hot[r.node].up
		if p < 0 {
			return -1
		}
		return int(slots.s[r.seg][p]) - 1
	}
	// best[i] is the best share candidate i takes from a child, -1 for
	// a candidate no other passes a share to.
	best := slots.best(len(cands))
	middle := slots.middle[:0]
	defer func() { slots.middle = middle[:0] }()
	for i := range cands {
		if p := parentOf(i); p >= 0 {
			best[p] = 0
		}
	}
	pass := func(i int) {
		p := parentOf(i)
		if p < 0 {
			return
		}
		share := symbolShare
		if r := cands[i].ref; v.segs[r.seg].hot[r.node].flags&hotMarkdown != 0 {
			share = sectionShare
		}
		if rolled := cands[i].bm25 + max(best[i], 0); share*rolled > best[p] {
			best[p] = share * rolled
		}
	}
	// Leaves (candidates no other candidate passes a share to) first, in
	// any order; then the nodes in between, deepest first (in preorder a
	// descendant's id is larger), so shares climb several levels.
	for i := range cands {
		if best[i] >= 0 {
			middle = append(middle, i)
			continue
		}
		pass(i)
	}
	slices.SortFunc(middle, func(a, b int) int {
		ra, rb := cands[a].ref, cands[b].ref
		if ra.seg != rb.seg {
			return cmp.Compare(ra.seg, rb.seg)
		}
		return cmp.Compare(rb.node, ra.node)
	})
	for _, i := range middle {
		pass(i)
	}
	for _, i := range middle {
		cands[i].score += best[i]
	}
	for i := range cands {
		r := cands[i].ref
		slots.s[r.seg][r.node] = 0
	}
}

// rollupSlots maps a segment's nodes to candidate indexes (index+1; 0 is
// none), and holds the shares by candidate; both are reused across
// queries.
type rollupSlots struct {
	s      [][]int32
	shares []float64
	middle []int // candidates that both give and take a share
}

// best returns n shares, each -1.
func (r *rollupSlots) best(n int) []float64 {
	if cap(r.shares) < n {
		r.shares = make([]float64, n)
	}
	b := r.shares[:n]
	for i := range b {
		b[i] = -1
	}
	return b
}

var rollupPool sync.Pool

func getRollupSlots(v *view) *rollupSlots {
	r, _ := rollupPool.Get().(*rollupSlots)
	if r == nil {
		r = &rollupSlots{}
	}
	if len(r.s) < len(v.segs) {
		r.s = append(r.s, make([][]int32, len(v.segs)-len(r.s))...)
	}
	return r
}

// of returns segment si's slots, sized to its nodes.
func (r *rollupSlots) of(v *view, si uint32) []int32 {
	if n := len(v.segs[si].nodes); len(r.s[si]) < n {
		r.s[si] = make([]int32, n)
	}
	return r.s[si]
}

func putRollupSlots(r *rollupSlots) { rollupPool.Put(r) }
