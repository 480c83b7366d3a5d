package code

import (
	"strings"
)

// Python's scope rules for the reference walker: a function (and a
// lambda, a comprehension) is one scope whose bindings hold in all of it;
// a class body is a scope that the functions nested in it do not see;
// the module's names are symbols, resolved by the index.

func pythonScope(typ string) scopeKind {
	switch typ {
	case "function_definition", "lambda", "list_comprehension", "set_comprehension",
		"dictionary_comprehension", "generator_expression":
		return scopeFunction
	case "class_definition":
		return scopeClass
	}
	return scopeNone
}

var (
	pyIdent = map[string]bool{"identifier": true}
	pyPath  = map[string]bool{"attribute": true}
)

// pythonRefs finds the references of a Python file. defs are the start
// bytes of its symbols' names.
func pythonRefs(t *flatTree, defs map[uint32]uint32) langRefs {
	w := newRefWalker(t, defs, pythonScope)
	classAt := t.enclosing(func(typ string) bool { return typ == "class_definition" })
	className := t.nameText
	w.classOf = func(i int) string {
		c := int(classAt[i])
		if c == i { // a class's own name and superclasses sit outside it
			c = int(classAt[t.nodes[i].parent])
		}
		return className(c)
	}
	fields := fieldTypes{}
	w.fieldType = fields.get
	for i := range t.nodes {
		n := &t.nodes[i]
		switch n.typ() {
		case "function_definition", "lambda":
			pyBindParams(w, i)
		case "assignment", "augmented_assignment":
			pyFieldType(w, fields, i)
			s := int(w.scopeOf[i])
			if s >= 0 && w.kinds[s] == scopeFunction {
				typ := ""
				if ty := t.child(i, "type"); ty >= 0 {
					typ = simpleTypeName(t.text(ty))
				} else if r := t.child(i, "right"); r >= 0 {
					typ = pyConstructed(t, r)
				}
				if l := t.child(i, "left"); l >= 0 {
					pyBindTargets(w, s, l, typ)
				}
			}
		case "for_statement", "for_in_clause":
			if l := t.child(i, "left"); l >= 0 {
				s := int(w.scopeOf[i])
				if s >= 0 && w.kinds[s] != scopeClass {
					pyBindTargets(w, s, l, "")
				}
			}
		case "as_pattern_target":
			s := int(w.scopeOf[i])
			if s >= 0 && w.kinds[s] == scopeFunction {
				pyBindTargets(w, s, i, "")
			}
		case "named_expression":
			if nm := t.child(i, "name"); nm >= 0 {
				w.bindNode(w.enclosingFunction(i), nm, "")
			}
		case "global_statement", "nonlocal_statement":
			s := w.enclosingFunction(i)
			if s >= 0 {
				g := w.globals[int32(s)]
				if g == nil {
					g = map[string]bool{}
					w.globals[int32(s)] = g
				}
				for _, k := range t.namedKids(i) {
					g[t.text(k)] = true
				}
			}
		case "import_statement", "import_from_statement", "future_import_statement":
			pyImports(w, i)
		case "identifier":
			pyIdentifier(w, i)
		case "comment":
			w.text(i)
		case "string":
			// A docstring: a string that is a statement of its own.
			if p := t.parentOf(i); p >= 0 && t.nodes[p].typ() == "expression_statement" && len(t.namedKids(p)) == 1 {
				w.text(i)
			}
		}
	}
	w.finish(true, "self", "cls")
	return w.out
}

// pyFieldType records the type of a class attribute: `x: T` in the class
// body, or `self.x = T(...)` / `self.x: T = ...` in a method.
func pyFieldType(w *refWalker, fields fieldTypes, i int) {
	t := w.t
	l := t.child(i, "left")
	if l < 0 {
		return
	}
	typ := ""
	if ty := t.child(i, "type"); ty >= 0 {
		typ = simpleTypeName(t.text(ty))
	} else if r := t.child(i, "right"); r >= 0 {
		typ = pyConstructed(t, r)
	}
	if typ == "" {
		return
	}
	switch t.nodes[l].typ() {
	case "identifier":
		if s := int(w.scopeOf[i]); s >= 0 && w.kinds[s] == scopeClass {
			fields.set(w.classOf(i), t.text(l), typ)
		}
	case "attribute":
		obj, attr := t.child(l, "object"), t.child(l, "attribute")
		if obj >= 0 && attr >= 0 && t.text(obj) == "self" {
			fields.set(w.classOf(i), t.text(attr), typ)
		}
	}
}

