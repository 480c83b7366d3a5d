package index

import (
	"iter"
	"path"
	"slices"
	"sort"
	"strings"
)

// refDef is a definition a reference can resolve to.
type refDef struct {
	Path, Name, Qualified, Kind, Signature string
	Line, End                              int
	// Decl marks a declaration whose definition is elsewhere (a
	// TypeScript overload signature).
	Decl bool
	// Parent is the index of the enclosing definition, -1 at top level.
	Parent int
}

// refFile is what resolution knows of one file.
type refFile struct {
	Path, Language string
	// Refs are the file's references and imports; a view's source
	// (viewRefSource.File) gives only the inherit references, the only
	// ones resolution reads (basesOf).
	Refs langRefs
	// Defs are the indexes of the file's definitions (loaded up front
	// only without a Source).
	Defs []int
	// Default names the top-level definition declared "export default"
	// ("" for none).
	Default string
	// inherits are the indexes of its inherit references in Refs, made
	// on first use (basesOf).
	inherits []int32
}

// refIndex is the definitions and files resolution looks things up in.
type refIndex struct {
	Defs   []refDef
	byName map[string][]int
	Files  map[string]*refFile
	// Source, when set, loads definitions and files on demand (Defs,
	// byName and Files are then caches); Lang is the language resolved.
	Source refSource
	Lang   string
	// subclasses maps a class to the classes that name it as a base,
	// built on first use.
	subclasses map[int][]int
	// buildingSubclasses is set while subclassesOf builds the relation.
	buildingSubclasses bool
	// noOverrides makes withOverrides add nothing: the resolution is
	// read only for its Defs and Also (refQuery.sureOnly).
	noOverrides bool
	// byParent is, by name, the definitions of that name by their
	// parent (memberOf).
	byParent map[string]map[int][]int
	// bySuffix maps a path's trailing parts ("c.py", "b/c.py") to the
	// paths that end so.
	bySuffix map[string][]string
	// memberLists memoizes anyMember and the lists made from it, by
	// language, name and list (membersMemo).
	memberLists map[memberList][]int
	// byFileName memoizes namedIn when the source answers it.
	byFileName map[fileName][]int
	// overrides memoizes withOverrides' additions to a resolution of one
	// definition, by definition.
	overrides map[int][]int
	// esTypes memoizes the classes of TypeScript types read from
	// signatures (a callee's result, a callback's parameter), by file
	// and type as the walker wrote it (esTypeClasses).
	esTypes map[esTypeKey][]int
}

// fileName is a file's path and a name (namedIn's memo key).
type fileName struct{ path, name string }

// cutLast splits "a.b.C" into "a.b" and "C".
func cutLast(s string) (string, string, bool) {
	i := strings.LastIndexByte(s, '.')
	if i < 0 {
		return "", s, false
	}
	return s[:i], s[i+1:], true
}

// withOverrides adds to a member resolution the members of the same name
// that override it in subclasses: a call through the base reaches them.
// They are listed after the member itself (Via), and do not change its
// confidence.
func (x *refIndex) withOverrides(r resolution, bases func(c int) []int) resolution {
	if len(r.Defs) == 0 || x.noOverrides {
		return r
	}
	if len(r.Via) > 0 {
		return x.addOverrides(r, bases)
	}
	// A definition's overrides are the same for every reference that
	// resolves to it (bases is the language's, the same for the index),
	// and a common member's references (Python's __init__, thousands;
	// TypeScript's overloaded subscribe) each walked the subclasses of
	// its class again: they are kept by definition, and a resolution to
	// several (overloads, a union's members) lists theirs in turn.
	seen := map[int]bool{}
	for _, m := range r.Defs {
		seen[m] = true
	}
	for _, m := range r.Defs {
		via, ok := x.overrides[m]
		if !ok {
			via = x.addOverrides(resolution{Defs: []int{m}}, bases).Via
			if x.overrides == nil {
				x.overrides = map[int][]int{}
			}
			x.overrides[m] = via
		}
		for _, v := range via {
			if !seen[v] && len(r.Via) < 64 {
				seen[v] = true
				r.Via = append(r.Via, v)
			}
		}
	}
	return r
}

