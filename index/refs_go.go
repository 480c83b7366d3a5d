package index

import (
	"bytes"
	"go/build"
	"go/token"
	"io"
	"path"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/treenav/treenav"
)

func init() {
	refResolvers["go"] = goResolve
}

// goPkgs is a view's Go packages: directory → package name, per
// collection, and the import paths resolved so far.
type goPkgs struct {
	once  sync.Once
	names map[string]string // collection "\x00" dir → package name
	dirs  map[string][]string
	// byBase are the directories by collection "\x00" last element:
	// the only ones an import path with that last element can name.
	byBase map[string][]string
	mu     sync.Mutex
	paths  map[string]string    // collection "\x00" importing dir "\x00" import path → dir ("" none)
	builds map[*docMeta]bool    // goBuilds' answers
	embeds map[nodeRef][]string // goEmbedded's answers
	// binds are each file's import bindings (refQuery.bindings), kept
	// for the view: a common method name's references span thousands of
	// files, and each query recomputed their imports.
	binds map[*docMeta]map[string]string
}

func (v *view) goPackages() *goPkgs {
	g := &v.refCache.goPkgs
	g.once.Do(func() {
		g.names = map[string]string{}
		g.dirs = map[string][]string{}
		g.byBase = map[string][]string{}
		g.paths = map[string]string{}
		// A directory's package names, by the files that declare each.
		type pkgDir struct {
			base  string
			names map[string]int
		}
		declared := map[string]*pkgDir{} // key → the directory's
		v.eachDoc(func(d *docMeta) {
			if d.Language != "go" {
				return
			}
			dir := docDir(d)
			key := d.Collection + "\x00" + dir
			pd := declared[key]
			if pd == nil {
				pd = &pkgDir{base: path.Base(dir), names: map[string]int{}}
				declared[key] = pd
				g.dirs[d.Collection] = append(g.dirs[d.Collection], dir)
				bk := d.Collection + "\x00" + pd.base
				g.byBase[bk] = append(g.byBase[bk], dir)
			}
			if d.Module != "" {
				pd.names[d.Module]++
			}
		})
		for key, pd := range declared {
			g.names[key] = goPackageName(pd.names, pd.base)
		}
	})
	return g
}

// goPackageName is the name of the package of a directory whose files
// declare names (name → files; declaredModule leaves out a name that is
// the directory's, main and an external test's suffix): the one most
// files declare, then the first by bytes; the directory's name when
// none does. It was the name of the file met last in the view's
// segment order.
func goPackageName(names map[string]int, base string) string {
	best := ""
	for name, n := range names {
		if best == "" || n > names[best] || n == names[best] && name < best {
			best = name
		}
	}
	if best == "" {
		return base
	}
	return best
}

// importDir is the directory of collection coll that the import path p
// names, seen from a file in dir from: the directory itself (a GOROOT
// layout), a directory the path ends with (the module path prefixed),
// or one that ends with the path (a vendor directory, a root above
// src/); "" when none. Of several, the nearest to from wins.
func (g *goPkgs) importDir(coll, from, p string) string {
	key := coll + "\x00" + from + "\x00" + p
	g.mu.Lock()
	defer g.mu.Unlock()
	if d, ok := g.paths[key]; ok {
		return d
	}
	// The path itself, a directory ending with it and one it ends with
	// all share its last element: only those are read (of equal scores
	// the shortest wins, then the first by bytes), not every directory
	// of the collection for every importing directory and path.
	best, bestScore := "", -1
	for _, dir := range g.byBase[coll+"\x00"+path.Base(p)] {
		score := -1
		switch {
		case dir == p:
			score = 1 << 20
		case strings.HasSuffix(dir, "/"+p):
			score = 1<<19 + commonPrefix(dir, from)
		case strings.HasSuffix(p, "/"+dir):
			score = 1<<18 + len(dir)
		}
		// Of equal scores the shortest, then the first by bytes: not
		// the first in g.dirs, which is the view's segment order. In
		// the 25k-file corpus "time" from go/net/http names go/time
		// and go/crypto/internal/fips140deps/time alike (each shares
		// "go/" with it): the first met won, and time.Duration's uses
		// counted 148 in one build and 647 in another.
		if score > bestScore || score == bestScore && score >= 0 &&
			(len(dir) < len(best) || len(dir) == len(best) && dir < best) {
			best, bestScore = dir, score
		}
	}
	if bestScore < 0 && strings.Contains(p, "/") && g.names[coll+"\x00."] == p[strings.LastIndexByte(p, '/')+1:] {
		// The module's root package (github.com/treenav/treenav is the
		// root directory's package treenav): the path ends with its
		// name, and no directory matched.
		if _, ok := g.names[coll+"\x00."]; ok {
			best = "."
		}
	}
	g.paths[key] = best
	return best
}

