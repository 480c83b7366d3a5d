package index

import (
	"strings"
	"testing"

	"github.com/treenav/treenav/index/analysis"
)

// TestStopNameTerms checks which stop words a query keeps as terms: those
// written as the last part of a qualified name, and those of a query of
// nothing else; prose stop words stay out.
func TestStopNameTerms(t *testing.T) {
	for _, tc := range []struct {
		query string
		want  string // the query's terms, space-separated
	}{
		{"errors.Is", "error is"},
		{"Logger::With", "logger with"},
		{"Server#on", "server on"},
		{"With", "with"},
		{"the", "the"},
		{"context with timeout", "context timeout"},
		{"errors is", "error"},
		{"is.", "is"},
		{".Is", "is"},
	} {
		q := analysis.ParseQuery(tc.query)
		var got []string
		for _, term := range q.Terms {
			got = append(got, term.Text)
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("parseQuery(%q) terms %q, want %q", tc.query, got, tc.want)
		}
	}
}

// TestStopNameSearch checks that symbols named by a stop word are found
// by their qualified name and by their name alone.
func TestStopNameSearch(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"errors/wrap.go": `package errors

// Is reports whether any error in err's tree matches target.
func Is(err, target error) bool { return is(err, target) }

func is(err, target error) bool { return false }

// As finds the first error in err's tree that matches target.
func As(err error, target any) bool { return false }

// ErrorCode names an error.
type ErrorCode string
`,
		"errors/theme.go": `package errors

// Theme is the error page theme.
type Theme struct{}
`,
	})
	for _, tc := range []struct{ query, first string }{
		{"errors.Is", "errors/wrap.go#Is"},
		{"errors.As", "errors/wrap.go#As"},
		{"Is", "errors/wrap.go#Is"},
		// Quoted, the qualified name is still found: the stop word is
		// in the symbol's title, not after its qualifier in the text.
		{`"errors.Is"`, "errors/wrap.go#Is"},
	} {
		wantFirst(t, ix, tc.query, tc.first)
	}
	// A stop word is matched as typed, never as a prefix.
	resp, err := ix.Search(SearchRequest{Query: "the", Limit: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Results) != 0 {
		t.Errorf(`"the": got %+v, want nothing (no symbol is named "the")`, resp.Results)
	}
}
