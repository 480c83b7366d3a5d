// Package treenav holds the model shared by every part of treenav: a
// Document is one file (source code or markdown) made of a tree of Nodes
// (file → class → method; page → section → subsection). Parsers produce
// Documents, the index consumes them, and the MCP server and the CLI present
// them. Keeping the model here means every other package imports it from one
// obvious place.
package treenav

import "strings"

// ContentType says whether a document is prose or source code.
type ContentType string

// Content types.
const (
	ContentMarkdown ContentType = "markdown"
	ContentCode     ContentType = "code"
)

// Kind is a node's kind, from one vocabulary shared by every language.
type Kind string

// The kind vocabulary. Code symbols use the first group; markdown uses
// KindSection and KindCode; every document has one KindFile root.
const (
	KindClass       Kind = "class"
	KindInterface   Kind = "interface"
	KindStruct      Kind = "struct"
	KindEnum        Kind = "enum"
	KindTrait       Kind = "trait"
	KindType        Kind = "type"
	KindUnion       Kind = "union"
	KindRecord      Kind = "record"
	KindFunction    Kind = "function"
	KindMethod      Kind = "method"
	KindConstructor Kind = "constructor"
	KindField       Kind = "field"
	KindProperty    Kind = "property"
	KindConstant    Kind = "constant"
	KindVariable    Kind = "variable"
	KindModule      Kind = "module"
	KindNamespace   Kind = "namespace"
	KindMacro       Kind = "macro"
	// KindExport re-exports what is defined elsewhere: TypeScript's and
	// JavaScript's "export { x } from './m'", "export * from './m'".
	KindExport Kind = "export"

	KindSection Kind = "section" // a markdown heading and its text
	KindCode    Kind = "code"    // a fenced code block in markdown
	KindFile    Kind = "file"    // the root of every document
)

// Kinds lists the symbol kinds in the order of the vocabulary above.
var Kinds = []Kind{
	KindClass, KindInterface, KindStruct, KindEnum, KindTrait, KindType,
	KindUnion, KindRecord, KindFunction, KindMethod, KindConstructor,
	KindField, KindProperty, KindConstant, KindVariable, KindModule,
	KindNamespace, KindMacro, KindExport,
}

// IsTypeLike reports whether k declares a type (the "type-like" family used
// when measuring symbol fidelity).
func (k Kind) IsTypeLike() bool {
	switch k {
	case KindClass, KindInterface, KindStruct, KindEnum, KindTrait, KindType,
		KindUnion, KindRecord:
		return true
	}
	return false
}

// IsCallable reports whether k declares something that can be called.
func (k Kind) IsCallable() bool {
	switch k {
	case KindFunction, KindMethod, KindConstructor, KindMacro:
		return true
	}
	return false
}

// Field says which part of a node a piece of text belongs to; the index
// weights each field differently (BM25F).
type Field uint8

// Fields, in index order.
const (
	FieldBody        Field = iota // prose
	FieldTitle                    // a heading or a symbol's name
	FieldDescription              // frontmatter description, docstrings
	FieldCode                     // source code, code spans, fenced blocks
	FieldPath                     // the document's path
	NumFields                     // number of fields
)

// String returns the field's name as used in configuration.
func (f Field) String() string {
	switch f {
	case FieldBody:
		return "body"
	case FieldTitle:
		return "title"
	case FieldDescription:
		return "description"
	case FieldCode:
		return "code"
	case FieldPath:
		return "path"
	}
	return "unknown"
}

// Span is a byte range of a document's source that belongs to one field of
// one node. A node's spans cover its own content only, never its children's.
type Span struct {
	Start, End uint32
	Field      Field
}

// Link is a reference from a markdown node to another document.
type Link struct {
	Target string `json:"target"`          // doc path (resolved) or raw target
	Kind   string `json:"kind"`            // "markdown", "wiki" or "embed"
	Label  string `json:"label,omitempty"` // link text, when it differs from the target
	Line   int    `json:"line"`
	// Source is the path of the linking document. Outgoing links (in
	// Node.Links) leave it empty; backlinks (markdown.Backlinks) set it.
	Source string `json:"source,omitempty"`
}

