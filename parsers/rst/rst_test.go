package rst

import (
	"fmt"
	"strings"
	"testing"

	"github.com/treenav/treenav"
)

// outline is "level title @line" for each section, "native title" for
// directive nodes, "code lang" for code nodes, and "kind name" for symbols,
// indented by depth.
func outline(t *testing.T, src string) []string {
	t.Helper()
	doc, err := Parse("docs/page.rst", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	var walk func(i, depth int)
	walk = func(i, depth int) {
		n := doc.Nodes[i]
		if i > 0 {
			pre := strings.Repeat("  ", depth-1)
			switch {
			case n.Kind == treenav.KindSection && n.NativeKind == "":
				out = append(out, fmt.Sprintf("%s%d %s @%d", pre, n.Level, n.Title, n.LineStart))
			case n.Kind == treenav.KindSection:
				out = append(out, fmt.Sprintf("%s%s %s", pre, n.NativeKind, n.Title))
			case n.Kind == treenav.KindCode:
				out = append(out, fmt.Sprintf("%scode %s %s", pre, n.Title, n.Language))
			default:
				out = append(out, fmt.Sprintf("%s%s %s", pre, n.Kind, n.Name))
			}
		}
		for _, c := range n.Children {
			walk(c, depth+1)
		}
	}
	walk(0, 0)
	return out
}

func TestSections(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"levels in order of first use", "=====\nTitle\n=====\n\nA\n-\n\ntext\n\nB\n-\n\nB1\n~~\n\nC\n-\n",
			[]string{"1 Title @1", "  2 A @5", "  2 B @10", "    3 B1 @13", "  2 C @16"}},
		{"overline and underline is its own style", "Top\n===\n\n===\nSub\n===\n\nx\n",
			[]string{"1 Top @1", "  2 Sub @4"}},
		// docutils: a new style may only open a level below the deepest
		// one in use ("Title level inconsistent").
		{"a new style above the deepest level is no section", "A\n=\n\nB\n-\n\nC\n=\n\nD\n~\n\nE\n^\n",
			[]string{"1 A @1", "  2 B @4", "1 C @7"}},
		{"short underline: text under 4, title from 4", "Long title\n--\n\nLong title two\n----\n",
			[]string{"1 Long title two @4"}},
		{"bullet is no title, enumerated heading is", "- item\n------\n\n1. Intro\n--------\n",
			[]string{"1 1. Intro @4"}},
		{"literal block after ::", "T\n=\n\nExample::\n\n    Not a title\n    ===========\n\nafter\n",
			[]string{"1 T @1", "  code code "}},
		{"title inside a block quote is text", "T\n=\n\n  Quoted\n  ======\n",
			[]string{"1 T @1"}},
		{"inline markup stripped from titles", "The ``json`` :func:`~json.dumps` *API*\n======================================\n",
			[]string{"1 The json dumps API @1"}},
		{"simple table is no title", "=====  =====\nA      B\n=====  =====\nx      y\n=====  =====\n\nT\n=\n",
			[]string{"1 T @7"}},
		{"transition is no title", "T\n=\n\npara\n\n----------\n\nmore\n",
			[]string{"1 T @1"}},
		{"comment block hides titles", "..\n   Hidden\n   ======\n\nT\n=\n",
			[]string{"1 T @5"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := outline(t, tt.src)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestDirectivesAndCode(t *testing.T) {
	src := `Settings
========

.. highlight:: python

.. setting:: DOWNLOAD_DELAY

   Seconds to wait between downloads.

   .. note:: Randomized by default.

.. function:: fetch(url, *, timeout=None)

   Fetch a page.

.. code-block:: go

   func Hello() {}

Plain::

    def hello():
        pass

.. versionadded:: 2.1
   The ` + "``timeout``" + ` argument.
`
	got := outline(t, src)
	want := []string{
		"1 Settings @1",
		"  setting DOWNLOAD_DELAY",
		"    note note",
		"  function fetch",
		"  code go go",
		"    function Hello",
		"  code python python",
		"    function hello",
		"  versionadded versionadded 2.1",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	doc, _ := Parse("docs/page.rst", []byte(src))
	byAnchor := map[string]treenav.Node{}
	for _, n := range doc.Nodes {
		byAnchor[n.Anchor] = n
	}
	setting, ok := byAnchor["settings/download_delay"]
	if !ok {
		t.Fatalf("no node settings/download_delay; anchors: %v", anchorsOf(doc))
	}
	if own := text(src, setting); !strings.Contains(own, "Seconds to wait") || strings.Contains(own, "Randomized") {
		t.Errorf("setting's own text = %q, want its paragraph without the note's", own)
	}
	if f := byAnchor["settings/fetch"]; f.Signature != "fetch(url, *, timeout=None)" {
		t.Errorf("function signature = %q", f.Signature)
	} else if own := text(src, f); !strings.Contains(own, "(url, *, timeout=None)") || strings.Contains(own, "fetch(") {
		t.Errorf("function's own text = %q, want its parameters (its name is its title)", own)
	}
	if s := byAnchor["settings"]; strings.Contains(text(src, s), "Seconds") {
		t.Errorf("section's own text holds its directives' text: %q", text(src, s))
	}
	if got := doc.Facets["code_languages"]; strings.Join(got, ",") != "go,python" {
		t.Errorf("code_languages = %v", got)
	}
}

func anchorsOf(doc *treenav.Document) []string {
	var out []string
	for _, n := range doc.Nodes {
		out = append(out, n.Anchor)
	}
	return out
}

func text(src string, n treenav.Node) string {
	var b strings.Builder
	for _, sp := range n.Spans {
		b.WriteString(src[sp.Start:sp.End])
		b.WriteByte(' ')
	}
	return b.String()
}

func TestMetadataAndTitle(t *testing.T) {
	src := ":orphan:\n:tags: http, client\n:description: How requests are made.\n\n=========\nRequests\n=========\n\nFirst paragraph here.\n"
	doc, err := Parse("docs/requests.rst", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if doc.Title != "Requests" {
		t.Errorf("title = %q", doc.Title)
	}
	if doc.Description != "How requests are made." {
		t.Errorf("description = %q", doc.Description)
	}
	if got := strings.Join(doc.Facets["tags"], ","); got != "http,client" {
		t.Errorf("tags = %q", got)
	}
	if got := strings.Join(doc.Facets["orphan"], ","); got != "true" {
		t.Errorf("orphan = %q", got)
	}
	// A field list after content is not metadata.
	doc, _ = Parse("a.rst", []byte("T\n=\n\ntext\n\n:param x: the x\n"))
	if _, ok := doc.Facets["param_x"]; ok {
		t.Errorf("a field list in the body became a facet: %v", doc.Facets)
	}
}

func TestLinks(t *testing.T) {
	src := `.. module:: scrapy.http

Requests
========

See :doc:` + "`../intro/install`" + `, :ref:` + "`Settings <topics-settings>`" + `
and :class:` + "`~scrapy.http.Request`" + `.

.. class:: Request(url)

   Use :meth:` + "`replace`" + ` or :meth:` + "`.copy`" + `; {@link Response#follow}.

.. toctree::

   first
   Second <sub/second>

.. literalinclude:: ../examples/spider.py
`
	doc, err := Parse("docs/topics/request.rst", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, n := range doc.Nodes {
		for _, l := range n.Links {
			got = append(got, fmt.Sprintf("%s %s %q L%d", l.Kind, l.Target, l.Label, l.Line))
		}
	}
	want := []string{
		`py:module scrapy.http "" L1`,
		`doc docs/intro/install "" L6`,
		`ref topics-settings "Settings" L6`,
		`py:class scrapy.http.Request "" L7`,
		`doc docs/topics/first "" L15`,
		`doc docs/topics/sub/second "" L16`,
		`doc docs/examples/spider.py "" L18`,
		`py:class scrapy.http.Request "Request" L9`,
		`py:meth scrapy.http.Request.replace "replace" L11`,
		`py:meth scrapy.http.Request.copy ".copy" L11`,
		`javadoc:link Response.follow "" L11`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("links:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestSniff(t *testing.T) {
	tests := []struct {
		name, file, src string
		want            bool
	}{
		{"sphinx source", "library/json.rst.txt", ":mod:`json` --- JSON\n====================\n\n.. module:: json\n", true},
		{"plain text", "notes.txt", "Notes\n=====\n\nJust text.\n", false},
		{"requirements", "requirements.txt", "requests==2.0\n", false},
		{"license", "LICENSE.txt", "MIT License\n-----------\n\nPermission is hereby granted\n", false},
		{"not .txt", "a.md", "T\n=\n\n.. note:: x\n", false},
	}
	for _, tt := range tests {
		if got := Sniff(tt.file, []byte(tt.src)); got != tt.want {
			t.Errorf("%s: Sniff = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestRobust(t *testing.T) {
	for _, src := range []string{"", "\n", "=", "==\n==", ".. ", "::", "T\n=\n::", "\uFEFFT\r\n=\r\n\r\nx\r\n", ".. code-block::", "- \n  - \n    ::\n"} {
		doc, err := Parse("x.rst", []byte(src))
		if err != nil {
			t.Errorf("%q: %v", src, err)
			continue
		}
		if len(doc.Nodes) == 0 || doc.Nodes[0].Kind != treenav.KindFile {
			t.Errorf("%q: no file root", src)
		}
	}
	doc, _ := Parse("x.rst", []byte("\uFEFFTitle\r\n=====\r\n\r\ntext\r\n"))
	if doc.Title != "Title" || len(doc.Nodes) != 2 || doc.Nodes[1].LineStart != 1 {
		t.Errorf("BOM and CRLF: title %q, %d nodes", doc.Title, len(doc.Nodes))
	}
}

// TestRoleSuffix: a role may follow its text (`text`:role:), and code
// names in roles are indexed as code.
func TestRoleSuffix(t *testing.T) {
	src := ".. currentmodule:: json\n\nSee `dumps`:func: and :meth:`JSONEncoder.encode`.\n"
	doc, err := Parse("a.rst", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range doc.Nodes[0].Links {
		got = append(got, l.Kind+" "+l.Target)
	}
	if want := "py:func json.dumps|py:meth json.JSONEncoder.encode"; strings.Join(got, "|") != want {
		t.Errorf("links %q, want %q", strings.Join(got, "|"), want)
	}
	var code []string
	for _, sp := range doc.Nodes[0].Spans {
		if sp.Field == treenav.FieldCode {
			code = append(code, src[sp.Start:sp.End])
		}
	}
	if want := "dumps|JSONEncoder.encode"; strings.Join(code, "|") != want {
		t.Errorf("code spans %q, want %q", strings.Join(code, "|"), want)
	}
}
