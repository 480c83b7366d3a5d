package index

import (
	"path"

	"github.com/treenav/treenav/parsers"

	"github.com/treenav/treenav"
)

// nodeHot is what a query reads of every candidate besides its norms,
// packed apart from the node records (108 bytes) like norms: the
// name-match filter, the rollup's parent and the flags the final
// weighting reads. On GOROOT/src, reading the nodes for these was a cache
// miss per candidate and a third of a query's time.
type nodeHot struct {
	// up is the node a rollup share goes to: the parent, or -1 when the
	// node is a root or its parent is a file node (which takes no share).
	up int32
	// name and qual are nameSig of the symbol's name and of its
	// qualified name (0 when it is the name), or for a markdown section
	// nameSig of its title's words; 0 for file nodes and nameless ones.
	name, qual uint32
	flags      uint8
}

const (
	hotMarkdown   uint8 = 1 << iota // the document is markdown (section rollup share)
	hotTest                         // the document is a test file or test data
	hotInternal                     // internal or vendored code (isInternalPath), or a private symbol (isPrivateSymbol)
	hotDeprecated                   // a symbol marked deprecated
	hotCodeFile                     // the root node of a code file
	hotChangelog                    // in a changelog or release notes (parsers.IsChangelogPath)
	hotData                         // a field, variable, constant or property (asked)
	hotType                         // a type-like symbol (Kind.IsTypeLike; asked)
)

// buildHot fills hot from nodes and docs.
func (s *segment) buildHot() {
	s.hot = make([]nodeHot, len(s.nodes))
	internal, internalDoc := false, -1
	changelog, changelogDoc := false, -1
	for i := range s.nodes {
		n := s.node(uint32(i))
		h := &s.hot[i]
		h.up = -1
		if p := n.parent; p >= 0 && s.node(uint32(p)).kind() != treenav.KindFile {
			h.up = p
		}
		if int(n.doc) < len(s.docs) { // not in some tests' bare segments
			d := &s.docs[n.doc]
			if d.ContentType == treenav.ContentMarkdown {
				h.flags |= hotMarkdown
			}
			if d.test {
				h.flags |= hotTest
			}
			if int(n.doc) != changelogDoc {
				changelog, changelogDoc = parsers.IsChangelogPath(d.Path), int(n.doc)
			}
			if changelog {
				h.flags |= hotChangelog
			}
			if int(n.doc) != internalDoc {
				internal, internalDoc = isInternalPath(d.Path), int(n.doc)
			}
			if internal || isPrivateSymbol(languageOf(d, n), n) {
				h.flags |= hotInternal
			}
		}
		if n.deprecated {
			h.flags |= hotDeprecated
		}
		if n.kind() == treenav.KindFile && h.flags&hotMarkdown == 0 {
			h.flags |= hotCodeFile
		}
		switch k := n.kind(); {
		case k == treenav.KindField || k == treenav.KindVariable || k == treenav.KindConstant || k == treenav.KindProperty:
			h.flags |= hotData
		case k.IsTypeLike():
			h.flags |= hotType
		}
		h.name, h.qual = nodeSigs(n)
		if n.kind() == treenav.KindFile && int(n.doc) < len(s.docs) {
			h.name = nameSig(path.Base(s.docs[n.doc].Path)) // fileNamed
		}
	}
}
