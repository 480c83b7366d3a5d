package index

import (
	"cmp"
	"math"
	"strings"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index/analysis"
)

// weigher turns a search's BM25F scores into the scores it ranks by,
// before feedback and proximity: coverage of the query's words, the name
// match bonus and its uses prior, rollup, and the node's standing and what
// the query asks (standingOf, askedOf).
type weigher struct {
	q       *analysis.Query
	names   *nameQueries
	uses    *usesPriors
	r       *treenav.Ranking
	weights map[string]float64
	// plain and action are what the query is (analysis.PlainWords,
	// ActionQuery); table is standingOf and askedOf by hot flags for it
	// (newStandingTable).
	plain, action bool
	table         *standingTable
	// dirs are, by segment, the documents in a directory the query's
	// words spell (dirDocs; nil for none): their nodes' standing is
	// multiplied by 1 + Ranking.DirWordsBonus.
	dirs []bitset
	// cover memoizes coverage by the terms a node matched (a query has
	// few terms, its candidates few distinct sets of them): by tmask for
	// up to coverTerms terms, else by map.
	cover   []coverage
	coverBy map[uint32]coverage
	// pending are the candidates whose uses prior is not yet applied
	// (settle).
	pending []pendingPrior
}

// pendingPrior is a candidate weighed as if its uses prior were 1, with
// what its score is made of: base × (mult × prior) + share (if the
// rollup gave one, else share < 0), times standing.
type pendingPrior struct {
	i                           int // in the search's candidates
	name                        string
	ref                         nodeRef
	base, mult, share, standing float64
}

// score is the candidate's score with a uses prior: the weigher's own
// arithmetic, step by step.
func (p *pendingPrior) score(prior float64) float64 {
	s := p.base
	s *= p.mult * prior
	if p.share >= 0 {
		s += p.share
	}
	s *= p.standing
	return s
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
				*c = coverage{coord(w.q, tmask), w.bonus(tmask), true}
			}
			return *c
		}
	}
	if c, ok := w.coverBy[tmask]; ok {
		return c
	}
	c := coverage{coord(w.q, tmask), w.bonus(tmask), true}
	if w.coverBy == nil {
		w.coverBy = map[uint32]coverage{}
	}
	w.coverBy[tmask] = c
	return c
}

// bonus is coverageBonus, times Ranking.ActionCoverageWeight for a query
// that asks for an operation (analysis.ActionQuery): "convert array to
// list" is not answered by the long class whose body happens to hold all
// three words, where a node holding every word of "cursor-based
// pagination" is likely about it.
func (w *weigher) bonus(tmask uint32) float64 {
	b := coverageBonus(w.q, tmask, w.r)
	if w.action {
		b *= w.r.ActionCoverageWeight
	}
	return b
}

// weigh scores one segment's candidates, in their order (the uses prior
// counts the names it meets first, see requestUses), reading each node's
// hot record once: on a common word's hundreds of thousands of
// candidates, a pass per step read each record again, after the
// others had pushed it out of cache. sc is the segment's scratch, its
// tmask and idx still set.
func (w *weigher) weigh(s *segment, cands []candidate, first int, sc *scratch) {
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
	// standing is candidate i's standing and what the query asks, from
	// its hot record's flags (w.table): computed where it is applied
	// rather than kept.
	var inDir bitset // the segment's documents in a directory the query spells
	if w.dirs != nil && len(cands) > 0 {
		inDir = w.dirs[cands[0].ref.seg]
	}
	standing := func(i int) float64 {
		f := hot[i].flags
		m := collectionWeighed(w.table.flag[f], s, cands[i].ref.node, w.weights) * w.table.asked[f]
		if inDir != nil && inDir.has(s.norms[cands[i].ref.node].doc) {
			m *= 1 + r.DirWordsBonus
		}
		return m
	}
	if rolls {
		sc.parent = grow(sc.parent, n)
		sc.best = grow(sc.best, n)
		for i := range cands {
			sc.acc[cands[i].ref.node].idx = int32(i)
			sc.best[i] = -1
		}
	}
	for i := range cands {
		c := &cands[i]
		h := &hot[i]
		m := w.names.matchHot(s, c.ref.node, h)
		covered := c.tmask
		if m > 0 && (w.names.dotted != "" || w.names.module != "") {
			// A dotted query is one name: the symbol it names covers
			// its words, though the qualifier ("os.path" of
			// posixpath.join) may be in no field of it. So does what
			// a query asking for a module matches by name: its page
			// need not say "module" ("textwrap module").
			covered = ^uint32(0)
		}
		cv := w.coverageOf(covered)
		c.score = float64(c.bm25)*cv.coord + cv.bonus
		if m > 0 {
			mult := 1 + m*r.NameMatchBonus
			if name, ok := w.uses.nameOf(s, c.ref); ok {
				w.pending = append(w.pending, pendingPrior{i: first + i, name: name, ref: c.ref, base: c.score, mult: mult})
			}
			c.score *= mult // × 1, the prior of the rest
		}
		if !rolls {
			c.score *= standing(i)
		} else {
			p := int32(-1)
			if up := h.up; up >= 0 && sc.acc[up].tmask != 0 {
				p = sc.acc[up].idx
				sc.best[p] = 0
			}
			sc.parent[i] = p
		}
	}
	if rolls {
		// A middle candidate (best ≥ 0) takes its share before its
		// standing weighs it.
		sc.middle = rollup(hot, cands, sc.parent, sc.best, sc.middle, r.SectionRollup, r.SymbolRollup)
		for i := range cands {
			if sc.best[i] >= 0 {
				cands[i].score += sc.best[i]
			}
			cands[i].score *= standing(i)
		}
	}
	for k := len(w.pending) - 1; k >= 0 && w.pending[k].i >= first; k-- {
		p := &w.pending[k]
		p.share, p.standing = -1, standing(p.i-first)
		if rolls && sc.best[p.i-first] >= 0 {
			p.share = sc.best[p.i-first]
		}
	}
}

