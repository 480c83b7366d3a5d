package code

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/rust"

	"github.com/treenav/treenav"
)

// rustLang is kept in a variable so that rustFixup can reuse the generic
// comment-run logic of the extractor.
var rustLang = &Language{
	Name:            "rust",
	Extensions:      []string{".rs"},
	Grammar:         rust.GetLanguage,
	CommentTypes:    []string{"line_comment", "block_comment"},
	LeadingTypes:    []string{"attribute_item"},
	AttachReceivers: true,
	Repair:          rustRepair,
	ModuleDoc:       rustFileDoc,
}

func init() {
	rustLang.Fixup = rustFixup // set here: rustFixup refers to rustLang
	Register(rustLang)
}

// rustFixup applies what Rust's grammar leaves to the reader:
//
//   - Outer doc comments (/// and /** */) are attributes of the next item,
//     so they are its doc even across blank lines or between attributes,
//     and every attribute before the item, wherever doc comments sit among
//     them, starts its range. A plain comment block directly above is the
//     doc only when there is no doc comment. Inner docs (//!, /*! */) at the
//     top of a module's body are the module's doc.
//   - Items at the top of a macro body inside an impl block are members
//     of that impl.
//   - Methods of impl blocks for non-path types ([u8], (A, B), dyn Trait)
//     get a readable receiver; path types reduce to their last segment.
//   - Signatures lose the trailing ';' and, for multi-line consts and
//     statics, the initializer; a macro's signature is "macro_rules! name".
func rustFixup(s *Symbol, src []byte) {
	def := s.Node
	if def == nil {
		return
	}
	rustLeading(s, def, src)
	impl := rustImplOf(def)
	if impl == nil && s.Host != nil && def.Parent() != nil && def.Parent().Parent() == nil {
		// At the top of a macro body: the impl, if any, is around the macro
		// (impl Handle { cfg_metrics! { pub fn metrics(&self) ... } }).
		if inv := s.Host.Parent(); inv != nil {
			impl = rustImplOf(inv)
		}
	}
	if impl != nil {
		if t := impl.ChildByFieldName("type"); t != nil {
			s.Receiver = rustTypeName(t, src)
		}
		if s.Kind == treenav.KindFunction {
			s.Kind = treenav.KindMethod
		}
	}
	switch def.Type() {
	case "const_item", "static_item":
		if v := def.ChildByFieldName("value"); v != nil && def.StartPoint().Row != endRow(def) {
			s.Signature = strings.TrimSuffix(signature(src[def.StartByte():v.StartByte()]), "=")
		}
	case "macro_definition":
		if n := def.ChildByFieldName("name"); n != nil {
			s.Signature = signature(src[def.StartByte():n.EndByte()])
		}
	case "mod_item":
		if body := def.ChildByFieldName("body"); body != nil {
			if inner := rustInnerDoc(body, src); inner != "" {
				s.Doc = strings.TrimSpace(s.Doc + "\n\n" + inner)
			}
		}
	}
	// Error recovery (bitflags!'s "struct Flags: u32 {", syn's
	// "struct ItemFn #full {") leaves junk that is not a signature.
	for i := 0; i < int(def.ChildCount()); i++ {
		if c := def.Child(i); c.Type() == "ERROR" {
			if sig := signature(src[def.StartByte():c.StartByte()]); sig != "" {
				s.Signature = sig
			}
			break
		}
	}
	if def.StartPoint().Row != endRow(def) {
		s.Signature = rustTidy.Replace(s.Signature)
	}
	s.Signature = strings.TrimRight(s.Signature, ";, ")
}

// rustTidy undoes what collapsing a multi-line declaration leaves:
// "( x: u8, )" becomes "(x: u8)".
var rustTidy = strings.NewReplacer(", )", ")", ",)", ")", "( ", "(", " )", ")", ", >", ">", ",>", ">", "< ", "<", " >", ">")

// rustLeading recomputes the start and doc of an item from the attributes
// and comments before it: everything between the previous item and this
// one belongs to this one.
func rustLeading(s *Symbol, def *sitter.Node, src []byte) {
	first := def
	var docs []*sitter.Node // outer doc comments and #[doc] attributes, last first
walk:
	for p := def.PrevNamedSibling(); p != nil; p = p.PrevNamedSibling() {
		switch p.Type() {
		case "attribute_item":
			first = p
			if rustDocAttr(p, src) != nil {
				docs = append(docs, p)
			}
		case "line_comment", "block_comment":
			if p.ChildByFieldName("inner") != nil {
				break walk // the enclosing module's doc
			}
			if p.ChildByFieldName("outer") != nil {
				docs = append(docs, p)
			}
		default:
			break walk
		}
	}
	s.Start, s.StartRow = first.StartByte(), first.StartPoint().Row
	s.DocStart, s.DocRow, s.Doc = s.Start, s.StartRow, ""
	if len(docs) > 0 {
		lines := make([]string, 0, len(docs))
		for i := len(docs) - 1; i >= 0; i-- {
			lines = append(lines, rustDocText(docs[i], src))
		}
		s.Doc = rustUnindent(lines)
		if top := docs[len(docs)-1]; top.StartByte() < s.DocStart {
			s.DocStart, s.DocRow = top.StartByte(), top.StartPoint().Row
		}
		return
	}
	// No doc comment: a plain comment block directly above is the doc.
	c := rustLang.docComments(first)
	if c == nil || c.ChildByFieldName("inner") != nil {
		return
	}
	s.DocStart, s.DocRow = c.StartByte(), c.StartPoint().Row
	var lines []string
	for ; c != nil && c.StartByte() < s.Start; c = c.NextNamedSibling() {
		lines = append(lines, rustDocText(c, src))
	}
	s.Doc = rustUnindent(lines)
}