// bindings are the names a Go file's imports bind → their directories
// ("" for an import outside the index). A dot import binds ".".
func (q *refQuery) bindings(d *docMeta) map[string]string {
	if b, ok := q.binds[d]; ok {
		return b
	}
	g := q.v.goPackages()
	g.mu.Lock()
	b, ok := g.binds[d]
	g.mu.Unlock()
	if ok {
		q.binds[d] = b
		return b
	}
	b = map[string]string{}
	if d.refs != nil {
		from := docDir(d)
		for _, im := range d.refs.imports() {
			dir := g.importDir(d.Collection, from, im.Path)
			name := im.Alias
			if name == "" {
				if n, ok := g.names[d.Collection+"\x00"+dir]; ok && dir != "" {
					name = n
				} else {
					name = treenav.GoImportName(im.Path)
				}
			}
			if name == "_" {
				continue
			}
			if name == "." {
				b["."] += dir + "\x00"
				continue
			}
			b[name] = dir
		}
	}
	q.binds[d] = b
	g.mu.Lock()
	if g.binds == nil {
		g.binds = map[*docMeta]map[string]string{}
	}
	g.binds[d] = b
	g.mu.Unlock()
	return b
}

// goScope is where a Go name is looked up: a package directory.
type goScope struct {
	coll, dir string
}

// pkgLevel: the package-level definitions (not members) called name in
// the package of dir. The lists of goNamed are shared: callers get copies.
func (q *refQuery) pkgLevel(sc goScope, name string) []nodeRef {
	return slices.Clone(q.goNamed(name).pkg[sc.coll+"\x00"+sc.dir])
}

// members: the methods and fields called name of type typ in dir.
func (q *refQuery) members(sc goScope, typ, name string) []nodeRef {
	return slices.Clone(q.goNamed(name).byKey[sc.coll+"\x00"+sc.dir+"\x00"+typ+"."+name])
}

// goMembers: the members called name of type t, of the type t is an
// alias of (type DirEntry = fs.DirEntry), or promoted from the types its
// struct or interface embeds (the shallowest that has one, as Go selects
// it).
func (q *refQuery) goMembers(t goType, name string, depth int) []nodeRef {
	for i := 0; i < 4; i++ {
		if m := q.members(t.scope, t.name, name); len(m) > 0 {
			return m
		}
		next, ok := q.goAliased(t, depth)
		if !ok {
			break
		}
		t = next
	}
	if depth > 3 {
		return nil
	}
	if u, ok := q.goDefinedOver(t, depth); ok {
		// type Term term: Term has term's fields (not its methods).
		var fields []nodeRef
		for _, m := range q.goMembers(u, name, depth+1) {
			if _, n, _ := q.node(m); n.kind() == treenav.KindField {
				fields = append(fields, m)
			}
		}
		if len(fields) > 0 {
			return fields
		}
	}
	var out []nodeRef
	for _, c := range q.pkgLevel(t.scope, t.name) {
		_, n, d := q.node(c)
		if k := n.kind(); k != treenav.KindStruct && k != treenav.KindInterface {
			// An interface's embedded interfaces give it their
			// methods as a struct's embedded fields do (go/ast's Expr
			// embeds Node: x.X.Pos() calls Node.Pos).
			continue
		}
		for _, e := range q.goEmbedded(c) {
			if et, ok := q.goEval(d, e, depth+1); ok && !et.pkg {
				out = append(out, q.goMembers(et, name, depth+1)...)
			}
		}
	}
	return out
}

// goEmbedded lists the types a struct declaration embeds ("T", "q.T"),
// read from its text (the outline has no node for an embedded field).
func (q *refQuery) goEmbedded(c nodeRef) []string {
	g := q.v.goPackages()
	g.mu.Lock()
	out, seen := g.embeds[c]
	g.mu.Unlock()
	if seen {
		return out
	}
	_, n, d := q.node(c)
	if q.ix != nil {
		if src, err := q.ix.fileOf(d); err == nil {
			out = goEmbeddedIn(src, int(n.lineStart), int(n.lineEnd))
		}
	}
	g.mu.Lock()
	if g.embeds == nil {
		g.embeds = map[nodeRef][]string{}
	}
	g.embeds[c] = out
	g.mu.Unlock()
	return out
}

