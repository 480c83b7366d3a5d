package code

import (
	"bytes"
	"regexp"

	sitter "github.com/smacker/go-tree-sitter"
)

// phpRepair mends enums that hold constants or use traits. The bundled
// grammar (tree-sitter-php 0.22) knows only cases and methods in an enum
// body: at the first "const" it closes the enum, and the constants and
// every method after them fall out of it as top-level functions. The hook
// rewrites, inside each enum body, "public const int X = 1;" as "case X =
// 1;" in place (modifiers and type blanked, "const" becoming "case ", so
// the name keeps its offset) and blanks "use Trait;" statements. phpFixup
// reads the original text and makes those cases constants again.
func phpRepair(src []byte, _ *sitter.Node) []byte {
	// Found by text: error recovery may leave no enum_declaration node
	// (a "use" first in the body turns the whole enum into an ERROR).
	locs := phpEnumStart.FindAllIndex(src, -1)
	if locs == nil {
		return nil
	}
	out := append([]byte(nil), src...)
	for _, l := range locs {
		phpMendEnum(out, l[1]-1)
	}
	if bytes.Equal(out, src) {
		return nil
	}
	return out
}

// phpEnumStart matches an enum declaration up to the "{" of its body.
var phpEnumStart = regexp.MustCompile(`(?m)^[ \t]*enum[ \t]+[A-Za-z_\x80-\xff][\w\x80-\xff]*[^{;]*\{`)

// phpMendEnum rewrites the members of the enum body whose "{" is at open.
func phpMendEnum(b []byte, open int) {
	if open >= len(b) || b[open] != '{' {
		return
	}
	depth := 0
	stmt := true // at the start of a member
	for i := open; i < len(b); i++ {
		c := b[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			continue
		case c == '\'' || c == '"':
			i = phpSkipString(b, i)
			stmt = false
			continue
		case c == '/' && i+1 < len(b) && b[i+1] == '/', c == '#' && (i+1 >= len(b) || b[i+1] != '['):
			for i < len(b) && b[i] != '\n' {
				i++
			}
			continue
		case c == '/' && i+1 < len(b) && b[i+1] == '*':
			if end := bytes.Index(b[i+2:], []byte("*/")); end >= 0 {
				i += end + 3
			} else {
				i = len(b)
			}
			continue
		case c == '{':
			depth++
			stmt = depth == 1
			continue
		case c == '}':
			depth--
			if depth == 0 {
				return
			}
			stmt = depth == 1
			continue
		case c == ';':
			stmt = depth == 1
			continue
		}
		if stmt && depth == 1 {
			i = phpMendMember(b, i)
		}
		stmt = false
	}
}

// phpMendMember rewrites the member starting at i if it is a constant or a
// trait use, and returns the index of its last byte (or i).
func phpMendMember(b []byte, i int) int {
	j := i
	var mods []int // starts of modifier words
	for {
		w := phpWord(b, j)
		switch string(b[j : j+w]) {
		case "final", "public", "protected", "private":
			mods = append(mods, j)
			j = phpSkipSpace(b, j+w)
			continue
		case "const":
			for _, m := range mods {
				phpBlank(b, m, m+phpWord(b, m))
			}
			copy(b[j:], "case ")
			k := phpSkipSpace(b, j+w)
			// "const TYPE NAME =": blank the type.
			t := k
			for t < len(b) && (phpWordByte(b[t]) || bytes.IndexByte([]byte(`\?|&()`), b[t]) >= 0) {
				t++
			}
			if u := phpSkipSpace(b, t); u < len(b) && u > t && phpWordByte(b[u]) {
				phpBlank(b, k, t)
			}
			return j + w - 1
		case "use":
			if len(mods) > 0 {
				return i
			}
			end := j
			for end < len(b) && b[end] != ';' && b[end] != '{' {
				end++
			}
			if end < len(b) && b[end] == '{' {
				if c := bytes.IndexByte(b[end:], '}'); c >= 0 {
					end += c
				}
			}
			if end >= len(b) {
				return i
			}
			phpBlank(b, j, end+1)
			return end
		}
		return i
	}
}

func phpWord(b []byte, i int) int {
	n := 0
	for i+n < len(b) && phpWordByte(b[i+n]) {
		n++
	}
	return n
}

func phpSkipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// phpSkipString returns the index of the quote that closes the string
// opening at i.
func phpSkipString(b []byte, i int) int {
	q := b[i]
	for i++; i < len(b); i++ {
		if b[i] == '\\' {
			i++
			continue
		}
		if b[i] == q {
			return i
		}
	}
	return len(b) - 1
}

func phpWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// phpBlank replaces b[from:to] with spaces, keeping newlines.
func phpBlank(b []byte, from, to int) {
	for k := from; k < to && k < len(b); k++ {
		if b[k] != '\n' {
			b[k] = ' '
		}
	}
}
