package rst

import (
	"bytes"
	"strings"
)

// line is one line of the file.
type line struct {
	start, end int    // byte range, the line ending excluded (and a CR before it)
	next       int    // where the next line starts
	indent     int    // columns of leading whitespace, tabs to stops of 8
	text       string // the line without its indentation and trailing spaces
	blank      bool
}

// splitLines cuts src into lines from offset base on.
func splitLines(src []byte, base int) []line {
	var ls []line
	for i := base; i < len(src); {
		j := bytes.IndexByte(src[i:], '\n')
		next := len(src)
		end := len(src)
		if j >= 0 {
			end = i + j
			next = end + 1
		}
		e := end
		if e > i && src[e-1] == '\r' {
			e--
		}
		ls = append(ls, newLine(src, i, e, next))
		i = next
	}
	return ls
}

func newLine(src []byte, start, end, next int) line {
	col, k := 0, start
	for ; k < end; k++ {
		switch src[k] {
		case ' ':
			col++
		case '\t':
			col = (col/8 + 1) * 8
		case '\f', '\v':
			col++
		default:
			goto done
		}
	}
done:
	text := strings.TrimRight(string(src[k:end]), " \t\f\v")
	return line{start: start, end: end, next: next, indent: col, text: text, blank: text == ""}
}

// contentAt is the offset of line l's content when the body it belongs to
// starts at column col: the first byte at or past that column, or the
// line's first non-blank byte when it is less indented.
func contentAt(src []byte, l line, col int) int {
	c, k := 0, l.start
	for k < l.end && c < col {
		switch src[k] {
		case ' ', '\f', '\v':
			c++
		case '\t':
			c = (c/8 + 1) * 8
		default:
			return k
		}
		k++
	}
	return k
}

// isAdornment reports a line made of one punctuation character repeated
// (docutils' "line" pattern): a title's underline or overline, or a
// transition.
func isAdornment(s string) bool {
	if s == "" || !isPunct(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if s[i] != s[0] {
			return false
		}
	}
	return true
}

// isPunct is docutils' nonalphanum7bit class.
func isPunct(c byte) bool {
	return c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~'
}

// columnWidth is the display width of a title as docutils measures it:
// East Asian wide characters count two, combining marks none.
func columnWidth(s string) int {
	w := 0
	for _, r := range s {
		switch {
		case r >= 0x0300 && r <= 0x036F, r >= 0x20D0 && r <= 0x20FF:
		case r >= 0x1100 && r <= 0x115F, r >= 0x2E80 && r <= 0xA4CF, r >= 0xAC00 && r <= 0xD7A3,
			r >= 0xF900 && r <= 0xFAFF, r >= 0xFE30 && r <= 0xFE4F, r >= 0xFF00 && r <= 0xFF60,
			r >= 0xFFE0 && r <= 0xFFE6, r >= 0x20000 && r <= 0x3FFFD:
			w += 2
		default:
			w++
		}
	}
	return w
}
