package code

import (
	"strings"
)

// Rust's scope rules for the reference walker: a function and a closure
// hold their parameters; a block holds its let bindings; a match arm, an
// if/while with a let condition and a for loop hold the names their
// patterns bind; items (impl, struct, enum, trait, type) hold their
// generic parameters. A binding holds in all of its scope, before the let
// as after it (shadowing is not ordered). Module-level items are symbols,
// resolved by the index.

func init() {
	l := Lookup("rust")
	l.Refs = walkerRefs(l, rustRefs)
}

func rustScope(typ string) scopeKind {
	switch typ {
	case "function_item", "closure_expression", "function_signature_item":
		return scopeFunction
	case "block", "match_arm", "if_expression", "while_expression", "for_expression",
		"impl_item", "struct_item", "enum_item", "trait_item", "type_item", "union_item":
		return scopeBlock
	}
	return scopeNone
}

var (
	rustIdent = map[string]bool{"identifier": true, "self": true, "super": true, "crate": true,
		"field_identifier": true, "type_identifier": true}
	rustPath = map[string]bool{"field_expression": true, "scoped_identifier": true, "scoped_type_identifier": true}
)

// rustWalk is one Rust file's walk: the shared walker, and the nodes a
// pattern or a use declaration has already accounted for.
type rustWalk struct {
	*refWalker
	done []bool
	// members are the starts of the references reached through a value
	// (x.f, x.m()): those the walk cannot type get the qualifier type
	// "?", which tells them from a path's (a::f, qualifier type "").
	members map[uint32]bool
}

// rustRefs finds the references of a Rust file. defs are the start bytes
// of its symbols' names.
func rustRefs(t *flatTree, defs map[uint32]uint32) langRefs {
	w := &rustWalk{refWalker: newRefWalker(t, defs, rustScope), done: make([]bool, len(t.nodes)), members: map[uint32]bool{}}
	classAt := make([]int32, len(t.nodes))
	for i := range t.nodes {
		switch {
		case t.nodes[i].typ() == "impl_item" || t.nodes[i].typ() == "trait_item":
			classAt[i] = int32(i)
		case t.nodes[i].parent >= 0:
			classAt[i] = classAt[t.nodes[i].parent]
		default:
			classAt[i] = -1
		}
	}
	w.classOf = func(i int) string {
		c := int(classAt[i])
		if c < 0 {
			return ""
		}
		if t.nodes[c].typ() == "trait_item" {
			if n := t.child(c, "name"); n >= 0 {
				return t.text(n)
			}
			return ""
		}
		if ty := t.child(c, "type"); ty >= 0 {
			// impl<T: Trait> Other for T: the type is any type.
			return w.notGeneric(c, rustRefType(t.text(ty)))
		}
		return ""
	}
	fields := fieldTypes{}
	w.fieldType = fields.get
	for i := range t.nodes {
		if w.done[i] {
			continue
		}
		n := &t.nodes[i]
		switch n.typ() {
		case "use_declaration":
			rustUse(w, i)
		case "macro_definition", "attribute_item", "inner_attribute_item", "lifetime", "label",
			"extern_crate_declaration":
			w.skip(i)
		case "field_declaration":
			if p := t.parentOf(i); p >= 0 {
				if st := t.parentOf(p); st >= 0 && t.nodes[st].typ() == "struct_item" {
					nm, ty := t.child(i, "name"), t.child(i, "type")
					if s := t.child(st, "name"); s >= 0 && nm >= 0 && ty >= 0 {
						fields.set(t.text(s), t.text(nm), rustRefType(t.text(ty)))
					}
				}
			}
		case "let_declaration":
			if p := t.child(i, "pattern"); p >= 0 {
				typ := ""
				if ty := t.child(i, "type"); ty >= 0 {
					typ = w.notGeneric(int(w.scopeOf[i]), rustRefType(t.text(ty)))
				} else if v := t.child(i, "value"); v >= 0 {
					typ = rustConstructed(t, v)
				}
				w.pattern(int(w.scopeOf[i]), p, typ)
			}
		case "parameter":
			if p := t.child(i, "pattern"); p >= 0 {
				typ := ""
				if ty := t.child(i, "type"); ty >= 0 {
					typ = w.notGeneric(int(w.scopeOf[i]), rustRefType(t.text(ty)))
				}
				w.pattern(int(w.scopeOf[i]), p, typ)
			}
		case "closure_parameters":
			for _, k := range t.namedKids(i) {
				if t.nodes[k].typ() != "parameter" {
					w.pattern(int(w.scopeOf[i]), k, "")
				}
			}
		case "match_arm", "let_condition", "for_expression", "while_let_expression", "if_let_expression":
			if p := t.child(i, "pattern"); p >= 0 {
				w.pattern(int(w.scopeOf[i]), p, "")
			}
		case "type_parameters":
			for _, k := range t.namedKids(i) {
				switch t.nodes[k].typ() {
				case "type_identifier":
					w.bindNode(int(w.scopeOf[i]), k, "")
					w.done[k] = true
				case "constrained_type_parameter", "optional_type_parameter":
					if l := t.child(k, "left"); l < 0 {
						if nm := t.child(k, "name"); nm >= 0 {
							w.bindNode(int(w.scopeOf[i]), nm, "")
							w.done[nm] = true
						}
					} else {
						w.bindNode(int(w.scopeOf[i]), l, "")
						w.done[l] = true
					}
				}
			}
		case "token_tree":
			// A macro's arguments, and the groups nested in them.
			rustTokens(w, i)
		case "identifier", "type_identifier", "field_identifier":
			rustName(w, i)
		case "line_comment", "block_comment":
			w.text(i)
			w.skip(i)
		}
	}
	w.finish(false, "self", "Self")
	markUntyped(w.out.Refs, w.members)
	return w.out
}

