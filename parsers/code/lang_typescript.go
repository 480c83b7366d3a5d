package code

import (
	"bytes"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/javascript"
	"github.com/smacker/go-tree-sitter/typescript/tsx"
	"github.com/smacker/go-tree-sitter/typescript/typescript"

	"github.com/treenav/treenav"
)

// TypeScript, TSX and JavaScript. TSX needs its own grammar (JSX and
// "<T>x" casts are ambiguous) but is the same language: it shares the
// TypeScript query and its documents are "typescript". JavaScript has its
// own grammar and query; the JavaScript grammar parses JSX.
func init() {
	// "export", "declare" and the declaration statement wrap the symbol
	// they declare: "export const f = () => 1;" is one definition whose
	// range and signature start at "export". A statement declaring several
	// variables is not a wrapper for any of them (the soleDefinition rule),
	// as tsc reports it. A namespace statement sits in an
	// expression_statement.
	wrappers := []string{"export_statement", "ambient_declaration", "lexical_declaration",
		"variable_declaration", "expression_statement"}
	Register(&Language{
		Name:         "typescript",
		Extensions:   []string{".ts", ".mts", ".cts"},
		Interpreters: []string{"ts-node"},
		Grammar:      typescript.GetLanguage,
		CommentTypes: []string{"comment"},
		LeadingTypes: []string{"decorator"},
		Wrappers:     wrappers,
		Repair:       tsRepair,
		Fixup:        tsFixup,
	})
	Register(&Language{
		Name:         "tsx",
		DocLanguage:  "typescript",
		Query:        "typescript",
		Extensions:   []string{".tsx"},
		Grammar:      tsx.GetLanguage,
		CommentTypes: []string{"comment"},
		LeadingTypes: []string{"decorator"},
		Wrappers:     wrappers,
		Repair:       tsRepair,
		Fixup:        tsFixup,
	})
	Register(&Language{
		Name:         "javascript",
		Extensions:   []string{".js", ".jsx", ".mjs", ".cjs"},
		Interpreters: []string{"node", "nodejs"},
		Grammar:      javascript.GetLanguage,
		CommentTypes: []string{"comment"},
		LeadingTypes: []string{"decorator"},
		Wrappers:     wrappers,
		Fixup:        tsFixup,
	})
}

// tsFixup finishes what the query leaves to code: the kind of a variable
// from its value, quoted member names, dotted namespace names, and
// signatures without decorators or large initialisers.
func tsFixup(s *Symbol, src []byte) {
	if s.NameNode != nil && s.NameNode.Type() == "string" {
		s.Name = unquote(s.Name)
	}
	if s.Kind == treenav.KindExport || s.NativeKind == "default" {
		tsExport(s, src)
		return
	}
	switch s.Node.Type() {
	case "variable_declarator":
		tsVariable(s, src)
		return
	case "assignment_expression":
		jsAssignment(s, src)
		if s.Name == "" {
			return
		}
	case "pair":
		if jsAliasGetter(s.Node, src) {
			s.Name = ""
			return
		}
		s.NativeKind = "property"
		jsObjectPath(s, src, s.Node)
	case "method_definition":
		if p := s.Node.Parent(); p != nil && p.Type() == "object" {
			jsObjectPath(s, src, s.Node)
		}
	case "call_expression":
		jsCall(s, src)
		return
	case "function_expression", "generator_function":
		// A function's own name (not "export default function ()").
		if s.NameNode != nil && jsSame(s.Node.ChildByFieldName("name"), s.NameNode) {
			jsNamedExpression(s, src)
			if s.Name == "" {
				return
			}
		}
	case "class":
		// "const Shape = class Square {}" is one symbol, the variable.
		if p := s.Node.Parent(); p != nil && p.Type() == "variable_declarator" && moduleLevel(src, p.Parent()) {
			s.Name = ""
			return
		}
	case "internal_module", "module":
		// "namespace A.B {}" declares B inside A.
		if i := strings.LastIndexByte(s.Name, '.'); i > 0 && s.NameNode.Type() == "nested_identifier" {
			s.Scope = strings.Split(s.Name[:i], ".")
			s.Name = s.Name[i+1:]
		}
	}
	if hasDecorators(s.Node) {
		s.Signature = signature(withoutDecorators(src, s.Node, s.Start, sigEnd(s)))
	}
	// "type T =" before an object type body; "declare function f();".
	s.Signature = strings.TrimSuffix(strings.TrimSuffix(s.Signature, ";"), " =")
}

