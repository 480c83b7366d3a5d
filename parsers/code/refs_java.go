package code

import (
	"strings"
)

// Java's scope rules for the reference walker: methods, constructors and
// lambdas hold their parameters; blocks, loops, catch clauses and
// try-with-resources hold locals; type declarations hold their type
// parameters. Fields and methods are symbols, resolved by the index.

func javaScope(typ string) scopeKind {
	switch typ {
	case "method_declaration", "constructor_declaration", "compact_constructor_declaration", "lambda_expression":
		return scopeFunction
	case "block", "for_statement", "enhanced_for_statement", "catch_clause", "try_with_resources_statement",
		"switch_block_statement_group", "switch_rule", "class_declaration", "interface_declaration",
		"enum_declaration", "record_declaration", "annotation_type_declaration", "constructor_body":
		return scopeBlock
	}
	return scopeNone
}

var (
	javaIdent = map[string]bool{"identifier": true, "this": true, "super": true, "type_identifier": true}
	javaPath  = map[string]bool{"field_access": true, "scoped_identifier": true, "scoped_type_identifier": true}
)

// javaThroughSuper is the qualifier of a method call or field access p
// whose object q is followed by ".super": Named.super.name() calls the
// default method of interface Named, Outer.super.m() the superclass's m
// of enclosing class Outer (JLS 15.12.1, 15.11.2), and neither dispatches.
// The grammar puts that super beside the object, not in it, so the
// qualifier was read as Named alone, a static call through the type.
func javaThroughSuper(t *flatTree, p int, q string) string {
	for j := p + 1; j < int(t.next[p]); j = int(t.next[j]) {
		if t.nodes[j].typ() == "super" && t.nodes[j].field() != "object" {
			if q == "?" {
				return q
			}
			return q + ".super"
		}
	}
	return q
}

func javaIsType(typ string) bool {
	switch typ {
	case "class_declaration", "interface_declaration", "enum_declaration", "record_declaration",
		"annotation_type_declaration":
		return true
	}
	return false
}

