package index

import (
	"strings"

	"github.com/treenav/treenav/parsers/code"
)

// Java resolution: a type name is looked up as a nested or local type of
// the file, then through single-type imports, the file's package, and
// wildcard imports; a bare name as a member of the enclosing classes
// (their bases included) and of static imports; a member through the
// qualifier's type (declared, constructed, this, super, a class for a
// static member).

func javaPackageOf(x *refIndex, path string) string {
	if f := x.file(path); f != nil {
		return f.Refs.Package
	}
	return ""
}

// javaInPackage is the top-level types named name in files of package pkg.
func javaInPackage(x *refIndex, pkg, name string) []int {
	var out []int
	for _, d := range x.named(name) {
		if x.Defs[d].Parent < 0 && isClassKind(x.Defs[d].Kind) && javaPackageOf(x, x.Defs[d].Path) == pkg {
			out = append(out, d)
		}
	}
	return out
}

// javaQualifiedType resolves the type prefix.name where prefix is a
// package ("java.util") or a type ("java.util.Map" for Map.Entry).
func javaQualifiedType(x *refIndex, prefix, name string) []int {
	if ds := javaInPackage(x, prefix, name); len(ds) > 0 {
		return ds
	}
	p, outer, ok := cutLast(prefix)
	if !ok {
		return nil
	}
	var out []int
	for _, o := range javaQualifiedType(x, p, outer) {
		out = append(out, javaNested(x, o, name)...)
	}
	return out
}

// javaNested is the types named name declared in class c.
func javaNested(x *refIndex, c int, name string) []int {
	var out []int
	for _, d := range x.named(name) {
		if x.Defs[d].Parent == c && isClassKind(x.Defs[d].Kind) {
			out = append(out, d)
		}
	}
	return out
}

// javaType resolves a type name as written in file f.
func javaType(x *refIndex, f *refFile, name string) []int {
	if ds := classesOf(x, x.inFile(f.Path, name)); len(ds) > 0 {
		return ds
	}
	if outer, inner, ok := cutLast(name); ok {
		return javaDottedType(x, f, outer, inner)
	}
	var out []int
	for _, im := range f.Refs.Imports {
		if im.Local == name {
			// import a.b.C, and import static a.b.Outer.Inner
			out = append(out, javaQualifiedType(x, im.Path, name)...)
		}
	}
	if len(out) > 0 {
		return out
	}
	if out = javaInPackage(x, f.Refs.Package, name); len(out) > 0 {
		return out
	}
	for _, im := range f.Refs.Imports {
		if !im.Static && im.Local == "*" {
			out = append(out, javaQualifiedType(x, im.Path, name)...)
		}
	}
	// Every file imports java.lang.* without saying so: Class, Enum,
	// Integer where the JDK's own sources are indexed.
	if f.Refs.Package != "java.lang" {
		out = append(out, javaInPackage(x, "java.lang", name)...)
	}
	return out
}

// javaDottedType resolves outer.inner, a type written qualified as a
// variable's or a field's type: a nested type of the type outer names in
// f (Map.Entry, with java.util.Map imported), else a type of the package
// or the type outer spells out (java.util.Map.Entry). Looked up as one
// name, M.E e's e.key() named no type, and was ambiguous between every
// key() in reach.
func javaDottedType(x *refIndex, f *refFile, outer, inner string) []int {
	var out []int
	for _, o := range javaType(x, f, outer) {
		out = append(out, javaNested(x, o, inner)...)
	}
	if len(out) > 0 {
		return out
	}
	return javaQualifiedType(x, outer, inner)
}

// javaTypeRef resolves a type reference (Outer.Inner: Inner qualified by
// Outer, or by a package).
func javaTypeRef(x *refIndex, f *refFile, r langRef) []int {
	if r.Qualifier == "" {
		return javaType(x, f, r.Name)
	}
	if !strings.Contains(r.Qualifier, ".") {
		var out []int
		for _, o := range javaType(x, f, r.Qualifier) {
			out = append(out, javaNested(x, o, r.Name)...)
		}
		if len(out) > 0 {
			return out
		}
	}
	return javaQualifiedType(x, r.Qualifier, r.Name)
}

