package code

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/c"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/parsers/code/internal/cpre"
	"github.com/treenav/treenav/parsers/code/internal/srctext"
)

func init() {
	l := &Language{
		Name:         "c",
		Extensions:   []string{".c", ".h"},
		Grammar:      c.GetLanguage,
		CommentTypes: []string{"comment"},
		Preprocess:   cpre.BlankC,
		Directives:   true,
	}
	l.Fixup = func(s *Symbol, src []byte) { cFixup(l, s, src) }
	Register(l)
}

// C and C++ declare names at the bottom of declarator chains
// ("int *(*f(void))[3]", "const T &A<T>::operator[](size_t) const"), and
// whether a name is a function or a variable depends on the declarator
// nearest to it, not on the node the declaration starts with. The queries
// (queries/c.scm, queries/cpp.scm) therefore capture whole declarators as
// @name and cFixup, shared by both languages, resolves them: it finds the
// name and its scope, decides the kind, drops what an outline should not
// show (locals, friend declarations, include guards, macro calls that parse
// as declarations) and writes signatures that cover one declarator. It
// also reads through the macros real headers wrap names in
// ("NCURSES_SP_NAME(cbreak) (SCREEN*)", glibc's "__REDIRECT (f, (...), g)"
// and "__ctx(field)") and through the grammar's misreadings of conversion
// functions and of objects initialised with parentheses.
func cFixup(l *Language, s *Symbol, src []byte) {
	n := s.Node
	switch n.Type() {
	case "preproc_def", "preproc_function_def":
		fixMacro(s, src)
		return
	case "struct_specifier", "union_specifier", "enum_specifier", "class_specifier":
		fixTypeSpecifier(l, s, src)
	case "function_definition", "declaration", "field_declaration", "type_definition":
		fixDeclaration(l, s, src)
	case "alias_declaration":
		// A local "using T = ...;" is a local typedef.
		if isLocal(n) {
			s.Name = ""
			return
		}
	}
	s.Signature = strings.TrimSpace(strings.TrimSuffix(s.Signature, ";"))
}

// fixMacro drops include guards ("#ifndef X_H / #define X_H"), which every
// header has and no reader looks for, and ends the range at the last
// character of the definition instead of the newline after it.
func fixMacro(s *Symbol, src []byte) {
	n := s.Node
	if n.Type() == "preproc_def" && n.ChildByFieldName("value") == nil && isIncludeGuard(n, s.Name, src) {
		s.Name = ""
		return
	}
	for s.End > s.Start && isSpace(src[s.End-1]) {
		s.End--
	}
	if n.Type() == "preproc_def" {
		s.Signature = cSignature(src[s.Start:s.End])
	} else if v := n.ChildByFieldName("value"); v != nil {
		s.Signature = cSignature(src[s.Start:v.StartByte()])
	} else {
		s.Signature = cSignature(src[s.Start:s.End])
	}
}

// isIncludeGuard reports whether an empty #define names the macro its
// enclosing #ifndef or #if !defined(...) tests.
func isIncludeGuard(def *sitter.Node, name string, src []byte) bool {
	p := def.Parent()
	if p == nil {
		return false
	}
	switch p.Type() {
	case "preproc_ifdef":
		c := p.ChildByFieldName("name")
		return c != nil && text(src, c) == name && strings.HasPrefix(text(src, p), "#ifndef")
	case "preproc_if":
		c := p.ChildByFieldName("condition")
		return c != nil && strings.Contains(text(src, c), name)
	}
	return false
}

