// Package srctext holds the byte-level tests and edits of source text that
// both the extractor (parsers/code) and the C-family preprocessor
// (internal/cpre) use, written once.
package srctext

// IsLetter reports whether b can start an identifier in the C family's
// ASCII range: a letter or '_'.
func IsLetter(b byte) bool { return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

// IsIdentByte reports whether c can continue an identifier: a letter, a
// digit, '_', '$' or any byte of a multi-byte UTF-8 character.
func IsIdentByte(c byte) bool {
	return IsLetter(c) || c >= '0' && c <= '9' || c == '$' || c >= 0x80
}

// BlankLines replaces b[from:to] with spaces, keeping line breaks, so that
// offsets and line numbers stay as they were.
func BlankLines(b []byte, from, to int) {
	for i := from; i < to; i++ {
		if b[i] != '\n' && b[i] != '\r' {
			b[i] = ' '
		}
	}
}

// IsAllCaps reports whether s reads as a macro's name: upper-case letters,
// digits and '_', at least one letter, two bytes or more, and not NULL.
func IsAllCaps(s []byte) bool {
	upper := false
	for _, c := range s {
		switch {
		case c >= 'A' && c <= 'Z':
			upper = true
		case c == '_' || c >= '0' && c <= '9':
		default:
			return false
		}
	}
	return upper && len(s) > 1 && string(s) != "NULL"
}