// markUntyped gives the member references (by start) whose qualifier's
// type the walk does not know the qualifier type "?".
func markUntyped(refs []langRef, members map[uint32]bool) {
	for i := range refs {
		if r := &refs[i]; members[r.Start] && r.QualType == "" && r.RootType == "" {
			r.QualType = "?"
		}
	}
}

// notGeneric is typ, or "?" when typ is a type parameter in scope s (a
// value of type T: Trait, whose methods are T's bounds').
func (w *refWalker) notGeneric(s int, typ string) string {
	if typ == "" {
		return ""
	}
	if _, ok := w.lookup(s, typ, false); ok {
		return "?"
	}
	return typ
}

// skip marks node i's subtree as accounted for.
func (w *rustWalk) skip(i int) {
	for j := i; j < int(w.t.next[i]); j++ {
		w.done[j] = true
	}
}

// pattern binds the names pattern node p introduces in scope s (typ is
// the type of a plain identifier pattern) and reports the paths it names
// (enum variants, structs, constants).
func (w *rustWalk) pattern(s, p int, typ string) {
	t := w.t
	if w.done[p] {
		return
	}
	w.done[p] = true
	switch t.nodes[p].typ() {
	case "identifier":
		// An upper-case name in a pattern is a constant or a unit variant
		// (None, MAX); a lower-case one binds.
		if isUpper(t.text(p)) {
			w.ref(p, "read", "", -1)
		} else {
			w.bindNode(s, p, typ)
		}
		return
	case "shorthand_field_identifier":
		w.bindNode(s, p, "")
		return
	case "scoped_identifier", "scoped_type_identifier", "type_identifier":
		w.done[p] = false
		w.skipPath(p)
		rustPathRefs(w, p, "read")
		return
	case "field_identifier":
		return
	case "tuple_struct_pattern", "struct_pattern":
		if ty := t.child(p, "type"); ty >= 0 {
			w.done[ty] = true
			w.skipPath(ty)
			kind := "read"
			if t.nodes[p].typ() == "struct_pattern" {
				kind = "type"
			}
			rustPathRefs(w, ty, kind)
		}
	case "field_pattern":
		if nm := t.child(p, "name"); nm >= 0 && t.child(p, "pattern") < 0 {
			w.pattern(s, nm, "")
			return
		}
	}
	for _, k := range t.namedKids(p) {
		if t.nodes[k].field() == "condition" {
			continue // a match guard: an expression, walked as such
		}
		if t.nodes[k].field() == "type" && (t.nodes[p].typ() == "tuple_struct_pattern" || t.nodes[p].typ() == "struct_pattern") {
			continue
		}
		if t.nodes[k].field() == "name" && t.nodes[p].typ() == "field_pattern" {
			w.done[k] = true
			continue
		}
		switch t.nodes[k].typ() {
		case "string_literal", "integer_literal", "char_literal", "float_literal", "boolean_literal",
			"negative_literal", "raw_string_literal":
			w.skip(k)
			continue
		}
		w.pattern(s, k, "")
	}
}

// skipPath marks the names of path node p as accounted for.
func (w *rustWalk) skipPath(p int) {
	for j := p; j < int(w.t.next[p]); j++ {
		switch w.t.nodes[j].typ() {
		case "identifier", "type_identifier", "scoped_identifier", "scoped_type_identifier", "self", "super", "crate":
			w.done[j] = true
		}
	}
}

