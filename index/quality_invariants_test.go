package index

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index/analysis"
)

// BM25 invariants of the search-quality suite (invariants.json): stemming,
// prefix discount, coverage bonus, filters and rare terms.

// invariantCheck is one check; which fields apply depends on Kind.
type invariantCheck struct {
	ID        string              `json:"id"`
	Invariant string              `json:"invariant"`
	Kind      string              `json:"kind"`
	Word      string              `json:"word"`
	Other     string              `json:"other"`
	Same      bool                `json:"same"`
	Query     string              `json:"query"`
	Synonyms  *bool               `json:"synonyms"`
	Above     string              `json:"above"`
	Below     []string            `json:"below"`
	Single    string              `json:"single"`
	Multi     string              `json:"multi"`
	Filters   map[string][]string `json:"filters"`
	Coll      string              `json:"collection"`
	AnyOf     []string            `json:"any_of"`
	Include   string              `json:"must_include"`
	Note      string              `json:"note"`
}

// runInvariant checks one BM25 invariant; see invariants.json for the
// kinds.
func runInvariant(ix *Index, c *qualityCorpus, chk invariantCheck) error {
	if chk.Synonyms != nil {
		r := ix.Ranking()
		r.Synonyms = *chk.Synonyms
		ix.SetRanking(r)
	}
	all := func(q string, req SearchRequest) (*treenav.SearchResponse, error) {
		req.Query, req.Limit, req.MaxChars = q, 10000, 1<<30
		return ix.Search(req)
	}
	named := append(append([]string{chk.Above, chk.Include}, chk.Below...), chk.AnyOf...)
	if len(c.unparseable(named...)) > 0 {
		return errQualitySkip
	}
	for _, id := range named {
		if id != "" && !c.nodes[id] {
			return fmt.Errorf("node %s is not in the index", id)
		}
	}
	switch chk.Kind {
	case "stem":
		a, b := analysis.TermOf(chk.Word), analysis.TermOf(chk.Other)
		if (a == b) != chk.Same {
			return fmt.Errorf("%q → %q, %q → %q: same=%v, want %v", chk.Word, a, chk.Other, b, a == b, chk.Same)
		}
	case "same_results":
		ra, err := all(chk.Query, SearchRequest{})
		if err != nil {
			return err
		}
		rb, err := all(chk.Other, SearchRequest{})
		if err != nil {
			return err
		}
		if len(ra.Results) == 0 {
			return fmt.Errorf("%q matches nothing", chk.Query)
		}
		// Stemming promises the same matches; the order may differ (a
		// symbol named exactly like one of the words may rank first).
		a, b := ids(ra), ids(rb)
		sort.Strings(a)
		sort.Strings(b)
		if strings.Join(a, " ") != strings.Join(b, " ") {
			return fmt.Errorf("%q matches %d nodes, %q %d: stemming does not unify them", chk.Query, len(a), chk.Other, len(b))
		}
		if chk.Include != "" && rankOf(a, chk.Include) < 0 {
			return fmt.Errorf("%q does not find %s", chk.Query, chk.Include)
		}
	case "rank_above":
		r, err := all(chk.Query, SearchRequest{})
		if err != nil {
			return err
		}
		got := ids(r)
		above := rankOf(got, chk.Above)
		if above < 0 {
			return fmt.Errorf("%q does not find %s", chk.Query, chk.Above)
		}
		for _, b := range chk.Below {
			below := rankOf(got, b)
			if below < 0 {
				return fmt.Errorf("%q does not find %s, so the check proves nothing", chk.Query, b)
			}
			if below < above {
				return fmt.Errorf("%q ranks %s (#%d, %.3f) above %s (#%d, %.3f)", chk.Query,
					b, below+1, r.Results[below].Score, chk.Above, above+1, r.Results[above].Score)
			}
		}
	case "top_in":
		r, err := all(chk.Query, SearchRequest{})
		if err != nil {
			return err
		}
		if len(r.Results) == 0 || rankOf(chk.AnyOf, r.Results[0].NodeID) < 0 {
			return fmt.Errorf("%q: first result %v, want one of %v", chk.Query, ids(r)[:min(3, len(r.Results))], chk.AnyOf)
		}
	case "coverage":
		return checkCoverage(ix, chk, all)
	case "filter":
		return checkFilter(ix, chk, all)
	default:
		return fmt.Errorf("unknown kind %q", chk.Kind)
	}
	return nil
}

