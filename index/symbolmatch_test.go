package index

import (
	"slices"
	"strings"
	"testing"

	"github.com/treenav/treenav"
)

// symbolMatchFixture has names like the ones agents mistyped in
// Prometheus: headAppender, compactBlocks, LeveledCompactor.Plan, and a
// labels.Labels.Get among other types' Get methods.
var symbolMatchFixture = map[string]string{
	"tsdb/head.go":     "package tsdb\n\ntype headAppender struct{}\n\nfunc (a *headAppender) Append() {}\n\nfunc (db *DB) compactBlocks() error { return nil }\n\ntype DB struct{}\n",
	"tsdb/compact.go":  "package tsdb\n\ntype LeveledCompactor struct{}\n\nfunc (c *LeveledCompactor) Plan(dir string) ([]string, error) { return nil, nil }\n\ntype Planner struct{}\n\nfunc (p *Planner) Plan() {}\n",
	"labels/labels.go": "package labels\n\ntype Labels struct{}\n\nfunc (ls Labels) Get(name string) string { return \"\" }\n\ntype Builder struct{}\n\nfunc (b *Builder) Get(n string) string { return \"\" }\n",
	"cache/cache.go":   "package cache\n\ntype Cache struct{}\n\nfunc (c *Cache) Get(k string) string { return \"\" }\n",
}

func TestFindSymbolSaysHowEachMatched(t *testing.T) {
	ix := newTestIndex(t, symbolMatchFixture)
	r, err := ix.Symbols(SymbolRequest{Query: "labels.Labels.Get"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Note != "" {
		t.Errorf("qualified hit exists, yet note %q", r.Note)
	}
	// The qualifier said which Get: the others are counted, not listed.
	if len(r.Symbols) != 1 || r.Total != 3 || r.NameOnly != 2 || r.NameOnlyQuery != "Get" {
		t.Fatalf("symbols = %+v, total %d, name-only left out %d (%q); want Labels.Get alone, 2 left out", r.Symbols, r.Total, r.NameOnly, r.NameOnlyQuery)
	}
	if r.Symbols[0].QualifiedName != "Labels.Get" || r.Symbols[0].Match != MatchQualified {
		t.Errorf("first = %s (%s), want Labels.Get (qualified)", r.Symbols[0].QualifiedName, r.Symbols[0].Match)
	}
	if text := r.Text(); !strings.Contains(text, `2 more symbols named Get in other types or packages left out; find_symbol "Get" lists them`) {
		t.Errorf("text does not say what it left out:\n%s", text)
	}
	// No symbol has the qualified name: the name-only matches are the
	// answer, each marked, after the note that none is so named.
	r, err = ix.Symbols(SymbolRequest{Query: "zzqq.Get"})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Symbols) != 3 || r.NameOnly != 0 {
		t.Fatalf("zzqq.Get: symbols = %+v, name-only left out %d; want the 3 Gets listed", r.Symbols, r.NameOnly)
	}
	for _, s := range r.Symbols {
		if s.Match != MatchName {
			t.Errorf("%s: match %q, want name", s.QualifiedName, s.Match)
		}
	}
	if text := r.Text(); !strings.Contains(text, "-- name-only matches") || !strings.HasPrefix(text, "no symbol is named zzqq.Get") {
		t.Errorf("text does not set the name-only matches apart:\n%s", text)
	}
	for q, want := range map[string]string{"Get": MatchExact, "get": MatchExact, "Leveled": MatchPrefix, "LC": MatchCamel, "ppende": MatchFuzzy, "Cache.Get": MatchQualified} {
		r, err := ix.Symbols(SymbolRequest{Query: q})
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Symbols) == 0 || r.Symbols[0].Match != want {
			t.Errorf("%q: %+v, want first match %s", q, r.Symbols, want)
		}
	}
}

