package markdown

import (
	"strconv"
	"strings"
	"unicode"
)

// Slug turns a heading's text into a GitHub-style anchor: lowercase,
// punctuation and symbols dropped, each space a hyphen (github-slugger's
// rule, without its "-1" duplicate suffixes: treenav numbers duplicates of
// a whole anchor path with "~2"). A heading with no letters or digits gets
// "section".
func Slug(title string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(title) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) ||
			unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r) || unicode.Is(unicode.Nl, r) || unicode.Is(unicode.No, r):
			b.WriteRune(r)
		}
	}
	s := b.String()
	if strings.Trim(s, "-") == "" {
		return "section"
	}
	return s
}

// anchors hands out unique anchors in document order: the first use of a
// name keeps it, later ones get "~2", "~3".
type anchors map[string]int

func (a anchors) unique(name string) string {
	n := a[name]
	if n == 0 {
		a[name] = 1
		return name
	}
	for {
		n++
		cand := name + "~" + strconv.Itoa(n)
		if a[cand] == 0 {
			a[name] = n
			a[cand] = 1
			return cand
		}
	}
}