// goEmbeddedIn reads the embedded fields of the struct type declared on
// lines [from, to] of src: lines that hold a type name alone ("*T",
// "q.T", "T[K]", with an optional tag and comment).
func goEmbeddedIn(src []byte, from, to int) []string {
	var out []string
	line := 1
	for len(src) > 0 && line <= to {
		i := bytes.IndexByte(src, '\n')
		var l []byte
		if i < 0 {
			l, src = src, nil
		} else {
			l, src = src[:i], src[i+1:]
		}
		if line > from && line < to {
			s := strings.TrimSpace(string(l))
			if k := strings.Index(s, "//"); k >= 0 {
				s = strings.TrimSpace(s[:k])
			}
			if k := strings.IndexAny(s, "`\""); k > 0 {
				s = strings.TrimSpace(s[:k])
			}
			if t := goNamedType(s); t != "" && (t == strings.TrimLeft(s, "*") || strings.HasPrefix(strings.TrimLeft(s, "*"), t+"[")) {
				out = append(out, t)
			}
		}
		line++
	}
	return out
}

// goAliased is the type an alias declaration names.
func (q *refQuery) goAliased(t goType, depth int) (goType, bool) {
	if t.pkg || t.name == "" {
		return goType{}, false
	}
	for _, c := range q.pkgLevel(t.scope, t.name) {
		_, n, d := q.node(c)
		sig := strings.TrimSpace(n.signature())
		j := strings.IndexByte(sig, '=')
		if !strings.HasPrefix(sig, "type ") || j < 0 {
			continue
		}
		target := goNamedType(strings.TrimSpace(sig[j+1:]))
		if target == "" {
			return goType{}, false
		}
		return q.goEval(d, target, depth+1)
	}
	return goType{}, false
}

// goDefinedOver is the named type a defined type is declared as (type
// Term term, not an alias: Term has term's fields, not its methods).
func (q *refQuery) goDefinedOver(t goType, depth int) (goType, bool) {
	if t.pkg || t.name == "" {
		return goType{}, false
	}
	for _, c := range q.pkgLevel(t.scope, t.name) {
		_, n, d := q.node(c)
		if n.kind() == treenav.KindStruct || n.kind() == treenav.KindInterface {
			continue
		}
		rest, ok := strings.CutPrefix(strings.TrimSpace(n.signature()), "type "+t.name+" ")
		if !ok || strings.HasPrefix(rest, "=") {
			continue
		}
		rest = strings.TrimSpace(rest)
		u := goNamedType(rest)
		if u == "" || u != rest {
			continue // a literal type, or a generic one
		}
		return q.goEval(d, u, depth+1)
	}
	return goType{}, false
}

// anyMembers: every Go method or field called name (a receiver whose
// type the file does not tell). The list is goNamed's own, shared by
// every reference of the name (clipped: an append copies it); callers
// must not write to it.
func (q *refQuery) anyMembers(coll, name string) []nodeRef {
	return q.goNamed(name).members[coll]
}

// isAnyMembers reports whether cands is anyMembers(coll, name) itself,
// the list every reference to a member of an unknown receiver gets.
func (q *refQuery) isAnyMembers(coll, name string, cands []nodeRef) bool {
	l := q.goNamed(name).members[coll]
	return len(l) > 0 && len(cands) == len(l) && &cands[0] == &l[0]
}

// goResolve resolves a Go reference: its candidates, each once (a test
// file that dot-imports its own directory's package sees its names twice).
func goResolve(q *refQuery, si int, d *docMeta, r *treenav.Reference) []nodeRef {
	out := goResolve1(q, d, r)
	if len(out) > 1 && !q.isAnyMembers(d.Collection, r.Name, out) { // that one has no duplicates
		// One set for the query, emptied each time: a common method's
		// candidates are hundreds, for each of its references.
		if q.seen == nil {
			q.seen = map[nodeRef]bool{}
		}
		seen := q.seen
		clear(seen)
		kept := out[:0]
		for _, c := range out {
			if !seen[c] {
				seen[c] = true
				kept = append(kept, c)
			}
		}
		out = kept
	}
	return out
}

// goVisible are the package-level definitions called name that a bare
// name in d sees: its package's (here), and its dot-imported packages'
// when the name is exported (a dot import brings no other: types2_test's
// nopos is its own, not the types2 it dot-imports).
func (q *refQuery) goVisible(d *docMeta, here goScope, name string) []nodeRef {
	out := q.pkgLevel(here, name)
	if !token.IsExported(name) {
		return out
	}
	for _, dir := range q.dotDirs(d) {
		out = append(out, q.pkgLevel(goScope{d.Collection, dir}, name)...)
	}
	return out
}

