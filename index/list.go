package index

import (
	"maps"
	"sort"
	"strconv"
	"strings"

	"github.com/treenav/treenav"
)

// facetValuesShown bounds each facet's value counts in a listing.
const facetValuesShown = 25

// List returns the catalog of documents with facet counts over all the
// documents that match (not only the page).
func (ix *Index) List(req ListRequest) (*treenav.ListResponse, error) {
	v := ix.view()
	f, err := v.compileFilter(SearchRequest{Filters: req.Filters, Collections: req.Collections})
	if err != nil {
		return nil, err
	}
	if f.kinds != nil {
		return nil, &BadRequestError{"kind is a node filter; list_documents filters documents (use search or find_symbol)"}
	}
	words := strings.Fields(strings.ToLower(req.Query))
	limit := req.Limit
	if limit <= 0 {
		limit = DefaultListLimit
	}
	resp := &treenav.ListResponse{Documents: []treenav.DocumentSummary{}, FacetCounts: map[string]map[string]int{}}
	var matched []string
	for _, id := range v.docIDs() {
		_, d, _ := v.doc(id)
		if !f.docOK(d) {
			continue
		}
		if len(words) > 0 {
			hay := strings.ToLower(d.Path + " " + d.Title)
			ok := true
			for _, w := range words {
				if !strings.Contains(hay, w) {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
		}
		matched = append(matched, id)
		countFacets(resp.FacetCounts, d)
	}
	resp.Total = len(matched)
	// max_chars bounds the whole answer. The facet counts, which cover
	// every matching document, take at most half of it: fewer values per
	// key until they fit.
	budget := newCharBudget(req.MaxChars)
	counts := resp.FacetCounts
	for shown := facetValuesShown; ; shown = shown * 2 / 5 {
		resp.FacetCounts = map[string]map[string]int{}
		for k, vals := range counts {
			if top := topValues(vals, shown); len(top) > 0 {
				resp.FacetCounts[k] = top
			}
		}
		if shown == 0 || jsonSize(resp) <= budget.left/2 {
			break
		}
	}
	resp.NextCursor = strconv.Itoa(resp.Total)
	budget.reserve(resp)
	resp.NextCursor = ""
	for _, id := range matched[min(req.Offset, len(matched)):] {
		s, d, _ := v.doc(id)
		sum := summary(s, d)
		if len(resp.Documents) >= limit || !budget.take(jsonSize(sum), len(resp.Documents)) {
			break
		}
		resp.Documents = append(resp.Documents, sum)
	}
	if next := req.Offset + len(resp.Documents); next < resp.Total {
		resp.NextCursor = strconv.Itoa(next)
	}
	return resp, nil
}

// eachFacet calls fn with each facet value of document d: its
// collection, language and content type, which every document has (as
// facetMatch reads them), and its frontmatter's.
func eachFacet(d *docMeta, fn func(key, val string)) {
	fn("collection", d.Collection)
	if d.Language != "" {
		fn("language", d.Language)
	}
	if d.ContentType != "" {
		fn("content_type", string(d.ContentType))
	}
	for k, vals := range d.Facets {
		switch k {
		case "collection", "language", "content_type":
			continue
		}
		for _, val := range vals {
			fn(k, val)
		}
	}
}

// countFacets adds a document's facets to the counts. Free-text keys
// (title, description, aliases) are left out: every value would be unique.
func countFacets(counts map[string]map[string]int, d *docMeta) {
	eachFacet(d, func(k, val string) {
		switch k {
		case "title", "description", "aliases":
			return
		}
		if counts[k] == nil {
			counts[k] = map[string]int{}
		}
		counts[k][val]++
	})
}

func topValues(vals map[string]int, n int) map[string]int {
	if len(vals) <= n {
		return vals
	}
	type kv struct {
		k string
		v int
	}
	var all []kv
	for k, c := range vals {
		all = append(all, kv{k, c})
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].v != all[j].v {
			return all[i].v > all[j].v
		}
		return all[i].k < all[j].k
	})
	out := map[string]int{}
	for _, x := range all[:n] {
		out[x.k] = x.v
	}
	return out
}

func summary(s *segment, d *docMeta) treenav.DocumentSummary {
	facets := make(map[string][]string, len(d.Facets)+2)
	maps.Copy(facets, d.Facets)
	// The facets every document has, which it keeps as fields
	// (storedFacets).
	if _, ok := facets["language"]; !ok && d.Language != "" {
		facets["language"] = []string{d.Language}
	}
	if _, ok := facets["content_type"]; !ok && d.ContentType != "" {
		facets["content_type"] = []string{string(d.ContentType)}
	}
	return treenav.DocumentSummary{
		DocID: d.DocID, Path: d.Path, Collection: d.Collection, Title: d.Title,
		ContentType: d.ContentType, Language: d.Language,
		NodeCount: int(d.nodeEnd - d.nodeStart), Facets: facets,
	}
}

// storedFacets is the facets a document keeps beside its fields: every
// document's "language" and "content_type" facets (parsers.Parse adds
// them) are its Language and ContentType, which the filters, the facet
// counts and the listing read from the fields. Kept as a map each, they
// were two keys and three allocations a document, decoded at every load
// (the 25k-file corpus: 23,091 maps, 20 ms of a warm start's CPU) and
// marked at every collection. A facet under one of those keys whose
// values say more than the field is kept whole (a frontmatter's own
// "language" is the facet "frontmatter.language"). The map given is not
// changed.
func storedFacets(f map[string][]string, language string, ct treenav.ContentType) map[string][]string {
	n := 0
	for k, vals := range f {
		if !derivedFacet(k, vals, language, ct) {
			n++
		}
	}
	if n == len(f) {
		return f
	}
	if n == 0 {
		return nil
	}
	out := make(map[string][]string, n)
	for k, vals := range f {
		if !derivedFacet(k, vals, language, ct) {
			out[k] = vals
		}
	}
	return out
}

// derivedFacet reports whether facet k with values vals says only what a
// document's language and content type fields say.
func derivedFacet(k string, vals []string, language string, ct treenav.ContentType) bool {
	switch k {
	case "language":
		return len(vals) == 1 && vals[0] == language
	case "content_type":
		return len(vals) == 1 && vals[0] == string(ct)
	}
	return false
}
