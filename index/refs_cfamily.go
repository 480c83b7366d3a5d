package index

import (
	"path"
	"slices"
	"strings"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/parsers/code"
)

// The C and C++ resolver narrows the definitions of a reference's name
// (in C and C++ files alike: a header is either) with what its file says.
// A function declared in a header and defined in a source file is one
// entity: the definition stands for both. A member reached through a
// value of a known type (this, a typed local or parameter, a field of the
// class) is that class's; a qualified name (ns::f, C::m) names the
// definitions whose namespaces and classes end with its qualifier; an
// unqualified name in a class is first one of that class's members; then
// the file's own definition, then one in the headers it includes, then
// any of that name. A call picks the overloads its argument count fits.
// Base classes are not followed: a method a class inherits stays
// ambiguous among the methods of that name.
func init() {
	refAnswerers["c"] = guessAnswerer(cResolve)
	refAnswerers["cpp"] = guessAnswerer(cResolve)
}

func cResolve(q *refQuery, d *docMeta, r *treenav.Reference) ([]nodeRef, bool) {
	qt, rt, args := code.DecodeQualType(r.QualType)
	key := cCandKey{r.Name, d.Collection, r.Kind == treenav.RefType || r.Kind == treenav.RefInherit, args}
	cands := q.cCandidates(key)
	if len(cands) == 0 {
		return nil, false
	}
	switch {
	case strings.HasPrefix(qt, "@"):
		if out, _ := q.cTypedMembers(key, cands, qt); len(out) > 0 {
			return nearest(q, d, out), false
		}
	case qt != "" && qt != "?":
		out, guess := q.cTypedMembers(key, cands, qt)
		return nearest(q, d, out), guess
	case qt == "?" || rt != "":
		return keepRefs(q, cands, func(n nodeMeta, _ *docMeta) bool { return isMemberNode(n) }), true
	case r.Qualifier != "":
		segs := strings.Split(r.Qualifier, "::")
		if im := importNamed(d, segs[0]); im != nil && im.Name == "" {
			// namespace fs = std::filesystem;
			segs = append(strings.Split(im.Path, "::"), segs[1:]...)
		}
		return keepRefs(q, cands, func(n nodeMeta, _ *docMeta) bool { return hasSuffix(qualifiedParent(n), segs) }), false
	}
	if out := keepRefs(q, cands, func(n nodeMeta, _ *docMeta) bool { return !isMemberNode(n) }); len(out) > 0 {
		cands = out
	}
	if out := keepRefs(q, cands, func(_ nodeMeta, cd *docMeta) bool { return cd == d }); len(out) > 0 {
		return out, false
	}
	incs := q.includes(d)
	if out := keepRefs(q, cands, func(_ nodeMeta, cd *docMeta) bool { return incs.has(cd.Path) }); len(out) > 0 {
		return out, false
	}
	return cands, false
}

// cCandKey is what the candidates of a C or C++ reference depend on
// before its qualifier and file are read.
type cCandKey struct {
	name, collection string
	typeName         bool
	args             int
}

// cCandidates are the definitions a C or C++ reference called name in
// collection may reach by its name, kind (a type name: the classes) and
// argument count: the C family's definitions so named, a declaration
// replaced by its definition (definitionsOf), those whose arity fits
// (byArity). Every reference of a name asks the same, so a query keeps
// the answers: a references request for a member named size resolved
// each of its thousands of uses from the hundreds of definitions of
// size again. The caller gets its own copy.
func (q *refQuery) cCandidates(key cCandKey) []nodeRef {
	name, collection, typeName, args := key.name, key.collection, key.typeName, key.args
	if out, ok := q.cCands[key]; ok {
		return slices.Clone(out)
	}
	var cands []nodeRef
	for _, c := range q.named(name) {
		_, n, cd := q.node(c)
		if sameFamily(languageOf(cd, n), "cfamily") && cd.Collection == collection {
			cands = append(cands, c)
		}
	}
	cands = definitionsOf(q, cands)
	if typeName && len(cands) > 0 {
		// A type name: the class, not its constructor.
		if out := keepRefs(q, cands, func(n nodeMeta, _ *docMeta) bool {
			return isClassKind(string(n.kind())) || n.kind() == treenav.KindNamespace
		}); len(out) > 0 {
			cands = out
		}
	}
	cands = byArity(q, cands, name, args)
	if q.cCands == nil {
		q.cCands = map[cCandKey][]nodeRef{}
	}
	q.cCands[key] = cands
	return slices.Clone(cands)
}

// cTypedKey is what cTypedMembers' answers are kept by: the candidates'
// key and the receiver type (qt, "@T" for a member of the class T).
type cTypedKey struct {
	cands cCandKey
	qt    string
}

type cTypedHit struct {
	out   []nodeRef
	guess bool
}

// cTypedMembers is the members of the receiver type qt among cands (the
// candidates of key): typedMembers, or for "@T" (a member of the class
// T it is in) the candidates whose parent is T. It is answered once a
// query for each key and type: a common member's references ("size" in
// libstdc++'s headers, thousands, most through a few types) each tested
// the same hundreds of candidates.
func (q *refQuery) cTypedMembers(key cCandKey, cands []nodeRef, qt string) ([]nodeRef, bool) {
	k := cTypedKey{key, qt}
	if h, ok := q.cTyped[k]; ok {
		return slices.Clone(h.out), h.guess
	}
	var h cTypedHit
	if t, ok := strings.CutPrefix(qt, "@"); ok {
		h.out = q.keepParent(cands, t)
	} else {
		h.out, h.guess = typedMembers(q, cands, qt, "cfamily")
	}
	if q.cTyped == nil {
		q.cTyped = map[cTypedKey]cTypedHit{}
	}
	q.cTyped[k] = h
	return slices.Clone(h.out), h.guess
}