// fixTypeSpecifier names a struct, union, enum or class and gives it the
// extent of the declaration it appears in. "typedef struct {...} T;" names
// the struct T (and the typedef is dropped in its favour); "typedef struct
// P {...} T;" and "struct P {...} v;" make P a sibling of T and v rather
// than their child.
func fixTypeSpecifier(l *Language, s *Symbol, src []byte) {
	n := s.Node
	if s.NameNode != nil {
		d := resolveDeclarator(s.NameNode, src)
		if !d.ok {
			s.Name = ""
			return
		}
		s.Name, s.Scope = d.name, d.scope
	}
	p := n.Parent()
	if p == nil || !isDeclarationType(p.Type()) || !sameNode(p.ChildByFieldName("type"), n) {
		return
	}
	if s.Name == "" && p.Type() == "type_definition" {
		if d, dn := typedefName(p, src); dn != nil {
			s.Name, s.NativeKind = d.name, "typedef"
			s.Signature = joinSig(elided(src, p.StartByte(), dn.StartByte(), n), cSignature(src[dn.StartByte():dn.EndByte()]))
		}
	}
	if s.Doc == "" {
		if c := l.docComments(p); c != nil {
			s.DocStart, s.DocRow = c.StartByte(), c.StartPoint().Row
			s.Doc = cleanDoc(string(src[s.DocStart:p.StartByte()]))
		}
	}
	if p.ChildByFieldName("declarator") == nil {
		return
	}
	if s.DocStart == s.Start || s.DocStart > p.StartByte() {
		// No doc, or a comment inside the declaration ("extern\n// c\n
		// struct A {} a;"): the declaration's own doc, if any, is above it.
		s.DocStart, s.DocRow, s.Doc = p.StartByte(), p.StartPoint().Row, ""
		if c := l.docComments(p); c != nil {
			s.DocStart, s.DocRow = c.StartByte(), c.StartPoint().Row
			s.Doc = cleanDoc(string(src[s.DocStart:p.StartByte()]))
		}
	}
	s.Start, s.StartRow = p.StartByte(), p.StartPoint().Row
	s.End, s.EndRow = p.EndByte(), endRow(p)
}

// typedefName is the first declarator of a typedef that names the type
// itself (T in "typedef struct {...} T, *PT;").
func typedefName(td *sitter.Node, src []byte) (declInfo, *sitter.Node) {
	for i := 0; i < int(td.ChildCount()); i++ {
		c := td.Child(i)
		if td.FieldNameForChild(i) != "declarator" {
			continue
		}
		if d := resolveDeclarator(c, src); d.ok && d.plain {
			return d, c
		}
	}
	return declInfo{}, nil
}

func isDeclarationType(t string) bool {
	return t == "type_definition" || t == "declaration" || t == "field_declaration"
}

