package code

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/parsers/code/internal/srctext"
)

// maxSignature bounds a signature's length; longer ones end in "…".
const maxSignature = 400

// signature collapses whitespace in the text of a declaration without its
// body and trims the punctuation that opens the body.
func signature(b []byte) string {
	var sb strings.Builder
	sb.Grow(min(len(b), maxSignature))
	space := false
	for _, r := range string(b) {
		if unicode.IsSpace(r) {
			space = sb.Len() > 0
			continue
		}
		if space {
			sb.WriteByte(' ')
			space = false
		}
		sb.WriteRune(r)
		if sb.Len() > maxSignature {
			break
		}
	}
	s := sb.String()
	if len(s) > maxSignature {
		cut := maxSignature
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		return s[:cut] + "…"
	}
	s = strings.TrimRight(s, " {:")
	s = strings.TrimSuffix(s, " =>")
	return strings.TrimSpace(s)
}

// receiverName reduces a receiver or impl type to the bare type name:
// "*Server" → "Server", "Map[K, V]" → "Map", "fmt::Display" → "Display".
func receiverName(s string) string {
	s = strings.TrimSpace(s)
	for _, p := range []string{"&", "*", "mut ", "dyn ", "const ", "("} {
		for strings.HasPrefix(s, p) {
			s = strings.TrimSpace(strings.TrimPrefix(s, p))
		}
	}
	if i := strings.IndexAny(s, "[<( )"); i >= 0 {
		s = s[:i]
	}
	if i := strings.LastIndex(s, "::"); i >= 0 {
		s = s[i+2:]
	}
	if i := strings.LastIndexByte(s, '.'); i >= 0 {
		s = s[i+1:]
	}
	return s
}

// splitScope splits "ns::A<T>::b" into scope ["ns", "A"] and name "b".
// Template arguments in scope parts are dropped; separators inside them
// ("A<x::y>::b") are not split points.
func splitScope(name, sep string) ([]string, string) {
	if !strings.Contains(name, sep) {
		return nil, name
	}
	var parts []string
	depth, last := 0, 0
	for i := 0; i < len(name); i++ {
		switch name[i] {
		case '<', '(', '[':
			depth++
		case '>', ')', ']':
			if depth > 0 {
				depth--
			}
		default:
			if depth == 0 && strings.HasPrefix(name[i:], sep) {
				parts = append(parts, name[last:i])
				i += len(sep) - 1
				last = i + 1
			}
		}
	}
	base := strings.TrimSpace(name[last:])
	var scope []string
	for _, p := range parts {
		if j := strings.IndexByte(p, '<'); j >= 0 {
			p = p[:j]
		}
		if p = strings.TrimSpace(p); p != "" {
			scope = append(scope, p)
		}
	}
	return scope, base
}

// cleanDoc strips comment markers and string quotes from a doc comment or
// docstring and removes the common indentation.
func cleanDoc(s string) string {
	s = strings.TrimSpace(s)
	// Docstrings: optional prefix, then triple or single quotes.
	if t := strings.TrimLeft(s, "rRuUbBfF"); len(t) > 0 && (t[0] == '"' || t[0] == '\'') {
		for _, q := range []string{`"""`, `'''`, `"`, `'`} {
			if strings.HasPrefix(t, q) && strings.HasSuffix(t, q) && len(t) >= 2*len(q) {
				return dedent(t[len(q) : len(t)-len(q)])
			}
		}
	}
	lines := strings.Split(s, "\n")
	out := make([]string, 0, len(lines))
	for _, ln := range lines {
		t := strings.TrimSpace(ln)
		for _, p := range []string{"/**", "/*!", "/*", "///", "//!", "//", "#", "--", ";;", "%"} {
			if strings.HasPrefix(t, p) {
				t = t[len(p):]
				break
			}
		}
		t = strings.TrimSuffix(t, "*/")
		if strings.HasPrefix(t, "*") && !strings.HasPrefix(t, "**") {
			t = t[1:]
		}
		out = append(out, strings.TrimRight(t, " \t\r"))
	}
	return dedent(strings.Join(out, "\n"))
}

// dedent removes the indentation shared by all non-blank lines after the
// first and trims blank lines at both ends.
func dedent(s string) string {
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	common := -1
	for i, ln := range lines {
		if i == 0 || strings.TrimSpace(ln) == "" {
			continue
		}
		ind := len(ln) - len(strings.TrimLeft(ln, " \t"))
		if common < 0 || ind < common {
			common = ind
		}
	}
	for i, ln := range lines {
		if i == 0 {
			lines[i] = strings.TrimSpace(ln)
			continue
		}
		if common > 0 && len(ln) >= common {
			ln = ln[common:]
		}
		lines[i] = strings.TrimRight(ln, " \t\r")
	}
	return strings.Trim(strings.Join(lines, "\n"), "\n ")
}

// countWords counts the words (runs of letters, digits and underscores)
// in spans.
func countWords(src []byte, spans []treenav.Span) int {
	n := 0
	for _, sp := range spans {
		in := false
		b := src[sp.Start:sp.End]
		for i := 0; i < len(b); {
			var w bool
			if c := b[i]; c < utf8.RuneSelf {
				w = asciiWord[c]
				i++
			} else {
				r, size := utf8.DecodeRune(b[i:])
				w = unicode.IsLetter(r) || unicode.IsDigit(r)
				i += size
			}
			if w && !in {
				n++
			}
			in = w
		}
	}
	return n
}

// asciiWord marks the ASCII bytes countWords counts as word characters.
var asciiWord = func() (t [utf8.RuneSelf]bool) {
	for c := range rune(utf8.RuneSelf) {
		t[c] = unicode.IsLetter(c) || unicode.IsDigit(c) || c == '_'
	}
	return t
}()

// blankLines replaces every byte of b[from:to] (none when to <= from) with
// a space but line breaks (\n and \r): a repair or preprocessor blanks
// text this way, so that offsets and line numbers in the tree still hold
// for the original.
func blankLines(b []byte, from, to int) { srctext.BlankLines(b, from, to) }
