package code

import (
	"strings"
)

// The reference walker of C and C++, one for both grammars (C's node
// types are a subset of C++'s). Functions and lambdas hold their
// parameters; blocks, for loops (their init declarations), if/while/switch
// conditions and catch clauses hold locals; a template declaration holds
// its template parameters. File- and namespace-level declarations are
// symbols or declarations of them, never references. The tree is the one
// the symbols come from: cpre's preprocessed copy of the source (blanked
// macros are spaces to the grammar), with every text read from the
// original. Macro bodies (#define) are not parsed and hold no references.

func init() {
	for _, name := range []string{"c", "cpp"} {
		l := Lookup(name)
		l.Refs = walkerRefs(l, cRefs)
	}
}

func cScope(typ string) scopeKind {
	switch typ {
	case "function_definition", "lambda_expression":
		return scopeFunction
	case "compound_statement", "for_statement", "for_range_loop", "if_statement", "while_statement",
		"switch_statement", "catch_clause", "template_declaration":
		return scopeBlock
	}
	return scopeNone
}

var (
	cIdent = map[string]bool{"identifier": true, "this": true, "field_identifier": true,
		"namespace_identifier": true, "type_identifier": true}
	cPath = map[string]bool{"field_expression": true, "qualified_identifier": true}
)

// cWalk is one C or C++ file's walk: the shared walker, and the nodes a
// qualified name or a declarator has already accounted for.
type cWalk struct {
	*refWalker
	done []bool
	// members are the starts of the references reached through a value
	// (x.f, p->m()): see rustWalk.members.
	members map[uint32]bool
}

