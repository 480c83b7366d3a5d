package index

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/treenav/treenav"
)

// bigTypeFiles is a Go type with a field and 20,000 methods: its node answer lists
// 20,000 children, which max_chars did not count.
func bigTypeFiles() map[string]string {
	var b strings.Builder
	b.WriteString("package big\n\n// Big has many methods.\ntype Big struct{ n int }\n\n")
	for i := range 20000 {
		fmt.Fprintf(&b, "func (b *Big) Method%05d() int { return b.n }\n", i)
	}
	return map[string]string{"big.go": b.String(), "small.go": "package big\n\n// Small is small.\nfunc Small() {}\n"}
}

// TestNodesBoundTheWholeAnswer: max_chars bounds the JSON of a
// get_node_content answer, child lists included (the type has a field
// and 20,000 methods) (the answer was 329 KB
// for max_chars 2000); a cut child list keeps its first children and
// says how many there are; repeated ids are answered once (10,000 copies
// of one id answered 130 KB).
func TestNodesBoundTheWholeAnswer(t *testing.T) {
	ix := newTestIndex(t, bigTypeFiles())
	for _, maxChars := range []int{500, 2000, 20000} {
		r, err := ix.Nodes(NodesRequest{IDs: []string{"big.go#Big", "small.go#Small"}, MaxChars: maxChars})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := treenav.MarshalResult(r)
		if len(b) > maxChars {
			t.Errorf("max_chars %d: answer is %d characters", maxChars, len(b))
		}
		if !r.Truncated || len(r.Nodes) == 0 {
			t.Fatalf("max_chars %d: truncated %v, %d nodes", maxChars, r.Truncated, len(r.Nodes))
		}
		n := r.Nodes[0]
		if n.NodeID != "big.go#Big" || !n.Truncated || n.TotalChildren != 20001 || len(n.Children) == 0 || len(n.Children) >= 20000 {
			t.Errorf("max_chars %d: %s truncated %v, %d of %d children", maxChars, n.NodeID, n.Truncated, len(n.Children), n.TotalChildren)
		}
		if len(n.Children) > 0 && n.Children[0] != "big.go#Big.n" {
			t.Errorf("max_chars %d: first child %s, want the first field", maxChars, n.Children[0])
		}
		if maxChars >= 2000 && !strings.Contains(n.Content, "type Big struct") {
			t.Errorf("max_chars %d: the text lost its start: %q", maxChars, n.Content)
		}
	}

	// A whole answer that fits is unchanged: no cut, no total.
	r, err := ix.Nodes(NodesRequest{IDs: []string{"small.go#Small"}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Truncated || r.Nodes[0].Truncated || r.Nodes[0].TotalChildren != 0 {
		t.Errorf("a small node was cut: %+v", r)
	}

	ids := make([]string, 10000)
	for i := range ids {
		ids[i] = "small.go#Small"
	}
	ids = append(ids, "Small", "big.go#Big.Method00001", "small.go#Small")
	r, err = ix.Nodes(NodesRequest{IDs: ids, MaxChars: 20000})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, n := range r.Nodes {
		got = append(got, n.NodeID)
	}
	if strings.Join(got, " ") != "small.go#Small big.go#Big.Method00001" {
		t.Errorf("repeated ids: answered %v, want each node once in first order", got)
	}
}

// TestErrorsClipEchoedInput: an error quotes at most maxQuoted bytes of
// an input and says how long it was; a 1 MB id answered 1 MB.
func TestErrorsClipEchoedInput(t *testing.T) {
	ix := newTestIndex(t, bigTypeFiles())
	long := strings.Repeat("é", 1<<19) // 1 MB, multi-byte: the cut must stay valid UTF-8
	check := func(what string, err error) {
		// (what was asked holds long, with a few bytes around it)
		t.Helper()
		if err == nil {
			t.Errorf("%s: no error", what)
			return
		}
		msg := err.Error()
		if len(msg) > 2000 || !regexp.MustCompile(`…\(10485\d\d bytes\)`).MatchString(msg) {
			t.Errorf("%s: a %d-byte error: %.300s", what, len(msg), msg)
		}
		if !json.Valid([]byte(mustJSON(msg))) || strings.ContainsRune(msg, '\uFFFD') {
			t.Errorf("%s: the clipped quote is not valid text: %.300s", what, msg)
		}
	}
	_, err := ix.Nodes(NodesRequest{IDs: []string{long}})
	check("node id", err)
	_, err = ix.Nodes(NodesRequest{IDs: []string{"big.go#" + long}})
	check("anchor", err)
	_, err = ix.Tree(TreeRequest{DocID: long + ".go"})
	check("doc id", err)
	_, err = ix.Search(SearchRequest{Query: "big", PathGlob: "nosuchdir/" + long + "/big.go"})
	var br *BadRequestError
	if err != nil && !errors.As(err, &br) {
		t.Errorf("path glob: %v", err)
	} else if err != nil {
		check("path glob", err)
	}
	_, err = ix.Search(SearchRequest{Query: "big", Filters: map[string][]string{"language": {long}}})
	check("filter value", err)
	_, err = ix.Symbols(SymbolRequest{Query: "Big", Kinds: []string{long}})
	check("kind", err)
	if got := QuoteInput("short"); got != `"short"` {
		t.Errorf("QuoteInput(short) = %s", got)
	}
}

func mustJSON(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
