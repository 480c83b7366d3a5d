package code

import (
	"strconv"
	"strings"
	"unsafe"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/golang"

	"github.com/treenav/treenav"
)

func init() {
	Lookup("go").Refs = goRefs
}

// goRefs extracts a Go file's references: every name that is not a local,
// a parameter, a result, a receiver or a type parameter (a scope analysis
// over blocks and clauses, as go/types scopes them), with the qualifier's
// type where declarations tell it (see treenav.Reference.QualType), the
// file's imports, and the names mentioned in its comments.
func goRefs(tsRoot *sitter.Node, src []byte, sink *RefSink) {
	t := flattenLean(golang.GetLanguage(), tsRoot, src, ":=")
	defer t.release()
	root := newGTree(t).gnodeAt(0)
	w := &goWalker{sink: sink, src: src, imports: map[string]bool{}}
	// Imports first: the bindings they make are not package-level names.
	for i := 0; i < int(root.NamedChildCount()); i++ {
		if c := root.NamedChild(i); goNodeType(c) == "import_declaration" {
			w.importDecl(c)
		}
	}
	w.walk(root, nil)
}

type goScope struct {
	names   map[string]string // local name → its type expression ("" unknown)
	structs map[string]bool   // the local types among names that are structs
	parent  *goScope
}

func (s *goScope) lookup(name string) (string, bool) {
	for ; s != nil; s = s.parent {
		if t, ok := s.names[name]; ok {
			return t, true
		}
	}
	return "", false
}

func (s *goScope) declare(name, typ string) {
	if name == "_" || name == "" {
		return
	}
	if s.names == nil {
		s.names = map[string]string{}
	}
	s.names[name] = typ
}

type goWalker struct {
	sink    *RefSink
	src     []byte
	imports map[string]bool // the names the file's imports bind (a guess for unaliased ones)
	depth   int
}

// goMaxDepth bounds the walk's recursion (the extractor's budget already
// refuses deeper files; this only keeps the stack small).
const goMaxDepth = 2000

// text is n's source text, copied: it outlives the source.
func (w *goWalker) text(n *gnode) string {
	return string(w.src[n.StartByte():n.EndByte()])
}

// view is n's source text without a copy, for lookups and scopes that
// end with the walk.
func (w *goWalker) view(n *gnode) string {
	a, b := n.StartByte(), n.EndByte()
	if a >= b {
		return ""
	}
	return unsafe.String(&w.src[a], int(b-a))
}

// goNodeType is n's node type.
func goNodeType(n *gnode) string { return n.meta().typ() }

func (w *goWalker) importDecl(n *gnode) {
	var specs func(n *gnode)
	specs = func(n *gnode) {
		for i := 0; i < int(n.NamedChildCount()); i++ {
			c := n.NamedChild(i)
			switch goNodeType(c) {
			case "import_spec_list":
				specs(c)
			case "import_spec":
				p := c.ChildByFieldName("path")
				if p == nil {
					continue
				}
				path := strings.Trim(w.text(p), "\"`")
				alias := ""
				if a := c.ChildByFieldName("name"); a != nil {
					alias = w.text(a)
				}
				w.sink.Import(c, path, alias)
				switch {
				case alias == "":
					w.imports[treenav.GoImportName(path)] = true
				case alias != "." && alias != "_":
					w.imports[alias] = true
				}
			}
		}
	}
	specs(n)
}

var goBuiltins = map[string]bool{
	"append": true, "cap": true, "clear": true, "close": true, "complex": true, "copy": true,
	"delete": true, "imag": true, "len": true, "make": true, "max": true, "min": true, "new": true,
	"panic": true, "print": true, "println": true, "real": true, "recover": true,
	"nil": true, "true": true, "false": true, "iota": true, "_": true,
	"bool": true, "byte": true, "complex64": true, "complex128": true, "error": true,
	"float32": true, "float64": true, "int": true, "int8": true, "int16": true, "int32": true,
	"int64": true, "rune": true, "string": true, "uint": true, "uint8": true, "uint16": true,
	"uint32": true, "uint64": true, "uintptr": true, "any": true, "comparable": true,
}

