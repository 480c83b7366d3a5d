package index

import (
	"math"
	"testing"
	"unicode/utf8"
)

// FuzzSearch runs arbitrary queries against a small index: no query may
// panic, return more than asked, or give a score that is not a finite
// positive number. The seeds (run by go test) are the query shapes the
// parser treats specially: qualified names with stop words, quotes,
// "::" and "#", stop words alone, hyphens and non-ASCII words.
func FuzzSearch(f *testing.F) {
	for _, s := range []string{
		"errors.Is", `"errors.Is"`, "Logger::With", "Server#on", "With", "the", "is.", ".Is", "::is",
		"has prefix", "utf8 decode rune", "parse duration string", `"a" "b`, "cursor-based pagination",
		"Grüße straße", "\xff\xfe", "", "   ", "a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.is",
	} {
		f.Add(s)
	}
	ix := newTestIndex(f, map[string]string{
		"errors/wrap.go": "package errors\n\n// Is reports whether err matches target.\nfunc Is(err, target error) bool { return false }\n\n// HasPrefix reports a prefix.\nfunc HasPrefix(s, p string) bool { return false }\n",
		"guide.md":       "# Guide\n\n## Retries and Idempotency\n\nSend the same key.\n\n## Cursor-Based Pagination\n\nPass the cursor back.\n",
	})
	f.Fuzz(func(t *testing.T, q string) {
		if !utf8.ValidString(q) {
			q = string([]rune(q))
		}
		resp, err := ix.Search(SearchRequest{Query: q, Limit: 3})
		if err != nil {
			t.Fatalf("Search(%q): %v", q, err)
		}
		if len(resp.Results) > 3 {
			t.Fatalf("Search(%q): %d results, asked for 3", q, len(resp.Results))
		}
		for _, r := range resp.Results {
			if s := float64(r.Score); math.IsNaN(s) || math.IsInf(s, 0) || s <= 0 {
				t.Fatalf("Search(%q): %s scores %v", q, r.NodeID, r.Score)
			}
		}
	})
}
