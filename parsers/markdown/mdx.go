package markdown

import "bytes"

// maxJSX bounds how far one JSX tag or expression is scanned.
const maxJSX = 1 << 16

// maskMDX returns a copy of src in which MDX syntax that is neither
// markdown nor prose is blanked (spaces; line endings kept, so offsets and
// lines stay those of the file): ESM blocks (import/export at the start of
// a line, up to the next blank line), lines holding only JSX tags
// (<Tabs>, </Tabs>, <Note type="x" />, tags spanning lines) and lines
// holding only an {expression}. Text between JSX tags stays: MDX parses it
// as markdown. Fenced code is left alone. Scanning starts at from (past
// the frontmatter).
func maskMDX(src []byte, from int) []byte {
	out := append([]byte(nil), src...)
	var fence []byte
	for pos := from; pos < len(src); {
		line, next := lineAt(src, pos)
		trimmed := bytes.TrimLeft(line, " \t")
		indent := len(line) - len(trimmed)
		if fence != nil {
			if closesFence(trimmed, fence) {
				fence = nil
			}
			pos = next
			continue
		}
		if f := openingFence(trimmed); f != nil {
			fence = f
			pos = next
			continue
		}
		end := -1
		switch {
		case indent == 0 && (esmStart(line, "import") || esmStart(line, "export")):
			end = pos
			for end < len(src) {
				l, n := lineAt(src, end)
				if isBlankLine(l) {
					break
				}
				end = n
			}
		case len(trimmed) > 0 && trimmed[0] == '<':
			end = jsxTagLines(src, pos+indent)
		case len(trimmed) > 0 && trimmed[0] == '{':
			if e := scanBalanced(src, pos+indent, '{', '}'); e > 0 {
				end = restOfLineBlank(src, e)
			}
		}
		if end > pos {
			blank(out[pos:end])
			pos = end
			continue
		}
		pos = next
	}
	return out
}

func blank(b []byte) {
	for i, c := range b {
		if c != '\n' && c != '\r' {
			b[i] = ' '
		}
	}
}

func isBlankLine(l []byte) bool { return len(bytes.TrimSpace(l)) == 0 }

// esmStart reports whether a line starts an import or export statement.
func esmStart(line []byte, kw string) bool {
	if !bytes.HasPrefix(line, []byte(kw)) || len(line) == len(kw) {
		return false
	}
	c := line[len(kw)]
	return c == ' ' || c == '\t' || c == '{' || c == '*'
}

// openingFence returns the fence marker a line opens (``` or ~~~, three or
// more), or nil.
func openingFence(t []byte) []byte {
	if len(t) < 3 || t[0] != '`' && t[0] != '~' {
		return nil
	}
	n := 0
	for n < len(t) && t[n] == t[0] {
		n++
	}
	if n < 3 || t[0] == '`' && bytes.IndexByte(t[n:], '`') >= 0 {
		return nil
	}
	return t[:n]
}

func closesFence(t, fence []byte) bool {
	n := 0
	for n < len(t) && t[n] == fence[0] {
		n++
	}
	return n >= len(fence) && isBlankLine(t[n:])
}

// jsxTagLines returns the end of the line where a run of JSX tags starting
// at i ends, when nothing but tags is on those lines; otherwise -1.
func jsxTagLines(src []byte, i int) int {
	for {
		if i+1 >= len(src) || src[i] != '<' {
			return -1
		}
		c := src[i+1]
		if !(c == '/' || c == '>' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return -1
		}
		e := scanBalanced(src, i, '<', '>')
		if e < 0 {
			return -1
		}
		for e < len(src) && (src[e] == ' ' || src[e] == '\t') {
			e++
		}
		if e < len(src) && src[e] == '<' {
			i = e
			continue
		}
		return restOfLineBlank(src, e)
	}
}

// restOfLineBlank returns the start of the next line when only blanks
// follow offset i on its line, else -1.
func restOfLineBlank(src []byte, i int) int {
	for i < len(src) {
		switch src[i] {
		case ' ', '\t', '\r':
			i++
		case '\n':
			return i + 1
		default:
			return -1
		}
	}
	return i
}

// scanBalanced scans from the open byte at i to its matching close,
// skipping quoted strings and nested {} (JSX attribute expressions), and
// returns the offset after it, or -1.
func scanBalanced(src []byte, i int, open, close byte) int {
	depth := 0 // {} nesting inside a tag
	var quote byte
	limit := min(len(src), i+maxJSX)
	for j := i + 1; j < limit; j++ {
		c := src[j]
		switch {
		case quote != 0:
			if c == '\\' {
				j++
			} else if c == quote {
				quote = 0
			}
		case c == '/' && j+1 < limit && src[j+1] == '*' && (depth > 0 || open == '{'):
			// A JS comment ({/* don't */}): its quotes quote nothing.
			k := bytes.Index(src[j+2:limit], []byte("*/"))
			if k < 0 {
				return -1
			}
			j += k + 3
		case c == '"' || c == '\'' || c == '`':
			quote = c
		case c == '{':
			depth++
		case c == '}' && depth > 0:
			depth--
		case c == close && depth == 0:
			return j + 1
		}
	}
	return -1
}
