package walk

import "strings"

// wildmatch reports whether text matches the glob pattern with git's
// wildmatch rules, which differ from path.Match and doublestar in ways
// that matter for .gitignore fidelity:
//
//   - '\' quotes the next character; a trailing '\' matches nothing;
//   - '[...]' takes '!' or '^' for negation, ranges, '\'-escapes and the
//     POSIX classes [:alpha:] etc.; a ']' right after '[' or '[!' is
//     literal; a malformed class makes the whole pattern fail;
//   - in path mode, '*', '?' and classes never match '/', and '**' is
//     special only as a whole path component ("**/x", "x/**", "a/**/b",
//     where "a/**/b" also matches "a/b"); anywhere else it acts like '*'.
//
// Without path mode (basename patterns) '*' matches anything.
func wildmatch(pattern, text string, pathMode bool) bool {
	return wild(pattern, 0, text, 0, pathMode) == wmMatch
}

type wmResult int

const (
	wmMatch wmResult = iota
	wmNoMatch
	// wmAbortAll: no shorter or longer match of an enclosing '*' can help
	// (the text ran out); wmAbortToStarStar: only an enclosing '**' can
	// still help, because a '*' would have to cross a '/'. Both prune the
	// backtracking search without changing its answer.
	wmAbortAll
	wmAbortToStarStar
)

// wild matches pattern[pi:] against text[ti:]. It keeps the whole pattern
// so that a '**' can tell whether it starts a path component.
func wild(pattern string, pi int, text string, ti int, pathMode bool) wmResult {
	for ; pi < len(pattern); pi, ti = pi+1, ti+1 {
		pc := pattern[pi]
		if ti >= len(text) && pc != '*' {
			return wmAbortAll
		}
		var tc byte
		if ti < len(text) {
			tc = text[ti]
		}
		switch pc {
		case '\\':
			pi++
			if pi >= len(pattern) || pattern[pi] != tc {
				return wmNoMatch
			}
		default:
			if pc != tc {
				return wmNoMatch
			}
		case '?':
			if pathMode && tc == '/' {
				return wmNoMatch
			}
		case '[':
			next, matched, ok := matchClass(pattern, pi, tc)
			if !ok {
				return wmAbortAll
			}
			if !matched || pathMode && tc == '/' {
				return wmNoMatch
			}
			pi = next // the closing ']'; the loop steps past it
		case '*':
			run := pi
			for pi+1 < len(pattern) && pattern[pi+1] == '*' {
				pi++
			}
			pi++ // first byte after the run of stars
			crossSlash := !pathMode
			if pathMode && pi-run >= 2 {
				// "**" spans directories only as a whole component.
				startsComponent := run == 0 || pattern[run-1] == '/'
				endsComponent := pi == len(pattern) || pattern[pi] == '/' ||
					pattern[pi] == '\\' && pi+1 < len(pattern) && pattern[pi+1] == '/'
				if startsComponent && endsComponent {
					// "**/" may match no directory at all: try the rest
					// of the pattern right here first.
					if pi < len(pattern) && pattern[pi] == '/' &&
						wild(pattern, pi+1, text, ti, pathMode) == wmMatch {
						return wmMatch
					}
					crossSlash = true
				}
			}
			if pi == len(pattern) {
				// A trailing '*' takes the rest of one component, a
				// trailing "**" everything.
				if !crossSlash && strings.IndexByte(text[ti:], '/') >= 0 {
					return wmNoMatch
				}
				return wmMatch
			}
			if !crossSlash && pattern[pi] == '/' {
				// "*/" can only end at the next slash of the text.
				slash := strings.IndexByte(text[ti:], '/')
				if slash < 0 {
					return wmNoMatch
				}
				ti += slash
				continue // both '/' are consumed by the loop step
			}
			for ti < len(text) {
				if lit := pattern[pi]; !isGlobSpecial(lit) {
					// The star must swallow everything up to the next
					// occurrence of the literal that follows it.
					for ti < len(text) && (crossSlash || text[ti] != '/') && text[ti] != lit {
						ti++
					}
					if ti >= len(text) || text[ti] != lit {
						return wmNoMatch
					}
				}
				tc = text[ti]
				if r := wild(pattern, pi, text, ti, pathMode); r != wmNoMatch {
					if !crossSlash || r != wmAbortToStarStar {
						return r
					}
				} else if !crossSlash && tc == '/' {
					return wmAbortToStarStar
				}
				ti++
			}
			return wmAbortAll
		}
	}
	if ti < len(text) {
		return wmNoMatch
	}
	return wmMatch
}