func (w *goWalker) children(n *gnode, s *goScope) {
	for i := 0; i < int(n.NamedChildCount()); i++ {
		w.walk(n.NamedChild(i), s)
	}
}

// walk visits n in scope s (nil: the package scope).
func (w *goWalker) walk(n *gnode, s *goScope) {
	if n == nil {
		return
	}
	w.depth++
	defer func() { w.depth-- }()
	if w.depth > goMaxDepth {
		return
	}
	switch goNodeType(n) {
	case "package_clause", "import_declaration", "label_name", "interpreted_string_literal",
		"raw_string_literal", "int_literal", "float_literal", "rune_literal", "imaginary_literal", "field_identifier":
		return
	case "comment":
		w.comment(n)
	case "function_declaration", "method_declaration", "func_literal":
		w.function(n, s)
	case "type_declaration":
		for i := 0; i < int(n.NamedChildCount()); i++ {
			w.typeSpec(n.NamedChild(i), s)
		}
	case "const_declaration", "var_declaration":
		for i := 0; i < int(n.NamedChildCount()); i++ {
			c := n.NamedChild(i)
			if goNodeType(c) == "var_spec_list" {
				for j := 0; j < int(c.NamedChildCount()); j++ {
					w.valueSpec(c.NamedChild(j), s)
				}
				continue
			}
			w.valueSpec(c, s)
		}
	case "short_var_declaration":
		left, right := n.ChildByFieldName("left"), n.ChildByFieldName("right")
		w.walk(right, s)
		w.declareList(left, right, s)
	case "block", "if_statement", "for_statement", "expression_switch_statement", "select_statement",
		"expression_case", "default_case", "communication_case":
		w.children(n, &goScope{parent: s})
	case "type_switch_statement":
		inner := &goScope{parent: s}
		alias := n.ChildByFieldName("alias")
		for i := 0; i < int(n.NamedChildCount()); i++ {
			c := n.NamedChild(i)
			if c == alias || goNodeType(c) == "field_identifier" {
				continue
			}
			if goNodeType(c) == "type_case" && alias != nil {
				cs := &goScope{parent: inner}
				typ := ""
				if ts := fieldKids(c, "type"); len(ts) == 1 {
					typ = w.typeExpr(ts[0], s)
				}
				for j := 0; j < int(alias.NamedChildCount()); j++ {
					cs.declare(w.view(alias.NamedChild(j)), typ)
				}
				w.children(c, cs)
				continue
			}
			w.walk(c, inner)
		}
	case "range_clause":
		left, right := n.ChildByFieldName("left"), n.ChildByFieldName("right")
		w.walk(right, s)
		if left != nil {
			if goDefines(n) && s != nil {
				nl := int(left.NamedChildCount())
				for i := 0; i < nl; i++ {
					typ := ""
					if i == 1 {
						// for k, v := range x: v is an element of x ("x[]").
						if t := w.exprType(right, s, 0); t != "" {
							typ = t + "[]"
						}
					}
					s.declare(w.view(left.NamedChild(i)), typ)
				}
			} else {
				w.walkAs(left, s, treenav.RefWrite)
			}
		}
	case "receive_statement":
		left, right := n.ChildByFieldName("left"), n.ChildByFieldName("right")
		w.walk(right, s)
		if left != nil {
			if goDefines(n) && s != nil {
				for i := 0; i < int(left.NamedChildCount()); i++ {
					s.declare(w.view(left.NamedChild(i)), "")
				}
			} else {
				w.walkAs(left, s, treenav.RefWrite)
			}
		}
	case "assignment_statement":
		w.walkAs(n.ChildByFieldName("left"), s, treenav.RefWrite)
		w.walk(n.ChildByFieldName("right"), s)
	case "inc_dec_statement":
		w.walkAs(n.NamedChild(0), s, treenav.RefWrite)
	case "labeled_statement":
		for i := 0; i < int(n.NamedChildCount()); i++ {
			if c := n.NamedChild(i); goNodeType(c) != "label_name" {
				w.walk(c, s)
			}
		}
	case "identifier":
		w.ident(n, s, w.identKind(n))
	case "type_identifier":
		name := w.view(n)
		if _, local := s.lookup(name); local || goBuiltins[name] {
			return
		}
		w.sink.Add(n, name, "", "", treenav.RefType)
	case "qualified_type":
		pkg, name := n.ChildByFieldName("package"), n.ChildByFieldName("name")
		if pkg != nil && name != nil {
			w.sink.Add(name, w.view(name), w.view(pkg), "", treenav.RefType)
		}
	case "selector_expression":
		w.selector(n, s, w.identKind(n))
	case "composite_literal":
		w.compositeLiteral(n, s)
	case "struct_type":
		w.structType(n, s)
	case "interface_type":
		w.interfaceType(n, s)
	case "parameter_list":
		// A function type's parameters: names are not references.
		w.params(n, s, nil)
	default:
		w.children(n, s)
	}
}

