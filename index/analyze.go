package index

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/kljensen/snowball/english"
)

// maxTermLen drops longer words (hashes, base64, minified noise).
const maxTermLen = 64

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
	return analyzeText(text, pos, false, emit)
}

// analyzeCompounds is analyze for indexed prose and code: it also emits
// the compound of a word and the particle after it ("signing out" →
// signout, "logged in" → login, "roll back" → rollback, "shut down" →
// shutdown), because code and docs write these phrasal verbs both ways.
func analyzeCompounds(text []byte, pos int, emit func(term string, pos, start, end int)) int {
	return analyzeText(text, pos, true, emit)
}

// particles complete a phrasal verb.
var particles = map[string]bool{"in": true, "out": true, "up": true, "down": true, "back": true, "on": true, "off": true, "over": true}

func analyzeText(text []byte, pos int, compounds bool, emit func(term string, pos, start, end int)) int {
	var parts [16][2]int // part byte ranges within the word
	i := 0
	// The previous plain word, for compounds.
	prevStem, prevStart, prevEnd, prevPos := "", 0, -1, 0
	for i < len(text) {
		// Skip to the next word character.
		c := text[i]
		if c < utf8.RuneSelf {
			if !isWordByte(c) {
				i++
				continue
			}
		} else {
			r, size := utf8.DecodeRune(text[i:])
			if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				i += size
				continue
			}
		}
		start := i
		for i < len(text) {
			c := text[i]
			if c < utf8.RuneSelf {
				if !isWordByte(c) {
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
		word := text[start:i]
		if len(word) > maxTermLen {
			pos++
			prevEnd = -1
			continue
		}
		n := splitParts(word, parts[:])
		if compounds {
			if n == 1 && len(word) <= 4 && prevEnd >= 0 && onlySpaces(text[prevEnd:start]) {
				if lw := lowerWhole(word); particles[lw] {
					emit(prevStem+lw, prevPos, prevStart, i)
				}
			}
			prevEnd = -1
			if n == 1 && !(word[0] >= '0' && word[0] <= '9') {
				prevStem, prevStart, prevEnd, prevPos = stem(lowerWhole(word)), start, i, pos
			}
		}
		if n > 1 {
			emit(lowerWhole(word), pos, start, i)
		}
		for p := 0; p < n; p++ {
			a, b := parts[p][0], parts[p][1]
			if t := partTerm(word[a:b]); t != "" {
				emit(t, pos, start+a, start+b)
			}
			pos++
		}
	}
	return pos
}

func isWordByte(c byte) bool {
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

// splitParts splits an identifier at underscores, lower→upper changes
// ("getUser"), the end of an acronym ("HTTPServer" → HTTP, Server) and
// letter/digit changes ("utf8"). It fills parts (at most len(parts); the
// tail is one part) and returns how many.
func splitParts(word []byte, parts [][2]int) int {
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

// partTerm is the term of one word part: lowercased and stemmed; "" for
// single letters and stop words.
func partTerm(part []byte) string {
	if len(part) == 1 && !(part[0] >= '0' && part[0] <= '9') {
		return ""
	}
	if utf8.RuneCount(part) == 1 {
		r, _ := utf8.DecodeRune(part)
		if !unicode.IsDigit(r) {
			return ""
		}
	}
	w := lowerWhole(part)
	if stopWords[w] {
		return ""
	}
	return stem(w)
}

// stopWords are English function words: they take a position (phrases stay
// aligned) but are not indexed.
var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a an and are as at be but by for from has have in is it its
		of on or that the this to was were will with`) {
		m[w] = true
	}
	return m
}()

// stemCache memoizes snowball stems: the vocabulary of a corpus is small
// next to its token count.
var stemCache = struct {
	sync.RWMutex
	m map[string]string
}{m: map[string]string{}}

const stemCacheMax = 1 << 20

func stem(w string) string {
	if len(w) <= 3 || w[0] >= '0' && w[0] <= '9' {
		return w
	}
	stemCache.RLock()
	s, ok := stemCache.m[w]
	stemCache.RUnlock()
	if ok {
		return s
	}
	s = w
	if isASCIILetters(w) {
		s = english.Stem(w, true)
	}
	stemCache.Lock()
	if len(stemCache.m) < stemCacheMax {
		stemCache.m[w] = s
	}
	stemCache.Unlock()
	return s
}

func isASCIILetters(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z') {
			return false
		}
	}
	return true
}

// onlySpaces reports whether b holds nothing but spaces and tabs (a
// compound does not span lines or punctuation).
func onlySpaces(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' {
			return false
		}
	}
	return len(b) > 0
}
