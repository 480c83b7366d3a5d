package index

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// The ASCII phrase matcher answers as the phrase's regex does, on texts
// made of the phrase's words in every case, near misses, punctuation and
// runs of white space, and defers to it where Unicode folds differ.
func TestFoldWordsMatchesRegex(t *testing.T) {
	phrases := []string{"self.assertEqual", "def __init__(self)", "return nil, err", "#include <stdio.h>", "a b", "std::vector<int>", "x"}
	pieces := []string{"self", "SELF", "Self", ".", "assertEqual", "ASSERTEQUAL", "assertEqua", "def", "DEF", "__init__", "(self)", "(SELF)",
		"return", "Return", "nil,", "NIL,", "err", "Err", "#include", "<stdio.h>", "<STDIO.H>", "a", "A", "b", "B", "std::vector<int>", "x", "X",
		" ", "  ", "\t", "\n", "\r\n", "\f", "\v", "", "z", "ab", "selfassertEqual"}
	rng := rand.New(rand.NewPCG(1, 2))
	checked, matched := 0, 0
	for _, ph := range phrases {
		p := compilePhrase(ph)
		if p.fold == nil {
			t.Fatalf("%q: no ASCII matcher", ph)
		}
		for range 3000 {
			var b strings.Builder
			for range 1 + rng.IntN(12) {
				b.WriteString(pieces[rng.IntN(len(pieces))])
			}
			text := []byte(b.String())
			want := p.re.Match(text)
			if got := p.fold.match(text); got != want {
				t.Fatalf("%q in %q: matcher %v, regex %v", ph, text, got, want)
			}
			checked++
			if want {
				matched++
			}
		}
	}
	if matched < checked/20 {
		t.Fatalf("%d of %d texts matched: too few to compare", matched, checked)
	}
	// The Kelvin sign folds with k: the regex decides such text.
	p := compilePhrase("kind")
	text := []byte("the \u212Aind of thing")
	if p.fold.usable(text) || !p.holds(text, [][2]uint32{{0, uint32(len(text))}}) {
		t.Fatal("a Kelvin sign's k is the regex's to match")
	}
	if compilePhrase("café au lait").fold != nil {
		t.Fatal("non-ASCII words are the regex's to fold")
	}
	if !regexp.MustCompile(`(?i)kind`).MatchString(string(text)) {
		t.Fatal("the regex folds the Kelvin sign")
	}
}
