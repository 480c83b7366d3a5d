package code

import (
	"bytes"
	"regexp"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/ocaml"

	"github.com/treenav/treenav"
)

func init() {
	Register(&Language{
		Name:           "ocaml",
		Extensions:     []string{".ml"},
		Interpreters:   []string{"ocaml"},
		Grammar:        ocaml.GetLanguage,
		CommentTypes:   []string{"comment"},
		CommentMarkers: []string{"(*"},
		Fixup:          ocamlFixup,
	})
	// Interfaces: the bundled grammar parses implementations only, whose
	// signatures ("sig ... end") hold what an .mli holds at its top; the
	// top-level "val" specifications are rewritten so that it parses (see
	// ocamlInterface).
	Register(&Language{
		Name:           "ocaml_interface",
		DocLanguage:    "ocaml",
		Query:          "ocaml",
		Extensions:     []string{".mli"},
		Grammar:        ocaml.GetLanguage,
		CommentTypes:   []string{"comment"},
		CommentMarkers: []string{"(*"},
		Preprocess:     ocamlInterface,
		Fixup:          ocamlFixup,
	})
}

// ocamlVal matches a "val name :" that starts a line (the colon may be on
// a later line).
var (
	ocamlVal     = regexp.MustCompile(`(?m)^([ \t]*)val((?:[ \t]*\[@[^\]\n]*\])?[ \t]+)([a-z_][\w']*)(\s*):`)
	ocamlInclude = regexp.MustCompile(`(?m)^[ \t]*include[ \t][^\n]*`)
)

// ocamlInterface returns an .mli file's text with each "val name : t" at
// the start of a line written as "type xxxx = t", a type abbreviation,
// which the implementation grammar parses at the top of a file as well as
// in a signature: "val name" becomes "type " and a placeholder name of
// the same length (the name is read back from the original by
// ocamlFixup), and the colon an equals sign. Includes of module types
// are blanked.
func ocamlInterface(src []byte) []byte {
	ms := ocamlVal.FindAllSubmatchIndex(src, -1)
	incs := ocamlInclude.FindAllIndex(src, -1)
	if ms == nil && incs == nil {
		return src
	}
	out := bytes.Clone(src)
	inObject := ocamlObjectVals(src)
	for _, m := range ms {
		if inObject[m[3]] {
			continue // an instance variable of a class type: valid as is
		}
		end := m[7] // "val" through the name and the blanks after it on its line
		for end < m[9] && (src[end] == ' ' || src[end] == '\t') {
			end++
		}
		if end-m[3] < len("type x") {
			continue // "val x:" has no room for "type"
		}
		copy(out[m[3]:], "type ")
		for i := m[3] + len("type "); i < end; i++ {
			out[i] = 'x'
		}
		out[m[1]-1] = '='
	}
	// "include S with type t := t" and "include module type of M" take a
	// module type, which a structure's include does not: the line is
	// blanked (it defines nothing by name).
	for _, m := range incs {
		for i := m[0]; i < m[1]; i++ {
			if out[i] != '\r' {
				out[i] = ' '
			}
		}
	}
	return out
}

// ocamlObjectVals returns the offsets of the "val" keywords that are
// directly in an "object ... end" (instance variables of class types), by
// following object / sig / struct / begin ... end nesting outside comments
// and strings.
func ocamlObjectVals(src []byte) map[int]bool {
	var stack []string
	found := map[int]bool{}
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '(' && i+1 < len(src) && src[i+1] == '*':
			depth := 0
			for i < len(src) {
				if src[i] == '(' && i+1 < len(src) && src[i+1] == '*' {
					depth++
					i += 2
				} else if src[i] == '*' && i+1 < len(src) && src[i+1] == ')' {
					depth--
					i += 2
					if depth == 0 {
						break
					}
				} else {
					i++
				}
			}
		case c == '"':
			for i++; i < len(src) && src[i] != '"'; i++ {
				if src[i] == '\\' {
					i++
				}
			}
			i++
		case c == '\'' && i+2 < len(src) && src[i+2] == '\'':
			i += 3 // a character literal such as '"'
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i
			for j < len(src) && (src[j] == '_' || src[j] == '\'' || src[j] >= 'a' && src[j] <= 'z' || src[j] >= 'A' && src[j] <= 'Z' || src[j] >= '0' && src[j] <= '9') {
				j++
			}
			switch w := string(src[i:j]); w {
			case "object", "sig", "struct", "begin":
				stack = append(stack, w)
			case "end":
				if len(stack) > 0 {
					stack = stack[:len(stack)-1]
				}
			case "val":
				if len(stack) > 0 && stack[len(stack)-1] == "object" {
					found[i] = true
				}
			}
			i = j
		default:
			i++
		}
	}
	return found
}