func TestFindSymbolSuggestsClosestNames(t *testing.T) {
	ix := newTestIndex(t, symbolMatchFixture)
	for q, want := range map[string]string{
		"heedAppender":          "headAppender",
		"compactBlcks":          "compactBlocks",
		"LeveledCompacter.Plan": "LeveledCompactor.Plan",
		"DB.compactBlcks":       "DB.compactBlocks",
		// The package's name before the qualified name, as code calls it.
		"labels.Labels.Gett":   "labels.Labels.Get",
		"tsdb.DB.compactBlcks": "tsdb.DB.compactBlocks",
		// Two letters swapped: one edit, as short a name as it is.
		"Gte":       "Get",
		"Cache.Gte": "Cache.Get",
	} {
		r, err := ix.Symbols(SymbolRequest{Query: q})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(r.Note, "no symbol is named "+q) || len(r.Closest) == 0 || r.Closest[0] != want {
			t.Errorf("%q: note %q closest %v, want first suggestion %s", q, r.Note, r.Closest, want)
		}
		for _, s := range r.Symbols {
			if s.Match == MatchExact || s.Match == MatchQualified {
				t.Errorf("%q: %s answered as %s", q, s.QualifiedName, s.Match)
			}
		}
		if n := len(r.Symbols); !r.Truncated && r.Total != n {
			t.Errorf("%q: total %d, %d symbols listed", q, r.Total, n)
		}
		// The closest name's symbols come first, marked as such.
		if len(r.Symbols) == 0 || r.Symbols[0].Match != MatchClosest || !strings.HasSuffix(want, r.Symbols[0].QualifiedName) && !strings.HasSuffix(r.Symbols[0].QualifiedName, want) {
			t.Errorf("%q: symbols %+v, want %s first as closest", q, r.Symbols, want)
		} else if text := r.Text(); !strings.Contains(text, "-- the closest name's symbols:\n") {
			t.Errorf("%q: text does not set the closest name's symbols apart:\n%s", q, text)
		}
		if text := r.Text(); !strings.HasPrefix(text, "no symbol is named "+q+"; closest: "+want) {
			t.Errorf("%q: text does not start with the note:\n%s", q, text)
		}
	}
	// A filter that leaves the name out says so.
	r, err := ix.Symbols(SymbolRequest{Query: "headAppender", Kinds: []string{"function"}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.Note, "within the filters") || !slices.Contains(r.Closest, "headAppender") {
		t.Errorf("filtered: note %q closest %v", r.Note, r.Closest)
	}
	// A prefix: the completions, no edit-distance guesses.
	r, err = ix.Symbols(SymbolRequest{Query: "Leveled"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Note != "no symbol is named Leveled" || len(r.Closest) != 0 || len(r.Symbols) == 0 {
		t.Errorf("Leveled: note %q closest %v, %d symbols", r.Note, r.Closest, len(r.Symbols))
	}
	// Nothing near: the note says so without suggestions.
	r, err = ix.Symbols(SymbolRequest{Query: "zzqqxx"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Note != "no symbol is named zzqqxx" || len(r.Closest) != 0 || len(r.Symbols) != 0 {
		t.Errorf("zzqqxx: %+v", r)
	}
}

// bagDistance and lettersApart never exceed editDistance (they only skip
// names), and bagDistance tells far names apart.
func TestBagDistanceIsALowerBound(t *testing.T) {
	words := []string{"", "a", "ab", "ba", "abc", "headappender", "heedappender", "compactblocks", "compactblcks", "textappender", "zzqqxx", "aaaa", "aab", "a_b", "a?b", "überzug", "zzqqxy"}
	for _, q := range words {
		var bag [128]uint8
		ascii := true // closestSymbols reads the bag only of an ASCII query
		for i := 0; i < len(q); i++ {
			if q[i] < 128 {
				bag[q[i]]++
			} else {
				ascii = false
			}
		}
		for _, s := range words {
			e := treenav.EditDistance(q, s)
			if l := lettersApart(letterMask(q), letterMask(s)); l > e {
				t.Errorf("lettersApart(%q, %q) = %d > editDistance %d", q, s, l, e)
			}
			if !ascii {
				continue
			}
			full := bagDistance(&bag, len(q), s, len(s))
			if full > e {
				t.Errorf("bagDistance(%q, %q) = %d > editDistance %d", q, s, full, e)
			}
			// Stopped at a limit, it says the same of the limit.
			for limit := range 4 {
				if b := bagDistance(&bag, len(q), s, limit); (b > limit) != (full > limit) || b > full {
					t.Errorf("bagDistance(%q, %q, limit %d) = %d, full %d", q, s, limit, b, full)
				}
			}
		}
	}
	var bag [128]uint8
	for _, c := range []byte("abc") {
		bag[c]++
	}
	if d := bagDistance(&bag, 3, "xyz", 3); d != 3 {
		t.Errorf("abc, xyz: %d, want 3", d)
	}
}