// addOverrides is withOverrides without its memo.
func (x *refIndex) addOverrides(r resolution, bases func(c int) []int) resolution {
	seen := map[int]bool{}
	for _, m := range r.Defs {
		seen[m] = true
	}
	for _, m := range r.Defs {
		c := x.Defs[m].Parent
		if c < 0 {
			continue
		}
		name := x.Defs[m].Name
		queue := append([]int(nil), x.subclassesOf(c, bases)...)
		for len(queue) > 0 && len(r.Via) < 64 {
			s := queue[0]
			queue = queue[1:]
			if seen[s] {
				continue
			}
			seen[s] = true
			// A type alias joins its parts (type State = Idle | Square):
			// its shapes' members override nothing of theirs.
			for _, i := range x.memberOf(s, name) {
				if !seen[i] && x.Defs[s].Kind != "type" {
					seen[i] = true
					r.Via = append(r.Via, i)
				}
			}
			queue = append(queue, x.subclassesOf(s, bases)...)
		}
	}
	return r
}

// subclassesOf returns the classes that name class c as a base. The
// relation is built over every class of the language on first use; an
// index fed by a view (viewRefSource) shares it with every query of that
// view, since building it resolves the bases of every class: a second
// or more on a corpus of tens of thousands of Python classes, which each
// query paid before.
func (x *refIndex) subclassesOf(c int, bases func(c int) []int) []int {
	if x.buildingSubclasses {
		// Resolving a base while the relation is built: none yet.
		return nil
	}
	if x.subclasses == nil {
		build := func() map[int][]int {
			x.buildingSubclasses = true
			defer func() { x.buildingSubclasses = false }()
			m := map[int][]int{}
			for _, i := range x.classes() {
				for _, b := range bases(i) {
					m[b] = append(m[b], i)
				}
			}
			return m
		}
		if vs, ok := x.Source.(*viewRefSource); ok {
			return vs.subclassesOf(c, build)
		}
		x.subclasses = build()
	}
	return x.subclasses[c]
}

// resolution is where a reference leads: one definition (resolved),
// several (ambiguous), or none.
type resolution struct {
	Defs []int
	// Confidence is "resolved" or "ambiguous" ("" for none).
	Confidence string
	// Via are definitions the reference may reach besides Defs, as
	// surely as an ambiguous answer: overrides of a member in subclasses
	// (a call dispatching on a subclass instance), the constructors of a
	// `new C(...)` its argument count does not tell apart.
	Via []int
	// Also are definitions the reference reaches as surely as Defs: the
	// file's own binding of an imported name (const Base = require(...)
	// is a variable of the file and an alias of what it imports).
	Also []int
}

func newRefIndex() *refIndex {
	return &refIndex{byName: map[string][]int{}, Files: map[string]*refFile{}, bySuffix: map[string][]string{}}
}

// addFile adds a file's definitions (in document order, parents first)
// and references.
func (x *refIndex) addFile(f *refFile, defs []refDef) {
	base := len(x.Defs)
	for _, d := range defs {
		if d.Parent >= 0 {
			d.Parent += base
		}
		x.byName[d.Name] = append(x.byName[d.Name], len(x.Defs))
		f.Defs = append(f.Defs, len(x.Defs))
		x.Defs = append(x.Defs, d)
	}
	x.Files[f.Path] = f
	p := f.Path
	for {
		x.bySuffix[p] = append(x.bySuffix[p], f.Path)
		i := strings.IndexByte(p, '/')
		if i < 0 {
			break
		}
		p = p[i+1:]
	}
}

// filesEnding returns the files whose path is p or ends in "/"+p.
func (x *refIndex) filesEnding(p string) []string {
	if x.Source != nil {
		return x.Source.FilesEnding(p)
	}
	return x.bySuffix[p]
}

