package markdown

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/treenav/treenav"
)

func mustParse(t *testing.T, rel, src string) *treenav.Document {
	t.Helper()
	doc, err := Parse(rel, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	checkInvariants(t, doc, []byte(src))
	return doc
}

// outline is a compact view of the sections: "level:title@line-end".
func outline(doc *treenav.Document) []string {
	var out []string
	for _, n := range doc.Nodes {
		if n.Kind == treenav.KindSection {
			out = append(out, fmt.Sprintf("%s %s@%d-%d %s", strings.Repeat("#", n.Level), n.Title, n.LineStart, n.LineEnd, n.Anchor))
		}
	}
	return out
}

// spanText returns a node's spans of one field, joined by "|".
func spanText(doc *treenav.Document, src string, i int, f treenav.Field) string {
	var parts []string
	for _, sp := range doc.Nodes[i].Spans {
		if sp.Field == f {
			parts = append(parts, src[sp.Start:sp.End])
		}
	}
	return strings.Join(parts, "|")
}

func TestLineEndings(t *testing.T) {
	lf := "---\ntitle: T\ntags:\n  - a\n  - b\n---\n# One\n\ntext\n\nTwo\n---\n\n```go\nfunc F() {}\n```\n\n## Three\n"
	crlf := strings.ReplaceAll(lf, "\n", "\r\n")
	bom := "\uFEFF" + crlf
	a, b, c := mustParse(t, "x.md", lf), mustParse(t, "x.md", crlf), mustParse(t, "x.md", bom)
	want := []string{"# One@7-18 one", "## Two@11-17 one/two", "## Three@18-18 one/three"}
	if got := outline(a); !reflect.DeepEqual(got, want) || !reflect.DeepEqual(a.Facets["tags"], []string{"a", "b"}) {
		t.Errorf("LF outline %q facets %v, want %q", got, a.Facets, want)
	}
	for name, d := range map[string]*treenav.Document{"crlf": b, "bom+crlf": c} {
		if !reflect.DeepEqual(outline(d), outline(a)) {
			t.Errorf("%s: outline %v, LF gives %v", name, outline(d), outline(a))
		}
		if d.Title != a.Title || !reflect.DeepEqual(d.Facets, a.Facets) || len(d.Warnings) != 0 {
			t.Errorf("%s: title %q facets %v warnings %v; LF gives %q %v", name, d.Title, d.Facets, d.Warnings, a.Title, a.Facets)
		}
		if len(d.Nodes) != len(a.Nodes) {
			t.Fatalf("%s: %d nodes, LF gives %d", name, len(d.Nodes), len(a.Nodes))
		}
	}
	// CRLF: no "\r" in titles, and the code block's symbol still parses.
	for _, n := range b.Nodes {
		if strings.ContainsRune(n.Title, '\r') {
			t.Errorf("title %q keeps a CR", n.Title)
		}
	}
	if last := b.Nodes[len(b.Nodes)-2]; last.Name != "F" || last.LineStart != 15 {
		t.Errorf("symbol in CRLF code block: %+v", last)
	}
}

func TestFrontmatter(t *testing.T) {
	tests := []struct {
		name, src  string
		title      string
		facets     map[string][]string // expected subset
		warning    string              // substring of the only warning, "" for none
		firstLine  int                 // line of the first section, 0 for none
		rootSpans  string              // root's body text
		noFacetKey string              // a key that must be absent
	}{
		{name: "yaml block list", src: "---\ntitle: A\naliases:\n  - B\n  - C\n---\n# H\n",
			title: "A", facets: map[string][]string{"aliases": {"B", "C"}, "title": {"A"}}, firstLine: 7},
		{name: "yaml dots closer", src: "---\ntitle: A\n...\n# H\n", title: "A", firstLine: 4},
		{name: "empty block", src: "---\n---\n# H\n", title: "H", firstLine: 3},
		{name: "toml", src: "+++\ntitle = \"T\"\n[a]\nb = 1\n+++\ntext\n", title: "T",
			facets: map[string][]string{"a.b": {"1"}}, rootSpans: "text"},
		{name: "malformed yaml", src: "---\ntitle: [x\n---\n# Body\ntext\n", title: "Body",
			warning: "yaml frontmatter", firstLine: 4},
		{name: "malformed toml", src: "+++\ntitle = \n+++\n# Body\n", title: "Body", warning: "toml frontmatter", firstLine: 4},
		{name: "prose between rules is no frontmatter", src: "---\nJust some prose here.\n---\n",
			title: "x", firstLine: 2, noFacetKey: "title"},
		{name: "list between rules is no frontmatter", src: "---\n- a\n- b\n---\n", title: "x", noFacetKey: "a"},
		{name: "not at the top", src: "\n---\ntitle: A\n---\n", title: "x", firstLine: 3, noFacetKey: "title"},
		{name: "unclosed", src: "---\ntitle: A\n", title: "x", noFacetKey: "title"},
		{name: "reserved key", src: "---\nlanguage: en\ncode_languages: x\n---\n",
			title: "x", facets: map[string][]string{"frontmatter.language": {"en"}, "frontmatter.code_languages": {"x"}, "has_code": {"false"}}},
		{name: "tags shorthand", src: "---\ntags: a, b c\n---\nWith #d.\n", title: "x",
			facets: map[string][]string{"tags": {"a", "b", "c", "d"}}},
		{name: "nested and list of maps", src: "---\nx:\n  y:\n    z: 1\nl:\n  - k: a\n  - k: b\n  - plain\n---\n",
			title: "x", facets: map[string][]string{"x.y.z": {"1"}, "l.k": {"a", "b"}, "l": {"plain"}}},
		{name: "anchors and merge keys", src: "---\nbase: &b\n  k: v\nother:\n  <<: *b\n  j: w\n---\n",
			title: "x", facets: map[string][]string{"base.k": {"v"}, "other.k": {"v"}, "other.j": {"w"}}},
		{name: "yaml scalar types", src: "---\nn: 1.50\nd: 2024-01-02\nb: yes\nnull1: ~\n---\n",
			title: "x", facets: map[string][]string{"n": {"1.50"}, "d": {"2024-01-02"}, "b": {"yes"}}, noFacetKey: "null1"},
		{name: "only frontmatter without newline", src: "---\ntitle: Only\n---", title: "Only"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := mustParse(t, "dir/x.md", tt.src)
			if doc.Title != tt.title {
				t.Errorf("title %q, want %q", doc.Title, tt.title)
			}
			for k, want := range tt.facets {
				if got := doc.Facets[k]; !reflect.DeepEqual(got, want) {
					t.Errorf("facet %s = %q, want %q", k, got, want)
				}
			}
			if tt.noFacetKey != "" {
				if v, ok := doc.Facets[tt.noFacetKey]; ok {
					t.Errorf("facet %s = %q, want none", tt.noFacetKey, v)
				}
			}
			switch {
			case tt.warning == "" && len(doc.Warnings) > 0:
				t.Errorf("warnings %q, want none", doc.Warnings)
			case tt.warning != "" && (len(doc.Warnings) != 1 || !strings.Contains(doc.Warnings[0], tt.warning)):
				t.Errorf("warnings %q, want one with %q", doc.Warnings, tt.warning)
			}
			first := 0
			for _, n := range doc.Nodes {
				if n.Kind == treenav.KindSection {
					first = n.LineStart
					break
				}
			}
			if first != tt.firstLine {
				t.Errorf("first section at line %d, want %d (%v)", first, tt.firstLine, outline(doc))
			}
			if tt.rootSpans != "" {
				if got := spanText(doc, tt.src, 0, treenav.FieldBody); got != tt.rootSpans {
					t.Errorf("root text %q, want %q", got, tt.rootSpans)
				}
			}
		})
	}
}

