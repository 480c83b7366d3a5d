package markdown

import (
	"reflect"
	"sort"
	"testing"

	"github.com/treenav/treenav"
)

// collection parses files as one collection; other lists files that exist
// but are not markdown.
func collection(t *testing.T, files map[string]string, other ...string) ([]*treenav.Document, func(string) bool) {
	t.Helper()
	var docs []*treenav.Document
	exists := map[string]bool{}
	for _, o := range other {
		exists[o] = true
	}
	for _, p := range sortedKeys(files) {
		d := mustParse(t, p, files[p])
		d.Path = p
		docs = append(docs, d)
		exists[p] = true
	}
	return docs, func(p string) bool { return exists[p] }
}

func sortedKeys(m map[string]string) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

func linksOf(d *treenav.Document) []treenav.Link {
	var out []treenav.Link
	for _, n := range d.Nodes {
		out = append(out, n.Links...)
	}
	return out
}

func TestResolve(t *testing.T) {
	files := map[string]string{
		"index.md": "# Home\n\n" +
			"[guide](docs/guide.md) [missing](docs/nope.md) [code](src/main.go) [ext-less](docs/guide)\n" +
			"[[Guide]] [[guide.md|the guide]] [[Setup Title]] [[an alias]] [[docs/nested/deep]] [[Nowhere]]\n" +
			"![[diagram.png]] ![[missing.png]] [[note]]\n",
		"docs/guide.md":       "# Guide\n\n[back](../index.md) [[note]]\n",
		"docs/setup.md":       "---\ntitle: Setup Title\naliases: [An Alias]\n---\ntext\n",
		"docs/nested/deep.md": "deep\n",
		"docs/note.md":        "note in docs\n",
		"other/note.md":       "note in other\n",
		"note.md":             "note at root\n",
	}
	docs, exists := collection(t, files, "src/main.go", "diagram.png")
	Resolve(docs, exists)
	byPath := map[string]*treenav.Document{}
	for _, d := range docs {
		byPath[d.Path] = d
	}
	got := linksOf(byPath["index.md"])
	want := []treenav.Link{
		{Target: "docs/guide.md", Kind: LinkMarkdown, Label: "guide", Line: 3},
		{Target: "src/main.go", Kind: LinkMarkdown, Label: "code", Line: 3},
		{Target: "docs/guide.md", Kind: LinkMarkdown, Label: "ext-less", Line: 3},
		{Target: "docs/guide.md", Kind: LinkWiki, Label: "Guide", Line: 4},
		{Target: "docs/guide.md", Kind: LinkWiki, Label: "the guide", Line: 4},
		{Target: "docs/setup.md", Kind: LinkWiki, Label: "Setup Title", Line: 4},
		{Target: "docs/setup.md", Kind: LinkWiki, Label: "an alias", Line: 4},
		{Target: "docs/nested/deep.md", Kind: LinkWiki, Label: "docs/nested/deep", Line: 4},
		{Target: "diagram.png", Kind: LinkEmbed, Line: 5},
		{Target: "note.md", Kind: LinkWiki, Label: "note", Line: 5},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("index.md links\n got %+v\nwant %+v", got, want)
	}
	// A name shared by several documents resolves to the one in the
	// linking document's folder.
	if got := linksOf(byPath["docs/guide.md"]); len(got) != 2 || got[0].Target != "index.md" || got[1].Target != "docs/note.md" {
		t.Errorf("docs/guide.md links %+v", got)
	}

	// Resolving again changes nothing.
	before := linksOf(byPath["index.md"])
	Resolve(docs, exists)
	if after := linksOf(byPath["index.md"]); !reflect.DeepEqual(before, after) {
		t.Errorf("second Resolve changed links:\n%+v\n%+v", before, after)
	}

	back := Backlinks(docs)
	wantBack := []treenav.Link{
		{Target: "docs/guide.md", Kind: LinkMarkdown, Label: "guide", Line: 3, Source: "index.md"},
		{Target: "docs/guide.md", Kind: LinkMarkdown, Label: "ext-less", Line: 3, Source: "index.md"},
		{Target: "docs/guide.md", Kind: LinkWiki, Label: "Guide", Line: 4, Source: "index.md"},
		{Target: "docs/guide.md", Kind: LinkWiki, Label: "the guide", Line: 4, Source: "index.md"},
	}
	if got := back["docs/guide.md"]; !reflect.DeepEqual(got, wantBack) {
		t.Errorf("backlinks of docs/guide.md\n got %+v\nwant %+v", got, wantBack)
	}
	if got := back["index.md"]; len(got) != 1 || got[0].Source != "docs/guide.md" {
		t.Errorf("backlinks of index.md %+v", got)
	}
	if _, ok := back["docs/nope.md"]; ok {
		t.Error("a dropped link has backlinks")
	}
	// Backlinks do not leak Source into the documents' own links.
	for _, l := range linksOf(byPath["index.md"]) {
		if l.Source != "" {
			t.Errorf("outgoing link with Source %q", l.Source)
		}
	}
}

func TestResolveNilExists(t *testing.T) {
	docs, _ := collection(t, map[string]string{"a.md": "[b](b.md) [c](c.md) [[b]]\n", "b.md": "b\n"})
	Resolve(docs, nil)
	got := linksOf(docs[0])
	if len(got) != 2 || got[0].Target != "b.md" || got[1].Target != "b.md" || got[1].Kind != LinkWiki {
		t.Errorf("links %+v", got)
	}
}