func isGlobSpecial(c byte) bool {
	return c == '*' || c == '?' || c == '[' || c == '\\'
}

// matchClass matches byte c against the bracket expression that starts at
// pattern[open] == '['. It returns the index of the closing ']', whether c
// is in the class, and false if the expression is malformed (unclosed, or
// an unknown [:name:]), in which case git fails the whole pattern.
func matchClass(pattern string, open int, c byte) (end int, matched, ok bool) {
	i := open + 1
	if i >= len(pattern) {
		return 0, false, false
	}
	negated := pattern[i] == '!' || pattern[i] == '^'
	if negated {
		i++
	}
	// prev is the previous single character, the start of a possible
	// range; 0 after a range or a [:class:], which cannot start one.
	var prev byte
	for first := true; ; first = false {
		if i >= len(pattern) {
			return 0, false, false
		}
		pc := pattern[i]
		if pc == ']' && !first {
			break
		}
		switch {
		case pc == '\\':
			i++
			if i >= len(pattern) {
				return 0, false, false
			}
			pc = pattern[i]
			if c == pc {
				matched = true
			}
		case pc == '-' && prev != 0 && i+1 < len(pattern) && pattern[i+1] != ']':
			i++
			hi := pattern[i]
			if hi == '\\' {
				i++
				if i >= len(pattern) {
					return 0, false, false
				}
				hi = pattern[i]
			}
			if prev <= c && c <= hi {
				matched = true
			}
			pc = 0
		case pc == '[' && i+1 < len(pattern) && pattern[i+1] == ':':
			name := i + 2
			j := name
			for j < len(pattern) && pattern[j] != ']' {
				j++
			}
			if j >= len(pattern) {
				return 0, false, false
			}
			if j-1 < name || pattern[j-1] != ':' {
				// No ":]": the '[' is an ordinary member.
				if c == '[' {
					matched = true
				}
				break
			}
			in, known := posixClass(pattern[name:j-1], c)
			if !known {
				return 0, false, false
			}
			if in {
				matched = true
			}
			i = j
			pc = 0
		default:
			if c == pc {
				matched = true
			}
		}
		prev = pc
		i++
	}
	return i, matched != negated, true
}

// posixClass reports whether c is in the named POSIX class (ASCII only, as
// git's C locale) and whether the name is known.
func posixClass(name string, c byte) (in, known bool) {
	isUpper := 'A' <= c && c <= 'Z'
	isLower := 'a' <= c && c <= 'z'
	isDigit := '0' <= c && c <= '9'
	isAlpha := isUpper || isLower
	isPrint := 0x20 <= c && c < 0x7f
	isSpace := c == ' ' || '\t' <= c && c <= '\r'
	switch name {
	case "alnum":
		return isAlpha || isDigit, true
	case "alpha":
		return isAlpha, true
	case "blank":
		return c == ' ' || c == '\t', true
	case "cntrl":
		return c < 0x20 || c == 0x7f, true
	case "digit":
		return isDigit, true
	case "graph":
		return isPrint && c != ' ', true
	case "lower":
		return isLower, true
	case "print":
		return isPrint, true
	case "punct":
		return isPrint && c != ' ' && !isAlpha && !isDigit, true
	case "space":
		return isSpace, true
	case "upper":
		return isUpper, true
	case "xdigit":
		return isDigit || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F', true
	}
	return false, false
}
