package code

import (
	"bytes"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/scala"

	"github.com/treenav/treenav"
)

func init() {
	Register(&Language{
		Name:            "scala",
		Extensions:      []string{".scala", ".sc"},
		Interpreters:    []string{"scala", "scala-cli", "amm"},
		Grammar:         scala.GetLanguage,
		AttachReceivers: true,
		Fixup:           scalaFixup,
	})
}

// scalaAnnotations are left out of signatures.
var scalaAnnotations = map[string]bool{"annotation": true, "comment": true, "block_comment": true}

// scalaFixup applies what the Scala grammar leaves to the reader:
//
//   - A package clause without braces holds the rest of the file.
//   - Native words from the keywords: case_class, case_object, implicit
//     (defs and classes), given, opaque and alias types, val and var.
//   - "def this(...)" is a constructor named "this".
//   - A class parameter is a field when it is a val or var, or when its
//     class is a case class or an enum case (their parameters are vals);
//     other class parameters are only constructor arguments and dropped.
//   - An anonymous given is named as Scala 3 names it ("given Ord[Int]"
//     is given_Ord_Int); a given with a template body ("with") is a class
//     (its defs are methods), other givens are variables.
//   - A definition ends on its last line of code: an indented (braceless)
//     body keeps the comments and blank lines after it in the tree.
//   - Signatures leave annotations out and end before the body, "=", ":"
//     or "with"; a val's is its first line.
//   - The doc is the comment run above, read from the text (the grammar
//     puts the comment after an indented body inside that body).
func scalaFixup(s *Symbol, src []byte) {
	n := s.Node
	if scalaMayTrail(src[s.Start:s.End]) {
		if last := scalaLastCode(n); last.EndByte() < s.End {
			s.End, s.EndRow = last.EndByte(), endRow(last)
		}
	}
	scalaEndMarker(s, src)
	switch t := n.Type(); t {
	case "simple_enum_case", "full_enum_case":
		scalaWrap(s, n, "enum_case_definitions")
	case "package_clause":
		if n.ChildByFieldName("body") == nil {
			if p := n.Parent(); p != nil {
				extendToEnd(s, p, src)
			}
		}
	case "class_definition", "object_definition":
		if scalaHasKeyword(n, "case") {
			s.NativeKind = "case_" + strings.TrimSuffix(t, "_definition")
		} else if scalaHasModifier(n, src, "implicit") {
			s.NativeKind = "implicit"
		}
	case "class_parameter":
		if !scalaHasKeyword(n, "val") && !scalaHasKeyword(n, "var") && !scalaCaseParameter(n) {
			s.Name = "" // a constructor argument, not a member
			return
		}
	case "function_definition", "function_declaration":
		if s.Receiver != "" {
			scalaWrap(s, n, "extension_definition")
		}
		if s.Name == "this" {
			s.Kind = treenav.KindConstructor
		} else if scalaHasModifier(n, src, "implicit") {
			s.NativeKind = "implicit"
		}
	case "type_definition":
		switch {
		case childOfType(n, "opaque_modifier") != nil:
			s.NativeKind = "opaque"
		case n.ChildByFieldName("type") != nil:
			s.NativeKind = "alias"
		}
	case "given_definition":
		if s.Name == "" {
			s.Name = scalaGivenName(n, src)
		}
		if b := n.ChildByFieldName("body"); b != nil && b.Type() == "with_template_body" {
			s.Kind = treenav.KindClass
		}
	case "val_definition", "val_declaration":
		s.NativeKind = "val"
	case "var_definition", "var_declaration":
		s.NativeKind = "var"
	}
	s.Name = unquoteIdent(s.Name)
	setTextDoc(s, src, nil)
	s.Signature = scalaSignature(s, n, src)
}

// scalaWrap gives a definition the range of its parent of type typ when
// it is the parent's only definition: "extension (s: String) def f" and
// "case Get extends Method" with one member are read as one line. (Not
// a Language.Wrappers rule: that looks up every symbol's parent, which
// costs a walk from the root each.)
func scalaWrap(s *Symbol, n *sitter.Node, typ string) {
	p := n.Parent()
	if p == nil || p.Type() != typ {
		return
	}
	defs := 0
	for i := 0; i < int(p.NamedChildCount()); i++ {
		switch p.NamedChild(i).Type() {
		case "function_definition", "function_declaration", "simple_enum_case", "full_enum_case":
			defs++
		}
	}
	if defs != 1 {
		return
	}
	s.Start, s.StartRow = p.StartByte(), p.StartPoint().Row
}

