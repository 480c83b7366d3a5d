package index

import (
	"regexp/syntax"
	"strings"
	"testing"
)

// TestGrepWordEnds: with the word-end trigrams read on every candidate
// set (narrowFrom 0), word-mode greps find what a line-by-line regex
// finds, a match at a file's end, before a line's \r, before a rune of
// two or more bytes and before punctuation included.
func TestGrepWordEnds(t *testing.T) {
	defer func(old int) { narrowFrom = old }(narrowFrom)
	narrowFrom = 0
	TestGrepAgreesWithLineRegex(t)

	files := map[string]string{
		"a.py": "self.assertEqual(x)\nself.assert (y)\n",
		"b.py": "call self.assert→ here\n",
		"c.py": "self.assert", // the file's last bytes, no line end
		"d.py": "self.assert\r\nself.assertÉ\n",
		"e.py": "x = xy\nxxy, xyz\n_xy xy_\n",
		"f.py": "nothing here\n",
	}
	e := newTestIndex(t, files)
	for _, req := range []GrepRequest{
		{Pattern: "self.assert", Word: true},
		{Pattern: "SELF.ASSERT", Word: true, IgnoreCase: true},
		{Pattern: `x+y`, Regex: true, Word: true},
		{Pattern: `(xy|assert)`, Regex: true, Word: true},
	} {
		_, got := grepAll(t, e, req)
		want := refGrep(t, files, req)
		if strings.Join(got, " ") != strings.Join(want, " ") || len(want) == 0 {
			t.Errorf("%+v:\n got %v\nwant %v", req, got, want)
		}
	}

	parse := func(expr string) *syntax.Regexp {
		re, err := syntax.Parse(expr, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		return re
	}
	if q := wordEndQuery(parse(`self\.assert`)); q == nil || q.op != gramOr || len(q.grams) != len(wordFollowers) || !q.narrows {
		t.Errorf("self.assert: %+v, want one of %d trigrams of \"rt\"", q, len(wordFollowers))
	}
	// What cannot narrow: a match ending in a byte of no word, a match
	// that may be empty, or one whose end is not known.
	for _, expr := range []string{`class [A-Z]\w*\(`, `x*`, `a.*`, `\w+`} {
		if q := wordEndQuery(parse(expr)); q != nil {
			t.Errorf("%s: %+v, want none", expr, q)
		}
	}
}
