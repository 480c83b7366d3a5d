package code

import (
	sitter "github.com/smacker/go-tree-sitter"
)

// CommentMentions records the names a comment (or any text node) mentions
// as textual references: a doc link ([Server.Shutdown]), a dotted name
// (http.Server.Shutdown: the last part is the name, the rest its
// qualifier), or a name no prose word looks like (ReadFile, read_file).
func (s *RefSink) CommentMentions(n *sitter.Node) {
	start := n.StartByte()
	p := n.StartPoint()
	s.TextMentions(s.src[start:n.EndByte()], start, int(p.Row), int(p.Column))
}

// TextMentions is CommentMentions over text that starts at byte offset
// base, row and column (0-based) of the file.
func (s *RefSink) TextMentions(text []byte, base uint32, row, col int) {
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
		if bracketed || dotted || codeLike(word) {
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
