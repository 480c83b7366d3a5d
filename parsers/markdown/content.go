package markdown

import (
	"bytes"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
)

// html records the text of an HTML block between its tags: README headers
// are often HTML (<p align="center">A fast parser</p>) and their words
// matter; tags, attributes, comments and script or style bodies do not.
func (b *builder) html(n *ast.HTMLBlock) {
	var st htmlState
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		b.htmlLine(&st, b.abs(seg.Start), b.abs(seg.Stop))
	}
	if n.HasClosure() {
		b.htmlLine(&st, b.abs(n.ClosureLine.Start), b.abs(n.ClosureLine.Stop))
	}
}

type htmlState struct {
	inTag, inComment bool
	quote            byte
	name             string // the tag being read, lowercased
	closing          bool   // the tag being read is a closing tag
	raw              string // "script" or "style" while inside one
}

func (b *builder) htmlLine(st *htmlState, s, e int) {
	v := b.view
	text := s // start of the current run of text
	flush := func(end int) {
		if end > text && !st.inTag && !st.inComment && st.raw == "" {
			b.prose(text, end)
		}
	}
	for i := s; i < e; i++ {
		c := v[i]
		switch {
		case st.inComment:
			if c == '>' && i >= s+2 && v[i-1] == '-' && v[i-2] == '-' {
				st.inComment = false
				text = i + 1
			}
		case st.inTag:
			switch {
			case st.quote != 0:
				if c == st.quote {
					st.quote = 0
				}
			case c == '"' || c == '\'':
				st.quote = c
			case c == '>':
				st.inTag = false
				if !st.closing && (st.name == "script" || st.name == "style") {
					st.raw = st.name
				}
				text = i + 1
			}
		case c == '<' && i+1 < e:
			next := v[i+1]
			if st.raw != "" {
				if next == '/' && bytes.HasPrefix(bytes.ToLower(v[i+2:min(e, i+2+len(st.raw))]), []byte(st.raw)) {
					st.raw = ""
					st.inTag, st.closing, st.name = true, true, ""
				}
				continue
			}
			switch {
			case bytes.HasPrefix(v[i:e], []byte("<!--")):
				flush(i)
				st.inComment = true
				i += 3
			case next == '/' || next == '!' || next == '?' || next < utf8.RuneSelf && unicode.IsLetter(rune(next)):
				flush(i)
				st.inTag, st.closing = true, next == '/'
				j := i + 1
				if st.closing {
					j++
				}
				k := j
				for k < e && isTagNameByte(v[k]) {
					k++
				}
				st.name = string(bytes.ToLower(v[j:k]))
				i = k - 1
			}
		}
	}
	flush(e)
}

func isTagNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-'
}

// hashtags collects #tags from a range of prose: a "#" at the start of a
// word followed by letters, digits, "_", "-" or "/", not all digits (#123
// is an issue number). Headings, code and URLs never reach here.
func (b *builder) hashtags(s, e int) {
	v := b.view
	for i := s; i < e; i++ {
		if v[i] != '#' {
			continue
		}
		if i > b.base {
			switch p := v[i-1]; {
			case p == ' ' || p == '\t' || p == '\n' || p == '\r' || p == '(' || p == '[' ||
				p == ',' || p == ';' || p == '"' || p == '\'' || p == '*' || p == '_' || p == '>':
			default:
				continue
			}
		}
		j := i + 1
		letters := false
		for j < e {
			r, size := utf8.DecodeRune(v[j:e])
			if r == utf8.RuneError && size <= 1 {
				break
			}
			if unicode.IsLetter(r) || unicode.Is(unicode.Mn, r) || r == '_' {
				letters = true
			} else if !unicode.IsDigit(r) && r != '-' && r != '/' {
				break
			}
			j += size
		}
		tag := bytes.TrimRight(v[i+1:j], "-/")
		if letters && len(tag) > 0 {
			b.tags = append(b.tags, string(tag))
		}
		i = j - 1
	}
}