// rustPathRefs reports path node p (a name, a::b::C, a::b::c): its last
// name with kind and the path before it as the qualifier, and the
// upper-case names along the path as types.
func rustPathRefs(w *rustWalk, p int, kind string) {
	t := w.t
	switch t.nodes[p].typ() {
	case "identifier", "type_identifier":
		if t.text(p) != "Self" {
			w.ref(p, kind, "", -1)
		}
		return
	case "scoped_identifier", "scoped_type_identifier":
	default:
		return
	}
	nm := t.child(p, "name")
	path := t.child(p, "path")
	if path >= 0 {
		switch t.nodes[path].typ() {
		case "scoped_identifier", "scoped_type_identifier":
			kind := "other" // a module
			if nm := t.child(path, "name"); nm >= 0 && isUpper(t.text(nm)) {
				kind = "type"
			}
			rustPathRefs(w, path, kind)
		case "identifier":
			if s := t.text(path); isUpper(s) && s != "Self" {
				w.ref(path, "type", "", -1)
			} else if s != "Self" {
				w.ref(path, "other", "", -1) // a module
			}
		}
	}
	if nm < 0 {
		return
	}
	if path < 0 {
		w.ref(nm, kind, "", -1)
		return
	}
	q, root := w.qualifierText(path, rustPath, rustIdent)
	if q != "?" {
		q = strings.ReplaceAll(q, " ", "")
	}
	if root >= 0 && q != t.text(root) {
		// A longer path: its first name is a module (or a crate), whose
		// type the walk does not know.
		root = -1
	}
	if q == "?" {
		// A generic path (Vec::<T>::new): the type before the turbofish.
		if gt := t.nodes[path].typ(); gt == "generic_type" || gt == "generic_type_with_turbofish" {
			if ty := t.child(path, "type"); ty >= 0 {
				q = t.text(ty)
			}
		}
	}
	if w.ref(nm, kind, q, root) && q == "?" {
		w.members[t.nodes[nm].start] = true // <T as Trait>::f: a member of some type
	}
}

// rustName classifies an identifier, type identifier or field identifier
// no pattern or use declaration accounted for.
func rustName(w *rustWalk, i int) {
	t := w.t
	n := &t.nodes[i]
	p := t.parentOf(i)
	if p < 0 {
		return
	}
	pt := t.nodes[p].typ()
	if n.field() == "name" {
		switch pt {
		case "scoped_identifier", "scoped_type_identifier", "field_pattern", "struct_expression":
		default:
			// An item's own name (function, variant, const, field...).
			return
		}
	}
	switch pt {
	case "field_expression":
		if n.field() != "field" {
			break
		}
		obj := t.child(p, "value")
		if obj < 0 {
			return
		}
		q, root := w.qualifierText(obj, rustPath, rustIdent)
		w.ref(i, rustUseKind(t, p), q, root)
		w.members[t.nodes[i].start] = true
		return
	case "field_initializer":
		if n.field() != "field" {
			break
		}
		// Foo { f: ... }: a write of Foo's field f.
		if se := rustStructExpr(t, p); se >= 0 {
			if nm := t.child(se, "name"); nm >= 0 {
				typ := rustRefType(t.text(nm))
				if typ == "Self" {
					typ = w.classOf(i)
				}
				w.refAlways(i, "write", t.text(nm), -1)
				w.pending[len(w.pending)-1].member = true
				w.pending[len(w.pending)-1].ref.QualType = typ
			}
		}
		return
	case "scoped_identifier", "scoped_type_identifier":
		// The outermost path reports the whole of it.
		top := p
		for {
			a := t.parentOf(top)
			if a < 0 {
				break
			}
			if at := t.nodes[a].typ(); (at == "scoped_identifier" || at == "scoped_type_identifier") && t.nodes[top].field() == "path" {
				top = a
				continue
			}
			break
		}
		w.skipPath(top)
		kind := "read"
		if t.nodes[top].typ() == "scoped_type_identifier" {
			kind = rustTypeKind(t, top)
		} else {
			kind = rustUseKind(t, top)
		}
		rustPathRefs(w, top, kind)
		return
	case "macro_invocation":
		if n.field() == "macro" {
			w.ref(i, "call", "", -1)
			return
		}
	case "shorthand_field_initializer":
		w.ref(i, "read", "", -1)
		return
	}
	switch n.typ() {
	case "field_identifier":
		return
	case "type_identifier":
		if t.text(i) == "Self" {
			return
		}
		w.ref(i, rustTypeKind(t, i), "", -1)
		return
	}
	w.ref(i, rustUseKind(t, i), "", -1)
}

