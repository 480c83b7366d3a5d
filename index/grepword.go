package index

import (
	"fmt"
	"regexp/syntax"
	"strings"
	"sync"
)

// Word mode wraps a pattern in a byte that is not a word's (or a line's
// end) on each side. Spelled [^\p{L}\p{M}...], that class made Go's
// regexp/syntax look up and sort some 1,500 Unicode ranges each time an
// expression holding it was parsed: three times a word-mode grep (its
// regexp, its DFA, its anchored DFA), 0.6 ms of compiling
// -w 'class [A-Z][A-Za-z]*\(' against 0.02 without -w. The class is
// parsed once here: the DFAs take it as a syntax tree, the regexp as its
// ranges spelled out (no table to look up, already sorted).

// notWord is the syntax tree of [^wordClass], parsed once: a shared,
// read-only node.
var notWord = sync.OnceValue(func() *syntax.Regexp {
	re, err := syntax.Parse(`[^`+wordClass+`]`, syntax.Perl)
	if err != nil {
		panic(err)
	}
	return re
})

// notWordExpr is [^wordClass] as an expression of its ranges. Folding
// case adds nothing to the class (every rune's case variants are on the
// same side of it: TestWordClassFoldClosed), so it is matched with
// folding off, which spares the parser folding each range.
var notWordExpr = sync.OnceValue(func() string {
	var b strings.Builder
	b.WriteString("(?-i:[")
	r := notWord().Rune
	for i := 0; i+1 < len(r); i += 2 {
		fmt.Fprintf(&b, `\x{%x}`, r[i])
		if r[i+1] != r[i] {
			fmt.Fprintf(&b, `-\x{%x}`, r[i+1])
		}
	}
	b.WriteString("])")
	return b.String()
})

// wordExpr is the expression of a word-mode match of body: group 1 is
// the pattern's match.
func wordExpr(prefix, body string) string {
	nw := notWordExpr()
	return prefix + `(?:^|` + nw + `)(` + body + `)(?:` + nw + `|$)`
}

// wordTree is wordExpr's syntax tree, of re (body parsed with the
// request's flags).
func wordTree(re *syntax.Regexp) *syntax.Regexp {
	return reConcat(
		reAlternate(&syntax.Regexp{Op: syntax.OpBeginText}, notWord()),
		&syntax.Regexp{Op: syntax.OpCapture, Cap: 1, Sub: []*syntax.Regexp{re}},
		wordEnd(),
	)
}

// anchoredTree is the syntax tree of a match of re that starts where the
// text given starts, followed in word mode by a byte that is not a
// word's or the line's end (the byte before it is the caller's to check).
func anchoredTree(re *syntax.Regexp, word bool) *syntax.Regexp {
	subs := []*syntax.Regexp{{Op: syntax.OpBeginText}, re}
	if word {
		subs = append(subs, wordEnd())
	}
	return reConcat(subs...)
}

// wordEnd is what follows a word-mode match: a byte that is not a
// word's, or the text's end.
func wordEnd() *syntax.Regexp {
	return reAlternate(notWord(), &syntax.Regexp{Op: syntax.OpEndText})
}

// reConcat and reAlternate are syntax trees of their subexpressions.
func reConcat(subs ...*syntax.Regexp) *syntax.Regexp {
	return &syntax.Regexp{Op: syntax.OpConcat, Sub: subs}
}

func reAlternate(subs ...*syntax.Regexp) *syntax.Regexp {
	return &syntax.Regexp{Op: syntax.OpAlternate, Sub: subs}
}