// fixDeclaration handles one declarator of a function definition,
// declaration, field or typedef.
func fixDeclaration(l *Language, s *Symbol, src []byte) {
	n := s.Node
	dn := s.NameNode
	if dn == nil {
		s.Name = ""
		return
	}
	d := resolveDeclarator(dn, src)
	if !d.ok || d.name == "" || cStatementWords[d.name] {
		s.Name = ""
		return
	}
	typ := n.Type()
	body := n.ChildByFieldName("body")
	hasType := n.ChildByFieldName("type") != nil
	if d.fn && typ != "type_definition" {
		if scope, ok := conversionType(n.ChildByFieldName("type"), src); ok && len(d.scope) == 0 {
			// "[[nodiscard]] constexpr operator bool()" and
			// "A<T>::\n operator T()" parse as a function "bool" or "T"
			// returning a type named "operator".
			d.name, d.scope, d.op, hasType = "operator "+d.name, scope, true, false
		}
	}
	if d.fn && len(d.scope) == 0 {
		if name := wrappedName(dn, src); name != "" {
			// "NCURSES_SP_NAME(cbreak) (SCREEN*)", "__REDIRECT (fscanf,
			// (FILE *, ...), __isoc99_fscanf)": a macro around the name.
			d.name = name
		}
	}
	if d.fn && typ == "field_declaration" {
		if name := macroFieldName(dn, src); name != "" {
			// "struct re_dfa_t *__REPB_PREFIX(buffer);", glibc's
			// "__ctx(fld)": a macro spelling a field's name.
			d.name, d.fn = name, false
		}
	}
	if d.fn && body == nil && typ == "declaration" && directInit(n, dn, len(d.scope) > 0, src) {
		// "constexpr error_type error_collate(_S_error_collate);" and
		// "A<T>::_S_count(_S_blocks);" are objects initialised with
		// parentheses, not function declarations.
		d.fn = false
	}
	s.Name, s.Scope = d.name, d.scope
	if body != nil && !d.fn {
		// "int x = 0;" in a class body parses as a function definition
		// without a body; with a body and no function declarator it is
		// error recovery ("class A {" read as C).
		s.Name = ""
		return
	}
	parent := n.Parent()
	friend := parent != nil && parent.Type() == "friend_declaration"

	if typ == "type_definition" {
		if isLocal(n) {
			s.Name = ""
			return
		}
		if first := n.ChildByFieldName("declarator"); hasChildType(n, "ERROR") && first != nil && !sameNode(first, dn) {
			// "typedef PNG_CALLBACK(void, *png_rw_ptr, (png_structp,
			// size_t));": after an error the other "declarators" are
			// the macro's arguments.
			s.Name = ""
			return
		}
		if t := n.ChildByFieldName("type"); t != nil && t.ChildByFieldName("body") != nil {
			// The struct, union or enum carries this name itself.
			if tn := t.ChildByFieldName("name"); tn != nil {
				if td := resolveDeclarator(tn, src); td.ok && td.name == d.name {
					s.Name = ""
					return
				}
			} else if td, _ := typedefName(n, src); td.name == d.name {
				s.Name = ""
				return
			}
		}
		s.Signature = declSignature(s, n, dn, false, src)
		return
	}

	switch {
	case d.fn:
		if isLocal(n) || friend && body == nil {
			s.Name = ""
			return
		}
		s.Kind, s.NativeKind = treenav.KindFunction, ""
		if st := typeMacroStart(src, s.Start); st < s.Start {
			// "XMLPARSEAPI(void *) XML_GetBuffer(...)": the export macro
			// around the return type was blanked; the declaration starts
			// with it.
			if s.DocStart == s.Start {
				s.DocStart = st
			}
			s.Start = st
		}
		switch {
		case strings.HasPrefix(d.name, "~"):
			s.Kind, s.NativeKind = treenav.KindMethod, "destructor"
		case d.op:
			s.NativeKind = "operator"
			if len(d.scope) > 0 {
				s.Kind = treenav.KindMethod
			}
		case !hasType && (d.name == enclosingClass(n, src) || len(d.scope) > 0 && d.scope[len(d.scope)-1] == d.name):
			s.Kind = treenav.KindConstructor
		case !hasType && (typ != "function_definition" || l.Name != "c" || srctext.IsAllCaps([]byte(d.name))):
			// Without a type and not a constructor, a declaration is a
			// macro call ("DECLARE_THING(x);") or a deduction guide, and
			// a C++ definition, or a C one in capitals, is a macro
			// ("TEST(Suite, Name) {...}"); C has implicit int ("main()
			// {...}").
			s.Name = ""
			return
		case len(d.scope) > 0:
			s.Kind = treenav.KindMethod
		}
		if friend {
			s.NativeKind = "friend"
		}
		// A prototype: the definition, with its body, is elsewhere. A
		// function without a body but "= default", "= delete" or "= 0"
		// (a function_definition in a class, an init_declarator outside
		// one) is the only definition there is.
		s.Declaration = typ != "function_definition" && dn.Type() != "init_declarator"
		if typ != "function_definition" && declaratorCount(n) == 1 {
			// The whole declaration: "= delete", "__THROW", "noexcept"
			// and attributes after the declarator belong to it.
			s.Signature = cSignature(src[s.Start:n.EndByte()])
		} else if typ == "function_definition" {
			end := n.EndByte()
			if body != nil {
				end = body.StartByte()
			}
			for i := 0; i < int(n.NamedChildCount()); i++ {
				if c := n.NamedChild(i); c.Type() == "field_initializer_list" && c.StartByte() < end {
					end = c.StartByte()
				}
			}
			s.Signature = cSignature(src[s.Start:end])
		} else {
			s.Signature = declSignature(s, n, dn, false, src)
		}
	default:
		if isLocal(n) || friend {
			s.Name = ""
			return
		}
		inClass := typ == "field_declaration" || enclosingClass(n, src) != "" && len(d.scope) == 0
		switch {
		case d.constant(n, src) && (!inClass || hasStorage(n, src, "static")):
			s.Kind, s.NativeKind = treenav.KindConstant, ""
		case inClass:
			s.Kind, s.NativeKind = treenav.KindField, ""
		default:
			s.Kind, s.NativeKind = treenav.KindVariable, ""
		}
		// "extern int x;" declares a variable defined elsewhere.
		s.Declaration = dn.Type() != "init_declarator" && hasStorage(n, src, "extern")
		s.Signature = declSignature(s, n, dn, s.Kind == treenav.KindConstant, src)
	}
}

