package mcp

import (
	"strings"
	"testing"

	"github.com/treenav/treenav"
)

// A call asking for more than the server's ceiling is answered within it
// and says so, in its text and its structured result; a call within the
// ceiling does not mention it.
func TestCeilingBoundsEveryCall(t *testing.T) {
	s := New(newEngine(t, fixture, true), Options{Ceiling: Ceiling{MaxChars: 400, MaxNodes: 3}})
	ss := newSession(t, connect(t, s))

	res := ss.call(t, "search_documents", map[string]any{"query": "server", "max_chars": 100000000})
	var sr struct {
		treenav.SearchResponse
		Bounded string `json:"bounded"`
	}
	decode(t, res, &sr)
	if !strings.Contains(sr.Bounded, "max_chars 100000000 lowered to the server's ceiling of 400") {
		t.Errorf("bounded = %q", sr.Bounded)
	}
	if !strings.Contains(textOf(t, res), "lowered to the server's ceiling") {
		t.Errorf("text does not say it was bounded:\n%s", textOf(t, res))
	}
	if n := len(res.StructuredContent.(map[string]any)["results"].([]any)); n > 3 {
		t.Errorf("%d results in 400 characters", n)
	}

	res = ss.call(t, "get_tree", map[string]any{"doc_id": "widgets/widgets.go", "max_nodes": 1000})
	var tr struct {
		treenav.TreeResponse
		Bounded string `json:"bounded"`
	}
	decode(t, res, &tr)
	if len(tr.Nodes) > 3 || !tr.Truncated || !strings.Contains(tr.Bounded, "max_nodes 1000 lowered") {
		t.Errorf("get_tree: %d nodes, truncated %v, bounded %q", len(tr.Nodes), tr.Truncated, tr.Bounded)
	}

	res = ss.call(t, "find_symbol", map[string]any{"query": "Close", "max_chars": 300})
	if m := res.StructuredContent.(map[string]any); m["bounded"] != nil {
		t.Errorf("within the ceiling, yet bounded: %v", m["bounded"])
	}
}

// The default ceiling is 100,000 characters.
func TestCeilingDefault(t *testing.T) {
	a := NodeArgs{MaxChars: 1e8}
	if note := (Ceiling{}).clamp(&a); a.MaxChars != DefaultCeilingChars || note == "" {
		t.Errorf("max_chars %d, note %q", a.MaxChars, note)
	}
	tr := TreeArgs{}
	if note := (Ceiling{}).clamp(&tr); tr.MaxChars != DefaultCeilingChars || note != "" {
		t.Errorf("get_tree without max_chars: %d, note %q", tr.MaxChars, note)
	}
}
