package index

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/treenav/treenav"
)

// A node's own text inlines its short children: a child of up to
// inlineChildLines lines and inlineChildBytes bytes (a struct field with
// its tag and comment, an enum member, a small code block) is shown as
// written, since its marker line would save nothing and hide what it
// says; longer children are replaced by a marker naming their id. Six
// lines keep a field with a four-line comment (net/url's RawFragment):
// over the structs and interfaces of eight big GOROOT files (146 types)
// the markers fall from 98 to 55, each a call saved, for 9% more bytes.
const (
	inlineChildLines = 6
	inlineChildBytes = 400
)

// inlineChild reports whether child c of a node is shown as written in
// the node's own text. A subsection always has its marker: sections are
// what a page is read by.
func inlineChild(cm nodeMeta) bool {
	if cm.kind() == treenav.KindSection {
		return false
	}
	first := cm.lineStart
	if cm.docLine > 0 && cm.docLine < first {
		first = cm.docLine
	}
	return cm.lineEnd-first+1 <= inlineChildLines && cm.byteEnd-cm.docStart <= inlineChildBytes
}

// lineStartOf is where the line holding off starts, when only spaces
// and tabs come before off on it (so that a node's text starts with its
// first line's indentation, as in the file); off otherwise.
func lineStartOf(src []byte, off uint32) uint32 {
	start := off
	for start > 0 && (src[start-1] == ' ' || src[start-1] == '\t') {
		start--
	}
	if start == 0 || src[start-1] == '\n' {
		return start
	}
	return off
}

// LineRange is a range of a file's lines, 1-based and inclusive: part of
// a node to read (get_node_content's lines).
type LineRange struct{ From, To int }

// ParseLineRange reads "10-40", "10-" (to the node's end) or "10" (one
// line); "" is no range.
func ParseLineRange(s string) (*LineRange, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	bad := &BadRequestError{"lines " + QuoteInput(s) + ": want a range of the file's lines such as \"10-40\", \"10-\" or \"10\""}
	from, to, dash := strings.Cut(s, "-")
	a, err := strconv.Atoi(strings.TrimSpace(from))
	if err != nil || a < 1 {
		return nil, bad
	}
	r := &LineRange{From: a, To: a}
	if dash {
		r.To = 0
		if t := strings.TrimSpace(to); t != "" {
			if r.To, err = strconv.Atoi(t); err != nil || r.To < a {
				return nil, bad
			}
		}
	}
	return r, nil
}

// linesText is the text of lines r of node nm (r clipped to the node's
// lines, its doc comment included), exactly as in the file, children and
// all; and the lines it holds. A range outside the node is an error that
// says the node's lines.
func linesText(nm nodeMeta, id string, src []byte, r LineRange) (string, int, int, error) {
	first := int(nm.lineStart)
	if nm.docLine > 0 && int(nm.docLine) < first {
		first = int(nm.docLine)
	}
	last := int(nm.lineEnd)
	from, to := max(r.From, first), last
	if r.To > 0 {
		to = min(r.To, last)
	}
	if from > to {
		return "", 0, 0, &BadRequestError{fmt.Sprintf("lines %d-%d are outside %s, which runs from line %d to %d", r.From, r.To, id, first, last)}
	}
	// Find line from: count lines from the node's first line, whose start
	// is known.
	pos := int(lineStartOf(src, nm.docStart))
	for pos > 0 && src[pos-1] != '\n' {
		pos--
	}
	for line := first; line < from && pos < len(src); line++ {
		i := bytes.IndexByte(src[pos:], '\n')
		if i < 0 {
			pos = len(src)
			break
		}
		pos += i + 1
	}
	end := pos
	for line := from; line <= to && end < len(src); line++ {
		i := bytes.IndexByte(src[end:], '\n')
		if i < 0 {
			end = len(src)
			break
		}
		end += i + 1
	}
	return strings.TrimRight(string(src[pos:end]), "\n"), from, to, nil
}

// constraintOf is the build condition node n exists under: its own, or
// the nearest enclosing symbol's (a child does not repeat its parent's).
func (s *segment) constraintOf(n nodeMeta) string {
	for {
		if n.constraint() != "" || n.parent < 0 {
			return n.constraint()
		}
		n = s.node(uint32(n.parent))
	}
}
