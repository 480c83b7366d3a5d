package index

import (
	"cmp"
	"slices"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index/analysis"
)

// parallelPostings is how many postings a search's terms must have, over
// all segments, before its segments are scored on several cores: below
// it, starting workers and joining their candidates costs more than the
// scoring (a tenth of a millisecond is about 8,000 postings).
var parallelPostings = 8_000

// scoreSegments appends every segment's weighed candidates to cands and
// leaves in w.pending the uses priors to settle. A common word's postings
// on a large index (hundreds of thousands over a dozen segments) are
// scored by one worker a core, each taking the next segment. The answer
// is one loop's: each segment is weighed alone; the candidates' order
// is not segment order, but ranking orders them totally
// (compareCandidates); and which names have their uses weighed (the
// maxRequestNames whose candidates score highest) is decided once all
// are in.
func (v *view) scoreSegments(cands []candidate, q *analysis.Query, variants [][]variant, common bool, f *filter, r *treenav.Ranking, w *weigher) []candidate {
	workers := v.segmentWorkers()
	if postingCount(variants, v.segs) < parallelPostings {
		workers = 1
	}
	// Worker 0 appends to cands, the others to slices of their own.
	type share struct {
		cands   []candidate
		pool    *[]candidate
		pending []pendingPrior
	}
	shares := make([]share, workers)
	shares[0].cands = cands
	for k := 1; k < workers; k++ {
		p := sharePool.get()
		shares[k] = share{cands: *p, pool: p}
	}
	onSegments(len(v.segs), workers, func(k int) func(si int) {
		sh := &shares[k]
		ww := w.fork()
		return func(si int) {
			sh.cands = v.scoreSegment(sh.cands, si, v.segs[si], q, variants, common, f.allowed(v, si), f, r, &ww)
			sh.pending = ww.pending
		}
	})
	cands = shares[0].cands
	pending := shares[0].pending
	for _, sh := range shares[1:] {
		first := len(cands)
		cands = append(cands, sh.cands...)
		for _, p := range sh.pending {
			p.i += first
			pending = append(pending, p)
		}
		*sh.pool = sh.cands
		putSlice(&sharePool, sh.pool)
	}
	// Each segment's priors are in its candidates' order: in segment
	// order, they are in the order one loop would make them.
	slices.SortStableFunc(pending, func(a, b pendingPrior) int { return cmp.Compare(a.ref.seg, b.ref.seg) })
	w.pending = w.uses.admit(pending)
	return cands
}

// fork is a weigher for segments scored beside others: its own memo and
// pending priors; the query, its names and its ranking are read by all.
func (w *weigher) fork() weigher {
	ww := *w
	ww.cover, ww.coverBy, ww.pending = nil, nil, nil
	return ww
}

// postingCount is how many postings the query's variants have over segs.
func postingCount(variants [][]variant, segs []*segment) int {
	n := 0
	for _, vs := range variants {
		for _, va := range vs {
			for si, s := range segs {
				if t := va.ids[si]; t >= 0 {
					n += s.postingCount(t)
				}
			}
		}
	}
	return n
}
