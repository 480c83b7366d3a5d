package index

import (
	"fmt"
	"strings"
	"testing"
)

// get_tree's max_chars keeps the outline under the bound, whole levels
// first, and says it cut.
func TestTreeMaxChars(t *testing.T) {
	var b strings.Builder
	b.WriteString("package a\n\n")
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&b, "type T%02d struct {\n\tA int\n\tB int\n}\n\n", i)
	}
	ix := newTestIndex(t, map[string]string{"a/a.go": b.String()})
	full, err := ix.Tree(TreeRequest{DocID: "a/a.go", MaxNodes: -1})
	if err != nil {
		t.Fatal(err)
	}
	if full.Truncated {
		t.Fatal("unbounded outline truncated")
	}
	for _, max := range []int{500, 3000, 8000} {
		r, err := ix.Tree(TreeRequest{DocID: "a/a.go", MaxNodes: -1, MaxChars: max})
		if err != nil {
			t.Fatal(err)
		}
		if n := jsonSize(r); n > max {
			t.Errorf("max_chars %d: %d characters", max, n)
		}
		if !r.Truncated || r.TotalNodes != len(full.Nodes) {
			t.Errorf("max_chars %d: truncated %v total %d", max, r.Truncated, r.TotalNodes)
		}
		if max == 8000 && len(r.Nodes) < 40 {
			t.Errorf("max_chars 8000: %d nodes; the 40 types fit", len(r.Nodes))
		}
	}
	r, _ := ix.Tree(TreeRequest{DocID: "a/a.go", MaxNodes: -1, MaxChars: 1e6})
	if r.Truncated || len(r.Nodes) != len(full.Nodes) {
		t.Errorf("a bound it fits in cut it: %d of %d", len(r.Nodes), len(full.Nodes))
	}
}