// typeMacroStart returns the start of "NAME(" when it directly precedes
// start on the same line (a macro in capitals around a return type), or
// start.
func typeMacroStart(src []byte, start uint32) uint32 {
	i := int(start)
	for i > 0 && (src[i-1] == ' ' || src[i-1] == '\t') {
		i--
	}
	if i == 0 || src[i-1] != '(' {
		return start
	}
	i--
	for i > 0 && (src[i-1] == ' ' || src[i-1] == '\t') {
		i--
	}
	j := i
	for j > 0 && (isLetter(src[j-1]) || src[j-1] >= '0' && src[j-1] <= '9') {
		j--
	}
	if j == i || !srctext.IsAllCaps(src[j:i]) || j > 0 && !isSpace(src[j-1]) && src[j-1] != ';' && src[j-1] != '}' {
		return start
	}
	return uint32(j)
}

// wrappedName finds the name of a function declared through a macro
// around its name: "M(name) (params)" (a function declarator cannot
// declare a function returning a function, so the inner one is a macro
// call) and glibc's "__REDIRECT (name, (params), alias)".
func wrappedName(n *sitter.Node, src []byte) string {
	var outer *sitter.Node
	for depth := 0; n != nil && depth < 16; depth++ {
		switch n.Type() {
		case "function_declarator":
			inner := declaratorChild(n)
			if inner == nil || inner.Type() != "identifier" {
				outer, n = n, inner
				continue
			}
			params := n.ChildByFieldName("parameters")
			if params == nil {
				return ""
			}
			var ps []*sitter.Node
			for i := 0; i < int(params.NamedChildCount()); i++ {
				if c := params.NamedChild(i); c.Type() != "comment" {
					ps = append(ps, c)
				}
			}
			if outer != nil && outer.Type() == "function_declarator" && len(ps) == 1 {
				return bareName(ps[0], src)
			}
			macro := text(src, inner)
			if len(ps) == 0 || !strings.HasPrefix(macro, "__") && !srctext.IsAllCaps([]byte(macro)) {
				return ""
			}
			if len(ps) >= 2 {
				if d := ps[1].ChildByFieldName("declarator"); d != nil && d.Type() == "abstract_function_declarator" {
					return bareName(ps[0], src)
				}
			}
			// "(fscanf, (FILE *...), ...)" read as one parameter: type
			// fscanf, an error for the comma, then "(FILE *...)".
			if d := ps[0].ChildByFieldName("declarator"); d != nil && d.Type() == "abstract_function_declarator" {
				if t := ps[0].ChildByFieldName("type"); t != nil && t.Type() == "type_identifier" {
					return text(src, t)
				}
			}
			return ""
		case "init_declarator", "parenthesized_declarator", "attributed_declarator",
			"pointer_declarator", "reference_declarator", "array_declarator":
			outer, n = n, declaratorChild(n)
		default:
			return ""
		}
	}
	return ""
}

// macroFieldName is the field a macro in capitals or with a reserved
// name spells around its only argument ("__ctx(significand)[4]"), or "".
func macroFieldName(n *sitter.Node, src []byte) string {
	for depth := 0; n != nil && depth < 16; depth++ {
		switch n.Type() {
		case "function_declarator":
			inner := declaratorChild(n)
			if inner == nil || inner.Type() != "field_identifier" {
				return ""
			}
			name := text(src, inner)
			if !strings.HasPrefix(name, "__") && !srctext.IsAllCaps([]byte(name)) {
				return ""
			}
			params := n.ChildByFieldName("parameters")
			if params == nil || params.NamedChildCount() != 1 {
				return ""
			}
			return bareName(params.NamedChild(0), src)
		case "pointer_declarator", "array_declarator", "parenthesized_declarator", "attributed_declarator":
			n = declaratorChild(n)
		default:
			return ""
		}
	}
	return ""
}

// bareName is the name a parameter declaration consists of, or "".
func bareName(p *sitter.Node, src []byte) string {
	if p.Type() != "parameter_declaration" || p.NamedChildCount() != 1 {
		return ""
	}
	if t := p.ChildByFieldName("type"); t != nil && t.Type() == "type_identifier" {
		return text(src, t)
	}
	return ""
}

// conversionType recognises the type a conversion function is misread
// with: "operator", or "A<T>::operator" (then it returns the scope).
func conversionType(t *sitter.Node, src []byte) ([]string, bool) {
	if t == nil {
		return nil, false
	}
	var scope []string
	name := t
	if t.Type() == "qualified_identifier" {
		if sc := t.ChildByFieldName("scope"); sc != nil {
			scope = scopeName(sc, src)
		}
		name = t.ChildByFieldName("name")
	}
	if name == nil || name.Type() != "type_identifier" || text(src, name) != "operator" {
		return nil, false
	}
	return scope, true
}