// javaRefs finds the references of a Java file. defs are the start bytes
// of its symbols' names.
func javaRefs(t *flatTree, defs map[uint32]uint32) langRefs {
	w := newRefWalker(t, defs, javaScope)
	classAt := t.enclosing(javaIsType)
	// Field types by class name, for this.f.m() and f.m().
	fields := map[string]map[string]string{}
	className := t.nameText
	w.classOf = func(i int) string { return className(int(classAt[i])) }
	for i := range t.nodes {
		n := &t.nodes[i]
		switch n.typ() {
		case "package_declaration":
			for _, k := range t.namedKids(i) {
				if t.nodes[k].typ() == "scoped_identifier" || t.nodes[k].typ() == "identifier" {
					w.out.Package = t.text(k)
				}
			}
		case "import_declaration":
			javaImport(w, i)
		case "field_declaration":
			cls := className(int(classAt[i]))
			if ty := t.child(i, "type"); ty >= 0 && cls != "" {
				typ := javaTypeText(t.text(ty))
				for _, d := range t.namedKids(i) {
					if t.nodes[d].typ() == "variable_declarator" {
						if nm := t.child(d, "name"); nm >= 0 {
							if fields[cls] == nil {
								fields[cls] = map[string]string{}
							}
							fields[cls][t.text(nm)] = typ
						}
					}
				}
			}
		case "local_variable_declaration", "spread_parameter":
			typ := ""
			if ty := t.child(i, "type"); ty >= 0 {
				typ = javaTypeText(t.text(ty))
			}
			if typ == "var" {
				typ = ""
			}
			for _, d := range t.namedKids(i) {
				if t.nodes[d].typ() != "variable_declarator" {
					continue
				}
				if nm := t.child(d, "name"); nm >= 0 {
					ty := typ
					if v := t.child(d, "value"); ty == "" && v >= 0 && t.nodes[v].typ() == "object_creation_expression" {
						if c := t.child(v, "type"); c >= 0 {
							ty = javaTypeText(t.text(c))
						}
					}
					w.bindNode(int(w.scopeOf[i]), nm, ty)
				}
			}
		case "formal_parameter", "catch_formal_parameter", "enhanced_for_statement", "resource",
			"instanceof_expression", "record_pattern_component", "type_pattern":
			nm := t.child(i, "name")
			if nm < 0 || t.nodes[nm].typ() != "identifier" {
				if n.typ() == "type_pattern" {
					nm = t.childOfType(i, "identifier")
				}
				if nm < 0 {
					continue
				}
			}
			typ := ""
			if ty := t.child(i, "type"); ty >= 0 {
				typ = javaTypeText(t.text(ty))
			} else if ct := t.childOfType(i, "catch_type"); ct >= 0 {
				if ks := t.namedKids(ct); len(ks) == 1 {
					typ = javaTypeText(t.text(ks[0]))
				}
			}
			w.bindNode(int(w.scopeOf[i]), nm, typ)
		case "lambda_expression":
			if ps := t.child(i, "parameters"); ps >= 0 {
				switch t.nodes[ps].typ() {
				case "identifier":
					w.bindNode(i, ps, "")
				case "inferred_parameters":
					for _, k := range t.namedKids(ps) {
						w.bindNode(i, k, "")
					}
				}
			}
		case "type_parameter":
			if nm := t.childOfType(i, "type_identifier"); nm >= 0 {
				w.bindNode(int(w.scopeOf[i]), nm, "")
			} else if nm := t.childOfType(i, "identifier"); nm >= 0 {
				w.bindNode(int(w.scopeOf[i]), nm, "")
			}
		case "explicit_constructor_invocation":
			// this(...) calls a constructor of the class, super(...) one of
			// its superclass.
			c := t.child(i, "constructor")
			cls := int(classAt[i])
			if c < 0 || cls < 0 {
				continue
			}
			switch t.nodes[c].typ() {
			case "this":
				w.refAs(c, className(cls), "call", "this()", className(cls))
				w.setArgs(t.child(i, "arguments"))
			case "super":
				if sc := t.child(cls, "superclass"); sc >= 0 {
					if ks := t.namedKids(sc); len(ks) > 0 {
						w.refAs(c, simpleTypeName(t.text(ks[0])), "call", "super()", simpleTypeName(t.text(ks[0])))
						w.setArgs(t.child(i, "arguments"))
					}
				}
			}
		case "identifier", "type_identifier":
			javaIdentifier(w, i)
		case "line_comment", "block_comment", "comment":
			w.text(i)
		}
	}
	w.fieldType = func(class, name string) string { return fields[class][name] }
	w.finish(false, "this")
	return w.out
}

// javaImport records an import declaration.
func javaImport(w *refWalker, i int) {
	t := w.t
	static := false
	wildcard := false
	path := ""
	for j := i + 1; j < int(t.next[i]); j = int(t.next[j]) {
		switch t.nodes[j].typ() {
		case "static":
			static = true
		case "asterisk":
			wildcard = true
		case "scoped_identifier", "identifier":
			path = t.text(j)
		}
		if t.text(j) == "static" {
			static = true
		}
	}
	if path == "" {
		return
	}
	path = strings.Join(strings.Fields(path), "")
	im := langImport{Path: path, Static: static, Row: t.nodes[i].row}
	if wildcard {
		im.Local, im.Name = "*", "*"
	} else {
		k := strings.LastIndexByte(path, '.')
		im.Local, im.Name = path[k+1:], path[k+1:]
		im.Path = path[:max(k, 0)]
	}
	w.out.Imports = append(w.out.Imports, im)
	// The imported type (and a static import's class) is referenced here.
	for j := i + 1; j < int(t.next[i]); j++ {
		n := &t.nodes[j]
		if n.typ() != "identifier" {
			continue
		}
		// The last part, and for a static import the class before it.
		end := t.nodes[i].end
		rest := strings.TrimSpace(string(t.src[n.end:end]))
		switch {
		case !wildcard && (rest == ";" || rest == ""):
			w.importRef(j, t.text(j), im.Path)
		case static && !wildcard && strings.Count(rest, ".") == 1 && isUpper(t.text(j)),
			wildcard && (rest == ".*;" || rest == ". *;") && isUpper(t.text(j)):
			p, _, _ := cutLast(im.Path)
			if wildcard {
				p, _, _ = cutLast(path)
			}
			w.importRef(j, t.text(j), p)
		}
	}
}

