package code

import (
	"strconv"
	"strings"
)

// JavaScript's and TypeScript's scope rules for the reference walker:
// functions hold parameters and var; blocks, loops and catch clauses hold
// let, const, class and local function declarations; declarations with
// type parameters hold those. The file's own top-level names are symbols.

func jsScope(typ string) scopeKind {
	switch typ {
	case "function_declaration", "function_expression", "function", "generator_function",
		"generator_function_declaration", "arrow_function", "method_definition":
		return scopeFunction
	case "statement_block", "for_statement", "for_in_statement", "catch_clause", "switch_body",
		"class_declaration", "class", "abstract_class_declaration", "interface_declaration",
		"type_alias_declaration", "method_signature", "abstract_method_signature", "function_signature",
		"call_signature", "construct_signature", "function_type", "constructor_type", "conditional_type",
		"mapped_type_clause", "object_type", "index_signature":
		return scopeBlock
	}
	return scopeNone
}

var (
	jsIdent = map[string]bool{"identifier": true, "this": true, "super": true, "property_identifier": true,
		"type_identifier": true, "private_property_identifier": true}
	jsPath = map[string]bool{"member_expression": true, "nested_identifier": true, "nested_type_identifier": true,
		"non_null_expression": true}
)

// jsRefs finds the references of a JavaScript, TypeScript or TSX file.
// defs are the start bytes of its symbols' names.
func jsRefs(t *flatTree, defs map[uint32]uint32) langRefs {
	w := newRefWalker(t, defs, jsScope)
	classAt := t.enclosing(jsIsClass)
	w.classOf = func(i int) string { return t.nameText(int(classAt[i])) }
	fields := fieldTypes{}
	w.fieldType = fields.get
	for i := range t.nodes {
		n := &t.nodes[i]
		switch n.typ() {
		case "public_field_definition":
			// part: Part, part = new Part()
			nm := t.child(i, "name")
			typ := ""
			if ty := t.child(i, "type"); ty >= 0 {
				typ = simpleTypeName(strings.TrimPrefix(strings.TrimSpace(t.text(ty)), ":"))
			} else if v := t.child(i, "value"); v >= 0 {
				typ = jsConstructed(t, v)
			}
			if nm >= 0 {
				fields.set(w.classOf(i), t.text(nm), typ)
			}
		case "variable_declarator":
			jsDeclarator(w, i)
		case "call_expression":
			// super(...) calls the base class's constructor.
			if f := t.child(i, "function"); f >= 0 && t.nodes[f].typ() == "super" {
				if c := int(classAt[i]); c >= 0 {
					if base := jsBaseClass(t, c); base != "" {
						w.refAs(f, "constructor", "call", "super()", base)
					}
				}
			}
		case "assignment_expression":
			// module.exports = X: the module's value is X.
			l, r := t.child(i, "left"), t.child(i, "right")
			if l >= 0 && r >= 0 && t.text(l) == "module.exports" && t.nodes[r].typ() == "identifier" {
				w.out.Imports = append(w.out.Imports, langImport{Local: "=", Name: t.text(r), Export: true, Row: n.row})
			}
		case "formal_parameters":
			if fn := t.parentOf(i); fn >= 0 {
				s := int(w.scopeOf[fn])
				ctor := t.nodes[fn].typ() == "method_definition" && t.child(fn, "name") >= 0 && t.text(t.child(fn, "name")) == "constructor"
				ctx := jsCallbackOf(w, fn)
				j := 0
				for _, p := range t.namedKids(i) {
					if strings.Contains(t.nodes[p].typ(), "comment") {
						continue
					}
					jsBindParam(w, s, p, ctx.param(j))
					j++
					if ctor {
						jsParamProperty(w, fields, p)
					}
				}
			}
		case "arrow_function":
			if p := t.child(i, "parameter"); p >= 0 {
				w.bindNode(i, p, jsCallbackOf(w, i).param(0))
			}
		case "catch_clause":
			if p := t.child(i, "parameter"); p >= 0 {
				jsBindPattern(w, i, p, "")
			}
		case "for_in_statement":
			if l := t.child(i, "left"); l >= 0 && jsDeclares(t, i, l) {
				s := i
				if jsDeclKeyword(t, i, l) == "var" {
					s = w.enclosingFunction(i)
				}
				if t.nodes[l].typ() == "object_pattern" {
					jsPatternMembers(w, l, "")
				}
				jsBindPattern(w, s, l, "")
			}
		case "function_declaration", "generator_function_declaration", "class_declaration",
			"abstract_class_declaration", "interface_declaration", "type_alias_declaration", "enum_declaration":
			if nm := t.child(i, "name"); nm >= 0 {
				w.bindNode(w.scopeAbove(i), nm, "")
			}
		case "type_parameter":
			if nm := t.child(i, "name"); nm >= 0 {
				// T extends AnyAsyncThunk: T's members are its bound's.
				typ := ""
				if c := t.child(i, "constraint"); c >= 0 {
					typ = simpleTypeName(strings.TrimPrefix(strings.TrimSpace(t.text(c)), "extends"))
				}
				w.bindNode(int(w.scopeOf[i]), nm, typ)
			}
		case "lookup_type":
			jsLookupType(w, i)
		case "mapped_type_clause":
			if nm := t.child(i, "name"); nm >= 0 {
				w.bindNode(i, nm, "")
			}
		case "infer_type":
			if nm := t.childOfType(i, "type_identifier"); nm >= 0 {
				w.bindNode(int(w.scopeOf[i]), nm, "")
			}
		case "comment":
			jsDocRefs(w, i)
			w.text(i)
		case "import_statement":
			jsImport(w, i)
		case "export_statement":
			jsExport(w, i)
		case "identifier", "type_identifier", "property_identifier", "shorthand_property_identifier",
			"private_property_identifier":
			jsIdentifier(w, i)
		}
	}
	w.finish(false, "this")
	return w.out
}