// tsVariable sets the kind of a module-level variable from its declaration
// and value, and keeps large initialisers out of its signature. Inside a
// function, only a variable holding a function is a symbol ("var
// bindEvents = function (...) {...}", nested in its function).
func tsVariable(s *Symbol, src []byte) {
	decl := s.Node.Parent()
	value := jsInner(s.Node.ChildByFieldName("value"))
	if decl == nil || !moduleLevel(src, decl) && !jsFunctionValue(value) {
		s.Name = "" // a local: dropped
		return
	}
	if jsAssignsFunction(value) {
		// "var Model = Backbone.Model = function (...) {}": the
		// assignment is the symbol (Backbone.Model).
		s.Name = ""
		return
	}
	isConst := decl != nil && decl.Type() == "lexical_declaration" && decl.Child(0) != nil && decl.Child(0).Type() == "const"
	cut := uint32(0) // where the signature ends; 0: the whole declaration
	if value != nil {
		switch value.Type() {
		case "arrow_function":
			s.Kind, s.NativeKind = treenav.KindFunction, "arrow"
			cut = bodyOf(value)
		case "function_expression", "function", "generator_function":
			s.Kind, s.NativeKind = treenav.KindFunction, "expression"
			cut = bodyOf(value)
		case "class":
			s.Kind, s.NativeKind = treenav.KindClass, "expression"
			cut = bodyOf(value)
		case "call_expression", "new_expression":
			// Keep the callee: "const Button = React.forwardRef<P>".
			if args := value.ChildByFieldName("arguments"); args != nil && !short(src[s.Start:s.End]) {
				cut = args.StartByte()
			}
		case "object", "array", "parenthesized_expression", "template_string",
			"jsx_element", "jsx_self_closing_element", "as_expression", "satisfies_expression":
			if !short(src[s.Start:s.End]) {
				cut = value.StartByte()
			}
		}
	}
	if s.Kind == treenav.KindVariable && isConst {
		s.Kind = treenav.KindConstant
	}
	end := s.End
	if cut > s.Start && cut < end {
		end = cut
	}
	sig := signature(src[s.Start:end])
	sig = strings.TrimSuffix(strings.TrimSuffix(sig, ";"), " =")
	// A declarator that shares its statement with others has no keyword
	// of its own: "export let a = 1, b = 2" gives "export let b = 2".
	if decl != nil && s.Start == s.Node.StartByte() && decl.Child(0) != nil {
		outer := decl
		for p := outer.Parent(); p != nil && (p.Type() == "export_statement" || p.Type() == "ambient_declaration"); p = p.Parent() {
			outer = p
		}
		sig = signature(src[outer.StartByte():decl.Child(0).EndByte()]) + " " + sig
	}
	s.Signature = sig
}

// moduleLevel reports whether a declaration statement is at the top of its
// file or namespace, where variables are symbols: directly, or under
// "export" and "declare", in the program, a namespace or module body,
// "declare global", the body of an IIFE or UMD wrapper (jsWrapper), or an
// ERROR root (a file that failed to parse as a whole).
func moduleLevel(src []byte, decl *sitter.Node) bool {
	p := decl.Parent()
	for p != nil && (p.Type() == "export_statement" || p.Type() == "ambient_declaration") {
		p = p.Parent()
	}
	if p == nil {
		return false
	}
	switch p.Type() {
	case "program":
		return true
	case "ERROR":
		return p.Parent() == nil
	case "statement_block":
		if b := p.Parent(); b != nil {
			switch b.Type() {
			case "internal_module", "module", "ambient_declaration":
				return true
			}
		}
		return jsTopBlock(src, p)
	}
	return false
}

// short reports whether a declaration is worth showing whole as its
// signature: one line, a line's length ("var send = require('send')").
func short(decl []byte) bool {
	return len(decl) <= 100 && !bytes.ContainsRune(decl, '\n')
}

// bodyOf returns where a function's or class's body starts, or 0.
func bodyOf(n *sitter.Node) uint32 {
	if b := n.ChildByFieldName("body"); b != nil {
		return b.StartByte()
	}
	return 0
}

// sigEnd is where a symbol's signature text ends: its body, else its end.
func sigEnd(s *Symbol) uint32 {
	if s.bodyStart > s.Start {
		return s.bodyStart
	}
	return s.End
}