// javaEnclosing is the classes named class in file f and the classes
// around them, innermost first.
func javaEnclosing(x *refIndex, f *refFile, class string, row int) []int {
	var inner []int
	for _, d := range classesOf(x, x.inFile(f.Path, class)) {
		if x.Defs[d].Line <= row && row <= x.Defs[d].End {
			inner = append(inner, d)
		}
	}
	if len(inner) == 0 {
		inner = classesOf(x, x.inFile(f.Path, class))
	}
	var out []int
	for _, c := range inner {
		for ; c >= 0 && isClassKind(x.Defs[c].Kind); c = x.Defs[c].Parent {
			out = append(out, c)
		}
	}
	return out
}

func javaIsMethod(k string) bool { return k == "method" || k == "constructor" || k == "function" }

// javaArity is the number of parameters a method's signature declares,
// -1 for varargs or when it cannot tell.
func javaArity(sig string) int {
	i := strings.IndexByte(sig, '(')
	if i < 0 {
		return -1
	}
	depth, n, any := 0, 0, false
	for _, c := range sig[i+1:] {
		switch c {
		case '(', '<', '[':
			depth++
		case ')', '>', ']':
			if depth == 0 {
				if !any {
					return 0
				}
				return n + 1
			}
			depth--
		case ',':
			if depth == 0 {
				n++
			}
		case ' ', '\t', '\n':
		default:
			any = true
		}
	}
	if strings.Contains(sig, "...") {
		return -1
	}
	return -1
}

// javaByArity keeps the methods that take args arguments, when any does.
func javaByArity(x *refIndex, ds []int, args int) []int {
	if args < 0 || len(ds) < 2 {
		return ds
	}
	var keep []int
	for _, d := range ds {
		sig := x.Defs[d].Signature
		a := javaArity(sig)
		if a == args || a < 0 || strings.Contains(sig, "...") && args >= 0 {
			keep = append(keep, d)
		}
	}
	if len(keep) == 0 {
		return ds
	}
	return keep
}

// javaNoDispatch reports whether a call through qualifier q runs the
// method it names and no override: super.m(), Named.super.m().
func javaNoDispatch(q string) bool { return q == "super" || strings.HasSuffix(q, ".super") }

// javaMembersOf is the members named name of classes cls (and bases),
// methods for a call, the rest otherwise.
func javaMembersOf(x *refIndex, cls []int, r langRef, bases func(int) []int) []int {
	var out []int
	for _, m := range x.members(cls, r.Name, bases) {
		if javaIsMethod(x.Defs[m].Kind) == (r.Kind == "call") {
			out = append(out, m)
		}
	}
	if r.Kind == "call" {
		out = javaByArity(x, out, r.Args)
	}
	return out
}

// javaFieldType reads a field's type from its signature ("private final
// Node<E> next" is Node).
func javaFieldType(sig, name string) string {
	if i := strings.IndexByte(sig, '='); i >= 0 {
		sig = sig[:i]
	}
	f := strings.Fields(sig)
	for i := len(f) - 1; i > 0; i-- {
		if strings.TrimRight(f[i], ";,") == name {
			return code.TypeName(f[i-1])
		}
	}
	return ""
}

