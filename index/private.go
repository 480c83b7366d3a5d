package index

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index/analysis"
)

// isPrivateSymbol reports whether a code symbol is private by its
// language's rules, so that search and find_symbol rank it like internal
// code (Ranking.InternalWeight): Go's unexported names (a lowercase name,
// or a method of an unexported type: subFS.ReadFile), Python's _names
// (dunders like __init__ aside), and members declared private in Java,
// Kotlin, Scala, C#, PHP, Swift, TypeScript and JavaScript (#name), and
// C and C++'s reserved identifiers (__name, _Name).
// Other languages' symbols are never taken for private.
func isPrivateSymbol(lang string, n *nodeMeta) bool {
	switch n.kind {
	case treenav.KindFile, treenav.KindSection, treenav.KindCode:
		return false
	}
	if n.name == "" {
		return false
	}
	qn := qualifiedName(n)
	if qn == "" || strings.IndexByte(qn, '/') >= 0 {
		qn = n.name // a symbol of a markdown code block: its anchor is a path
	}
	switch lang {
	case "go":
		for part := range strings.SplitSeq(qn, ".") {
			if r, _ := utf8.DecodeRuneInString(part); part != "" && !unicode.IsUpper(r) {
				return true
			}
		}
	case "python":
		for part := range strings.SplitSeq(qn, ".") {
			dunder := strings.HasPrefix(part, "__") && strings.HasSuffix(part, "__")
			if len(part) > 1 && part[0] == '_' && !dunder {
				return true
			}
		}
	case "c", "cpp":
		// Reserved identifiers, which only the implementation uses:
		// "__" or "_" and a capital begin them (libstdc++'s
		// __gnu_debug and __detail namespaces, _M_impl, the kernel's
		// __do_fault).
		for part := range strings.SplitSeq(qn, ".") {
			if strings.HasPrefix(part, "__") || len(part) > 1 && part[0] == '_' && 'A' <= part[1] && part[1] <= 'Z' {
				return true
			}
		}
	case "java", "kotlin", "scala", "csharp", "php", "swift", "typescript", "javascript":
		if strings.HasPrefix(n.name, "#") {
			return true
		}
		return hasWord(n.signature, "private")
	}
	return false
}

// hasWord reports whether w occurs in s as a whole word.
func hasWord(s, w string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return false
		}
		j += i
		before := j == 0 || !analysis.IsWordByte(s[j-1])
		after := j+len(w) == len(s) || !analysis.IsWordByte(s[j+len(w)])
		if before && after {
			return true
		}
		i = j + len(w)
	}
}
