package walk

import (
	"bytes"
	"strings"
)

// pattern is one line of an ignore file, parsed with gitignore(5) rules.
type pattern struct {
	text     string // the glob, without '!', a leading '/' or a trailing '/'
	negate   bool   // "!x": re-include what an earlier line excluded
	dirOnly  bool   // "x/": matches directories only
	basename bool   // no '/' inside: matches the last path component at any depth
	literal  bool   // no glob characters: compared as a string
	prefix   int    // length of the literal start of text, before any glob character
	suffix   string // for "*literal" basename patterns, the literal
	line     int    // 1-based line in its file, for explanations
}

// parseIgnore parses the content of a .gitignore-style file. It follows
// git's reader: a UTF-8 byte order mark is skipped, "\r\n" ends a line like
// "\n", blank lines and lines starting with '#' are skipped, and trailing
// spaces are dropped unless escaped with '\'.
func parseIgnore(data []byte) []pattern {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	var pats []pattern
	for n := 1; len(data) > 0; n++ {
		var line []byte
		line, data, _ = bytes.Cut(data, []byte("\n"))
		line = bytes.TrimSuffix(line, []byte("\r"))
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		if p, ok := parsePattern(trimTrailingSpaces(string(line))); ok {
			p.line = n
			pats = append(pats, p)
		}
	}
	return pats
}

// trimTrailingSpaces drops unescaped trailing spaces (not tabs: git keeps
// them). "a\ " keeps its escaped space; a final lone '\' keeps everything.
func trimTrailingSpaces(s string) string {
	cut := -1
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ':
			if cut < 0 {
				cut = i
			}
		case '\\':
			i++
			if i >= len(s) {
				return s
			}
			cut = -1
		default:
			cut = -1
		}
	}
	if cut >= 0 {
		return s[:cut]
	}
	return s
}

// parsePattern parses one non-comment line. A leading '\' before '!' or
// '#' is left in the glob, where it quotes the character.
func parsePattern(s string) (pattern, bool) {
	var p pattern
	if strings.HasPrefix(s, "!") {
		p.negate = true
		s = s[1:]
	}
	if strings.HasSuffix(s, "/") {
		p.dirOnly = true
		s = s[:len(s)-1]
	}
	if s == "" {
		return p, false // "/", "!" and "!/" match nothing
	}
	// A slash anywhere but at the end anchors the pattern to the
	// directory of its file; a leading one only says so.
	p.basename = !strings.Contains(s, "/")
	s = strings.TrimPrefix(s, "/")
	p.text = s
	p.prefix = strings.IndexAny(s, `*?[\`)
	p.literal = p.prefix < 0
	if p.literal {
		p.prefix = len(s)
	}
	if p.basename && len(s) > 1 && s[0] == '*' && !strings.ContainsAny(s[1:], `*?[\`) {
		p.suffix = s[1:]
	}
	return p, true
}

// match reports whether the pattern matches path, given relative to the
// directory of the pattern's file, with name its last component.
func (p *pattern) match(path, name string, isDir bool) bool {
	if p.dirOnly && !isDir {
		return false
	}
	if p.basename {
		switch {
		case p.literal:
			return name == p.text
		case p.suffix != "":
			return strings.HasSuffix(name, p.suffix)
		}
		return wildmatch(p.text, name, false)
	}
	if p.literal {
		return path == p.text
	}
	// Like git, compare the literal start, then glob the rest on its own.
	// This is not just an optimization: the rest starts a new pattern,
	// so in "/a**" the "**" counts as a whole component and matches
	// "ab/c", where wildmatch("a**", "ab/c") alone would not.
	if len(path) < p.prefix || path[:p.prefix] != p.text[:p.prefix] {
		return false
	}
	return wildmatch(p.text[p.prefix:], path[p.prefix:], true)
}

// lastMatch returns the last pattern of pats matching path, or nil: in an
// ignore file the last matching line decides.
func lastMatch(pats []pattern, path, name string, isDir bool) *pattern {
	for i := len(pats) - 1; i >= 0; i-- {
		if pats[i].match(path, name, isDir) {
			return &pats[i]
		}
	}
	return nil
}
