package index

import (
	"cmp"
	"errors"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index/analysis"
)

// variant is one dictionary term that can match a query term.
type variant struct {
	term string
	mult float64 // 1 exact, prefix_penalty for expansions, synonym_weight
	idf  float64
	// ids are the term's id in each segment's dictionary, -1 where it
	// is not (lookupVariants): a phrase is checked on every candidate,
	// and looking the terms up again for each was most of its time.
	ids []int
	// nodes are, for a query with phrases, the term's postings' nodes in
	// each segment, decoded while scoring (nil: not kept): a phrase is
	// checked on every candidate, and a binary search of the decoded list
	// costs what one of the uint32 column did, where findPosting skips
	// and decodes in the compressed column (postnodes.go).
	nodes [][]uint32
	// rankOnly: the variant is common (commonTerms): it scores the nodes
	// other variants match and matches none of its own.
	rankOnly bool
}

// find is node's posting of the variant's term t in segment s (number
// si), or -1: from the nodes kept while scoring, else findPosting.
func (va *variant) find(s *segment, si uint32, t int, node uint32) int {
	if va.nodes == nil || va.nodes[si] == nil {
		return s.findPosting(t, node)
	}
	l := va.nodes[si]
	lo, hi := 0, len(l)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if l[m] < node {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(l) && l[lo] == node {
		return int(s.termPost[t]) + lo
	}
	return -1
}

// keepPhraseNodes makes the variants of the terms of q's phrases keep
// their decoded postings (variant.nodes).
func keepPhraseNodes(q *analysis.Query, variants [][]variant, segs int) {
	for _, ph := range q.Phrases {
		for _, wi := range ph {
			for _, ti := range q.Words[wi].Terms {
				for vi := range variants[ti] {
					if va := &variants[ti][vi]; va.nodes == nil {
						va.nodes = make([][]uint32, segs)
					}
				}
			}
		}
	}
}

// lookupVariants sets each variant's ids, found by terms (the lookups
// that weighed the variants' IDF).
func (v *view) lookupVariants(variants [][]variant, terms *termLookup) {
	for ti := range variants {
		for vi := range variants[ti] {
			va := &variants[ti][vi]
			va.ids = terms.idsOf(va.term) // read only
		}
	}
}

// nodeAcc is what scoreSegment accumulates for a node: the four in one
// record, so that a posting costs one cache miss, not one per array.
type nodeAcc struct {
	cur   float32 // the current term's best variant score
	score float32
	tmask uint32 // the query terms matched
	// idx is a touched node's candidate index within its segment's
	// candidates (valid where tmask is not 0), for rollup.
	idx int32
}

// candidate is a scored node.
type candidate struct {
	ref   nodeRef
	score float64
	// bm25 is the BM25F sum as accumulated, in float32 (nodeAcc): 24
	// bytes a candidate rather than 32 with a float64 and padding, and a
	// common word has hundreds of thousands.
	bm25  float32
	tmask uint32 // query terms matched
}

// scratch holds per-segment accumulators, reused across queries.
type scratch struct {
	acc     []nodeAcc // by node
	touched []uint32
	curHit  []uint32
	// By candidate of the segment (see weigher.weigh): the hot record,
	// the rollup parent (-1 for none) and best share, and the
	// candidates that both give and take a share.
	hot    []nodeHot
	parent []int32
	best   []float64
	middle []int32
	// sel: by node, matched by a variant that is not rankOnly (a query
	// with common terms); selList, its nodes listed.
	sel     bitset
	selList []uint32
}

var scratchPool = keptPool[scratch]{size: func(s *scratch) int64 {
	return sliceBytes(&s.acc) + sliceBytes(&s.touched) + sliceBytes(&s.curHit) + sliceBytes(&s.hot) +
		sliceBytes(&s.parent) + sliceBytes(&s.best) + sliceBytes(&s.middle) + sliceBytes((*[]uint64)(&s.sel)) + sliceBytes(&s.selList)
}}

// candidatePool holds candidate slices across queries: a prose query on a
// large index has tens of thousands of candidates, and allocating them
// anew each time made growslice and the garbage collector a quarter of a
// query's time. sharePool holds those of the workers that score
// segments beside the search's own (scoreSegments), about a worker's
// share of its size: mixed in one pool, the search often got a share's
// and grew it.
var candidatePool, sharePool = newSlicePool[candidate](), newSlicePool[candidate]()

func getScratch(n int) *scratch {
	s := scratchPool.get()
	if cap(s.acc) < n {
		s.acc = make([]nodeAcc, n)
		writeEachPage(s.acc) // read before written: see writeEachPage
	}
	s.acc = s.acc[:n]
	s.touched, s.curHit = s.touched[:0], s.curHit[:0]
	return s
}

func putScratch(s *scratch) {
	for _, n := range s.touched {
		s.acc[n].score, s.acc[n].tmask = 0, 0
	}
	scratchPool.put(s)
}

// Search ranks the nodes that match req.
func (ix *Index) Search(req SearchRequest) (*treenav.SearchResponse, error) {
	v := ix.view()
	r := ix.Ranking()
	weights := *ix.weights.Load()
	if err := checkQueryLength(req.Query); err != nil {
		return nil, err
	}
	q := analysis.ParseQuery(req.Query)
	resp := &treenav.SearchResponse{Query: req.Query, Results: []treenav.SearchResult{}}
	filter, err := v.compileFilter(req)
	if err != nil {
		// A doc_id of a file left out says why, as tree and node do.
		if nf, ok := errors.AsType[*NotFoundError](err); ok {
			return nil, withAsked(nf.ID, err)
		}
		return nil, err
	}
	empty, note := analysis.StopNote(req.Query)
	resp.Note = note
	if empty || len(q.Terms) == 0 || v.liveNodes == 0 {
		return resp, nil
	}
	limit := req.Limit
	if limit <= 0 {
		limit = DefaultLimit
	}
	variants := v.expand(q, &r)

	cp := candidatePool.get()
	defer putSlice(&candidatePool, cp)
	cands := (*cp)[:0]
	// Coverage, name match, test files and collection weight are weighed
	// as each segment's candidates are made, while their nodes' hot
	// records are in cache: one pass over them, not one per step.
	names := newNameQueries(q, req.Query)
	uses := newUsesPriors(ix, v, r.UsesWeight)
	// A module asked for by name is no question in words.
	plain, action := analysis.PlainWords(req.Query) && names.module == "", analysis.ActionQuery(req.Query)
	w := weigher{q: q, names: &names, uses: &uses, r: &r, weights: weights, plain: plain, action: action,
		table: newStandingTable(&r, plain, analysis.AsksForTests(req.Query), analysis.AsksForChanges(req.Query), action)}
	if r.DirWordsBonus > 0 {
		w.dirs = v.dirDocs(q)
	}
	keepPhraseNodes(q, variants, len(v.segs))
	need := req.Offset + limit
	common := v.commonTerms(q, variants)
	cands = v.scoreSegments(cands, q, variants, common, filter, &r, &w)
	if common && len(cands) < need {
		// The other words match less than the page: all of them
		// select, as without common words.
		// A fresh weigher: no pending priors, the uses not admitted yet
		// (w.uses is &uses).
		clearCommon(variants)
		uses = newUsesPriors(ix, v, r.UsesWeight)
		w = w.fork()
		cands = v.scoreSegments(cands[:0], q, variants, false, filter, &r, &w)
		common = false
	}
	if common {
		resp.Note = joinNotes(resp.Note, commonNote(v, q, variants))
	}
	*cp = cands // grown slices go back to the pool too
	rerank := max(need*3, feedbackWindow)
	filtered := len(q.Phrases) > 0 || len(q.Literals) > 0
	w.settle(cands, rerank, filtered)
	if filtered {
		// Each candidate is kept or not on its own: filtered first, in
		// the order they were found (by document, which the file cache
		// likes), and only those kept are ranked.
		cands = v.keepPhrases(cands, q, variants)
		cands = ix.keepLiterals(v, cands, q.Literals)
	}
	// Only the first pages are read: select them, do not sort all.
	topCandidates(v, cands, rerank)
	resp.Total = len(cands)
	rerank = min(len(cands), rerank)
	// The terms the query looks for: feedback looks for others, snippets
	// mark these.
	matchTerms := map[string]bool{}
	for _, vs := range variants {
		for _, va := range vs {
			matchTerms[va.term] = true
		}
	}
	// Feedback reads the same first results whatever the page: a window
	// that grew with offset and limit rescored a different set, so that
	// pages repeated results and skipped others.
	// Names the words spell: over the same first results whatever the
	// page, as feedback; not for a query about releases, which asks for
	// the changelog that names them.
	window := cands[:min(rerank, feedbackWindow)]
	resort := false
	if w.plain && r.NameWordsBonus > 0 && !analysis.AsksForReleases(req.Query) {
		resort = nameWords(v, window, q, &names, r.NameWordsBonus, w.action)
		if resort {
			sortCandidates(v, cands[:rerank])
		}
	}
	resort = ix.feedback(v, window, matchTerms, &r, weights) || resort
	if len(q.Words) > 1 {
		// Each candidate's positions are read on its own: on every core.
		top := cands[:rerank]
		onSegments(len(top), min(runtime.GOMAXPROCS(0), len(top)), func(int) func(i int) {
			return func(i int) { top[i].score += proximityBonus(v, &top[i], q, variants, &r) }
		})
		resort = true
	}
	if resort {
		sortCandidates(v, cands[:rerank])
	}
	if req.Offset >= len(cands) {
		return resp, nil
	}
	page := cands[req.Offset:min(len(cands), need)]
	snipChars := req.SnippetChars
	if snipChars <= 0 {
		snipChars = 240
	}
	match := newTermSet(matchTerms)
	budget := newCharBudget(req.MaxChars)
	budget.reserve(&treenav.SearchResponse{Query: req.Query, Note: resp.Note, Total: resp.Total, Results: []treenav.SearchResult{},
		NextCursor: strconv.Itoa(len(cands)), Truncated: true})
	// The results are made resultsAtOnce at a time: a long page that
	// max_chars cuts short makes few more than it shows.
pages:
	for at := 0; at < len(page); at += resultsAtOnce {
		for _, res := range ix.pageResults(v, page[at:min(len(page), at+resultsAtOnce)], match, snipChars, &names) {
			size := jsonSize(res)
			if !budget.take(size, len(resp.Results)) {
				resp.Truncated = true
				break pages
			}
			if budget.left < 0 {
				// A first result alone passes the budget: shorten its snippet.
				res.Snippet = clip(res.Snippet, max(0, len(res.Snippet)+budget.left))
				resp.Truncated = true
			}
			resp.Results = append(resp.Results, res)
		}
	}
	if next := req.Offset + len(resp.Results); next < len(cands) {
		resp.NextCursor = strconv.Itoa(next)
	}
	return resp, nil
}

func sortCandidates(v *view, cands []candidate) { sortBy(cands, v.compareCandidates) }

// compareCandidates orders candidates: higher score first; ties by
// document id, then document order, so results are deterministic (a
// total order).
func (v *view) compareCandidates(a, b *candidate) int {
	if a.score != b.score {
		if a.score > b.score {
			return -1
		}
		return 1
	}
	na, nb := v.segs[a.ref.seg].node(a.ref.node), v.segs[b.ref.seg].node(b.ref.node)
	da, db := v.segs[a.ref.seg].docs[na.doc].DocID, v.segs[b.ref.seg].docs[nb.doc].DocID
	return cmp.Or(strings.Compare(da, db), cmp.Compare(a.ref.seg, b.ref.seg), cmp.Compare(a.ref.node, b.ref.node))
}

// topCandidates moves the best m candidates, sorted, to the front of
// cands (the rest stay in no order): a common word matches tens of
// thousands of nodes, and only the first pages are read.
func topCandidates(v *view, cands []candidate, m int) {
	selectTop(cands, m, v.compareCandidates)
}

// expand finds each query term's variants in the dictionaries of all
// segments: the term itself, prefix expansions (capped, discounted) and
// synonyms (discounted), with their global IDF.
func (v *view) expand(q *analysis.Query, r *treenav.Ranking) [][]variant {
	terms := v.newTermLookup()
	if workers := min(runtime.GOMAXPROCS(0), len(v.segs)); workers > 1 {
		// A first pass names every term the expansion may weigh, looking
		// none up; they are then found in the segments' dictionaries on
		// every core, and the second pass reads them. The lookups, a
		// binary search of each segment's dictionary for each term and
		// variant, were a tenth of a search's time in its own goroutine.
		terms.asked = map[string]bool{}
		v.expandWith(q, r, terms)
		terms.prefetch(workers)
	}
	out := v.expandWith(q, r, terms)
	v.lookupVariants(out, terms)
	return out
}

// expandWith is expand with its lookups.
func (v *view) expandWith(q *analysis.Query, r *treenav.Ranking, terms *termLookup) [][]variant {
	out := make([][]variant, len(q.Terms))
	idf := terms.idf
	for ti, t := range q.Terms {
		seen := map[string]bool{t.Text: true}
		if w := idf(t.Text); w > 0 {
			out[ti] = append(out[ti], variant{term: t.Text, mult: 1, idf: w})
		}
		if t.Exact {
			continue
		}
		if r.PrefixPenalty > 0 && len(t.Text) >= r.PrefixMinLength {
			for _, e := range terms.prefixTerms(t.Text, r.PrefixMaxExpansions) {
				if !seen[e] {
					seen[e] = true
					out[ti] = append(out[ti], variant{term: e, mult: r.PrefixPenalty, idf: idf(e)})
				}
			}
		}
		if w := &q.Words[t.Word]; w.Whole == ti {
			// The name in the other convention: a snake_case route's
			// camelCase handler, a camelCase query's snake_case function.
			if c := w.CaseTwin(); c != "" && !seen[c] {
				seen[c] = true
				if w := idf(c); w > 0 {
					out[ti] = append(out[ti], variant{term: c, mult: 1, idf: w})
				}
			}
		}
		if c, ok := q.Compounds[t.Word]; ok && !seen[c] {
			seen[c] = true
			if w := idf(c); w > 0 {
				out[ti] = append(out[ti], variant{term: c, mult: 1, idf: w})
			}
		}
		if r.Synonyms && r.SynonymWeight > 0 && q.Words[t.Word].Whole < 0 {
			syns := append([]string(nil), analysis.Synonyms[t.Text]...)
			if c, ok := q.Compounds[t.Word]; ok {
				syns = append(syns, analysis.Synonyms[c]...)
			}
			for _, syn := range syns {
				if !seen[syn] {
					seen[syn] = true
					if w := idf(syn); w > 0 {
						out[ti] = append(out[ti], variant{term: syn, mult: r.SynonymWeight, idf: w})
					}
				}
			}
		}
	}
	if r.Synonyms && r.SynonymWeight > 0 {
		v.expandSpans(q, out, r, idf)
	}
	return out
}

// expandSpans gives each word of a multi-word synonym entry found in the
// query ("access control", "graceful shutdown") the entry's one-word
// synonyms as variants, so a node with "permissions" covers both words.
// The words share the synonym's weight: one word standing for a phrase is
// one piece of evidence, not one per word. Each taking it whole, a node
// with "drain" anywhere, even as a part of an identifier (the Go
// runtime's gcDrainMarkWorkerIdle), scored twice a synonym's weight and
// outranked nodes with "shutdown" itself: GOROOT's "graceful shutdown"
// had gcDrain* at ranks 5 to 11, now from 12 (suite: "access control"
// NDCG@10 0.659 → 0.570 among near-equal scores).
func (v *view) expandSpans(q *analysis.Query, out [][]variant, r *treenav.Ranking, idf func(string) float64) {
	for i := range q.Words {
		for n := 2; n <= 3 && i+n <= len(q.Words); n++ {
			key := make([]string, 0, n)
			for _, w := range q.Words[i : i+n] {
				if w.Whole >= 0 || len(w.Terms) != 1 {
					break
				}
				key = append(key, q.Terms[w.Terms[0]].Text)
			}
			targets, ok := analysis.SpanSynonyms[strings.Join(key, " ")]
			if len(key) != n || !ok {
				continue
			}
			for _, w := range q.Words[i : i+n] {
				ti := w.Terms[0]
				for _, syn := range targets {
					dup := false
					for _, va := range out[ti] {
						dup = dup || va.term == syn
					}
					if w := idf(syn); !dup && w > 0 {
						out[ti] = append(out[ti], variant{term: syn, mult: r.SynonymWeight / float64(n), idf: w})
					}
				}
			}
		}
	}
}

// termLookup finds terms in every segment's dictionary, each once per
// search: a query's terms, prefix completions and synonyms were looked
// up to weigh their IDF, then again for their postings, a binary search
// of each segment's dictionary each time (an eighth of a search of a
// few thousand candidates on the 25k-file corpus, 13 segments).
type termLookup struct {
	v   *view
	n   float64
	ids map[string][]int
	// asked, when set, collects the terms idf is asked for instead of
	// looking them up (expand's first pass; idf answers 1).
	asked map[string]bool
	// prefixes are prefixTerms' answers, each prefix read once.
	prefixes map[string][]string
}

func (v *view) newTermLookup() *termLookup {
	return &termLookup{v: v, n: v.idfNodes(), ids: map[string][]int{}}
}

// idfNodes is the N of BM25's IDF: every node of the view's segments,
// deleted or not, as their postings count (at least 1).
func (v *view) idfNodes() float64 {
	total := 0
	for _, s := range v.segs {
		total += len(s.nodes)
	}
	return float64(max(total, 1))
}

// idsOf is term's id in each segment's dictionary, -1 where it is not;
// the slice is shared, read only.
func (t *termLookup) idsOf(term string) []int {
	if ids, ok := t.ids[term]; ok {
		return ids
	}
	ids := make([]int, len(t.v.segs))
	for si, s := range t.v.segs {
		ids[si] = s.lookup(term)
	}
	t.ids[term] = ids
	return ids
}

// prefetch looks up the terms asked (expand's first pass), each
// segment's on a worker, and stops collecting.
func (t *termLookup) prefetch(workers int) {
	var list []string
	for term := range t.asked {
		if _, ok := t.ids[term]; !ok {
			list = append(list, term)
		}
	}
	t.asked = nil
	ids := make([][]int, len(list))
	for i := range ids {
		ids[i] = make([]int, len(t.v.segs))
	}
	onSegments(len(t.v.segs), workers, func(int) func(si int) {
		return func(si int) {
			s := t.v.segs[si]
			for i, term := range list {
				ids[i][si] = s.lookup(term)
			}
		}
	})
	for i, term := range list {
		t.ids[term] = ids[i]
	}
}

// prefixTerms is view.prefixTerms, read once per prefix.
func (t *termLookup) prefixTerms(prefix string, maxN int) []string {
	if out, ok := t.prefixes[prefix]; ok {
		return out
	}
	out := t.v.prefixTerms(prefix, maxN)
	if t.prefixes == nil {
		t.prefixes = map[string][]string{}
	}
	t.prefixes[prefix] = out
	return out
}

// idf is BM25's IDF of a term over the view. Document frequencies count
// postings of deleted documents until their segment is merged, so N
// counts every node too (as Lucene's maxDoc does): IDF stays positive
// and consistent.
func (t *termLookup) idf(term string) float64 {
	if t.asked != nil {
		t.asked[term] = true
		return 1
	}
	df := 0
	for si, id := range t.idsOf(term) {
		if id >= 0 {
			s := t.v.segs[si]
			df += s.postingCount(id)
		}
	}
	return bm25IDF(t.n, df)
}

// prefixTerms returns up to max dictionary terms that start with prefix
// (excluding prefix itself), shortest first: the closest completions.
// Every segment's completions are read: cut at the first few of each in
// dictionary order, the result depended on how the build happened to
// split the index into segments, and two fresh builds ranked differently.
func (v *view) prefixTerms(prefix string, maxN int) []string {
	if maxN <= 0 {
		return nil
	}
	// The closest maxN so far, in order: a short prefix ("get", "set")
	// has thousands of completions, and sorting them all was most of
	// expanding it.
	closer := func(a, b string) bool {
		if len(a) != len(b) {
			return len(a) < len(b)
		}
		return a < b
	}
	var out []string
	for _, s := range v.segs {
		for i := s.lowerBound(prefix); i < s.terms.n(); i++ {
			t := s.terms.at(i)
			if !strings.HasPrefix(t, prefix) {
				break
			}
			if t == prefix || len(out) == maxN && !closer(t, out[maxN-1]) {
				continue
			}
			j := sort.Search(len(out), func(k int) bool { return !closer(out[k], t) })
			if j < len(out) && out[j] == t {
				continue // in another segment too
			}
			if len(out) < maxN {
				out = append(out, "")
			}
			copy(out[j+1:], out[j:])
			out[j] = strings.Clone(t) // terms are views of the segment's dictionary
		}
	}
	return out
}

// gatherBlock is how many postings scoreSegment decodes the nodes of
// (postIter), then reads the norms and accumulators of, before it scores
// them: read by a loop that does
// nothing else, their cache misses overlap (a tenth off the bench's
// query p50 on the 25k-file corpus), where the scoring loop met them
// one at a time.
const gatherBlock = 64

// lookupPostings is how many times longer than the nodes to score a
// common variant's postings must be for scoreSegment to look each node
// up (findPosting: a binary search of the block heads and a block's
// decode, about a hundred times a posting's read in the list).
var lookupPostings = 64

// scoreSegment accumulates BM25F scores of segment si's allowed nodes. For
// each query term a node scores its best variant (so prefix expansions and
// synonyms never add up); term scores are summed.
//
// With common variants (commonTerms), the nodes the others match are
// marked first (selectNodes), and a common variant scores only those.
func (v *view) scoreSegment(cands []candidate, si int, s *segment, q *analysis.Query, variants [][]variant, common bool, allowed bitset, f *filter, r *treenav.Ranking, wt *weigher) []candidate {
	sc := getScratch(len(s.nodes))
	defer putScratch(sc)
	w, bAvg := v.fieldNorms(r)
	k1, b := r.K1, r.B
	kindOK := f.kindTable(s) // nil: no kind filter
	selected := 0            // the nodes in sc.sel
	if common {
		sc.sel = selectNodes(sc.sel, s, si, variants)
		sc.selList = sc.sel.appendTo(sc.selList[:0])
		selected = len(sc.selList)
	}
	for ti, t := range q.Terms {
		for _, va := range variants[ti] {
			tid := va.ids[si]
			if tid < 0 {
				continue
			}
			scale := va.mult * va.idf * (k1 + 1)
			if va.rankOnly && selected*lookupPostings < int(s.termPost[tid+1]-s.termPost[tid]) {
				// Few nodes to score in a long list: each looked up.
				for _, node := range sc.selList {
					p := s.findPosting(tid, node)
					if p < 0 {
						continue
					}
					nn := &s.norms[node]
					if !allowed.has(nn.doc) || kindOK != nil && !kindOK.has(&s.nodes[node]) {
						continue
					}
					tfw := fieldTF(s.tf(uint32(p)), nn, &w, &bAvg, b)
					score := float32(scale * tfw / (k1 + tfw))
					a := &sc.acc[node]
					if a.cur == 0 {
						sc.curHit = append(sc.curHit, node)
					}
					a.cur = max(a.cur, score)
				}
				continue
			}
			var blk [gatherBlock]nodeNorm
			var cur [gatherBlock]float32
			var ids [gatherBlock]uint32
			var keep []uint32
			if va.nodes != nil {
				keep = make([]uint32, 0, s.termPost[tid+1]-s.termPost[tid])
			}
			it := s.postings(tid)
			for {
				p0 := it.p
				nodes := ids[:it.next(ids[:])]
				if len(nodes) == 0 {
					break
				}
				if va.nodes != nil {
					keep = append(keep, nodes...)
				}
				// A node has one posting a term: its accumulator is
				// read here once and written below at most once.
				for i, node := range nodes {
					if va.rankOnly && !sc.sel.has(node) {
						continue // matched by no other variant: not read
					}
					blk[i] = s.norms[node]
					cur[i] = sc.acc[node].cur
				}
				for i, node := range nodes {
					if va.rankOnly && !sc.sel.has(node) {
						continue
					}
					nn := &blk[i]
					if !allowed.has(nn.doc) || kindOK != nil && !kindOK.has(&s.nodes[node]) {
						continue
					}
					tfw := fieldTF(s.tf(p0+uint32(i)), nn, &w, &bAvg, b)
					score := float32(scale * tfw / (k1 + tfw))
					if cur[i] == 0 {
						sc.curHit = append(sc.curHit, node)
					}
					if score > cur[i] {
						sc.acc[node].cur = score
					}
				}
			}
			if va.nodes != nil {
				va.nodes[si] = keep // va is a copy; nodes is shared
			}
		}
		for _, node := range sc.curHit {
			a := &sc.acc[node]
			if a.tmask == 0 {
				sc.touched = append(sc.touched, node)
			}
			a.score += float32(t.Weight) * a.cur
			a.tmask |= 1 << uint(ti)
			a.cur = 0
		}
		sc.curHit = sc.curHit[:0]
	}
	start := len(cands)
	if need := len(cands) + len(sc.touched); need > cap(cands) {
		// Doubled, not the quarter append adds to a large slice: a
		// common word's candidates, hundreds of thousands, came in
		// segment by segment and were copied again for each.
		cands = slices.Grow(cands, max(need, 2*cap(cands))-len(cands))
	}
	for _, node := range sc.touched {
		a := &sc.acc[node]
		cands = append(cands, candidate{ref: nodeRef{uint32(si), node}, bm25: a.score, tmask: a.tmask})
	}
	wt.weigh(s, cands[start:], start, sc)
	return cands
}

// fieldNorms returns BM25F's field weights and, per field, b over the
// field's average length: a field's length norm is 1 - b + b*len/avg, and
// with b/avg at hand the scoring loops multiply instead of dividing.
func (v *view) fieldNorms(r *treenav.Ranking) (w, bAvg [treenav.NumFields]float64) {
	w = [treenav.NumFields]float64{
		treenav.FieldBody: r.BodyWeight, treenav.FieldTitle: r.TitleWeight,
		treenav.FieldDescription: r.DescriptionWeight, treenav.FieldCode: r.CodeWeight,
		treenav.FieldPath: r.PathWeight,
	}
	for fi := range treenav.NumFields {
		bAvg[fi] = r.B / v.avgFieldLen(treenav.Field(fi))
	}
	return w, bAvg
}

// fieldTF is BM25F's weighted, length-normalised term frequency of one
// posting: only the fields the term is in (one or two of five).
func fieldTF(packed uint32, nn *nodeNorm, w, bAvg *[treenav.NumFields]float64, b float64) float64 {
	tfw := 0.0
	for packed != 0 {
		fi := uint(bits.TrailingZeros32(packed)) / tfBits
		tf := unpackTF(packed, treenav.Field(fi))
		packed &^= tfMax << (fi * tfBits)
		norm := 1 - b + bAvg[fi]*float64(nn.fieldLen[fi])
		tfw += w[fi] * float64(tf) / norm
	}
	return tfw
}

// avgFieldLen is field f's average length for BM25F's length norm. Prose
// (body) and source (code) are content only some nodes carry: markdown
// has prose, code symbols do not; a section has source only in its
// fenced blocks and spans. Averaged over every node, a repository of
// code made the body average a fraction of one section's length, so each
// prose section read as many times too long and a body match counted for
// little next to a title. Those two fields average over the nodes that
// have them, so that a section is compared with sections and a function
// body with function bodies. Title and path are on every node; the
// description (docstrings, frontmatter) keeps the all-node average:
// averaged over documented nodes only it favoured long class and module
// docstrings over their members (facet NDCG@10 0.923 → 0.901).
func (v *view) avgFieldLen(f treenav.Field) float64 {
	n := v.liveNodes
	if f == treenav.FieldBody || f == treenav.FieldCode {
		n = int(v.fieldNodes[f])
	}
	avg := float64(v.fieldLen[f]) / float64(max(n, 1))
	if avg == 0 {
		return 1
	}
	return avg
}

// wordsCovered counts the query words a node matched: a word is covered by
// its whole identifier or by all of its parts.
func wordsCovered(q *analysis.Query, tmask uint32) int {
	n := 0
	for i := range q.Words {
		if wordShare(&q.Words[i], tmask) == 1 {
			n++
		}
	}
	return n
}

// coord scales a node's score by the share of the query's words it
// covers (Lucene's coordination factor): a node matching one word of two
// keeps half its score, so it cannot outrank a node about both on the
// strength of a short title. A word partly covered counts in part (see
// wordsShare).
func coord(q *analysis.Query, tmask uint32) float64 {
	if len(q.Words) < 2 {
		return 1
	}
	return wordsShare(q, tmask) / float64(len(q.Words))
}

// wordsShare is wordsCovered with partial credit: a word the node covers
// only some parts of ("user" and "token" of getUserToken) counts for the
// share of its parts it has, so that such a node keeps a score above
// zero, below the nodes that cover the word.
func wordsShare(q *analysis.Query, tmask uint32) float64 {
	share := 0.0
	for i := range q.Words {
		share += wordShare(&q.Words[i], tmask)
	}
	return share
}

// wordShare is how much of word w a node with terms tmask covers: 1 for
// its whole identifier or all of its parts, else the share of its parts.
func wordShare(w *analysis.Word, tmask uint32) float64 {
	if w.Whole >= 0 && tmask&(1<<uint(w.Whole)) != 0 {
		return 1
	}
	if len(w.Parts) == 0 {
		return 0
	}
	had := 0
	for _, p := range w.Parts {
		if tmask&(1<<uint(p)) != 0 {
			had++
		}
	}
	return float64(had) / float64(len(w.Parts))
}

// coverageBonus rewards nodes that contain every word of a multi-word
// query; a single word gets none, so single-term scores are plain BM25.
func coverageBonus(q *analysis.Query, tmask uint32, r *treenav.Ranking) float64 {
	if len(q.Words) < 2 {
		return 0
	}
	if wordsCovered(q, tmask) == len(q.Words) {
		return r.FullCoverageBonus
	}
	return 0
}

// wordPositions returns the positions in node c of any variant of any term
// of word wi.
func (v *view) wordPositions(c *candidate, q *analysis.Query, variants [][]variant, wi int, buf []uint32) []uint32 {
	s := v.segs[c.ref.seg]
	out := buf[:0]
	var tmp []uint32
	for _, ti := range q.Words[wi].Terms {
		if c.tmask&(1<<uint(ti)) == 0 {
			continue
		}
		for vi := range variants[ti] {
			va := &variants[ti][vi]
			t := va.ids[c.ref.seg]
			if t < 0 {
				continue
			}
			if p := va.find(s, c.ref.seg, t, c.ref.node); p >= 0 {
				tmp = s.positions(uint32(p), tmp)
				out = append(out, tmp...)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// proximityBonus rewards adjacent query words found close together: for
// each pair, ProximityBonus / distance, averaged over the pairs.
func proximityBonus(v *view, c *candidate, q *analysis.Query, variants [][]variant, r *treenav.Ranking) float64 {
	if r.ProximityBonus == 0 {
		return 0
	}
	var prev []uint32
	total, pairs := 0.0, 0
	for wi := range q.Words {
		cur := v.wordPositions(c, q, variants, wi, nil)
		if wi > 0 {
			pairs++
			if d := minDistance(prev, cur); d > 0 {
				total += 1 / float64(d)
			}
		}
		prev = cur
	}
	if pairs == 0 {
		return 0
	}
	return r.ProximityBonus * total / float64(pairs)
}

// minDistance is the smallest |a-b| over two sorted lists (0 if either is
// empty, 1 for adjacent or equal positions).
func minDistance(a, b []uint32) int {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	best := math.MaxInt
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		d := int(a[i]) - int(b[j])
		if d < 0 {
			d = -d
		}
		best = min(best, d)
		if a[i] < b[j] {
			i++
		} else {
			j++
		}
	}
	return max(best, 1)
}

// keepPhrases drops candidates that do not contain each quoted phrase as
// consecutive words.
func (v *view) keepPhrases(cands []candidate, q *analysis.Query, variants [][]variant) []candidate {
	// need lists, for each word of a phrase, the terms one of which a
	// candidate must have matched to hold the phrase (a word has
	// positions only where one of its terms matched): most candidates of
	// a phrase of common words ("def __init__(self)") lack one and are
	// dropped without reading positions.
	var need []uint32
	for _, ph := range q.Phrases {
		for _, wi := range ph {
			m := uint32(0)
			for _, ti := range q.Words[wi].Terms {
				m |= 1 << uint(ti)
			}
			need = append(need, m)
		}
	}
	out := cands[:0]
	for i := range cands {
		c := &cands[i]
		ok := true
		for _, m := range need {
			if c.tmask&m == 0 {
				ok = false
				break
			}
		}
		for _, ph := range q.Phrases {
			if !ok || !v.hasPhrase(c, q, variants, ph) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, *c)
		}
	}
	return out
}

// hasPhrase reports whether node c has the phrase's words at the
// distances the query has them: stop words and the parts of identifiers
// take positions in both ("use of closed" is use, a gap, closed).
func (v *view) hasPhrase(c *candidate, q *analysis.Query, variants [][]variant, words []int) bool {
	starts := v.wordPositions(c, q, variants, words[0], nil)
	first := q.Words[words[0]].Pos
	for k := 1; k < len(words) && len(starts) > 0; k++ {
		next := v.wordPositions(c, q, variants, words[k], nil)
		set := make(map[uint32]bool, len(next))
		for _, p := range next {
			set[p] = true
		}
		off := uint32(q.Words[words[k]].Pos - first)
		kept := starts[:0]
		for _, p := range starts {
			if set[p+off] {
				kept = append(kept, p)
			}
		}
		starts = kept
	}
	return len(starts) > 0
}