// goDefines reports whether a clause declares with ":=".
func goDefines(n *gnode) bool {
	for i := 0; i < int(n.ChildCount()); i++ {
		if c := n.Child(i); !c.IsNamed() && goNodeType(c) == ":=" {
			return true
		}
	}
	return false
}

// identKind is how the expression n is used by its parent.
func (w *goWalker) identKind(n *gnode) treenav.RefKind {
	p := n.Parent()
	if p == nil {
		return treenav.RefRead
	}
	switch goNodeType(p) {
	case "call_expression":
		if f := p.ChildByFieldName("function"); f != nil && f.Equal(n) {
			return treenav.RefCall
		}
	case "inc_dec_statement":
		return treenav.RefWrite
	}
	return treenav.RefRead
}

// walkAs walks an assignment's left side: its names are written.
func (w *goWalker) walkAs(n *gnode, s *goScope, kind treenav.RefKind) {
	if n == nil {
		return
	}
	switch goNodeType(n) {
	case "expression_list":
		for i := 0; i < int(n.NamedChildCount()); i++ {
			w.walkAs(n.NamedChild(i), s, kind)
		}
	case "identifier":
		w.ident(n, s, kind)
	case "selector_expression":
		w.selector(n, s, kind)
	case "parenthesized_expression":
		w.walkAs(n.NamedChild(0), s, kind)
	default:
		w.walk(n, s)
	}
}

func (w *goWalker) ident(n *gnode, s *goScope, kind treenav.RefKind) {
	name := w.view(n)
	if _, local := s.lookup(name); local || goBuiltins[name] {
		return
	}
	if w.imports[name] {
		return // a package's name, not a definition in it
	}
	w.sink.Add(n, name, "", "", kind)
}

// qualifierText bounds a qualifier as written.
func qualifierText(s string) string {
	if len(s) > 60 || strings.ContainsAny(s, "\n\t") {
		return "…"
	}
	return s
}

func (w *goWalker) selector(n *gnode, s *goScope, kind treenav.RefKind) {
	op, field := n.ChildByFieldName("operand"), n.ChildByFieldName("field")
	w.walk(op, s)
	if field == nil || op == nil {
		return
	}
	qt := ""
	if goNodeType(op) != "identifier" || w.isLocal(op, s) {
		qt = w.exprType(op, s, 0)
	}
	w.sink.Add(field, w.view(field), qualifierText(w.view(op)), qt, kind)
}

func (w *goWalker) isLocal(n *gnode, s *goScope) bool {
	_, ok := s.lookup(w.view(n))
	return ok
}