// definitionsOf replaces a declaration whose definition is among cands
// (a prototype and its body, a method declared in its class and defined
// out of it) by that definition, and their twins by one of them.
func definitionsOf(q *refQuery, cands []nodeRef) []nodeRef {
	if len(cands) < 2 {
		return cands
	}
	defined := map[string]bool{}
	for _, c := range cands {
		if _, n, _ := q.node(c); !n.decl {
			defined[qualifiedName(n)+"\x00"+string(n.kind())] = true
		}
	}
	if len(defined) == 0 {
		return cands
	}
	return keepRefs(q, cands, func(n nodeMeta, _ *docMeta) bool {
		return !n.decl || !defined[qualifiedName(n)+"\x00"+string(n.kind())]
	})
}

// qualifiedParent are the namespaces and classes of a definition.
func qualifiedParent(n nodeMeta) []string {
	qn := qualifiedName(n)
	i := strings.LastIndexByte(qn, '.')
	if i < 0 {
		return nil
	}
	return strings.Split(qn[:i], ".")
}

// includeSet are the paths a file's #include lines may name.
type includeSet struct {
	exact []string // resolved against the including file's directory
	tails []string // "/"+path, anywhere in the tree
}

func includedPaths(d *docMeta) includeSet {
	var s includeSet
	dir := path.Dir(d.Path)
	for _, im := range docImports(d) {
		if im.Path == "" || im.Alias != "" || im.Name != "" {
			continue // a using declaration
		}
		s.exact = append(s.exact, path.Clean(path.Join(dir, im.Path)))
		s.tails = append(s.tails, "/"+strings.TrimLeft(path.Clean(im.Path), "./"))
	}
	return s
}

// includes is includedPaths(d), made once a query.
func (q *refQuery) includes(d *docMeta) includeSet {
	if s, ok := q.incs[d]; ok {
		return s
	}
	if q.incs == nil {
		q.incs = map[*docMeta]includeSet{}
	}
	s := includedPaths(d)
	q.incs[d] = s
	return s
}

func (s includeSet) has(p string) bool {
	for _, e := range s.exact {
		if p == e {
			return true
		}
	}
	for _, t := range s.tails {
		// "/"+p ends with t (which starts with "/"), without making
		// "/"+p: find_references checked every candidate's path against
		// every include of each reference's file, a string a check.
		if p == t[1:] || strings.HasSuffix(p, t) {
			return true
		}
	}
	return false
}

// nearest keeps, of several definitions, those in the file itself, else
// those in the headers it includes, else all (two classes of one name:
// a template and its specialization, vector and vector<bool>).
func nearest(q *refQuery, d *docMeta, cands []nodeRef) []nodeRef {
	if len(cands) < 2 {
		return cands
	}
	if out := keepRefs(q, cands, func(_ nodeMeta, cd *docMeta) bool { return cd == d }); len(out) > 0 {
		return out
	}
	incs := q.includes(d)
	if out := keepRefs(q, cands, func(_ nodeMeta, cd *docMeta) bool { return incs.has(cd.Path) }); len(out) > 0 {
		return out
	}
	return cands
}

// byArity keeps, of several functions, those a call with args arguments
// fits (default arguments and variadics counted), when any does; a
// signature it cannot read fits any call.
func byArity(q *refQuery, cands []nodeRef, name string, args int) []nodeRef {
	if args < 0 || len(cands) < 2 {
		return cands
	}
	if out := keepRefs(q, cands, func(n nodeMeta, _ *docMeta) bool {
		lo, hi, ok := cArity(n.signatureView(), name)
		return !ok || lo <= args && args <= hi
	}); len(out) > 0 {
		return out
	}
	return cands
}

// cArity reads how many arguments a C or C++ signature (or a function-like
// macro's) takes: at least lo, at most hi (a large number for "...").
func cArity(sig, name string) (lo, hi int, ok bool) {
	i := -1
	for from := 0; ; {
		k := strings.Index(sig[from:], name)
		if k < 0 {
			break
		}
		j := from + k + len(name)
		for j < len(sig) && (sig[j] == ' ' || sig[j] == '\t') {
			j++
		}
		if b := from + k - 1; j < len(sig) && sig[j] == '(' && (b < 0 || !cIdentByte(sig[b])) {
			i = j
			break
		}
		from = from + k + len(name)
	}
	if i < 0 {
		return 0, 0, false
	}
	depth := 0
	start := i + 1
	var params []string
	for j := i + 1; j < len(sig); j++ {
		switch sig[j] {
		case '(', '<', '[', '{':
			depth++
		case ')', '>', ']', '}':
			if depth > 0 {
				depth--
				continue
			}
			if sig[j] != ')' {
				continue
			}
			params = append(params, sig[start:j])
			lo, hi = 0, 0
			for _, p := range params {
				p = strings.TrimSpace(p)
				switch {
				case p == "" || p == "void":
					if len(params) > 1 {
						return 0, 0, false
					}
				case strings.HasSuffix(p, "..."), strings.Contains(p, "...") && !strings.Contains(p, "="):
					hi = 1 << 20
				case strings.Contains(p, "="):
					hi++
				default:
					lo++
					hi++
				}
			}
			return lo, max(hi, lo), true
		case ',':
			if depth == 0 {
				params = append(params, sig[start:j])
				start = j + 1
			}
		}
	}
	return 0, 0, false
}

func cIdentByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
