package code

import (
	"bytes"
	"sort"

	"github.com/treenav/treenav"
)

// CommentMentions records the names a comment (or any text node) mentions
// as textual references: a doc link ([Server.Shutdown]), a dotted name
// (http.Server.Shutdown: the last part is the name, the rest its
// qualifier), or a name no prose word looks like (ReadFile, read_file).
func (s *RefSink) CommentMentions(n refPos) {
	start := n.StartByte()
	p := n.StartPoint()
	s.TextMentions(s.src[start:n.EndByte()], start, int(p.Row), int(p.Column))
}

// TextMentions is CommentMentions over text that starts at byte offset
// base, row and column (0-based) of the file.
func (s *RefSink) TextMentions(text []byte, base uint32, row, col int) {
	s.mentions(text, base, row, col, false)
}

// mentions is TextMentions; every takes every name of two characters or
// more (the text is code: a markdown code span).
func (s *RefSink) mentions(text []byte, base uint32, row, col int, every bool) {
	lineStart := -col // text offset of the current line's start
	for i := 0; i < len(text); {
		c := text[i]
		if c == '\n' {
			row++
			lineStart = i + 1
			i++
			continue
		}
		if !identStart(c) || (i > 0 && identPart(text[i-1])) {
			i++
			continue
		}
		// A run of identifiers joined by single dots.
		j := i
		lastStart := i
		for {
			for j < len(text) && identPart(text[j]) {
				j++
			}
			if j+1 < len(text) && text[j] == '.' && identStart(text[j+1]) {
				lastStart = j + 1
				j++
				continue
			}
			break
		}
		word := text[i:j]
		bracketed := i > 0 && text[i-1] == '[' && j < len(text) && text[j] == ']'
		dotted := lastStart > i
		if every || bracketed || dotted || codeLike(word) {
			name := string(text[lastStart:j])
			qual := ""
			if dotted {
				qual = string(text[i : lastStart-1])
			}
			if len(name) > 1 {
				s.AddText(base+uint32(lastStart), row, lastStart-lineStart, name, qual)
			}
		}
		i = j
	}
}

func identStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func identPart(c byte) bool {
	return identStart(c) || c >= '0' && c <= '9'
}

// codeLike: an uppercase letter after the first, or an underscore inside.
func codeLike(w []byte) bool {
	for k := 1; k < len(w)-1; k++ {
		if w[k] == '_' || w[k] >= 'A' && w[k] <= 'Z' {
			return true
		}
	}
	return len(w) > 1 && w[len(w)-1] >= 'A' && w[len(w)-1] <= 'Z'
}

// MarkdownMentions are the textual references of a markdown file: every
// name in a code span, the names code would use in a fenced block (dotted,
// camelCase or snake_case, or called), and in prose the doc links, dotted
// names and names no prose word looks like. Enclosing is left to
// SetEnclosing.
func MarkdownMentions(src []byte) []treenav.Reference {
	s := &RefSink{src: src}
	row := 0
	fence := ""
	for off := 0; off < len(src); row++ {
		end := bytes.IndexByte(src[off:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += off
		}
		line := src[off:end]
		trimmed := bytes.TrimLeft(line, " ")
		switch {
		case fence != "":
			rest := bytes.TrimLeft(trimmed, fence[:1])
			if len(line)-len(trimmed) <= 3 && len(trimmed)-len(rest) >= len(fence) && len(bytes.TrimSpace(rest)) == 0 {
				fence = "" // the closing fence
				break
			}
			s.codeLine(line, uint32(off), row)
		case len(line)-len(trimmed) <= 3 && (bytes.HasPrefix(trimmed, []byte("```")) || bytes.HasPrefix(trimmed, []byte("~~~"))):
			n := 0
			for n < len(trimmed) && trimmed[n] == trimmed[0] {
				n++
			}
			fence = string(trimmed[:n])
		default:
			s.proseLine(line, uint32(off), row)
		}
		off = end + 1
	}
	sort.SliceStable(s.Refs, func(i, j int) bool { return s.Refs[i].Byte < s.Refs[j].Byte })
	return s.Refs
}

// proseLine: code spans take every name, the rest TextMentions' names.
func (s *RefSink) proseLine(line []byte, off uint32, row int) {
	from := 0
	for i := 0; i < len(line); i++ {
		if line[i] != '`' {
			continue
		}
		j := bytes.IndexByte(line[i+1:], '`')
		if j < 0 {
			break
		}
		s.mentions(line[from:i], off+uint32(from), row, from, false)
		s.mentions(line[i+1:i+1+j], off+uint32(i+1), row, i+1, true)
		i += j + 1
		from = i + 1
	}
	s.mentions(line[from:], off+uint32(from), row, from, false)
}

// codeLine: a fenced block's line, where called names count too.
func (s *RefSink) codeLine(line []byte, off uint32, row int) {
	before := len(s.Refs)
	s.mentions(line, off, row, 0, true)
	kept := s.Refs[:before]
	for _, r := range s.Refs[before:] {
		end := r.Column - 1 + len(r.Name)
		called := end < len(line) && line[end] == '('
		if r.Qualifier != "" || called || codeLike([]byte(r.Name)) {
			kept = append(kept, r)
		}
	}
	s.Refs = kept
}