// exprType is the type expression of a value expression, "" when the
// file does not tell.
func (w *goWalker) exprType(n *gnode, s *goScope, depth int) string {
	if n == nil || depth > 4 {
		return ""
	}
	switch goNodeType(n) {
	case "identifier":
		name := w.text(n)
		if t, ok := s.lookup(name); ok {
			return t
		}
		if goBuiltins[name] {
			return ""
		}
		return "=" + name
	case "parenthesized_expression":
		return w.exprType(n.NamedChild(0), s, depth+1)
	case "unary_expression":
		if op := n.ChildByFieldName("operator"); op != nil && (w.text(op) == "&" || w.text(op) == "*") {
			return w.exprType(n.ChildByFieldName("operand"), s, depth+1)
		}
	case "composite_literal":
		return w.typeExpr(n.ChildByFieldName("type"), s)
	case "selector_expression":
		op, field := n.ChildByFieldName("operand"), n.ChildByFieldName("field")
		if t := w.exprType(op, s, depth+1); t != "" && field != nil {
			return t + ">" + w.text(field)
		}
	case "call_expression":
		f := n.ChildByFieldName("function")
		if f != nil && goNodeType(f) == "identifier" && w.text(f) == "new" {
			if args := n.ChildByFieldName("arguments"); args != nil && args.NamedChildCount() == 1 {
				return w.typeExpr(args.NamedChild(0), s)
			}
			return ""
		}
		if t := w.exprType(f, s, depth+1); t != "" && !strings.HasSuffix(t, "()") {
			return t + "()"
		}
	case "index_expression":
		// x[i]: an element of x (a generic instantiation f[T]() is not
		// told apart, and resolves to nothing).
		if t := w.exprType(n.ChildByFieldName("operand"), s, depth+1); t != "" {
			return t + "[]"
		}
	case "slice_expression":
		return w.exprType(n.ChildByFieldName("operand"), s, depth+1)
	case "type_conversion_expression":
		return w.typeExpr(n.ChildByFieldName("type"), s)
	case "type_assertion_expression":
		return w.typeExpr(n.ChildByFieldName("type"), s)
	}
	return ""
}

// typeExpr is the named type a type node denotes, pointers and generic
// arguments stripped: "T" or "q.T"; "" for others.
func (w *goWalker) typeExpr(n *gnode, s *goScope) string {
	n = goBaseType(n)
	if n == nil {
		return ""
	}
	switch goNodeType(n) {
	case "type_identifier":
		name := w.text(n)
		if _, local := s.lookup(name); local || goBuiltins[name] {
			return ""
		}
		return name
	case "qualified_type":
		return w.text(n)
	}
	return ""
}

// goBaseType is type node n with its pointers, parentheses and generic
// arguments stripped (*T, (T), T[int] are T); nil for nil.
func goBaseType(n *gnode) *gnode {
	for n != nil {
		switch goNodeType(n) {
		case "pointer_type", "parenthesized_type":
			n = n.NamedChild(0)
		case "generic_type":
			n = n.ChildByFieldName("type")
		default:
			return n
		}
	}
	return nil
}

// function walks a function, method or literal: its parameters, results,
// receiver and type parameters are locals of its body.
func (w *goWalker) function(n *gnode, s *goScope) {
	fs := &goScope{parent: s}
	if tp := n.ChildByFieldName("type_parameters"); tp != nil {
		w.typeParams(tp, fs)
	}
	if r := n.ChildByFieldName("receiver"); r != nil {
		w.params(r, fs, fs)
	}
	w.params(n.ChildByFieldName("parameters"), fs, fs)
	if r := n.ChildByFieldName("result"); r != nil {
		if goNodeType(r) == "parameter_list" {
			w.params(r, fs, fs)
		} else {
			w.walk(r, fs)
		}
	}
	if b := n.ChildByFieldName("body"); b != nil {
		w.children(b, fs)
	}
}

func (w *goWalker) typeParams(n *gnode, s *goScope) {
	for i := 0; i < int(n.NamedChildCount()); i++ {
		c := n.NamedChild(i)
		for _, nm := range fieldKids(c, "name") {
			s.declare(w.view(nm), "")
		}
	}
	for i := 0; i < int(n.NamedChildCount()); i++ {
		w.walk(n.NamedChild(i).ChildByFieldName("type"), s)
	}
}

// params walks a parameter list's types in s and declares its names in
// decl (nil: a function type's names, declared nowhere).
func (w *goWalker) params(n *gnode, s, decl *goScope) {
	if n == nil {
		return
	}
	for i := 0; i < int(n.NamedChildCount()); i++ {
		c := n.NamedChild(i)
		switch goNodeType(c) {
		case "parameter_declaration", "variadic_parameter_declaration":
			t := c.ChildByFieldName("type")
			w.walk(t, s)
			if decl == nil {
				continue
			}
			typ := ""
			if goNodeType(c) == "parameter_declaration" {
				typ = w.typeExpr(t, s)
			}
			for _, nm := range fieldKids(c, "name") {
				decl.declare(w.view(nm), typ)
			}
		default:
			w.walk(c, s)
		}
	}
}