// jsBaseClass is the name of the class class c extends, "" if none.
func jsBaseClass(t *flatTree, c int) string {
	h := t.childOfType(c, "class_heritage")
	if h < 0 {
		return ""
	}
	v := -1
	if e := t.childOfType(h, "extends_clause"); e >= 0 {
		v = t.child(e, "value")
	} else if ks := t.namedKids(h); len(ks) > 0 {
		v = ks[0] // JavaScript: class_heritage holds the expression
	}
	if v < 0 {
		return ""
	}
	return simpleTypeName(t.text(v))
}

func jsIsClass(typ string) bool {
	return typ == "class_declaration" || typ == "class" || typ == "abstract_class_declaration"
}

// jsDeclKeyword is the keyword (var, let, const) before the declared
// pattern l of a for-in/of loop i, "" if none.
func jsDeclKeyword(t *flatTree, i, l int) string {
	for j := i + 1; j < l; j = int(t.next[j]) {
		switch txt := t.text(j); txt {
		case "var", "let", "const", "using":
			return txt
		}
	}
	return ""
}

func jsDeclares(t *flatTree, i, l int) bool { return jsDeclKeyword(t, i, l) != "" }

// jsDeclarator binds a variable declarator's names, and records a
// require() as an import.
func jsDeclarator(w *refWalker, i int) {
	t := w.t
	nm := t.child(i, "name")
	if nm < 0 {
		return
	}
	s := int(w.scopeOf[i])
	if d := t.parentOf(i); d >= 0 && t.nodes[d].typ() == "variable_declaration" {
		s = w.enclosingFunction(i)
	}
	typ := ""
	if ty := t.child(i, "type"); ty >= 0 {
		typ = simpleTypeName(strings.TrimPrefix(strings.TrimSpace(t.text(ty)), ":"))
	}
	v := t.child(i, "value")
	if v >= 0 && typ == "" {
		typ = jsConstructed(t, v)
	}
	if v >= 0 && typ == "" {
		// const s = f(), const s = this.make(), const s = x.get():
		// what the call returns.
		if q, root, ok := jsCalleePath(w, v); ok {
			typ = jsCallType(w, s, q, root)
		} else if t.nodes[v].typ() == "await_expression" {
			// const user = await repo.find(id): what the promise the
			// call returns resolves to.
			if k := t.namedKids(v); len(k) == 1 {
				if q, root, ok := jsCalleePath(w, k[0]); ok {
					if ct := jsCallType(w, s, q, root); ct != "" {
						typ = "await " + ct
					}
				}
			}
		}
	}
	if v >= 0 && t.nodes[v].typ() == "this" && t.nodes[nm].typ() == "object_pattern" && w.fieldType != nil {
		// const { a, b } = this: the class's fields, with their types.
		cls := w.classOf(i)
		for _, k := range t.namedKids(nm) {
			if t.nodes[k].typ() == "shorthand_property_identifier_pattern" {
				w.bindNode(s, k, w.fieldType(cls, t.text(k)))
			}
		}
	}
	if v >= 0 {
		jsRequire(w, nm, v)
	}
	if t.nodes[nm].typ() == "object_pattern" {
		// const { a, b: c } = this: a and b are members of the value.
		// A require's names are its imports.
		if _, req := jsRequirePath(t, v); v < 0 || !req {
			q, root := "?", -1
			if v >= 0 {
				q, root = w.qualifierText(v, jsPath, jsIdent)
			}
			if q == "?" {
				// const { a }: T = ..., const { data } = useQuery(),
				// const { a } = new C(): members of the type written or
				// read from the callee (typ, as a local would get it).
				jsPatternMembers(w, nm, typ)
			} else {
				jsPatternKeys(t, nm, false, func(k int, nested bool) {
					if nested {
						w.refAlways(k, "read", "?", -1)
					} else {
						w.refAlways(k, "read", q, root)
					}
				})
			}
		}
	}
	jsBindPattern(w, s, nm, typ)
}

// jsPatternKeys calls fn with each property name an object binding
// pattern reads: { a, b = 1, c: d } reads a, b and c. A nested pattern's
// names ({ c: { e } }) are members of a member's value, of a type not
// known here: fn is told they are nested.
func jsPatternKeys(t *flatTree, pat int, nested bool, fn func(k int, nested bool)) {
	for _, k := range t.namedKids(pat) {
		switch t.nodes[k].typ() {
		case "shorthand_property_identifier_pattern":
			fn(k, nested)
		case "object_assignment_pattern":
			if l := t.child(k, "left"); l >= 0 && t.nodes[l].typ() == "shorthand_property_identifier_pattern" {
				fn(l, nested)
			}
		case "pair_pattern":
			if key := t.child(k, "key"); key >= 0 && t.nodes[key].typ() == "property_identifier" {
				fn(key, nested)
			}
			if v := t.child(k, "value"); v >= 0 {
				if v2 := t.child(v, "left"); t.nodes[v].typ() == "assignment_pattern" && v2 >= 0 {
					v = v2
				}
				if t.nodes[v].typ() == "object_pattern" {
					jsPatternKeys(t, v, true, fn)
				}
			}
		}
	}
}

