package index

import (
	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index/analysis"
)

// weigher turns a search's BM25F scores into the scores it ranks by,
// before feedback and proximity: coverage of the query's words, the name
// match bonus and its uses prior, rollup, and the node's standing and what
// the query asks (view.standing, view.asked).
type weigher struct {
	q                     *analysis.Query
	names                 *nameQueries
	uses                  *usesPriors
	r                     *treenav.Ranking
	weights               map[string]float64
	plain, tests, changes bool
	// cover memoizes coverage by the terms a node matched (a query has
	// few terms, its candidates few distinct sets of them): by tmask for
	// up to coverTerms terms, else by map.
	cover   []coverage
	coverBy map[uint32]coverage
}

// coverTerms is the most query terms whose coverages weigher keeps in a
// table (1<<coverTerms entries).
const coverTerms = 8

// coverage is what a node's BM25F score becomes for the query words it
// covers: score*coord + bonus.
type coverage struct {
	coord, bonus float64
	set          bool
}

// coverageOf is coord and coverageBonus of the terms tmask.
func (w *weigher) coverageOf(tmask uint32) coverage {
	if len(w.q.Terms) <= coverTerms && tmask < 1<<coverTerms {
		if w.cover == nil {
			w.cover = make([]coverage, 1<<len(w.q.Terms))
		}
		if int(tmask) < len(w.cover) {
			c := &w.cover[tmask]
			if !c.set {
				*c = coverage{coord(w.q, tmask), coverageBonus(w.q, tmask, w.r), true}
			}
			return *c
		}
	}
	if c, ok := w.coverBy[tmask]; ok {
		return c
	}
	c := coverage{coord(w.q, tmask), coverageBonus(w.q, tmask, w.r), true}
	if w.coverBy == nil {
		w.coverBy = map[uint32]coverage{}
	}
	w.coverBy[tmask] = c
	return c
}

// weigh scores one segment's candidates, in their order (the uses prior
// counts the names it meets first, see requestUses), reading each node's
// hot record once: on a common word's hundreds of thousands of
// candidates, a pass per step read each record again, after the
// others had pushed it out of cache. sc is the segment's scratch, its
// tmask and idx still set.
func (w *weigher) weigh(s *segment, cands []candidate, sc *scratch) {
	r := w.r
	rolls := r.SectionRollup > 0 || r.SymbolRollup > 0
	n := len(cands)
	// The candidates' hot records, gathered first by a loop that does
	// nothing else: their cache misses overlap there, where in the loop
	// below they came one at a time (the name match's read of them was a
	// quarter of a search on the 25k corpus).
	hot := grow(sc.hot, n)
	sc.hot = hot
	for i := range cands {
		hot[i] = s.hot[cands[i].ref.node]
	}
	sc.mult = grow(sc.mult, n)
	if rolls {
		sc.parent = grow(sc.parent, n)
		sc.best = grow(sc.best, n)
		for i := range cands {
			sc.idx[cands[i].ref.node] = int32(i)
			sc.best[i] = -1
		}
	}
	for i := range cands {
		c := &cands[i]
		h := &hot[i]
		m := w.names.matchHot(s, c.ref.node, h)
		covered := c.tmask
		if m > 0 && w.names.dotted != "" {
			// A dotted query is one name: the symbol it names covers
			// its words, though the qualifier ("os.path" of
			// posixpath.join) may be in no field of it.
			covered = ^uint32(0)
		}
		cv := w.coverageOf(covered)
		c.score = c.bm25*cv.coord + cv.bonus
		if m > 0 {
			c.score *= (1 + m*r.NameMatchBonus) * w.uses.prior(s, c.ref)
		}
		sc.mult[i] = standingOf(s, c.ref.node, h, r, w.weights) * askedOf(h, r, w.plain, w.tests, w.changes)
		if rolls {
			p := int32(-1)
			if up := h.up; up >= 0 && sc.tmask[up] != 0 {
				p = sc.idx[up]
				sc.best[p] = 0
			}
			sc.parent[i] = p
		}
	}
	if rolls {
		sc.middle = rollup(hot, cands, sc.parent, sc.best, sc.middle, r.SectionRollup, r.SymbolRollup)
		for _, i := range sc.middle {
			cands[i].score += sc.best[i]
		}
	}
	for i := range cands {
		cands[i].score *= sc.mult[i]
	}
}

// grow returns b with length n, reusing its array when it is big enough.
func grow[T any](b []T, n int) []T {
	if cap(b) < n {
		return make([]T, n, n+n/4)
	}
	return b[:n]
}