func TestTitleAndDescription(t *testing.T) {
	long := strings.Repeat("word ", 100)
	tests := []struct {
		rel, src, title, desc string
	}{
		{"a/guide.md", "Some text.\n", "guide", "Some text."},
		{"a/guide.md", "## Sub\n\n# Top\n\nPara.\n", "Top", "Para."},
		{"a/guide.md", "---\ntitle: FM\ndescription: From FM.\n---\n# Top\n\nPara.\n", "FM", "From FM."},
		{"a/guide.md", "[![badge](b.svg)](x)\n\n> Quoted **first** paragraph.\n", "guide", "Quoted first paragraph."},
		{"a/guide.md", "<p>html only</p>\n\n```\ncode\n```\n\n| a |\n|---|\n| b |\n", "guide", ""},
		{"a/guide.md", long, "guide", strings.TrimSpace(strings.Repeat("word ", 60)) + "…"},
		{"a/guide.md", "# `code` &amp; *emph* [link](x.md)\n", "code & emph link", ""},
		{"a/guide.md", "# ![logo](l.png)\n", "logo", ""},
		{"a/guide.md", "Multi\nline setext\n===\n", "Multi line setext", ""},
	}
	for _, tt := range tests {
		doc := mustParse(t, tt.rel, tt.src)
		if doc.Title != tt.title || doc.Description != tt.desc {
			t.Errorf("%q: title %q description %q, want %q %q", tt.src, doc.Title, doc.Description, tt.title, tt.desc)
		}
		if len(doc.Description) > descriptionLimit+len("…") {
			t.Errorf("%q: description of %d bytes", tt.src, len(doc.Description))
		}
	}
}

