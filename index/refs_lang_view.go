package index

import (
	"sort"
	"strings"
	"sync"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/parsers/code"
)

func init() {
	for lang, resolve := range map[string]func(*refIndex, *refFile, langRef) resolution{
		"python":     resolvePython,
		"typescript": resolveECMAScript,
		"javascript": resolveECMAScript,
		"java":       resolveJava,
	} {
		refAnswerers[lang] = langAnswerer(resolve)
	}
}

// refAnswer is a resolver's answer with its own confidence: a resolver of
// refAnswerers tells a reference it is sure of from one whose single
// candidate is a guess (a member reached through a value of unknown type).
type refAnswer struct {
	// defs are the definitions the reference names, resolved when sure
	// and there is one (or one symbol's declarations), ambiguous
	// otherwise; also are reached as surely (the file's own binding of an
	// import); maybe only ambiguously (overrides in subclasses).
	defs, also, maybe []nodeRef
	sure              bool
}

// refAnswerers are the resolvers that answer with a confidence, by
// document language; they take precedence over refResolvers.
var refAnswerers = map[string]func(q *refQuery, si int, d *docMeta, r *treenav.Reference) refAnswer{}

// all is every definition the answer reaches.
func (a refAnswer) all() []nodeRef {
	return append(append(append([]nodeRef(nil), a.defs...), a.also...), a.maybe...)
}

// confidenceOf is how surely the answer reaches target ("" not at all).
func (a refAnswer) confidenceOf(target nodeRef) treenav.Confidence {
	for _, list := range [][]nodeRef{a.defs, a.also} {
		for _, c := range list {
			if c == target {
				if a.sure {
					return treenav.Resolved
				}
				return treenav.Ambiguous
			}
		}
	}
	for _, c := range a.maybe {
		if c == target {
			return treenav.Ambiguous
		}
	}
	return ""
}

// langAnswerer runs a resolver of refs_lang.go over the view: a refIndex
// per query and language family, fed on demand by viewRefSource.
func langAnswerer(resolve func(*refIndex, *refFile, langRef) resolution) func(q *refQuery, si int, d *docMeta, r *treenav.Reference) refAnswer {
	return func(q *refQuery, si int, d *docMeta, r *treenav.Reference) refAnswer {
		fam := langFamily(d.Language)
		li := q.langIndex(fam)
		f := li.x.file(d.Path)
		if f == nil {
			return refAnswer{}
		}
		lr := langRef{Name: r.Name, Kind: string(r.Kind), Qualifier: r.Qualifier, Row: uint32(max(r.Line-1, 0))}
		lr.QualType, lr.RootType, lr.Args = code.DecodeQualType(r.QualType)
		lr.Class = li.src.classAround(si, d, r.Enclosing)
		res := resolve(li.x, f, lr)
		out := refAnswer{sure: res.Confidence == "resolved"}
		for _, ds := range []struct {
			from []int
			to   *[]nodeRef
		}{{res.Defs, &out.defs}, {res.Also, &out.also}, {res.Via, &out.maybe}} {
			for _, i := range ds.from {
				if i < len(li.src.refs) {
					*ds.to = append(*ds.to, li.src.refs[i])
				}
			}
		}
		return out
	}
}

// langIndexes are a query's resolution indexes by language family.
type langIndexes struct {
	mu sync.Mutex
	m  map[string]*langIndex
}

type langIndex struct {
	x   *refIndex
	src *viewRefSource
}

// langIndex returns the query's resolution index of a language family.
func (q *refQuery) langIndex(fam string) *langIndex {
	q.lang.mu.Lock()
	defer q.lang.mu.Unlock()
	if q.lang.m == nil {
		q.lang.m = map[string]*langIndex{}
	}
	if li := q.lang.m[fam]; li != nil {
		return li
	}
	src := &viewRefSource{q: q, fam: fam, idx: map[nodeRef]int{}}
	x := newRefIndex()
	x.Source, x.Lang, x.noOverrides = src, fam, q.sureOnly
	src.x = x
	li := &langIndex{x: x, src: src}
	q.lang.m[fam] = li
	return li
}