// hasDecorators reports whether a definition or its export statement
// carries decorators.
func hasDecorators(def *sitter.Node) bool {
	for n := def; n != nil; n = n.Parent() {
		for i := 0; i < int(n.NamedChildCount()); i++ {
			if n.NamedChild(i).Type() == "decorator" {
				return true
			}
		}
		if p := n.Parent(); p == nil || p.Type() != "export_statement" {
			break
		}
	}
	return false
}

// withoutDecorators returns src[start:end] with the decorators of def (and
// of its export statement) cut out: "@Component({...}) export class A"
// has the signature "export class A".
func withoutDecorators(src []byte, def *sitter.Node, start, end uint32) []byte {
	var out []byte
	pos := start
	cutFrom := func(n *sitter.Node) {
		for i := 0; i < int(n.NamedChildCount()); i++ {
			d := n.NamedChild(i)
			if d.Type() != "decorator" || d.StartByte() < pos || d.EndByte() > end {
				continue
			}
			out = append(out, src[pos:d.StartByte()]...)
			out = append(out, ' ')
			pos = d.EndByte()
		}
	}
	if p := def.Parent(); p != nil && p.Type() == "export_statement" {
		cutFrom(p)
	}
	cutFrom(def)
	return append(out, src[pos:end]...)
}

// unquote strips the quotes of a string-literal member name ('foo-bar').
func unquote(s string) string {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}

// tsExport names and describes what an export statement exports without
// declaring it: a re-export ("export { A as B } from './m'": B, whose
// signature is that text; "export * from './m'": ./m; "export * as ns
// from './m'": ns) or the default value ("export default
// defineConfig({...})": default, a variable; "export default router": an
// export of router).
func tsExport(s *Symbol, src []byte) {
	stmt := s.Node
	for stmt != nil && stmt.Type() != "export_statement" {
		stmt = stmt.Parent()
	}
	if stmt == nil {
		s.Name = ""
		return
	}
	from := ""
	if source := stmt.ChildByFieldName("source"); source != nil {
		from = " from " + text(src, source)
	}
	typ := ""
	for i := 0; i < int(stmt.ChildCount()); i++ {
		if c := stmt.Child(i); !c.IsNamed() && c.Type() == "type" {
			typ = "type "
		}
	}
	switch s.Node.Type() {
	case "export_specifier":
		name := s.Node.ChildByFieldName("alias")
		if name == nil {
			name = s.Node.ChildByFieldName("name")
		}
		if name == nil {
			s.Name = ""
			return
		}
		s.Name = unquote(text(src, name))
		s.NativeKind = "reexport"
		s.Signature = "export " + typ + "{ " + signature(src[s.Node.StartByte():s.Node.EndByte()]) + " }" + from
		s.NameNode = nil
	case "export_statement":
		s.NameNode = nil
		s.Signature = signature(src[stmt.StartByte():stmt.EndByte()])
		s.Signature = strings.TrimSuffix(s.Signature, ";")
		s.Name = ""
		for i := 0; i < int(stmt.NamedChildCount()); i++ {
			switch c := stmt.NamedChild(i); c.Type() {
			case "export_clause":
				return // each specifier is a symbol
			case "namespace_export":
				if id := c.NamedChild(0); id != nil {
					s.Name, s.NativeKind = unquote(text(src, id)), "namespace"
				}
				return
			}
		}
		if source := stmt.ChildByFieldName("source"); source != nil {
			s.Name, s.NativeKind = unquote(text(src, source)), "star"
		}
	default: // export default <value>
		s.Start, s.End = stmt.StartByte(), stmt.EndByte()
		s.StartRow, s.EndRow = stmt.StartPoint().Row, stmt.EndPoint().Row
		switch v := jsInner(s.Node); v.Type() {
		case "identifier", "member_expression":
			s.Kind, s.NativeKind = treenav.KindExport, "default"
			s.Signature = strings.TrimSuffix(signature(src[stmt.StartByte():stmt.EndByte()]), ";")
		default:
			end := s.End
			if args := v.ChildByFieldName("arguments"); args != nil && !short(src[s.Start:s.End]) {
				end = args.StartByte()
			} else if !short(src[s.Start:s.End]) {
				end = v.StartByte()
			}
			s.Signature = strings.TrimSuffix(signature(src[s.Start:end]), ";")
		}
	}
}