// cRefs finds the references of a C or C++ file. defs are the start bytes
// of its symbols' names.
func cRefs(t *flatTree, defs map[uint32]uint32) langRefs {
	w := &cWalk{refWalker: newRefWalker(t, defs, cScope), done: make([]bool, len(t.nodes)), members: map[uint32]bool{}}
	classAt := make([]int32, len(t.nodes))
	for i := range t.nodes {
		switch {
		case cIsClass(t, i) || t.nodes[i].typ() == "function_definition" && cMethodClass(t, i) != "":
			classAt[i] = int32(i)
		case t.nodes[i].parent >= 0:
			classAt[i] = classAt[t.nodes[i].parent]
		default:
			classAt[i] = -1
		}
	}
	className := func(c int) string {
		if c < 0 {
			return ""
		}
		if t.nodes[c].typ() == "function_definition" {
			return cMethodClass(t, c)
		}
		if n := t.child(c, "name"); n >= 0 {
			return cTypeName(t, n)
		}
		return ""
	}
	w.classOf = func(i int) string { return className(int(classAt[i])) }
	fields := fieldTypes{}
	w.fieldType = fields.get
	// Nodes under an ERROR node: where the grammar lost its way (an
	// unknown macro before a declaration), a #define's body may be read
	// as code.
	inErr := make([]bool, len(t.nodes))
	for i := range t.nodes {
		if w.done[i] {
			continue
		}
		n := &t.nodes[i]
		inErr[i] = n.typ() == "ERROR" || n.parent >= 0 && inErr[n.parent]
		if inErr[i] && (n.typ() == "identifier" || n.typ() == "qualified_identifier" || n.typ() == "type_identifier" ||
			n.typ() == "field_identifier") && (cKeywords[t.text(i)] || cInDirective(t.src, n.start)) {
			w.skip(i)
			continue
		}
		if inErr[i] && n.typ() == "identifier" && w.enclosingFunction(i) < 0 {
			// Declarations the grammar misread outside any function
			// (int f(T *msg) as a product): their names are no uses.
			continue
		}
		switch n.typ() {
		case "preproc_include":
			if p := t.child(i, "path"); p >= 0 {
				path := strings.Trim(t.text(p), `"<> `)
				if path != "" {
					w.out.Imports = append(w.out.Imports, langImport{Path: path, Row: n.row})
				}
			}
			w.skip(i)
		case "preproc_def", "preproc_function_def", "attribute_declaration", "attribute_specifier",
			"ms_declspec_modifier", "nested_namespace_specifier", "operator_name", "literal_suffix", "string_literal", "raw_string_literal", "char_literal", "concatenated_string":
			w.skip(i)
		case "using_declaration":
			cUsing(w, i)
		case "namespace_alias_definition":
			if nm := t.child(i, "name"); nm >= 0 {
				ks := t.namedKids(i)
				if len(ks) > 0 && ks[len(ks)-1] != nm {
					w.out.Imports = append(w.out.Imports, langImport{Path: cSpaceless(t.text(ks[len(ks)-1])), Local: t.text(nm), Row: n.row})
				}
			}
			w.skip(i)
		case "field_declaration":
			if cls := className(int(classAt[i])); cls != "" {
				if ty := t.child(i, "type"); ty >= 0 {
					typ := cTypeName(t, ty)
					for _, d := range FieldChildrenFlat(t, i, "declarator") {
						if nm := cDeclaredName(t, d); nm >= 0 && t.nodes[d].typ() != "function_declarator" {
							fields.set(cls, t.text(nm), typ)
						}
					}
				}
			}
		case "declaration", "parameter_declaration", "optional_parameter_declaration", "variadic_parameter_declaration",
			"for_range_loop":
			typ := ""
			if ty := t.child(i, "type"); ty >= 0 {
				typ = w.notGeneric(int(w.scopeOf[i]), cTypeName(t, ty))
			}
			for _, d := range FieldChildrenFlat(t, i, "declarator") {
				ty := typ
				if ty == "" && t.nodes[d].typ() == "init_declarator" {
					if v := t.child(d, "value"); v >= 0 {
						ty = cConstructed(t, v)
					}
				}
				w.declarator(i, d, ty)
			}
		case "type_parameter_declaration", "optional_type_parameter_declaration", "variadic_type_parameter_declaration",
			"parameter_pack_expansion_declaration":
			for _, k := range t.namedKids(i) {
				if t.nodes[k].typ() == "type_identifier" {
					w.bindNode(int(w.scopeOf[i]), k, "")
					w.done[k] = true
				}
			}
		case "lambda_capture_specifier":
			// [c = make()]: c is the lambda's own.
			for _, k := range t.namedKids(i) {
				if t.nodes[k].typ() == "assignment_expression" || t.nodes[k].typ() == "lambda_capture_initializer" {
					if l := t.child(k, "left"); l >= 0 && t.nodes[l].typ() == "identifier" {
						w.bindNode(int(w.scopeOf[i]), l, "")
						w.done[l] = true
					}
				}
			}
		case "qualified_identifier":
			cQualified(w, i)
		case "identifier", "type_identifier", "field_identifier", "namespace_identifier":
			cRefName(w, i)
		case "comment":
			w.text(i)
		}
	}
	w.finish(false, "this")
	markUntyped(w.out.Refs, w.members)
	for i := range w.out.Refs {
		// An unqualified name in a C++ class: "@C", for the resolver to
		// try C's members first.
		if r := &w.out.Refs[i]; r.Qualifier == "" && r.QualType == "" && r.Class != "" && r.Kind != "inherit" {
			r.QualType = "@" + r.Class
		}
	}
	return w.out
}

// cKeywords are the words an ERROR node may hold as identifiers.
var cKeywords = map[string]bool{"int": true, "char": true, "void": true, "const": true, "unsigned": true,
	"signed": true, "long": true, "short": true, "float": true, "double": true, "struct": true, "union": true,
	"enum": true, "static": true, "extern": true, "inline": true, "volatile": true, "register": true,
	"typedef": true, "return": true, "sizeof": true, "class": true, "template": true, "typename": true,
	"virtual": true, "public": true, "private": true, "protected": true, "namespace": true, "using": true,
	"auto": true, "bool": true, "if": true, "else": true, "for": true, "while": true, "do": true}