// pyBindParams binds a def's or lambda's parameters in its scope.
func pyBindParams(w *refWalker, fn int) {
	t := w.t
	ps := t.child(fn, "parameters")
	if ps < 0 {
		return
	}
	for _, p := range t.namedKids(ps) {
		switch t.nodes[p].typ() {
		case "identifier":
			w.bindNode(fn, p, "")
		case "typed_parameter":
			typ := ""
			if ty := t.child(p, "type"); ty >= 0 {
				typ = simpleTypeName(t.text(ty))
			}
			for _, k := range t.namedKids(p) {
				switch t.nodes[k].typ() {
				case "identifier":
					w.bindNode(fn, k, typ)
				case "list_splat_pattern", "dictionary_splat_pattern":
					if id := t.childOfType(k, "identifier"); id >= 0 {
						w.bindNode(fn, id, "")
					}
				}
			}
		case "default_parameter", "typed_default_parameter":
			typ := ""
			if ty := t.child(p, "type"); ty >= 0 {
				typ = simpleTypeName(t.text(ty))
			}
			if nm := t.child(p, "name"); nm >= 0 && t.nodes[nm].typ() == "identifier" {
				w.bindNode(fn, nm, typ)
			}
		case "list_splat_pattern", "dictionary_splat_pattern":
			if id := t.childOfType(p, "identifier"); id >= 0 {
				w.bindNode(fn, id, "")
			}
		case "tuple_pattern":
			pyBindTargets(w, fn, p, "")
		}
	}
}

// pyBindTargets binds the names an assignment target binds: a name, or
// the names in a tuple or list of targets (not attributes or subscripts).
func pyBindTargets(w *refWalker, s, i int, typ string) {
	t := w.t
	switch t.nodes[i].typ() {
	case "identifier":
		w.bindNode(s, i, typ)
	case "pattern_list", "tuple_pattern", "list_pattern", "list_splat_pattern", "as_pattern_target",
		"tuple", "list", "parenthesized_expression", "expression_list":
		for _, k := range t.namedKids(i) {
			pyBindTargets(w, s, k, "")
		}
	}
}

// pyConstructed is the class a value is an instance of when the value is
// a call of a capitalized name (Foo(...), mod.Foo(...)), "" otherwise.
func pyConstructed(t *flatTree, v int) string {
	if t.nodes[v].typ() != "call" {
		return ""
	}
	f := t.child(v, "function")
	if f < 0 {
		return ""
	}
	name := simpleTypeName(t.text(f))
	if name == "" || !(name[0] >= 'A' && name[0] <= 'Z') {
		return ""
	}
	// Keep the module path of mod.Foo(): the type is resolved through it.
	return strings.Join(strings.Fields(t.text(f)), "")
}

// pyImports records an import statement's names and reports the names a
// from-import takes from its module as references of kind import.
func pyImports(w *refWalker, i int) {
	t := w.t
	row := t.nodes[i].row
	switch t.nodes[i].typ() {
	case "import_statement":
		for _, k := range t.namedKids(i) {
			switch t.nodes[k].typ() {
			case "dotted_name":
				// import a.b binds a; a.b.c stays reachable through it.
				p := t.text(k)
				local, _, _ := strings.Cut(p, ".")
				w.out.Imports = append(w.out.Imports, langImport{Local: local, Path: p, Row: row})
			case "aliased_import":
				nm, al := t.child(k, "name"), t.child(k, "alias")
				if nm >= 0 && al >= 0 {
					w.out.Imports = append(w.out.Imports, langImport{Local: t.text(al), Path: t.text(nm), Row: row})
				}
			}
		}
	case "import_from_statement":
		mod := t.child(i, "module_name")
		if mod < 0 {
			return
		}
		path := strings.Join(strings.Fields(t.text(mod)), "")
		for _, k := range t.namedKids(i) {
			if k == mod {
				continue
			}
			switch t.nodes[k].typ() {
			case "wildcard_import":
				w.out.Imports = append(w.out.Imports, langImport{Local: "*", Path: path, Name: "*", Row: row})
			case "dotted_name":
				name := t.text(k)
				w.out.Imports = append(w.out.Imports, langImport{Local: name, Path: path, Name: name, Row: row})
				if id := t.childOfType(k, "identifier"); id >= 0 {
					w.ref(id, "import", path, -1)
				}
			case "aliased_import":
				nm, al := t.child(k, "name"), t.child(k, "alias")
				if nm >= 0 && al >= 0 {
					name := t.text(nm)
					w.out.Imports = append(w.out.Imports, langImport{Local: t.text(al), Path: path, Name: name, Row: row})
					if id := t.childOfType(nm, "identifier"); id >= 0 {
						w.ref(id, "import", path, -1)
					}
					// The alias names the same definition.
					w.importRef(al, name, path)
				}
			}
		}
	}
}

