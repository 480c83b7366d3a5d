package code

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/swift"

	"github.com/treenav/treenav"
)

func init() {
	Register(&Language{
		Name:            "swift",
		Extensions:      []string{".swift"},
		Interpreters:    []string{"swift"},
		Grammar:         swift.GetLanguage,
		AttachReceivers: true,
		Fixup:           swiftFixup,
	})
}

// swiftAttributes are left out of signatures.
var swiftAttributes = map[string]bool{"attribute": true, "comment": true, "multiline_comment": true}

// swiftFixup applies what the Swift grammar leaves to the reader:
//
//   - One node type declares classes, structs, enums and actors: the kind
//     comes from its keyword (an actor is class/actor).
//   - Names: a function's is its first "name" field (an operator's is
//     punctuation: "=="); initializers are "init", deinitializers
//     "deinit", subscripts "subscript".
//   - A global "let" is a constant, a global "var" a variable.
//   - Signatures leave attributes out and end before the body; a
//     property's ends before its getter/setter or observers block.
//   - The doc is the comment run above ("///" lines or "/** */").
func swiftFixup(s *Symbol, src []byte) {
	n := s.Node
	switch n.Type() {
	case "class_declaration":
		if k := n.ChildByFieldName("declaration_kind"); k != nil {
			switch k.Type() {
			case "struct":
				s.Kind = treenav.KindStruct
			case "enum":
				s.Kind = treenav.KindEnum
			case "actor":
				s.Kind, s.NativeKind = treenav.KindClass, "actor"
			}
		}
	case "function_declaration", "protocol_function_declaration", "macro_declaration":
		if c := n.ChildByFieldName("name"); c != nil {
			s.Name = text(src, c)
		}
	case "init_declaration":
		s.Name = "init"
	case "deinit_declaration":
		s.Name = "deinit"
	case "subscript_declaration":
		s.Name = "subscript"
	case "property_declaration":
		if s.Kind == treenav.KindVariable {
			if b := childOfType(n, "value_binding_pattern"); b != nil && strings.HasPrefix(text(src, b), "let") {
				s.Kind = treenav.KindConstant
			}
		}
	}
	s.Name = unquoteIdent(s.Name)
	setTextDoc(s, src, nil)
	s.Signature = swiftSignature(n, src)
}

// swiftSignature is the declaration without attributes and body.
func swiftSignature(n *sitter.Node, src []byte) string {
	end := n.EndByte()
	switch n.Type() {
	case "property_declaration", "protocol_property_declaration", "subscript_declaration", "enum_entry":
		for i := 0; i < int(n.NamedChildCount()); i++ {
			switch c := n.NamedChild(i); c.Type() {
			case "computed_property", "willset_didset_block":
				end = min(end, c.StartByte())
			}
		}
		if c := n.ChildByFieldName("computed_value"); c != nil {
			end = min(end, c.StartByte())
		}
		return declarationSignature(textWithout(n, end, src, swiftAttributes))
	case "typealias_declaration", "associatedtype_declaration":
		return declarationSignature(textWithout(n, end, src, swiftAttributes))
	}
	if b := n.ChildByFieldName("body"); b != nil {
		end = b.StartByte()
	}
	return tidySignature(signature(textWithout(n, end, src, swiftAttributes)))
}
