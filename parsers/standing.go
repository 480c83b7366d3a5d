package parsers

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/treenav/treenav"
)

// The standing of a file or a symbol by its languages' conventions: test
// code, internal or vendored code, private and deprecated symbols. The
// index ranks them lower; the API change report leaves them out of the
// public API.

// IsTestPath reports whether a path is a test file or test data, by the
// conventions of the languages treenav parses: foo_test.go, test_foo.py,
// foo.test.ts, foo.spec.js, FooTest.java, and tests/, test/, testdata/,
// __tests__/ directories.
func IsTestPath(p string) bool {
	var buf [256]byte
	return isTestPathLower(p, lowerPath(p, &buf))
}

// isTestPathLower is IsTestPath of p, given lp, p lowercased.
func isTestPathLower(p, lp string) bool {
	for _, dir := range []string{"test/", "tests/", "testdata/", "__tests__/", "testing/fixtures/"} {
		if strings.HasPrefix(lp, dir) || strings.Contains(lp, "/"+dir) {
			return true
		}
	}
	base := lp[strings.LastIndexByte(lp, '/')+1:]
	stem := base
	if i := strings.IndexByte(base, '.'); i > 0 {
		stem = base[:i]
	}
	return strings.HasSuffix(stem, "_test") || strings.HasPrefix(stem, "test_") ||
		strings.Contains(base, ".test.") || strings.Contains(base, ".spec.") ||
		strings.HasSuffix(p[strings.LastIndexByte(p, '/')+1:], "Test.java") || strings.HasSuffix(stem, "_spec")
}

// lowerPath is strings.ToLower(p), in buf when p is ASCII and fits: a
// load asks IsTestPath of every document (23,000 on a 25k-file corpus, a
// third of them with capitals), and the copies were most of its time.
// The string may be a view of buf: the caller keeps nothing of it.
func lowerPath(p string, buf *[256]byte) string {
	upper := false
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c >= utf8.RuneSelf {
			return strings.ToLower(p)
		}
		upper = upper || 'A' <= c && c <= 'Z'
	}
	if !upper {
		return p
	}
	if len(p) > len(buf) {
		return strings.ToLower(p)
	}
	b := buf[:len(p)]
	for i := 0; i < len(p); i++ {
		c := p[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b[i] = c
	}
	return unsafe.String(&b[0], len(b))
}

// IsChangelogPath reports whether a path is a changelog or release notes:
// a prose file (markdown, reStructuredText, AsciiDoc, text, or no
// extension) named CHANGELOG, CHANGES, HISTORY, NEWS, RELEASES or
// RELEASE-NOTES in any case, with a version after a dash
// (CHANGELOG-1.x.md), or any prose file under a changelog/, changelogs/
// or release-notes/ directory. A code file never is (changes.go).
func IsChangelogPath(p string) bool {
	lp := strings.ToLower(p)
	base := lp[strings.LastIndexByte(lp, '/')+1:]
	stem, ext := base, ""
	if i := strings.LastIndexByte(base, '.'); i > 0 {
		stem, ext = base[:i], base[i+1:]
	}
	switch ext {
	case "", "md", "markdown", "rst", "txt", "adoc", "asciidoc":
	default:
		if !strings.HasPrefix(stem, "changelog") { // CHANGELOG-1.x.md: ext "md", stem "changelog-1"
			return false
		}
	}
	if i := strings.IndexByte(base, '.'); i > 0 {
		stem = base[:i]
	}
	for _, dir := range []string{"changelog/", "changelogs/", "release-notes/", "releasenotes/", "release_notes/"} {
		if strings.HasPrefix(lp, dir) || strings.Contains(lp, "/"+dir) {
			return true
		}
	}
	for _, name := range []string{"changelog", "changes", "history", "news", "release-notes", "release_notes", "releasenotes", "releases"} {
		if stem == name {
			return true
		}
		if rest, ok := strings.CutPrefix(stem, name); ok && len(rest) > 1 && (rest[0] == '-' || rest[0] == '_') && (rest[1] >= '0' && rest[1] <= '9' || rest[1] == 'v') {
			return true
		}
	}
	return false
}

// IsInternalPath reports whether a path is internal or vendored code: under
// internal/, vendor/, third_party/, site-packages/, node_modules/ and the
// like, or under a directory named _like_this (Python's private packages).
func IsInternalPath(p string) bool {
	for {
		i := strings.IndexByte(p, '/')
		elem := p
		if i >= 0 {
			elem = p[:i]
		}
		if len(elem) > 1 && elem[0] == '_' && elem[1] != '_' {
			return true
		}
		if i < 0 {
			return false // the file name
		}
		switch strings.ToLower(elem) {
		case "internal", "vendor", "vendored", "third_party", "thirdparty", "3rdparty",
			"site-packages", "dist-packages", "node_modules":
			return true
		}
		p = p[i+1:]
	}
}