// jsPatternMembers reports the names an object binding pattern reads
// (a parameter's { type, name }, a for-of's { matcher }) as members of
// typ, the type the value is declared with, or of an unknown receiver
// when it has none: the names of the shape the language service binds
// them to, as it binds { a } = obj's.
func jsPatternMembers(w *refWalker, pat int, typ string) {
	t := w.t
	jsPatternKeys(t, pat, false, func(k int, nested bool) {
		if typ == "" || nested {
			w.refAlways(k, "read", "?", -1)
			return
		}
		w.refAs(k, t.text(k), "read", typ, typ)
	})
}

// jsCalleePath is the callee of call expression c (behind a non-null
// assertion, f()!), written as a path of names (f, this.source,
// ns.make, x.get) with its root node, ok false when c is no such call:
// require('m') is an import, not a value of a type the tree declares.
func jsCalleePath(w *refWalker, c int) (string, int, bool) {
	return jsCalleePathDepth(w, c, 0)
}

func jsCalleePathDepth(w *refWalker, c, depth int) (string, int, bool) {
	t := w.t
	if t.nodes[c].typ() == "non_null_expression" {
		if k := t.namedKids(c); len(k) == 1 {
			c = k[0]
		}
	}
	if t.nodes[c].typ() != "call_expression" {
		return "", -1, false
	}
	fn := t.child(c, "function")
	if fn < 0 {
		return "", -1, false
	}
	switch t.nodes[fn].typ() {
	case "identifier", "member_expression":
	default:
		return "", -1, false
	}
	q, root := w.qualifierText(fn, jsPath, jsIdent)
	if q == "?" && t.nodes[fn].typ() == "member_expression" {
		// z.string().min(2).max: a method of what the call before it
		// returns, written "z.string().min".
		obj, prop := t.child(fn, "object"), t.child(fn, "property")
		if obj >= 0 && prop >= 0 && depth < 8 {
			if inner, r, ok := jsCalleePathDepth(w, obj, depth+1); ok {
				return inner + "()." + t.text(prop), r, true
			}
			if c := jsConstructed(t, obj); c != "" && t.nodes[obj].typ() == "new_expression" {
				return "new " + c + "()." + t.text(prop), -1, true // new Query().where
			}
		}
	}
	if q == "?" || q == "require" || q == "super" {
		return "", -1, false
	}
	return q, root, true
}

// jsCallType is the type a local bound to a call of callee q (rooted at
// node root) is given: "q()", what the resolver reads as the callee's
// declared result. A callee rooted in a local of a known type is
// written from that type (x.get() with x: Cache is "Cache.get()"); in a
// local of no known type, or a local called itself, it is "" (unknown).
func jsCallType(w *refWalker, s int, q string, root int) string {
	t := w.t
	if root < 0 || t.nodes[root].typ() == "this" {
		return q + "()"
	}
	name := t.text(root)
	b, local := w.lookup(s, name, false)
	if !local {
		return q + "()"
	}
	if q == name || b.typ == "" || b.typ == "?" || strings.ContainsAny(b.typ, "(@") {
		return ""
	}
	return b.typ + strings.TrimPrefix(q, name) + "()"
}

// jsLookupType reports the key of an indexed access type (Props['onSelect'],
// AsyncThunk<R, A>['fulfilled'], T['meta'] with T extends Config) as a
// reference to that member of the type, at the key's string; through a
// type parameter, to its bound's member, which the resolver keeps
// ambiguous: tsc attributes T['k'] to the bound's member for some
// bounds and not others (an alias of a generic instantiation).
func jsLookupType(w *refWalker, i int) {
	t := w.t
	kids := t.namedKids(i)
	if len(kids) != 2 || t.nodes[kids[1]].typ() != "literal_type" {
		return
	}
	str := t.childOfType(kids[1], "string")
	if str < 0 {
		return
	}
	key := strings.Trim(t.text(str), `"'`)
	obj := kids[0]
	if t.nodes[obj].typ() == "generic_type" {
		if nm := t.child(obj, "name"); nm >= 0 {
			obj = nm
		}
	}
	if key == "" || t.nodes[obj].typ() != "type_identifier" {
		return
	}
	typ := t.text(obj)
	if b, local := w.lookup(int(w.scopeOf[i]), typ, false); local {
		// T['meta'], T a type parameter: a member of its bound, which
		// an argument may narrow (qualifier "<T>": never more than
		// ambiguous).
		if b.typ == "" {
			return
		}
		w.refAs(str, key, "type", "<"+typ+">", b.typ)
		return
	}
	w.refAs(str, key, "type", typ, typ)
}

// jsCastType is the type an expression in parentheses is asserted to
// have ((x as T), (<T>x)), "" for any other expression.
func jsCastType(t *flatTree, e int) string {
	if t.nodes[e].typ() != "parenthesized_expression" {
		return ""
	}
	kids := t.namedKids(e)
	if len(kids) != 1 {
		return ""
	}
	switch c := kids[0]; t.nodes[c].typ() {
	case "as_expression", "satisfies_expression":
		if k := t.namedKids(c); len(k) == 2 {
			return simpleTypeName(t.text(k[1]))
		}
	case "type_assertion":
		if k := t.namedKids(c); len(k) == 2 {
			return simpleTypeName(strings.Trim(t.text(k[0]), "<>"))
		}
	}
	return ""
}

// jsConstructed is the class of a `new C(...)` value (or of `new C()`
// behind `await`/`as`), "" otherwise.
func jsConstructed(t *flatTree, v int) string {
	switch t.nodes[v].typ() {
	case "new_expression":
		if c := t.child(v, "constructor"); c >= 0 {
			// Keep ns.C: the type is resolved through the namespace.
			if q, n, ok := cutLast(strings.Join(strings.Fields(t.text(c)), "")); ok && simpleTypeName(n) != "" && simpleTypeName(q) != "" {
				return q + "." + n
			}
			return simpleTypeName(t.text(c))
		}
	case "as_expression", "satisfies_expression":
		for _, k := range t.namedKids(v) {
			if t.nodes[k].typ() != "new_expression" && k != t.namedKids(v)[0] {
				return simpleTypeName(t.text(k))
			}
		}
	}
	return ""
}