// javaIdentifier classifies one identifier or type identifier.
func javaIdentifier(w *refWalker, i int) {
	t := w.t
	n := &t.nodes[i]
	p := int(n.parent)
	if p < 0 {
		return
	}
	pt := t.nodes[p].typ()
	switch pt {
	case "method_invocation":
		if n.field() == "name" {
			obj := t.child(p, "object")
			if obj < 0 {
				if w.refMember(i, "call") {
					w.setArgs(t.child(p, "arguments"))
				}
				return
			}
			if ty := javaCastType(t, obj); ty != "" {
				if !w.isDef(i) {
					w.refAs(i, t.text(i), "call", "?", ty)
					w.setArgs(t.child(p, "arguments"))
				}
				return
			}
			q, root := w.qualifierText(obj, javaPath, javaIdent)
			q = javaThroughSuper(t, p, q)
			if w.ref(i, "call", q, root) {
				w.setArgs(t.child(p, "arguments"))
			}
			return
		}
	case "field_access":
		if n.field() == "field" {
			obj := t.child(p, "object")
			if obj < 0 {
				return
			}
			if ty := javaCastType(t, obj); ty != "" {
				if !w.isDef(i) {
					w.refAs(i, t.text(i), javaUseKind(t, p), "?", ty)
				}
				return
			}
			q, root := w.qualifierText(obj, javaPath, javaIdent)
			q = javaThroughSuper(t, p, q)
			w.ref(i, javaUseKind(t, p), q, root)
			return
		}
	case "scoped_identifier", "scoped_type_identifier":
		// a.b.C: C is a member of a.b (a package or a type).
		if javaUnderImport(t, i) {
			return
		}
		kids := t.namedKids(p)
		if len(kids) >= 2 && kids[len(kids)-1] == i {
			q, root := w.qualifierText(kids[0], javaPath, javaIdent)
			kind := "type"
			if pt == "scoped_identifier" {
				kind = javaUseKind(t, p)
			} else {
				kind = javaTypeKind(t, p)
			}
			w.ref(i, kind, q, root)
			return
		}
	case "method_reference":
		kids := t.namedKids(p)
		if len(kids) >= 2 && kids[len(kids)-1] == i {
			q, root := w.qualifierText(kids[0], javaPath, javaIdent)
			w.ref(i, "call", q, root)
			return
		}
	case "variable_declarator", "formal_parameter", "catch_formal_parameter", "enhanced_for_statement",
		"resource", "inferred_parameters", "type_parameter", "labeled_statement", "break_statement",
		"continue_statement", "element_value_pair", "enum_constant", "package_declaration",
		"import_declaration", "instanceof_expression", "record_pattern_component", "type_pattern":
		if pt == "instanceof_expression" && n.field() != "name" {
			break
		}
		if pt == "enhanced_for_statement" && n.field() != "name" {
			break
		}
		if pt == "variable_declarator" && n.field() != "name" {
			break
		}
		if pt == "formal_parameter" && n.field() != "name" {
			break
		}
		return
	case "lambda_expression":
		if n.field() == "parameters" {
			return
		}
	case "method_declaration", "constructor_declaration", "class_declaration", "interface_declaration",
		"enum_declaration", "record_declaration", "annotation_type_declaration", "annotation_type_element_declaration",
		"compact_constructor_declaration":
		if n.field() == "name" {
			return
		}
	case "marker_annotation", "annotation":
		if n.field() == "name" {
			w.ref(i, "type", "", -1)
			return
		}
	}
	if javaUnderImport(t, i) {
		return
	}
	if n.typ() == "type_identifier" {
		kind := javaTypeKind(t, i)
		if kind != "call" {
			w.ref(i, kind, "", -1)
			return
		}
		// new C(...): a use of the type C, and a call of the constructor
		// its arguments pick (qualifier "new").
		if w.ref(i, "type", "", -1) {
			w.refAs(i, t.text(i), "call", "new", t.text(i))
			for a, d := p, 0; a >= 0 && d < 3; a, d = t.parentOf(a), d+1 {
				if t.nodes[a].typ() == "object_creation_expression" {
					w.setArgs(t.child(a, "arguments"))
					break
				}
			}
		}
		return
	}
	w.ref(i, javaUseKind(t, i), "", -1)
}

