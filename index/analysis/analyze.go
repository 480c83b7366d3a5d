// Package analysis turns text into index terms and a query string into a
// Query: the tokenizer and identifier splitting, stemming, stop words,
// compounds and joined words, synonyms, and quoted phrases. The indexer
// and the search share it, so that both read text alike. It imports
// nothing else from treenav.
package analysis

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kljensen/snowball/english"
)

// MaxTermLen drops longer words (hashes, base64, minified noise).
const MaxTermLen = 64

// analyze splits text into index terms and calls emit for each with its word
// position (starting at pos) and byte range in text. It returns the next
// free position.
//
// Words are runs of letters, digits and underscores. A word made of several
// parts (camelCase, snake_case, letters and digits: "getUserToken",
// "read_file", "utf8") is emitted whole (lowercased, unstemmed) at the
// position of its first part, and each part is emitted stemmed at its own
// position, so "user token" matches inside getUserToken and a phrase query
// still sees consecutive positions. Single-letter parts and stop words take
// a position but no term.
func analyze(text []byte, pos int, emit func(term string, pos, start, end int)) int {
	var buf []byte
	return Tokenize(text, pos, false, &buf, func(k TokenKind, key []byte, pos, start, end int) {
		if t := TermOfToken(k, key); t != "" {
			emit(t, pos, start, end)
		}
	})
}

// AnalyzeCompounds is analyze for indexed prose and code: it also emits
// the compound of a word and the particle after it ("signing out" →
// signout, "logged in" → login, "roll back" → rollback, "shut down" →
// shutdown), because code and docs write these phrasal verbs both ways.
func AnalyzeCompounds(text []byte, pos int, emit func(term string, pos, start, end int)) int {
	var buf []byte
	return Tokenize(text, pos, true, &buf, func(k TokenKind, key []byte, pos, start, end int) {
		if t := TermOfToken(k, key); t != "" {
			emit(t, pos, start, end)
		}
	})
}

// Particles complete a phrasal verb.
var Particles = map[string]bool{"in": true, "out": true, "up": true, "down": true, "back": true, "on": true, "off": true, "over": true}

// Version changes whenever the analyzer's output does (words,
// splits, stems, compounds, joined words, stop words): it is part of the
// engine's fingerprint, so that a snapshot built with other terms is
// rebuilt instead of silently missing the new ones.
// TestAnalyzerVersion fails when the output changes and this does not.
// (Version 4 changed no analyzer output: the builder began to index
// stop-word names, see stopName. Version 5 joins agent nouns and
// abbreviations to their words: wordforms.go. Version 6 joins pow, obj,
// char, arr and cmp too. Version 7 indexes the pieces of run-together
// names: segment.go.)
const Version = 7

// JoinedWords are the open compounds of software prose, the two words a
// text writes apart and another writes as one ("white space" and
// whitespace, "file name" and filename, "time stamp" and timestamp): the
// analyzer gives the pair the one-word term too. Keyed by the second word,
// the rarer lookup.
var JoinedWords = buildJoined([][2]string{
	{"white", "space"}, {"name", "space"}, {"work", "space"},
	{"file", "name"}, {"path", "name"}, {"host", "name"}, {"user", "name"},
	{"time", "stamp"}, {"time", "zone"}, {"data", "base"}, {"data", "set"},
	{"end", "point"}, {"key", "word"}, {"pass", "word"}, {"file", "system"},
	{"web", "site"}, {"work", "flow"}, {"work", "load"}, {"back", "end"},
	{"front", "end"}, {"check", "sum"}, {"life", "time"}, {"read", "only"},
})

func buildJoined(pairs [][2]string) map[string]map[string]bool {
	m := map[string]map[string]bool{}
	for _, p := range pairs {
		if m[p[1]] == nil {
			m[p[1]] = map[string]bool{}
		}
		m[p[1]][p[0]] = true
	}
	return m
}

// Joins reports whether first and second (lowercased) form a joined word.
func Joins(first, second []byte) bool {
	return JoinedWords[string(second)][string(first)]
}

// TokenKind says how a token's key becomes a term.
type TokenKind uint8

const (
	TokWhole    TokenKind = iota // a whole identifier: the lowercased key as is
	TokPart                      // a word or identifier part: stemmed, unless a stop word
	TokCompound                  // a phrasal verb: key is "word\x00particle", the word stemmed
	TokJoined                    // a joined word (joinedWords): key is the two words run together, stemmed
	TokPiece                     // a piece of a run-together name (NamePieces): stemmed like a part
)