// cInDirective tells whether byte b of src sits on a preprocessor line
// (or a line continuing one with a backslash).
func cInDirective(src []byte, b uint32) bool {
	i := int(b)
	for {
		ls := i
		for ls > 0 && src[ls-1] != '\n' {
			ls--
		}
		j := ls
		for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
			j++
		}
		if j < len(src) && src[j] == '#' {
			return true
		}
		// A continuation: the line before ends with a backslash.
		k := ls - 2
		for k >= 0 && src[k] == '\r' {
			k--
		}
		if ls == 0 || k < 0 || src[k] != '\\' {
			return false
		}
		i = ls - 1
	}
}

// FieldChildrenFlat is FieldChildren over a flattened tree.
func FieldChildrenFlat(t *flatTree, i int, f string) []int {
	var out []int
	for j := i + 1; j < int(t.next[i]); j = int(t.next[j]) {
		if t.nodes[j].field() == f {
			out = append(out, j)
		}
	}
	return out
}

// skip marks node i's subtree as accounted for.
func (w *cWalk) skip(i int) {
	for j := i; j < int(w.t.next[i]); j++ {
		w.done[j] = true
	}
}

// cIsClass tells whether node i is a class, struct or union with a body.
func cIsClass(t *flatTree, i int) bool {
	switch t.nodes[i].typ() {
	case "class_specifier", "struct_specifier", "union_specifier":
		return t.child(i, "body") >= 0
	}
	return false
}

// cMethodClass is the class of a method defined out of its class
// (int Server<T>::run(...) {...}: Server), "" for a plain function.
func cMethodClass(t *flatTree, fn int) string {
	d := t.child(fn, "declarator")
	for d >= 0 && t.nodes[d].typ() != "function_declarator" {
		d = t.child(d, "declarator")
	}
	if d < 0 {
		return ""
	}
	q := t.child(d, "declarator")
	if q < 0 || t.nodes[q].typ() != "qualified_identifier" {
		return ""
	}
	cls := ""
	for q >= 0 && t.nodes[q].typ() == "qualified_identifier" {
		if s := t.child(q, "scope"); s >= 0 {
			cls = cTypeName(t, s)
		}
		q = t.child(q, "name")
	}
	return cls
}

// cDeclaredName is the identifier a declarator declares, -1 if none.
func cDeclaredName(t *flatTree, d int) int {
	for d >= 0 {
		switch t.nodes[d].typ() {
		case "identifier", "field_identifier", "type_identifier":
			return d
		case "reference_declarator", "parenthesized_declarator", "attributed_declarator", "variadic_declarator":
			ks := t.namedKids(d)
			d = -1
			for _, k := range ks {
				if t.nodes[k].typ() != "attribute_declaration" {
					d = k
				}
			}
		default:
			d = t.child(d, "declarator")
		}
	}
	return -1
}

// declarator handles declarator d of declaration (or parameter) decl:
// inside a function, the names it declares are locals of decl's scope;
// outside, they are the file's own declarations. Either way they are no
// references. The rest of d (an array size, an initial value) is left to
// the walk.
func (w *cWalk) declarator(decl, d int, typ string) {
	t := w.t
	if d < 0 {
		return
	}
	switch t.nodes[d].typ() {
	case "structured_binding_declarator":
		for _, k := range t.namedKids(d) {
			if t.nodes[k].typ() == "identifier" {
				w.declare(decl, k, "")
			}
		}
		return
	case "function_declarator":
		// A prototype: its name is a declaration; its parameters are
		// walked as parameter declarations.
		if nm := t.child(d, "declarator"); nm >= 0 && t.nodes[nm].typ() != "qualified_identifier" {
			if x := cDeclaredName(t, nm); x >= 0 {
				w.declare(decl, x, "")
			}
		}
		return
	}
	if x := cDeclaredName(t, d); x >= 0 {
		w.declare(decl, x, typ)
	}
}

// declare binds name node x as a local of decl's scope when decl sits in
// a function, and marks it accounted for.
func (w *cWalk) declare(decl, x int, typ string) {
	w.done[x] = true
	if w.enclosingFunction(decl) >= 0 {
		w.bindNode(int(w.scopeOf[decl]), x, typ)
	}
}