// rustStructExpr is the struct expression a field initializer at p sits
// in, -1 if none.
func rustStructExpr(t *flatTree, p int) int {
	for a, d := t.parentOf(p), 0; a >= 0 && d < 3; a, d = t.parentOf(a), d+1 {
		if t.nodes[a].typ() == "struct_expression" {
			return a
		}
	}
	return -1
}

// rustUseKind tells how the expression at i is used: called, assigned or
// read.
func rustUseKind(t *flatTree, i int) string {
	c := i
	for p := t.parentOf(i); p >= 0; c, p = p, t.parentOf(p) {
		switch t.nodes[p].typ() {
		case "generic_function":
			if t.nodes[c].field() == "function" {
				continue
			}
		case "call_expression":
			if t.nodes[c].field() == "function" {
				return "call"
			}
		case "macro_invocation":
			if t.nodes[c].field() == "macro" {
				return "call"
			}
		case "assignment_expression", "compound_assignment_expr":
			if t.nodes[c].field() == "left" {
				return "write"
			}
		}
		return "read"
	}
	return "read"
}

// rustTypeKind is inherit for the trait of an impl and a trait's
// supertraits, call for the struct of a struct expression, type
// otherwise.
func rustTypeKind(t *flatTree, i int) string {
	c := i
	for p, d := t.parentOf(i), 0; p >= 0 && d < 3; c, p, d = p, t.parentOf(p), d+1 {
		switch t.nodes[p].typ() {
		case "impl_item":
			if t.nodes[c].field() == "trait" {
				return "inherit"
			}
			return "type"
		case "trait_bounds":
			if a := t.parentOf(p); a >= 0 && t.nodes[a].typ() == "trait_item" {
				return "inherit"
			}
			return "type"
		case "generic_type":
			if t.nodes[c].field() == "type" {
				continue
			}
			return "type"
		case "scoped_type_identifier":
			continue
		}
		return "type"
	}
	return "type"
}

// rustTokens reports what a macro's arguments call: a name before a
// parenthesized group (f(x), a::f(x), x.m(x)), a nested macro (m!), and
// the upper-case names (constants, types); the lower-case others are
// mostly the caller's locals or the macro's own words.
func rustTokens(w *rustWalk, tt int) {
	t := w.t
	kids := t.kids(tt)
	for k, j := range kids {
		n := &t.nodes[j]
		if n.typ() == "token_tree" && k > 0 && strings.HasPrefix(t.text(kids[k-1]), "#") {
			w.skip(j) // an attribute: #[cfg(...)], #![...]
			continue
		}
		if n.typ() == "token_tree" && k > 1 && t.text(kids[k-1]) == "!" && t.text(kids[k-2]) == "#" {
			w.skip(j)
			continue
		}
		if n.typ() != "identifier" || w.done[j] {
			continue
		}
		w.done[j] = true
		prev, next := "", ""
		if k > 0 {
			prev = t.text(kids[k-1])
		}
		if k+1 < len(kids) {
			nx := kids[k+1]
			if t.nodes[nx].typ() == "token_tree" && t.nodes[nx].end > t.nodes[nx].start {
				next = t.text(nx)[:1]
			} else {
				next = t.text(nx)
			}
		}
		name := t.text(j)
		q := ""
		switch prev {
		case ".":
			q = "?"
			w.members[n.start] = true
		case "::":
			if k >= 2 && t.nodes[kids[k-2]].typ() == "identifier" {
				q = t.text(kids[k-2])
			} else {
				q = "?"
			}
		case "$", "'":
			continue
		}
		switch {
		case next == "(" || next == "!":
			w.ref(j, "call", q, -1)
		case next == "::":
			if isUpper(name) && name != "Self" {
				w.ref(j, "type", q, -1)
			}
		case isUpper(name) && name != "Self" && q != "?":
			w.ref(j, "read", q, -1)
		}
	}
}

