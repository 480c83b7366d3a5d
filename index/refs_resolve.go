package index

import (
	"slices"
	"strings"
	"sync"

	"github.com/treenav/treenav"
)

// refResolver returns the definitions a reference of a document of its
// language may name (nil: none the index holds). A language registers one
// in refResolvers (refs_go.go); the others resolve by name alone
// (nameCandidates).
type refResolver func(q *refQuery, si int, d *docMeta, r *treenav.Reference) []nodeRef

// refResolvers are the resolvers by document language.
var refResolvers = map[string]refResolver{}

// refQuery resolves references against one view, with the caches one
// answer shares (definitions by name, import bindings by document).
type refQuery struct {
	ix      *Index // for the closest symbols of a target that names none; may be nil
	v       *view
	byName  map[string][]nodeRef
	binds   map[*docMeta]map[string]string
	lang    langIndexes             // the resolution indexes of refAnswerers (refs_lang_view.go)
	seen    map[nodeRef]bool        // goResolve's duplicates, reused
	hostOf  map[string][]nodeRef    // preferHostOf's answers for anyMembers lists
	cCands  map[cCandKey][]nodeRef  // cCandidates' answers
	incs    map[*docMeta]includeSet // includedPaths' answers
	parents map[nodeRef]string      // parentName of candidates (keepParent)
	cTyped  map[cTypedKey]cTypedHit // cTypedMembers' answers
	// sureOnly says the query reads only what a reference surely
	// reaches (resolvedTo, for counting uses): the overrides that
	// withOverrides adds are not looked for.
	sureOnly bool
}

func newRefQuery(ix *Index, v *view) *refQuery {
	return &refQuery{ix: ix, v: v, byName: map[string][]nodeRef{}, binds: map[*docMeta]map[string]string{}}
}

// fork is a query for another goroutine: the same view and reading, its
// memos its own.
func (q *refQuery) fork() *refQuery {
	return q.v.takeRefQuery(q.ix, q.sureOnly)
}

// named returns the live code symbols called exactly name.
// The answer is shared, read only: each query remembers it (byName), and
// the view too, for the queries after (refCache.named, namedKept).
func (q *refQuery) named(name string) []nodeRef {
	if out, ok := q.byName[name]; ok {
		return out
	}
	out, ok := q.v.refCache.named.get(name)
	if !ok {
		lname := strings.ToLower(name)
		for si, s := range q.v.segs {
			for _, sym := range s.symsCalled(lname) {
				n := s.node(sym.node)
				if n.name() == name && q.v.live(si, n.doc) {
					out = append(out, nodeRef{uint32(si), sym.node})
				}
			}
		}
		out = q.v.refCache.named.put(strings.Clone(name), slices.Clip(out), namedKept) // clipped: a reader's append copies
	}
	q.byName[name] = out
	return out
}

// namedKept bounds the names a view keeps the definitions of
// (refCache.named): the same names (String, self, get) are looked up in
// every segment for reference after reference and query after query, a
// few percent of the first searches' time on the 25k-file corpus.
const namedKept = 1 << 16

// firstKept is a map a view's queries share, which keeps the first
// entries put in it up to a bound: what resolution worked out once, for
// every query after. Its values are read only.
type firstKept[K comparable, V any] struct {
	mu sync.Mutex
	m  map[K]V
}

func (t *firstKept[K, V]) get(k K) (V, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	v, ok := t.m[k]
	return v, ok
}

// put keeps v under k unless k has a value or the map holds max, and
// returns k's value: the one kept first, or v.
func (t *firstKept[K, V]) put(k K, v V, max int) V {
	t.mu.Lock()
	defer t.mu.Unlock()
	if had, ok := t.m[k]; ok {
		return had
	}
	if t.m == nil {
		t.m = map[K]V{}
	}
	if len(t.m) < max {
		t.m[k] = v
	}
	return v
}

func (q *refQuery) node(r nodeRef) (*segment, nodeMeta, *docMeta) {
	s := q.v.segs[r.seg]
	n := s.node(r.node)
	return s, n, &s.docs[n.doc]
}

// candidates resolves reference r of document d (in segment si).
func (q *refQuery) candidates(si int, d *docMeta, r *treenav.Reference) []nodeRef {
	if r.Textual {
		return nil
	}
	if ans := refAnswerers[d.Language]; ans != nil {
		return ans(q, si, d, r).all()
	}
	if res := refResolvers[d.Language]; res != nil {
		return res(q, si, d, r)
	}
	return q.nameCandidates(d, r)
}

// nameCandidates: the definitions of the name in the document's language.
func (q *refQuery) nameCandidates(d *docMeta, r *treenav.Reference) []nodeRef {
	var out []nodeRef
	for _, c := range q.named(r.Name) {
		_, n, cd := q.node(c)
		if languageOf(cd, n) == d.Language && cd.Collection == d.Collection {
			out = append(out, c)
		}
	}
	return out
}

// isMember: a method, field or other symbol qualified by its parent.
func isMember(n nodeMeta) bool {
	return strings.IndexByte(qualifiedName(n), '.') >= 0
}

// goPkgDir is the key of a Go document's package among the packages
// of its directory: the directory, marked for an external test package
// (package os_test in os/os_test.go), which is a package of its own.
// Its files see each other's names and, through an import, the
// directory's package; the package sees none of theirs. Keyed by the
// directory alone, os_test's newFile(t) was ambiguous with os's
// newFile, and types2_test's nopos with types2's.
func goPkgDir(d *docMeta) string {
	if d.GoXTest {
		return docDir(d) + "\x01test"
	}
	return docDir(d)
}

func docDir(d *docMeta) string {
	// d.Path is clean and relative: path.Dir without Clean's copy, which
	// was a quarter of resolving a common method name's references.
	if i := strings.LastIndexByte(d.Path, '/'); i >= 0 {
		return d.Path[:i]
	}
	return "."
}

// refCache is what reference resolution keeps of a view, built on first
// use: views are immutable, so it never goes stale.
type refCache struct {
	goPkgs  goPkgs
	goNames goNameTable                  // refs_go_names.go
	lang    langFiles                    // refs_lang_view.go
	esAlias esAliasTable                 // refs_es_alias.go
	uses    usesTable                    // uses.go
	named   firstKept[string, []nodeRef] // refQuery.named
	// subclasses is the subclass relation of each language family
	// (refs_lang_view.go).
	subclasses subclassTable
	// queries are finished queries kept for the next (refqueries.go).
	queries refQueryPool
}
