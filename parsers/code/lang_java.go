package code

import (
	"bytes"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/java"
)

func init() {
	Register(&Language{
		Name:         "java",
		Extensions:   []string{".java"},
		Grammar:      java.GetLanguage,
		CommentTypes: []string{"line_comment", "block_comment"},
		Fixup:        javaFixup,
	})
}

// javaFixup writes signatures without annotations: "@Override\n public int
// hashCode()" has the signature "public int hashCode()". Annotations stay
// in the symbol's range and content; in the signature they are noise
// (@SuppressWarnings, long @Generated arguments) that the agent reads before
// the declaration. A declaration without a body loses its ";", and a field
// keeps only its first line so that an anonymous class or a long array
// initializer does not become its signature.
func javaFixup(s *Symbol, src []byte) {
	n := s.Node
	javadoc(s, src)
	end := n.EndByte()
	if b := n.ChildByFieldName("body"); b != nil {
		end = b.StartByte()
	}
	text := javaWithoutAnnotations(n, end, src)
	switch n.Type() {
	case "field_declaration", "constant_declaration", "formal_parameter", "spread_parameter":
		s.Signature = declarationSignature(text)
	case "enum_constant":
		if n.ChildByFieldName("body") != nil {
			s.Signature = tidySignature(signature(text))
		} else {
			s.Signature = declarationSignature(text)
		}
	default:
		sig := signature(text)
		if len(sig) > 0 && sig[len(sig)-1] == ';' {
			sig = signature([]byte(sig[:len(sig)-1]))
		}
		s.Signature = tidySignature(sig)
	}
}

// javaWithoutAnnotations returns n's text up to end with the annotations
// and comments among its modifiers blanked out.
func javaWithoutAnnotations(n *sitter.Node, end uint32, src []byte) []byte {
	start := n.StartByte()
	text := append([]byte(nil), src[start:end]...)
	blank := func(c *sitter.Node) {
		a, b := c.StartByte(), min(c.EndByte(), end)
		for i := a; i < b; i++ {
			text[i-start] = ' '
		}
	}
	for i := 0; i < int(n.NamedChildCount()); i++ {
		c := n.NamedChild(i)
		if c.StartByte() >= end {
			break
		}
		switch c.Type() {
		case "modifiers":
			for j := 0; j < int(c.NamedChildCount()); j++ {
				switch m := c.NamedChild(j); m.Type() {
				case "annotation", "marker_annotation", "line_comment", "block_comment":
					blank(m)
				}
			}
		case "line_comment", "block_comment", "annotation", "marker_annotation":
			// Module declarations hold their annotations directly.
			blank(c)
		}
	}
	return text
}

// javadoc applies javadoc's own rule on top of the generic one: a /** */
// comment separated from the declaration by whitespace only is its doc,
// even across blank lines, and it is the whole doc: the line comments
// above it (section banners, "// where") are not.
func javadoc(s *Symbol, src []byte) {
	// Look at the text first: finding a node's previous sibling costs a
	// walk from the root, too much for every symbol of a deep file.
	if !bytes.HasSuffix(bytes.TrimRight(src[:s.Start], " \t\r\n\f"), []byte("*/")) {
		return
	}
	n := s.Node
	c := n.PrevNamedSibling()
	if c == nil || c.Type() != "block_comment" || n.StartByte() != s.Start {
		return
	}
	t := src[c.StartByte():c.EndByte()]
	if !bytes.HasPrefix(t, []byte("/**")) || bytes.Equal(t, []byte("/**/")) {
		return
	}
	if len(bytes.TrimSpace(src[c.EndByte():n.StartByte()])) > 0 {
		return
	}
	s.DocStart, s.DocRow = c.StartByte(), c.StartPoint().Row
	s.Doc = cleanDoc(string(t))
}