// javaUnderImport tells whether node i sits in an import or package
// declaration.
func javaUnderImport(t *flatTree, i int) bool {
	for a, d := t.parentOf(i), 0; a >= 0 && d < 12; a, d = t.parentOf(a), d+1 {
		switch t.nodes[a].typ() {
		case "import_declaration", "package_declaration":
			return true
		case "scoped_identifier":
			continue
		}
		return false
	}
	return false
}

// javaTypeKind is type, inherit in an extends/implements clause, or call
// for the class of a `new` expression.
func javaTypeKind(t *flatTree, i int) string {
	c := i
	for a, d := t.parentOf(i), 0; a >= 0 && d < 4; c, a, d = a, t.parentOf(a), d+1 {
		switch t.nodes[a].typ() {
		case "superclass", "super_interfaces", "extends_interfaces":
			return "inherit"
		case "object_creation_expression":
			if t.nodes[c].field() == "type" {
				return "call"
			}
			return "type"
		case "type_arguments", "formal_parameter", "local_variable_declaration", "field_declaration", "method_declaration":
			return "type"
		}
	}
	return "type"
}

// javaUseKind tells how the expression at i is used.
func javaUseKind(t *flatTree, i int) string {
	p := t.parentOf(i)
	if p < 0 {
		return "read"
	}
	n := &t.nodes[i]
	switch t.nodes[p].typ() {
	case "assignment_expression":
		if n.field() == "left" {
			return "write"
		}
	case "update_expression":
		return "write"
	case "method_invocation":
		if n.field() == "name" {
			return "call"
		}
	}
	return "read"
}

// javaCastType is the type T of a receiver written ((T) x), which the
// cast gives the member's qualifier: ((TreeNode<K,V>)p).putTreeVal(...)
// calls TreeNode's putTreeVal (256 such receivers in java.base's
// java.lang, java.util and java.io, which were left to the name alone).
// "" when obj is no cast, or casts to an array or a primitive.
func javaCastType(t *flatTree, obj int) string {
	for t.nodes[obj].typ() == "parenthesized_expression" {
		kids := t.namedKids(obj)
		if len(kids) != 1 {
			return ""
		}
		obj = kids[0]
	}
	if t.nodes[obj].typ() != "cast_expression" {
		return ""
	}
	ty := t.child(obj, "type")
	if ty < 0 {
		return ""
	}
	switch t.nodes[ty].typ() {
	case "array_type", "integral_type", "floating_point_type", "boolean_type":
		return "" // no class has its members
	}
	return javaTypeText(t.text(ty))
}

// javaTypeText is a declared Java type as the resolvers read it: the
// name without its type arguments or array brackets, and with the
// qualifier a nested type is written with ("Map.Entry" of
// "Map.Entry<K, V>", "M.E" of "@NonNull M.E"), which names it: cut to
// "Entry", it named no type the file can see (index/refs_java.go,
// javaDottedType). "" when it is not a name.
func javaTypeText(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, "<["); i >= 0 {
		s = s[:i]
	}
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	s = f[len(f)-1]
	for _, part := range strings.Split(s, ".") {
		if part == "" || TypeName(part) != part {
			return TypeName(s)
		}
	}
	return s
}
