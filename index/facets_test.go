package index

import (
	"slices"
	"testing"
)

// TestDerivedFacetsKeptAsFields checks that a document's "language" and
// "content_type" facets, which say what its fields say, are not kept as
// facets (nor saved), while listings, facet filters and a snapshot that
// still holds them answer as before. (A frontmatter's own "language" is
// the facet "frontmatter.language".)
func TestDerivedFacetsKeptAsFields(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"a.go":   "package a\n\n// Run runs.\nfunc Run() {}\n",
		"doc.md": "---\nlanguage: fr\ntags: [guide]\n---\n# Guide\n\nRun the tool.\n",
	})
	stored := func(ix *Index, id string) map[string][]string {
		t.Helper()
		_, d, ok := ix.view().doc(id)
		if !ok {
			t.Fatalf("%s not indexed", id)
		}
		return d.Facets
	}
	check := func(name string, ix *Index) {
		t.Helper()
		if f := stored(ix, "a.go"); f != nil {
			t.Errorf("%s: a.go keeps facets %v; want none (language and content_type are fields)", name, f)
		}
		md := stored(ix, "doc.md")
		_, lang := md["language"]
		_, ct := md["content_type"]
		if lang || ct || !slices.Equal(md["frontmatter.language"], []string{"fr"}) || !slices.Equal(md["tags"], []string{"guide"}) {
			t.Errorf("%s: doc.md keeps facets %v; want its frontmatter's, no language or content_type", name, md)
		}
		r, err := ix.List(ListRequest{})
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]map[string][]string{
			"a.go":   {"language": {"go"}, "content_type": {"code"}},
			"doc.md": {"language": {"markdown"}, "content_type": {"markdown"}, "tags": {"guide"}, "frontmatter.language": {"fr"}},
		}
		for _, d := range r.Documents {
			for k, vals := range want[d.DocID] {
				if !slices.Equal(d.Facets[k], vals) {
					t.Errorf("%s: listed %s facet %s = %v, want %v", name, d.DocID, k, d.Facets[k], vals)
				}
			}
		}
		for _, c := range []struct {
			key, val, want string
		}{{"language", "go", "a.go"}, {"content_type", "markdown", "doc.md"}, {"frontmatter.language", "fr", "doc.md"}, {"content_type", "code", "a.go"}} {
			res, err := ix.Search(SearchRequest{Query: "run", Filters: map[string][]string{c.key: {c.val}}})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Results) == 0 {
				t.Errorf("%s: %s=%s finds nothing", name, c.key, c.val)
			}
			for _, x := range res.Results {
				if x.DocID != c.want {
					t.Errorf("%s: %s=%s finds %s", name, c.key, c.val, x.NodeID)
				}
			}
		}
	}
	check("built", ix)
	check("reloaded", reloaded(t, ix))

	// A snapshot saved before they were left out holds them: loaded,
	// they are dropped.
	v := ix.view()
	for si := range v.segs {
		for di := range v.segs[si].docs {
			d := &v.segs[si].docs[di]
			if d.Facets == nil {
				d.Facets = map[string][]string{}
			}
			d.Facets["language"] = []string{d.Language}
			d.Facets["content_type"] = []string{string(d.ContentType)}
		}
	}
	if f := stored(ix, "a.go"); len(f) != 2 {
		t.Fatalf("setup: a.go's facets %v", f)
	}
	check("reloaded from an older snapshot", reloaded(t, ix))
}