// javaQualifierClasses resolves what a qualifier's value is an instance
// (or, for a type name, the class) of.
func javaQualifierClasses(x *refIndex, f *refFile, r langRef, bases func(int) []int) []int {
	switch {
	case r.Qualifier == "this":
		return javaEnclosing(x, f, r.Class, int(r.Row)+1)[:min(1, len(javaEnclosing(x, f, r.Class, int(r.Row)+1)))]
	case r.Qualifier == "super":
		var out []int
		for _, c := range javaEnclosing(x, f, r.Class, int(r.Row)+1)[:min(1, len(javaEnclosing(x, f, r.Class, int(r.Row)+1)))] {
			out = append(out, superclasses(x, c, bases)...)
		}
		return out
	case r.QualType == "?":
		return nil
	case r.QualType != "":
		return javaType(x, f, r.QualType)
	}
	parts := strings.Split(r.Qualifier, ".")
	var cur []int
	switch {
	case r.RootType == "?":
		return nil
	case r.RootType != "":
		cur = javaType(x, f, r.RootType)
		if parts[0] == "this" {
			cur = javaEnclosing(x, f, r.Class, int(r.Row)+1)
		}
	default:
		// A type (static access), or a field of an enclosing class.
		cur = javaType(x, f, parts[0])
		if len(cur) == 0 {
			for _, c := range javaEnclosing(x, f, r.Class, int(r.Row)+1) {
				for _, m := range x.members([]int{c}, parts[0], bases) {
					if !javaIsMethod(x.Defs[m].Kind) {
						if t := javaFieldType(x.Defs[m].Signature, parts[0]); t != "" {
							cur = javaType(x, x.file(x.Defs[m].Path), t)
						}
					}
				}
				if len(cur) > 0 {
					break
				}
			}
		}
		if len(cur) == 0 && len(parts) > 1 {
			// A package-qualified type: java.util.Map.Entry.
			for i := len(parts) - 1; i >= 1 && len(cur) == 0; i-- {
				if ds := javaQualifiedType(x, strings.Join(parts[:i], "."), parts[i]); len(ds) > 0 {
					cur = ds
					parts = append([]string{"T"}, parts[i+1:]...)
				}
			}
		}
	}
	for _, p := range parts[1:] {
		var next []int
		if p == "this" {
			// Outer.this: the enclosing instance of class Outer (JLS
			// 15.8.4), whose members are Outer's. Read as a member
			// named "this", it left Grid.this.size() ambiguous between
			// Grid's size() and the inner class's.
			continue
		}
		if p == "super" {
			// Named.super.m(): interface Named's own method; Outer.super.m():
			// that of enclosing class Outer's superclass (JLS 15.12.1).
			for _, c := range cur {
				if x.Defs[c].Kind == "interface" {
					next = append(next, c)
				} else {
					next = append(next, superclasses(x, c, bases)...)
				}
			}
			cur = next
			continue
		}
		for _, c := range cur {
			if ts := javaNested(x, c, p); len(ts) > 0 {
				next = append(next, ts...)
				continue
			}
			for _, m := range x.members([]int{c}, p, bases) {
				if javaIsMethod(x.Defs[m].Kind) {
					continue
				}
				if t := javaFieldType(x.Defs[m].Signature, p); t != "" {
					next = append(next, javaType(x, x.file(x.Defs[m].Path), t)...)
				}
			}
		}
		cur = classesOf(x, next)
		if len(cur) == 0 {
			return nil
		}
	}
	return classesOf(x, cur)
}

func javaTypeOf(x *refIndex) func(f *refFile, r langRef) []int {
	return func(f *refFile, r langRef) []int { return javaTypeRef(x, f, r) }
}

// javaConstructors is the constructors of classes cls that take args
// arguments.
func javaConstructors(x *refIndex, cls []int, args int) []int {
	var out []int
	for _, c := range cls {
		for _, d := range x.named(x.Defs[c].Name) {
			if x.Defs[d].Parent == c && x.Defs[d].Kind == "constructor" {
				out = append(out, d)
			}
		}
	}
	return javaByArity(x, out, args)
}

