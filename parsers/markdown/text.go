package markdown

import (
	"bytes"
	"html"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/treenav/treenav"
)

func trimSpace(s string) string { return strings.TrimSpace(s) }

// lineIndex maps byte offsets to 1-based line numbers.
type lineIndex struct {
	starts []int // offset of the first byte of each line
	size   int
}

func newLineIndex(src []byte) *lineIndex {
	li := &lineIndex{starts: make([]int, 1, bytes.Count(src, []byte{'\n'})+1), size: len(src)}
	for i := 0; ; {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		if i < len(src) {
			li.starts = append(li.starts, i)
		}
	}
	return li
}

// lines is the number of lines of the file: a final line ending does not
// open another line, an empty file has none.
func (li *lineIndex) lines() int {
	if li.size == 0 {
		return 0
	}
	return len(li.starts)
}

// line returns the 1-based line that holds offset off (offsets at or past
// the end belong to the last line).
func (li *lineIndex) line(off int) int {
	return sort.Search(len(li.starts), func(i int) bool { return li.starts[i] > off })
}

// lineStart returns the offset where the line holding off begins.
func (li *lineIndex) lineStart(off int) int {
	return li.starts[li.line(off)-1]
}

// countWords counts runs of letters, digits and underscores in the spans,
// the way the code parser counts them.
func countWords(src []byte, spans []treenav.Span) int {
	n := 0
	for _, sp := range spans {
		n += wordsIn(src[sp.Start:sp.End])
	}
	return n
}

func wordsIn(b []byte) int {
	n := 0
	in := false
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		b = b[size:]
		w := unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_'
		if w && !in {
			n++
		}
		in = w
	}
	return n
}

// plain collapses whitespace, resolves entities and escapes, and makes the
// text valid UTF-8: titles and descriptions are shown to people.
func plain(s string) string {
	s = html.UnescapeString(s)
	s = strings.ToValidUTF8(s, "\uFFFD")
	return strings.Join(strings.Fields(s), " ")
}

// unescapePunct removes CommonMark backslash escapes from text.
func unescapePunct(b []byte) []byte {
	if bytes.IndexByte(b, '\\') < 0 {
		return b
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		if b[i] == '\\' && i+1 < len(b) && isASCIIPunct(b[i+1]) {
			i++
		}
		out = append(out, b[i])
	}
	return out
}

func isASCIIPunct(c byte) bool {
	return c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~'
}

// truncateWords shortens s to about max bytes, cutting at a word boundary.
func truncateWords(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := strings.LastIndexByte(s[:max], ' ')
	if cut < max/2 {
		cut = max
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
	}
	return strings.TrimRight(s[:cut], " ,;:") + "…"
}
