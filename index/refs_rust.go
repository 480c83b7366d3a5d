package index

import (
	"strings"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/parsers/code"
)

// Rust's resolver narrows the definitions of a reference's name with what
// its file says: a method or field reached through a value of a known
// type (self, Self, a typed local, a struct field) is that type's; a path
// (a::b::f, Type::f) names the definitions whose module path (the file's
// path under src/, then its inline modules and impl types) ends with it;
// an unqualified name is the file's own definition first, then the one its
// use declarations import (a use path, an alias, a glob), then any
// function or type of that name. Traits are not followed: a method called
// on a type that only gets it from a trait stays ambiguous among the
// methods of that name.
func init() { refAnswerers["rust"] = guessAnswerer(rustResolve) }

// guessAnswerer adapts a resolver that says when its answer is a guess (a
// member reached through a value of unknown type: its one candidate may
// be another library's method) to refAnswerers: a guess is never more than
// ambiguous.
func guessAnswerer(resolve func(q *refQuery, d *docMeta, r *treenav.Reference) ([]nodeRef, bool)) func(q *refQuery, si int, d *docMeta, r *treenav.Reference) refAnswer {
	return func(q *refQuery, _ int, d *docMeta, r *treenav.Reference) refAnswer {
		if r.Textual {
			return refAnswer{}
		}
		defs, guess := resolve(q, d, r)
		return refAnswer{defs: defs, sure: len(defs) == 1 && !guess}
	}
}

// rustExternal are the path roots that name no crate of the index.
var rustExternal = map[string]bool{"std": true, "core": true, "alloc": true}

func rustResolve(q *refQuery, d *docMeta, r *treenav.Reference) ([]nodeRef, bool) {
	cands := q.nameCandidates(d, r)
	if len(cands) == 0 {
		return nil, false
	}
	qt, rt, _ := code.DecodeQualType(r.QualType)
	switch {
	case qt != "" && qt != "?":
		return typedMembers(q, cands, qt, "rust")
	case qt == "?" || rt != "":
		return keepRefs(q, cands, func(n nodeMeta, _ *docMeta) bool { return isMemberNode(n) }), true
	case r.Qualifier != "":
		segs := rustPathSegs(r.Qualifier)
		if len(segs) > 0 {
			if im := importNamed(d, segs[0]); im != nil && im.Name != "*" {
				segs = append(append(rustPathSegs(im.Path), im.Name), segs[1:]...)
			}
		}
		if len(segs) > 0 && rustExternal[segs[0]] {
			return nil, false
		}
		if len(segs) > 0 {
			if out := keepRefs(q, cands, func(n nodeMeta, cd *docMeta) bool { return hasSuffix(rustParent(cd, n), segs) }); len(out) > 0 {
				return out, false
			}
			// crate_name::f from the crate's tests and examples.
			segs = segs[1:]
			if len(segs) > 0 {
				return keepRefs(q, cands, func(n nodeMeta, cd *docMeta) bool { return hasSuffix(rustParent(cd, n), segs) }), false
			}
		}
	}
	// A bare name (or crate::f, super::f, krate::f): never a method.
	cands = keepRefs(q, cands, func(n nodeMeta, _ *docMeta) bool { return !isMemberNode(n) })
	if out := keepRefs(q, cands, func(_ nodeMeta, cd *docMeta) bool { return cd == d }); len(out) > 0 {
		return out, false
	}
	if r.Qualifier == "" {
		if im := importNamed(d, r.Name); im != nil {
			segs := rustPathSegs(im.Path)
			if len(segs) > 0 && rustExternal[segs[0]] {
				return nil, false
			}
			if out := keepRefs(q, cands, func(n nodeMeta, cd *docMeta) bool { return hasSuffix(rustParent(cd, n), segs) }); len(out) > 0 {
				return out, false
			}
		}
		var globbed []nodeRef
		for _, im := range docImports(d) {
			if im.Name != "*" {
				continue
			}
			segs := rustPathSegs(im.Path)
			if len(segs) == 0 {
				continue
			}
			globbed = append(globbed, keepRefs(q, cands, func(n nodeMeta, cd *docMeta) bool { return hasSuffix(rustParent(cd, n), segs) })...)
		}
		if len(globbed) > 0 {
			return dedupeRefs(globbed), false
		}
	}
	return cands, false
}

// rustPathSegs splits a path as written into its names, without the
// leading crate, self and super and any generic arguments.
func rustPathSegs(p string) []string {
	var out []string
	for _, s := range strings.Split(p, "::") {
		if i := strings.IndexByte(s, '<'); i >= 0 {
			s = s[:i]
		}
		s = strings.TrimSpace(s)
		if s == "" || len(out) == 0 && (s == "crate" || s == "self" || s == "super" || s == "$crate") {
			continue
		}
		out = append(out, s)
	}
	return out
}

