package index

import (
	"math"
	"testing"

	"github.com/treenav/treenav/index/analysis"
)

// Tests of how the index ranks analyzed queries: the analysis itself is
// tested in index/analysis.

func TestSplitPartsHumps(t *testing.T) {
	for _, tc := range []struct {
		q, name string
		want    bool
	}{
		{"gUT", "getUserToken", true},
		{"getUT", "getUserToken", true},
		{"GUT", "getUserToken", true},
		{"HS", "HTTPServer", true},
		{"gTU", "getUserToken", false},
		{"xUT", "getUserToken", false},
		{"rf", "readFile", true},
	} {
		if got := humpMatch(tc.q, tc.name); got != tc.want {
			t.Errorf("humpMatch(%q, %q) = %v, want %v", tc.q, tc.name, got, tc.want)
		}
	}
}

// A one-word synonym of a phrase ("drain" for "graceful shutdown") is one
// piece of evidence: the phrase's words share its weight instead of each
// taking it whole, which let a node with "drain" as any identifier part
// (the Go runtime's gcDrain*) score twice a synonym's weight and outrank
// nodes that have one of the words themselves.
func TestSpanSynonymCountsOnce(t *testing.T) {
	ix := newTestIndex(t, map[string]string{"q.go": "package q\n\n// Drain empties the queue.\nfunc Drain() {}\n"})
	r := ix.Ranking()
	q := analysis.ParseQuery("graceful shutdown")
	total := 0.0
	for _, vs := range ix.view().expand(q, &r) {
		for _, va := range vs {
			if va.term == "drain" {
				total += va.mult
			}
		}
	}
	if math.Abs(total-r.SynonymWeight) > 1e-9 {
		t.Errorf(`"drain" for "graceful shutdown": weights sum to %v, want the synonym weight %v`, total, r.SynonymWeight)
	}
}

// TestQuestionQuery: a question's opening words do not decide the
// ranking. "how" and "do" counted as query words, so a heading that held
// them ("How npm install uses package-lock.json") took the full-coverage
// bonus and outranked the section the question is about.
func TestQuestionQuery(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"docs/install.md": "# npm install\n\n## How npm install uses package-lock.json\n\nHow the lock file is read, and what you can do to publish or configure it.\n",
		"docs/scope.md":   "# Scopes\n\n## Publishing scoped packages\n\nScoped packages are published privately by default; pass --access public.\n",
		"docs/config.md":  "# Config\n\n## proxy\n\nA proxy to use for outgoing http requests. Configure it per registry.\n",
	})
	wantFirst(t, ix, "how to publish a scoped package", "docs/scope.md#scopes/publishing-scoped-packages")
	wantFirst(t, ix, "how do I configure a proxy", "docs/config.md#config/proxy")
}