func (w *goWalker) typeSpec(n *gnode, s *goScope) {
	switch goNodeType(n) {
	case "type_spec", "type_alias":
	default:
		w.walk(n, s)
		return
	}
	ts := s
	if name := n.ChildByFieldName("name"); name != nil && s != nil {
		s.declare(w.view(name), "")
		if goNodeType(n.ChildByFieldName("type")) == "struct_type" {
			if s.structs == nil {
				s.structs = map[string]bool{}
			}
			s.structs[w.view(name)] = true
		}
	}
	if tp := n.ChildByFieldName("type_parameters"); tp != nil {
		ts = &goScope{parent: s}
		w.typeParams(tp, ts)
	}
	w.walk(n.ChildByFieldName("type"), ts)
}

// valueSpec walks a const or var spec; inside a function its names are
// locals.
func (w *goWalker) valueSpec(n *gnode, s *goScope) {
	if goNodeType(n) != "const_spec" && goNodeType(n) != "var_spec" {
		w.walk(n, s)
		return
	}
	t := n.ChildByFieldName("type")
	w.walk(t, s)
	vals := n.ChildByFieldName("value")
	w.walk(vals, s)
	if s == nil {
		return
	}
	names := fieldKids(n, "name")
	typ := w.typeExpr(t, s)
	for i, nm := range names {
		ty := typ
		if t == nil && vals != nil && int(vals.NamedChildCount()) == len(names) {
			ty = w.exprType(vals.NamedChild(i), s, 0)
		}
		s.declare(w.view(nm), ty)
	}
}

// declareList declares the names of a := whose values are right. The
// values are typed before any name is declared: they are evaluated in
// the enclosing scope (conn, err := conn.Upgrade() calls the outer
// conn's Upgrade), and a multi-value call is typed once for all its
// names.
func (w *goWalker) declareList(left, right *gnode, s *goScope) {
	if left == nil || s == nil {
		return
	}
	nl := int(left.NamedChildCount())
	nr := 0
	if right != nil {
		nr = int(right.NamedChildCount())
	}
	type decl struct{ name, typ string }
	var decls []decl
	call, typed := "", false // the type of the one value of x, err := f()
	for i := 0; i < nl; i++ {
		c := left.NamedChild(i)
		if goNodeType(c) != "identifier" {
			continue
		}
		name := w.view(c)
		if _, ok := s.names[name]; ok {
			continue // redeclared in the same scope: keeps its type
		}
		typ := ""
		switch {
		case nl == nr:
			typ = w.exprType(right.NamedChild(i), s, 0)
		case nr == 1:
			if !typed {
				call, typed = w.exprType(right.NamedChild(0), s, 0), true
			}
			switch {
			case i == 0:
				// x, err := f(): the first result.
				typ = call
			case strings.HasSuffix(call, "()"):
				// r, w, err := os.Pipe(): w is the call's second
				// result ("=os>Pipe()@1"; the index reads it from the
				// signature).
				typ = call + "@" + strconv.Itoa(i)
			}
		}
		decls = append(decls, decl{name, typ})
	}
	for _, d := range decls {
		s.declare(d.name, d.typ)
	}
}

func (w *goWalker) compositeLiteral(n *gnode, s *goScope) {
	t := n.ChildByFieldName("type")
	w.walk(t, s)
	if body := n.ChildByFieldName("body"); body != nil {
		w.literalValue(body, s, t)
	}
}

// literalValue walks a composite literal's body of type t (nil when the
// type is elided and not known): the keys of a struct literal name its
// fields; a nested literal whose type is elided takes the element type of
// a slice, array or map literal.
func (w *goWalker) literalValue(body *gnode, s *goScope, t *gnode) {
	w.literalValueOf(body, s, t, w.typeExpr(t, s))
}