// directInit reports whether a declaration that reads as a function
// declaration is an object with a parenthesised initialiser: constexpr or
// constinit (a constexpr function is defined where it is declared), or a
// qualified name outside a class (a member function cannot be redeclared
// there), and every "parameter" a bare name, which is an argument.
func directInit(decl, dn *sitter.Node, qualified bool, src []byte) bool {
	if !qualified && !hasSpecifier(decl, src, "constexpr", "constinit") {
		return false
	}
	if qualified && (enclosingClass(decl, src) != "" || isTemplateSpecialization(decl)) {
		return false
	}
	fd := dn
	for fd != nil && fd.Type() != "function_declarator" {
		fd = declaratorChild(fd)
	}
	if fd == nil {
		return false
	}
	params := fd.ChildByFieldName("parameters")
	if params == nil || params.NamedChildCount() == 0 {
		return false
	}
	for i := 0; i < int(params.NamedChildCount()); i++ {
		p := params.NamedChild(i)
		if p.Type() == "comment" {
			continue
		}
		if p.Type() != "parameter_declaration" || p.NamedChildCount() != 1 || p.ChildByFieldName("declarator") != nil {
			return false
		}
		if t := p.ChildByFieldName("type"); t == nil || t.Type() != "type_identifier" && t.Type() != "qualified_identifier" {
			return false
		}
	}
	return true
}

// hasSpecifier reports whether a declaration has one of the words as a
// specifier or qualifier.
func hasSpecifier(n *sitter.Node, src []byte, words ...string) bool {
	for i := 0; i < int(n.NamedChildCount()); i++ {
		c := n.NamedChild(i)
		if c.Type() != "type_qualifier" && c.Type() != "storage_class_specifier" {
			continue
		}
		for _, w := range words {
			if text(src, c) == w {
				return true
			}
		}
	}
	return false
}

// isTemplateSpecialization reports whether n is under "template<>".
func isTemplateSpecialization(n *sitter.Node) bool {
	p := n.Parent()
	if p == nil || p.Type() != "template_declaration" {
		return false
	}
	params := p.ChildByFieldName("parameters")
	return params != nil && params.NamedChildCount() == 0
}

// cStatementWords are never declared names: a "function" called "if" is
// error recovery on a statement.
var cStatementWords = map[string]bool{
	"if": true, "else": true, "while": true, "for": true, "switch": true, "return": true,
	"do": true, "case": true, "goto": true, "sizeof": true,
}

// declaratorCount counts the declarators of a declaration.
func declaratorCount(n *sitter.Node) int {
	c := 0
	for i := 0; i < int(n.ChildCount()); i++ {
		if n.FieldNameForChild(i) == "declarator" {
			c++
		}
	}
	return c
}

// declSignature is the signature of one declarator: the declaration's
// specifiers (with any struct body elided) followed by that declarator,
// with its initializer only when withValue is set.
func declSignature(s *Symbol, decl, dn *sitter.Node, withValue bool, src []byte) string {
	first := decl.ChildByFieldName("declarator")
	if first == nil {
		first = dn
	}
	start := s.Start
	if start > first.StartByte() {
		start = decl.StartByte()
	}
	prefix := elided(src, start, first.StartByte(), decl.ChildByFieldName("type"))
	d := dn
	if !withValue && dn.Type() == "init_declarator" {
		if inner := dn.ChildByFieldName("declarator"); inner != nil {
			d = inner
		}
	}
	end := d.EndByte()
	if withValue && decl.Type() == "field_declaration" {
		if v := decl.ChildByFieldName("default_value"); v != nil {
			end = v.EndByte()
		}
	}
	return joinSig(prefix, cSignature(src[d.StartByte():end]))
}

// elided is the signature of src[start:end] with the body of type
// specifier t, if it lies inside, written "{…}".
func elided(src []byte, start, end uint32, t *sitter.Node) string {
	if t != nil {
		if b := t.ChildByFieldName("body"); b != nil && b.StartByte() >= start && b.EndByte() <= end {
			return joinSig(joinSig(cSignature(src[start:b.StartByte()]), "{…}"), cSignature(src[b.EndByte():end]))
		}
	}
	return cSignature(src[start:end])
}

func joinSig(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + " " + b
}

