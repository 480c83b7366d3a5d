package index

import "testing"

// A query in plain words asks for code that does something: against the
// same words with an identifier's punctuation, which PlainWords refuses,
// test code and code files score less and functions as much; a query that
// asks for tests keeps its tests' scores.
func TestAskedPriors(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"lines/lines.go":      "package lines\n\n// SplitLines splits text into lines.\nfunc SplitLines(s string) []string { return nil }\n",
		"lines/lines_test.go": "package lines\n\nimport \"testing\"\n\n// TestSplitLines checks that SplitLines splits text into lines.\nfunc TestSplitLines(t *testing.T) { SplitLines(\"text\\nlines\") }\n",
	})
	// "split text into lines" asks for an operation, whose full-coverage
	// bonus counts less (ActionCoverageWeight) whatever a node's kind:
	// kept whole here, to weigh the priors alone.
	r := ix.Ranking()
	r.ActionCoverageWeight = 1
	ix.SetRanking(r)
	scores := func(q string) map[string]float64 {
		t.Helper()
		resp, err := ix.Search(SearchRequest{Query: q, Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]float64{}
		for _, r := range resp.Results {
			out[r.NodeID] = r.Score
		}
		return out
	}
	const fn, test, file = "lines/lines.go#SplitLines", "lines/lines_test.go#TestSplitLines", "lines/lines.go"
	ratio := func(plain, shaped map[string]float64, id string) float64 {
		t.Helper()
		if plain[id] == 0 || shaped[id] == 0 {
			t.Fatalf("%s is not found by both queries: %v / %v", id, plain, shaped)
		}
		return plain[id] / shaped[id]
	}
	plain, shaped := scores("split text into lines"), scores("split text into (lines)")
	if r := ratio(plain, shaped, fn); r < 0.95 {
		t.Errorf("the function scores %.2f times as much in plain words, want as much", r)
	}
	if r := ratio(plain, shaped, test); r > 0.8 {
		t.Errorf("the test scores %.2f times as much in plain words, want less", r)
	}
	if r := ratio(plain, shaped, file); r > 0.8 {
		t.Errorf("the code file scores %.2f times as much in plain words, want less", r)
	}
	if r := ratio(scores("tests split text into lines"), scores("tests split text into (lines)"), test); r < 0.95 {
		t.Errorf("asked for tests, the test scores %.2f times as much in plain words, want as much", r)
	}
}

// A re-export repeats a definition ranked on its own: a query in plain
// words weighs it as data (Ranking.PlainDataWeight), below the function
// it exports, where a query shaped as a name leaves it alone.
func TestAskedReexportIsData(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"mods/invert.js": "// Invert the keys and values of an object.\nexport default function invert(obj) {\n  var result = {};\n  return result;\n}\n",
		"mods/index.js":  "export { default as invert } from './invert.js';\nexport { default as keys } from './keys.js';\n",
		"mods/keys.js":   "// The keys of an object.\nexport default function keys(obj) { return []; }\n",
	})
	const reexport, fn = "mods/index.js#invert", "mods/invert.js#invert"
	ratio := plainRatio(t, ix, "invert keys", "invert (keys)")
	if r := ratio(reexport) / ratio(fn); r > 0.8 {
		t.Errorf("in plain words the re-export keeps %.2f of its score as the function does, want about %.2f (plain_data_weight)", r, ix.Ranking().PlainDataWeight)
	}
}

// A Python __init__ builds its class's object, as a Java constructor
// does: a query in plain words weighs it as its type
// (Ranking.PlainTypeWeight), below a method doing what the words say,
// where a query shaped as a name leaves it alone.
func TestAskedInitIsType(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"codec.py": `class Decoder:
    def __init__(self, strict=True):
        """Make a decoder that parses json strings; strict refuses control characters."""
        self.strict = strict

    def decode(self, s):
        """Parse a json string and return the object it holds."""
        return None
`,
	})
	const init, method = "codec.py#Decoder.__init__", "codec.py#Decoder.decode"
	ratio := plainRatio(t, ix, "parse json strings", "parse json (strings)")
	if r := ratio(init) / ratio(method); r > 0.95 {
		t.Errorf("in plain words __init__ keeps %.2f of its score as the method does, want about %.2f (plain_type_weight)", r, ix.Ranking().PlainTypeWeight)
	}
}

// plainRatio returns, for a node, its score for plain words over its
// score for the same words shaped as a name, which PlainWords refuses:
// what the plain-words priors leave of it. The names a query spells
// weigh plain words only: left out, to weigh the priors alone.
func plainRatio(t *testing.T, ix *Index, plain, shaped string) func(id string) float64 {
	t.Helper()
	r := ix.Ranking()
	r.NameWordsBonus = 0
	ix.SetRanking(r)
	score := func(q, id string) float64 {
		t.Helper()
		resp, err := ix.Search(SearchRequest{Query: q, Limit: 20})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range resp.Results {
			if r.NodeID == id {
				return r.Score
			}
		}
		t.Fatalf("%q: %s not found in %v", q, id, resp.Results)
		return 0
	}
	return func(id string) float64 {
		t.Helper()
		return score(plain, id) / score(shaped, id)
	}
}
