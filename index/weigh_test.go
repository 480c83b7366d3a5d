package index

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index/analysis"
)

// settleTree has sixty Go functions named Handle, called from main, and
// one Python function HANDLE in a test file, deprecated: the query
// "handle" names all of them (a lowercase query says no case), but
// HANDLE's score cannot reach the first fifty results whatever its uses.
func settleTree() map[string]string {
	files := map[string]string{"go.mod": "module example.com/h\n"}
	var calls strings.Builder
	for i := range 60 {
		pkg := fmt.Sprintf("p%02d", i)
		files[pkg+"/h.go"] = fmt.Sprintf("package %s\n\n// Handle handles a handle.\nfunc Handle() {}\n", pkg)
		fmt.Fprintf(&calls, "\t%s.Handle()\n", pkg)
	}
	var imports strings.Builder
	for i := range 60 {
		fmt.Fprintf(&imports, "\t\"example.com/h/p%02d\"\n", i)
	}
	files["cmd/main.go"] = "package main\n\nimport (\n" + imports.String() + ")\n\nfunc main() {\n" + calls.String() + "}\n"
	files["tests/test_legacy.py"] = "import warnings\n\n\ndef HANDLE(x):\n    \"\"\"Deprecated: use something else. " +
		strings.Repeat("Unrelated words about other things. ", 40) + "\"\"\"\n    warnings.warn(\"deprecated\", DeprecationWarning)\n    return x\n\n\nHANDLE(1)\nHANDLE(2)\n"
	return files
}

// TestSettleCountsOnlyWhatCanRank checks that a search counts the uses of
// a name only when one of its symbols can reach the first results, and
// answers as if it had counted every name.
func TestSettleCountsOnlyWhatCanRank(t *testing.T) {
	search := func(all bool) (string, bool) {
		settleEveryPrior = all
		defer func() { settleEveryPrior = false }()
		ix := newTestIndex(t, settleTree())
		var out strings.Builder
		for _, req := range []SearchRequest{
			{Query: "handle", Limit: 10}, {Query: "handle", Limit: 5, Offset: 10}, {Query: "Handle", Limit: 15},
		} {
			r, err := ix.Search(req)
			if err != nil {
				t.Fatal(err)
			}
			if r.Total <= feedbackWindow {
				t.Fatalf("%q: %d results, want more than the %d read", req.Query, r.Total, feedbackWindow)
			}
			b, _ := json.Marshal(r)
			out.Write(b)
			out.WriteByte('\n')
		}
		v := ix.view()
		v.refCache.uses.mu.Lock()
		_, counted := v.refCache.uses.byName["HANDLE"]
		v.refCache.uses.mu.Unlock()
		return out.String(), counted
	}
	every, countedEvery := search(true)
	lazy, countedLazy := search(false)
	if !countedEvery {
		t.Fatal("counting every name did not count HANDLE: the test does not reach the shortcut")
	}
	if countedLazy {
		t.Error("HANDLE, out of reach of the first results, was counted")
	}
	if every != lazy {
		t.Errorf("answers differ:\nevery name counted:\n%s\nonly names in reach:\n%s", every, lazy)
	}
}

// TestPrefixTermsClosest checks prefixTerms against sorting every
// completion: the shortest first, then in order, each once, at most maxN.
func TestPrefixTermsClosest(t *testing.T) {
	files := map[string]string{}
	for i, w := range strings.Fields("get getter getters gets getattr getattribute getitem get_value getValue getX getY gettext gettz getbuffer getopt") {
		files[fmt.Sprintf("f%02d.md", i)] = "# " + w + "\n\nabout " + w + " and settings, setter, set.\n"
	}
	ix := newTestIndex(t, files)
	v := ix.view()
	for _, prefix := range []string{"get", "set", "getat", "g", "zzz"} {
		var all []string
		for _, s := range v.segs {
			for i := 0; i < s.terms.n(); i++ {
				if t := s.terms.at(i); strings.HasPrefix(t, prefix) && t != prefix {
					all = append(all, t)
				}
			}
		}
		slices.SortFunc(all, func(a, b string) int {
			if len(a) != len(b) {
				return len(a) - len(b)
			}
			return strings.Compare(a, b)
		})
		all = slices.Compact(all)
		for _, maxN := range []int{1, 3, 8, 100} {
			want := all[:min(len(all), maxN)]
			if got := v.prefixTerms(prefix, maxN); !slices.Equal(got, want) {
				t.Errorf("prefixTerms(%q, %d) = %v, want %v", prefix, maxN, got, want)
			}
		}
	}
}

// TestWeigherActionBonus checks the coverage bonus of a node that holds
// every word: whole for a noun phrase, times ActionCoverageWeight for a
// request for an operation, none for a node missing a word.
func TestWeigherActionBonus(t *testing.T) {
	r := treenav.DefaultRanking()
	r.FullCoverageBonus, r.ActionCoverageWeight = 4, 0.25
	for _, tc := range []struct {
		query string
		want  float64
	}{
		{"cursor based pagination", 4},
		{"convert array to list", 1},
	} {
		q := analysis.ParseQuery(tc.query)
		w := weigher{q: q, r: &r, plain: analysis.PlainWords(tc.query), action: analysis.ActionQuery(tc.query)}
		if got := w.bonus(^uint32(0)); got != tc.want {
			t.Errorf("%q: bonus of a node with every word %v, want %v", tc.query, got, tc.want)
		}
		if got := w.bonus(1); got != 0 {
			t.Errorf("%q: bonus of a node with one word %v, want 0", tc.query, got)
		}
	}
}
