package treenav

import "strings"

// RefKind says how a reference uses what it names.
type RefKind string

// The reference kinds: the tree-sitter captures @reference.<kind>, and doc
// for a mention in prose or a comment.
const (
	RefCall    RefKind = "call"
	RefType    RefKind = "type"
	RefImport  RefKind = "import"
	RefInherit RefKind = "inherit"
	RefRead    RefKind = "read"
	RefWrite   RefKind = "write"
	RefOther   RefKind = "other"
	RefDoc     RefKind = "doc"
)

// RefKinds lists the reference kinds in the order answers count them.
var RefKinds = []RefKind{RefCall, RefType, RefImport, RefInherit, RefRead, RefWrite, RefOther, RefDoc}

// Confidence is how sure a reference's resolution is.
type Confidence string

// The confidence levels of a reference.
const (
	// Resolved: the reference names exactly one definition.
	Resolved Confidence = "resolved"
	// Ambiguous: several definitions fit; all are candidates.
	Ambiguous Confidence = "ambiguous"
	// Textual: the name only (a comment, a string, prose, or a use the
	// resolver could not tie to a definition).
	Textual Confidence = "textual"
)

// Reference is one occurrence of a name in a document that may refer to a
// top-level or member definition. Parsers record what the file alone tells
// (the name, its qualifier as written, what scope analysis knows of the
// qualifier's type); the index resolves it at query time against the
// definitions it holds and the file's imports, so that an answer after
// any sequence of edits equals a fresh build's.
type Reference struct {
	Name string
	// Qualifier is the expression before the name as written ("http" in
	// http.Get, "s.srv" in s.srv.Close), "" when unqualified.
	Qualifier string
	// QualType is the qualifier's type as far as the file tells; "" when
	// unknown or unqualified. Its grammar, read by the resolver of the
	// document's language:
	//
	//	T          a named type of the file's own package or module
	//	q.T        a named type reached through the import bound to q
	//	@F, @q.F   the result of calling the function F (its declared result)
	//	X>f        the type of member f (a field, or a method's result) of X
	QualType string
	Kind     RefKind
	// Textual marks a mention that is a name only: in a comment, a string
	// or prose.
	Textual bool
	// Line is 1-based; Column is the 1-based byte column of the name.
	Line, Column int
	// Byte is the name's byte offset in the file.
	Byte uint32
	// Enclosing is the index in Document.Nodes of the innermost symbol or
	// section that holds the reference (0: the file's root).
	Enclosing int
}

// Import is one import of a file: the path as written (without quotes) and
// the name it is bound to ("" for the language's default, "." or "_" in
// Go where written).
type Import struct {
	Path  string
	Alias string
	Line  int
	// Name is the member an import takes from its module ("foo" in
	// Python's "from m import foo", "a" in ES "import {a as b}", "default"
	// for an ES default import, "*" for all of it), "" when the module
	// itself is bound. Export marks an ES re-export (export {a} from 'm',
	// export * from 'm'; Alias "=" with Name X: module.exports = X);
	// Static a Java static import. Pattern marks an ES binding taken by
	// destructuring a require()'s value (const {a: b} = require('m')):
	// a variable of its own, not an alias of the module's a.
	Name    string
	Export  bool
	Static  bool
	Pattern bool
}

// GoImportName guesses the name an unaliased import binds: the package
// name is usually the path's last element, without a major version
// element, a "go-" prefix or a ".vN"/"-go" suffix.
func GoImportName(path string) string {
	elems := strings.Split(path, "/")
	last := elems[len(elems)-1]
	if len(elems) > 1 && len(last) > 1 && last[0] == 'v' && strings.Trim(last[1:], "0123456789") == "" {
		last = elems[len(elems)-2]
	}
	last = strings.TrimPrefix(last, "go-")
	last = strings.TrimSuffix(last, "-go")
	if i := strings.Index(last, ".v"); i > 0 {
		last = last[:i]
	}
	return strings.ReplaceAll(last, "-", "_")
}