// dotDirs are the directories of the packages d dot-imports.
func (q *refQuery) dotDirs(d *docMeta) []string {
	dots := q.bindings(d)["."]
	if dots == "" {
		return nil
	}
	var out []string
	for _, dir := range strings.Split(strings.TrimSuffix(dots, "\x00"), "\x00") {
		if dir != "" {
			out = append(out, dir)
		}
	}
	return out
}

func goResolve1(q *refQuery, d *docMeta, r *treenav.Reference) []nodeRef {
	here := goScope{d.Collection, goPkgDir(d)}
	switch {
	case r.QualType != "":
		if t, ok := q.goEval(d, r.QualType, 0); ok && !t.pkg {
			if m := q.goMembers(t, r.Name, 0); len(m) > 0 {
				return m
			}
		} else if ok && t.pkg {
			return q.pkgLevel(t.scope, r.Name)
		}
		if r.Qualifier == "" {
			// A composite literal's key of a type that is not a struct
			// here: a package-level name.
			return q.pkgLevel(here, r.Name)
		}
		return q.anyMembers(d.Collection, r.Name)
	case r.Qualifier == "":
		return q.goVisible(d, here, r.Name)
	case isGoIdent(r.Qualifier):
		if dir, ok := q.bindings(d)[r.Qualifier]; ok {
			if dir == "" {
				return nil // a package outside the index
			}
			return q.pkgLevel(goScope{d.Collection, dir}, r.Name)
		}
		if t, ok := q.goEval(d, "="+r.Qualifier, 0); ok && !t.pkg {
			if m := q.goMembers(t, r.Name, 0); len(m) > 0 {
				return m
			}
		}
		return q.anyMembers(d.Collection, r.Name)
	}
	return q.anyMembers(d.Collection, r.Name)
}

func isGoIdent(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') && c < 0x80 {
			return false
		}
	}
	return true
}

// goType is what a type expression evaluates to: a named type in a
// package, or a package itself (an import's name).
type goType struct {
	scope goScope
	name  string
	pkg   bool
}

// goEval evaluates a type expression (treenav.Reference.QualType) seen
// from document d.
func (q *refQuery) goEval(d *docMeta, expr string, depth int) (goType, bool) {
	if depth > 6 || expr == "" {
		return goType{}, false
	}
	parts := strings.Split(expr, ">")
	here := goScope{d.Collection, goPkgDir(d)}
	var cur goType
	base, elems := goElems(parts[0])
	base, res := goResultOf(base)
	call := strings.HasSuffix(base, "()")
	base = strings.TrimSuffix(base, "()")
	switch {
	case strings.HasPrefix(base, "="):
		name := base[1:]
		if dir, ok := q.bindings(d)[name]; ok {
			if dir == "" {
				return goType{}, false
			}
			cur = goType{scope: goScope{d.Collection, dir}, pkg: true}
			break
		}
		t, ok := q.goValueType(q.goVisible(d, here, name), call, res, elems > 0, depth)
		if !ok {
			return goType{}, false
		}
		cur = t
		elems = max(elems-1, 0)
	case strings.IndexByte(base, '.') > 0:
		i := strings.IndexByte(base, '.')
		dir, ok := q.bindings(d)[base[:i]]
		if !ok || dir == "" {
			return goType{}, false
		}
		cur = goType{scope: goScope{d.Collection, dir}, name: base[i+1:]}
	default:
		cur = goType{scope: here, name: base}
		if len(q.pkgLevel(here, base)) == 0 && token.IsExported(base) {
			// A type of a dot-imported package (strings_test's
			// . "strings" names Builder).
			dots := q.dotDirs(d)
			for _, dir := range dots {
				if sc := (goScope{d.Collection, dir}); len(q.pkgLevel(sc, base)) > 0 {
					cur = goType{scope: sc, name: base}
					break
				}
			}
			if cur.scope == here && d.GoXTest && len(dots) > 0 {
				// An external test package's name it does not declare
				// is a dot import's, though the index may miss its
				// declaration (go/types declares Scope in a generated
				// file, which is skipped, and its methods in another).
				cur = goType{scope: goScope{d.Collection, dots[0]}, name: base}
			}
		}
	}
	for ; elems > 0; elems-- {
		// A value of named type T ranged or indexed: T's element.
		t, ok := q.goElemOf(cur, depth)
		if !ok {
			return goType{}, false
		}
		cur = t
	}
	for _, m := range parts[1:] {
		m, elems := goElems(m)
		m, res := goResultOf(m)
		call := strings.HasSuffix(m, "()")
		m = strings.TrimSuffix(m, "()")
		var defs []nodeRef
		if cur.pkg {
			defs = q.pkgLevel(cur.scope, m)
		} else {
			defs = q.goMembers(cur, m, depth)
		}
		t, ok := q.goValueType(defs, call, res, elems > 0, depth)
		if len(defs) == 0 && !cur.pkg && !call {
			// ls.Listener: a struct's embedded field, which the
			// outline has no node for, is named by its type.
			if t, ok = q.goEmbeddedField(cur, m, depth); ok && elems > 0 {
				t, ok = q.goElemOf(t, depth)
			}
		}
		for ; ok && elems > 1; elems-- {
			t, ok = q.goElemOf(t, depth)
		}
		if !ok {
			return goType{}, false
		}
		cur = t
	}
	return cur, true
}

