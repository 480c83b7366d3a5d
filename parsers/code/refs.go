package code

import (
	"cmp"
	"slices"
	"sync"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/treenav/treenav"
)

// RefFunc extracts a file's references and imports from its syntax tree.
// A language plugs one in as Language.Refs (see refs_go.go). It reports
// every identifier occurrence that may refer to a top-level or member
// definition, with what its scope analysis knows, and leaves out locals,
// parameters and the definitions' own names. Enclosing is filled by the
// extractor afterwards; a RefFunc sets Name, Qualifier, QualType, Kind,
// Textual and the position (RefSink.Add does it from a node).
type RefFunc func(root *sitter.Node, src []byte, sink *RefSink)

// refPos is where a reference is: a *sitter.Node, or a node of a
// flatTree (gnode).
type refPos interface {
	StartByte() uint32
	EndByte() uint32
	StartPoint() sitter.Point
}

// RefSink collects what a RefFunc finds.
type RefSink struct {
	Refs    []treenav.Reference
	Imports []treenav.Import
	src     []byte
	// defNames maps the end byte of each symbol's name to its start, for
	// the extractors that tell a definition's own name that way.
	defNames map[uint32]uint32
}

// Add records a reference at the name node n. The strings may be views
// of the source (the Go walker's are): they stay valid as long as the
// source is not changed, and the index copies them (newDocRefs).
func (s *RefSink) Add(n refPos, name, qualifier, qualType string, kind treenav.RefKind) {
	p := n.StartPoint()
	s.Refs = append(s.Refs, treenav.Reference{
		Name: name, Qualifier: qualifier, QualType: qualType, Kind: kind,
		Line: int(p.Row) + 1, Column: int(p.Column) + 1, Byte: n.StartByte(),
	})
}

// AddText records a textual mention (a comment or a string) of name at
// byte offset b, line row (0-based) and byte column col (0-based).
func (s *RefSink) AddText(b uint32, row, col int, name, qualifier string) {
	s.Refs = append(s.Refs, treenav.Reference{
		Name: name, Qualifier: qualifier, Kind: treenav.RefDoc, Textual: true,
		Line: row + 1, Column: col + 1, Byte: b,
	})
}

// Import records an import of path bound to alias.
func (s *RefSink) Import(n refPos, path, alias string) {
	s.Imports = append(s.Imports, treenav.Import{Path: path, Alias: alias, Line: int(n.StartPoint().Row) + 1})
}

// Text is the source text of n.
func (s *RefSink) Text(n *sitter.Node) string {
	if n == nil {
		return ""
	}
	return string(s.src[n.StartByte():n.EndByte()])
}

// extractRefs runs the language's RefFunc over a parsed tree.
func (l *Language) extractRefs(root *sitter.Node, src []byte, syms []Symbol) ([]treenav.Reference, []treenav.Import) {
	if l.Refs == nil {
		return nil, nil
	}
	scratch := refScratch.Get().(*[]treenav.Reference)
	sink := &RefSink{src: src, defNames: make(map[uint32]uint32, len(syms)), Refs: (*scratch)[:0]}
	for i := range syms {
		if s := &syms[i]; s.nameEnd > 0 {
			sink.defNames[s.nameEnd] = s.nameStart
		}
	}
	l.Refs(root, src, sink)
	slices.SortStableFunc(sink.Refs, func(a, b treenav.Reference) int { return cmp.Compare(a.Byte, b.Byte) })
	var refs []treenav.Reference
	if len(sink.Refs) > 0 {
		refs = make([]treenav.Reference, len(sink.Refs))
		copy(refs, sink.Refs)
	}
	clear(sink.Refs) // the pool keeps no names alive
	*scratch = sink.Refs[:0]
	refScratch.Put(scratch)
	return refs, sink.Imports
}

// refScratch holds the slices the walkers append a file's references to:
// a file's references are copied out once, at their final length, instead
// of growing a slice of their own by doubling.
var refScratch = sync.Pool{New: func() any { return new([]treenav.Reference) }}

// SetEnclosing sets each reference's Enclosing to the innermost node of
// nodes (a document tree, preorder, Nodes[0] the root) whose byte range
// holds it, its doc comment included. A node's children need not lie
// inside its range (a Go method is a child of its type wherever the file
// declares it), so the search descends by each subtree's span, the ranges
// of the node and its descendants together.
func SetEnclosing(nodes []treenav.Node, refs []treenav.Reference) {
	if len(nodes) == 0 || len(refs) == 0 {
		return
	}
	lo := make([]uint32, len(nodes))
	hi := make([]uint32, len(nodes))
	for i := len(nodes) - 1; i >= 0; i-- {
		lo[i], hi[i] = nodes[i].ContentStart(), nodes[i].ByteEnd
		for _, c := range nodes[i].Children {
			lo[i], hi[i] = min(lo[i], lo[c]), max(hi[i], hi[c])
		}
	}
	var b uint32
	var inner func(at int) int
	inner = func(at int) int {
		for _, c := range nodes[at].Children {
			if lo[c] <= b && b < hi[c] {
				if d := inner(c); d >= 0 {
					return d
				}
			}
		}
		if n := &nodes[at]; n.ContentStart() <= b && b < n.ByteEnd {
			return at
		}
		return -1
	}
	for i := range refs {
		b = refs[i].Byte
		refs[i].Enclosing = max(inner(0), 0)
	}
}

// refResult carries a file's references out of symbols.
type refResult struct {
	refs    []treenav.Reference
	imports []treenav.Import
}

// FieldChildren are n's children under the field name.
func FieldChildren(n *sitter.Node, name string) []*sitter.Node {
	var out []*sitter.Node
	for i := 0; i < int(n.ChildCount()); i++ {
		if n.FieldNameForChild(i) == name {
			out = append(out, n.Child(i))
		}
	}
	return out
}