// refSource feeds a refIndex on demand: the index's view at query time
// loads only the names and files an answer looks at.
type refSource interface {
	// Named returns the definitions called name (with their parents,
	// which it adds through add first).
	Named(name string, add func(refDef) int) []int
	// File returns what resolution knows of the file at path, nil if the
	// index holds none.
	File(path string) *refFile
	// FilesEnding returns the files whose path is p or ends in "/"+p.
	FilesEnding(p string) []string
	// Classes returns every class-like definition of the language.
	Classes(lang string, add func(refDef) int) []int
}

// fileNamer is a refSource that also finds one file's definitions called
// name without loading every definition of that name: __init__ has
// thousands in a Python corpus, and a file's own were looked for among
// all of them for each name a reference asked (topLevel, inFile).
type fileNamer interface {
	// NamedIn returns Named(name) of the file at path, in Named's order.
	NamedIn(path, name string, add func(refDef) int) []int
}

// namedIn returns the definitions called name of the file at path, in
// the order named lists them.
func (x *refIndex) namedIn(file, name string) []int {
	fn, ok := x.Source.(fileNamer)
	if _, loaded := x.byName[name]; !ok || loaded {
		var out []int
		for _, i := range x.named(name) {
			if x.Defs[i].Path == file {
				out = append(out, i)
			}
		}
		return out
	}
	key := fileName{file, name}
	if ds, ok := x.byFileName[key]; ok {
		return ds
	}
	ds := fn.NamedIn(file, name, x.add)
	if x.byFileName == nil {
		x.byFileName = map[fileName][]int{}
	}
	x.byFileName[key] = ds
	return ds
}

// named returns the definitions called name.
func (x *refIndex) named(name string) []int {
	if x.Source == nil {
		return x.byName[name]
	}
	if ds, ok := x.byName[name]; ok {
		return ds
	}
	ds := x.Source.Named(name, x.add)
	x.byName[name] = ds
	return ds
}

// file returns the file at path, nil if none.
func (x *refIndex) file(path string) *refFile {
	if f, ok := x.Files[path]; ok || x.Source == nil {
		return f
	}
	f := x.Source.File(path)
	x.Files[path] = f
	return f
}

// add appends a definition a source loaded and returns its index.
func (x *refIndex) add(d refDef) int {
	x.Defs = append(x.Defs, d)
	return len(x.Defs) - 1
}

// classes returns every class-like definition.
func (x *refIndex) classes() []int {
	if x.Source != nil {
		return x.Source.Classes(x.Lang, x.add)
	}
	var out []int
	for i := range x.Defs {
		if isClassKind(x.Defs[i].Kind) {
			out = append(out, i)
		}
	}
	return out
}

func isClassKind(k string) bool {
	switch k {
	case "class", "interface", "struct", "enum", "trait", "record", "type":
		return true
	}
	return false
}

func isMemberKind(k string) bool {
	switch k {
	case "method", "field", "property", "constant", "variable", "constructor", "function":
		return true
	}
	return false
}

// topLevel is the file's top-level definitions named name (re-export
// markers left out).
func (x *refIndex) topLevel(file, name string) []int {
	var out []int
	for _, i := range x.namedIn(file, name) {
		d := &x.Defs[i]
		if d.Parent < 0 && d.Kind != "export" {
			out = append(out, i)
		}
	}
	return out
}

// inFile is the file's definitions named name at any depth.
func (x *refIndex) inFile(file, name string) []int {
	var out []int
	for _, i := range x.namedIn(file, name) {
		if x.Defs[i].Kind != "export" {
			out = append(out, i)
		}
	}
	return out
}

// members returns the members named name of the classes cls and of
// their bases (base classes are found by the language's typeOf).
func (x *refIndex) members(cls []int, name string, bases func(c int) []int) []int {
	seen := map[int]bool{}
	var out []int
	var walk func(c, depth int)
	walk = func(c, depth int) {
		if seen[c] || depth > 8 {
			return
		}
		seen[c] = true
		ms := x.memberOf(c, name)
		out = append(out, ms...)
		if len(ms) > 0 {
			return // an override hides the base's member
		}
		if bases != nil {
			for _, b := range bases(c) {
				walk(b, depth+1)
			}
		}
	}
	for _, c := range cls {
		walk(c, 0)
	}
	return dedupe(out)
}