// jsRequire records `x = require('m')`, `{a, b: c} = require('m')` and
// `x = require('m').a` as imports.
func jsRequire(w *refWalker, nm, v int) {
	t := w.t
	member := ""
	if t.nodes[v].typ() == "member_expression" {
		if p := t.child(v, "property"); p >= 0 {
			member = t.text(p)
		}
		v = t.child(v, "object")
		if v < 0 {
			return
		}
	}
	path, ok := jsRequirePath(t, v)
	if !ok {
		return
	}
	row := t.nodes[v].row
	switch t.nodes[nm].typ() {
	case "identifier":
		w.out.Imports = append(w.out.Imports, langImport{Local: t.text(nm), Path: path, Name: member, Row: row})
		// The bound name refers to what the module exports (the language
		// service reads `const Base = require('./base')` so).
		name := member
		if name == "" {
			name = t.text(nm)
		}
		w.importRef(nm, name, path)
	case "object_pattern":
		if member != "" {
			return
		}
		for _, k := range t.namedKids(nm) {
			switch t.nodes[k].typ() {
			case "shorthand_property_identifier_pattern":
				x := t.text(k)
				w.out.Imports = append(w.out.Imports, langImport{Local: x, Path: path, Name: x, Pattern: true, Row: row})
				w.importRef(k, x, path)
			case "pair_pattern":
				key, val := t.child(k, "key"), t.child(k, "value")
				if key >= 0 && val >= 0 && t.nodes[val].typ() == "identifier" {
					w.out.Imports = append(w.out.Imports, langImport{Local: t.text(val), Path: path, Name: t.text(key), Pattern: true, Row: row})
					w.importRef(key, t.text(key), path)
				}
			}
		}
	}
}

// jsRequirePath is the module of a require('m') call.
func jsRequirePath(t *flatTree, v int) (string, bool) {
	if t.nodes[v].typ() != "call_expression" {
		return "", false
	}
	f, a := t.child(v, "function"), t.child(v, "arguments")
	if f < 0 || a < 0 || t.text(f) != "require" {
		return "", false
	}
	args := t.namedKids(a)
	if len(args) != 1 || t.nodes[args[0]].typ() != "string" {
		return "", false
	}
	return jsStringValue(t, args[0]), true
}

func jsStringValue(t *flatTree, s int) string {
	return strings.Trim(t.text(s), "\"'`")
}

// jsBindParam binds one formal parameter in scope s.
func jsBindParam(w *refWalker, s, p int, ctx string) {
	t := w.t
	switch t.nodes[p].typ() {
	case "required_parameter", "optional_parameter":
		typ := ""
		if ty := t.child(p, "type"); ty >= 0 {
			typ = simpleTypeName(strings.TrimPrefix(strings.TrimSpace(t.text(ty)), ":"))
		} else if pat := t.child(p, "pattern"); pat >= 0 && t.nodes[pat].typ() == "identifier" {
			typ = ctx
		}
		if pat := t.child(p, "pattern"); pat >= 0 {
			if t.nodes[pat].typ() == "object_pattern" {
				jsPatternMembers(w, pat, typ)
			}
			jsBindPattern(w, s, pat, typ)
		}
	case "identifier":
		w.bindNode(s, p, ctx)
	default:
		if t.nodes[p].typ() == "object_pattern" {
			jsPatternMembers(w, p, "")
		}
		jsBindPattern(w, s, p, "")
	}
}

// jsCallback is where a function given as an argument sits: the callee
// as the resolver reads it (f, this.m, Cache.get, "new C") and the
// argument's index; callee "" when the function is no argument.
type jsCallback struct {
	callee string
	arg    int
}

// param is the type its j-th parameter is given when written without
// one: "callee@arg@j", the j-th parameter of the function type the
// callee declares for that argument, which the resolver reads from the
// callee's signature (operate((source, subscriber) => ...), new
// Observable((subscriber) => ...)); "" when there is no callee.
func (c jsCallback) param(j int) string {
	if c.callee == "" {
		return ""
	}
	return c.object() + "@" + strconv.Itoa(j)
}

// object is the type an object given as the argument itself is: the
// callee's parameter's, "callee@arg" (an object literal's keys, a JSX
// element's attributes); "" when there is no callee.
func (c jsCallback) object() string {
	if c.callee == "" {
		return ""
	}
	return c.callee + "@" + strconv.Itoa(c.arg)
}

// jsCalleeRef is the callee q (rooted at node root, called where node at
// is) as the resolver reads it: jsCallType's without its "()"; "" when
// its type cannot be written.
func jsCalleeRef(w *refWalker, at int, q string, root int) string {
	return strings.TrimSuffix(jsCallType(w, int(w.scopeOf[at]), q, root), "()")
}

// jsCallbackOf tells where function fn is an argument of a call or a
// new expression.
func jsCallbackOf(w *refWalker, fn int) jsCallback {
	switch w.t.nodes[fn].typ() {
	case "arrow_function", "function_expression", "function":
		return jsArgumentOf(w, fn)
	}
	return jsCallback{}
}