// Node is one node of a document's tree. Positions refer to the source file:
// lines are 1-based and inclusive, bytes are a half-open range.
type Node struct {
	// Anchor identifies the node inside its document: a symbol's qualified
	// name or a heading's slug path, with "~2", "~3" for duplicates. The
	// root's anchor is empty. See Document.NodeID.
	Anchor     string
	Parent     int   // index into Document.Nodes; -1 for the root
	Children   []int // indexes into Document.Nodes, in document order
	Kind       Kind
	NativeKind string // the language's own word where it differs from Kind ("getter", "impl", "typedef")
	Title      string
	Level      int // heading level for sections, nesting depth for symbols, 0 for the root

	LineStart, LineEnd int    // the definition or section, leading comments excluded
	ByteStart, ByteEnd uint32 // same extent as the lines
	// DocStart is where the node's content starts when a comment block
	// directly above belongs to it (its doc); otherwise it equals ByteStart.
	DocStart     uint32
	DocLineStart int

	WordCount int

	// Code symbols.
	Name          string
	QualifiedName string
	Signature     string
	Doc           string
	Language      string // for symbols and code blocks inside markdown; empty means the document's
	// Declaration marks a symbol declared here and defined elsewhere: a
	// C or C++ function prototype or extern variable, a TypeScript
	// overload or ambient signature. A lookup ranks the definition, with
	// its body, first. Interface and abstract methods are not
	// declarations in this sense: they are the contract itself.
	Declaration bool
	// Constraint is the build condition a symbol exists under, as its
	// language writes it: a Go file's build constraint ("linux",
	// "linux && amd64" from //go:build or the file name), a Rust item's
	// cfg attribute ("cfg(test)"), the C or C++ conditional it sits in
	// ("#ifdef _WIN32"). Empty for code always compiled; a symbol inside
	// a constrained one shares its constraint and does not repeat it.
	Constraint string

	Links []Link // outgoing links (markdown)

	// Spans are the node's own content by field, in source order. They are
	// filled by parsers for the index and are not persisted.
	Spans []Span
}

// ContentStart is where the node's content starts, its doc comment included.
func (n *Node) ContentStart() uint32 {
	if n.DocStart < n.ByteStart {
		return n.DocStart
	}
	return n.ByteStart
}

// Document is one indexed file.
type Document struct {
	DocID       string
	Path        string // relative to the collection root, forward slashes
	Collection  string
	ContentType ContentType
	Language    string
	Title       string
	Description string
	Facets      map[string][]string
	ContentHash string
	Size        int64
	// SyntaxErrors is set when tree-sitter had to recover from syntax
	// errors; whatever parsed is indexed.
	SyntaxErrors bool
	// Warnings are problems found while parsing that did not stop it
	// (malformed markdown frontmatter, ...); whatever parsed is indexed.
	Warnings []string
	// Module is the module or package the code declares itself part of,
	// when its language declares one in the file (Go's package clause):
	// code refers to its symbols through it (json.Marshal), whatever the
	// directory is called.
	Module string

	// Refs are the names the document uses that may refer to definitions,
	// in document order, and Imports the file's imports (refs.go). Filled
	// for the languages with a reference extractor. A reference's strings
	// may share the parsed source's memory: change the source and they
	// change.
	Refs    []Reference
	Imports []Import

	// Nodes are in document order; Nodes[0] is the root.
	Nodes []Node
}

// NodeID is the stable, readable id of node i: the doc id, then "#" and the
// anchor. The root's id is the doc id itself.
func (d *Document) NodeID(i int) string {
	a := d.Nodes[i].Anchor
	if a == "" {
		return d.DocID
	}
	return d.DocID + "#" + a
}

// SplitNodeID splits a node id into its doc id and anchor.
func SplitNodeID(id string) (docID, anchor string) {
	if i := strings.LastIndexByte(id, '#'); i >= 0 {
		return id[:i], id[i+1:]
	}
	return id, ""
}

// AddFacet appends values to a facet, skipping empty and repeated values.
func (d *Document) AddFacet(key string, values ...string) {
	if d.Facets == nil {
		d.Facets = map[string][]string{}
	}
	have := d.Facets[key]
outer:
	for _, v := range values {
		if v == "" {
			continue
		}
		for _, h := range have {
			if h == v {
				continue outer
			}
		}
		have = append(have, v)
	}
	if len(have) > 0 {
		d.Facets[key] = have
	}
}
