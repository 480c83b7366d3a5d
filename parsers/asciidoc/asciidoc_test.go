package asciidoc

import (
	"fmt"
	"strings"
	"testing"

	"github.com/treenav/treenav"
)

const guide = `= Widget Guide
Jane Doe <jane@example.com>
v1.2, 2024-01-01
:description: How to build widgets.
:keywords: widgets, gadgets
:source-language: java

Intro with ` + "`Widget`" + ` and <<install,Install>>.

== Install

[source,python]
----
def hello():
    return 1
== not a title
----

=== From source

See xref:build/other.adoc#steps[Build steps] and {@link Widget#spin}.

....
== literal, not a title
....

include::partials/note.adoc[]

[discrete]
== Discrete heading

== Usage

====
== inside an example block
====

[source]
----
class Spinner {}
----

// == a comment
`

func TestTree(t *testing.T) {
	doc, err := Parse("docs/guide.adoc", []byte(guide))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	var walk func(i, depth int)
	walk = func(i, depth int) {
		n := doc.Nodes[i]
		if i > 0 {
			got = append(got, fmt.Sprintf("%s%s %d %s %s @%d-%d", strings.Repeat("  ", depth-1), n.Kind, n.Level, n.Title, n.Anchor, n.LineStart, n.LineEnd))
		}
		for _, c := range n.Children {
			walk(c, depth+1)
		}
	}
	walk(0, 0)
	want := []string{
		"section 1 Widget Guide widget-guide @1-43",
		"  section 2 Install widget-guide/install @10-31",
		"    code 3 python widget-guide/install/code-1 @13-17",
		"      function 4 hello widget-guide/install/code-1/hello @14-15",
		"    section 3 From source widget-guide/install/from-source @19-31",
		"      code 4 literal widget-guide/install/from-source/code-1 @23-25",
		"  section 2 Usage widget-guide/usage @32-43",
		"    code 3 java widget-guide/usage/code-1 @39-41",
		"      class 4 Spinner widget-guide/usage/code-1/Spinner @40-40",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("tree:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if doc.Title != "Widget Guide" || doc.Description != "How to build widgets." {
		t.Errorf("title %q, description %q", doc.Title, doc.Description)
	}
	if k := strings.Join(doc.Facets["keywords"], ","); k != "widgets,gadgets" {
		t.Errorf("keywords = %q", k)
	}
	var links []string
	for _, n := range doc.Nodes {
		for _, l := range n.Links {
			links = append(links, fmt.Sprintf("%s %s %q L%d", l.Kind, l.Target, l.Label, l.Line))
		}
	}
	wantLinks := []string{
		`ref install "Install" L8`,
		`doc docs/build/other.adoc "Build steps" L21`,
		`javadoc:link Widget.spin "" L21`,
		`doc docs/partials/note.adoc "" L27`,
	}
	if strings.Join(links, "\n") != strings.Join(wantLinks, "\n") {
		t.Errorf("links:\n%s\nwant\n%s", strings.Join(links, "\n"), strings.Join(wantLinks, "\n"))
	}
	// The header's attribute lines are not the title section's text.
	for _, sp := range doc.Nodes[1].Spans {
		if s := guide[sp.Start:sp.End]; strings.Contains(s, "keywords") || strings.Contains(s, "Jane") {
			t.Errorf("header line indexed as text: %q", s)
		}
	}
}

func TestRobust(t *testing.T) {
	for _, src := range []string{"", "=", "= ", "----", "[source,go]\n----\nfunc", "```\nx", "|===\n|a\n", "== A\n--\n"} {
		doc, err := Parse("x.adoc", []byte(src))
		if err != nil {
			t.Errorf("%q: %v", src, err)
			continue
		}
		if len(doc.Nodes) == 0 || doc.Nodes[0].Kind != treenav.KindFile {
			t.Errorf("%q: no file root", src)
		}
	}
}
