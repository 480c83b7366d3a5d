package index

import (
	"slices"
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
	// via, when src is set, are more of maybe, as indices of src's
	// definitions (langAnswerer): the overrides of a common method are
	// thousands (__init__), and classify asks only whether the target is
	// one of them, so they are not turned into nodeRefs unless asked.
	via []int
	src *viewRefSource
}

// refAnswerers are the resolvers that answer with a confidence, by
// document language; they take precedence over refResolvers.
var refAnswerers = map[string]func(q *refQuery, si int, d *docMeta, r *treenav.Reference) refAnswer{}

// all is every definition the answer reaches.
func (a refAnswer) all() []nodeRef {
	out := append(append(append([]nodeRef(nil), a.defs...), a.also...), a.maybe...)
	for _, i := range a.via {
		if i < len(a.src.refs) {
			out = append(out, a.src.refs[i])
		}
	}
	return out
}

// empty reports whether the answer reaches no definition.
func (a refAnswer) empty() bool {
	return len(a.defs)+len(a.also)+len(a.maybe) == 0 &&
		!slices.ContainsFunc(a.via, func(i int) bool { return i < len(a.src.refs) })
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
	if len(a.via) > 0 {
		// Every index in via is of a definition src holds (ensure), so
		// a target it has not loaded is none of them.
		if ti, ok := a.src.idx[target]; ok && slices.Contains(a.via, ti) {
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
		out := refAnswer{sure: res.Confidence == "resolved", via: res.Via, src: li.src}
		for _, ds := range []struct {
			from []int
			to   *[]nodeRef
		}{{res.Defs, &out.defs}, {res.Also, &out.also}} {
			*ds.to = slices.Grow(*ds.to, len(ds.from))
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
// documents of each family by path, the paths by suffix and the classes.
// Each is built on first use, apart: counting a name's uses (a search's
// first query of a name) reads documents by path only, and the classes,
// which a scan of every node of the view finds, serve the subclass
// relation alone; built together, the first search of a 25k-file corpus
// paid for all three and paged in every node record.
type langFiles struct {
	pathOnce, suffixOnce, classOnce sync.Once
	byPath                          map[famPath]docRef
	atPathOnce                      sync.Once
	atPath                          map[string][]docRef // docsAtPath
	bySuffix                        map[string]*suffixTable
	classes                         map[string][]nodeRef
	// files are what resolution read of the files queries looked at
	// (viewRefSource.File), at most refFilesKept.
	files firstKept[famPath, *refFile]
}

// refFilesKept bounds the files a view keeps what resolution read of:
// each holds its imports and inherit references, a few hundred bytes.
const refFilesKept = 1 << 12

// eachLangDoc calls f with each live document of a language family, the
// first of each family and path (another collection's file of the same
// path is left out, as byPath leaves it).
func (v *view) eachLangDoc(f func(fam string, si int, di uint32, d *docMeta)) {
	seen := map[famPath]bool{}
	for si, s := range v.segs {
		for di := range s.docs {
			d := &s.docs[di]
			fam := langFamily(d.Language)
			if fam == "" || !v.live(si, uint32(di)) {
				continue
			}
			key := famPath{fam, d.Path}
			if seen[key] {
				continue
			}
			seen[key] = true
			f(fam, si, uint32(di), d)
		}
	}
}

// famPath is a language family and a path: a key of two strings, which
// the map hashes without building one (a key made for each of 25,000
// documents was half of building these tables on the 25k-file corpus).
type famPath struct{ fam, path string }

// langPaths is the view's documents of each family by family and path.
func (v *view) langPaths() map[famPath]docRef {
	lf := &v.refCache.lang
	lf.pathOnce.Do(func() {
		lf.byPath = map[famPath]docRef{}
		v.eachLangDoc(func(fam string, si int, di uint32, d *docMeta) {
			lf.byPath[famPath{fam, d.Path}] = docRef{seg: uint32(si), doc: di}
		})
	})
	return lf.byPath
}

// langSuffixes is the view's paths of each family, reversed and sorted,
// for filesEnding: the paths that end with a suffix are a run of them.
// A map from every suffix of whole components to its paths took 40-50 ms
// to build on the 25k-file corpus (a key made for each of 150,000
// suffixes), paid by the first search that counted a Python name's uses.
func (v *view) langSuffixes() map[string]*suffixTable {
	lf := &v.refCache.lang
	lf.suffixOnce.Do(func() {
		lf.bySuffix = map[string]*suffixTable{}
		v.eachLangDoc(func(fam string, _ int, _ uint32, d *docMeta) {
			t := lf.bySuffix[fam]
			if t == nil {
				t = &suffixTable{}
				lf.bySuffix[fam] = t
			}
			t.rev = append(t.rev, reverseString(d.Path))
		})
		for _, t := range lf.bySuffix {
			sort.Strings(t.rev)
		}
	})
	return lf.bySuffix
}

// suffixTable is a family's paths, each reversed, sorted.
type suffixTable struct{ rev []string }

// ending returns the paths that are p or end in "/"+p, sorted.
func (t *suffixTable) ending(p string) []string {
	if t == nil || p == "" {
		return nil
	}
	rp := reverseString(p)
	var out []string
	for i := sort.SearchStrings(t.rev, rp); i < len(t.rev) && strings.HasPrefix(t.rev[i], rp); i++ {
		if r := t.rev[i]; len(r) == len(rp) || r[len(rp)] == '/' {
			out = append(out, reverseString(r))
		}
	}
	sort.Strings(out)
	return out
}

// reverseString is s with its bytes in reverse order.
func reverseString(s string) string {
	b := make([]byte, len(s))
	for i := range len(s) {
		b[len(s)-1-i] = s[i]
	}
	return string(b)
}

// langClasses is the view's classes (isClassKind) of each family.
func (v *view) langClasses() map[string][]nodeRef {
	lf := &v.refCache.lang
	lf.classOnce.Do(func() {
		lf.classes = map[string][]nodeRef{}
		v.eachLangDoc(func(fam string, si int, di uint32, d *docMeta) {
			s := v.segs[si]
			for ni := d.nodeStart; ni < d.nodeEnd; ni++ {
				if isClassKind(string(s.node(ni).kind())) {
					lf.classes[fam] = append(lf.classes[fam], nodeRef{uint32(si), ni})
				}
			}
		})
	})
	return lf.classes
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
	// The signature as a view of the segment's bytes, not a copy: a
	// refDef lives as long as its query, which holds the view and with
	// it the snapshot's mapping (the copy was an allocation for each of
	// the thousands of definitions a common name loads).
	i := add(refDef{Path: d.Path, Name: n.name(), Qualified: qualifiedName(n), Kind: string(n.kind()),
		Signature: n.signatureView(), Line: int(n.lineStart), End: int(n.lineEnd), Decl: n.decl, Parent: parent})
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

// NamedIn implements fileNamer: Named's definitions of the live
// documents at path, found in each such document's segment by the
// segment's run of symbols called name, in that run's order as named
// lists them.
func (s *viewRefSource) NamedIn(path, name string, add func(refDef) int) []int {
	docs := s.q.v.docsAtPath()[path]
	if len(docs) == 0 {
		return nil
	}
	var out []int
	lname := strings.ToLower(name)
	for len(docs) > 0 {
		// The documents of one segment (docsAtPath is in segment order).
		si, n := docs[0].seg, 1
		for n < len(docs) && docs[n].seg == si {
			n++
		}
		inSeg := docs[:n]
		docs = docs[n:]
		seg := s.q.v.segs[si]
		for _, sym := range seg.symsCalled(lname) {
			ni := sym.node
			nm := seg.node(ni)
			if !slices.ContainsFunc(inSeg, func(r docRef) bool { return r.doc == nm.doc }) || nm.name() != name {
				continue
			}
			if langFamily(languageOf(&seg.docs[nm.doc], nm)) != s.fam {
				continue
			}
			out = append(out, s.ensure(nodeRef{si, ni}, add))
		}
	}
	return out
}

// docsAtPath is the view's live documents by path, in segment order (a
// path names one document a collection).
func (v *view) docsAtPath() map[string][]docRef {
	lf := &v.refCache.lang
	lf.atPathOnce.Do(func() {
		lf.atPath = map[string][]docRef{}
		for si, s := range v.segs {
			for di := range s.docs {
				if v.live(si, uint32(di)) {
					p := s.docs[di].Path
					lf.atPath[p] = append(lf.atPath[p], docRef{seg: uint32(si), doc: uint32(di)})
				}
			}
		}
	})
	return lf.atPath
}

// File implements refSource.
func (s *viewRefSource) File(path string) *refFile {
	files := &s.q.v.refCache.lang.files
	key := famPath{s.fam, path}
	if f, ok := files.get(key); ok {
		return f
	}
	f := s.readFile(path)
	if f == nil {
		return nil
	}
	return files.put(key, f, refFilesKept)
}

// readFile is File's answer read from the view: the file's imports,
// package, inherit references and default export. Every query and every
// name a first search counted the uses of decoded them again, a tenth
// of the 25k-file corpus's first searches. The answer is shared and
// read only, its inherit list made here rather than on first use.
func (s *viewRefSource) readFile(path string) *refFile {
	byPath := s.q.v.langPaths()
	dr, ok := byPath[famPath{s.fam, path}]
	if !ok {
		return nil
	}
	seg := s.q.v.segs[dr.seg]
	d := &seg.docs[dr.doc]
	f := &refFile{Path: d.Path, Language: s.fam}
	for ni := d.nodeStart + 1; s.fam == "es" && ni < d.nodeEnd; ni++ { // only JS and TS export a default
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
		f.Refs = decodeLangRefs(refs, d.refs.imports(), func(e int) string { return s.classAround(int(dr.seg), d, e) })
	}
	f.listInherits() // here, not on first use: f is shared
	return f
}

// FilesEnding implements refSource.
func (s *viewRefSource) FilesEnding(p string) []string {
	return s.q.v.langSuffixes()[s.fam].ending(p)
}

// Classes implements refSource.
func (s *viewRefSource) Classes(lang string, add func(refDef) int) []int {
	var out []int
	for _, c := range s.q.v.langClasses()[s.fam] {
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
