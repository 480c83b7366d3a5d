package index

import (
	"bytes"
	"strings"

	"github.com/treenav/treenav"
)

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
