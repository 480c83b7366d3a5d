package code

import (
	"bytes"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/php"

	"github.com/treenav/treenav"
)

func init() {
	Register(&Language{
		Name:         "php",
		Extensions:   []string{".php", ".phtml", ".php8", ".php7", ".inc"},
		Interpreters: []string{"php"},
		Grammar:      php.GetLanguage,
		CommentTypes: []string{"comment"},
		// define('X', 1); carries the comment above the statement.
		Wrappers:       []string{"expression_statement"},
		ScopeSeparator: `\`,
		// Promoted constructor parameters are properties of the class.
		AttachReceivers: true,
		Repair:          phpRepair,
		Fixup:           phpFixup,
	})
}

// phpFixup completes what the query leaves to code:
//
//   - A namespace statement without braces ("namespace App\Http;") scopes
//     every declaration after it up to the next namespace statement, so
//     its range runs to the last of them and they nest inside it.
//   - __construct is the constructor.
//   - Signatures stop before the body and leave attributes (#[...]) out;
//     a property or constant declaration keeps its first line.
//   - A constant the Repair hook turned into an enum case to get the enum
//     parsed is a constant again.
func phpFixup(s *Symbol, src []byte) {
	n := s.Node
	start := phpAfterAttributes(n)
	switch n.Type() {
	case "namespace_definition":
		if n.ChildByFieldName("body") == nil {
			phpNamespaceScope(s, n)
		}
		end := n.EndByte()
		if name := n.ChildByFieldName("name"); name != nil {
			end = name.EndByte()
		}
		s.Signature = signature(src[start:end])
	case "class_declaration", "interface_declaration", "trait_declaration", "enum_declaration",
		"function_definition", "method_declaration":
		end := n.EndByte()
		if b := n.ChildByFieldName("body"); b != nil {
			end = b.StartByte()
		}
		s.Signature = tidySignature(strings.TrimSuffix(signature(src[start:end]), ";"))
		if n.Type() == "method_declaration" && strings.EqualFold(s.Name, "__construct") {
			s.Kind = treenav.KindConstructor
		}
	case "enum_case":
		t := strings.TrimSpace(string(src[n.StartByte():n.EndByte()]))
		if !strings.HasPrefix(t, "case") {
			// "public const X = 1;" mended by phpRepair: the modifiers
			// before the node are part of the constant.
			s.Kind, s.NativeKind = treenav.KindConstant, ""
			line := bytes.LastIndexByte(src[:n.StartByte()], '\n') + 1
			if mods := strings.Fields(string(src[line:n.StartByte()])); len(mods) > 0 && allPHPModifiers(mods) {
				start = uint32(line + len(src[line:n.StartByte()]) - len(bytes.TrimLeft(src[line:n.StartByte()], " \t")))
				if s.DocStart == s.Start {
					s.DocStart = start
				} else {
					s.Doc = cleanDoc(string(src[s.DocStart:start]))
				}
				s.Start = start
			}
		}
		s.Signature = declarationSignature(src[start:n.EndByte()])
	default:
		s.Signature = declarationSignature(src[start:n.EndByte()])
	}
}

// phpAfterAttributes is where a declaration's text starts once its
// attributes are left out.
func phpAfterAttributes(n *sitter.Node) uint32 {
	start := n.StartByte()
	if a := n.ChildByFieldName("attributes"); a != nil && a.StartByte() == start {
		if next := a.NextSibling(); next != nil {
			start = next.StartByte()
		}
	}
	return start
}

// phpNamespaceScope extends a statement namespace over the siblings after
// it, up to the next namespace statement; trailing comments (the doc of
// what follows) are left out.
func phpNamespaceScope(s *Symbol, n *sitter.Node) {
	var last *sitter.Node
	for c := n.NextNamedSibling(); c != nil && c.Type() != "namespace_definition"; c = c.NextNamedSibling() {
		if c.Type() != "comment" && c.Type() != "text_interpolation" {
			last = c
		}
	}
	if last != nil && last.EndByte() > s.End {
		s.End, s.EndRow = last.EndByte(), endRow(last)
	}
}

func allPHPModifiers(words []string) bool {
	for _, w := range words {
		switch w {
		case "final", "public", "protected", "private":
		default:
			return false
		}
	}
	return true
}
