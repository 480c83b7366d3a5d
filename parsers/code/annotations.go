package code

import (
	sitter "github.com/smacker/go-tree-sitter"
)

// textWithout returns n's text up to end with the children of the given
// types blanked out, also those inside a "modifiers" child (Kotlin and
// Swift keep annotations there). The signatures of C#, Kotlin, Scala and
// Swift leave attributes and annotations out, as Java's do: they stay in
// the symbol's range and content, but in a signature they are noise
// ([MethodImpl(...)], @Suppress, @available(...)) read before the
// declaration itself.
func textWithout(n *sitter.Node, end uint32, src []byte, types map[string]bool) []byte {
	start := n.StartByte()
	if end < start {
		end = start
	}
	text := append([]byte(nil), src[start:end]...)
	blank := func(c *sitter.Node) {
		for i := c.StartByte(); i < min(c.EndByte(), end); i++ {
			text[i-start] = ' '
		}
	}
	count := int(n.NamedChildCount())
	for i := 0; i < count; i++ {
		c := n.NamedChild(i)
		if c.StartByte() >= end {
			break
		}
		switch t := c.Type(); {
		case types[t]:
			blank(c)
		case t == "modifiers":
			for j := 0; j < int(c.NamedChildCount()); j++ {
				if m := c.NamedChild(j); types[m.Type()] {
					blank(m)
				}
			}
		}
	}
	return text
}
