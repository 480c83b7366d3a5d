package index

import (
	"path"
	"strings"

	"github.com/treenav/treenav/parsers/code"
)

// esExtensions are tried, in order, after a module specifier without
// one, and after /index.
var esExtensions = []string{".ts", ".tsx", ".d.ts", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"}

// esModuleFiles returns the file an ES module specifier names from the
// file at from: a relative path with or without its extension (a ".js"
// written for a ".ts" source too), a directory's index file; a bare
// specifier is looked up as a path inside the tree with its first parts
// dropped (a package's own name, a tsconfig paths alias like "@/" or
// "~/"), then as the package's index.
func esModuleFiles(x *refIndex, from, spec string) []string {
	if spec == "" {
		return nil
	}
	try := func(p string) []string {
		if x.file(p) != nil && p != from {
			return []string{p}
		}
		stem := p
		for _, e := range []string{".js", ".jsx", ".mjs", ".cjs"} {
			if s, ok := strings.CutSuffix(p, e); ok {
				stem = s
				break
			}
		}
		for _, e := range esExtensions {
			if x.file(stem+e) != nil {
				return []string{stem + e}
			}
		}
		for _, e := range esExtensions {
			if x.file(p+"/index"+e) != nil {
				return []string{p + "/index" + e}
			}
		}
		return nil
	}
	if strings.HasPrefix(spec, ".") {
		return try(joinRel(path.Dir(from), spec))
	}
	if strings.HasPrefix(spec, "/") {
		return try(strings.TrimPrefix(path.Clean(spec), "/"))
	}
	// Bare: drop leading parts until the rest names a file in the tree,
	// a file before a directory's index, as module resolution tries
	// them ('DayPicker' under a baseUrl is src/DayPicker.tsx, not
	// src/contexts/DayPicker/index.ts).
	parts := strings.Split(spec, "/")
	for i := 0; i < len(parts); i++ {
		rest := strings.Join(parts[i:], "/")
		if rest == "" {
			continue
		}
		for _, form := range []string{"", "/index"} {
			for _, e := range esExtensions {
				if fs := x.filesEnding(rest + form + e); len(fs) == 1 {
					return fs
				}
			}
		}
	}
	// The package itself: its index at the tree's root.
	if len(parts) == 1 || strings.HasPrefix(spec, "@") && len(parts) == 2 {
		for _, e := range esExtensions {
			if x.file("index"+e) != nil {
				return []string{"index" + e}
			}
		}
	}
	return nil
}

// esExport finds what a module file exports under name: its own
// top-level definition, an alias in its export list, a re-export
// (export {a as name} from, export * from), or an import it exports again.
func esExport(x *refIndex, file, name string, depth int) []int {
	f := x.file(file)
	if f == nil || depth > 6 {
		return nil
	}
	// module.exports = X: the module's value is X, its members are X's.
	for _, im := range f.Refs.Imports {
		if im.Export && im.Local == "=" {
			var out []int
			for _, d := range x.topLevel(file, im.Name) {
				if im.Name == name {
					out = append(out, d)
				} else {
					out = append(out, x.members([]int{d}, name, nil)...)
				}
			}
			return out
		}
	}
	// export { local as name }
	for _, im := range f.Refs.Imports {
		if im.Export && im.Local == name {
			if im.Path == "" {
				return esLocal(x, f, im.Name, depth)
			}
			var out []int
			for _, m := range esModuleFiles(x, file, im.Path) {
				out = append(out, esExport(x, m, im.Name, depth+1)...)
			}
			return out
		}
	}
	if ds := esLocal(x, f, name, depth); len(ds) > 0 {
		return ds
	}
	var out []int
	for _, im := range f.Refs.Imports {
		if im.Export && im.Local == "*" {
			for _, m := range esModuleFiles(x, file, im.Path) {
				out = append(out, esExport(x, m, name, depth+1)...)
			}
		}
	}
	return out
}

// esLocal resolves a name used in file f: its own top-level definition,
// else the import that binds it.
func esLocal(x *refIndex, f *refFile, name string, depth int) []int {
	if ds := esImported(x, f, name, depth); len(ds) > 0 {
		return ds
	}
	if ds := x.topLevel(f.Path, name); len(ds) > 0 {
		return ds
	}
	// A function declared inside another, called from there.
	var nested []int
	for _, d := range x.inFile(f.Path, name) {
		if p := x.Defs[d].Parent; p >= 0 && !isClassKind(x.Defs[p].Kind) && x.Defs[d].Kind == "function" {
			nested = append(nested, d)
		}
	}
	return nested
}

// esImported resolves a name file f binds by an import or require.
func esImported(x *refIndex, f *refFile, name string, depth int) []int {
	var out []int
	for _, im := range f.Refs.Imports {
		if im.Export || im.Local != name {
			continue
		}
		for _, m := range esModuleFiles(x, f.Path, im.Path) {
			switch im.Name {
			case "":
				// A CommonJS module bound whole: what it assigns to
				// module.exports, under whatever name the binding has.
				out = append(out, esModuleValue(x, m, name, depth+1)...)
			case "default":
				out = append(out, esDefault(x, m, name, depth+1)...)
			default:
				out = append(out, esExport(x, m, im.Name, depth+1)...)
			}
		}
	}
	return out
}

// esModuleValue is what a module bound whole (x = require('m')) is: the
// definition it assigns to module.exports whatever the binding's name
// (var isFunction = require('./isFunction.js') binds isFunction$1 when
// that module says module.exports = isFunction$1), else its export named
// like the binding.
func esModuleValue(x *refIndex, file, local string, depth int) []int {
	f := x.file(file)
	if f == nil || depth > 6 {
		return nil
	}
	for _, im := range f.Refs.Imports {
		if im.Export && im.Local == "=" {
			if ds := x.topLevel(file, im.Name); len(ds) > 0 {
				return ds
			}
			// module.exports = require('./other'): that module's value.
			if ds := esImported(x, f, im.Name, depth); len(ds) > 0 {
				return ds
			}
			break
		}
	}
	return esExport(x, file, local, depth)
}

// esWholeBinding: import reference r binds a module whole
// (x = require('m'), import x = require('m')).
func esWholeBinding(f *refFile, r langRef) bool {
	for _, im := range f.Refs.Imports {
		if im.Local == r.Name && im.Path == r.Qualifier && im.Name == "" && !im.Export {
			return true
		}
	}
	return false
}

// esDefault is a module's default export: a definition whose signature
// says "export default", or one named like the importing binding.
func esDefault(x *refIndex, file, local string, depth int) []int {
	f := x.file(file)
	if f == nil {
		return nil
	}
	if f.Default != "" {
		for _, d := range x.topLevel(file, f.Default) {
			if strings.HasPrefix(x.Defs[d].Signature, "export default") {
				return []int{d}
			}
		}
	}
	for _, d := range f.Defs {
		if x.Defs[d].Parent < 0 && strings.HasPrefix(x.Defs[d].Signature, "export default") {
			return []int{d}
		}
	}
	// export default x; export {x as default}.
	if ds := esExport(x, file, "default", depth); len(ds) > 0 {
		return ds
	}
	return esExport(x, file, local, depth)
}

// esDefaultBinding: import reference r is the binding of a module's
// default export (import X from 'm', export {default as X} from 'm').
func esDefaultBinding(f *refFile, r langRef) bool {
	for _, im := range f.Refs.Imports {
		if im.Local == r.Name && im.Path == r.Qualifier && im.Name == "default" {
			return true
		}
	}
	return false
}

// esNamespace returns the module files a qualifier names through a
// namespace import (import * as ns) or a whole-module require.
func esNamespace(x *refIndex, f *refFile, q string) []string {
	for _, im := range f.Refs.Imports {
		if im.Local == q && im.Name == "" && !im.Export {
			ms := esModuleFiles(x, f.Path, im.Path)
			// A CommonJS module whose value is a function or class
			// (module.exports = Base): Base.x is that value's member,
			// resolved as a qualified name, not an export of the module.
			for _, m := range ms {
				if mf := x.file(m); mf != nil {
					for _, e := range mf.Refs.Imports {
						if e.Export && e.Local == "=" {
							return nil
						}
					}
				}
			}
			return ms
		}
	}
	return nil
}

func esTypeOf(x *refIndex) func(f *refFile, r langRef) []int {
	return func(f *refFile, r langRef) []int {
		if r.Qualifier != "" {
			var out []int
			for _, m := range esNamespace(x, f, r.Qualifier) {
				out = append(out, esExport(x, m, r.Name, 0)...)
			}
			return out
		}
		return esLocal(x, f, r.Name, 0)
	}
}

// resolveECMAScript resolves one TypeScript or JavaScript reference.
func resolveECMAScript(x *refIndex, f *refFile, r langRef) resolution {
	typeOf := esTypeOf(x)
	bases := func(c int) []int { return x.basesOf(c, typeOf) }
	switch {
	case r.Kind == "import" && r.Qualifier == "":
		// export {a as b}: the file's own a.
		return esVerdict(x, esLocal(x, f, r.Name, 0), r.Kind)
	case r.Kind == "import":
		def, whole := esDefaultBinding(f, r), esWholeBinding(f, r)
		var out []int
		for _, m := range esModuleFiles(x, f.Path, r.Qualifier) {
			if def || r.Name == "default" {
				out = append(out, esDefault(x, m, r.Name, 0)...)
			} else if whole {
				out = append(out, esModuleValue(x, m, r.Name, 0)...)
			} else {
				out = append(out, esExport(x, m, r.Name, 0)...)
			}
		}
		return esVerdict(x, out, r.Kind)
	case r.Qualifier == "super":
		// super.m(): a member of the base classes.
		return superMember(x, f.Language, classesOf(x, x.topLevel(f.Path, r.Class)), r.Name, bases)
	case r.Qualifier == "super()":
		// super(...): the base class's constructor, or the class.
		cls := classesOf(x, esLocal(x, f, r.QualType, 0))
		if cs := x.members(cls, "constructor", bases); len(cs) > 0 {
			return x.verdict(cs)
		}
		return x.verdict(cls)
	case r.Qualifier == "new":
		// new C(...): C's constructor, its bases' when it declares none.
		return x.verdict(x.members(classesOf(x, esLocal(x, f, r.QualType, 0)), "constructor", bases))
	case r.Qualifier == "":
		ds := esLocal(x, f, r.Name, 0)
		if len(ds) == 0 && r.Kind == "other" && r.Class != "" {
			// {@link member} in a class's doc comment.
			ds = x.members(classesOf(x, x.topLevel(f.Path, r.Class)), r.Name, nil)
		}
		v := esVerdict(x, ds, r.Kind)
		if len(ds) > 0 {
			// The file's own variable that binds the import.
			for _, d := range x.topLevel(f.Path, r.Name) {
				if !containsInt(ds, d) {
					v.Also = append(v.Also, d)
				}
			}
		}
		return v
	case strings.HasSuffix(r.Qualifier, "()"):
		// f().m, this.source().m: a member of what the call returns.
		var cls []int
		if typ := esReceiverCall(r.Qualifier, r.RootType); typ != "" {
			cls = esTypeClasses(x, f, typ, r.Class, bases)
		} else if r.RootType != "?" {
			cls = esCallClasses(x, f, strings.TrimSuffix(r.Qualifier, "()"), r.RootType, r.Class, bases, false)
		}
		return esMemberOf(x, f, cls, r.Name, bases, false)
	case r.QualType == "?":
		return unknownReceiver(x, f.Language, r.Name)
	case r.QualType != "":
		cls := esTypeClasses(x, f, r.QualType, r.Class, bases)
		// An object literal's key: no qualifier, its type written
		// where the object is (parsers/code jsObjectKey).
		v := esMemberOf(x, f, cls, r.Name, bases, r.Qualifier == "?" && r.Kind == "write")
		if strings.HasPrefix(r.Qualifier, "<") && v.Confidence == "resolved" {
			// T['k'] through a type parameter's bound (jsLookupType).
			v.Confidence = "ambiguous"
		}
		return v
	case r.RootType != "" && r.RootType != "?" && strings.Contains(r.Qualifier, "."):
		// this.a.b.m(), x.a.m(): follow the declared types of the fields.
		if cls := esFieldPath(x, f, r, bases); len(cls) > 0 {
			if ms := x.members(cls, r.Name, bases); len(ms) > 0 {
				return x.withOverrides(x.verdict(ms), bases)
			}
		}
	case r.Qualifier != "?":
		if ms := esNamespace(x, f, r.Qualifier); len(ms) > 0 {
			var out []int
			for _, m := range ms {
				out = append(out, esExport(x, m, r.Name, 0)...)
			}
			v := x.verdict(out)
			if r.Kind == "call" {
				v.Also = x.members(classesOf(x, out), "constructor", bases)
			}
			return v
		}
		if !strings.ContainsAny(r.Qualifier, ".!") {
			vals := esLocal(x, f, r.Qualifier, 0)
			if cls := classesOf(x, vals); len(cls) > 0 {
				if ms := x.members(cls, r.Name, bases); len(ms) > 0 {
					return x.withOverrides(x.verdict(ms), bases)
				}
			}
			// A function's own properties (Base.consoleLog = ...).
			var fns []int
			for _, v := range vals {
				if x.Defs[v].Kind == "function" {
					fns = append(fns, v)
				}
			}
			if ms := x.members(fns, r.Name, nil); len(ms) > 0 {
				return x.verdict(ms)
			}
		}
	}
	return unknownReceiver(x, f.Language, r.Name)
}

// esFieldPath resolves a dotted qualifier whose first name has a known
// type (r.RootType: the class for this, a typed local's type, a type
// read from a signature) through the declared types of the fields it
// names, to the classes of its value; nil when a field's type is not a
// class of the tree.
func esFieldPath(x *refIndex, f *refFile, r langRef, bases func(int) []int) []int {
	parts := strings.Split(r.Qualifier, ".")
	// The first name's type may be read from a signature too (const s
	// = make(); s.a.m()).
	cur := esTypeClasses(x, f, r.RootType, r.Class, bases)
	for _, p := range parts[1:] {
		if cur = esFieldClasses(x, cur, p, bases); len(cur) == 0 {
			return nil
		}
	}
	return cur
}

// esFieldType reads the type of a field from its signature: the declared
// one ("private source?: Observable<T> | undefined" is Observable), else
// the class of a "= new C()" initializer.
func esFieldType(sig, name string) string {
	i := identIndex(sig, name)
	if i < 0 {
		return ""
	}
	rest := strings.TrimLeft(sig[i+len(name):], "?! \t")
	if t, ok := strings.CutPrefix(rest, ":"); ok {
		if j := strings.IndexAny(t, "=;"); j >= 0 {
			t = t[:j]
		}
		return esNamedType(t) // T | undefined, T | null: T
	}
	if v, ok := strings.CutPrefix(rest, "="); ok {
		v = strings.TrimSpace(v)
		if c, ok := strings.CutPrefix(v, "new "); ok {
			if j := strings.IndexAny(c, "(<"); j >= 0 {
				return code.TypeName(c[:j])
			}
		}
	}
	return ""
}

func esIdentByte(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
