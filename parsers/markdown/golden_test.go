package markdown

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/treenav/treenav"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestGolden parses every file in testdata/ and compares the rendered
// document (metadata, facets, nodes, spans, links) with its .golden twin.
// Run with -update after a deliberate change and review the diff.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range files {
		if !Match(f) {
			continue
		}
		n++
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			rel := "docs/" + filepath.Base(f)
			doc, err := Parse(rel, src)
			if err != nil {
				t.Fatal(err)
			}
			checkInvariants(t, doc, src)
			got := render(doc, src)
			golden := f + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./parsers/markdown -run TestGolden -update)", err)
			}
			if got != string(want) {
				t.Errorf("parse differs from %s (-want +got):\n%s", golden, diffLines(string(want), got))
			}
		})
	}
	if n == 0 {
		t.Fatal("no markdown files in testdata/")
	}
}

// render prints the document: its metadata and facets, then one line per
// node (indented by depth) with its spans and links below it.
func render(doc *treenav.Document, src []byte) string {
	var b strings.Builder
	fmt.Fprintf(&b, "title: %q\ndescription: %q\n", doc.Title, doc.Description)
	for _, w := range doc.Warnings {
		fmt.Fprintf(&b, "warning: %s\n", w)
	}
	keys := make([]string, 0, len(doc.Facets))
	for k := range doc.Facets {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "facet %s = %s\n", k, strings.Join(quoteAll(doc.Facets[k]), ", "))
	}
	var walk func(i, depth int)
	walk = func(i, depth int) {
		n := &doc.Nodes[i]
		ind := strings.Repeat("  ", depth)
		fmt.Fprintf(&b, "%s%s L%d-%d bytes=%d-%d words=%d", ind, n.Kind, n.LineStart, n.LineEnd, n.ByteStart, n.ByteEnd, n.WordCount)
		if i > 0 {
			fmt.Fprintf(&b, " #%s level=%d title=%q", n.Anchor, n.Level, n.Title)
		}
		if n.Language != "" {
			fmt.Fprintf(&b, " lang=%s", n.Language)
		}
		if n.QualifiedName != "" {
			fmt.Fprintf(&b, " qname=%s", n.QualifiedName)
		}
		b.WriteByte('\n')
		if len(n.Spans) > 0 {
			fmt.Fprintf(&b, "%s  spans:", ind)
			for k, sp := range n.Spans {
				if k == 24 {
					fmt.Fprintf(&b, " …(+%d)", len(n.Spans)-k)
					break
				}
				fmt.Fprintf(&b, " %c%s", sp.Field.String()[0], quoteShort(string(src[sp.Start:sp.End])))
			}
			b.WriteByte('\n')
		}
		for _, l := range n.Links {
			fmt.Fprintf(&b, "%s  link %s %q", ind, l.Kind, l.Target)
			if l.Label != "" {
				fmt.Fprintf(&b, " label=%q", l.Label)
			}
			fmt.Fprintf(&b, " L%d\n", l.Line)
		}
		for _, c := range n.Children {
			walk(c, depth+1)
		}
	}
	walk(0, 0)
	return b.String()
}

func quoteAll(vs []string) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = strconv.Quote(v)
	}
	return out
}

func quoteShort(s string) string {
	if len(s) > 48 {
		cut := 40
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		s = s[:cut] + "…"
	}
	return strconv.Quote(s)
}

// diffLines is a small line diff for golden mismatches.
func diffLines(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	i, j := 0, 0
	for i < len(w) || j < len(g) {
		switch {
		case i < len(w) && j < len(g) && w[i] == g[j]:
			i++
			j++
		case j < len(g) && (i >= len(w) || !contains(w[i:], g[j])):
			fmt.Fprintf(&b, "+%s\n", g[j])
			j++
		default:
			fmt.Fprintf(&b, "-%s\n", w[i])
			i++
		}
	}
	return b.String()
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}
