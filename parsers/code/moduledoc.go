package code

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
)

// A module's own documentation: Go's package comment, a Python module's
// docstring, Rust's inner doc comments (//! and /*! */) at the top of a
// file. It is the file node's doc (Node.Doc) and, but for Python
// (Language.ModuleDocAsCode), its text is the file node's description
// field, as a symbol's doc comment is the symbol's: a Go package's page
// is the file with the package comment, which the index tells by that
// field when a query asks for the package by name ("package http",
// index/modulename.go).

// moduleDocFunc returns the byte range of the module doc of the file
// whose tree is root, or [0, 0) when it has none.
type moduleDocFunc func(root *sitter.Node, src []byte) (start, end uint32)

// goPackageDoc is the comment run directly above the package clause (no
// blank line between), as go/doc reads it, unless it is a license header
// or a build constraint that happens to touch the clause.
func goPackageDoc(root *sitter.Node, src []byte) (uint32, uint32) {
	for i := 0; i < int(root.NamedChildCount()); i++ {
		c := root.NamedChild(i)
		if c.Type() != "package_clause" {
			continue
		}
		start := c.StartByte()
		first := commentAbove(src, start)
		if first < 0 {
			return 0, 0
		}
		text := strings.TrimSpace(string(src[first:start]))
		doc := cleanDoc(text)
		if strings.HasPrefix(text, "//go:") || strings.HasPrefix(text, "// +build") || licenseText(doc) {
			return 0, 0
		}
		return uint32(first), trimEnd(src, uint32(first), start)
	}
	return 0, 0
}

// pythonModuleDoc is the string that is the module's first statement
// (PEP 257), comments and blank lines before it allowed.
func pythonModuleDoc(root *sitter.Node, src []byte) (uint32, uint32) {
	for i := 0; i < int(root.NamedChildCount()); i++ {
		c := root.NamedChild(i)
		switch c.Type() {
		case "comment":
			continue
		case "expression_statement":
			if c.NamedChildCount() == 1 {
				if s := c.NamedChild(0); s.Type() == "string" {
					return s.StartByte(), s.EndByte()
				}
			}
		}
		return 0, 0
	}
	return 0, 0
}

// rustFileDoc is the run of inner doc comments (//! lines, /*! */
// blocks) among the comments and attributes a file opens with (as
// rustInnerDoc reads a module's body).
func rustFileDoc(root *sitter.Node, src []byte) (uint32, uint32) {
	var start, end uint32
	for i := 0; i < int(root.NamedChildCount()); i++ {
		c := root.NamedChild(i)
		switch c.Type() {
		case "line_comment", "block_comment":
			if c.ChildByFieldName("inner") != nil {
				if end == 0 {
					start = c.StartByte()
				}
				end = c.EndByte()
				continue
			}
			if end != 0 {
				return start, trimEnd(src, start, end)
			}
		case "inner_attribute_item":
			continue
		default:
			return start, trimEnd(src, start, end)
		}
	}
	return start, trimEnd(src, start, end)
}

// trimEnd is end moved back over trailing white space (a line comment's
// node holds its newline).
func trimEnd(src []byte, start, end uint32) uint32 {
	for end > start && isSpace(src[end-1]) {
		end--
	}
	return end
}

// licenseText reports whether a comment is a license or copyright header
// rather than documentation.
func licenseText(doc string) bool {
	head := doc
	if len(head) > 200 {
		head = head[:200]
	}
	return strings.Contains(head, "Copyright") || strings.Contains(head, "SPDX-License") || strings.Contains(head, "Licensed under")
}

// moduleDoc is the module doc span and text of the file, by the
// language's ModuleDoc (none without one).
func (l *Language) moduleDoc(root *sitter.Node, src []byte) ([2]uint32, string) {
	if l.ModuleDoc == nil {
		return [2]uint32{}, ""
	}
	s, e := l.ModuleDoc(root, src)
	if e <= s || int(e) > len(src) {
		return [2]uint32{}, ""
	}
	doc := cleanDoc(string(src[s:e]))
	if doc == "" {
		return [2]uint32{}, ""
	}
	return [2]uint32{s, e}, doc
}

// moduleDocResult is what symbols found of a file's module doc.
type moduleDocResult struct {
	span [2]uint32
	doc  string
}