// resolveJava resolves one Java reference.
func resolveJava(x *refIndex, f *refFile, r langRef) resolution {
	typeOf := javaTypeOf(x)
	bases := func(c int) []int { return x.basesOf(c, typeOf) }
	switch {
	case r.Qualifier == "this()" || r.Qualifier == "super()":
		// this(...) / super(...)
		cls := javaType(x, f, r.Name)
		if cs := javaConstructors(x, cls, r.Args); len(cs) > 0 {
			return x.verdict(cs)
		}
		return x.verdict(cls)
	case r.Kind == "import":
		if ds := javaQualifiedType(x, r.Qualifier, r.Name); len(ds) > 0 {
			return x.verdict(ds)
		}
		// import static a.b.C.m: a member of C.
		p, c, _ := cutLast(r.Qualifier)
		return x.verdict(x.members(javaQualifiedType(x, p, c), r.Name, nil))
	case r.Kind == "type" || r.Kind == "inherit":
		ds := javaTypeRef(x, f, r)
		if len(ds) == 0 && r.Qualifier == "" {
			ds = javaInheritedType(x, f, r, bases)
		}
		return x.verdict(ds)
	case r.Qualifier == "new":
		// new C(...): the constructor its arguments pick (the class itself
		// is a separate reference of kind type).
		return x.verdict(javaConstructors(x, javaTypeOrInherited(x, f, r, bases), r.Args))
	case r.Qualifier == "":
		encl := javaEnclosing(x, f, r.Class, int(r.Row)+1)
		for _, c := range encl {
			if ms := javaMembersOf(x, []int{c}, r, bases); len(ms) > 0 {
				if r.Kind == "call" {
					return x.withOverrides(x.verdict(ms), bases)
				}
				return x.verdict(ms)
			}
		}
		var out []int
		for _, im := range f.Refs.Imports {
			if im.Static && (im.Local == r.Name || im.Local == "*") {
				p, c, _ := cutLast(im.Path)
				if im.Local == "*" {
					p, c, _ = cutLast(im.Path)
				}
				out = append(out, javaMembersOf(x, javaQualifiedType(x, p, c), r, bases)...)
			}
		}
		if len(out) > 0 {
			return x.verdict(out)
		}
		if r.Kind != "call" {
			return x.verdict(javaTypeOrInherited(x, f, r, bases))
		}
		return resolution{}
	}
	cls := javaQualifierClasses(x, f, r, bases)
	if len(cls) > 0 {
		if ms := javaMembersOf(x, cls, r, bases); len(ms) > 0 {
			if r.Kind == "call" && !javaNoDispatch(r.Qualifier) {
				return x.withOverrides(x.verdict(ms), bases)
			}
			return x.verdict(ms)
		}
		// A nested type reached through its outer class.
		{
			var nested []int
			for _, c := range cls {
				nested = append(nested, javaNested(x, c, r.Name)...)
			}
			if len(nested) > 0 {
				return x.verdict(nested)
			}
		}
	}
	call := r.Kind == "call"
	list := "fields"
	if call {
		list = "methods"
	}
	keep := x.membersMemo(f.Language, r.Name, list, func() []int {
		var keep []int
		for _, d := range x.anyMember(f.Language, r.Name) {
			if javaIsMethod(x.Defs[d].Kind) == call {
				keep = append(keep, d)
			}
		}
		return keep
	})
	if len(keep) == 0 {
		return resolution{}
	}
	return resolution{Defs: keep, Confidence: "ambiguous"}
}

// javaInheritedType finds a type named like r among the nested types of
// the enclosing classes' bases (a subclass of Striped64 writes Cell).
func javaInheritedType(x *refIndex, f *refFile, r langRef, bases func(int) []int) []int {
	seen := map[int]bool{}
	var queue []int
	for _, c := range javaEnclosing(x, f, r.Class, int(r.Row)+1) {
		queue = append(queue, bases(c)...)
	}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if seen[c] || len(seen) > 32 {
			continue
		}
		seen[c] = true
		if ds := javaNested(x, c, r.Name); len(ds) > 0 {
			return ds
		}
		queue = append(queue, bases(c)...)
	}
	return nil
}

func javaTypeOrInherited(x *refIndex, f *refFile, r langRef, bases func(int) []int) []int {
	if ds := javaType(x, f, r.Name); len(ds) > 0 {
		return ds
	}
	return javaInheritedType(x, f, r, bases)
}

func isUpper(s string) bool { return s != "" && s[0] >= 'A' && s[0] <= 'Z' }
