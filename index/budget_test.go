package index

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

func TestBoundByDepth(t *testing.T) {
	for _, tc := range []struct {
		depths    []int
		limit     int
		keep      string // 1 kept, 0 dropped
		truncated bool
	}{
		{[]int{0, 1, 2, 2, 1, 2}, 0, "111111", false},
		{[]int{0, 1, 2, 2, 1, 2}, 6, "111111", false},
		// Levels 0-1 fit whole (3 nodes); level 2 would pass 5.
		{[]int{0, 1, 2, 2, 1, 2}, 5, "110010", true},
		{[]int{0, 1, 2, 2, 1, 2}, 3, "110010", true},
		// Only the root fits: document order instead.
		{[]int{0, 1, 2, 2, 1, 2}, 2, "110000", true},
		// Navigate's descendants start at depth 1.
		{[]int{1, 2, 2, 1, 2}, 3, "10010", true},
		{[]int{1, 1, 1, 1}, 2, "1100", true},
	} {
		keep, tr := boundByDepth(tc.depths, nil, tc.limit)
		var b strings.Builder
		for _, k := range keep {
			if k {
				b.WriteByte('1')
			} else {
				b.WriteByte('0')
			}
		}
		if b.String() != tc.keep || tr != tc.truncated {
			t.Errorf("boundByDepth(%v, %d) = %s %v, want %s %v", tc.depths, tc.limit, b.String(), tr, tc.keep, tc.truncated)
		}
	}
	// When the first level does not fit, its types and callables come
	// before its data, each in document order; whole levels ignore it.
	for _, tc := range []struct {
		depths []int
		minor  string // 1 minor
		limit  int
		keep   string
	}{
		{[]int{0, 1, 1, 1, 1, 2}, "011010", 3, "110100"},
		{[]int{0, 1, 1, 1, 1, 2}, "011010", 4, "111100"},
		{[]int{1, 1, 1, 1}, "1100", 2, "0011"},
		{[]int{1, 1, 1, 1}, "1101", 3, "1110"},
		{[]int{0, 1, 2, 2, 1, 2}, "010001", 5, "110010"},
	} {
		minor := make([]bool, len(tc.minor))
		for i := range tc.minor {
			minor[i] = tc.minor[i] == '1'
		}
		keep, _ := boundByDepth(tc.depths, minor, tc.limit)
		var b strings.Builder
		for _, k := range keep {
			b.WriteByte("01"[btoi(k)])
		}
		if b.String() != tc.keep {
			t.Errorf("boundByDepth(%v, minor %s, %d) = %s, want %s", tc.depths, tc.minor, tc.limit, b.String(), tc.keep)
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// manyGo is a Go file with n types of three methods each.
func manyGo(n int) string {
	var b strings.Builder
	b.WriteString("package many\n\n")
	for i := range n {
		fmt.Fprintf(&b, "// T%d holds widget state number %d.\ntype T%d struct{}\n\n", i, i, i)
		for _, m := range []string{"Open", "Read", "Close"} {
			fmt.Fprintf(&b, "// %s handles widget %d.\nfunc (t *T%d) %s() error { return nil }\n\n", m, i, i, m)
		}
	}
	return b.String()
}

func TestTreeAndNavigateMaxNodes(t *testing.T) {
	ix := newTestIndex(t, map[string]string{"many.go": manyGo(60)}) // 1 + 60*4 nodes
	tr, err := ix.Tree(TreeRequest{DocID: "many.go"})
	if err != nil {
		t.Fatal(err)
	}
	// 241 nodes pass the default bound; the root and the 60 types fit.
	if !tr.Truncated || tr.TotalNodes != 241 || len(tr.Nodes) != 61 {
		t.Fatalf("default tree: truncated %v, %d of %d nodes; want 61 of 241", tr.Truncated, len(tr.Nodes), tr.TotalNodes)
	}
	if last := tr.Nodes[len(tr.Nodes)-1].NodeID; last != "many.go#T59" {
		t.Errorf("a cut outline must still reach the end of the file; last node %s", last)
	}
	all, _ := ix.Tree(TreeRequest{DocID: "many.go", MaxNodes: -1})
	if all.Truncated || len(all.Nodes) != 241 {
		t.Errorf("unbounded tree: %d nodes, truncated %v", len(all.Nodes), all.Truncated)
	}
	small, _ := ix.Tree(TreeRequest{DocID: "many.go", MaxNodes: 10})
	if !small.Truncated || len(small.Nodes) != 10 {
		t.Errorf("max 10 nodes: got %d", len(small.Nodes))
	}
	nav, err := ix.Navigate(NavigateRequest{ID: "many.go", MaxNodes: 100})
	if err != nil {
		t.Fatal(err)
	}
	if !nav.Truncated || nav.TotalNodes != 240 || len(nav.Nodes) != 60 {
		t.Errorf("navigate: truncated %v, %d of %d; want 60 of 240", nav.Truncated, len(nav.Nodes), nav.TotalNodes)
	}
}

func TestNavigateMaxCharsBoundsOutlineAndText(t *testing.T) {
	ix := newTestIndex(t, map[string]string{"many.go": manyGo(60)})
	full, err := ix.Navigate(NavigateRequest{ID: "many.go", MaxNodes: -1, MaxChars: 1 << 30})
	if err != nil {
		t.Fatal(err)
	}
	if full.Truncated || len(full.Nodes) != 240 {
		t.Fatalf("unbounded: truncated %v, %d nodes", full.Truncated, len(full.Nodes))
	}
	fullSize := jsonSize(full)
	for _, maxChars := range []int{fullSize, fullSize - 1, fullSize / 2, fullSize / 5, 3000, 800} {
		nav, err := ix.Navigate(NavigateRequest{ID: "many.go", MaxNodes: -1, MaxChars: maxChars})
		if err != nil {
			t.Fatal(err)
		}
		size := jsonSize(nav)
		if size > maxChars {
			t.Errorf("max_chars %d: answer is %d characters", maxChars, size)
		}
		cut := len(nav.Nodes) < 240 || nav.Content != full.Content
		if cut != nav.Truncated || cut != (maxChars < fullSize) {
			t.Errorf("max_chars %d (full %d): %d nodes, content cut %v, truncated %v",
				maxChars, fullSize, len(nav.Nodes), nav.Content != full.Content, nav.Truncated)
		}
		if nav.Content != full.Content && !strings.Contains(nav.Content, "[truncated:") {
			t.Errorf("max_chars %d: cut text does not say so: %q", maxChars, nav.Content[max(0, len(nav.Content)-80):])
		}
		if maxChars >= 3000 && len(nav.Nodes) == 0 {
			t.Errorf("max_chars %d: no outline left", maxChars)
		}
	}
}

func TestMaxCharsPagesListings(t *testing.T) {
	files := map[string]string{}
	for i := range 30 {
		files[fmt.Sprintf("pkg%02d/widget.go", i)] = fmt.Sprintf("package pkg%02d\n\n// Widget%02d renders a widget frame.\nfunc Widget%02d() {}\n", i, i, i)
	}
	ix := newTestIndex(t, files)

	// Search: a small budget cuts the page; following the cursors visits
	// every result exactly once.
	full, err := ix.Search(SearchRequest{Query: "widget frame", Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	if full.Truncated || full.NextCursor != "" || len(full.Results) != full.Total {
		t.Fatalf("default budget should hold %d results: got %d, truncated %v", full.Total, len(full.Results), full.Truncated)
	}
	var paged []string
	cursor, pages := 0, 0
	for {
		r, err := ix.Search(SearchRequest{Query: "widget frame", Limit: 100, Offset: cursor, MaxChars: 2000})
		if err != nil {
			t.Fatal(err)
		}
		pages++
		if size := jsonSize(r); size > 2000 {
			t.Errorf("answer of %d chars (query, total and cursor included) passes max_chars 2000", size)
		}
		for _, res := range r.Results {
			paged = append(paged, res.NodeID)
		}
		if r.NextCursor == "" {
			break
		}
		if !r.Truncated {
			t.Errorf("page cut by max_chars not marked truncated")
		}
		cursor, _ = strconv.Atoi(r.NextCursor)
	}
	var want []string
	for _, res := range full.Results {
		want = append(want, res.NodeID)
	}
	if pages < 2 || !reflect.DeepEqual(paged, want) {
		t.Errorf("%d pages gave %v\nwant %v", pages, paged, want)
	}
	// A budget smaller than one result still returns it, its snippet cut.
	one, _ := ix.Search(SearchRequest{Query: "widget frame", MaxChars: 250})
	if len(one.Results) != 1 || !one.Truncated || one.NextCursor != "1" {
		t.Errorf("tiny budget: %d results, truncated %v, cursor %q", len(one.Results), one.Truncated, one.NextCursor)
	}

	// List.
	l, _ := ix.List(ListRequest{MaxChars: 1000})
	if l.Total != 30 || len(l.Documents) == 0 || len(l.Documents) >= 30 || l.NextCursor != strconv.Itoa(len(l.Documents)) {
		t.Errorf("list with budget: total %d, %d shown, cursor %q", l.Total, len(l.Documents), l.NextCursor)
	}
	if size := jsonSize(l); size > 1000 {
		t.Errorf("list answer of %d chars passes max_chars 1000", size)
	}
	// The facet counts, over all 30 documents, are part of the answer:
	// a small budget keeps the most common values and still shows a
	// document.
	l, _ = ix.List(ListRequest{MaxChars: 400})
	if size := jsonSize(l); size > 400 || len(l.Documents) == 0 || len(l.FacetCounts["language"]) != 1 {
		t.Errorf("list with max_chars 400: %d chars, %d documents, facets %v", size, len(l.Documents), l.FacetCounts)
	}

	// Symbols.
	s, _ := ix.Symbols(SymbolRequest{Query: "Widget", Limit: 100, MaxChars: 800})
	if s.Total != 30 || len(s.Symbols) == 0 || len(s.Symbols) >= 30 || !s.Truncated {
		t.Errorf("symbols with budget: total %d, %d shown, truncated %v", s.Total, len(s.Symbols), s.Truncated)
	}
	if size := jsonSize(s); size > 800 {
		t.Errorf("symbols answer of %d chars passes max_chars 800", size)
	}

	// A query is bounded: the answer echoes it.
	long := strings.Repeat("widget ", MaxQueryChars/7+1)
	if _, err := ix.Search(SearchRequest{Query: long}); err == nil || !strings.Contains(err.Error(), "at most") {
		t.Errorf("search with a %d-character query: %v, want an error", len(long), err)
	}
	if _, err := ix.Symbols(SymbolRequest{Query: long}); err == nil {
		t.Errorf("symbols with a %d-character query: no error", len(long))
	}
}

func TestTreeBoundsLinks(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Hub\n\n")
	for i := range maxLinks + 50 {
		fmt.Fprintf(&b, "- [page %d](page%d.md)\n", i, i)
	}
	files := map[string]string{"hub.md": b.String()}
	for i := range maxLinks + 50 {
		files[fmt.Sprintf("page%d.md", i)] = fmt.Sprintf("# Page %d\n\nBack to [the hub](hub.md).\n", i)
	}
	ix := newTestIndex(t, files)
	tr, err := ix.Tree(TreeRequest{DocID: "hub.md"})
	if err != nil {
		t.Fatal(err)
	}
	if !tr.Truncated || len(tr.Links) != maxLinks || len(tr.Backlinks) != maxLinks || tr.TotalNodes != 0 {
		t.Errorf("hub: truncated %v, %d links, %d backlinks, total_nodes %d", tr.Truncated, len(tr.Links), len(tr.Backlinks), tr.TotalNodes)
	}
	if !strings.Contains(tr.Text(), "(links cut short)") || strings.Contains(tr.Text(), "outline cut") {
		t.Errorf("hub text:\n%s", tr.Text())
	}
	small, _ := ix.Tree(TreeRequest{DocID: "page1.md"})
	if small.Truncated || len(small.Links) != 1 || len(small.Backlinks) != 1 {
		t.Errorf("page1: truncated %v, links %+v", small.Truncated, small.Links)
	}
}
