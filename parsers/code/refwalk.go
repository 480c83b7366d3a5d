package code

import (
	"sort"
	"strings"
)

// langRef is one identifier occurrence a reference walker found: a use of
// a name that is not a local of the function (or block) it sits in.
type langRef struct {
	Name string
	// Kind is call, type, import, inherit, read, write or other.
	Kind string
	// Qualifier is what the name is reached through, as written: "self",
	// "os.path", "this.f", "./m" for an import; "" for a bare name, "?" for
	// an expression the walker cannot name (a call's result).
	Qualifier string
	// QualType is the qualifier's type when the scope analysis knows it:
	// the enclosing class for self/this, a local's declared or
	// constructed type.
	QualType string
	// RootType is the type of the qualifier's first name when the
	// qualifier is a longer path (a.b for a's type), "" if unknown.
	RootType string
	// Class is the name of the innermost class around the occurrence
	// (unqualified Java method calls and fields reach its members).
	Class string
	// Args is the number of arguments of a Java call (to tell overloads
	// apart), -1 when unknown.
	Args       int
	Start, End uint32
	Row, Col   uint32 // 0-based, Col in bytes
}

// langImport is one name a file imports.
type langImport struct {
	// Local is the name the import binds in the file ("osp" for "import
	// os.path as osp"), "*" for a wildcard, "" for a side-effect import.
	Local string
	// Path is the module as written: "os.path", ".pkg", "./m",
	// "java.util.List".
	Path string
	// Name is the member imported ("foo" in "from m import foo"), "" when
	// the module itself is bound, "*" for all of it, "default" for an ES
	// default import.
	Name string
	// Export marks an ES re-export (export {x} from './m').
	Export bool
	// Static marks a Java static import.
	Static bool
	// Pattern marks an ES binding destructured from a require()'s value.
	Pattern bool
	Row     uint32
}

// langRefs is what a reference walker finds in one file.
type langRefs struct {
	Refs    []langRef
	Imports []langImport
	// Package is the package a Java file declares.
	Package string
	// Texts are the comments and docstrings, whose names are textual
	// mentions.
	Texts []textSpan
}

// textSpan is a comment or docstring: byte range and start position.
type textSpan struct {
	Start, End uint32
	Row, Col   uint32
}

// text records node i as prose whose names are mentions.
func (w *refWalker) text(i int) {
	n := &w.t.nodes[i]
	w.out.Texts = append(w.out.Texts, textSpan{Start: n.start, End: n.end, Row: n.row, Col: n.col})
}

// scopeKind says what a scope node is to the walker.
type scopeKind uint8

const (
	scopeNone scopeKind = iota
	// scopeFunction holds parameters and function-wide bindings (Python
	// locals, JS var).
	scopeFunction
	// scopeBlock holds block-scoped bindings (let/const, Java locals).
	scopeBlock
	// scopeClass is a Python class body: not visible from the functions
	// nested in it.
	scopeClass
)

// binding is a local name.
type binding struct {
	typ string // the declared or constructed type, "" if unknown
}

// refWalker holds the state of one file's walk. A language's classify
// function looks at each identifier and either binds it in a scope or
// reports it as a reference; names bound in an enclosing local scope are
// then left out.
type refWalker struct {
	t *flatTree
	// defs maps the end byte of each of the file's symbol names to its
	// start: the tokens that end a name (the name itself, or the last part
	// of a dotted one) define, they neither bind a local nor refer.
	defs map[uint32]uint32
	// scopeOf[i] is the nearest enclosing scope node of node i (i itself
	// when it is one), -1 for the file.
	scopeOf []int32
	kinds   []scopeKind
	binds   map[int32]map[string]binding
	// globals are names a Python function declares global or nonlocal.
	globals map[int32]map[string]bool
	pending []pendingRef
	out     langRefs
	// classOf returns the class name for node i's innermost class ("" for
	// none); set by the language.
	classOf func(i int) string
	// fieldType returns the declared type of a class's field, "" if
	// unknown; set by the language.
	fieldType func(class, name string) string
}

type pendingRef struct {
	node int
	ref  langRef
	// root is the identifier the qualifier starts with (for a type from a
	// local's binding), -1 if none.
	root int
	// member: a bare name that can never be a local (a Java method name).
	member bool
}

func newRefWalker(t *flatTree, defs map[uint32]uint32, scopeType func(typ string) scopeKind) *refWalker {
	w := &refWalker{t: t, defs: defs, scopeOf: make([]int32, len(t.nodes)), kinds: make([]scopeKind, len(t.nodes)),
		binds: map[int32]map[string]binding{}, globals: map[int32]map[string]bool{}}
	for i := range t.nodes {
		k := scopeType(t.nodes[i].typ())
		w.kinds[i] = k
		if k != scopeNone {
			w.scopeOf[i] = int32(i)
			continue
		}
		if p := t.nodes[i].parent; p >= 0 {
			w.scopeOf[i] = w.scopeOf[p]
		} else {
			w.scopeOf[i] = -1
		}
	}
	return w
}