// jsArgumentOf tells where node a is an argument of a call or a new
// expression: the callee as the resolver reads it and a's index.
func jsArgumentOf(w *refWalker, a int) jsCallback {
	t := w.t
	args := t.parentOf(a)
	if args < 0 || t.nodes[args].typ() != "arguments" {
		return jsCallback{}
	}
	call := t.parentOf(args)
	if call < 0 {
		return jsCallback{}
	}
	k := 0
	for _, b := range t.namedKids(args) {
		if b == a {
			break
		}
		if !strings.Contains(t.nodes[b].typ(), "comment") {
			k++
		}
	}
	switch t.nodes[call].typ() {
	case "new_expression":
		if c := jsConstructed(t, call); c != "" {
			return jsCallback{callee: "new " + c, arg: k}
		}
	case "call_expression":
		if q, root, ok := jsCalleePath(w, call); ok {
			return jsCallback{callee: jsCalleeRef(w, call, q, root), arg: k}
		}
	}
	return jsCallback{}
}

// jsObjectType is the type an object literal is given where it is
// written: a typed variable's (const o: T = {...}), an `as T` or
// `satisfies T`, a function's declared result for the object it returns,
// or for an argument the callee's parameter's ("callee@k", which the
// resolver reads from the callee's signature); "" when none is written.
func jsObjectType(w *refWalker, obj int) string {
	t := w.t
	c, p := obj, t.parentOf(obj)
	for p >= 0 && t.nodes[p].typ() == "parenthesized_expression" {
		c, p = p, t.parentOf(p)
	}
	if p < 0 {
		return ""
	}
	typeOf := func(ty int) string {
		if ty < 0 {
			return ""
		}
		return simpleTypeName(strings.TrimPrefix(strings.TrimSpace(t.text(ty)), ":"))
	}
	switch t.nodes[p].typ() {
	case "arguments":
		return jsArgumentOf(w, c).object()
	case "variable_declarator":
		if t.nodes[c].field() == "value" {
			return typeOf(t.child(p, "type"))
		}
	case "as_expression", "satisfies_expression":
		if kids := t.namedKids(p); len(kids) == 2 && kids[0] == c {
			return typeOf(kids[1])
		}
	case "return_statement":
		if fn := w.enclosingFunction(p); fn >= 0 {
			return typeOf(t.child(fn, "return_type"))
		}
	case "arrow_function":
		if t.nodes[c].field() == "body" {
			return typeOf(t.child(p, "return_type"))
		}
	}
	return ""
}

// jsxAttribute reports attribute name i of a JSX element (<Caption
// displayMonth={m} />) as the write of a member of the props the
// component takes: the type of its first parameter, "Caption@0", which
// the resolver reads from the component's signature as it reads an
// object literal argument's (the element is a call with an object of its
// attributes). An element of HTML (<div id>) or a component whose
// definition no name reaches is a member of an unknown receiver.
func jsxAttribute(w *refWalker, i, attr int) {
	t := w.t
	if kids := t.namedKids(attr); len(kids) == 0 || kids[0] != i {
		return // a value, not the name
	}
	el := t.parentOf(attr)
	if el < 0 {
		return
	}
	if nm := t.child(el, "name"); nm >= 0 {
		if txt := t.text(nm); txt != "" && txt[0] >= 'A' && txt[0] <= 'Z' {
			// The element is a call of the component with an object of
			// its attributes.
			if q, root := w.qualifierText(nm, jsPath, jsIdent); q != "?" {
				if props := (jsCallback{callee: jsCalleeRef(w, el, q, root)}).object(); props != "" {
					w.refAs(i, t.text(i), "write", "?", props)
					return
				}
			}
			w.refAlways(i, "write", "?", -1)
		}
	}
}

// jsObjectKey reports key i of object literal obj ({ name: v } or
// { name }) as the write of a member of the object's type, of an
// unknown receiver when no type is written for it.
func jsObjectKey(w *refWalker, i, obj int) {
	if typ := jsObjectType(w, obj); typ != "" {
		w.refAs(i, w.t.text(i), "write", "?", typ)
		return
	}
	w.refAlways(i, "write", "?", -1)
}

// jsParamProperty records a TypeScript parameter property (constructor(
// private x: T)) as a field of the class, with its type.
func jsParamProperty(w *refWalker, fields fieldTypes, p int) {
	t := w.t
	if t.nodes[p].typ() != "required_parameter" && t.nodes[p].typ() != "optional_parameter" {
		return
	}
	txt := strings.TrimSpace(t.text(p))
	if t.childOfType(p, "accessibility_modifier") < 0 && !strings.HasPrefix(txt, "readonly ") {
		return
	}
	pat := t.child(p, "pattern")
	if pat < 0 || t.nodes[pat].typ() != "identifier" {
		return
	}
	typ := ""
	if ty := t.child(p, "type"); ty >= 0 {
		typ = simpleTypeName(strings.TrimPrefix(strings.TrimSpace(t.text(ty)), ":"))
	} else if v := t.child(p, "value"); v >= 0 {
		typ = jsConstructed(t, v)
	}
	fields.set(w.classOf(p), t.text(pat), typ)
}

// jsBindPattern binds the names of a binding pattern.
func jsBindPattern(w *refWalker, s, i int, typ string) {
	t := w.t
	switch t.nodes[i].typ() {
	case "identifier", "shorthand_property_identifier_pattern":
		w.bindNode(s, i, typ)
	case "object_pattern", "array_pattern", "rest_pattern":
		for _, k := range t.namedKids(i) {
			jsBindPattern(w, s, k, "")
		}
	case "pair_pattern":
		if v := t.child(i, "value"); v >= 0 {
			jsBindPattern(w, s, v, "")
		}
	case "assignment_pattern", "object_assignment_pattern":
		if l := t.child(i, "left"); l >= 0 {
			jsBindPattern(w, s, l, typ)
		}
	}
}

