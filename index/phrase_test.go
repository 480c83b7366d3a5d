package index

import (
	"sort"
	"strings"
	"testing"
)

// TestQuotedPhraseIsLiteral: a quoted phrase returns only nodes whose
// text holds it, words adjacent and in order as written, case aside.
func TestQuotedPhraseIsLiteral(t *testing.T) {
	e := newTestIndex(t, map[string]string{
		"retry/config.py": `"""Retry settings."""

def retry_on_http_429(resp):
    """Retry when the server says 429."""
    return resp.status == 429

def retry_on_http(resp, code=429):
    """Retry on HTTP errors, 429 among them."""
    return True

def retryOnHttp429():
    return RETRY_ON_HTTP_429
`,
		"store/compact.go": `package store

// Compact runs the compactor's plan.
func Compact(compactor *Compactor) { compactor.Plan(nil) }

// plan9Lock is a lock for Plan 9.
func plan9Lock() {}

// Plan plans a compaction.
func (c *Compactor) Plan(x any) {}

type Compactor struct{}
`,
		"docs/retry.md": "# Retries\n\nSet `retry_on_http_429` to retry.\n\n## Other\n\nWe retry on HTTP 429 too.\n",
	})
	for q, want := range map[string]string{
		`"retry_on_http_429"`: "docs/retry.md#retries retry/config.py#retryOnHttp429 retry/config.py#retry_on_http_429",
		`"compactor.Plan("`:   "store/compact.go#Compact",
		`"retry on HTTP"`:     "docs/retry.md#retries/other retry/config.py#retry_on_http",
		`"Plan 9"`:            "store/compact.go#plan9Lock",
		// Named by it, or holding it (case aside).
		`"Compactor.Plan"`:            "store/compact.go#Compact store/compact.go#Compactor.Plan",
		`retry "says 429"`:            "retry/config.py#retry_on_http_429",
		`"nowhere to be found" retry`: "",
	} {
		r, err := e.Search(SearchRequest{Query: q, Limit: 50})
		if err != nil {
			t.Fatal(err)
		}
		got := ids(r)
		sort.Strings(got)
		if strings.Join(got, " ") != want || r.Total != len(got) {
			t.Errorf("%s: %v (total %d), want %s", q, got, r.Total, want)
		}
	}
}