// cUsing records a using declaration (using std::vector;) or directive
// (using namespace std;) as an import.
func cUsing(w *cWalk, i int) {
	t := w.t
	w.skip(i)
	ns := false
	for j := i + 1; j < int(t.next[i]); j = int(t.next[j]) {
		if t.nodes[j].typ() == "namespace" {
			ns = true
		}
	}
	ks := t.namedKids(i)
	if len(ks) == 0 {
		return
	}
	last := ks[len(ks)-1]
	path := cSpaceless(t.text(last))
	if ns {
		w.out.Imports = append(w.out.Imports, langImport{Path: path, Name: "*", Local: "*", Row: t.nodes[i].row})
		return
	}
	p, name := "", path
	if k := strings.LastIndex(path, "::"); k >= 0 {
		p, name = path[:k], path[k+2:]
	}
	w.out.Imports = append(w.out.Imports, langImport{Path: p, Name: name, Local: name, Row: t.nodes[i].row})
	// The used name is referenced here.
	at := last
	for at >= 0 && t.nodes[at].typ() == "qualified_identifier" {
		at = t.child(at, "name")
	}
	if at >= 0 && t.text(at) == name {
		w.importRef(at, name, p)
	}
}

// cQualified reports a qualified name (a::b::f, ns::T<U>, C::m) from its
// outermost node i: the scopes as types (namespaces and classes), the last
// name with the scopes as its qualifier. The last name of a method
// defined out of its class is its definition, no reference.
func cQualified(w *cWalk, i int) {
	t := w.t
	top := i
	kind := cUseKind(t, top)
	if t.nodes[top].field() == "declarator" {
		if p := t.parentOf(top); p >= 0 && t.nodes[p].typ() == "function_declarator" {
			kind = ""
		}
	}
	prefix := ""
	cur := i
	for cur >= 0 {
		w.done[cur] = true
		s := t.child(cur, "scope")
		nm := t.child(cur, "name")
		if s >= 0 {
			sn := s
			if t.nodes[s].typ() == "template_type" || t.nodes[s].typ() == "dependent_type" {
				sn = t.child(s, "name")
			}
			if sn >= 0 && (t.nodes[sn].typ() == "namespace_identifier" || t.nodes[sn].typ() == "type_identifier" || t.nodes[sn].typ() == "identifier") {
				w.done[sn] = true
				w.ref(sn, "type", prefix, -1)
				prefix = cJoin(prefix, t.text(sn))
			} else {
				prefix = cJoin(prefix, "?")
			}
		} else if prefix == "" {
			prefix = "::"
		}
		if nm < 0 {
			return
		}
		switch t.nodes[nm].typ() {
		case "qualified_identifier":
			cur = nm
			continue
		case "template_function", "template_type", "template_method":
			w.done[nm] = true
			if x := t.child(nm, "name"); x >= 0 {
				nm = x
			}
		}
		w.done[nm] = true
		switch t.nodes[nm].typ() {
		case "identifier", "type_identifier", "field_identifier", "namespace_identifier":
		default:
			return // destructor_name, operator_name
		}
		if kind == "" {
			return
		}
		k := kind
		if t.nodes[nm].typ() == "type_identifier" {
			k = cTypeKind(t, top)
		}
		if w.ref(nm, k, strings.TrimPrefix(prefix, "::"), -1) && k == "call" {
			w.setArgs(cCallArgs(t, top))
		}
		return
	}
}

func cJoin(a, b string) string {
	if a == "" || a == "::" {
		return b
	}
	return a + "::" + b
}