// jsImport records an import statement and reports its named imports as
// references of kind import.
func jsImport(w *refWalker, i int) {
	t := w.t
	src := t.child(i, "source")
	row := t.nodes[i].row
	if src < 0 {
		// import x = require('m')
		if r := t.childOfType(i, "import_require_clause"); r >= 0 {
			id := t.childOfType(r, "identifier")
			s := t.childOfType(r, "string")
			if id >= 0 && s >= 0 {
				w.out.Imports = append(w.out.Imports, langImport{Local: t.text(id), Path: jsStringValue(t, s), Row: row})
			}
		}
		return
	}
	path := jsStringValue(t, src)
	clause := t.childOfType(i, "import_clause")
	if clause < 0 {
		w.out.Imports = append(w.out.Imports, langImport{Path: path, Row: row})
		return
	}
	for _, k := range t.namedKids(clause) {
		switch t.nodes[k].typ() {
		case "identifier":
			// import X from 'm': X names m's default export (the language
			// service counts the binding as its reference).
			w.out.Imports = append(w.out.Imports, langImport{Local: t.text(k), Path: path, Name: "default", Row: row})
			w.importRef(k, t.text(k), path)
		case "namespace_import":
			if id := t.childOfType(k, "identifier"); id >= 0 {
				w.out.Imports = append(w.out.Imports, langImport{Local: t.text(id), Path: path, Row: row})
			}
		case "named_imports":
			for _, sp := range t.namedKids(k) {
				if t.nodes[sp].typ() != "import_specifier" {
					continue
				}
				nm, al, local := jsSpecifier(t, sp)
				if nm < 0 {
					continue
				}
				w.out.Imports = append(w.out.Imports, langImport{Local: local, Path: path, Name: t.text(nm), Row: row})
				w.ref(nm, "import", path, -1)
				if al >= 0 {
					w.importRef(al, t.text(nm), path)
				}
			}
		}
	}
}

// jsSpecifier reads an import or export specifier (a, a as b): the name's
// node (-1 for none), the alias's (-1 for none), and the local name.
func jsSpecifier(t *flatTree, sp int) (nm, al int, local string) {
	nm, al = t.child(sp, "name"), t.child(sp, "alias")
	if nm < 0 {
		return -1, al, ""
	}
	local = t.text(nm)
	if al >= 0 {
		local = t.text(al)
	}
	return nm, al, local
}

// jsExport records re-exports (export {a as b} from 'm', export * from
// 'm') as imports marked Export, and local export lists (export {a as b})
// as exports of the file's own names.
func jsExport(w *refWalker, i int) {
	t := w.t
	src := t.child(i, "source")
	row := t.nodes[i].row
	path := ""
	if src >= 0 {
		path = jsStringValue(t, src)
	}
	clause := t.childOfType(i, "export_clause")
	if clause < 0 {
		if src >= 0 {
			local, name := "*", "*"
			if ns := t.childOfType(i, "namespace_export"); ns >= 0 {
				local, name = strings.Trim(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(t.text(ns)), "*")), " "), ""
				local = strings.TrimSpace(strings.TrimPrefix(local, "as"))
			}
			w.out.Imports = append(w.out.Imports, langImport{Local: local, Path: path, Name: name, Export: true, Row: row})
		}
		return
	}
	for _, sp := range t.namedKids(clause) {
		if t.nodes[sp].typ() != "export_specifier" {
			continue
		}
		nm, al, local := jsSpecifier(t, sp)
		if nm < 0 {
			continue
		}
		if src >= 0 || local != t.text(nm) {
			w.out.Imports = append(w.out.Imports, langImport{Local: local, Path: path, Name: t.text(nm), Export: true, Row: row})
		}
		if src >= 0 {
			w.refAlways(nm, "import", path, -1)
		} else {
			w.refAlways(nm, "read", "", -1)
		}
		if al >= 0 {
			// export {a as b}: b is an alias of a, a reference to it (of
			// m's default export for export {default as b} from 'm').
			name := t.text(nm)
			if name == "default" {
				name = local
			}
			w.importRef(al, name, path)
		}
	}
}

// jsInPattern tells whether identifier i is a name a binding pattern
// declares (rather than a default value inside it).
func jsInPattern(t *flatTree, i int) bool {
	c := i
	for p := t.parentOf(c); p >= 0; c, p = p, t.parentOf(p) {
		switch t.nodes[p].typ() {
		case "object_pattern", "array_pattern", "rest_pattern":
			continue
		case "pair_pattern":
			if t.nodes[c].field() != "value" {
				return false
			}
			continue
		case "assignment_pattern", "object_assignment_pattern":
			if t.nodes[c].field() != "left" {
				return false
			}
			continue
		case "variable_declarator":
			return t.nodes[c].field() == "name"
		case "required_parameter", "optional_parameter":
			return t.nodes[c].field() == "pattern"
		case "formal_parameters":
			return true
		case "catch_clause":
			return t.nodes[c].field() == "parameter"
		case "for_in_statement":
			return t.nodes[c].field() == "left" && jsDeclares(t, p, c)
		case "arrow_function":
			return t.nodes[c].field() == "parameter"
		}
		return false
	}
	return false
}

