package code

import (
	"bytes"
	"regexp"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/kotlin"

	"github.com/treenav/treenav"
)

func init() {
	Register(&Language{
		Name:            "kotlin",
		Extensions:      []string{".kt", ".kts"},
		Interpreters:    []string{"kotlin", "kotlinc", "kscript"},
		Grammar:         kotlin.GetLanguage,
		AttachReceivers: true,
		Repair:          kotlinRepair,
		Fixup:           kotlinFixup,
	})
}

// kotlinAnnotations are left out of signatures.
var kotlinAnnotations = map[string]bool{"annotation": true, "line_comment": true, "multiline_comment": true}

// kotlinFixup applies what the Kotlin grammar leaves to the reader:
//
//   - The package header holds the rest of the file.
//   - A class's kind comes from its keywords: "interface" (with "fun":
//     interface/fun), "enum class" (enum), and the class modifiers data,
//     sealed, annotation, value and inline as the native word.
//   - Implicit names: "Companion" for an unnamed companion object (the name
//     Kotlin gives it), "constructor" for a secondary constructor.
//   - "const val" is a constant.
//   - A property's getter and setter, which the grammar parses as siblings
//     after it, are part of its range.
//   - The receiver of an extension loses its nullability (String?.f is
//     qualified String.f).
//   - Signatures leave annotations out and end before the body or "=";
//     a property's is its first line.
//   - The doc is the comment run above, read from the text.
func kotlinFixup(s *Symbol, src []byte) {
	n := s.Node
	switch n.Type() {
	case "package_header":
		if p := n.Parent(); p != nil {
			extendToEnd(s, p, src)
		}
	case "class_declaration":
		s.Kind, s.NativeKind = kotlinClassKind(n, src)
		if s.NativeKind == "fun" {
			kotlinFunStart(s, n, src)
		}
	case "companion_object":
		if s.Name == "" {
			s.Name = "Companion"
		}
	case "secondary_constructor":
		s.Name = "constructor"
	case "property_declaration":
		if m := childOfType(n, "modifiers"); m != nil && kotlinHasWord(m, src, "const") {
			s.Kind, s.NativeKind = treenav.KindConstant, "const"
		}
		kotlinAccessors(s, n, src)
	}
	s.Receiver = strings.TrimRight(s.Receiver, "?")
	setTextDoc(s, src, nil)
	s.Signature = kotlinSignature(n, src)
	if s.Start < n.StartByte() {
		s.Signature = "fun " + s.Signature // kotlinFunStart
	}
}

// kotlinClassKind reads the keywords of a class declaration.
func kotlinClassKind(n *sitter.Node, src []byte) (treenav.Kind, string) {
	kind, native := treenav.KindClass, ""
	for i := 0; i < int(n.ChildCount()); i++ {
		c := n.Child(i)
		switch c.Type() {
		case "interface":
			kind = treenav.KindInterface
			// "fun interface": the keyword before it (blanked by
			// kotlinRepair for the grammar, still in the source).
			if kotlinEndsWithFun(src[:c.StartByte()]) {
				native = "fun"
			}
		case "enum":
			kind = treenav.KindEnum
		case "modifiers":
			for j := 0; j < int(c.NamedChildCount()); j++ {
				m := c.NamedChild(j)
				if m.Type() != "class_modifier" {
					continue
				}
				switch w := text(src, m); w {
				case "data", "sealed", "annotation", "value", "inline":
					native = w
				case "enum":
					kind = treenav.KindEnum
				}
			}
		case "type_identifier":
			return kind, native
		}
	}
	return kind, native
}

// kotlinEndsWithFun reports whether b ends with the keyword "fun" (and
// blanks).
func kotlinEndsWithFun(b []byte) bool {
	b = bytes.TrimRight(b, " \t\r\n")
	if !bytes.HasSuffix(b, []byte("fun")) {
		return false
	}
	b = b[:len(b)-3]
	return len(b) == 0 || !isIdentByte(b[len(b)-1])
}

// kotlinFunStart moves the start of a "fun interface" without modifiers
// back over "fun", which kotlinRepair blanked out of the tree.
func kotlinFunStart(s *Symbol, n *sitter.Node, src []byte) {
	before := bytes.TrimRight(src[:n.StartByte()], " \t\r\n")
	if !kotlinEndsWithFun(before) {
		return
	}
	start := uint32(len(before) - 3)
	s.StartRow -= uint32(bytes.Count(src[start:s.Start], []byte("\n")))
	s.Start = start
}

// kotlinHasWord reports whether modifiers m hold the keyword word.
func kotlinHasWord(m *sitter.Node, src []byte, word string) bool {
	for j := 0; j < int(m.NamedChildCount()); j++ {
		if text(src, m.NamedChild(j)) == word {
			return true
		}
	}
	return false
}

// kotlinAccessorStart matches what starts a getter or setter line: "get(",
// "private set", "@Inject set".
var kotlinAccessorStart = regexp.MustCompile(`^(?:@[\w.]+(?:\([^)]*\))?\s+|(?:private|protected|internal|public|inline|override|open|final|external)\s+)*(?:get|set)\b`)

// kotlinAccessors extends a property over its getter and setter, which
// the grammar leaves as the next siblings. The text is checked first: a
// sibling lookup walks from the parent.
func kotlinAccessors(s *Symbol, n *sitter.Node, src []byte) {
	if !kotlinAccessorStart.Match(bytes.TrimLeft(src[n.EndByte():], " \t\r\n;")) {
		return
	}
	last := n
	for c := n.NextNamedSibling(); c != nil; c = c.NextNamedSibling() {
		if t := c.Type(); t != "getter" && t != "setter" {
			break
		}
		last = c
	}
	if last.EndByte() > s.End {
		s.End, s.EndRow = last.EndByte(), endRow(last)
	}
}

// kotlinSignature is the declaration without annotations and body.
func kotlinSignature(n *sitter.Node, src []byte) string {
	end := n.EndByte()
	switch n.Type() {
	case "property_declaration", "class_parameter", "type_alias", "package_header":
		return declarationSignature(textWithout(n, end, src, kotlinAnnotations))
	case "enum_entry":
		if b := childOfType(n, "class_body"); b != nil {
			end = b.StartByte()
		}
		return declarationSignature(textWithout(n, end, src, kotlinAnnotations))
	}
	for i := 0; i < int(n.ChildCount()); i++ {
		switch c := n.Child(i); c.Type() {
		case "class_body", "enum_class_body", "function_body", "{":
			end = c.StartByte() // "{" opens a secondary constructor's body
		}
	}
	sig := signature(textWithout(n, end, src, kotlinAnnotations))
	sig = strings.TrimSpace(strings.TrimSuffix(sig, "="))
	return tidySignature(sig)
}

// kotlinFunInterface finds "fun interface" declarations, which the bundled
// grammar predates.
var kotlinFunInterface = regexp.MustCompile(`(?m)(?:^|[\s;])(fun)\s+interface\b`)

// kotlinRepair blanks syntax newer than the grammar: the "fun" of a
// "fun interface" (Kotlin 1.4), so that the declaration parses as an
// interface.
func kotlinRepair(src []byte, _ *sitter.Node) []byte {
	ms := kotlinFunInterface.FindAllSubmatchIndex(src, -1)
	if ms == nil {
		return nil
	}
	out := append([]byte(nil), src...)
	for _, m := range ms {
		for i := m[2]; i < m[3]; i++ {
			out[i] = ' '
		}
	}
	return out
}