// cRefName classifies a name no declaration or qualified name accounted for.
func cRefName(w *cWalk, i int) {
	t := w.t
	n := &t.nodes[i]
	p := t.parentOf(i)
	if p < 0 || n.end == n.start {
		return // a missing name the parser made up
	}
	switch t.text(i) {
	case "static_cast", "dynamic_cast", "reinterpret_cast", "const_cast", "alignof", "decltype":
		return // an operator the grammar reads as a template's name
	}
	pt := t.nodes[p].typ()
	switch pt {
	case "field_expression":
		if n.field() != "field" {
			break
		}
		obj := t.child(p, "argument")
		if obj < 0 {
			return
		}
		q, root := w.qualifierText(obj, cPath, cIdent)
		if w.ref(i, cUseKind(t, p), q, root) {
			w.setArgs(cCallArgs(t, p))
		}
		w.members[n.start] = true
		return
	case "template_method":
		// obj.template f<T>(): the field expression above names it.
		if a := t.parentOf(p); a >= 0 && t.nodes[a].typ() == "field_expression" {
			obj := t.child(a, "argument")
			q, root := "?", -1
			if obj >= 0 {
				q, root = w.qualifierText(obj, cPath, cIdent)
			}
			w.ref(i, cUseKind(t, a), q, root)
			w.members[n.start] = true
		}
		return
	case "field_initializer":
		// A constructor's member initializer: a field of the class, or
		// a base class's constructor.
		cls := w.classOf(i)
		if cIsBase(t, i, n) {
			w.ref(i, "call", "", -1)
			return
		}
		w.refAlways(i, "write", "this", -1)
		w.pending[len(w.pending)-1].member = true
		w.pending[len(w.pending)-1].ref.QualType = cls
		return
	case "field_designator":
		w.refAlways(i, "write", "?", -1)
		w.members[n.start] = true
		return
	case "preproc_ifdef", "preproc_defined":
		w.ref(i, "other", "", -1)
		return
	case "base_class_clause":
		w.ref(i, "inherit", "", -1)
		return
	case "template_function":
		if n.field() == "name" {
			if w.ref(i, cUseKind(t, p), "", -1) {
				w.setArgs(cCallArgs(t, p))
			}
			return
		}
	case "enumerator", "namespace_definition", "labeled_statement", "goto_statement", "preproc_params",
		"alias_declaration", "concept_definition", "function_declarator", "destructor_name",
		"type_definition":
		if n.field() == "name" || pt == "preproc_params" || pt == "labeled_statement" || pt == "goto_statement" ||
			pt == "function_declarator" || pt == "destructor_name" || pt == "type_definition" && n.field() == "declarator" {
			return
		}
	case "class_specifier", "struct_specifier", "union_specifier", "enum_specifier":
		if n.field() == "name" && t.child(p, "body") >= 0 {
			return
		}
	}
	switch n.typ() {
	case "field_identifier":
		return // a member's declaration
	case "namespace_identifier":
		w.ref(i, "type", "", -1)
		return
	case "type_identifier":
		w.ref(i, cTypeKind(t, i), "", -1)
		return
	}
	if w.ref(i, cUseKind(t, i), "", -1) {
		w.setArgs(cCallArgs(t, i))
	}
}

// cUse climbs from the expression at i over the names it is part of
// (the name of a qualified or template name, the field of a member
// access) to the node that uses it: that node p, and its child c on the
// way; p is -1 at the root.
func cUse(t *flatTree, i int) (p, c int) {
	c = i
	for p = t.parentOf(i); p >= 0; c, p = p, t.parentOf(p) {
		switch t.nodes[p].typ() {
		case "template_function", "qualified_identifier", "template_method":
			if t.nodes[c].field() == "name" {
				continue
			}
		case "field_expression":
			if t.nodes[c].field() == "field" {
				continue
			}
		}
		return p, c
	}
	return -1, c
}

// cCallArgs is the argument list of the call whose callee is the
// expression at i, -1 if it is none's.
func cCallArgs(t *flatTree, i int) int {
	if p, c := cUse(t, i); p >= 0 && t.nodes[p].typ() == "call_expression" && t.nodes[c].field() == "function" {
		return t.child(p, "arguments")
	}
	return -1
}