// TermOfToken resolves a token to its term ("" for none: stop words and
// single letters), through the shared stem cache.
func TermOfToken(k TokenKind, key []byte) string {
	switch k {
	case TokWhole:
		return string(key)
	case TokCompound:
		i := strings.IndexByte(string(key), 0)
		return Stem(string(key[:i])) + string(key[i+1:])
	case TokJoined:
		return Stem(string(key))
	}
	if partSkipped(key) {
		return ""
	}
	return Stem(string(key))
}

// partSkipped reports single letters and stop words: they take a position
// but get no term.
func partSkipped(key []byte) bool {
	if len(key) == 1 {
		return !(key[0] >= '0' && key[0] <= '9')
	}
	if len(key) <= 4 && utf8.RuneCount(key) == 1 {
		r, _ := utf8.DecodeRune(key)
		return !unicode.IsDigit(r)
	}
	return stopWords[string(key)]
}

// StopName is a symbol's name lowercased when it is one stop word ("Is",
// "With", "as"), else "": the term such a name is indexed under.
func StopName(name string) string {
	if len(name) < 2 || len(name) > 4 {
		return ""
	}
	for i := 0; i < len(name); i++ {
		if c := name[i] | 0x20; c < 'a' || c > 'z' {
			return ""
		}
	}
	if key := strings.ToLower(name); stopWords[key] {
		return key
	}
	return ""
}

// Tokenize is the analyzer: it finds words, splits identifiers and calls
// emit with each token's kind and lowercased key (in *buf, valid during
// the call). Consumers resolve keys to terms: termOfToken, or the index
// builder's own cache, which skips the string work for keys it has seen.
func Tokenize(text []byte, pos int, compounds bool, buf *[]byte, emit func(k TokenKind, key []byte, pos, start, end int)) int {
	var parts [16][2]int // part byte ranges within the word
	i := 0
	// The previous plain word, for compounds.
	prevStart, prevEnd, prevPos := 0, -1, 0
	for {
		start, end := NextWord(text, i)
		if start == end {
			break
		}
		i = end
		word := text[start:i]
		if len(word) > MaxTermLen {
			pos++
			prevEnd = -1
			continue
		}
		n := SplitParts(word, parts[:])
		if compounds {
			if n == 1 && len(word) <= 4 && prevEnd >= 0 && CompoundGap(text[prevEnd:start]) {
				if lw := AppendLower((*buf)[:0], word); Particles[string(lw)] {
					key := AppendLower(lw[:0], text[prevStart:prevEnd])
					key = AppendLower(append(key, 0), word)
					*buf = key
					emit(TokCompound, key, prevPos, prevStart, i)
				}
			}
			if n == 1 && prevEnd >= 0 && CompoundGap(text[prevEnd:start]) {
				if lw := AppendLower((*buf)[:0], word); JoinedWords[string(lw)] != nil {
					key := AppendLower(lw[:0], text[prevStart:prevEnd])
					p := len(key)
					key = AppendLower(key, word)
					*buf = key
					if Joins(key[:p], key[p:]) {
						emit(TokJoined, key, prevPos, prevStart, i)
					}
				}
			}
			prevEnd = -1
			if n == 1 && !(word[0] >= '0' && word[0] <= '9') {
				prevStart, prevEnd, prevPos = start, i, pos
			}
		}
		if n > 1 {
			*buf = AppendLower((*buf)[:0], word)
			emit(TokWhole, *buf, pos, start, i)
		}
		for p := 0; p < n; p++ {
			a, b := parts[p][0], parts[p][1]
			*buf = AppendLower((*buf)[:0], word[a:b])
			emit(TokPart, *buf, pos, start+a, start+b)
			pos++
		}
	}
	return pos
}