// declInfo is what resolveDeclarator learns from a declarator chain.
type declInfo struct {
	name  string
	scope []string
	ok    bool
	fn    bool // the declarator nearest the name is a function declarator
	op    bool // an operator or conversion function
	plain bool // nothing but the name (typedef T, not *T or T[3])
	ptr   bool // a pointer or reference declarator applies to the name
	// ptrConst: the pointer nearest the name is itself const ("* const p").
	ptrConst bool
}

// constant reports whether the declared object is itself const: a const or
// constexpr declaration of a non-pointer, or a const pointer.
func (d declInfo) constant(decl *sitter.Node, src []byte) bool {
	if d.ptr {
		return d.ptrConst
	}
	for i := 0; i < int(decl.NamedChildCount()); i++ {
		c := decl.NamedChild(i)
		switch c.Type() {
		case "type_qualifier", "storage_class_specifier":
			switch text(src, c) {
			case "const", "constexpr", "constinit":
				return true
			}
		}
	}
	return false
}

// resolveDeclarator walks a declarator down to the name it declares.
func resolveDeclarator(n *sitter.Node, src []byte) declInfo {
	var d declInfo
	d.plain = true
	for n != nil {
		switch n.Type() {
		case "init_declarator", "parenthesized_declarator", "attributed_declarator":
			n = declaratorChild(n)
		case "function_declarator":
			d.fn, d.ptr, d.plain = true, false, false
			n = declaratorChild(n)
		case "pointer_declarator", "reference_declarator":
			d.fn, d.ptr, d.plain = false, true, false
			d.ptrConst = hasQualifier(n, src, "const")
			n = declaratorChild(n)
		case "array_declarator":
			d.fn, d.plain = false, false
			n = declaratorChild(n)
		case "qualified_identifier", "nested_namespace_specifier":
			if n.Type() == "nested_namespace_specifier" {
				for i := 0; i < int(n.NamedChildCount())-1; i++ {
					d.scope = append(d.scope, text(src, n.NamedChild(i)))
				}
				n = n.NamedChild(int(n.NamedChildCount()) - 1)
				continue
			}
			name := n.ChildByFieldName("name")
			if name != nil && name.Type() == "pointer_type_declarator" {
				// "A::*pm": a pointer to member of A, not a member of A.
				d.fn, d.ptr, d.plain = false, true, false
				n = declaratorChild(name)
				continue
			}
			if sc := n.ChildByFieldName("scope"); sc != nil {
				d.scope = append(d.scope, scopeName(sc, src)...)
			}
			n = name
		case "template_function", "template_type", "template_method":
			n = n.ChildByFieldName("name")
		case "operator_cast":
			d.fn, d.op, d.plain = true, true, false
			d.name = castName(n, src)
			d.ok = d.name != ""
			return d
		case "operator_name":
			d.op = true
			d.name = operatorName(text(src, n))
			d.ok = true
			return d
		case "destructor_name":
			d.name = strings.Join(strings.Fields(text(src, n)), "")
			d.ok = true
			return d
		case "identifier", "field_identifier", "type_identifier", "namespace_identifier", "primitive_type":
			d.name = text(src, n)
			d.ok = d.name != ""
			return d
		default:
			return d
		}
	}
	return d
}

// declaratorChild is the declarator a declarator wraps: its "declarator"
// field, or (reference and parenthesized declarators have no field) its
// first named child that is not a qualifier or attribute.
func declaratorChild(n *sitter.Node) *sitter.Node {
	if c := n.ChildByFieldName("declarator"); c != nil {
		return c
	}
	for i := 0; i < int(n.NamedChildCount()); i++ {
		c := n.NamedChild(i)
		switch c.Type() {
		case "type_qualifier", "ms_based_modifier", "ms_pointer_modifier", "ms_call_modifier",
			"attribute_specifier", "attribute_declaration", "virtual_specifier", "comment", "ERROR":
			continue
		}
		return c
	}
	return nil
}

func hasChildType(n *sitter.Node, t string) bool {
	for i := 0; i < int(n.NamedChildCount()); i++ {
		if n.NamedChild(i).Type() == t {
			return true
		}
	}
	return false
}

func hasQualifier(n *sitter.Node, src []byte, q string) bool {
	for i := 0; i < int(n.NamedChildCount()); i++ {
		if c := n.NamedChild(i); c.Type() == "type_qualifier" && text(src, c) == q {
			return true
		}
	}
	return false
}

func hasStorage(n *sitter.Node, src []byte, s string) bool {
	for i := 0; i < int(n.NamedChildCount()); i++ {
		if c := n.NamedChild(i); c.Type() == "storage_class_specifier" && text(src, c) == s {
			return true
		}
	}
	return false
}

