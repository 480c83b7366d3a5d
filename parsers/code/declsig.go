package code

import (
	"bytes"
	"strings"
)

// declarationSignature is the signature of a declaration without a body
// (a variable, a field, a constant): its text, whitespace collapsed, cut
// after the first line when the value runs on ("TABLE = { …"), so that a
// long literal or an anonymous class does not become the signature.
func declarationSignature(b []byte) string {
	b = bytes.TrimSpace(b)
	more := false
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		b, more = b[:i], true
	}
	s := strings.Join(strings.Fields(string(b)), " ")
	s = strings.TrimSpace(strings.TrimSuffix(s, ";"))
	if more {
		s += " …"
	}
	if len(s) > maxSignature {
		return signature([]byte(s))
	}
	return s
}

// tidySignature drops the spaces that collapsing a multi-line parameter
// list leaves inside brackets: "f( a, b, )" becomes "f(a, b,)". Text in
// string and character literals is left alone.
func tidySignature(s string) string {
	if !strings.ContainsAny(s, "([<") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' && i+1 < len(s) {
				b.WriteByte(c)
				i++
				c = s[i]
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == ' ' && i > 0 && (s[i-1] == '(' || s[i-1] == '['):
			continue
		case c == ' ' && i+1 < len(s) && (s[i+1] == ')' || s[i+1] == ']'):
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}