// cIsBase tells whether the member initializer name n (node i) names a
// base class of the class around it.
func cIsBase(t *flatTree, i int, n *flatNode) bool {
	name := t.text(i)
	for a := t.parentOf(i); a >= 0; a = t.parentOf(a) {
		if cIsClass(t, a) {
			if b := t.childOfType(a, "base_class_clause"); b >= 0 {
				for j := b + 1; j < int(t.next[b]); j++ {
					if t.nodes[j].typ() == "type_identifier" && t.text(j) == name {
						return true
					}
				}
			}
			return false
		}
	}
	return isUpper(name) && strings.ToUpper(name) != name
}

// cUseKind tells how the expression at i is used: called, assigned or
// read.
func cUseKind(t *flatTree, i int) string {
	p, c := cUse(t, i)
	if p < 0 {
		return "read"
	}
	switch t.nodes[p].typ() {
	case "call_expression":
		if t.nodes[c].field() == "function" {
			return "call"
		}
	case "assignment_expression":
		if t.nodes[c].field() == "left" {
			return "write"
		}
	case "update_expression":
		return "write"
	}
	return "read"
}

// cTypeKind is inherit in a base class clause, type otherwise.
func cTypeKind(t *flatTree, i int) string {
	for p, d := t.parentOf(i), 0; p >= 0 && d < 3; p, d = t.parentOf(p), d+1 {
		switch t.nodes[p].typ() {
		case "base_class_clause":
			return "inherit"
		case "qualified_identifier", "template_type":
			continue
		}
		return "type"
	}
	return "type"
}

// cSmartPointers are the wrappers whose methods reach the wrapped type's.
var cSmartPointers = map[string]bool{"unique_ptr": true, "shared_ptr": true, "weak_ptr": true,
	"optional": true, "reference_wrapper": true}

// cTypeName is the name of the type node ty declares its names with: the
// struct of "struct node", the last name of "net::Client", T of
// std::unique_ptr<T>; "" for a primitive type or auto.
func cTypeName(t *flatTree, ty int) string {
	for d := 0; ty >= 0 && d < 8; d++ {
		switch t.nodes[ty].typ() {
		case "type_identifier", "namespace_identifier", "identifier":
			return t.text(ty)
		case "struct_specifier", "class_specifier", "union_specifier", "enum_specifier":
			ty = t.child(ty, "name")
		case "qualified_identifier":
			ty = t.child(ty, "name")
		case "template_type":
			nm := t.child(ty, "name")
			if nm >= 0 && cSmartPointers[t.text(nm)] {
				if a := t.child(ty, "arguments"); a >= 0 {
					if ks := t.namedKids(a); len(ks) > 0 {
						ty = ks[0]
						if t.nodes[ty].typ() == "type_descriptor" {
							ty = t.child(ty, "type")
						}
						continue
					}
				}
			}
			ty = nm
		case "type_descriptor":
			ty = t.child(ty, "type")
		default:
			return ""
		}
	}
	return ""
}

// cConstructed is the type an auto variable's value builds when it says
// so: new T(..), std::make_unique<T>(..) and std::make_shared<T>(..).
func cConstructed(t *flatTree, v int) string {
	switch t.nodes[v].typ() {
	case "new_expression":
		if ty := t.child(v, "type"); ty >= 0 {
			return cTypeName(t, ty)
		}
	case "call_expression":
		f := t.child(v, "function")
		for f >= 0 && t.nodes[f].typ() == "qualified_identifier" {
			f = t.child(f, "name")
		}
		if f >= 0 && t.nodes[f].typ() == "template_function" {
			if nm := t.child(f, "name"); nm >= 0 && (t.text(nm) == "make_unique" || t.text(nm) == "make_shared") {
				if a := t.child(f, "arguments"); a >= 0 {
					if ks := t.namedKids(a); len(ks) > 0 {
						return cTypeName(t, ks[0])
					}
				}
			}
		}
	}
	return ""
}

// cSpaceless drops the white space of a qualified name.
func cSpaceless(s string) string { return strings.Join(strings.Fields(s), "") }
