package index

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"text/tabwriter"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/parsers"
)

// The search-quality suite (seeds/002): labelled queries, tree-navigation
// workflows and BM25 invariants over the corpus in
// fixtures/search-quality. The labels are judgements of relevance written
// from the corpus text; tune the ranking against them, never the other way
// round.
//
// Metrics, per query, over the first qualityK results:
//   - NDCG@10: gain = grade (0-3), discount log2(rank+1), ideal from the
//     labels; nodes without a label have grade 0.
//   - MRR@10: 1/rank of the first result with grade >= qualityRelevantGrade,
//     0 if none in the first qualityK.
//   - P@1: 1 when the first result has the query's highest label grade
//     (normally 3: "the node written to answer this query").
//
// zero_result queries carry no labels and pass only when the search
// returns no result at all; they are reported apart and not averaged into
// the overall numbers. Categories and overall are means over queries.

// Gates: the test fails below these (issue #4, seeds/002).
//
// Exact-match NDCG@10 was stuck near 0.94 for as long as the ranker scored
// each node alone: a random search over 8,000 settings of the ranking
// knobs gained nothing on held-out queries (2-fold cross-validation). The
// labels grade, besides the heading a query names, its subsections, the
// code it documents and the runbook that cites it, which share its
// vocabulary more than the query's words; pseudo-relevance feedback
// (index/feedback.go) reads that vocabulary off the leading result and
// reached 0.953 here and 0.932 on the independent second opinion
// (second-opinion.json; 0.924 before), improving 7 of the 12 exact
// queries and lowering 2.
const (
	qualityMinNDCGOverall = 0.85
	qualityMinNDCGExact   = 0.95
	qualityMinMRROverall  = 0.90
	qualityMinP1Exact     = 1.0
	qualityMinP1Symbol    = 1.0
	qualityMinNavigation  = 1.0 // share of scenarios that pass
	qualityMinZeroResult  = 1.0 // share of zero_result queries with no result
)

const (
	qualityK             = 10
	qualityRelevantGrade = 2
	qualityDir           = "../fixtures/search-quality"
)

// Query categories, in table order.
var qualityCategories = []string{"exact", "multi_term", "synonym", "code_symbol", "facet", "discriminating"}

const categoryZeroResult = "zero_result"

type qualityLabel struct {
	NodeID string `json:"node_id"`
	Grade  int    `json:"grade"`
}

type qualityQuery struct {
	ID         string              `json:"id"`
	Query      string              `json:"query"`
	Category   string              `json:"category"`
	Filters    map[string][]string `json:"filters"`
	Collection string              `json:"collection"`
	Relevant   []qualityLabel      `json:"relevant"`
	MustBeTop  *struct {
		NodeID string `json:"node_id"`
		K      int    `json:"k"`
	} `json:"must_be_top"`
	Note string `json:"note"`
}

func loadQualityJSON(t *testing.T, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(qualityDir, name))
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// newQualityIndex indexes the corpus as two collections, docs and code,
// so that doc ids carry the collection ("docs:auth/oauth.md") and the
// cross-collection scenario has something to scope.
func newQualityIndex(t *testing.T) *Index {
	t.Helper()
	root := filepath.Join(qualityDir, "corpus")
	ix := dirIndex(t,
		treenav.Collection{Name: "docs", Root: filepath.Join(root, "docs")},
		treenav.Collection{Name: "code", Root: filepath.Join(root, "code")})
	// TREENAV_QUALITY_RANK="knob=value,..." tries other ranking knobs
	// without editing code: the way to explore a change before making it
	// the default.
	if spec := os.Getenv("TREENAV_QUALITY_RANK"); spec != "" {
		r := ix.Ranking()
		for _, kv := range strings.Split(spec, ",") {
			k, val, _ := strings.Cut(kv, "=")
			if err := r.Set(strings.TrimSpace(k), strings.TrimSpace(val)); err != nil {
				t.Fatal(err)
			}
		}
		ix.SetRanking(r)
		t.Logf("ranking knobs from TREENAV_QUALITY_RANK: %s", spec)
	}
	return ix
}

// qualityCorpus knows every node id of the index, and which documents of
// the corpus have no parser in this build (their labels are dropped).
type qualityCorpus struct {
	nodes    map[string]bool
	docs     map[string]bool
	noParser map[string]bool // doc ids of corpus files no parser handles
}

