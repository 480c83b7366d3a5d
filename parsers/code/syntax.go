package code

import (
	"bytes"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/treenav/treenav/parsers/code/internal/srctext"
)

// Helpers over tree-sitter nodes and source bytes that several languages'
// extractors use; one language's own helpers stay in its lang_<language>.go.

// hasModifier reports whether declaration n has the modifier word.
func hasModifier(n *sitter.Node, src []byte, word string) bool {
	for i := 0; i < int(n.NamedChildCount()); i++ {
		c := n.NamedChild(i)
		if c.Type() == "modifier" && text(src, c) == word {
			return true
		}
	}
	return false
}

// childOfType returns n's first named child of type typ, or nil.
func childOfType(n *sitter.Node, typ string) *sitter.Node {
	for i := 0; i < int(n.NamedChildCount()); i++ {
		if c := n.NamedChild(i); c.Type() == typ {
			return c
		}
	}
	return nil
}

// extendToEnd makes a declaration that applies to the rest of its file (a
// C# file-scoped namespace, a Kotlin or Scala package header) end where
// the file's code ends, so that what follows nests in it.
func extendToEnd(s *Symbol, file *sitter.Node, src []byte) {
	end := len(bytes.TrimRight(src[:min(int(file.EndByte()), len(src))], " \t\r\n\f"))
	if uint32(end) <= s.End {
		return
	}
	s.End = uint32(end)
	s.EndRow = uint32(bytes.Count(src[:end], []byte("\n")))
}

func isLetter(b byte) bool { return srctext.IsLetter(b) }

func isIdentByte(c byte) bool { return srctext.IsIdentByte(c) }

// isIdentStart reports whether c may start an identifier of the C and
// ECMAScript families: a letter, '_', '$' or a byte of a UTF-8 sequence.
func isIdentStart(c byte) bool { return isLetter(c) || c == '$' || c >= 0x80 }