// pyIdentifier classifies one identifier.
func pyIdentifier(w *refWalker, i int) {
	t := w.t
	n := &t.nodes[i]
	p := int(n.parent)
	if p < 0 {
		return
	}
	pt := t.nodes[p].typ()
	switch pt {
	case "attribute":
		if n.field() != "attribute" {
			break // the object: a plain use, below
		}
		obj := t.child(p, "object")
		if obj < 0 {
			return
		}
		if t.nodes[obj].typ() == "call" {
			if f := t.child(obj, "function"); f >= 0 && t.text(f) == "super" {
				// super().m(): m of the enclosing class's bases.
				w.ref(i, pyUseKind(t, p), "super", -1)
				return
			}
		}
		q, root := w.qualifierText(obj, pyPath, pyIdent)
		w.ref(i, pyUseKind(t, p), q, root)
		return
	case "keyword_argument":
		if n.field() == "name" {
			return
		}
	case "parameters", "lambda_parameters", "typed_parameter", "list_splat_pattern", "dictionary_splat_pattern":
		if pt == "list_splat_pattern" || pt == "dictionary_splat_pattern" {
			gp := t.parentOf(p)
			if gp < 0 || (t.nodes[gp].typ() != "parameters" && t.nodes[gp].typ() != "lambda_parameters" && t.nodes[gp].typ() != "typed_parameter") {
				break
			}
		}
		return
	case "default_parameter", "typed_default_parameter":
		if n.field() == "name" {
			return
		}
	case "dotted_name", "aliased_import", "import_statement", "import_from_statement", "relative_import",
		"nonlocal_statement", "future_import_statement":
		return
	case "global_statement":
		// global x names the module's x.
		w.refMember(i, "other")
		return
	case "function_definition", "class_definition":
		if n.field() == "name" {
			return
		}
	case "keyword_pattern", "case_pattern", "dotted_name_pattern":
		return
	}
	if w.ref(i, pyUseKind(t, i), "", -1) {
		// A bare name in a class body reads the class's namespace first
		// (name = property(get_name), @x.setter, f = _deprecate(g)).
		if s := int(w.scopeOf[i]); s >= 0 && w.kinds[s] == scopeClass {
			if b := t.child(s, "body"); b >= 0 && t.nodes[i].start >= t.nodes[b].start {
				w.pending[len(w.pending)-1].ref.QualType = ClassBody
			}
		}
	}
}

// ClassBody is the QualType of a bare name in a Python class body.
const ClassBody = "=class"

// pyUseKind tells how the expression at i is used: called, assigned,
// written as a type, inherited, or read.
func pyUseKind(t *flatTree, i int) string {
	p := t.parentOf(i)
	if p < 0 {
		return "read"
	}
	n := &t.nodes[i]
	switch t.nodes[p].typ() {
	case "call":
		if n.field() == "function" {
			return "call"
		}
	case "decorator":
		return "call"
	case "assignment", "augmented_assignment":
		if n.field() == "left" {
			return "write"
		}
	case "pattern_list", "tuple_pattern", "list_pattern":
		return "write"
	case "argument_list":
		if gp := t.parentOf(p); gp >= 0 && t.nodes[gp].typ() == "class_definition" {
			return "inherit"
		}
	}
	// An annotation: somewhere below a type node, within a few levels.
	for a, d := p, 0; a >= 0 && d < 6; a, d = t.parentOf(a), d+1 {
		switch t.nodes[a].typ() {
		case "type":
			return "type"
		case "call", "block", "expression_statement", "argument_list":
			return "read"
		}
	}
	return "read"
}