// goEmbeddedField is the type of the field named name that struct type
// t (or a struct it embeds) embeds: net's localServer embeds Listener,
// and ls.Listener.Addr() calls Listener's Addr.
func (q *refQuery) goEmbeddedField(t goType, name string, depth int) (goType, bool) {
	if depth > 3 {
		return goType{}, false
	}
	for _, c := range q.pkgLevel(t.scope, t.name) {
		_, n, d := q.node(c)
		if n.kind() != treenav.KindStruct {
			continue
		}
		for _, e := range q.goEmbedded(c) {
			if e == name || strings.HasSuffix(e, "."+name) {
				return q.goEval(d, e, depth+1)
			}
		}
		for _, e := range q.goEmbedded(c) {
			if et, ok := q.goEval(d, e, depth+1); ok && !et.pkg {
				if ft, ok := q.goEmbeddedField(et, name, depth+1); ok {
					return ft, true
				}
			}
		}
	}
	return goType{}, false
}

// goElems splits the element suffixes off a part of a type expression:
// "f[][]" is f and 2 (an element of an element of f).
func goElems(m string) (string, int) {
	n := 0
	for strings.HasSuffix(m, "[]") {
		m = m[:len(m)-2]
		n++
	}
	return m, n
}

// goValueType is the type of the definitions in defs (several when
// build-constrained files define a name each), when they agree: a type
// is itself (called: a conversion), a function's or method's first
// result when called, a variable's, constant's or field's declared type;
// with elem, the element type of that slice, array, map or channel (what
// a range over it yields, "X[]" in a type expression).
func (q *refQuery) goValueType(defs []nodeRef, call bool, res int, elem bool, depth int) (goType, bool) {
	if len(defs) == 0 || len(defs) > 4 {
		return goType{}, false
	}
	var out goType
	for i, def := range defs {
		t, ok := q.goValueType1(def, call, res, elem, depth)
		if !ok || i > 0 && t != out {
			return goType{}, false
		}
		out = t
	}
	return out, true
}

func (q *refQuery) goValueType1(def nodeRef, call bool, res int, elem bool, depth int) (goType, bool) {
	_, n, d := q.node(def)
	switch n.kind() {
	case treenav.KindStruct, treenav.KindInterface, treenav.KindType, treenav.KindClass:
		if elem {
			return goType{}, false
		}
		return goType{scope: goScope{d.Collection, goPkgDir(d)}, name: n.name()}, true
	case treenav.KindFunction, treenav.KindMethod:
		if !call {
			return goType{}, false
		}
		t := goResultTypeAt(n.signature(), res, elem)
		if t == "" && elem {
			return q.goNamedElem(d, goResultTypeAt(n.signature(), res, false), depth)
		}
		if t == "" {
			return goType{}, false
		}
		return q.goEval(d, t, depth+1)
	}
	t := goDeclType(n.signature(), n.name(), elem)
	if t == "" && elem {
		return q.goNamedElem(d, goDeclType(n.signature(), n.name(), false), depth)
	}
	if t == "" {
		return goType{}, false
	}
	return q.goEval(d, t, depth+1)
}

// goNamedElem is the element type of named type t (written in d), when
// t is declared as a slice, array, map or channel (type eqclass []*Value).
func (q *refQuery) goNamedElem(d *docMeta, t string, depth int) (goType, bool) {
	if t == "" {
		return goType{}, false
	}
	nt, ok := q.goEval(d, t, depth+1)
	if !ok || nt.pkg {
		return goType{}, false
	}
	return q.goElemOf(nt, depth)
}

