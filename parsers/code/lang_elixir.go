package code

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/elixir"
)

func init() {
	Register(&Language{
		Name:         "elixir",
		Extensions:   []string{".ex", ".exs"},
		Interpreters: []string{"elixir"},
		Grammar:      elixir.GetLanguage,
		CommentTypes: []string{"comment"},
		Fixup:        elixirFixup,
	})
}

// elixirReserved are the module attributes Elixir and its tools read
// themselves: they are not the module's constants.
var elixirReserved = map[string]bool{
	"doc": true, "moduledoc": true, "typedoc": true, "spec": true, "impl": true,
	"type": true, "typep": true, "opaque": true, "callback": true, "macrocallback": true,
	"optional_callbacks": true, "behaviour": true, "derive": true, "enforce_keys": true,
	"deprecated": true, "since": true, "dialyzer": true, "compile": true, "vsn": true,
	"on_load": true, "on_definition": true, "before_compile": true, "after_compile": true,
	"after_verify": true, "external_resource": true, "file": true, "nifs": true,
	"moduletag": true, "describetag": true, "tag": true, "fallback_to_any": true,
}

// elixirLeading are the attributes that belong to the definition below
// them: the definition's range starts at the first of them.
var elixirLeading = map[string]bool{
	"doc": true, "spec": true, "impl": true, "deprecated": true, "since": true,
	"dialyzer": true, "decorate": true, "typedoc": true,
}

// elixirFixup names modules in the scope of their alias prefix, merges the
// clauses of a function, extends definitions over their @doc / @spec /
// @impl, reads @doc and @moduledoc, and writes signatures.
func elixirFixup(s *Symbol, src []byte) {
	n := s.Node
	kw := ""
	if t := n.ChildByFieldName("target"); n.Type() == "call" && t != nil {
		kw = text(src, t)
	}
	switch {
	case kw == "defmodule" || kw == "defprotocol" || kw == "defimpl":
		name := s.Name
		if kw == "defimpl" {
			if f := elixirKeyword(n, "for", src); f != nil && f.Type() == "alias" {
				name += "." + text(src, f)
			}
		}
		if i := strings.LastIndexByte(name, '.'); i >= 0 {
			s.Scope, s.Name = strings.Split(name[:i], "."), name[i+1:]
		}
		if kw == "defmodule" {
			s.NativeKind = ""
		}
		elixirModuleDoc(s, src)
	case kw == "defstruct" || kw == "defexception":
		s.NativeKind = kw
		s.Signature = declarationSignature(src[n.StartByte():n.EndByte()])
		elixirLeadingAttrs(s, src)
	case n.Type() == "call": // def, defp, defdelegate, defmacro, ...
		s.NativeKind = kw
		if elixirLaterClause(s, n, kw, src) {
			s.Name = ""
			return
		}
		elixirMergeClauses(s, n, kw, src)
		end := n.EndByte()
		if args := elixirArgs(n); args != nil && args.NamedChildCount() > 0 && kw != "defdelegate" {
			end = args.NamedChild(0).EndByte()
		}
		s.Signature = tidySignature(signature(src[n.StartByte():end]))
		elixirLeadingAttrs(s, src)
	case n.Type() == "unary_operator":
		attr := ""
		if op := n.ChildByFieldName("operand"); op != nil {
			if t := op.ChildByFieldName("target"); t != nil {
				attr = text(src, t)
			}
		}
		if s.NativeKind == "attribute" {
			if elixirReserved[s.Name] {
				s.Name = ""
				return
			}
			s.Name = "@" + s.Name
			s.Signature = declarationSignature(src[n.StartByte():n.EndByte()])
			return
		}
		s.NativeKind = attr // typep, opaque, callback, macrocallback
		if attr == "type" {
			s.NativeKind = ""
		}
		s.Signature = signature(src[n.StartByte():n.EndByte()])
		elixirLeadingAttrs(s, src)
	case n.Type() == "atom" || n.Type() == "pair": // struct fields
		s.Name = strings.TrimSuffix(strings.TrimSpace(strings.TrimPrefix(s.Name, ":")), ":")
		s.Signature = declarationSignature(src[n.StartByte():n.EndByte()])
	}
}