// scopeAbove is the scope enclosing scope s (or node s), -1 for the file.
func (w *refWalker) scopeAbove(s int) int {
	p := w.t.nodes[s].parent
	if p < 0 {
		return -1
	}
	return int(w.scopeOf[p])
}

// enclosing is node i's nearest scope of kind k or stronger (a function
// scope for Python and var), -1 if none.
func (w *refWalker) enclosingFunction(i int) int {
	s := int(w.scopeOf[i])
	for s >= 0 && w.kinds[s] != scopeFunction {
		s = w.scopeAbove(s)
	}
	return s
}

// bind records name as a local of scope s (ignored for s < 0: file-level
// names are symbols, which the index resolves).
func (w *refWalker) bind(s int, name, typ string) {
	if s < 0 || name == "" {
		return
	}
	m := w.binds[int32(s)]
	if m == nil {
		m = map[string]binding{}
		w.binds[int32(s)] = m
	}
	if old, ok := m[name]; ok && old.typ != "" && typ == "" {
		return
	}
	m[name] = binding{typ: typ}
}

// bindNode binds the identifier node i in scope s unless it is a symbol's
// name.
func (w *refWalker) bindNode(s, i int, typ string) {
	if w.isDef(i) {
		return
	}
	w.bind(s, w.t.text(i), typ)
}

// lookup finds name in the scopes from s outwards. Python class scopes
// are skipped when looked through from a nested function (skipClass).
func (w *refWalker) lookup(s int, name string, skipClass bool) (binding, bool) {
	first := true
	for s >= 0 {
		if g := w.globals[int32(s)]; g != nil && g[name] {
			return binding{}, false
		}
		if !(skipClass && !first && w.kinds[s] == scopeClass) {
			if b, ok := w.binds[int32(s)][name]; ok {
				return b, true
			}
		}
		first = false
		s = w.scopeAbove(s)
	}
	return binding{}, false
}

// ref queues a reference at identifier node i.
func (w *refWalker) ref(i int, kind, qualifier string, root int) bool {
	if w.isDef(i) {
		return false
	}
	w.refAlways(i, kind, qualifier, root)
	return true
}

// importRef reports, at node i, a reference of kind import to the
// member name of module path (a default or CommonJS import, whose local
// name may differ from name).
func (w *refWalker) importRef(i int, name, path string) {
	n := &w.t.nodes[i]
	w.out.Refs = append(w.out.Refs, langRef{Name: name, Kind: "import", Qualifier: path, Args: -1,
		Start: n.start, End: n.end, Row: n.row, Col: n.col})
}

// refMember queues a bare reference at node i that no local can shadow
// (Java keeps methods and variables apart).
func (w *refWalker) refMember(i int, kind string) bool {
	if w.isDef(i) {
		return false
	}
	w.refAlways(i, kind, "", -1)
	w.pending[len(w.pending)-1].member = true
	return true
}

// refAs queues a reference named name at node i, the call of a
// constructor of class (new C(...), this(...), super(...)).
func (w *refWalker) refAs(i int, name, kind, qualifier, class string) {
	w.refAlways(i, kind, "", -1)
	w.pending[len(w.pending)-1].member = true
	p := &w.pending[len(w.pending)-1]
	p.ref.Name, p.ref.Qualifier, p.ref.QualType = name, qualifier, class
}

// setArgs sets the argument count of the reference queued last from the
// argument list node a.
func (w *refWalker) setArgs(a int) {
	if a < 0 || len(w.pending) == 0 {
		return
	}
	n := 0
	for _, k := range w.t.namedKids(a) {
		if !strings.Contains(w.t.nodes[k].typ(), "comment") {
			n++
		}
	}
	w.pending[len(w.pending)-1].ref.Args = n
}

// isDef tells whether node i is (the last part of) a symbol's name.
func (w *refWalker) isDef(i int) bool {
	n := &w.t.nodes[i]
	s, ok := w.defs[n.end]
	return ok && s <= n.start
}

// refAlways queues a reference at identifier node i even where a symbol
// is named (an ES re-export is both a symbol and a use of what it
// exports).
func (w *refWalker) refAlways(i int, kind, qualifier string, root int) {
	n := &w.t.nodes[i]
	r := langRef{Name: w.t.text(i), Kind: kind, Qualifier: qualifier, Args: -1, Start: n.start, End: n.end, Row: n.row, Col: n.col}
	if w.classOf != nil {
		r.Class = w.classOf(i)
	}
	w.pending = append(w.pending, pendingRef{node: i, ref: r, root: root})
}

// finish drops the bare references to locals and types the qualifiers
// that start with a typed local.
func (w *refWalker) finish(skipClass bool, selfNames ...string) {
	for _, p := range w.pending {
		r := p.ref
		s := int(w.scopeOf[p.node])
		if r.Qualifier == "" && !p.member {
			if _, local := w.lookup(s, r.Name, skipClass); local {
				continue
			}
		} else if p.root >= 0 {
			r.QualType, r.RootType = w.qualType(s, r, w.t.text(p.root), skipClass, selfNames)
		}
		w.out.Refs = append(w.out.Refs, r)
	}
	w.pending = nil
	sort.SliceStable(w.out.Refs, func(i, j int) bool { return w.out.Refs[i].Start < w.out.Refs[j].Start })
}