// scalaHasKeyword reports whether n has the anonymous child word ("case",
// "val").
func scalaHasKeyword(n *sitter.Node, word string) bool {
	for i := 0; i < int(n.ChildCount()); i++ {
		c := n.Child(i)
		if c.Type() == word && !c.IsNamed() {
			return true
		}
		if c.Type() == "identifier" {
			return false // keywords come before the name
		}
	}
	return false
}

// scalaHasModifier reports whether n's modifiers hold word.
func scalaHasModifier(n *sitter.Node, src []byte, word string) bool {
	m := childOfType(n, "modifiers")
	if m == nil {
		return false
	}
	for _, f := range strings.Fields(text(src, m)) {
		if f == word {
			return true
		}
	}
	return false
}

// scalaCaseParameter reports whether class parameter p belongs to a case
// class or an enum case, whose parameters are all vals.
func scalaCaseParameter(p *sitter.Node) bool {
	list := p.Parent()
	if list == nil || list.Parent() == nil {
		return false
	}
	owner := list.Parent()
	switch owner.Type() {
	case "full_enum_case":
		return true
	case "class_definition":
		return scalaHasKeyword(owner, "case")
	}
	return false
}

// scalaGivenName is the name Scala 3 gives an anonymous given: "given_"
// and the type's identifiers joined by "_" (given Ord[List[Int]] is
// given_Ord_List_Int).
func scalaGivenName(n *sitter.Node, src []byte) string {
	t := n.ChildByFieldName("return_type")
	if t == nil {
		return "given"
	}
	var parts []string
	for _, f := range strings.FieldsFunc(text(src, t), func(r rune) bool {
		return !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= 0x80)
	}) {
		parts = append(parts, f)
	}
	return "given_" + strings.Join(parts, "_")
}

// scalaMayTrail reports whether a definition's text may end with blank
// lines or comments: not when it ends with code such as a closing brace
// (finding the last code walks down the tree, which deep nesting makes
// quadratic).
func scalaMayTrail(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	switch b[len(b)-1] {
	case ' ', '\t', '\r', '\n', '/':
		return true
	}
	last := b[bytes.LastIndexByte(b, '\n')+1:]
	return bytes.Contains(last, []byte("//"))
}

// scalaLastCode is the last descendant of n that is neither a comment nor
// empty (the outdent that closes an indented body is).
func scalaLastCode(n *sitter.Node) *sitter.Node {
	for {
		var last *sitter.Node
		for i := int(n.ChildCount()) - 1; i >= 0; i-- {
			c := n.Child(i)
			if t := c.Type(); t != "comment" && t != "block_comment" && c.EndByte() > c.StartByte() {
				last = c
				break
			}
		}
		if last == nil {
			return n
		}
		n = last
	}
}

// scalaEndMarker extends a definition over the end marker that closes it
// ("end Router", "end extension"), which the grammar leaves after it.
func scalaEndMarker(s *Symbol, src []byte) {
	rest := src[s.End:]
	i := 0
	for i < len(rest) && (rest[i] == ' ' || rest[i] == '\t' || rest[i] == '\r' || rest[i] == '\n') {
		i++
	}
	if !bytes.HasPrefix(rest[i:], []byte("end ")) {
		return
	}
	j := i + 4
	for j < len(rest) && rest[j] == ' ' {
		j++
	}
	k := j
	for k < len(rest) && (isIdentByte(rest[k]) || rest[k] >= 0x80) {
		k++
	}
	switch string(rest[j:k]) {
	case s.Name, "extension", "given", "this":
		if k > j {
			s.End += uint32(k)
			s.EndRow += uint32(bytes.Count(rest[:k], []byte("\n")))
		}
	}
}

// scalaSignature is the declaration without annotations and body.
func scalaSignature(s *Symbol, n *sitter.Node, src []byte) string {
	// A wrapped definition ("extension (s: String) def f", "case Get")
	// starts at its wrapper.
	text := func(end uint32) []byte {
		if s.Start < n.StartByte() {
			return src[s.Start:end]
		}
		return textWithout(n, end, src, scalaAnnotations)
	}
	switch n.Type() {
	case "val_definition", "var_definition", "val_declaration", "var_declaration",
		"class_parameter", "simple_enum_case", "full_enum_case", "type_definition":
		return declarationSignature(text(s.End))
	}
	end := n.EndByte()
	if b := n.ChildByFieldName("body"); b != nil {
		end = b.StartByte()
	}
	sig := signature(text(end))
	for {
		t := strings.TrimSpace(sig)
		t = strings.TrimSuffix(t, "=")
		t = strings.TrimSuffix(t, ":")
		t = strings.TrimSuffix(t, " with")
		t = strings.TrimSpace(t)
		if t == sig {
			break
		}
		sig = t
	}
	return tidySignature(sig)
}