// anyMember is every member definition named name in files of the
// language: what a member of an unknown receiver may be.
func (x *refIndex) anyMember(lang, name string) []int {
	return x.membersMemo(lang, name, "", func() []int {
		var out []int
		for _, i := range x.named(name) {
			d := &x.Defs[i]
			if d.Parent >= 0 && isClassKind(x.Defs[d.Parent].Kind) && x.inLanguage(d.Path, lang) {
				out = append(out, i)
			}
		}
		return dedupe(out)
	})
}

// memberList names a list of members (refIndex.membersMemo).
type memberList struct{ lang, list, name string }

// membersMemo is list of the members called name in language lang,
// made by build once per index that loads its definitions on demand
// (Source): a member reached through a value of unknown type is every
// member of its name, and a common one (toString, __init__, close) is
// met thousands of times in one find_references, each of which listed
// and filtered its thousands of definitions anew. The list is shared:
// read only. An index given its files up front (addFile) may grow
// between calls, and makes the list each time.
func (x *refIndex) membersMemo(lang, name, list string, build func() []int) []int {
	if x.Source == nil {
		return build()
	}
	key := memberList{lang, list, name}
	if out, ok := x.memberLists[key]; ok {
		return out
	}
	out := slices.Clip(build()) // an append to it copies
	if x.memberLists == nil {
		x.memberLists = map[memberList][]int{}
	}
	x.memberLists[key] = out
	return out
}

// inLanguage reports whether the file at path is of language lang. A
// source's definitions are all of its language family, as is the file
// being resolved: no file need be loaded to know it (anyMember loaded
// each file that defines the name, 17,000 for __init__ on Python's
// libraries, to read its language).
func (x *refIndex) inLanguage(path, lang string) bool {
	if x.Source != nil {
		return lang == x.Lang
	}
	f := x.file(path)
	return f != nil && f.Language == lang
}

// memberOf returns the definitions called name whose parent is class c,
// from a table of name's definitions by parent made once per name: a
// class hierarchy of thousands walked for __init__ read its 17,000
// definitions at every class.
func (x *refIndex) memberOf(c int, name string) []int {
	m, ok := x.byParent[name]
	if !ok {
		m = map[int][]int{}
		for _, i := range x.named(name) {
			if p := x.Defs[i].Parent; p >= 0 {
				m[p] = append(m[p], i)
			}
		}
		if x.byParent == nil {
			x.byParent = map[string]map[int][]int{}
		}
		x.byParent[name] = m
	}
	return m[c]
}

func containsInt(xs []int, v int) bool {
	for _, x := range xs {
		if x == v {
			return true
		}
	}
	return false
}

func dedupe(xs []int) []int {
	if len(xs) < 2 {
		return xs
	}
	sort.Ints(xs)
	out := xs[:1]
	for _, v := range xs[1:] {
		if v != out[len(out)-1] {
			out = append(out, v)
		}
	}
	return out
}

func classesOf(x *refIndex, ds []int) []int {
	var out []int
	for _, d := range ds {
		if isClassKind(x.Defs[d].Kind) {
			out = append(out, d)
		}
	}
	return out
}

// listInherits lists the indexes of f's inherit references in f.Refs
// (f.inherits; empty, not nil, when there are none).
func (f *refFile) listInherits() {
	f.inherits = []int32{}
	for i := range f.Refs.Refs {
		if f.Refs.Refs[i].Kind == "inherit" {
			f.inherits = append(f.inherits, int32(i))
		}
	}
}

// basesOf resolves the inherit references of class c in its file.
func (x *refIndex) basesOf(c int, typeOf func(f *refFile, r langRef) []int) []int {
	d := &x.Defs[c]
	f := x.file(d.Path)
	if f == nil {
		return nil
	}
	var out []int
	for r := range x.inheritRefs(c, f) {
		out = append(out, classesOf(x, typeOf(f, r))...)
	}
	return out
}