// rustModule is the module path of a file: src/a/b.rs and src/a/b/mod.rs
// are a::b, src/lib.rs and src/main.rs the crate's root.
func rustModule(p string) []string {
	if i := strings.LastIndex(p, "src/"); i >= 0 && (i == 0 || p[i-1] == '/') {
		p = p[i+4:]
	}
	p = strings.TrimSuffix(p, ".rs")
	segs := strings.Split(p, "/")
	switch segs[len(segs)-1] {
	case "mod", "lib", "main":
		segs = segs[:len(segs)-1]
	}
	return segs
}

// rustParent is the path a definition is reached by, without its name:
// its file's module, then its inline modules and impl type.
func rustParent(d *docMeta, n nodeMeta) []string {
	segs := rustModule(d.Path)
	qn := qualifiedName(n)
	if i := strings.LastIndexByte(qn, '.'); i >= 0 {
		segs = append(segs, strings.Split(qn[:i], ".")...)
	}
	return segs
}

// hasSuffix tells whether path ends with the names of suffix.
func hasSuffix(path, suffix []string) bool {
	if len(suffix) > len(path) {
		return false
	}
	for i := range suffix {
		if path[len(path)-len(suffix)+i] != suffix[i] {
			return false
		}
	}
	return true
}

// isMemberNode: a method, field or constructor of a type.
func isMemberNode(n nodeMeta) bool {
	switch n.kind() {
	case treenav.KindMethod, treenav.KindField, treenav.KindConstructor, treenav.KindProperty:
		return true
	}
	return false
}

// typedMembers are the candidates that are members of type typ (their
// parent's name); when none is, the members of any type if typ is one of
// the index's types (a trait's or a base class's method: a guess), else
// none (a type of another library).
func typedMembers(q *refQuery, cands []nodeRef, typ, family string) ([]nodeRef, bool) {
	out := q.keepParent(cands, typ)
	if len(out) > 0 {
		return out, false
	}
	for _, c := range q.named(typ) {
		_, n, cd := q.node(c)
		if isClassKind(string(n.kind())) && sameFamily(languageOf(cd, n), family) {
			return keepRefs(q, cands, func(n nodeMeta, _ *docMeta) bool { return isMemberNode(n) }), true
		}
	}
	return nil, false
}

// parentName is the last name of a node's qualified parent ("Client" of
// net.Client.send), "" at the top.
func parentName(n nodeMeta) string {
	qn := qualifiedName(n)
	i := strings.LastIndexByte(qn, '.')
	if i < 0 {
		return ""
	}
	qn = qn[:i]
	return qn[strings.LastIndexByte(qn, '.')+1:]
}

// keepParent keeps the candidates whose parentName is typ. Each
// candidate's parent is read once a query: a common member name's
// references ("size" in libstdc++'s headers, thousands) each tested the
// same hundreds of candidates, a qualified name cut twice a test.
func (q *refQuery) keepParent(cands []nodeRef, typ string) []nodeRef {
	if q.parents == nil {
		q.parents = map[nodeRef]string{}
	}
	var out []nodeRef
	for _, c := range cands {
		p, ok := q.parents[c]
		if !ok {
			_, n, _ := q.node(c)
			p = parentName(n)
			q.parents[c] = p
		}
		if p == typ {
			out = append(out, c)
		}
	}
	return out
}

// sameFamily: C and C++ share their definitions (a header is either).
func sameFamily(lang, family string) bool {
	if family == "cfamily" {
		return lang == "c" || lang == "cpp"
	}
	return lang == family
}

// keepRefs filters candidates by their node and document.
func keepRefs(q *refQuery, cands []nodeRef, keep func(n nodeMeta, d *docMeta) bool) []nodeRef {
	var out []nodeRef
	for _, c := range cands {
		if _, n, cd := q.node(c); keep(n, cd) {
			out = append(out, c)
		}
	}
	return out
}

func dedupeRefs(xs []nodeRef) []nodeRef {
	seen := map[nodeRef]bool{}
	out := xs[:0]
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// docImports are a document's imports.
func docImports(d *docMeta) []treenav.Import {
	if d.refs == nil {
		return nil
	}
	return d.refs.imports()
}

// importNamed is the import that binds name in d (not a glob), nil if none.
func importNamed(d *docMeta, name string) *treenav.Import {
	ims := docImports(d)
	for i := range ims {
		if ims[i].Alias == name && ims[i].Name != "*" {
			return &ims[i]
		}
	}
	return nil
}