// elixirArgs returns a call's arguments node.
func elixirArgs(n *sitter.Node) *sitter.Node {
	for i := 0; i < int(n.NamedChildCount()); i++ {
		if c := n.NamedChild(i); c.Type() == "arguments" {
			return c
		}
	}
	return nil
}

// elixirKeyword returns the value of keyword argument key ("for: Map").
func elixirKeyword(n *sitter.Node, key string, src []byte) *sitter.Node {
	args := elixirArgs(n)
	if args == nil {
		return nil
	}
	for i := 0; i < int(args.NamedChildCount()); i++ {
		kws := args.NamedChild(i)
		if kws.Type() != "keywords" {
			continue
		}
		for j := 0; j < int(kws.NamedChildCount()); j++ {
			p := kws.NamedChild(j)
			if k := p.ChildByFieldName("key"); k != nil && strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(text(src, k)), ":")) == key {
				return p.ChildByFieldName("value")
			}
		}
	}
	return nil
}

// elixirHead returns the name and arity of a def's head ("f(a, b) when
// ..." is f/2), or "" when it has none.
func elixirHead(n *sitter.Node, src []byte) (string, int) {
	args := elixirArgs(n)
	if args == nil || args.NamedChildCount() == 0 {
		return "", 0
	}
	h := args.NamedChild(0)
	if h.Type() == "binary_operator" {
		if op := h.ChildByFieldName("operator"); op != nil && text(src, op) == "when" {
			h = h.ChildByFieldName("left")
		}
	}
	switch {
	case h == nil:
		return "", 0
	case h.Type() == "identifier":
		return text(src, h), 0
	case h.Type() == "call":
		t := h.ChildByFieldName("target")
		if t == nil || t.Type() != "identifier" {
			return "", 0
		}
		arity := 0
		if a := elixirArgs(h); a != nil {
			arity = int(a.NamedChildCount())
		}
		return text(src, t), arity
	}
	return "", 0
}

// elixirDef returns the def keyword, name and arity of a sibling node
// when it is a definition call.
func elixirDef(c *sitter.Node, src []byte) (string, string, int) {
	if c == nil || c.Type() != "call" {
		return "", "", 0
	}
	t := c.ChildByFieldName("target")
	if t == nil || t.Type() != "identifier" {
		return "", "", 0
	}
	name, arity := elixirHead(c, src)
	return text(src, t), name, arity
}

// elixirNextCode returns the next named sibling that is not a comment.
func elixirNextCode(c *sitter.Node) *sitter.Node {
	for c = c.NextNamedSibling(); c != nil && c.Type() == "comment"; c = c.NextNamedSibling() {
	}
	return c
}

// elixirPrevCode returns the previous named sibling that is neither a
// comment nor an attribute that leads a definition (@doc, @spec, @impl).
func elixirPrevCode(c *sitter.Node, src []byte) *sitter.Node {
	for c = c.PrevNamedSibling(); c != nil && (c.Type() == "comment" || elixirLeadingAttr(c, src) != ""); c = c.PrevNamedSibling() {
	}
	return c
}

// elixirLaterClause reports whether the definition continues the function
// defined just before it (same keyword, name and arity).
func elixirLaterClause(s *Symbol, n *sitter.Node, kw string, src []byte) bool {
	name, arity := elixirHead(n, src)
	pk, pn, pa := elixirDef(elixirPrevCode(n, src), src)
	return pk == kw && pn == name && pa == arity && name != ""
}

// elixirMergeClauses extends a function's first clause over the clauses
// that follow it.
func elixirMergeClauses(s *Symbol, n *sitter.Node, kw string, src []byte) {
	name, arity := elixirHead(n, src)
	last := n
	for c := elixirNextCode(n); c != nil; c = elixirNextCode(c) {
		for c != nil && elixirLeadingAttr(c, src) != "" {
			c = elixirNextCode(c)
		}
		k, nm, a := elixirDef(c, src)
		if k != kw || nm != name || a != arity {
			break
		}
		last = c
	}
	if last != n {
		s.End, s.EndRow = last.EndByte(), endRow(last)
	}
}

// elixirLeadingAttr returns the name of an attribute that leads a
// definition (doc, spec, impl, ...), or "".
func elixirLeadingAttr(c *sitter.Node, src []byte) string {
	if c == nil || c.Type() != "unary_operator" {
		return ""
	}
	op := c.ChildByFieldName("operand")
	if op == nil || op.Type() != "call" {
		return ""
	}
	t := op.ChildByFieldName("target")
	if t == nil || !strings.HasPrefix(text(src, c), "@") {
		return ""
	}
	if name := text(src, t); elixirLeading[name] {
		return name
	}
	return ""
}