// jsIdentifier classifies one identifier.
func jsIdentifier(w *refWalker, i int) {
	t := w.t
	n := &t.nodes[i]
	p := int(n.parent)
	if p < 0 {
		return
	}
	pt := t.nodes[p].typ()
	switch n.typ() {
	case "property_identifier", "private_property_identifier":
		if pt == "pair" && n.field() == "key" && t.nodes[p].parent >= 0 && t.nodes[t.nodes[p].parent].typ() == "object" {
			// {next: f}: the member of the type the object is given to
			// (the language service reads it so), of an unknown
			// receiver unless the type is written where the object is.
			// Also where the key names a symbol (a function-valued key
			// in a call's argument is one).
			jsObjectKey(w, i, int(t.nodes[p].parent))
			return
		}
		if pt == "jsx_attribute" {
			jsxAttribute(w, i, p)
			return
		}
		if pt != "member_expression" || n.field() != "property" {
			return // a member's declared name
		}
	case "shorthand_property_identifier":
		if pt == "object" {
			// { name }: the local name is read, and the property of
			// the object's type written, as with { name: name }.
			w.ref(i, "read", "", -1)
			jsObjectKey(w, i, p)
		}
		return
	}
	switch pt {
	case "member_expression":
		if n.field() != "property" {
			// F in `F.prop = ...` where F.prop is a symbol: the
			// language service reads it as a declaration on F at a
			// module's top level, as a use inside a function (a UMD
			// wrapper).
			if prop := t.child(p, "property"); prop >= 0 && w.isDef(prop) && w.enclosingFunction(i) < 0 {
				return
			}
			break
		}
		obj := t.child(p, "object")
		if obj < 0 {
			return
		}
		if q, root, ok := jsCalleePath(w, obj); ok {
			// f().m, this.source().m, x.get().m: a member of what the
			// call returns, which the resolver reads from its signature.
			w.ref(i, jsUseKind(t, p), q+"()", root)
			return
		}
		if c := jsConstructed(t, obj); c != "" && t.nodes[obj].typ() == "new_expression" {
			// new C().m: a member of C.
			w.refAs(i, t.text(i), jsUseKind(t, p), "?", c)
			return
		}
		if c := jsCastType(t, obj); c != "" {
			// (queue as ReplaySubject<T>).subscribe: a member of the
			// type the value is asserted to have.
			w.refAs(i, t.text(i), jsUseKind(t, p), "?", c)
			return
		}
		q, root := w.qualifierText(obj, jsPath, jsIdent)
		// x!.m, this.a!.b!.m: a non-null assertion changes no type.
		w.ref(i, jsUseKind(t, p), strings.ReplaceAll(q, "!", ""), root)
		return
	case "nested_type_identifier", "nested_identifier":
		// ns.T: T is a member of ns; ns itself is a plain use.
		if n.field() == "name" || (pt == "nested_identifier" && n.field() == "property") {
			obj := t.child(p, "module")
			if obj < 0 {
				obj = t.child(p, "object")
			}
			if obj < 0 {
				return
			}
			q, root := w.qualifierText(obj, jsPath, jsIdent)
			w.ref(i, jsTypeKind(t, p), q, root)
			return
		}
	case "import_specifier", "import_clause", "namespace_import", "export_specifier", "namespace_export",
		"import_require_clause", "labeled_statement", "break_statement", "continue_statement",
		"type_parameter", "mapped_type_clause", "infer_type", "enum_assignment", "enum_body",
		"property_signature", "method_signature", "abstract_method_signature", "public_field_definition",
		"method_definition", "jsx_attribute", "jsx_namespace_name", "type_predicate_annotation":
		return
	case "function_declaration", "generator_function_declaration", "class_declaration", "abstract_class_declaration",
		"interface_declaration", "type_alias_declaration", "enum_declaration", "function_expression", "function",
		"class", "module", "internal_module", "function_signature":
		if n.field() == "name" {
			return
		}
	case "jsx_opening_element", "jsx_closing_element", "jsx_self_closing_element":
		if txt := t.text(i); txt == "" || !(txt[0] >= 'A' && txt[0] <= 'Z') {
			return
		}
		w.ref(i, "read", "", -1)
		return
	}
	if jsInPattern(t, i) {
		return
	}
	if n.typ() == "type_identifier" {
		w.ref(i, jsTypeKind(t, i), "", -1)
		return
	}
	kind := jsUseKind(t, i)
	if w.ref(i, kind, "", -1) && kind == "call" && pt == "new_expression" {
		// new C(...) also calls C's constructor (qualifier "new").
		w.refAs(i, "constructor", "call", "new", t.text(i))
	}
}

// jsTypeKind is type, or inherit in an extends/implements clause and
// for the named types a type alias is made of (type Props = Base &
// { extra: T }, type Issue = TooBig | TooSmall): a member of the alias
// is one of theirs, as a member of a class may be its base's.
func jsTypeKind(t *flatTree, i int) string {
	if jsAliasPart(t, i) {
		return "inherit"
	}
	for a, d := t.parentOf(i), 0; a >= 0 && d < 4; a, d = t.parentOf(a), d+1 {
		switch t.nodes[a].typ() {
		case "extends_clause", "implements_clause", "extends_type_clause", "class_heritage":
			return "inherit"
		case "type_arguments", "type_annotation", "object_type":
			return "type"
		}
	}
	return "type"
}

// jsAliasPart reports whether type name i is one of the types a type
// alias's value joins: the value itself, or a part of its unions and
// intersections (in parentheses too), generic or not.
func jsAliasPart(t *flatTree, i int) bool {
	c := i
	for a := t.parentOf(c); a >= 0; c, a = a, t.parentOf(a) {
		switch t.nodes[a].typ() {
		case "generic_type":
			if t.nodes[c].field() != "name" {
				return false
			}
		case "union_type", "intersection_type", "parenthesized_type":
		case "type_alias_declaration":
			return t.nodes[c].field() == "value"
		default:
			return false
		}
	}
	return false
}