// goElemOf is the element type of the slice, array, map or channel type
// that named type t is declared as.
func (q *refQuery) goElemOf(t goType, depth int) (goType, bool) {
	for _, c := range q.pkgLevel(t.scope, t.name) {
		_, n, d := q.node(c)
		sig := strings.TrimSpace(n.signature())
		rest, ok := strings.CutPrefix(sig, "type "+t.name)
		if !ok {
			continue
		}
		if strings.HasPrefix(rest, "[") && !strings.HasPrefix(rest, "[]") {
			// Type parameters: type List[T any] []T.
			if end := strings.IndexByte(rest, ']'); end >= 0 && strings.Contains(rest[:end], " ") {
				rest = rest[end+1:]
			}
		}
		rest = strings.TrimPrefix(strings.TrimSpace(rest), "= ")
		e := goTypeAt(strings.TrimSpace(rest), true)
		if e == "" {
			return goType{}, false
		}
		return q.goEval(d, e, depth+1)
	}
	return goType{}, false
}

// goResultTypeAt is result k (0 the first) of a Go function signature,
// as a named type expression ("T", "q.T"), or its element type (elem);
// "" when it is not one. "w" of r, w, err := os.Pipe() is Pipe's second.
func goResultTypeAt(sig string, k int, elem bool) string {
	// Skip the receiver, the name and the parameters: the result follows
	// the parameters' closing parenthesis.
	i := strings.Index(sig, "(")
	if strings.HasPrefix(sig, "func (") {
		i = matchParen(sig, i)
		if i < 0 {
			return ""
		}
		j := strings.Index(sig[i:], "(")
		if j < 0 {
			return ""
		}
		i += j
	}
	if i < 0 {
		return ""
	}
	end := matchParen(sig, i)
	if end < 0 {
		return ""
	}
	res := strings.TrimSpace(sig[end+1:])
	if strings.HasPrefix(res, "(") {
		res = goNthResult(res[1:], k)
	} else if k > 0 {
		return "" // one result
	}
	return goTypeAt(res, elem)
}

// goResultOf splits a call's result index off a part of a type
// expression: "f()@1" is f() and 1 (its second result), "f()" f() and 0.
func goResultOf(m string) (string, int) {
	i := strings.LastIndex(m, "()@")
	if i < 0 {
		return m, 0
	}
	digits := m[i+3:]
	if digits == "" || len(digits) > 3 {
		return m, 0 // not the walker's (a forged snapshot)
	}
	k := 0
	for _, c := range digits {
		if c < '0' || c > '9' {
			return m, 0
		}
		k = k*10 + int(c-'0')
	}
	return m[:i+2], k
}

var goTypeKeywords = map[string]bool{"chan": true, "func": true, "map": true, "struct": true, "interface": true}

// goNthResult is the type of result k (0 the first) in a result list
// (after its opening parenthesis): of "T, error)" 0 is T and 1 error; of
// named results, "resp *Response, err error)" 0 is *Response, and of
// "a, b T)" both are T (a name takes the type of the next that has one).
func goNthResult(list string, k int) string {
	var elems []string
	depth, from := 0, 0
	for i := 0; i < len(list); i++ {
		switch list[i] {
		case '(', '[', '{':
			depth++
		case ']', '}':
			depth--
		case ')':
			if depth == 0 {
				elems = append(elems, list[from:i])
				from = -1
			}
			depth--
		case ',':
			if depth == 0 {
				elems = append(elems, list[from:i])
				from = i + 1
			}
		}
		if from < 0 {
			break
		}
	}
	if from >= 0 {
		elems = append(elems, list[from:])
	}
	// Named results: each name up to one with a type takes that type.
	named := false
	for i, e := range elems {
		if typ, ok := goNamedResult(e); ok {
			if i >= k {
				return typ
			}
			named = true
		}
	}
	if !named && k < len(elems) {
		return strings.TrimSpace(elems[k])
	}
	return ""
}

// goNamedResult is the type of an element of a result list that names
// its result ("resp *Response"), ok false for one that does not ("T",
// "chan int", or a bare name that takes the next element's type).
func goNamedResult(e string) (string, bool) {
	e = strings.TrimSpace(e)
	if f := strings.Fields(e); len(f) >= 2 && isGoIdent(f[0]) && !goTypeKeywords[f[0]] {
		return strings.TrimSpace(e[len(f[0]):]), true
	}
	return "", false
}

