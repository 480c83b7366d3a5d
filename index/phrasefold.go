package index

import (
	"bytes"
	"unicode/utf8"
)

// foldWords is a quoted phrase of ASCII words matched without the regex
// engine: the phrase's words, ASCII-lowercased, each found case aside,
// with a run of white space (\s: tab, newline, form feed, return, space)
// between them, as literalPhrase.re matches them. Go's regexp ran
// (?i)self\.assertEqual through its backtracker over the text of each of
// 14,000 test methods of the 25k-file corpus, most of a half-second
// query.
type foldWords struct {
	words [][]byte
	// rare is the offset in words[0] of the byte that is rarest in code
	// (byteRank), lo and up its two cases: occurrences of the first word
	// are found by it.
	rare   int
	lo, up byte
}

// newFoldWords returns the matcher of words, nil when a word is not
// ASCII (whose case folding is Unicode's: the regex matches those).
func newFoldWords(words []string) *foldWords {
	if len(words) == 0 {
		return nil
	}
	f := &foldWords{}
	for _, w := range words {
		b := []byte(w)
		for i, c := range b {
			if c >= utf8.RuneSelf {
				return nil
			}
			b[i] = lowerASCII[c]
		}
		f.words = append(f.words, b)
	}
	for i, c := range f.words[0] {
		if byteRank[c] < byteRank[f.words[0][f.rare]] {
			f.rare = i
		}
	}
	f.lo = f.words[0][f.rare]
	f.up = f.lo
	if f.lo >= 'a' && f.lo <= 'z' {
		f.up = f.lo - 'a' + 'A'
	}
	return f
}

// usable reports whether the matcher answers for text as the regex does:
// (?i) folds k with the Kelvin sign and s with the long s, which ASCII
// lowercasing does not.
func (f *foldWords) usable(text []byte) bool { return !holdsWideFold(text) }

// match reports whether text holds the phrase.
func (f *foldWords) match(text []byte) bool {
	first := f.words[0]
	for at := f.rare; at < len(text); {
		j := indexEither(text[at:], f.lo, f.up)
		if j < 0 {
			return false
		}
		s := at + j - f.rare
		at += j + 1
		if s >= 0 && f.matchAt(text, s, first) {
			return true
		}
	}
	return false
}

// matchAt reports whether the phrase starts at text[s:], whose first
// word is known to fit there but for its case.
func (f *foldWords) matchAt(text []byte, s int, first []byte) bool {
	if !hasFoldAt(text, s, first) {
		return false
	}
	p := s + len(first)
	for _, w := range f.words[1:] {
		q := p
		for q < len(text) && isRESpace(text[q]) {
			q++
		}
		if q == p || !hasFoldAt(text, q, w) {
			return false
		}
		p = q + len(w)
	}
	return true
}

// hasFoldAt reports whether text[s:] starts with w (lowercase ASCII),
// ASCII case aside.
func hasFoldAt(text []byte, s int, w []byte) bool {
	if s+len(w) > len(text) {
		return false
	}
	for i, c := range w {
		if lowerASCII[text[s+i]] != c {
			return false
		}
	}
	return true
}

// isRESpace is regexp's \s: tab, newline, form feed, return and space.
func isRESpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// indexEither is the first index in b of byte x or y.
func indexEither(b []byte, x, y byte) int {
	i := bytes.IndexByte(b, x)
	if x == y {
		return i
	}
	lim := b
	if i >= 0 {
		lim = b[:i]
	}
	if j := bytes.IndexByte(lim, y); j >= 0 {
		return j
	}
	return i
}
