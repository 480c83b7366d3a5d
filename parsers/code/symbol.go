package code

import (
	sitter "github.com/smacker/go-tree-sitter"

	"github.com/treenav/treenav"
)

// Symbol is a definition found by a language's query, before it is placed in
// the document tree. Language Fixup hooks may adjust its exported fields.
type Symbol struct {
	Kind       treenav.Kind
	NativeKind string
	Name       string
	// Scope is a qualifier written in the definition itself (C++ "A::b"
	// gives Scope ["A"]); Receiver names the type a method belongs to (Go
	// receivers, Rust impl blocks).
	Scope    []string
	Receiver string

	// Start/End is the definition's extent: wrappers, decorators and
	// attributes included, leading comments excluded.
	Start, End       uint32
	StartRow, EndRow uint32
	// DocStart/DocRow is where the doc comment above starts; equal to
	// Start/StartRow when there is none.
	DocStart uint32
	DocRow   uint32

	Signature string
	Doc       string
	// Declaration: the symbol is declared here and defined elsewhere
	// (treenav.Node.Declaration); the @declaration capture or a Fixup
	// sets it.
	Declaration bool
	// FileNamed: the symbol has no name of its own and takes the file's
	// module name when Extract knows the file (JavaScript's anonymous
	// "module.exports = function (grunt) {...}"); Name is the fallback.
	FileNamed bool

	// Node is the captured definition node and NameNode the captured name
	// (nil when the pattern has none); valid only during Fixup.
	Node     *sitter.Node
	NameNode *sitter.Node
	// Host is the @reparse node whose text held the definition (a Rust
	// macro body), nil for definitions of the file's own tree; valid only
	// during Fixup.
	Host *sitter.Node

	pattern uint16
	// nameStart/nameEnd is the name node's byte range, when there is one.
	nameStart, nameEnd uint32
	bodyStart          uint32 // 0: no body captured
	docInside          [2]uint32
	parent             int // index into the symbol slice, -1 for top level
	children           []int
	qualified          string

	// sigStart/sigEnd is the text the extractor's signature is made of,
	// before any Fixup.
	sigStart, sigEnd uint32
}

func (s *Symbol) contains(o *Symbol) bool {
	if s.Start == o.Start && s.End == o.End {
		return false
	}
	return s.Start <= o.Start && o.End <= s.End
}