// rustUnindent joins doc lines without the indentation they all share,
// the first line included (as rustdoc does: "/// x" is " x", and an
// indented code block keeps its extra indentation), and trims blank lines
// at both ends.
func rustUnindent(lines []string) string {
	common := -1
	for _, ln := range lines {
		if strings.TrimSpace(ln) == "" {
			continue
		}
		ind := len(ln) - len(strings.TrimLeft(ln, " \t"))
		if common < 0 || ind < common {
			common = ind
		}
	}
	out := make([]string, len(lines))
	for i, ln := range lines {
		if len(ln) >= common && common > 0 {
			ln = ln[common:]
		}
		out[i] = strings.TrimRight(ln, " \t\r")
	}
	return strings.Trim(strings.Join(out, "\n"), "\n")
}

// rustDocText is the text of a comment or #[doc = "..."] attribute without
// its markers ("///", "//!", "/**", a leading "*" on block lines, and the
// extra slashes of "//// banner" comments).
func rustDocText(n *sitter.Node, src []byte) string {
	if n.Type() == "attribute_item" {
		if v := rustDocAttr(n, src); v != nil {
			return strings.TrimRight(text(src, v), " \t")
		}
		return ""
	}
	t := text(src, n)
	if n.Type() == "line_comment" {
		t = strings.TrimLeft(t, "/")
		if n.ChildByFieldName("inner") != nil {
			t = strings.TrimPrefix(t, "!")
		}
		return strings.TrimRight(t, " \t\r\n")
	}
	return rustBlockDoc(t)
}

// rustBlockDoc strips the markers of a block comment: "/**" or "/*!",
// "*/", and the "*" that starts every line when all of them have one (as
// rustdoc does). Other lines keep their text: "# Examples" is a heading.
func rustBlockDoc(t string) string {
	t = strings.TrimSuffix(t, "*/")
	for _, p := range []string{"/**", "/*!", "/*"} {
		if strings.HasPrefix(t, p) {
			t = t[len(p):]
			break
		}
	}
	lines := strings.Split(strings.ReplaceAll(t, "\r\n", "\n"), "\n")
	stars := true
	for _, ln := range lines[1:] {
		if s := strings.TrimSpace(ln); s != "" && !strings.HasPrefix(s, "*") {
			stars = false
			break
		}
	}
	for i, ln := range lines {
		if i > 0 && stars {
			ln = strings.TrimPrefix(strings.TrimLeft(ln, " \t"), "*")
		}
		lines[i] = ln
	}
	// The first line is usually right after "/**": its indentation says
	// nothing about the others'.
	lines[0] = strings.TrimSpace(lines[0])
	if lines[0] == "" {
		lines = lines[1:]
		return rustUnindent(lines)
	}
	return strings.TrimRight(lines[0]+"\n"+rustUnindent(lines[1:]), "\n")
}

// rustDocAttr returns the string content of a #[doc = "..."] attribute, or
// nil for any other attribute.
func rustDocAttr(n *sitter.Node, src []byte) *sitter.Node {
	a := n.NamedChild(0)
	if a == nil || a.Type() != "attribute" || a.NamedChildCount() == 0 {
		return nil
	}
	v := a.ChildByFieldName("value")
	if v == nil || v.Type() != "string_literal" && v.Type() != "raw_string_literal" {
		return nil
	}
	if id := a.NamedChild(0); id.Type() != "identifier" || text(src, id) != "doc" {
		return nil
	}
	for i := 0; i < int(v.NamedChildCount()); i++ {
		if c := v.NamedChild(i); c.Type() == "string_content" {
			return c
		}
	}
	return nil
}

// rustInnerDoc returns the inner doc comments (//!, /*! */) that open a
// module's body.
func rustInnerDoc(body *sitter.Node, src []byte) string {
	var lines []string
	for i := 0; i < int(body.NamedChildCount()); i++ {
		c := body.NamedChild(i)
		if c.Type() != "line_comment" && c.Type() != "block_comment" {
			break
		}
		if c.ChildByFieldName("inner") == nil {
			continue
		}
		lines = append(lines, rustDocText(c, src))
	}
	return rustUnindent(lines)
}

// rustImplOf returns the impl block an item is a direct member of.
func rustImplOf(def *sitter.Node) *sitter.Node {
	list := def.Parent()
	if list == nil || list.Type() != "declaration_list" {
		return nil
	}
	if impl := list.Parent(); impl != nil && impl.Type() == "impl_item" {
		return impl
	}
	return nil
}

// rustTypeName names the type of an impl block the way one refers to it:
// the last path segment without generics or references (Foo for
// &'a mut crate::x::Foo<T>), the trait of a trait object, and the compact
// text of anything else ([u8], (A,B)).
func rustTypeName(t *sitter.Node, src []byte) string {
	switch t.Type() {
	case "type_identifier", "primitive_type":
		return text(src, t)
	case "scoped_type_identifier":
		if n := t.ChildByFieldName("name"); n != nil {
			return rustTypeName(n, src)
		}
	case "generic_type", "reference_type", "pointer_type":
		if n := t.ChildByFieldName("type"); n != nil {
			return rustTypeName(n, src)
		}
	case "dynamic_type":
		if n := t.ChildByFieldName("trait"); n != nil {
			return rustTypeName(n, src)
		}
	}
	return strings.Join(strings.Fields(text(src, t)), "")
}