// NextWord returns the byte range of the first word (a run of letters,
// digits and underscores) in text at or after i; start == end when there
// is none.
func NextWord(text []byte, i int) (start, end int) {
	for i < len(text) {
		c := text[i]
		if c < utf8.RuneSelf {
			if IsWordByte(c) {
				break
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(text[i:])
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			break
		}
		i += size
	}
	start = i
	for i < len(text) {
		c := text[i]
		if c < utf8.RuneSelf {
			if !IsWordByte(c) {
				break
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(text[i:])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			break
		}
		i += size
	}
	return start, i
}

// AppendLower appends the lowercase of b to dst.
func AppendLower(dst, b []byte) []byte {
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c >= utf8.RuneSelf {
			return append(dst, strings.ToLower(string(b[i:]))...)
		}
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

func IsWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

type charClass uint8

const (
	classOther charClass = iota
	classLower
	classUpper
	classDigit
	classSep // underscore
)

func classOf(r rune) charClass {
	switch {
	case r == '_':
		return classSep
	case r >= 'a' && r <= 'z':
		return classLower
	case r >= 'A' && r <= 'Z':
		return classUpper
	case r >= '0' && r <= '9':
		return classDigit
	case r < utf8.RuneSelf:
		return classOther
	case unicode.IsUpper(r):
		return classUpper
	case unicode.IsDigit(r):
		return classDigit
	default:
		return classLower // other letters behave as lowercase
	}
}

// SplitParts splits an identifier at underscores, lower→upper changes
// ("getUser"), the end of an acronym ("HTTPServer" → HTTP, Server) and
// letter/digit changes ("utf8"). It fills parts (at most len(parts); the
// tail is one part) and returns how many.
func SplitParts(word []byte, parts [][2]int) int {
	n := 0
	start := -1
	prev := classOther
	add := func(a, b int) {
		if b <= a {
			return
		}
		if n == len(parts) {
			parts[n-1][1] = b
			return
		}
		parts[n] = [2]int{a, b}
		n++
	}
	for i := 0; i < len(word); {
		r, size := rune(word[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRune(word[i:])
		}
		cl := classOf(r)
		switch {
		case cl == classSep:
			if start >= 0 {
				add(start, i)
				start = -1
			}
		case start < 0:
			start = i
		case cl == classUpper && prev == classLower,
			cl == classDigit && prev != classDigit,
			cl != classDigit && prev == classDigit:
			add(start, i)
			start = i
		case cl == classLower && prev == classUpper && i-start > 1:
			// "HTTPServer": the last capital starts the next part.
			_, psize := utf8.DecodeLastRune(word[:i])
			add(start, i-psize)
			start = i - psize
		}
		prev = cl
		i += size
	}
	if start >= 0 {
		add(start, len(word))
	}
	return n
}

// lowerWhole is the whole-identifier term: lowercase, unstemmed.
func lowerWhole(word []byte) string {
	for _, c := range word {
		if c >= utf8.RuneSelf || c >= 'A' && c <= 'Z' {
			return strings.ToLower(string(word))
		}
	}
	return string(word)
}

// stopWords are English function words: they take a position (phrases stay
// aligned) but are not indexed.
var stopWords = wordSet(`a an and are as at be but by for from has have in is it its
	of on or that the this to was were will with`)

// wordSet is the set of the space-separated words.
func wordSet(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// stemCache memoizes snowball stems: the vocabulary of a corpus is small
// next to its token count.
var stemCache = newMemo[string]()

func Stem(w string) string {
	if s, ok := abbreviations[w]; ok {
		return s
	}
	if len(w) <= 3 || w[0] >= '0' && w[0] <= '9' {
		return w
	}
	if s, ok := stemCache.get(w); ok {
		return s
	}
	s := w
	if isASCIILetters(w) {
		s = english.Stem(w, true)
		if f, ok := stemFixes[s]; ok {
			s = f
		} else if f, ok := agentNouns[s]; ok {
			s = f
		}
	}
	stemCache.put(w, s)
	return s
}

// stemFixes joins stems that snowball leaves apart although software text
// uses them for one thing: "expiry" (expiri) is what expire, expires,
// expired and expiration (expir) are about; a token's expiry is its
// expires_in, a cookie's its Expires field. Measured and left out:
// failure → fail, creation → create, invocation → invoke. Each joins a
// rare noun to a common verb, and on GOROOT/src "file creation time" lost
// the CreationTime fields to everything that creates.
var stemFixes = map[string]string{"expiri": "expir"}

func isASCIILetters(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z') {
			return false
		}
	}
	return true
}

// CompoundGap reports whether b, the text between a word and a particle,
// lets them form a compound: spaces and tabs ("sign in"), or one hyphen
// ("sign-in", "roll-back", "set-up"). A compound does not span lines or
// other punctuation.
func CompoundGap(b []byte) bool {
	if len(b) == 1 && b[0] == '-' {
		return true
	}
	for _, c := range b {
		if c != ' ' && c != '\t' {
			return false
		}
	}
	return len(b) > 0
}