// goDeclType is the type of a var, const or field signature
// ("var X T", "X, Y *q.T", "var X = &T{...}"), or its element type
// (elem: "Xs []*T" is T); "" when not a named type.
func goDeclType(sig, name string, elem bool) string {
	s := strings.TrimSpace(sig)
	for _, kw := range []string{"var ", "const "} {
		s = strings.TrimPrefix(s, kw)
	}
	i := strings.Index(s, name)
	if i < 0 {
		return ""
	}
	s = s[i+len(name):]
	for strings.HasPrefix(s, ",") {
		s = strings.TrimSpace(s[1:])
		j := 0
		for j < len(s) && (isGoIdent(s[:j+1])) {
			j++
		}
		s = s[j:]
	}
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "=") {
		if elem {
			// var pairs = []testpair{...}: a range over pairs yields
			// testpairs (the element of the literal's slice, array or
			// map type). Table-driven tests range over such variables.
			init := strings.TrimSpace(s[1:])
			if strings.HasPrefix(init, "[") || strings.HasPrefix(init, "map[") {
				return goTypeAt(init, true)
			}
			return ""
		}
		s = strings.TrimSpace(s[1:])
		s = strings.TrimPrefix(s, "&")
		t := goNamedType(s)
		rest := strings.TrimSpace(s[len(t):])
		if t == "" || !(strings.HasPrefix(rest, "{") || strings.HasPrefix(rest, "(")) {
			return ""
		}
		if strings.HasPrefix(rest, "(") {
			// var X = NewT(): the call's result.
			if strings.IndexByte(t, '.') > 0 {
				k := strings.IndexByte(t, '.')
				return "=" + t[:k] + ">" + t[k+1:] + "()"
			}
			return "=" + t + "()"
		}
		return t
	}
	return goTypeAt(s, elem)
}

// goTypeAt reads the named type at the start of s, or with elem the
// element type of the slice, array, map or channel type there ("[]*T",
// "[4]T", "map[K]T", "<-chan T" are T).
func goTypeAt(s string, elem bool) string {
	if !elem {
		return goNamedType(s)
	}
	s = strings.TrimLeft(s, "*")
	switch {
	case strings.HasPrefix(s, "["):
		end := strings.IndexByte(s, ']')
		if end < 0 {
			return ""
		}
		s = s[end+1:]
	case strings.HasPrefix(s, "map["):
		depth := 0
		i := 3
		for ; i < len(s); i++ {
			if s[i] == '[' {
				depth++
			} else if s[i] == ']' {
				depth--
				if depth == 0 {
					break
				}
			}
		}
		if i >= len(s) {
			return ""
		}
		s = s[i+1:]
	case strings.HasPrefix(s, "chan<- "), strings.HasPrefix(s, "<-chan "), strings.HasPrefix(s, "chan "):
		s = s[strings.IndexByte(s, ' ')+1:]
	default:
		return ""
	}
	return goNamedType(strings.TrimSpace(s))
}

// goNamedType reads a named type at the start of s ("*q.T[K] ..." →
// "q.T"), "" when s does not start with one.
func goNamedType(s string) string {
	s = strings.TrimLeft(s, "*")
	j := 0
	for j < len(s) && (s[j] == '.' || s[j] == '_' || s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z' || j > 0 && s[j] >= '0' && s[j] <= '9' || s[j] >= 0x80) {
		j++
	}
	t := strings.Trim(s[:j], ".")
	switch t {
	case "", "func", "map", "chan", "struct", "interface", "error", "string", "int", "bool", "any", "byte", "rune":
		return ""
	}
	return t
}