func scanQualityCorpus(t *testing.T, ix *Index) *qualityCorpus {
	t.Helper()
	c := &qualityCorpus{nodes: map[string]bool{}, docs: map[string]bool{}, noParser: map[string]bool{}}
	list, err := ix.List(ListRequest{Limit: 10000})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range list.Documents {
		c.docs[d.DocID] = true
		tr, err := ix.Tree(TreeRequest{DocID: d.DocID})
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range tr.Nodes {
			c.nodes[n.NodeID] = true
		}
	}
	for _, coll := range []string{"docs", "code"} {
		dir := filepath.Join(qualityDir, "corpus", coll)
		err := filepath.WalkDir(dir, func(p string, de os.DirEntry, err error) error {
			if err != nil || de.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(dir, p)
			rel = filepath.ToSlash(rel)
			src, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			if parsers.Kind(rel, src[:min(len(src), 512)]) == "" {
				c.noParser[coll+":"+rel] = true
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return c
}

// check reports whether a labelled node id is usable: present, or absent
// only because this build has no parser for its file (then it is dropped
// and noted). Any other absence is an error in the labels or a regression
// in extraction.
func (c *qualityCorpus) check(t *testing.T, where, id string, dropped map[string]bool) bool {
	t.Helper()
	if c.nodes[id] {
		return true
	}
	docID, _ := treenav.SplitNodeID(id)
	if c.noParser[docID] {
		dropped[docID] = true
		return false
	}
	t.Errorf("%s: labelled node %s is not in the index", where, id)
	return false
}

// unparseable returns the ids among ids whose file no parser of this
// build handles; checks and scenarios that name one are skipped.
func (c *qualityCorpus) unparseable(ids ...string) []string {
	var out []string
	for _, id := range ids {
		if docID, _ := treenav.SplitNodeID(id); id != "" && c.noParser[docID] && rankOf(out, docID) < 0 {
			out = append(out, docID)
		}
	}
	return out
}

// errQualitySkip marks a check that cannot run in this build.
var errQualitySkip = errors.New("skipped: names a file no parser of this build handles")

type queryScore struct {
	q              *qualityQuery
	ndcg, rr, p1   float64
	ranked         []string
	grades         map[string]int
	zeroOK         bool
	mustOK         bool
	mustRank       int
	skipped        bool
	droppedUnknown []string
}

// scoreQuery runs one query and scores its first qualityK results.
func scoreQuery(t *testing.T, ix *Index, c *qualityCorpus, q *qualityQuery, dropped map[string]bool) queryScore {
	t.Helper()
	s := queryScore{q: q, grades: map[string]int{}, mustOK: true}
	maxGrade, labelledMax := 0, 0
	for _, l := range q.Relevant {
		if l.Grade < 0 || l.Grade > 3 {
			t.Errorf("%s: grade %d of %s is not in 0-3", q.ID, l.Grade, l.NodeID)
		}
		labelledMax = max(labelledMax, l.Grade)
		if !c.check(t, q.ID, l.NodeID, dropped) {
			continue
		}
		if _, dup := s.grades[l.NodeID]; dup {
			t.Errorf("%s: %s is labelled twice", q.ID, l.NodeID)
		}
		s.grades[l.NodeID] = l.Grade
		maxGrade = max(maxGrade, l.Grade)
	}
	req := SearchRequest{Query: q.Query, Filters: q.Filters, Limit: qualityK}
	if q.Collection != "" {
		req.Collections = []string{q.Collection}
	}
	resp, err := ix.Search(req)
	if err != nil {
		t.Fatalf("%s: %v", q.ID, err)
	}
	for _, r := range resp.Results {
		s.ranked = append(s.ranked, r.NodeID)
	}
	if q.Category == categoryZeroResult {
		if len(q.Relevant) > 0 {
			t.Errorf("%s: zero_result queries carry no labels", q.ID)
		}
		s.zeroOK = resp.Total == 0
		return s
	}
	if maxGrade < labelledMax {
		// The best answers are in files this build cannot parse: what is
		// left would measure another question.
		s.skipped = true
		return s
	}
	s.ndcg = ndcg(s.ranked, s.grades, qualityK)
	for i, id := range s.ranked {
		if s.grades[id] >= qualityRelevantGrade {
			s.rr = 1 / float64(i+1)
			break
		}
	}
	if len(s.ranked) > 0 && s.grades[s.ranked[0]] == maxGrade {
		s.p1 = 1
	}
	if m := q.MustBeTop; m != nil && c.check(t, q.ID, m.NodeID, dropped) {
		s.mustRank = rankOf(s.ranked, m.NodeID) + 1
		s.mustOK = s.mustRank > 0 && s.mustRank <= m.K
	}
	return s
}

// ndcg is NDCG@k with linear gains: DCG = Σ grade_i / log2(i+1) over ranks
// i = 1..k, divided by the DCG of the labels sorted best first.
func ndcg(ranked []string, grades map[string]int, k int) float64 {
	dcg := 0.0
	for i, id := range ranked[:min(len(ranked), k)] {
		dcg += float64(grades[id]) / math.Log2(float64(i)+2)
	}
	var ideal []int
	for _, g := range grades {
		if g > 0 {
			ideal = append(ideal, g)
		}
	}
	sort.Sort(sort.Reverse(sort.IntSlice(ideal)))
	idcg := 0.0
	for i, g := range ideal[:min(len(ideal), k)] {
		idcg += float64(g) / math.Log2(float64(i)+2)
	}
	if idcg == 0 {
		return 0
	}
	return dcg / idcg
}

func rankOf(xs []string, s string) int {
	for i, x := range xs {
		if x == s {
			return i
		}
	}
	return -1
}

// qualityRow is the mean of the metrics over a set of queries.
type qualityRow struct {
	n             int
	ndcg, mrr, p1 float64
}

func (r *qualityRow) add(s queryScore) {
	r.n++
	r.ndcg += s.ndcg
	r.mrr += s.rr
	r.p1 += s.p1
}

func (r qualityRow) mean() qualityRow {
	if r.n == 0 {
		return r
	}
	f := float64(r.n)
	return qualityRow{n: r.n, ndcg: r.ndcg / f, mrr: r.mrr / f, p1: r.p1 / f}
}

// qualityReport is one run of every labelled query.
type qualityReport struct {
	scores  []queryScore
	rows    map[string]qualityRow
	overall qualityRow
	zeroOK  int
	zeroN   int
	skipped []string
	dropped []string
}

func runQualityQueries(t *testing.T, ix *Index, c *qualityCorpus, queries []qualityQuery) *qualityReport {
	t.Helper()
	rep := &qualityReport{rows: map[string]qualityRow{}}
	dropped := map[string]bool{}
	sums := map[string]*qualityRow{}
	var all qualityRow
	for i := range queries {
		q := &queries[i]
		s := scoreQuery(t, ix, c, q, dropped)
		rep.scores = append(rep.scores, s)
		switch {
		case q.Category == categoryZeroResult:
			rep.zeroN++
			if s.zeroOK {
				rep.zeroOK++
			}
		case s.skipped:
			rep.skipped = append(rep.skipped, q.ID)
		default:
			if sums[q.Category] == nil {
				sums[q.Category] = &qualityRow{}
			}
			sums[q.Category].add(s)
			all.add(s)
		}
	}
	for k, v := range sums {
		rep.rows[k] = v.mean()
	}
	rep.overall = all.mean()
	for d := range dropped {
		rep.dropped = append(rep.dropped, d)
	}
	sort.Strings(rep.dropped)
	return rep
}

// table renders the per-category metrics.
func (rep *qualityReport) table(extra ...string) string {
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "category\tqueries\tNDCG@10\tMRR@10\tP@1\t")
	for _, c := range qualityCategories {
		r := rep.rows[c]
		fmt.Fprintf(w, "%s\t%d\t%.3f\t%.3f\t%.3f\t\n", c, r.n, r.ndcg, r.mrr, r.p1)
	}
	o := rep.overall
	fmt.Fprintf(w, "overall\t%d\t%.3f\t%.3f\t%.3f\t\n", o.n, o.ndcg, o.mrr, o.p1)
	fmt.Fprintf(w, "zero_result\t%d\tno results: %d/%d\t\t\t\n", rep.zeroN, rep.zeroOK, rep.zeroN)
	for _, x := range extra {
		fmt.Fprintln(w, x)
	}
	w.Flush()
	if len(rep.skipped) > 0 {
		fmt.Fprintf(&b, "skipped (best answers in files without a parser): %s\n", strings.Join(rep.skipped, " "))
	}
	if len(rep.dropped) > 0 {
		fmt.Fprintf(&b, "labels dropped, no parser in this build for: %s\n", strings.Join(rep.dropped, " "))
	}
	return b.String()
}

// misses lists the queries whose best answer is not first or whose NDCG is
// low, with what ranked first: the worklist for ranking changes.
func (rep *qualityReport) misses() string {
	var b strings.Builder
	for _, s := range rep.scores {
		q := s.q
		if q.Category == categoryZeroResult {
			if !s.zeroOK {
				fmt.Fprintf(&b, "%s %s %q: expected no results, got %d: %s\n", q.ID, q.Category, q.Query, len(s.ranked), strings.Join(s.ranked[:min(3, len(s.ranked))], ", "))
			}
			continue
		}
		if s.skipped || (s.p1 == 1 && s.ndcg >= 0.9 && s.mustOK) {
			continue
		}
		var best []string
		maxG := 0
		for _, g := range s.grades {
			maxG = max(maxG, g)
		}
		for id, g := range s.grades {
			if g == maxG {
				best = append(best, fmt.Sprintf("%s@%d", id, rankOf(s.ranked, id)+1))
			}
		}
		sort.Strings(best)
		var top []string
		for i, id := range s.ranked[:min(3, len(s.ranked))] {
			top = append(top, fmt.Sprintf("%d. %s (grade %d)", i+1, id, s.grades[id]))
		}
		fmt.Fprintf(&b, "%s %s %q NDCG %.2f P@1 %.0f: want %s; got %s\n",
			q.ID, q.Category, q.Query, s.ndcg, s.p1, strings.Join(best, ", "), strings.Join(top, "; "))
	}
	return b.String()
}

// TestSearchQuality runs the labelled queries, the navigation scenarios and
// the BM25 invariants, prints the per-category table with -v, and fails
// below the gates at the top of this file.
func TestSearchQuality(t *testing.T) {
	var qf struct {
		Description string         `json:"description"`
		Queries     []qualityQuery `json:"queries"`
	}
	loadQualityJSON(t, "queries.json", &qf)
	// More labelled queries may live in queries-<topic>.json files (one
	// per language family, say), so that they can be added without
	// touching the main file.
	extra, _ := filepath.Glob(filepath.Join(qualityDir, "queries-*.json"))
	for _, f := range extra {
		var more struct {
			Description string         `json:"description"`
			Queries     []qualityQuery `json:"queries"`
		}
		loadQualityJSON(t, filepath.Base(f), &more)
		qf.Queries = append(qf.Queries, more.Queries...)
	}
	var nf struct {
		Description string        `json:"description"`
		Scenarios   []navScenario `json:"scenarios"`
	}
	loadQualityJSON(t, "navigation.json", &nf)
	var inv struct {
		Description string           `json:"description"`
		Checks      []invariantCheck `json:"checks"`
	}
	loadQualityJSON(t, "invariants.json", &inv)
	validateQueries(t, qf.Queries)

	ix := newQualityIndex(t)
	corpus := scanQualityCorpus(t, ix)
	defaults := ix.Ranking()

	var navPassed, navRun int
	t.Run("navigation", func(t *testing.T) {
		for _, sc := range nf.Scenarios {
			if u := corpus.unparseable(scenarioIDs(sc)...); len(u) > 0 {
				t.Logf("%s %s: skipped, no parser in this build for %v", sc.ID, sc.Title, u)
				continue
			}
			navRun++
			fails := runScenario(ix, sc)
			if len(fails) == 0 {
				navPassed++
				t.Logf("%s %s: pass", sc.ID, sc.Title)
				continue
			}
			t.Errorf("%s %s: %s", sc.ID, sc.Title, strings.Join(fails, "; "))
		}
		if got := float64(navPassed) / float64(max(navRun, 1)); got < qualityMinNavigation || navRun == 0 {
			t.Errorf("navigation: %d/%d scenarios pass, gate %.0f%%", navPassed, navRun, 100*qualityMinNavigation)
		}
	})

	var invPassed, invRun int
	t.Run("invariants", func(t *testing.T) {
		defer ix.SetRanking(defaults)
		for _, c := range inv.Checks {
			ix.SetRanking(defaults)
			err := runInvariant(ix, corpus, c)
			switch {
			case errors.Is(err, errQualitySkip):
				t.Logf("%s (%s): %v", c.ID, c.Invariant, err)
				continue
			case err != nil:
				t.Errorf("%s (%s): %v", c.ID, c.Invariant, err)
			default:
				invPassed++
			}
			invRun++
		}
		t.Logf("invariants: %d/%d hold", invPassed, invRun)
	})

	t.Run("queries", func(t *testing.T) {
		rep := runQualityQueries(t, ix, corpus, qf.Queries)
		t.Logf("search quality (%d queries, %d categories):\n%s", len(qf.Queries), len(qualityCategories),
			rep.table(fmt.Sprintf("navigation\t%d\tpass: %d/%d\t\t\t", len(nf.Scenarios), navPassed, navRun),
				fmt.Sprintf("invariants\t%d\thold: %d/%d\t\t\t", len(inv.Checks), invPassed, invRun)))
		if m := rep.misses(); m != "" {
			t.Logf("queries with the best answer not first or NDCG@10 < 0.9 (best label @rank, @0 = not in the top %d; top 3 returned):\n%s", qualityK, m)
		}
		gate := func(name string, got, minimum float64) {
			if got < minimum {
				t.Errorf("%s = %.3f, gate %.2f", name, got, minimum)
			}
		}
		gate("overall NDCG@10", rep.overall.ndcg, qualityMinNDCGOverall)
		gate("exact NDCG@10", rep.rows["exact"].ndcg, qualityMinNDCGExact)
		gate("overall MRR@10", rep.overall.mrr, qualityMinMRROverall)
		gate("exact P@1", rep.rows["exact"].p1, qualityMinP1Exact)
		gate("code_symbol P@1", rep.rows["code_symbol"].p1, qualityMinP1Symbol)
		gate("zero_result pass rate", float64(rep.zeroOK)/float64(max(rep.zeroN, 1)), qualityMinZeroResult)
		for _, s := range rep.scores {
			if !s.mustOK {
				t.Errorf("%s %q: %s must be in the top %d, is at rank %d (0 = absent)", s.q.ID, s.q.Query, s.q.MustBeTop.NodeID, s.q.MustBeTop.K, s.mustRank)
			}
		}
	})

	// The same queries judged by a second, blind assessor: reported, not
	// gated, so that a ranking change is seen against two sets of labels.
	t.Run("second_opinion", func(t *testing.T) {
		second := secondOpinion(t, qf.Queries)
		rep := runQualityQueries(t, ix, corpus, second)
		t.Logf("the same queries with the labels of second-opinion.json:\n%s", rep.table())
	})

	// What synonym expansion buys: the same queries without it. Logged,
	// not gated.
	t.Run("synonyms_off", func(t *testing.T) {
		off := defaults
		off.Synonyms = false
		ix.SetRanking(off)
		defer ix.SetRanking(defaults)
		rep := runQualityQueries(t, ix, corpus, qf.Queries)
		t.Logf("with Ranking.Synonyms = false:\n%s", rep.table())
	})
}

// secondOpinion returns the queries with the labels of second-opinion.json
// in place of their own. Every query of the suite but the zero_result ones
// must be judged there, and nothing else.
func secondOpinion(t *testing.T, queries []qualityQuery) []qualityQuery {
	t.Helper()
	var sf struct {
		Description string `json:"description"`
		Queries     []struct {
			ID       string         `json:"id"`
			Relevant []qualityLabel `json:"relevant"`
		} `json:"queries"`
	}
	loadQualityJSON(t, "second-opinion.json", &sf)
	labels := map[string][]qualityLabel{}
	for _, q := range sf.Queries {
		if _, dup := labels[q.ID]; dup {
			t.Errorf("second-opinion.json: %s is judged twice", q.ID)
		}
		labels[q.ID] = q.Relevant
	}
	var out []qualityQuery
	for _, q := range queries {
		if q.Category == categoryZeroResult {
			continue
		}
		l, ok := labels[q.ID]
		if !ok {
			t.Errorf("second-opinion.json: %s %q is not judged", q.ID, q.Query)
			continue
		}
		delete(labels, q.ID)
		q.Relevant, q.MustBeTop = l, nil
		out = append(out, q)
	}
	for id := range labels {
		t.Errorf("second-opinion.json: %s is not a query of the suite", id)
	}
	return out
}

// validateQueries checks the query file itself: unique ids, known
// categories, enough queries in each.
func validateQueries(t *testing.T, qs []qualityQuery) {
	t.Helper()
	seen := map[string]bool{}
	count := map[string]int{}
	known := map[string]bool{categoryZeroResult: true}
	for _, c := range qualityCategories {
		known[c] = true
	}
	for _, q := range qs {
		if seen[q.ID] {
			t.Errorf("query id %s is used twice", q.ID)
		}
		seen[q.ID] = true
		if !known[q.Category] {
			t.Errorf("%s: unknown category %q", q.ID, q.Category)
		}
		best := 0
		for _, l := range q.Relevant {
			best = max(best, l.Grade)
		}
		if q.Category != categoryZeroResult && best < qualityRelevantGrade {
			t.Errorf("%s: no label of grade %d or more", q.ID, qualityRelevantGrade)
		}
		if q.Category == "facet" && len(q.Filters) == 0 && q.Collection == "" {
			t.Errorf("%s: a facet query needs filters or a collection", q.ID)
		}
		count[q.Category]++
	}
	if len(qs) < 60 {
		t.Errorf("%d queries; the suite needs at least 60", len(qs))
	}
	for c := range known {
		if count[c] < 3 {
			t.Errorf("category %s has %d queries; each needs at least 3", c, count[c])
		}
	}
}
