package index

// filter is a compiled set of facet filters and scopes.
type filter struct {
	facets      map[string]map[string]bool
	kinds       map[string]bool
	collections map[string]bool
	docIDs      map[string]bool
	paths       *pathScope
	tests       TestScope
}

func (v *view) compileFilter(req SearchRequest) (f *filter, err error) {
	f = &filter{}
	filters := make(map[string][]string, len(req.Filters))
	for k, vals := range req.Filters {
		if len(vals) == 0 {
			continue
		}
		if k == "language" || k == "code_languages" {
			vals = normalizeLanguages(vals)
		}
		filters[k] = vals
	}
	if len(filters) > 0 || len(req.Collections) > 0 {
		sv := v.scope()
		if err := sv.checkFilters(filters); err != nil {
			return nil, err
		}
		if err := sv.checkCollections(req.Collections); err != nil {
			return nil, err
		}
	}
	if err := v.checkDocs(req.DocIDs); err != nil {
		return nil, err
	}
	for k, vals := range filters {
		set := map[string]bool{}
		for _, val := range vals {
			set[val] = true
		}
		if k == "kind" {
			f.kinds = map[string]bool{}
			for val := range set {
				f.kinds[val] = true
			}
			continue
		}
		if f.facets == nil {
			f.facets = map[string]map[string]bool{}
		}
		f.facets[k] = set
	}
	if len(req.Collections) > 0 {
		f.collections = map[string]bool{}
		for _, c := range req.Collections {
			f.collections[c] = true
		}
	}
	if len(req.DocIDs) > 0 {
		f.docIDs = map[string]bool{}
		for _, id := range req.DocIDs {
			f.docIDs[id] = true
		}
	}
	if f.paths, err = v.compilePathScope(req.PathGlob, req.PathGlobs); err != nil {
		return nil, err
	}
	if err := checkTestScope(req.Tests); err != nil {
		return nil, err
	}
	f.tests = req.Tests
	return f, nil
}

// allowed returns the live documents of segment si that pass the filter.
func (f *filter) allowed(v *view, si int) bitset {
	s := v.segs[si]
	b := make(bitset, (len(s.docs)+63)/64)
	if f.collections == nil && f.docIDs == nil && f.paths == nil && f.facets == nil && !f.tests.narrows() {
		// No document filter: the live documents, 64 at a time.
		dead := v.dead[si]
		for w := range b {
			b[w] = ^uint64(0)
			if w < len(dead) {
				b[w] &^= dead[w]
			}
		}
		if r := len(s.docs) % 64; r != 0 {
			b[len(b)-1] &= 1<<uint(r) - 1
		}
		return b
	}
	for di := range s.docs {
		if v.dead[si].has(uint32(di)) || !f.docOK(&s.docs[di]) {
			continue
		}
		b.set(uint32(di))
	}
	return b
}

func (f *filter) docOK(d *docMeta) bool {
	if f.collections != nil && !f.collections[d.Collection] {
		return false
	}
	if f.docIDs != nil && !f.docIDs[d.DocID] {
		return false
	}
	if !f.paths.match(d.Path) || !f.tests.keeps(d) {
		return false
	}
	for key, want := range f.facets {
		if !facetMatch(d, key, want) {
			return false
		}
	}
	return true
}

// facetMatch reports whether document d has one of the wanted values for
// key. collection, language and content_type are facets of every document.
func facetMatch(d *docMeta, key string, want map[string]bool) bool {
	switch key {
	case "collection":
		return want[d.Collection]
	case "language":
		if want[d.Language] {
			return true
		}
	case "content_type":
		return want[string(d.ContentType)]
	}
	for _, val := range d.Facets[key] {
		if want[val] {
			return true
		}
	}
	return false
}

// kindTable is, for a filter on kinds, which of segment s's vocabulary
// words are kinds asked for, nil without one: scoring tests a posting's
// node by two lookups in it, where it looked the node's kind strings up
// in the filter's map (with the map, kind-filtered searches of the
// 25k-file corpus took twice as long).
func (f *filter) kindTable(s *segment) kindTable {
	if f == nil || f.kinds == nil {
		return nil
	}
	t := make(kindTable, max(len(s.vocab), 1))
	for id := range t {
		t[id] = f.kinds[s.word(uint16(id))]
	}
	return t
}

// kindTable says, by vocabulary id, whether a word is a kind asked for.
type kindTable []bool

// has reports whether node record n, of the table's segment, has one of
// the kinds asked for, in treenav's vocabulary or its language's own word
// ("typedef", "impl").
func (t kindTable) has(n *nodeRec) bool {
	return t[n.kindID] || n.nativeKindID != 0 && t[n.nativeKindID]
}