// settle applies the uses priors weigh left pending. Counting a name's
// uses resolves up to a thousand references, a tenth of a second or more
// for a common name the view has not counted yet, so when keep of all
// cands are read, a name is counted only if one of its symbols can reach
// them: a prior is at most maxPrior and at least 1, so a candidate
// whose score with maxPrior stays under the keep-th best score as
// weighed (each at most its final score) cannot, and it keeps the score
// it has, under those. all applies every prior (the candidates are all
// read: phrases and literals filter them after).
func (w *weigher) settle(cands []candidate, keep int, all bool) {
	if len(w.pending) == 0 {
		return
	}
	all = all || settleEveryPrior
	bound := math.Inf(-1)
	if !all && keep < len(cands) {
		for k := range w.pending {
			if !w.uses.counted(w.pending[k].name) {
				bound = kthScore(cands, keep)
				break
			}
		}
	}
	top := w.uses.maxPrior()
	for k := range w.pending {
		p := &w.pending[k]
		if p.base >= 0 && p.mult >= 0 && p.standing >= 0 && p.score(top) < bound {
			continue // (the bound holds for scores that grow with the prior)
		}
		cands[p.i].score = p.score(w.uses.priorOf(p.name, p.ref))
	}
}

// settleEveryPrior makes settle apply every prior, counting every name:
// tests compare the answers with and without its shortcut.
var settleEveryPrior bool

// kthScore is the k-th best score of cands (0 < k ≤ len(cands)), found
// by selectTop over a copy of the scores (the candidates keep their
// order: the weigher's indices point into it).
func kthScore(cands []candidate, k int) float64 {
	p := scorePool.get()
	defer putSlice(&scorePool, p)
	scores := grow(*p, len(cands))
	*p = scores
	for i := range cands {
		scores[i] = cands[i].score
	}
	selectTop(scores, k, func(a, b *float64) int { return cmp.Compare(*b, *a) })
	return scores[k-1]
}

// scorePool holds kthScore's copies of the scores.
var scorePool = newSlicePool[float64]()

// grow returns b with length n, reusing its array when it is big enough.
func grow[T any](b []T, n int) []T {
	if cap(b) < n {
		return make([]T, n, n+n/4)
	}
	return b[:n]
}

// nameWords weighs the first candidates of a plain-language query by
// the query words their names spell (Ranking.NameWordsBonus), and reports
// whether it changed a score: code symbols by their names (a member's
// owner's words count with its own), sections by their titles (a
// heading the query spells is as much what it asks for). Files, code
// blocks, modules and constructors take none, nor types when the query
// opens with an operation's verb (action): "create temporary directory"
// asks for what creates one, not for the type its nouns spell, as
// Ranking.ActionTypeWeight has it.
//
// A query that is the name or title of one of the first results names
// what it asks for (a heading typed as it is written): it takes none.
func nameWords(v *view, top []candidate, q *analysis.Query, names *nameQueries, bonus float64, action bool) bool {
	for i := range top[:min(len(top), 3)] {
		s := v.segs[top[i].ref.seg]
		if names.matchHot(s, top[i].ref.node, &s.hot[top[i].ref.node]) > 0 {
			return false
		}
	}
	sp := analysis.NewNameSpeller(q)
	words := sp.Words()
	if words < 2 {
		return false
	}
	changed := false
	for i := range top {
		c := &top[i]
		s := v.segs[c.ref.seg]
		if action && s.hot[c.ref.node].flags&hotType != 0 {
			continue
		}
		n := s.node(c.ref.node)
		k := 0
		switch n.kind() {
		case treenav.KindFile, treenav.KindCode, treenav.KindModule, treenav.KindNamespace:
			continue
		case treenav.KindSection:
			k = sp.Title(n.title())
		case treenav.KindConstructor:
			// Its name is its type's: spelled by what the type is, not
			// by what a call does ("convert array to list" spelled the
			// ArrayList constructors, not Arrays.asList).
			continue
		default:
			// A member counts its owner's words too (Arrays.asList).
			qual := n.qualified()
			if i := strings.LastIndexByte(qual, '.'); i > 0 {
				k = sp.Member(n.name(), qual[:i])
			} else {
				k = sp.Name(n.name())
			}
		}
		if k > 0 {
			c.score *= 1 + bonus*float64(k)/float64(words)
			changed = true
		}
	}
	return changed
}