// inheritRefs are the inherit references of class c, in its file f: the
// bases as written.
func (x *refIndex) inheritRefs(c int, f *refFile) iter.Seq[langRef] {
	d := &x.Defs[c]
	if f.inherits == nil {
		// A file's inherit references, listed once: a file of many
		// classes and references was scanned whole for each class.
		f.listInherits()
	}
	// A class's bases are written in its first lines; a type alias's
	// (type Issue = | A | B | ...) may run to its end.
	last := d.Line + 5
	if d.Kind == "type" {
		last = max(last, d.End)
	}
	return func(yield func(langRef) bool) {
		for _, i := range f.inherits {
			r := f.Refs.Refs[i]
			if r.Class == d.Name && int(r.Row)+1 >= d.Line && int(r.Row)+1 <= last && !yield(r) {
				return
			}
		}
	}
}

// verdict is resolved for one definition, or for the declarations of one
// overloaded symbol (same file, same qualified name: TypeScript overload
// signatures and their implementation) or of one field, ambiguous for
// several.
func (x *refIndex) verdict(ds []int) resolution {
	ds = dedupe(ds)
	switch len(ds) {
	case 0:
		return resolution{}
	case 1:
		return resolution{Defs: ds, Confidence: "resolved"}
	}
	first := &x.Defs[ds[0]]
	bodies, fields := 0, 0
	for _, d := range ds {
		if x.Defs[d].Path != first.Path || x.Defs[d].Qualified != first.Qualified {
			return resolution{Defs: ds, Confidence: "ambiguous"}
		}
		if !x.Defs[d].Decl {
			bodies++
		}
		if p := x.Defs[d].Parent; x.Defs[d].Kind == "field" && p >= 0 && x.Defs[p].Kind == "type" {
			fields++
		}
	}
	// Overloads with bodies of their own (Java): one of them. But a
	// field declared in each shape of a type alias's union (type Event
	// = { kind: 'open' } | { kind: 'close' }) is one property: e.kind
	// reads it whichever shape e has, and answers them all. (A class's
	// static and instance fields of one name stay apart.)
	if bodies > 1 && fields < len(ds) {
		return resolution{Defs: ds, Confidence: "ambiguous"}
	}
	return resolution{Defs: ds, Confidence: "resolved"}
}

// superMember resolves super.name in a class of classes (TypeScript's
// and JavaScript's super.name): a member of their superclasses, else a
// member of unknown receiver. (Python's super() asks superMembers, then
// whether only builtins lie above.)
func superMember(x *refIndex, lang string, classes []int, name string, bases func(int) []int) resolution {
	if ms := superMembers(x, classes, name, bases); len(ms) > 0 {
		return x.verdict(ms)
	}
	return unknownReceiver(x, lang, name)
}

// superMembers are the members called name that a super call in a class
// of classes reaches: those of their superclasses and above.
func superMembers(x *refIndex, classes []int, name string, bases func(int) []int) []int {
	var bs []int
	for _, c := range classes {
		bs = append(bs, superclasses(x, c, bases)...)
	}
	return x.members(bs, name, bases)
}

// superclasses is what super names in class c: its bases that are
// classes, whose members a super call searches (Java's JLS 15.12.1,
// TypeScript's super), not the interfaces c implements, which hold no
// body a super call could run (Java's default methods are reached as
// Named.super.m()). StringBuilder's super.compareTo() was ambiguous
// between AbstractStringBuilder's and Comparable's. When no base of c is
// a class (its superclass is outside the index, or Object), its bases.
func superclasses(x *refIndex, c int, bases func(int) []int) []int {
	all := bases(c)
	var out []int
	for _, b := range all {
		if x.Defs[b].Kind != "interface" {
			out = append(out, b)
		}
	}
	if len(out) == 0 {
		return all
	}
	return out
}

// unknownReceiver resolves a member reached through a value of unknown
// type: every member of that name is a candidate (sorted, once each), and
// the answer is never more than ambiguous.
func unknownReceiver(x *refIndex, lang, name string) resolution {
	ds := x.anyMember(lang, name)
	if len(ds) == 0 {
		return resolution{}
	}
	return resolution{Defs: ds, Confidence: "ambiguous"}
}

// joinRel joins a relative module path onto a directory.
func joinRel(dir, rel string) string { return path.Clean(path.Join(dir, rel)) }