// IsPrivate reports whether a code symbol is private by its language's
// rules: Go's unexported names (a lowercase name, or a method of an
// unexported type: subFS.ReadFile), Python's _names (dunders like __init__
// aside), members declared private in Java, Kotlin, Scala, C#, PHP, Swift,
// TypeScript and JavaScript (#name), and C and C++'s reserved identifiers
// (__name, _Name). Other languages' symbols are never taken for private.
// qualified is the symbol's qualified name without a "~N" suffix.
func IsPrivate(lang string, kind treenav.Kind, name, qualified, signature string) bool {
	switch kind {
	case treenav.KindFile, treenav.KindSection, treenav.KindCode:
		return false
	}
	if name == "" {
		return false
	}
	qn := qualified
	if qn == "" || strings.IndexByte(qn, '/') >= 0 {
		qn = name // a symbol of a markdown code block: its anchor is a path
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
		if strings.HasPrefix(name, "#") {
			return true
		}
		return hasWord(signature, "private")
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
		before := j == 0 || !isWordByte(s[j-1])
		after := j+len(w) == len(s) || !isWordByte(s[j+len(w)])
		if before && after {
			return true
		}
		i = j + len(w)
	}
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// deprecationMarks are the ways languages mark a symbol deprecated, as
// written in its doc comment or in the annotations, attributes and
// decorators before its name: Go's "Deprecated:" paragraph (goDeprecated), JSDoc,
// Javadoc and PHPDoc's @deprecated, Java's and Kotlin's @Deprecated,
// Rust's #[deprecated], C++'s [[deprecated]] and GCC's attribute, C#'s
// [Obsolete], Swift's @available(*, deprecated), and Python's
// @deprecated decorator (PEP 702). A docstring (Node.Doc) is read too
// (docDeprecated).
var deprecationMarks = [][]byte{
	[]byte("@deprecated"), []byte("@Deprecated"),
	[]byte("#[deprecated"), []byte("[[deprecated"), []byte("__attribute__((deprecated"),
	[]byte("[Obsolete"), []byte("*, deprecated"),
}

// The flag is kept in the index's snapshots: a change to what counts as
// deprecated needs a new snapshot version, or old snapshots keep the old
// flags.

// deprecatedPreambleMax bounds how far past a symbol's start its name is
// looked for.
const deprecatedPreambleMax = 2048

// IsDeprecated reports whether code symbol n of src is marked deprecated
// in its doc comment or before its name (its first occurrence in the
// symbol's text: a decorator that quotes the name hides what follows).
func IsDeprecated(src []byte, n *treenav.Node) bool {
	if n.Kind == treenav.KindFile || n.Kind == treenav.KindSection || n.Kind == treenav.KindCode || n.Name == "" {
		return false
	}
	if docDeprecated(n) {
		return true
	}
	start, end := int(n.ContentStart()), int(n.ByteStart)
	if start > end || end > len(src) {
		return false
	}
	// The annotations, attributes and decorators a symbol's range begins
	// with end at its name.
	head := src[end:min(len(src), int(n.ByteEnd), end+deprecatedPreambleMax)]
	if i := bytes.Index(head, []byte(n.Name)); i > 0 {
		end += i
	}
	pre := src[start:end]
	// Every mark but C#'s contains this: most symbols take two scans.
	if !bytes.Contains(pre, []byte("eprecated")) && !bytes.Contains(pre, []byte("[Obsolete")) {
		return false
	}
	for _, m := range deprecationMarks {
		if bytes.Contains(pre, m) {
			return true
		}
	}
	return goDeprecated(pre)
}

// goDeprecated reports whether a comment has a line starting
// "Deprecated:" (Go's convention; a mention inside a sentence is none).
func goDeprecated(comment []byte) bool {
	mark := []byte("Deprecated:")
	for i := 0; ; {
		j := bytes.Index(comment[i:], mark)
		if j < 0 {
			return false
		}
		j += i
		k := j
		for k > 0 && bytes.IndexByte([]byte(" \t/*#!"), comment[k-1]) >= 0 {
			k--
		}
		if k == 0 || comment[k-1] == '\n' {
			return true
		}
		i = j + len(mark)
	}
}

// docDeprecated reports whether a symbol's docstring says it is
// deprecated: Sphinx's ".. deprecated::" directive, a line starting
// "Deprecated:", or a first word "Deprecated" or "DEPRECATED"
// ("Deprecated API.", "Deprecated since Python 3.10.") that is not the
// symbol's own name.
func docDeprecated(n *treenav.Node) bool {
	doc := n.Doc
	if doc == "" || !strings.Contains(doc, "eprecated") && !strings.Contains(doc, "DEPRECATED") {
		return false
	}
	if strings.Contains(doc, ".. deprecated::") || goDeprecated([]byte(doc)) {
		return true
	}
	first, _, _ := strings.Cut(strings.TrimSpace(doc), " ")
	first = strings.TrimRight(first, ".,:;!")
	return (first == "Deprecated" || first == "DEPRECATED") && !strings.EqualFold(n.Name, first)
}