// ocamlFixup sets kinds (a let binding is a function when it takes
// parameters or is a function), writes signatures without bodies, gives
// the first binding of "let ... and ..." / "type ... and ..." the range of
// the whole definition and the others their "and", turns the rewritten
// "val"s of an interface back into values, and finds docs: the comment
// above, or the "(** ... *)" just after an item (the style of .mli files),
// on its last line or the next one when no other item follows directly.
func ocamlFixup(s *Symbol, src []byte) {
	n := s.Node
	switch n.Type() {
	case "let_binding":
		item := ocamlItem(s, n, src)
		end := n.EndByte()
		if b := n.ChildByFieldName("body"); b != nil {
			end = b.StartByte()
		}
		s.Signature = ocamlTrimEq(signature(src[item:end]))
		s.Kind = treenav.KindVariable
		if ocamlIsFunction(n) {
			s.Kind = treenav.KindFunction
		}
	case "type_binding":
		item := ocamlItem(s, n, src)
		if bytes.HasPrefix(src[item:], []byte("val")) {
			// An interface's "val", rewritten as a type (ocamlInterface).
			s.NativeKind = "val"
			s.Kind = treenav.KindVariable
			if m := ocamlVal.FindSubmatch(src[item:]); m != nil {
				s.Name = string(m[3])
			}
			for i := 0; i < int(n.NamedChildCount()); i++ {
				if ocamlFunctionType(n.NamedChild(i)) {
					s.Kind = treenav.KindFunction
				}
			}
			s.Signature = signature(src[item:n.EndByte()])
			break
		}
		// A variant or record type stops before its constructors or
		// fields (they are its children); an alias or abstract type is
		// whole.
		end := n.EndByte()
		for i := 0; i < int(n.NamedChildCount()); i++ {
			if c := n.NamedChild(i); c.Type() == "variant_declaration" || c.Type() == "record_declaration" {
				end = c.StartByte()
				break
			}
		}
		s.Signature = ocamlTrimEq(signature(src[item:end]))
	case "value_specification", "external":
		s.Kind = treenav.KindVariable
		for i := 0; i < int(n.NamedChildCount()); i++ {
			if ocamlFunctionType(n.NamedChild(i)) {
				s.Kind = treenav.KindFunction
			}
		}
		s.Signature = signature(src[n.StartByte():n.EndByte()])
	case "module_binding", "class_binding", "class_type_binding":
		item := ocamlItem(s, n, src)
		end := n.EndByte()
		for i := 0; i < int(n.NamedChildCount()); i++ {
			c := n.NamedChild(i)
			if c.Type() == "signature" || c.Type() == "structure" || n.FieldNameForChild(int(ocamlChildIndex(n, c))) == "body" {
				end = c.StartByte()
				break
			}
		}
		s.Signature = ocamlTrimEq(tidySignature(signature(src[item:end])))
		if n.Type() == "module_binding" && ocamlHasChild(n, "module_parameter") {
			s.NativeKind = "functor"
		}
	case "module_type_definition", "method_definition":
		end := n.EndByte()
		if b := n.ChildByFieldName("body"); b != nil {
			end = b.StartByte()
		}
		s.Signature = ocamlTrimEq(signature(src[n.StartByte():end]))
	case "constructor_declaration":
		switch s.Name { // "[]" is two tokens
		case "]":
			s.Name = ""
			return
		case "[":
			s.Name = "[]"
		}
		fallthrough
	default: // constructors, fields, exceptions, instance variables
		s.Signature = declarationSignature(src[n.StartByte():n.EndByte()])
		s.Signature = strings.TrimSuffix(strings.TrimSpace(strings.TrimPrefix(s.Signature, "|")), ";")
	}
	if s.DocStart < s.Start {
		// Up to the end of the last comment: a constructor's "|" is
		// between it and the definition.
		s.Doc = ocamlCleanDoc(strings.TrimRight(string(src[s.DocStart:s.Start]), " \t\r\n|"))
	}
	if s.Doc == "" {
		ocamlDocAfter(s, src)
	}
}