// literalValueOf walks a literal's body whose type expression is typ
// (t its node, nil for an elided element of a named slice or map type:
// typ is then that type's element, "M[]", which the resolver reads).
func (w *goWalker) literalValueOf(body *gnode, s *goScope, t *gnode, typ string) {
	elem := goElemType(t)
	elemTyp := ""
	if elem == nil && typ != "" && !w.localStruct(t, s) {
		elemTyp = typ + "[]"
	}
	qual := typ
	if t != nil {
		qual = w.view(t)
	}
	for i := 0; i < int(body.NamedChildCount()); i++ {
		c := body.NamedChild(i)
		if goNodeType(c) != "keyed_element" || c.NamedChildCount() != 2 {
			w.elementsOf(c, s, elem, elemTyp)
			continue
		}
		key, val := c.NamedChild(0), c.NamedChild(1)
		if goNodeType(key) == "literal_element" && key.NamedChildCount() == 1 {
			key = key.NamedChild(0)
		}
		switch {
		case typ != "" && goNodeType(key) == "identifier":
			// A field's name, even where a local has the same one
			// (T{err: err}).
			w.sink.Add(key, w.view(key), qualifierText(qual), typ, treenav.RefWrite)
		case goNodeType(key) == "identifier" && w.localStruct(t, s):
			// A field of an anonymous or a function's own struct type:
			// no definition outside the function.
		default:
			w.elements(key, s, nil)
		}
		w.elementsOf(val, s, elem, elemTyp)
	}
}

// localStruct: t is a struct type the file declares no name for outside
// a function: a struct type literal, or a type a function declares.
func (w *goWalker) localStruct(t *gnode, s *goScope) bool {
	t = goBaseType(t)
	if t == nil {
		return false
	}
	switch goNodeType(t) {
	case "struct_type":
		return true
	case "type_identifier":
		name := w.view(t)
		for ; s != nil; s = s.parent {
			if _, ok := s.names[name]; ok {
				return s.structs[name]
			}
		}
	}
	return false
}

// goElemType is the element type node of a slice, array or map type (the
// value's for a map), pointers stripped; nil for others.
func goElemType(t *gnode) *gnode {
	t = goBaseType(t)
	if t == nil {
		return nil
	}
	switch goNodeType(t) {
	case "slice_type", "array_type", "implicit_length_array_type":
		return t.ChildByFieldName("element")
	case "map_type":
		return t.ChildByFieldName("value")
	}
	return nil
}

// elements walks a literal element, whose nested literal may elide its
// type (elem, when known).
func (w *goWalker) elements(n *gnode, s *goScope, elem *gnode) {
	w.elementsOf(n, s, elem, "")
}

// elementsOf is elements where the element's type may be known only as
// a type expression (elemTyp, when elem is nil).
func (w *goWalker) elementsOf(n *gnode, s *goScope, elem *gnode, elemTyp string) {
	if goNodeType(n) == "literal_element" && n.NamedChildCount() == 1 {
		n = n.NamedChild(0)
	}
	if goNodeType(n) == "literal_value" {
		if elem == nil && elemTyp != "" {
			w.literalValueOf(n, s, nil, elemTyp)
			return
		}
		w.literalValue(n, s, elem)
		return
	}
	w.walk(n, s)
}

func (w *goWalker) structType(n *gnode, s *goScope) {
	var visit func(n *gnode)
	visit = func(n *gnode) {
		for i := 0; i < int(n.NamedChildCount()); i++ {
			c := n.NamedChild(i)
			switch goNodeType(c) {
			case "field_declaration_list":
				visit(c)
			case "field_declaration":
				w.walk(c.ChildByFieldName("type"), s)
			case "comment":
				w.comment(c)
			}
		}
	}
	visit(n)
}

func (w *goWalker) interfaceType(n *gnode, s *goScope) {
	for i := 0; i < int(n.NamedChildCount()); i++ {
		c := n.NamedChild(i)
		switch goNodeType(c) {
		case "method_elem", "method_spec":
			w.params(c.ChildByFieldName("parameters"), s, nil)
			if r := c.ChildByFieldName("result"); r != nil {
				if goNodeType(r) == "parameter_list" {
					w.params(r, s, nil)
				} else {
					w.walk(r, s)
				}
			}
		default:
			w.walk(c, s)
		}
	}
}

func (w *goWalker) comment(n *gnode) {
	w.sink.CommentMentions(n)
}
