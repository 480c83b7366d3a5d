package cpre

import (
	"strings"

	"github.com/treenav/treenav/parsers/code/internal/srctext"
)

// A small C/C++ lexer for the preprocessing step (cmacro.go,
// cpreproc.go): identifiers, literals and punctuation with their lines,
// and the preprocessor lines, which it keeps apart. It does not expand or
// evaluate anything.

type tokKind uint8

const (
	tokIdent tokKind = iota
	tokPunct
	tokLiteral
)

type ctok struct {
	start, end uint32
	line       uint32
	kind       tokKind
}

// lexC splits C/C++ source into identifiers, literals and punctuation,
// skipping comments and preprocessor lines. "::", "->" and "[[" are single
// tokens; everything else is one character of punctuation.
func lexC(src []byte) ([]ctok, []cdirective, []blankRange) {
	toks := make([]ctok, 0, len(src)/5)
	var dirs []cdirective
	var dirComments []blankRange
	line := uint32(0)
	lineStart := true // only whitespace since the last newline
	n := len(src)
	for i := 0; i < n; {
		c := src[i]
		switch {
		case c == '\n':
			line++
			lineStart = true
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
			continue
		case c == '\\' && i+1 < n && (src[i+1] == '\n' || src[i+1] == '\r'):
			i++
			continue
		case c == '/' && i+1 < n && src[i+1] == '/':
			for i < n && src[i] != '\n' {
				i++
			}
			continue
		case c == '/' && i+1 < n && src[i+1] == '*':
			i += 2
			for i < n && !(src[i] == '*' && i+1 < n && src[i+1] == '/') {
				if src[i] == '\n' {
					line++
				}
				i++
			}
			i += 2
			continue
		case c == '#' && lineStart:
			// A directive runs to the end of the line, continuations and
			// block comments included.
			start := i
			for i < n && src[i] != '\n' {
				switch {
				case src[i] == '\\' && i+1 < n && src[i+1] == '\n':
					line++
					i += 2
					continue
				case src[i] == '\\' && i+2 < n && src[i+1] == '\r' && src[i+2] == '\n':
					line++
					i += 3
					continue
				case src[i] == '/' && i+1 < n && src[i+1] == '*':
					cs, nl := i, false
					i += 2
					for i < n && !(src[i] == '*' && i+1 < n && src[i+1] == '/') {
						if src[i] == '\n' {
							line++
							nl = true
						}
						i++
					}
					i += 2
					if !nl && i <= n {
						// The grammar loses a #define whose body holds a
						// comment before a line continuation.
						dirComments = append(dirComments, blankRange{start: uint32(cs), end: uint32(i)})
					}
					continue
				}
				i++
			}
			end := min(i, n)
			dirs = append(dirs, cdirective{start: uint32(start), end: uint32(end), tok: len(toks), kind: DirectiveKind(src[start:end])})
			continue
		}
		lineStart = false
		start := i
		switch {
		case isIdentStart(c):
			for i < n && srctext.IsIdentByte(src[i]) {
				i++
			}
			// String prefixes: R"(...)", u8"...", L'x'.
			if i < n && (src[i] == '"' || src[i] == '\'') && isStringPrefix(string(src[start:i])) {
				i = skipLiteral(src, start, i, &line)
				toks = append(toks, ctok{uint32(start), uint32(i), line, tokLiteral})
				continue
			}
			toks = append(toks, ctok{uint32(start), uint32(i), line, tokIdent})
		case c >= '0' && c <= '9' || c == '.' && i+1 < n && src[i+1] >= '0' && src[i+1] <= '9':
			i++
			for i < n && (srctext.IsIdentByte(src[i]) || src[i] == '.' || src[i] == '\'' && i+1 < n && srctext.IsIdentByte(src[i+1])) {
				i++
			}
			toks = append(toks, ctok{uint32(start), uint32(i), line, tokLiteral})
		case c == '"' || c == '\'':
			tl := line
			i = skipLiteral(src, start, i, &line)
			toks = append(toks, ctok{uint32(start), uint32(i), tl, tokLiteral})
		default:
			i++
			if i < n && (c == ':' && src[i] == ':' || c == '-' && src[i] == '>' || c == '[' && src[i] == '[') {
				i++
			}
			toks = append(toks, ctok{uint32(start), uint32(i), line, tokPunct})
		}
	}
	return toks, dirs, dirComments
}

func isIdentStart(c byte) bool { return srctext.IsLetter(c) || c == '$' || c >= 0x80 }

func isStringPrefix(p string) bool {
	switch p {
	case "L", "u", "U", "u8", "R", "LR", "uR", "UR", "u8R":
		return true
	}
	return false
}

// skipLiteral returns the end of the string or character literal whose
// quote is at q (its prefix starts at start), counting newlines in raw
// strings.
func skipLiteral(src []byte, start, q int, line *uint32) int {
	n := len(src)
	quote := src[q]
	if quote == '"' && q > start && src[q-1] == 'R' {
		// Raw string: R"delim( ... )delim"
		open := q + 1
		j := open
		for j < n && src[j] != '(' && src[j] != '\n' && j-open < 16 {
			j++
		}
		if j < n && src[j] == '(' {
			closing := ")" + string(src[open:j]) + "\""
			k := strings.Index(string(src[j:]), closing)
			if k >= 0 {
				end := j + k + len(closing)
				for _, b := range src[q:end] {
					if b == '\n' {
						*line++
					}
				}
				return end
			}
		}
	}
	i := q + 1
	for i < n && src[i] != quote && src[i] != '\n' {
		if src[i] == '\\' && i+1 < n {
			i++
		}
		i++
	}
	if i < n && src[i] == quote {
		i++
	}
	return i
}

// Directive is one preprocessor line of a file: its bytes and what it does
// to the conditional groups.
type Directive struct {
	Start, End uint32
	Kind       DirKind
}

// Directives lists src's preprocessor lines, outside comments and strings,
// in order.
func Directives(src []byte) []Directive {
	_, dirs, _ := lexC(src)
	out := make([]Directive, len(dirs))
	for i, d := range dirs {
		out[i] = Directive{Start: d.start, End: d.end, Kind: d.kind}
	}
	return out
}