// elixirLeadingAttrs extends a definition back over the @doc, @spec,
// @impl (and comments among them) directly above it, takes @doc or
// @typedoc as its doc, and the comments above the first as its doc
// otherwise.
func elixirLeadingAttrs(s *Symbol, src []byte) {
	first := s.Node
	var doc *sitter.Node
	row := first.StartPoint().Row
	for c := s.Node.PrevNamedSibling(); c != nil && endRow(c)+1 >= row; c = c.PrevNamedSibling() {
		row = c.StartPoint().Row
		if c.Type() == "comment" {
			continue
		}
		a := elixirLeadingAttr(c, src)
		if a == "" {
			break
		}
		if (a == "doc" || a == "typedoc") && doc == nil {
			doc = c
		}
		first = c
	}
	if first != s.Node {
		s.Start, s.StartRow = first.StartByte(), first.StartPoint().Row
		s.DocStart, s.DocRow = s.Start, s.StartRow
		s.Doc = ""
		if c := elixirCommentsAbove(first); c != nil {
			s.DocStart, s.DocRow = c.StartByte(), c.StartPoint().Row
			s.Doc = cleanDoc(string(src[s.DocStart:s.Start]))
		}
	}
	if doc != nil {
		if d, at := elixirDocString(doc, src); at != nil {
			s.Doc = d
			s.docInside = [2]uint32{at.StartByte(), at.EndByte()}
		} else if d == "" && at == nil && elixirDocFalse(doc, src) {
			s.Doc = ""
		}
	}
}

// elixirCommentsAbove returns the first of the comments directly above n.
func elixirCommentsAbove(n *sitter.Node) *sitter.Node {
	var first *sitter.Node
	row := n.StartPoint().Row
	for c := n.PrevNamedSibling(); c != nil && c.Type() == "comment" && endRow(c)+1 >= row; c = c.PrevNamedSibling() {
		first, row = c, c.StartPoint().Row
	}
	return first
}

// elixirDocString returns the text of a @doc / @moduledoc attribute's
// string or sigil and the node holding it.
func elixirDocString(attr *sitter.Node, src []byte) (string, *sitter.Node) {
	op := attr.ChildByFieldName("operand")
	if op == nil {
		return "", nil
	}
	args := elixirArgs(op)
	if args == nil || args.NamedChildCount() == 0 {
		return "", nil
	}
	v := args.NamedChild(0)
	if v.Type() != "string" && v.Type() != "sigil" {
		return "", nil
	}
	var b strings.Builder
	for i := 0; i < int(v.NamedChildCount()); i++ {
		c := v.NamedChild(i)
		if c.Type() == "quoted_content" || c.Type() == "escape_sequence" || c.Type() == "interpolation" {
			b.WriteString(text(src, c))
		}
	}
	return dedent("\n" + b.String()), v
}

// elixirDocFalse reports whether an attribute is "@doc false".
func elixirDocFalse(attr *sitter.Node, src []byte) bool {
	return strings.HasSuffix(strings.TrimSpace(text(src, attr)), "false")
}

// elixirModuleDoc takes a module's @moduledoc as its doc.
func elixirModuleDoc(s *Symbol, src []byte) {
	var body *sitter.Node
	for i := 0; i < int(s.Node.NamedChildCount()); i++ {
		if c := s.Node.NamedChild(i); c.Type() == "do_block" {
			body = c
		}
	}
	if body == nil {
		return
	}
	for i := 0; i < int(body.NamedChildCount()); i++ {
		c := body.NamedChild(i)
		if c.Type() != "unary_operator" {
			continue
		}
		op := c.ChildByFieldName("operand")
		if op == nil || op.Type() != "call" {
			continue
		}
		if t := op.ChildByFieldName("target"); t == nil || text(src, t) != "moduledoc" {
			continue
		}
		if d, at := elixirDocString(c, src); at != nil {
			s.Doc = d
			s.docInside = [2]uint32{at.StartByte(), at.EndByte()}
		} else if elixirDocFalse(c, src) {
			s.Doc = ""
		}
		return
	}
}
