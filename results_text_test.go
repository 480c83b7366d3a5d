package treenav

import (
	"strings"
	"testing"
)

// TestTextCountsOne: a count of one takes the singular ("1 result", not
// "1 results"); other counts the plural.
func TestTextCountsOne(t *testing.T) {
	node := TreeNode{NodeID: "a.md#x", ParentID: "a.md", Kind: KindSection, Title: "X", WordCount: 1}
	for _, tc := range []struct {
		text string
		want []string
	}{
		{(&SearchResponse{Query: "q", Total: 1, Results: []SearchResult{{NodeID: "a.go#F"}}}).Text(), []string{"1 result for \"q\""}},
		{(&SearchResponse{Query: "q", Total: 2, Results: []SearchResult{{NodeID: "a.go#F"}, {NodeID: "a.go#G"}}}).Text(), []string{"2 results for \"q\""}},
		{(&ListResponse{Total: 1, Documents: []DocumentSummary{{DocID: "a.go", NodeCount: 1}}}).Text(), []string{"1 document:", "[, 1 node]"}},
		{(&ListResponse{Total: 3, Documents: []DocumentSummary{{DocID: "a.go", NodeCount: 0}}}).Text(), []string{"3 documents (showing 1):", "[, 0 nodes]"}},
		{(&TreeResponse{DocID: "a.md", Nodes: []TreeNode{{NodeID: "a.md"}, node}, TotalNodes: 3}).Text(), []string{"L0-0  1 word  #x", "2 of 3 nodes shown"}},
		{(&NavigateResponse{NodeID: "a.md#x", Nodes: []TreeNode{node}, TotalNodes: 2}).Text(), []string{"(1 of 2 descendants listed"}},
	} {
		for _, w := range tc.want {
			if !strings.Contains(tc.text, w) {
				t.Errorf("text lacks %q:\n%s", w, tc.text)
			}
		}
		for _, bad := range []string{"1 results", "1 documents", "1 nodes", "1 words"} {
			if strings.Contains(tc.text, bad) {
				t.Errorf("text says %q:\n%s", bad, tc.text)
			}
		}
	}
}

// A stub declares its own module's definition, wherever each is
// installed, and no other module's of the same name.
func TestDeclares(t *testing.T) {
	for _, tc := range []struct {
		decl, def string
		want      bool
	}{
		{"site-packages/typeshed/stdlib/json/decoder.pyi", "json/decoder.py", true},
		{"site-packages/typeshed/stubs/simplejson/simplejson/decoder.pyi", "json/decoder.py", false},
		{"typeshed/stdlib/argparse.pyi", "argparse.py", true},
		{"argparse.pyi", "argparse.py", true},
		{"pkg/argparse.pyi", "pkg/argparse.py", true},
		{"stdlib/argparse.pyi", "lib/argparse.py", false}, // no way to tell: the stub's signature is shown
		{"include/add.h", "src/add.c", true},
		{"json/decoder.pyi", "json/decoder.js", false},
	} {
		if got := declares(tc.decl, tc.def); got != tc.want {
			t.Errorf("declares(%q, %q) = %v, want %v", tc.decl, tc.def, got, tc.want)
		}
	}
}

// A line's references of one kind and confidence share the line in the
// text form; the counts take singulars.
func TestReferencesTextSharesLines(t *testing.T) {
	hit := func(line, col int, conf Confidence) ReferenceHit {
		return ReferenceHit{Path: "d.md", Line: line, Column: col, Kind: "doc", Confidence: conf, Text: "call Get, then Get"}
	}
	r := &ReferencesResponse{Symbol: RefSymbol{QualifiedName: "T.Get", Kind: "method", Path: "t.go", LineStart: 3}, Total: 4,
		References: []ReferenceHit{hit(7, 6, Textual), hit(7, 16, Textual), hit(8, 6, Textual), hit(8, 16, Resolved)}}
	want := "T.Get (method) t.go:3 — 4 references: 0 resolved, 0 ambiguous, 0 textual\n" +
		"d.md:7:6,16 doc textual  call Get, then Get\n" +
		"d.md:8:6 doc textual  call Get, then Get\n" +
		"d.md:8:16 doc resolved  call Get, then Get\n"
	if got := r.Text(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	r = &ReferencesResponse{Total: 1, References: r.References[:1]}
	c := &CallHierarchyResponse{Direction: "incoming", Depth: 1, TotalGroups: 1, TotalCalls: 1, NotCalls: 1, Unresolved: 1}
	for _, text := range []string{r.Text(), c.Text()} {
		for _, bad := range []string{"1 references", "1 groups", "1 calls", "are not calls"} {
			if strings.Contains(text, bad) {
				t.Errorf("text says %q:\n%s", bad, text)
			}
		}
	}
}