// ocamlItem puts the first binding of a definition ("let", "type",
// "module", "class") at the definition's start, with the comments above
// it as its doc, and a later one at its "and"; it returns the start of the
// signature.
func ocamlItem(s *Symbol, n *sitter.Node, src []byte) uint32 {
	p := n.Parent()
	if p == nil {
		return n.StartByte()
	}
	first := true
	var and *sitter.Node
	for c := n.PrevSibling(); c != nil; c = c.PrevSibling() {
		if c.Type() == n.Type() {
			first = false
			break
		}
		if c.Type() == "and" && and == nil {
			and = c
		}
	}
	if !first {
		if and != nil {
			return and.StartByte()
		}
		return n.StartByte()
	}
	if s.Start != p.StartByte() {
		s.Start, s.StartRow = p.StartByte(), p.StartPoint().Row
		s.DocStart, s.DocRow, s.Doc = s.Start, s.StartRow, ""
		row := s.StartRow
		for c := p.PrevNamedSibling(); c != nil && c.Type() == "comment" && endRow(c)+1 >= row; c = c.PrevNamedSibling() {
			if prev := c.PrevSibling(); prev != nil && endRow(prev) == c.StartPoint().Row {
				break // a comment that trails code
			}
			s.DocStart, s.DocRow = c.StartByte(), c.StartPoint().Row
			row = s.DocRow
		}
	}
	if s.End < p.EndByte() && ocamlLastOfType(n) {
		s.End, s.EndRow = p.EndByte(), endRow(p)
	}
	return p.StartByte()
}

// ocamlLastOfType reports whether no sibling after n has n's type.
func ocamlLastOfType(n *sitter.Node) bool {
	for c := n.NextSibling(); c != nil; c = c.NextSibling() {
		if c.Type() == n.Type() {
			return false
		}
	}
	return true
}

func ocamlChildIndex(p, c *sitter.Node) int {
	for i := 0; i < int(p.ChildCount()); i++ {
		if p.Child(i).StartByte() == c.StartByte() && p.Child(i).Type() == c.Type() {
			return i
		}
	}
	return -1
}

func ocamlHasChild(n *sitter.Node, typ string) bool {
	for i := 0; i < int(n.NamedChildCount()); i++ {
		if n.NamedChild(i).Type() == typ {
			return true
		}
	}
	return false
}

// ocamlIsFunction reports whether a let binding defines a function: it
// has parameters, or its body is "function" or "fun".
func ocamlIsFunction(n *sitter.Node) bool {
	if ocamlHasChild(n, "parameter") {
		return true
	}
	b := n.ChildByFieldName("body")
	return b != nil && (b.Type() == "function_expression" || b.Type() == "fun_expression")
}

// ocamlFunctionType reports whether a type expression is a function type
// (possibly under a polymorphic annotation "'a. 'a -> 'a").
func ocamlFunctionType(n *sitter.Node) bool {
	switch n.Type() {
	case "function_type":
		return true
	case "polymorphic_type":
		for i := 0; i < int(n.NamedChildCount()); i++ {
			if ocamlFunctionType(n.NamedChild(i)) {
				return true
			}
		}
	}
	return false
}

// ocamlTrimEq drops the "=" that introduces a body.
func ocamlTrimEq(s string) string {
	return strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "="))
}

// ocamlDocAfter takes the doc comment "(** ... *)" that follows an item on
// its last line, or on the next line when no code follows that comment
// directly (a comment between two items without blank lines is the next
// one's).
func ocamlDocAfter(s *Symbol, src []byte) {
	n := s.Node
	if p := n.Parent(); p != nil && ocamlLastOfType(n) && p.EndByte() == s.End && p.Type() != "compilation_unit" && p.Type() != "structure" && p.Type() != "signature" {
		n = p // the comment follows the whole definition
	}
	c := n.NextNamedSibling()
	if c == nil || c.Type() != "comment" || !bytes.HasPrefix(src[c.StartByte():], []byte("(**")) {
		return
	}
	if text(src, c) == "(**)" { // an empty comment, the stdlib's way to end a line
		if next := c.NextNamedSibling(); next != nil && next.Type() == "comment" && next.StartPoint().Row <= c.StartPoint().Row+1 {
			c = next
		}
	}
	row := c.StartPoint().Row
	switch {
	case row == s.EndRow:
	case row == s.EndRow+1:
		if next := c.NextNamedSibling(); next != nil && next.Type() != "comment" && next.StartPoint().Row <= endRow(c)+1 {
			return
		}
	default:
		return
	}
	s.Doc = ocamlCleanDoc(text(src, c))
}

// ocamlCleanDoc strips the "(**" and "*)" of OCaml comments.
func ocamlCleanDoc(s string) string {
	lines := strings.Split(strings.TrimSpace(strings.ReplaceAll(s, "(**)", "")), "\n")
	for i, ln := range lines {
		ln = strings.TrimRight(ln, " \t\r")
		if t := strings.TrimSpace(ln); strings.HasPrefix(t, "(*") {
			ln = strings.TrimLeft(t[1:], "*")
		}
		if strings.HasSuffix(ln, "*)") {
			ln = strings.TrimRight(ln[:len(ln)-1], "*")
		}
		lines[i] = strings.TrimRight(ln, " \t")
	}
	return dedent(strings.Join(lines, "\n"))
}
