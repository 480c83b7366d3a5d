package index

import (
	"path"

	"github.com/treenav/treenav/parsers"

	"github.com/treenav/treenav"
)

// nodeHot is what a query reads of every candidate besides its norms,
// packed apart from the node records (88 bytes) like norms: the
// name-match filter, the rollup's parent and the flags the final
// weighting reads. On GOROOT/src, reading the nodes for these was a cache
// miss per candidate and a third of a query's time.
type nodeHot struct {
	// up is the node a rollup share goes to: the parent, or -1 when the
	// node is a root or its parent is a file node (which takes no share).
	up int32
	// name and qual are nameSig of the symbol's name and of its
	// qualified name (0 when it is the name), or for a markdown section
	// nameSig of its title's words; for a file node, of its base name
	// and of the name of the module it is the page of (0 for none:
	// modulename.go); 0 for nameless ones.
	name, qual uint32
	flags      uint8
	_          [3]uint8 // the padding, a field: the layout is the snapshot's (nodesnap.go)
}

const (
	hotMarkdown   uint8 = 1 << iota // the document is markdown (section rollup share)
	hotTest                         // the document is a test file or test data
	hotInternal                     // internal or vendored code (isInternalPath), or a private symbol (isPrivateSymbol)
	hotDeprecated                   // a symbol marked deprecated
	hotCodeFile                     // the root node of a code file
	hotChangelog                    // in a changelog or release notes (parsers.IsChangelogPath)
	hotData                         // a field, variable, constant, property or re-export (asked)
	hotType                         // a type-like symbol (Kind.IsTypeLike) or a Python __init__ (asked)
)

// buildHot fills hot from nodes and docs.
func (s *segment) buildHot() {
	s.hot = make([]nodeHot, len(s.nodes))
	var of docHot
	doc := -1
	for i := range s.nodes {
		if d := int(s.nodes[i].doc); d != doc {
			of, doc = s.docHotOf(d), d
		}
		s.hot[i] = s.hotOf(uint32(i), of)
	}
}

// docHot is what a document gives its nodes' hot flags.
type docHot struct {
	flags    uint8 // hotMarkdown, hotTest, hotChangelog
	internal bool  // isInternalPath
}

// docHotOf is document d's share of its nodes' flags (none for a
// document out of range: some tests' bare segments have no documents).
func (s *segment) docHotOf(d int) docHot {
	if d >= len(s.docs) {
		return docHot{}
	}
	m := &s.docs[d]
	var h docHot
	if m.ContentType == treenav.ContentMarkdown {
		h.flags |= hotMarkdown
	}
	if m.test {
		h.flags |= hotTest
	}
	if parsers.IsChangelogPath(m.Path) {
		h.flags |= hotChangelog
	}
	h.internal = isInternalPath(m.Path)
	return h
}

// hotOf is node i's hot entry; of is its document's docHotOf.
func (s *segment) hotOf(i uint32, of docHot) nodeHot {
	n := s.node(i)
	h := nodeHot{up: -1, flags: of.flags}
	if p := n.parent; p >= 0 && s.node(uint32(p)).kind() != treenav.KindFile {
		h.up = p
	}
	if int(n.doc) < len(s.docs) && (of.internal || isPrivateSymbol(languageOf(&s.docs[n.doc], n), n)) {
		h.flags |= hotInternal
	}
	if n.deprecated {
		h.flags |= hotDeprecated
	}
	if n.kind() == treenav.KindFile && h.flags&hotMarkdown == 0 {
		h.flags |= hotCodeFile
	}
	switch k := n.kind(); {
	case k == treenav.KindField || k == treenav.KindVariable || k == treenav.KindConstant || k == treenav.KindProperty || k == treenav.KindExport:
		h.flags |= hotData
	case k.IsTypeLike() || k == treenav.KindMethod && n.name() == "__init__":
		// A Python __init__ builds its class's object and documents
		// the class's parameters: a question in words asks for what
		// does the thing, not for what sets the object up ("parse json
		// string" led with JSONDecoder.__init__). Weighed as its type,
		// it gained the plain-language benchmark's Python 0.005. (Java's
		// and C++'s constructors, measured alike, cost Java 0.001: its
		// labels grade them 1.)
		h.flags |= hotType
	}
	h.name, h.qual = nodeSigs(n)
	if n.kind() == treenav.KindFile && int(n.doc) < len(s.docs) {
		h.name = nameSig(path.Base(s.docs[n.doc].Path)) // fileNamed
		// A module's page: the module's name (modulename.go).
		if mp := modulePathOf(&s.docs[n.doc], s.documented(i)); mp != "" {
			h.qual = nameSig(path.Base(mp))
		}
	}
	return h
}
