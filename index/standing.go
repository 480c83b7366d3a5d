package index

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index/analysis"
)

// A document's or a symbol's standing: test code (isTestPath), internal
// or vendored code (isInternalPath), private symbols (isPrivateSymbol) and
// deprecated ones (isDeprecated). The builder records them as hot flags
// (hot.go: buildHot) and view.standing weighs a result by them
// (Ranking.TestWeight, InternalWeight, DeprecatedWeight), in search and in
// find_symbol alike.

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

// The flag is kept in snapshots: a change to what counts as deprecated
// needs a new snapshotVersion, or old snapshots keep the old flags.

// deprecatedPreambleMax bounds how far past a symbol's start its name is
// looked for.
const deprecatedPreambleMax = 2048

// isDeprecated reports whether code symbol n of src is marked deprecated
// in its doc comment or before its name (its first occurrence in the
// symbol's text: a decorator that quotes the name hides what follows).
func isDeprecated(src []byte, n *treenav.Node) bool {
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

// isInternalPath reports whether a path is internal or vendored code: in
// Go's and Java's internal packages (internal/), vendored copies (vendor/,
// vendored/, third_party/, thirdparty/, 3rdparty/), installed
// dependencies (site-packages/, dist-packages/, node_modules/), or a
// directory or file private by Python's convention, a name with one
// leading underscore (pip/_internal/, re/_compiler.py; not __init__.py).
func isInternalPath(p string) bool {
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

// isTestPath reports whether a path is a test file or test data, by the
// conventions of the languages treenav parses: foo_test.go, test_foo.py,
// foo.test.ts, foo.spec.js, FooTest.java, and tests/, test/, testdata/,
// __tests__/ directories.
func isTestPath(p string) bool {
	lp := strings.ToLower(p)
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

// standing is what a node's score is multiplied by for where it stands,
// whatever the query: tests, internal and deprecated code score less, and
// each collection by its weight.
func (v *view) standing(ref nodeRef, r *treenav.Ranking, weights map[string]float64) float64 {
	s := v.segs[ref.seg]
	h := &s.hot[ref.node]
	m := 1.0
	switch {
	case h.flags&hotTest != 0:
		m *= r.TestWeight
	case h.flags&hotInternal != 0:
		m *= r.InternalWeight
	}
	if h.flags&hotDeprecated != 0 {
		m *= r.DeprecatedWeight
	}
	if len(weights) > 0 {
		if w, ok := weights[s.docs[s.norms[ref.node].doc].Collection]; ok {
			m *= w
		}
	}
	return m
}