// checkCoverage verifies that the full-coverage bonus is never given to a
// one-word query and that in a multi-word query it goes to exactly the
// nodes that contain every word. White box, the bonus function itself;
// black box, each node's score with the bonus against its score with the
// bonus near zero, which isolates the bonus from every other feature
// (proximity, name match). A node contains a word when the word alone
// finds it.
func checkCoverage(ix *Index, chk invariantCheck, all func(string, SearchRequest) (*treenav.SearchResponse, error)) error {
	// The weights below 1 (tests, internal or private code, deprecated
	// symbols, files, data and types for a query in plain words,
	// changelogs) scale the bonus with the rest of a node's score: set to
	// 1, they leave the bonus alone to measure. (The caller restores the
	// ranking.)
	r := ix.Ranking()
	r.TestWeight, r.InternalWeight, r.DeprecatedWeight, r.PlainFileWeight, r.ChangelogWeight = 1, 1, 1, 1, 1
	r.PlainDataWeight, r.PlainTypeWeight = 1, 1
	ix.SetRanking(r)
	sq := analysis.ParseQuery(chk.Single)
	if len(sq.Words) != 1 {
		return fmt.Errorf("%q is not a single word", chk.Single)
	}
	if b := coverageBonus(sq, ^uint32(0), &r); b != 0 {
		return fmt.Errorf("one-word query %q gets a coverage bonus of %v", chk.Single, b)
	}
	// scoreDiff maps each node found by q to its score minus its score
	// with the bonus near zero (zero knobs mean "default").
	scoreDiff := func(q string) (map[string]float64, error) {
		with, err := all(q, SearchRequest{})
		if err != nil {
			return nil, err
		}
		low := r
		low.FullCoverageBonus = 1e-9
		ix.SetRanking(low)
		without, err := all(q, SearchRequest{})
		ix.SetRanking(r)
		if err != nil {
			return nil, err
		}
		base := map[string]float64{}
		for _, x := range without.Results {
			base[x.NodeID] = x.Score
		}
		out := map[string]float64{}
		for _, x := range with.Results {
			out[x.NodeID] = x.Score - base[x.NodeID]
		}
		return out, nil
	}
	const eps = 0.002 // scores are rounded to 3 decimals
	single, err := scoreDiff(chk.Single)
	if err != nil {
		return err
	}
	for id, d := range single {
		if math.Abs(d) > eps {
			return fmt.Errorf("one-word query %q: the bonus changes %s by %.3f", chk.Single, id, d)
		}
	}
	if chk.Multi == "" {
		return nil
	}
	mq := analysis.ParseQuery(chk.Multi)
	if b := coverageBonus(mq, ^uint32(0), &r); b != r.FullCoverageBonus {
		return fmt.Errorf("%q covering every word gets %v, want %v", chk.Multi, b, r.FullCoverageBonus)
	}
	words := strings.Fields(chk.Multi)
	found := make([]map[string]bool, len(words))
	for i, w := range words {
		resp, err := all(w, SearchRequest{})
		if err != nil {
			return err
		}
		found[i] = map[string]bool{}
		for _, x := range resp.Results {
			found[i][x.NodeID] = true
		}
	}
	multi, err := scoreDiff(chk.Multi)
	if err != nil {
		return err
	}
	covering := 0
	for id, d := range multi {
		every := true
		for _, f := range found {
			every = every && f[id]
		}
		switch {
		case every && d < r.FullCoverageBonus-eps:
			// Multipliers (name match, collection weight) are >= 1 here.
			return fmt.Errorf("%q: %s contains every word but the bonus adds %.3f, want >= %v", chk.Multi, id, d, r.FullCoverageBonus)
		case !every && math.Abs(d) > eps:
			return fmt.Errorf("%q: %s lacks a word but the bonus adds %.3f", chk.Multi, id, d)
		case every:
			covering++
		}
	}
	if covering == 0 {
		return fmt.Errorf("%q: no node contains every word, so the check proves nothing", chk.Multi)
	}
	return nil
}

// checkFilter verifies that a filtered search returns exactly the
// unfiltered matches that satisfy the filter: nothing outside it, nothing
// inside it lost.
func checkFilter(ix *Index, chk invariantCheck, all func(string, SearchRequest) (*treenav.SearchResponse, error)) error {
	list, err := ix.List(ListRequest{Limit: 10000})
	if err != nil {
		return err
	}
	docs := map[string]treenav.DocumentSummary{}
	for _, d := range list.Documents {
		docs[d.DocID] = d
	}
	ok := func(x treenav.SearchResult) bool {
		d := docs[x.DocID]
		if chk.Coll != "" && x.Collection != chk.Coll {
			return false
		}
		for key, vals := range chk.Filters {
			var have []string
			switch key {
			case "kind":
				have = []string{string(x.Kind)}
			case "language":
				have = []string{d.Language}
			case "content_type":
				have = []string{string(d.ContentType)}
			case "collection":
				have = []string{d.Collection}
			default:
				have = d.Facets[key]
			}
			hit := false
			for _, v := range vals {
				hit = hit || rankOf(have, v) >= 0
			}
			if !hit {
				return false
			}
		}
		return true
	}
	req := SearchRequest{Filters: chk.Filters}
	if chk.Coll != "" {
		req.Collections = []string{chk.Coll}
	}
	filtered, err := all(chk.Query, req)
	if err != nil {
		return err
	}
	if len(filtered.Results) == 0 {
		return fmt.Errorf("%q with %v matches nothing, so the check proves nothing", chk.Query, chk.Filters)
	}
	for _, x := range filtered.Results {
		if !ok(x) {
			return fmt.Errorf("%q with %v returned %s (%s, %s)", chk.Query, chk.Filters, x.NodeID, x.Kind, x.Language)
		}
	}
	unfiltered, err := all(chk.Query, SearchRequest{})
	if err != nil {
		return err
	}
	var want []string
	for _, x := range unfiltered.Results {
		if ok(x) {
			want = append(want, x.NodeID)
		}
	}
	got := ids(filtered)
	sort.Strings(got)
	sort.Strings(want)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		return fmt.Errorf("%q with %v: %d results, but %d unfiltered matches satisfy the filter", chk.Query, chk.Filters, len(got), len(want))
	}
	return nil
}