func TestSlug(t *testing.T) {
	tests := map[string]string{
		"Install":                   "install",
		"From Source":               "from-source",
		"C++ & C#":                  "c--c",
		"snake_case and kebab-case": "snake_case-and-kebab-case",
		"Ünïcödé Wörds":             "ünïcödé-wörds",
		"日本語 見出し":                   "日本語-見出し",
		"v1.2.3 (beta)":             "v123-beta",
		"a/b~c#d":                   "abcd",
		"🎉":                         "section",
		"":                          "section",
		"- - -":                     "section",
	}
	for in, want := range tests {
		if got := Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestAnchorsUnique(t *testing.T) {
	src := "# A\n## B\n## B\n# A\n## B\n```\nx\n```\n## Code 1\n"
	doc := mustParse(t, "x.md", src)
	var got []string
	for _, n := range doc.Nodes[1:] {
		got = append(got, n.Anchor)
	}
	want := []string{"a", "a/b", "a/b~2", "a~2", "a~2/b", "a~2/b/code-1", "a~2/code-1"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("anchors %q, want %q", got, want)
	}
}

func TestFenceLanguage(t *testing.T) {
	tests := []struct{ info, tag, lang string }{
		{"go", "go", "go"},
		{"ts", "ts", "typescript"},
		{"TypeScript", "TypeScript", "typescript"},
		{"tsx", "tsx", "typescript"},
		{"js title=\"a.js\"", "js", "javascript"},
		{"py", "py", "python"},
		{"rs", "rs", "rust"},
		{"c++", "c++", "cpp"},
		{"cc", "cc", "cpp"},
		{"sh", "sh", "bash"},
		{"shell", "shell", "bash"},
		{"js{1,3}", "js", "javascript"},
		{"{.python .numberLines}", "python", "python"},
		{"python:main.py", "python", "python"},
		{"language-go", "language-go", "go"},
		{"Elm", "Elm", "elm"},
		{"", "", ""},
	}
	for _, tt := range tests {
		tag, lang := fenceLanguage(tt.info)
		if tag != tt.tag || lang != tt.lang {
			t.Errorf("fenceLanguage(%q) = %q, %q; want %q, %q", tt.info, tag, lang, tt.tag, tt.lang)
		}
	}
}

func TestHashtags(t *testing.T) {
	tests := []struct {
		src  string
		tags []string
	}{
		{"#one two #three\n", []string{"one", "three"}},
		{"(#paren) [#bracket] *#emph*\n", []string{"paren", "bracket", "emph"}},
		{"#nested/tag and #trailing-/\n", []string{"nested/tag", "trailing"}},
		{"#123 #1a x#y &#35;z\n", []string{"1a"}},
		{"# Heading\n\n## #h2tag\n", nil},
		{"`#code` and\n\n```\n#fenced\n```\n", nil},
		{"https://example.com/page#frag www.example.com/#x\n", nil},
		{"[link](x.md#frag) <https://a.b/#c>\n", nil},
		{"#ünïcode\n", []string{"ünïcode"}},
	}
	for _, tt := range tests {
		doc := mustParse(t, "x.md", tt.src)
		if got := doc.Facets["tags"]; !reflect.DeepEqual(got, tt.tags) {
			t.Errorf("%q: tags %q, want %q", tt.src, got, tt.tags)
		}
	}
}

func TestSpans(t *testing.T) {
	src := "---\ntitle: Secret Title\n---\n# Heading Words\n\n" +
		"Prose with [link text](https://url.example/path) and `inline code`,\n" +
		"an entity&nbsp;here, <span class=\"cls\">inline html</span>, https://bare.example.\n\n" +
		"- item one\n- item two\n\n| cell a | cell b |\n|---|---|\n| `c` | d |\n\n" +
		"```js\nconst fenced = 1\n```\n\n## Sub\n\nSub text.\n"
	doc := mustParse(t, "x.md", src)
	body := spanText(doc, src, 1, treenav.FieldBody)
	code := spanText(doc, src, 1, treenav.FieldCode)
	for _, w := range []string{"Prose with", "link text", "entity", "here", "inline html", "item one", "item two", "cell a", "d"} {
		if !strings.Contains(body, w) {
			t.Errorf("body %q lacks %q", body, w)
		}
	}
	for _, w := range []string{"url.example", "nbsp", "span", "cls", "bare.example", "Heading", "Secret", "Sub text", "|---"} {
		if strings.Contains(body, w) || strings.Contains(code, w) {
			t.Errorf("spans of the section hold %q: body %q code %q", w, body, code)
		}
	}
	if code != "inline code|c|const fenced = 1\n" {
		t.Errorf("code %q", code)
	}
	// Word boundaries survive: adjacent list items are separate spans.
	if strings.Contains(body, "oneitem") || strings.Contains(body, "one- item") {
		t.Errorf("list items run together: %q", body)
	}
	// Code is counted once: the code node has no spans, its section has
	// the block's text.
	for _, n := range doc.Nodes {
		if n.Kind == treenav.KindCode && (len(n.Spans) != 0 || n.WordCount != 3) {
			t.Errorf("code node: spans %v words %d", n.Spans, n.WordCount)
		}
	}
	if got := doc.Nodes[1].WordCount; got != countWords([]byte(src), doc.Nodes[1].Spans) || got < 20 {
		t.Errorf("word count %d", got)
	}
	if got := spanText(doc, src, 0, treenav.FieldBody) + spanText(doc, src, 0, treenav.FieldCode); got != "" {
		t.Errorf("root holds %q; frontmatter must not be indexed", got)
	}
}

func TestCodeSymbols(t *testing.T) {
	src := "# S\n\n> ```go\n> // Doc.\n> type Quoted struct {\n>   A int\n> }\n> ```\n\n" +
		"1. Item\n\n   ```golang\n   func InList() {}\n   ```\n\n```go\nfunc A() {}\nfunc A() {}\n```\n"
	doc := mustParse(t, "x.md", src)
	type sym struct {
		anchor, text string
		line         int
	}
	var got []sym
	for _, n := range doc.Nodes {
		if n.Name != "" {
			got = append(got, sym{n.Anchor, src[n.ByteStart:n.ByteEnd], n.LineStart})
			if n.Language != "go" || len(n.Spans) != 0 {
				t.Errorf("%s: language %q spans %v", n.Anchor, n.Language, n.Spans)
			}
		}
	}
	want := []sym{
		{"s/code-1/Quoted", "type Quoted struct {\n>   A int\n> }", 5},
		{"s/code-1/Quoted.A", "A int", 6},
		{"s/code-2/InList", "func InList() {}", 13},
		{"s/code-3/A", "func A() {}", 17},
		{"s/code-3/A~2", "func A() {}", 18},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("symbols\n got %+v\nwant %+v", got, want)
	}
	for _, n := range doc.Nodes {
		if n.Name == "Quoted" && (n.Doc != "Doc." || src[n.DocStart:n.ByteStart] != "// Doc.\n> ") {
			t.Errorf("Quoted doc %q from %q", n.Doc, src[n.DocStart:n.ByteStart])
		}
	}
}

func TestMaskMDX(t *testing.T) {
	b := func(s string) string { // s blanked
		c := []byte(s)
		blank(c)
		return string(c)
	}
	tests := []struct{ in, want string }{
		{"import A from 'a'\nimport {B,\n  C} from 'b'\n\n# H\n", b("import A from 'a'\nimport {B,\n  C} from 'b'\n") + "\n# H\n"},
		{"export const x = {\n  a: 1,\n}\n\ntext\n", b("export const x = {\n  a: 1,\n}\n") + "\ntext\n"},
		{"<Tabs a={{b: 1}}>\ncontent\n</Tabs>\n", b("<Tabs a={{b: 1}}>") + "\ncontent\n" + b("</Tabs>") + "\n"},
		{"<Multi\n  line=\"x>\"\n/>\n## H\n", b("<Multi\n  line=\"x>\"\n/>\n") + "## H\n"},
		{"<A /> <B>\r\ntext\n", b("<A /> <B>\r\n") + "text\n"},
		{"<Note>inline text</Note>\n", "<Note>inline text</Note>\n"},
		{"{/* don't */}\n", b("{/* don't */}") + "\n"},
		{"```\nimport x\n<Tag>\n```\n", "```\nimport x\n<Tag>\n```\n"},
		{"Important: import x\n", "Important: import x\n"},
		{"<>\n</>\n", b("<>\n</>\n")},
		{"<!-- html comment -->\n", "<!-- html comment -->\n"},
	}
	for _, tt := range tests {
		if got := string(maskMDX([]byte(tt.in), 0)); got != tt.want {
			t.Errorf("maskMDX(%q)\n got %q\nwant %q", tt.in, got, tt.want)
		}
	}
}

func TestLinksInParse(t *testing.T) {
	tests := []struct {
		rel, dest, want string
	}{
		{"docs/a.md", "b.md", "docs/b.md"},
		{"docs/a.md", "./b.md#x", "docs/b.md"},
		{"docs/a.md", "../src/main.go", "src/main.go"},
		{"docs/a.md", "/top.md", "top.md"},
		{"docs/a.md", "my%20file.md?raw=1", "docs/my file.md"},
		{"docs/a.md", "sub\\win.md", "docs/sub/win.md"},
		{"docs/a.md", "../../out.md", ""},
		{"docs/a.md", "https://x.y/z.md", ""},
		{"docs/a.md", "mailto:a@b.c", ""},
		{"docs/a.md", "//cdn.x/y.md", ""},
		{"docs/a.md", "#frag", ""},
		{"docs/a.md", "", ""},
		{"a.md", "C:foo", ""},
	}
	for _, tt := range tests {
		got, ok := resolveRelative(tt.rel, tt.dest)
		if !ok {
			got = ""
		}
		if got != tt.want {
			t.Errorf("resolveRelative(%q, %q) = %q, want %q", tt.rel, tt.dest, got, tt.want)
		}
	}
}

func TestInvalidUTF8(t *testing.T) {
	src := "# Bad \xff\xfe title\n\ntext \xc3\x28 more #t\xffag\n\n[l\xff](x\xff.md)\n"
	doc := mustParse(t, "x.md", src)
	for _, s := range append([]string{doc.Title, doc.Description}, doc.Facets["tags"]...) {
		if !utf8.ValidString(s) {
			t.Errorf("invalid UTF-8 in %q", s)
		}
	}
	if n := doc.Nodes[1]; n.Title != "Bad \uFFFD title" || len(n.Links) != 1 {
		t.Errorf("section %q links %v", n.Title, n.Links)
	}
}

func TestHostile(t *testing.T) {
	inputs := map[string]string{
		"empty":       "",
		"newlines":    "\n\n\n",
		"only bom":    "\uFEFF",
		"nul bytes":   "# a\x00b\n\x00\x00",
		"deep quotes": strings.Repeat(">", 5000) + " # deep\n",
		"deep lists":  strings.Repeat("- ", 5000) + "# deep\n",
		"brackets":    strings.Repeat("[a](", 5000),
		"wiki":        strings.Repeat("![[", 5000),
		"fence only":  "```",
		"cr only":     "# a\r## b\rtext\r",
		"long line":   "# " + strings.Repeat("x", 200000) + "\n",
	}
	for name, src := range inputs {
		t.Run(name, func(t *testing.T) {
			for _, rel := range []string{"x.md", "x.mdx"} {
				mustParse(t, rel, src)
			}
		})
	}
	// Nesting past maxNesting is cut, not lost: the text is still indexed.
	doc := mustParse(t, "x.md", strings.Repeat("> ", 100)+"deep words\n")
	if !bytes.Contains([]byte(spanText(doc, strings.Repeat("> ", 100)+"deep words\n", 0, treenav.FieldBody)+
		spanText(doc, strings.Repeat("> ", 100)+"deep words\n", 0, treenav.FieldCode)), []byte("deep words")) {
		t.Errorf("deeply quoted text lost: %+v", doc.Nodes[0].Spans)
	}
}

// A symbol of a fenced block keeps what the code parser says of it: a C
// prototype is a declaration (find_symbol lists the definition first).
func TestCodeSymbolDeclaration(t *testing.T) {
	src := "# S\n\n```c\nint add(int a, int b);\n\nint add(int a, int b) { return a + b; }\n```\n"
	doc := mustParse(t, "x.md", src)
	var got []string
	for _, n := range doc.Nodes {
		if n.Name == "add" {
			got = append(got, fmt.Sprintf("L%d declaration=%v", n.LineStart, n.Declaration))
		}
	}
	if want := []string{"L4 declaration=true", "L6 declaration=false"}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
