package index

import (
	"math"
	"sort"
	"strings"
	"unicode"
)

// The baseline of the plain-language benchmark: plain BM25 (k1 1.2,
// b 0.75) over function bodies, the ranker a code-search tool gets for
// free. Each function, method and constructor of the index is one
// document: its source text as the index spans it, plus the comment block
// right above it (Go, Java and JS/TS doc comments sit outside the span,
// Python docstrings inside). Words are the runs of letters and digits,
// identifiers split at camelCase humps, letter/digit boundaries and
// underscores, lowercased; no stemming, no stop words, no synonyms. It is
// written apart from treenav's analysis on purpose, so that it stays the
// same fixed yardstick whatever the ranking becomes.

const (
	nlBM25K1 = 1.2
	nlBM25B  = 0.75
)

// nlBaseline is a BM25 index over function bodies.
type nlBaseline struct {
	ids    []string
	tf     []map[string]int
	length []int
	df     map[string]int
	avgLen float64
}

func newNLBaseline() *nlBaseline {
	return &nlBaseline{df: map[string]int{}}
}

// add indexes one function's text under its node id.
func (b *nlBaseline) add(id, text string) {
	tf := map[string]int{}
	words := nlWords(text)
	for _, w := range words {
		tf[w]++
	}
	for w := range tf {
		b.df[w]++
	}
	b.ids = append(b.ids, id)
	b.tf = append(b.tf, tf)
	b.length = append(b.length, len(words))
}

func (b *nlBaseline) finish() {
	total := 0
	for _, l := range b.length {
		total += l
	}
	if len(b.length) > 0 {
		b.avgLen = float64(total) / float64(len(b.length))
	}
}

// search returns the ids of the k best-scoring functions, best first
// (ties by id, so that runs agree).
func (b *nlBaseline) search(query string, k int) []string {
	terms := map[string]bool{}
	for _, w := range nlWords(query) {
		terms[w] = true
	}
	n := float64(len(b.ids))
	type hit struct {
		i     int
		score float64
	}
	var hits []hit
	for i, tf := range b.tf {
		s := 0.0
		for w := range terms {
			f := float64(tf[w])
			if f == 0 {
				continue
			}
			df := float64(b.df[w])
			idf := math.Log(1 + (n-df+0.5)/(df+0.5))
			norm := 1 - nlBM25B + nlBM25B*float64(b.length[i])/b.avgLen
			s += idf * f * (nlBM25K1 + 1) / (f + nlBM25K1*norm)
		}
		if s > 0 {
			hits = append(hits, hit{i, s})
		}
	}
	sort.Slice(hits, func(x, y int) bool {
		if hits[x].score != hits[y].score {
			return hits[x].score > hits[y].score
		}
		return b.ids[hits[x].i] < b.ids[hits[y].i]
	})
	var out []string
	for _, h := range hits[:min(k, len(hits))] {
		out = append(out, b.ids[h.i])
	}
	return out
}

// nlWords splits text into lowercased words: runs of letters and digits,
// cut at camelCase humps ("parseHTTPDate" → parse, http, date) and at
// letter/digit boundaries ("int2str" → int, 2, str).
func nlWords(text string) []string {
	var out []string
	rs := []rune(text)
	start := -1
	flush := func(end int) {
		if start >= 0 && end > start {
			out = append(out, strings.ToLower(string(rs[start:end])))
		}
		start = -1
	}
	for i, r := range rs {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush(i)
			continue
		}
		if start < 0 {
			start = i
			continue
		}
		prev := rs[i-1]
		switch {
		case unicode.IsDigit(r) != unicode.IsDigit(prev):
			flush(i)
			start = i
		case unicode.IsUpper(r) && unicode.IsLower(prev):
			flush(i)
			start = i
		case unicode.IsUpper(prev) && unicode.IsUpper(r) && i+1 < len(rs) && unicode.IsLower(rs[i+1]):
			flush(i)
			start = i
		}
	}
	flush(len(rs))
	return out
}

// nlLeadingComment returns the comment lines right above line start
// (1-based) of lines: //, /* */, * and # comments and @annotations, up to
// the first line that is none of these.
func nlLeadingComment(lines []string, start int) string {
	i := start - 2
	for i >= 0 {
		l := strings.TrimSpace(lines[i])
		if l == "" || !(strings.HasPrefix(l, "//") || strings.HasPrefix(l, "/*") || strings.HasPrefix(l, "*") ||
			strings.HasPrefix(l, "#") || strings.HasPrefix(l, "@")) {
			break
		}
		i--
	}
	return strings.Join(lines[i+1:start-1], "\n")
}
