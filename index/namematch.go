package index

import (
	"strings"
	"unicode/utf8"

	"github.com/treenav/treenav"
)

// nameMatch is how well the query names node n, for the name-match bonus:
//
//   - 1: a symbol's name or qualified name as typed, or with "::" or "#"
//     as dots, whole or its end ("std::vector::push_back",
//     "vector::push_back"); its module-qualified name (dotted:
//     "json.Marshal" for Marshal in encoding/json/, see
//     moduleQualified), also with a space for the dot when the name has
//     a capital as typed ("rand IntN" for IntN in math/rand/v2/, not
//     Intn); a heading's words; a document's path or a final part of it
//     ("server.go", "http/server.go", see fileNamed).
//   - 0.5: the same up to case or separators ("read file" for ReadFile,
//     "server.shutdown", "Path read_text" for Path.read_text, see
//     qualifiedEnd), also after module words ("utf8 decode rune" for
//     DecodeRune in unicode/utf8/, see moduleWords); the last part of a
//     dotted query, as typed, under a qualifier the symbol's path does
//     not show ("os.path.join" for posixpath.join: os.path is an
//     alias).
//   - 0.25: a symbol's name that is the query without one of its inner
//     words or its last ("read entire file" for ReadFile, "parse
//     duration string" for ParseDuration, see gappedName).
//   - 0 otherwise.
//
// Search calls it only for the candidates whose name signatures pass
// querySigs.mayMatch.
func nameMatch(n nodeMeta, docPath, lang, docModule, raw, dotted, key, title string) float64 {
	if n.kind() == treenav.KindFile {
		return fileNamed(docPath, strings.TrimSpace(raw))
	}
	if n.kind() == treenav.KindSection {
		if title != "" && headingWords(n.title()) == title {
			return 1
		}
		return 0
	}
	if n.name() == "" || key == "" || n.kind() == treenav.KindFile {
		return 0
	}
	raw = strings.TrimSpace(raw)
	if raw == n.name() || strings.IndexByte(raw, '.') >= 0 && raw == qualifiedName(n) {
		return 1
	}
	if raw == key && strings.EqualFold(raw, n.name()) {
		// A query in lowercase says no case: "sleep" names time.Sleep
		// as much as runtime's sleep (then public code comes first).
		return 1
	}
	if dotted != "" {
		// A qualified name or its end, as Symbols reads it:
		// "std::vector::push_back", "vector::push_back" for
		// std.vector.push_back.
		qn := qualifiedName(n)
		if strings.HasSuffix(dotted, "."+n.name()) && (qn == dotted ||
			len(qn) > len(dotted) && qn[len(qn)-len(dotted)-1] == '.' && strings.HasSuffix(qn, dotted)) {
			return 1
		}
		if moduleQualified(dotted, qn, docPath, lang, docModule, false) {
			return 1
		} else if moduleQualified(dotted, qn, docPath, lang, docModule, true) {
			return 0.5
		}
	}
	if equalFoldWithout(n.name(), key, "_") {
		return 0.5
	}
	if len(n.name()) < len(key) {
		if qn := qualifiedName(n); len(qn) > len(key) && equalFoldWithout(qn, key, ".") {
			return 0.5
		}
		if moduleWords(n, docPath, lang, docModule, title) {
			if strings.HasSuffix(raw, " "+n.name()) && n.name() != strings.ToLower(n.name()) {
				// The module, then the name as code spells it: "rand
				// IntN" says rand.IntN, not rand.Intn.
				return 1
			}
			return 0.5
		}
		if qualifiedEnd(n, key, title) {
			return 0.5
		}
	}
	if dotted != "" && strings.HasSuffix(dotted, "."+n.name()) && !fileExtension(n.name()) {
		// The name, under a qualifier the path does not show:
		// "os.path.join" for posixpath.join (os.path is an alias).
		// ("package.json" names a file, not a json method.)
		return 0.5
	}
	if gappedName(n.name(), title) {
		return 0.25
	}
	return 0
}

// gappedName reports whether a symbol's name is a query of three or four
// words without one of its inner words or its last one, up to case and
// underscores: "read entire file" for ReadFile, "parse duration string"
// for ParseDuration ("parse query string" for parse_qs is not: only
// whole words count). An agent describes what a function does and the
// name keeps the gist; the symbol then outranks text that merely has
// every word somewhere. (Without its first word the query would name
// the object the function acts on: "parse duration string" is no
// DurationString.)
func gappedName(name, title string) bool {
	if name == "" {
		return false
	}
	sig := nameSig(name)
	return eachGapped(title, func(rest string) bool {
		// Compared as the name filter does too (nameSig), so that the
		// filter passes every name this accepts.
		return wordsSig(rest) == sig && cutLowerEqual(name, strings.ReplaceAll(rest, " ", ""))
	})
}

// qualifiedEnd reports whether the query's words name a symbol by the end
// of its qualified name, up to case, dots and underscores: "Path
// read_text" for Path.read_text, "vector push_back" for
// std.vector.push_back. The symbol's name must be the query's last one to
// three words (what the name filter's word signatures pass).
func qualifiedEnd(n nodeMeta, key, title string) bool {
	if strings.IndexByte(title, ' ') < 0 {
		return false
	}
	// Aligned as the name filter compares (nameSig: case, '_' and '.'
	// aside), so that the filter passes every node this accepts.
	name := nameSig(n.name())
	aligned := false
	for k, i := 1, len(title); k <= 3 && !aligned; k++ {
		if i = strings.LastIndexByte(title[:i], ' '); i < 0 {
			break
		}
		aligned = wordsSig(title[i+1:]) == name
	}
	if !aligned {
		return false
	}
	for s := qualifiedName(n); ; {
		if len(s) > len(n.name()) && cutLowerEqual(s, key) {
			return true
		}
		i := strings.IndexByte(s, '.')
		if i < 0 {
			return false
		}
		s = s[i+1:]
	}
}

// cutLowerEqual reports whether s without dots and underscores,
// lowercased, is key: how a query's words run together
// (query.identifier) compare with names.
func cutLowerEqual(s, key string) bool {
	j := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			r := strings.NewReplacer(".", "", "_", "")
			return strings.ToLower(r.Replace(s)) == key
		}
		if c == '.' || c == '_' {
			continue
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if j >= len(key) || key[j] != c {
			return false
		}
		j++
	}
	return j == len(key)
}

// equalFoldWithout reports whether s with every cut removed has key's
// length in bytes and equals it up to case.
func equalFoldWithout(s, key, cut string) bool {
	if len(s) < len(key) {
		return false // cutting only shortens s
	}
	c := strings.Count(s, cut)
	if len(s)-c*len(cut) != len(key) {
		return false
	}
	if c > 0 {
		s = strings.ReplaceAll(s, cut, "")
	}
	return strings.EqualFold(s, key)
}