// jsUseKind tells how the expression at i is used.
func jsUseKind(t *flatTree, i int) string {
	p := t.parentOf(i)
	if p < 0 {
		return "read"
	}
	n := &t.nodes[i]
	switch t.nodes[p].typ() {
	case "call_expression":
		if n.field() == "function" {
			return "call"
		}
	case "new_expression":
		if n.field() == "constructor" {
			return "call"
		}
	case "assignment_expression", "augmented_assignment_expression":
		if n.field() == "left" {
			return "write"
		}
	case "update_expression":
		return "write"
	case "extends_clause", "class_heritage":
		return "inherit"
	case "decorator":
		return "call"
	case "for_in_statement":
		if n.field() == "left" {
			return "write"
		}
	}
	return "read"
}

// jsDocRefs reports the names a JSDoc comment links to or writes as a
// type: {@link Name}, {@link Name#member}, @see Name, and the types of
// @param {Type}, @returns {Type}, @type {Type}, @extends Type. The
// TypeScript language service reads them as references, in JavaScript
// files (where they are the types) and in TypeScript ones.
func jsDocRefs(w *refWalker, i int) {
	t := w.t
	n := &t.nodes[i]
	txt := t.src[n.start:n.end]
	if len(txt) < 3 || txt[0] != '/' || txt[1] != '*' || txt[2] != '*' {
		return
	}
	emit := func(off int, name, kind, qualifier string) {
		switch name {
		case "", "null", "undefined", "string", "number", "boolean", "object", "any", "void", "never",
			"unknown", "function", "symbol", "bigint", "true", "false", "this":
			return
		}
		start := n.start + uint32(off)
		row, col := n.row, n.col+uint32(off)
		if k := lastNewline(txt[:off]); k >= 0 {
			row += uint32(countNewlines(txt[:off]))
			col = uint32(off - k - 1)
		}
		r := langRef{Name: name, Kind: kind, Qualifier: qualifier, Args: -1, Start: start, End: start + uint32(len(name)), Row: row, Col: col}
		if w.classOf != nil {
			r.Class = w.classOf(i)
		}
		w.out.Refs = append(w.out.Refs, r)
	}
	for off := 0; off < len(txt); off++ {
		c := txt[off]
		switch {
		case c == '{' && hasPrefixAt(txt, off+1, "@link"):
			j := off + 1 + len("@link")
			for j < len(txt) && txt[j] >= 'a' && txt[j] <= 'z' { // linkcode, linkplain
				j++
			}
			for j < len(txt) && (txt[j] == ' ' || txt[j] == '\t') {
				j++
			}
			jsDocPath(txt, j, emit, "other")
		case c == '{' && off > 0:
			// A type in braces after a tag: @param {A|B} x.
			if tag := jsDocTagBefore(txt, off); tag != "" {
				end := off + 1
				for end < len(txt) && txt[end] != '}' && txt[end] != '\n' {
					end++
				}
				for k := off + 1; k < end; {
					if isIdentStart(txt[k]) && (k == off+1 || !isIdentByte(txt[k-1]) && txt[k-1] != '.') {
						e := k
						for e < end && isIdentByte(txt[e]) {
							e++
						}
						emit(k, string(txt[k:e]), "type", "")
						k = e
						continue
					}
					k++
				}
				off = end
			}
		case c == '@' && (hasPrefixAt(txt, off+1, "extends ") || hasPrefixAt(txt, off+1, "augments ") ||
			hasPrefixAt(txt, off+1, "see ") || hasPrefixAt(txt, off+1, "implements ")):
			j := off + 1
			for j < len(txt) && txt[j] != ' ' {
				j++
			}
			for j < len(txt) && txt[j] == ' ' {
				j++
			}
			if j < len(txt) && txt[j] != '{' {
				jsDocPath(txt, j, emit, "type")
			}
		}
	}
}

// jsDocPath emits the first name of a dotted or #-joined path at txt[j:]
// and, for A#m or A.m, the member too.
func jsDocPath(txt []byte, j int, emit func(off int, name, kind, qualifier string), kind string) {
	e := j
	for e < len(txt) && isIdentByte(txt[e]) {
		e++
	}
	if e == j || !isIdentStart(txt[j]) {
		return
	}
	emit(j, string(txt[j:e]), kind, "")
	if e+1 < len(txt) && (txt[e] == '#' || txt[e] == '.') && isIdentStart(txt[e+1]) {
		m := e + 1
		for m < len(txt) && isIdentByte(txt[m]) {
			m++
		}
		emit(e+1, string(txt[e+1:m]), kind, string(txt[j:e]))
	}
}

// jsDocTagBefore is the JSDoc tag whose type the brace at off opens
// (param, returns, type, ...), "" when the brace follows no tag.
func jsDocTagBefore(txt []byte, off int) string {
	k := off - 1
	for k >= 0 && (txt[k] == ' ' || txt[k] == '\t') {
		k--
	}
	e := k + 1
	for k >= 0 && txt[k] >= 'a' && txt[k] <= 'z' {
		k--
	}
	if k < 0 || txt[k] != '@' || e == k+1 {
		return ""
	}
	switch tag := string(txt[k+1 : e]); tag {
	case "param", "arg", "argument", "returns", "return", "type", "typedef", "throws", "exception",
		"property", "prop", "this", "enum", "yields", "template", "satisfies":
		return tag
	}
	return ""
}

func hasPrefixAt(b []byte, i int, p string) bool {
	return i+len(p) <= len(b) && string(b[i:i+len(p)]) == p
}

func lastNewline(b []byte) int {
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] == '\n' {
			return i
		}
	}
	return -1
}

func countNewlines(b []byte) int {
	n := 0
	for _, c := range b {
		if c == '\n' {
			n++
		}
	}
	return n
}
