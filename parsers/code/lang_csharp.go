package code

import (
	"bytes"
	"regexp"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/csharp"

	"github.com/treenav/treenav"
)

func init() {
	Register(&Language{
		Name:       "csharp",
		Extensions: []string{".cs", ".csx"},
		Grammar:    csharp.GetLanguage,
		Fixup:      csharpFixup,
	})
}

// csharpAttributes are left out of signatures.
var csharpAttributes = map[string]bool{"attribute_list": true, "comment": true}

// csharpFixup applies what the C# grammar leaves to the reader:
//
//   - A file-scoped namespace ("namespace A.B;") holds the rest of the
//     file, so it gets the same range, children and qualified names as
//     "namespace A.B { ... }": rewriting one form into the other (a
//     routine modernisation) keeps every id.
//   - const and static readonly fields are constants (as Java's static
//     final fields are).
//   - Names the grammar leaves implicit: "~Router" for a destructor,
//     "operator+" and "operator string" (a conversion) for operators, "this[]"
//     for an indexer, and "IDisposable.Dispose" for an explicit interface
//     implementation (which would otherwise collide with a public Dispose).
//   - Signatures leave attributes out; a property, indexer or event keeps
//     its accessors ("public int Count { get; private set; }"), written
//     without their bodies when they have some.
//   - The doc is the comment run above, with the XML doc tags that carry
//     no text (<summary>, <see cref="X"/> → X) removed.
func csharpFixup(s *Symbol, src []byte) {
	n := s.Node
	setTextDoc(s, src, csharpDoc)
	switch n.Type() {
	case "file_scoped_namespace_declaration":
		if p := n.Parent(); p != nil {
			extendToEnd(s, p, src)
		}
	case "destructor_declaration":
		s.Name = "~" + s.Name
	case "operator_declaration":
		s.Name = "operator" + s.Name
	case "conversion_operator_declaration":
		var b strings.Builder
		for i := 0; i < int(n.ChildCount()); i++ {
			c := n.Child(i)
			switch t := c.Type(); {
			case t == "operator":
				b.WriteString("operator ")
			case n.FieldNameForChild(i) == "type":
				b.WriteString(signature(src[c.StartByte():c.EndByte()]))
			}
		}
		s.Name = b.String()
	case "indexer_declaration":
		s.Name = "this[]"
	case "method_declaration":
		if e := childOfType(n, "explicit_interface_specifier"); e != nil {
			s.Name = strings.TrimSuffix(signature(src[e.StartByte():e.EndByte()]), ".") + "." + s.Name
		}
	case "field_declaration":
		if hasModifier(n, src, "const") || hasModifier(n, src, "static") && hasModifier(n, src, "readonly") {
			s.Kind = treenav.KindConstant
		}
	}
	s.Signature = csharpSignature(n, src)
}

// csharpSignature is the declaration without attributes and body.
func csharpSignature(n *sitter.Node, src []byte) string {
	switch n.Type() {
	case "field_declaration", "event_field_declaration", "enum_member_declaration", "parameter":
		return declarationSignature(textWithout(n, n.EndByte(), src, csharpAttributes))
	case "property_declaration", "indexer_declaration", "event_declaration":
		end := n.EndByte()
		acc := n.ChildByFieldName("accessors")
		if v := n.ChildByFieldName("value"); v != nil {
			end = v.StartByte() // "=> expr" or "= initializer"
		}
		if acc != nil {
			end = acc.StartByte()
		}
		sig := tidySignature(signature(textWithout(n, end, src, csharpAttributes)))
		sig = strings.TrimSuffix(strings.TrimSpace(strings.TrimSuffix(sig, ";")), "=")
		if acc != nil {
			sig = strings.TrimSpace(sig) + " " + csharpAccessors(acc, src)
		}
		return strings.TrimSpace(sig)
	}
	end := n.EndByte()
	if b := n.ChildByFieldName("body"); b != nil {
		end = b.StartByte()
	}
	sig := signature(textWithout(n, end, src, csharpAttributes))
	sig = strings.TrimSpace(strings.TrimSuffix(sig, ";"))
	return tidySignature(sig)
}

// csharpAccessors writes an accessor list without bodies: "{ get; private
// set; }", "{ add; remove; }".
func csharpAccessors(acc *sitter.Node, src []byte) string {
	var parts []string
	for i := 0; i < int(acc.NamedChildCount()); i++ {
		a := acc.NamedChild(i)
		if a.Type() != "accessor_declaration" {
			continue
		}
		end := a.EndByte()
		if b := a.ChildByFieldName("body"); b != nil {
			end = b.StartByte()
		}
		t := strings.TrimSuffix(signature(textWithout(a, end, src, csharpAttributes)), ";")
		parts = append(parts, strings.TrimSpace(t)+";")
	}
	if len(parts) == 0 {
		return "{ }"
	}
	return "{ " + strings.Join(parts, " ") + " }"
}

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

var (
	// csharpEmptyTags are XML doc tags that only frame text.
	csharpEmptyTags = regexp.MustCompile(`</?(?:summary|remarks|para)>`)
	// csharpRefTags are references written as empty elements: <see
	// cref="Router"/>, <paramref name="path"/>.
	csharpRefTags = regexp.MustCompile(`<(?:see|seealso|paramref|typeparamref)\s+(?:cref|name|langword|href)="(?:[A-Z]:)?([^"]*)"\s*/>`)
)

// csharpDoc removes the XML tags that carry no text from a doc comment.
func csharpDoc(doc string) string {
	if !strings.Contains(doc, "<") {
		return doc
	}
	doc = csharpRefTags.ReplaceAllString(doc, "$1")
	doc = csharpEmptyTags.ReplaceAllString(doc, "")
	return dedent(doc)
}