func matchParen(s string, i int) int {
	depth := 0
	for ; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// The file name constraints of Go (go/build: name_GOOS_GOARCH.go): of
// several candidates, the ones a build on this host compiles are
// preferred, as the go command would pick them.
var (
	goOSes   = strings.Fields("aix android darwin dragonfly freebsd hurd illumos ios js linux nacl netbsd openbsd plan9 solaris wasip1 windows zos")
	goArches = strings.Fields("386 amd64 amd64p32 arm armbe arm64 arm64be loong64 mips mipsle mips64 mips64le mips64p32 mips64p32le ppc ppc64 ppc64le riscv riscv64 s390 s390x sparc sparc64 wasm")
)

// goHostFile reports whether a Go file's name leaves it in a build for
// the host's GOOS and GOARCH.
func goHostFile(p string) bool {
	// Without strings.Split: candidates of a common name are many, and
	// each was split per reference.
	name := p[strings.LastIndexByte(p, '/')+1:]
	name = strings.TrimSuffix(name, ".go")
	name = strings.TrimSuffix(name, "_test")
	i := strings.LastIndexByte(name, '_')
	if i < 0 {
		return true
	}
	last, rest := name[i+1:], name[:i]
	if j := strings.LastIndexByte(rest, '_'); j >= 0 {
		if prev := rest[j+1:]; slices.Contains(goOSes, prev) && slices.Contains(goArches, last) {
			return prev == runtime.GOOS && last == runtime.GOARCH
		}
	}
	if slices.Contains(goOSes, last) {
		return last == runtime.GOOS
	}
	if slices.Contains(goArches, last) {
		return last == runtime.GOARCH
	}
	return true
}

// goMaxBuildReads bounds the candidates whose files preferHost reads.
const goMaxBuildReads = 16

// preferHost narrows Go candidates to those in files the host builds,
// when some are and some are not. File names decide first; the files'
// //go:build lines are read for up to goMaxBuildReads candidates, else
// only for definitions of one name in one package.
// preferHostOf is preferHost(cands) for reference r of document d,
// computed once a query for the list every member reference of an
// unknown receiver gets (anyMembers): a common method's references are
// thousands, its candidates hundreds.
func (q *refQuery) preferHostOf(d *docMeta, r *treenav.Reference, cands []nodeRef) []nodeRef {
	if !q.isAnyMembers(d.Collection, r.Name, cands) {
		return q.preferHost(cands)
	}
	key := d.Collection + "\x00" + r.Name
	if h, ok := q.hostOf[key]; ok {
		return h
	}
	h := q.preferHost(cands)
	if q.hostOf == nil {
		q.hostOf = map[string][]nodeRef{}
	}
	q.hostOf[key] = h
	return h
}

func (q *refQuery) preferHost(cands []nodeRef) []nodeRef {
	var host []nodeRef
	for _, c := range cands {
		if _, _, d := q.node(c); d.Language != "go" || goHostFile(d.Path) {
			host = append(host, c)
		}
	}
	if len(host) == 0 {
		return cands
	}
	if len(host) < 2 {
		return host
	}
	// A few candidates: any of them may sit in a file (or a package) the
	// host does not build (encoding/json/internal/jsontest needs the
	// jsonv2 experiment). Many: the constraints rarely leave one, and
	// reading every file would cost more than it tells; then only those
	// that share their package and qualified name with others (one
	// definition per platform) are told apart by their build lines.
	// Groups are numbered once per name (goNamed), not keyed by strings
	// here: a common method's candidates are hundreds, for each reference.
	few := len(host) <= goMaxBuildReads
	type groupKey struct {
		names *goNames
		g     int32
	}
	var names *goNames
	last := ""
	group := func(c nodeRef) (groupKey, bool) {
		_, n, d := q.node(c)
		if d.Language != "go" {
			return groupKey{}, false
		}
		if names == nil || n.name() != last {
			names, last = q.goNamed(n.name()), n.name()
		}
		g, ok := names.group[c]
		return groupKey{names, g}, ok
	}
	counts := map[groupKey]int{}
	alone := 0 // candidates in no group
	for _, c := range host {
		if g, ok := group(c); ok {
			counts[g]++
		} else if alone++; alone > 1 && !few {
			// Two will be kept whatever the groups hold: the one caller
			// (references.go) only asks whether a single one is left.
			return host
		}
	}
	if len(counts) == 0 && !few {
		return host
	}
	var kept []nodeRef
	for _, c := range host {
		g, ok := group(c)
		shared := ok && counts[g] >= 2
		if _, _, d := q.node(c); !few && !shared || d.Language != "go" || q.goBuilds(d) {
			kept = append(kept, c)
		}
	}
	if len(kept) == 0 {
		return host
	}
	return kept
}

// goBuilds reports whether the host's build compiles a Go file, by its
// name and its //go:build (or +build) lines, as go/build matches them:
// the host's GOOS, GOARCH and toolchain tags, cgo off (the configuration
// go/types is run with by gt-refs-go). Without the file's text, its name
// alone decides.
func (q *refQuery) goBuilds(d *docMeta) bool {
	if !goHostFile(d.Path) {
		return false
	}
	if q.ix == nil {
		return true
	}
	g := q.v.goPackages()
	g.mu.Lock()
	ok, seen := g.builds[d]
	g.mu.Unlock()
	if seen {
		return ok
	}
	ok = true
	if src, err := q.ix.fileOf(d); err == nil {
		ok = goMatchSource(d.Path, src)
	}
	g.mu.Lock()
	if g.builds == nil {
		g.builds = map[*docMeta]bool{}
	}
	g.builds[d] = ok
	g.mu.Unlock()
	return ok
}

// goMatchSource: go/build's verdict on a file of this name and text.
func goMatchSource(p string, src []byte) bool {
	ctx := build.Default
	ctx.CgoEnabled = false
	ctx.OpenFile = func(string) (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(src)), nil
	}
	ok, err := ctx.MatchFile(path.Dir(p), path.Base(p))
	return err != nil || ok
}