// fieldTypes collects the declared types of class fields for the
// qualifiers self.f and this.f.
type fieldTypes map[string]map[string]string

func (f fieldTypes) set(class, field, typ string) {
	if class == "" || field == "" || typ == "" {
		return
	}
	m := f[class]
	if m == nil {
		m = map[string]string{}
		f[class] = m
	}
	if _, ok := m[field]; !ok {
		m[field] = typ
	}
}

func (f fieldTypes) get(class, field string) string { return f[class][field] }

// qualType is the type of a reference's qualifier when the walk knows
// it: the class for self/this, a local's type, a field's type for self.f
// (or a bare field f, in Java), "?" for a local of unknown type (the member
// is then reached through no import or global), "" otherwise. rootType is
// the same for the qualifier's first name alone, when the qualifier is
// longer (a.b.c: the type of a), for the resolver to follow the fields.
func (w *refWalker) qualType(s int, r langRef, root string, skipClass bool, selfNames []string) (qualType, rootType string) {
	self := false
	for _, sn := range selfNames {
		if root == sn {
			self = true
		}
	}
	switch {
	case self:
		rootType = r.Class
	default:
		if b, ok := w.lookup(s, root, skipClass); ok {
			rootType = b.typ
			if rootType == "" {
				rootType = "?"
			}
		} else if w.fieldType != nil {
			rootType = w.fieldType(r.Class, root)
		}
	}
	if r.Qualifier == root {
		return rootType, ""
	}
	if f, ok := strings.CutPrefix(r.Qualifier, root+"."); ok && self && w.fieldType != nil && !strings.Contains(f, ".") {
		if ft := w.fieldType(r.Class, f); ft != "" {
			return ft, rootType
		}
	}
	return "", rootType
}

// simpleTypeName reduces a written type to the name of the type it is
// about: "Optional[Foo]" and "Foo | None" stay as they are, "List<Foo>"
// is "List", "a.b.Foo" is "Foo", a quoted annotation is unquoted.
func simpleTypeName(s string) string {
	s = strings.TrimSpace(s)
	s = strings.Trim(s, `"'`)
	// Optional[T], T | None, T? : T.
	if in, ok := strings.CutPrefix(s, "Optional["); ok {
		s = strings.TrimSuffix(in, "]")
	} else if in, ok := strings.CutPrefix(s, "typing.Optional["); ok {
		s = strings.TrimSuffix(in, "]")
	}
	if strings.Contains(s, "|") {
		for _, part := range strings.Split(s, "|") {
			part = strings.TrimSpace(part)
			switch part {
			case "None", "null", "undefined", "":
				continue
			}
			s = part
			break
		}
	}
	return TypeName(s)
}

// TypeName is the name a written type is about: "List<Foo>" is List,
// "a.b.Foo" is Foo; "" when it is not a name. The resolvers in index read
// the types the walkers wrote with it.
func TypeName(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, "<["); i >= 0 {
		s = s[:i]
	}
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '.'); i >= 0 {
		s = s[i+1:]
	}
	for _, c := range s {
		if !(c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return ""
		}
	}
	return s
}

// qualifierText is the text of a qualifier expression when it is a plain
// dotted path of names (with self/this), "?" otherwise; root is the index
// of its first identifier, -1 for "?".
func (w *refWalker) qualifierText(i int, pathTypes map[string]bool, identTypes map[string]bool) (string, int) {
	n := &w.t.nodes[i]
	if identTypes[n.typ()] {
		return w.t.text(i), i
	}
	if !pathTypes[n.typ()] {
		return "?", -1
	}
	// A member access of names only.
	root := -1
	ok := true
	for j := i + 1; j < int(w.t.next[i]); j++ {
		m := &w.t.nodes[j]
		if !m.named {
			continue
		}
		if identTypes[m.typ()] {
			if root < 0 {
				root = j
			}
			continue
		}
		if !pathTypes[m.typ()] {
			ok = false
			break
		}
	}
	if !ok || root < 0 {
		return "?", -1
	}
	txt := w.t.text(i)
	if strings.ContainsAny(txt, " \t\n(\"'`") {
		txt = strings.Join(strings.Fields(txt), "")
		if strings.ContainsAny(txt, "(\"'`") {
			return "?", -1
		}
	}
	return txt, root
}

// cutLast splits "a.b.C" into "a.b" and "C".
func cutLast(s string) (string, string, bool) {
	i := strings.LastIndexByte(s, '.')
	if i < 0 {
		return "", s, false
	}
	return s[:i], s[i+1:], true
}

func isUpper(s string) bool { return s != "" && s[0] >= 'A' && s[0] <= 'Z' }
