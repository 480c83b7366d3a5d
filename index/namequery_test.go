package index

import "testing"

// TestNameQueriesKeepStopWords checks that names and headings with stop
// words in them are named by queries that type those words: the index
// drops stop words, names and headings keep them.
func TestNameQueriesKeepStopWords(t *testing.T) {
	e, _ := newTestEngine(t, map[string]string{
		"strs.go": `package strs

// Prefix returns the common prefix of a and b, the prefix both share.
func Prefix(a, b string) string { return "" }

// HasPrefix reports whether s begins with p.
func HasPrefix(s, p string) bool { return false }

// Timeout is how long a call may take before its timeout.
type Timeout int

// WithTimeout returns a copy of c that gives up after d.
func WithTimeout(c Config, d Timeout) Config { return c }

// Config is the settings.
type Config struct{}
`,
		"ops.md": `# Operations

## Retries and Idempotency

Send the same key on every attempt.

## Retries, Idempotency and Budgets

Retries are bounded; idempotency keys make retries safe, and each of the
retries reuses the idempotency key of the first attempt.
`,
	})
	ix := e.Index()
	for _, tc := range []struct{ query, first string }{
		{"has prefix", "strs.go#HasPrefix"},
		{"with timeout", "strs.go#WithTimeout"},
		{"retries and idempotency", "ops.md#operations/retries-and-idempotency"},
		// Without the stop word the stripped reading still names a symbol.
		{"the prefix", "strs.go#Prefix"},
	} {
		resp, err := ix.Search(SearchRequest{Query: tc.query, Limit: 5})
		if err != nil {
			t.Fatal(err)
		}
		if len(resp.Results) == 0 || resp.Results[0].NodeID != tc.first {
			var got []string
			for _, r := range resp.Results {
				got = append(got, r.NodeID)
			}
			t.Errorf("%q: got %v, want %s first", tc.query, got, tc.first)
		}
	}
}
