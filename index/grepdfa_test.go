package index

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"regexp/syntax"
	"slices"
	"testing"
)

// TestLineDFAAgreesWithRegexp: on random lines (ASCII, multi-byte runes,
// invalid UTF-8, carriage returns, empty ones), a lineDFA says a line
// matches exactly when Go's regexp finds a match in it.
func TestLineDFAAgreesWithRegexp(t *testing.T) {
	exprs := []string{
		`.`, `^$`, `$`, `^`, `x*`, `a.*b.*c`, `(?i)a.*b`, `[0-9]{4,}`, `[A-Z]{2,}_[A-Z]+`, `x+y`,
		`^[ \t]*//`, `err != nil \{$`, `(?m)^ab$`, `a|^b`, `c$|^d`, `^(a|b)*$`, `[^a]`, `(?i)k`, `(?i)ſ`,
		`é+`, `[а-яА-Я]+`, `\x{FFFD}`, `(?s).`, `a$b`, `^^a`, `(?:^|[^` + wordClass + `])(ab)(?:[^` + wordClass + `]|$)`,
		`(?i)(?:^|[^` + wordClass + `])(k[0-9]+)(?:[^` + wordClass + `]|$)`, `a{2}b{0,3}c?`, `(a*)*b`, `\d\s\w`,
		`(?:^|[^` + wordClass + `])((?:^$))(?:[^` + wordClass + `]|$)`, `^a|b^c`, `(?:^|x)(^a)`,
	}
	alphabet := []string{"a", "b", "c", "d", "k", "K", "x", "y", "A", "B", "_", "0", "7", " ", "\t", "/", "{", "\r",
		"é", "ж", "Я", "\u212a", "\u017f", "\xff", "\xe2\x82", "\ufffd", "𝄞"}
	rng := rand.New(rand.NewPCG(1, 2))
	lines := [][]byte{nil, []byte(""), []byte("ab"), []byte("// x"), []byte("if err != nil {"), []byte("AB_C"), []byte("x 2024 y")}
	for range 3000 {
		var b []byte
		for range rng.IntN(12) {
			b = append(b, alphabet[rng.IntN(len(alphabet))]...)
		}
		lines = append(lines, b)
	}
	for _, expr := range exprs {
		re := regexp.MustCompile(expr)
		d := newLineDFA(expr)
		if d == nil {
			t.Fatalf("%q: no DFA", expr)
		}
		d = d.clone() // as a worker uses it
		matched := 0
		for _, line := range lines {
			got, ok := d.match(line, 0)
			if !ok {
				t.Fatalf("%q: states outgrew the bound", expr)
			}
			if want := re.Match(line); got != want {
				t.Errorf("%q on %q: DFA %v, regexp %v", expr, line, got, want)
			}
			if got {
				matched++
			}
		}
		// Read through as one file, it finds the same lines.
		var text []byte
		starts := map[int]int{}
		var want []int
		for n, line := range lines {
			starts[len(text)] = n
			text = append(append(text, line...), '\n')
			if re.Match(line) {
				want = append(want, n)
			}
		}
		for _, final := range []bool{true, false} {
			src := text
			if !final {
				src = text[:len(text)-1] // no newline after the last line
			}
			var got []int
			if _, done := newLineDFA(expr).lines(src, func(ls, le, _ int) bool {
				if le > len(src) || le < len(src) && src[le] != '\n' {
					t.Errorf("%q: line %d ends at %d, not at a line break", expr, starts[ls], le)
				}
				got = append(got, starts[ls])
				return true
			}); !done {
				t.Fatalf("%q: states outgrew the bound", expr)
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%q read through: lines %v, want %v", expr, got, want)
			}
		}
		if matched == 0 && expr != `a$b` { // a$b can match nothing
			t.Errorf("%q matched no line: the test says little", expr)
		}
	}
	if newLineDFA(`\bx`) != nil || newLineDFA(`a\B`) != nil {
		t.Error("word boundaries need the regexp")
	}
}

// TestWordClassFoldClosed: word mode matches its class spelled out as
// ranges with case folding off (notWordExpr), which is the class only if
// folding adds nothing to it, with or without the request's (?i); and the
// ranges spelled out are the class.
func TestWordClassFoldClosed(t *testing.T) {
	want := notWord().Rune
	for _, expr := range []string{`[^` + wordClass + `]`, `(?i)[^` + wordClass + `]`, notWordExpr(), `(?i)` + notWordExpr()} {
		re, err := syntax.Parse(expr, syntax.Perl)
		if err != nil {
			t.Fatalf("%.40s: %v", expr, err)
		}
		if re.Op != syntax.OpCharClass || !slices.Equal(re.Rune, want) {
			t.Errorf("%.40s: %v, %d ranges; want the %d of [^wordClass]", expr, re.Op, len(re.Rune)/2, len(want)/2)
		}
	}
}

// TestAnchoredAfterLiteral: started in the state its leading literal
// leads to, just past the literal, the anchored DFA answers what it
// answers reading the line from its start (scanAnchored starts it there
// on a case-sensitive grep).
func TestAnchoredAfterLiteral(t *testing.T) {
	cases := []struct {
		expr, lit string
		word      bool
	}{
		{`class [A-Z][A-Za-z]*\(`, "class ", true},
		{`class [A-Z][A-Za-z]*\(`, "class ", false},
		{`func [A-Z]\w*`, "func ", true},
		{`ab$`, "ab", false},
		{`ab+c?`, "ab", true},
		{`a\x{FFFD}b`, "a\ufffd", false},
	}
	alphabet := []string{"a", "b", "c", "A", "Z", "(", ")", " ", "_", "\u00e9", "\xff", "class ", "func ", "\ufffd"}
	rng := rand.New(rand.NewPCG(7, 8))
	skipped := 0
	for _, c := range cases {
		re, err := syntax.Parse(c.expr, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		d := newTreeDFA(anchoredTree(re, c.word))
		if d == nil {
			t.Fatalf("%s: no DFA", c.expr)
		}
		from := d.after([]byte(c.lit))
		if from < 0 {
			skipped++
			continue
		}
		for range 2000 {
			line := []byte(c.lit)
			for range rng.IntN(8) {
				line = append(line, alphabet[rng.IntN(len(alphabet))]...)
			}
			m1, k1 := d.match(line, 0)
			m2, k2 := d.matchLine(line, len(c.lit), from)
			if m1 != m2 || k1 != k2 {
				t.Fatalf("%s -w=%v on %q: from the start %v (known %v), past the literal %v (known %v)", c.expr, c.word, line, m1, k1, m2, k2)
			}
		}
	}
	if skipped > 1 {
		t.Fatalf("%d of %d literals decided the match alone: the test compares too little", skipped, len(cases))
	}
}