// viewRefSource feeds a refIndex from the view: definitions by name,
// documents by path, paths by suffix.
type viewRefSource struct {
	q    *refQuery
	fam  string
	x    *refIndex
	idx  map[nodeRef]int // definition → its index in x.Defs
	refs []nodeRef       // x.Defs index → definition
}

// langFiles is what a view keeps for the language resolvers: its
// documents of each family by path, and the paths by suffix.
type langFiles struct {
	once     sync.Once
	byPath   map[string]docRef
	bySuffix map[string][]string
	classes  map[string][]nodeRef
}

func (v *view) langFiles() *langFiles {
	lf := &v.refCache.lang
	lf.once.Do(func() {
		lf.byPath = map[string]docRef{}
		lf.bySuffix = map[string][]string{}
		lf.classes = map[string][]nodeRef{}
		for si, s := range v.segs {
			for di := range s.docs {
				d := &s.docs[di]
				fam := langFamily(d.Language)
				if fam == "" || !v.live(si, uint32(di)) {
					continue
				}
				key := fam + "\x00" + d.Path
				if _, dup := lf.byPath[key]; dup {
					continue // another collection's file of the same path
				}
				lf.byPath[key] = docRef{seg: uint32(si), doc: uint32(di)}
				p := d.Path
				for {
					lf.bySuffix[fam+"\x00"+p] = append(lf.bySuffix[fam+"\x00"+p], d.Path)
					i := strings.IndexByte(p, '/')
					if i < 0 {
						break
					}
					p = p[i+1:]
				}
				for ni := d.nodeStart; ni < d.nodeEnd; ni++ {
					if isClassKind(string(s.node(ni).kind())) {
						lf.classes[fam] = append(lf.classes[fam], nodeRef{uint32(si), ni})
					}
				}
			}
		}
		for k := range lf.bySuffix {
			sort.Strings(lf.bySuffix[k])
		}
	})
	return lf
}

// ensure adds definition c (and its parents) to the index.
func (s *viewRefSource) ensure(c nodeRef, add func(refDef) int) int {
	if i, ok := s.idx[c]; ok {
		return i
	}
	seg, n, d := s.q.node(c)
	parent := -1
	if n.parent >= 0 && uint32(n.parent) != d.nodeStart {
		parent = s.ensure(nodeRef{c.seg, uint32(n.parent)}, add)
	}
	_ = seg
	i := add(refDef{Path: d.Path, Name: n.name(), Qualified: qualifiedName(n), Kind: string(n.kind()),
		Signature: n.signature(), Line: int(n.lineStart), End: int(n.lineEnd), Decl: n.decl, Parent: parent})
	s.idx[c] = i
	for len(s.refs) <= i {
		s.refs = append(s.refs, nodeRef{})
	}
	s.refs[i] = c
	return i
}

// Named implements refSource.
func (s *viewRefSource) Named(name string, add func(refDef) int) []int {
	var out []int
	for _, c := range s.q.named(name) {
		_, n, d := s.q.node(c)
		if langFamily(languageOf(d, n)) != s.fam {
			continue
		}
		out = append(out, s.ensure(c, add))
	}
	return out
}

// File implements refSource.
func (s *viewRefSource) File(path string) *refFile {
	lf := s.q.v.langFiles()
	dr, ok := lf.byPath[s.fam+"\x00"+path]
	if !ok {
		return nil
	}
	seg := s.q.v.segs[dr.seg]
	d := &seg.docs[dr.doc]
	f := &refFile{Path: d.Path, Language: s.fam}
	for ni := d.nodeStart + 1; ni < d.nodeEnd; ni++ {
		if n := seg.node(ni); uint32(n.parent) == d.nodeStart && strings.HasPrefix(n.signatureView(), "export default") {
			f.Default = n.name()
			break
		}
	}
	if d.refs != nil {
		// Of a file's references the resolvers read only the inherit
		// ones (basesOf: a class's bases), besides its imports and
		// package: the others, thousands in a big file, are not
		// decoded (every file a query looked at was, whole).
		var refs []treenav.Reference
		for i := range uint32(d.refs.n()) {
			if d.refs.kind(i) == treenav.RefInherit {
				refs = append(refs, d.refs.reference(int(i)))
			}
		}
		f.Refs = decodeLangRefs(refs, d.refs.imports, func(e int) string { return s.classAround(int(dr.seg), d, e) })
	}
	return f
}

