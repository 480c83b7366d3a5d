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
