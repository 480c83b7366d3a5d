package index

import "testing"

// TestNameQueriesKeepStopWords checks that names and headings with stop
// words in them are named by queries that type those words: the index
// drops stop words, names and headings keep them.
func TestNameQueriesKeepStopWords(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
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
	for _, tc := range []struct{ query, first string }{
		{"has prefix", "strs.go#HasPrefix"},
		{"with timeout", "strs.go#WithTimeout"},
		{"retries and idempotency", "ops.md#operations/retries-and-idempotency"},
		// Without the stop word the stripped reading still names a symbol.
		{"the prefix", "strs.go#Prefix"},
	} {
		wantFirst(t, ix, tc.query, tc.first)
	}
}

// TestGappedNameLastWord checks that a name which leaves out the query's
// last word (what the function acts on) outranks a longer name that
// merely contains the others.
func TestGappedNameLastWord(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"format.go": `package format

// ParseDurationError describes a problem parsing a duration string: the
// duration string that ParseDuration could not parse, the string as
// given, and what is wrong with the duration string.
type ParseDurationError struct{ message, value string }

// ParseDuration parses a duration string such as "300ms" or "2h45m". A
// duration is a sequence of decimal numbers, each with a unit suffix,
// and the units are ns, us, ms, s, m and h; the sign is optional.
func ParseDuration(s string) (int64, error) {
	var total, unit int64
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			unit = unit*10 + int64(c-'0')
		case c == 'h':
			total, unit = total+unit*3600, 0
		case c == 'm':
			total, unit = total+unit*60, 0
		case c == 's':
			total, unit = total+unit, 0
		default:
			return 0, &ParseDurationError{"bad unit", s}
		}
	}
	return total, nil
}
`,
	})
	resp, err := ix.Search(SearchRequest{Query: "parse duration string", Limit: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Results) < 2 || resp.Results[0].NodeID != "format.go#ParseDuration" {
		t.Errorf("parse duration string: got %+v, want format.go#ParseDuration first", resp.Results)
	}
}