// scopeName turns the scope of a qualified name into its parts: "ns",
// "A<T>" → "A", nested "a::b".
func scopeName(n *sitter.Node, src []byte) []string {
	switch n.Type() {
	case "template_type":
		if c := n.ChildByFieldName("name"); c != nil {
			return []string{text(src, c)}
		}
	case "qualified_identifier":
		var parts []string
		if sc := n.ChildByFieldName("scope"); sc != nil {
			parts = scopeName(sc, src)
		}
		if c := n.ChildByFieldName("name"); c != nil {
			parts = append(parts, scopeName(c, src)...)
		}
		return parts
	}
	s := text(src, n)
	if i := strings.IndexByte(s, '<'); i >= 0 {
		s = s[:i]
	}
	if s = strings.TrimSpace(s); s == "" {
		return nil
	}
	return []string{s}
}

// castName names a conversion function by its target type, as compilers
// do: "operator bool", "operator const char*".
func castName(n *sitter.Node, src []byte) string {
	end := n.EndByte()
	for d := n.ChildByFieldName("declarator"); d != nil; d = declaratorChild(d) {
		if d.Type() == "abstract_function_declarator" {
			end = d.StartByte()
			break
		}
	}
	return strings.Join(strings.Fields(string(src[n.StartByte():end])), " ")
}

// operatorName writes an operator's name without inner spaces ("operator
// ()", "operator ==" → "operator()", "operator=="), keeping one space
// before a word ("operator new[]", "operator co_await").
func operatorName(s string) string {
	rest := strings.TrimSpace(strings.TrimPrefix(s, "operator"))
	rest = strings.Join(strings.Fields(rest), "")
	if rest != "" && (isLetter(rest[0])) {
		w := 0
		for w < len(rest) && (isLetter(rest[w]) || rest[w] >= '0' && rest[w] <= '9') {
			w++
		}
		return "operator " + rest[:w] + rest[w:]
	}
	return "operator" + rest
}

func isSpace(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f' || b == '\v'
}

// maxScopeWalk bounds the walk up from a declaration to its scope, so
// that pathologically deep trees stay fast (a node's Parent costs its
// depth in tree-sitter); real declarations sit a few levels below theirs.
const maxScopeWalk = 32

// isLocal reports whether n is declared inside a function body (or a
// lambda's), where an outline shows nothing but types. A function
// definition is never local: inside a body it comes from a brace that
// error recovery left open (often an #ifdef'd signature).
func isLocal(n *sitter.Node) bool {
	if n.Type() == "function_definition" {
		return false
	}
	for p, depth := n.Parent(), 0; p != nil && depth < maxScopeWalk; p, depth = p.Parent(), depth+1 {
		switch p.Type() {
		case "compound_statement", "function_definition", "lambda_expression":
			return true
		case "field_declaration_list", "declaration_list", "translation_unit":
			return false
		}
	}
	return false
}

// enclosingClass names the class, struct or union whose body holds n, or
// "" when n is not a member.
func enclosingClass(n *sitter.Node, src []byte) string {
	for p, depth := n.Parent(), 0; p != nil && depth < maxScopeWalk; p, depth = p.Parent(), depth+1 {
		switch p.Type() {
		case "field_declaration_list":
			c := p.Parent()
			if c == nil {
				return ""
			}
			if name := c.ChildByFieldName("name"); name != nil {
				if d := resolveDeclarator(name, src); d.ok {
					return d.name
				}
			}
			return ""
		case "compound_statement", "declaration_list", "translation_unit":
			return ""
		}
	}
	return ""
}

func sameNode(a, b *sitter.Node) bool {
	return a != nil && b != nil && a.StartByte() == b.StartByte() && a.EndByte() == b.EndByte() && a.Type() == b.Type()
}

// cSignature collapses a declaration's text like signature, joining
// backslash-continued macro lines first. Only the head of a long text can
// show in a signature.
func cSignature(b []byte) string {
	if len(b) > 8*maxSignature {
		b = b[:8*maxSignature]
	}
	if len(b) > 0 && strings.Contains(string(b), "\\\n") {
		b = []byte(strings.NewReplacer("\\\r\n", " ", "\\\n", " ").Replace(string(b)))
	}
	return strings.TrimSpace(strings.TrimSuffix(signature(b), ";"))
}