// rustRefType reduces a written Rust type to the name of the type its
// methods are looked up on: &mut T, Box<T>, Rc<T> and Arc<T> are T,
// a::b::T<U> is T, dyn/impl Trait is Trait.
func rustRefType(s string) string {
	s = strings.TrimSpace(s)
	for {
		s0 := s
		s = strings.TrimLeft(s, "&*")
		s = strings.TrimSpace(s)
		for _, p := range []string{"mut ", "const ", "dyn ", "impl "} {
			s = strings.TrimPrefix(s, p)
		}
		if strings.HasPrefix(s, "'") { // a lifetime: &'a T
			if i := strings.IndexByte(s, ' '); i > 0 {
				s = s[i+1:]
			}
		}
		for _, w := range []string{"Box<", "Rc<", "Arc<", "std::rc::Rc<", "std::sync::Arc<", "std::boxed::Box<"} {
			if in, ok := strings.CutPrefix(s, w); ok && strings.HasSuffix(in, ">") {
				s = strings.TrimSuffix(in, ">")
			}
		}
		if s == s0 {
			break
		}
	}
	if i := strings.IndexAny(s, "<+ "); i >= 0 {
		s = s[:i]
	}
	if i := strings.LastIndex(s, "::"); i >= 0 {
		s = s[i+2:]
	}
	for _, c := range s {
		if !(c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return ""
		}
	}
	return s
}

// rustConstructed is the type a let's value builds when it says so:
// T::new(..) and any T::f(..) of an upper-case T, T { .. }, "" otherwise.
func rustConstructed(t *flatTree, v int) string {
	switch t.nodes[v].typ() {
	case "struct_expression":
		if nm := t.child(v, "name"); nm >= 0 {
			return rustRefType(t.text(nm))
		}
	case "call_expression":
		f := t.child(v, "function")
		if f >= 0 && t.nodes[f].typ() == "scoped_identifier" {
			if p := t.child(f, "path"); p >= 0 {
				if s := rustRefType(t.text(p)); isUpper(s) && s != "Self" {
					return s
				}
			}
		}
	}
	return ""
}

// rustUse records a use declaration: each name it binds as an import
// (path as written with ::, the member, the local name) and a reference
// of kind import at the member's name.
func rustUse(w *rustWalk, i int) {
	t := w.t
	w.skip(i)
	arg := t.child(i, "argument")
	if arg < 0 {
		return
	}
	row := t.nodes[i].row
	var walk func(prefix string, n int)
	join := func(a, b string) string {
		if a == "" {
			return b
		}
		return a + "::" + b
	}
	add := func(path, name, local string, at int) {
		w.out.Imports = append(w.out.Imports, langImport{Path: path, Name: name, Local: local, Row: row})
		if at >= 0 && name != "*" {
			w.importRef(at, name, path)
		}
	}
	walk = func(prefix string, n int) {
		switch t.nodes[n].typ() {
		case "identifier", "self", "super", "crate":
			name := t.text(n)
			if name == "self" && prefix != "" {
				// use a::b::{self}: binds b.
				path, last, _ := strings.Cut(reverseCut(prefix), "\x00")
				add(path, last, last, n)
				return
			}
			add(prefix, name, name, n)
		case "scoped_identifier":
			path := ""
			if pn := t.child(n, "path"); pn >= 0 {
				path = strings.ReplaceAll(t.text(pn), " ", "")
			}
			nm := t.child(n, "name")
			if nm < 0 {
				return
			}
			if t.text(nm) == "self" {
				walk(join(prefix, path), nm)
				return
			}
			add(join(prefix, path), t.text(nm), t.text(nm), nm)
		case "use_as_clause":
			p := t.child(n, "path")
			a := t.child(n, "alias")
			if p < 0 || a < 0 {
				return
			}
			path, name := prefix, t.text(p)
			at := p
			if t.nodes[p].typ() == "scoped_identifier" {
				if pn := t.child(p, "path"); pn >= 0 {
					path = join(prefix, strings.ReplaceAll(t.text(pn), " ", ""))
				}
				if at = t.child(p, "name"); at < 0 {
					return
				}
				name = t.text(at)
			}
			add(path, name, t.text(a), at)
		case "use_wildcard":
			path := ""
			for _, k := range t.namedKids(n) {
				path = strings.ReplaceAll(t.text(k), " ", "")
			}
			add(join(prefix, path), "*", "*", -1)
		case "scoped_use_list":
			path := ""
			if p := t.child(n, "path"); p >= 0 {
				path = strings.ReplaceAll(t.text(p), " ", "")
			}
			if l := t.child(n, "list"); l >= 0 {
				walk(join(prefix, path), l)
			}
		case "use_list":
			for _, k := range t.namedKids(n) {
				walk(prefix, k)
			}
		}
	}
	walk("", arg)
}

// reverseCut splits "a::b::c" into "a::b" and "c", joined by a NUL.
func reverseCut(s string) string {
	if i := strings.LastIndex(s, "::"); i >= 0 {
		return s[:i] + "\x00" + s[i+2:]
	}
	return "\x00" + s
}