// FilesEnding implements refSource.
func (s *viewRefSource) FilesEnding(p string) []string {
	return s.q.v.langFiles().bySuffix[s.fam+"\x00"+p]
}

// Classes implements refSource.
func (s *viewRefSource) Classes(lang string, add func(refDef) int) []int {
	var out []int
	for _, c := range s.q.v.langFiles().classes[s.fam] {
		out = append(out, s.ensure(c, add))
	}
	return out
}

// subclassTable is a view's subclass relation by language family: each
// class to the classes that name it as a base, built once by the first
// query that asks.
type subclassTable struct {
	mu    sync.Mutex
	byFam map[string]map[nodeRef][]nodeRef
}

// subclassesOf returns the subclasses of class c (an index of s.x), from
// the view's relation, which build makes (in s.x's numbering) if no
// query of the view has yet.
func (s *viewRefSource) subclassesOf(c int, build func() map[int][]int) []int {
	t := &s.q.v.refCache.subclasses
	t.mu.Lock()
	rel, ok := t.byFam[s.fam]
	if !ok {
		// Built under the lock: a query that comes meanwhile waits for
		// it rather than building it again.
		m := build()
		rel = make(map[nodeRef][]nodeRef, len(m))
		for b, subs := range m {
			if b >= len(s.refs) {
				continue
			}
			out := make([]nodeRef, 0, len(subs))
			for _, i := range subs {
				if i < len(s.refs) {
					out = append(out, s.refs[i])
				}
			}
			// In the order of their files and lines, not of the view's
			// segments: withOverrides stops after 64 overrides, and
			// which ones it lists must not depend on which build
			// worker took which file.
			sort.Slice(out, func(i, j int) bool {
				_, ni, di := s.q.node(out[i])
				_, nj, dj := s.q.node(out[j])
				if di.Path != dj.Path {
					return di.Path < dj.Path
				}
				if di.Collection != dj.Collection {
					return di.Collection < dj.Collection
				}
				return ni.lineStart < nj.lineStart
			})
			rel[s.refs[b]] = out
		}
		if t.byFam == nil {
			t.byFam = map[string]map[nodeRef][]nodeRef{}
		}
		t.byFam[s.fam] = rel
	}
	t.mu.Unlock()
	if c >= len(s.refs) {
		return nil
	}
	subs := rel[s.refs[c]]
	if len(subs) == 0 {
		return nil
	}
	out := make([]int, len(subs))
	for i, n := range subs {
		out[i] = s.ensure(n, s.x.add)
	}
	return out
}

// classAround is the name of the innermost class that holds enclosing
// node e (local to document d), "" for none.
func (s *viewRefSource) classAround(si int, d *docMeta, e int) string {
	seg := s.q.v.segs[si]
	for ni := int32(d.nodeStart) + int32(e); ni >= int32(d.nodeStart) && ni < int32(d.nodeEnd); ni = seg.nodes[ni].parent {
		if n := seg.node(uint32(ni)); isClassKind(string(n.kind())) {
			return n.name()
		}
	}
	return ""
}

// untyped: the reference is a bare name whose qualifier's type nothing
// tells (a call's argument count aside): unresolved, it is the name only.
func untyped(r *treenav.Reference) bool {
	qt, rt, _ := code.DecodeQualType(r.QualType)
	return r.Qualifier == "" && qt == "" && rt == ""
}
