package index

import (
	"cmp"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index/analysis"
)

// Match tiers, best first.
const (
	tierExact         = iota // name, same case
	tierQualified            // qualified name or a dotted suffix of it, same case
	tierExactFold            // name, any case
	tierQualifiedFold        // qualified suffix, any case
	tierPrefix               // name prefix, same case
	tierPrefixFold           // name prefix, any case
	tierHump                 // camel humps: "gUT", "GetUT" → getUserToken
	tierSubstring            // substring, any case
)

// symHit is a symbol that matched, and how. It holds no pointer: a
// common prefix ("get") has hundreds of thousands of hits, and a hit
// with its path as a string made the collector scan all of them.
type symHit struct {
	ref  nodeRef
	tier int
	key  prominence
}

// symHitPool holds find_symbol's hit slices.
var symHitPool = newSlicePool[symHit]()

// compareSymHits orders hits by tier, then prominence, then segment and
// node (two symbols of one line are otherwise equal).
func (v *view) compareSymHits(a, b *symHit) int {
	if a.tier != b.tier {
		return cmp.Compare(a.tier, b.tier)
	}
	if c := a.key.compare(&b.key); c != 0 {
		return c
	}
	if c := strings.Compare(v.segs[a.ref.seg].docs[a.key.doc].Path, v.segs[b.ref.seg].docs[b.key.doc].Path); c != 0 {
		return c
	}
	return cmp.Or(cmp.Compare(a.key.line, b.key.line), cmp.Compare(a.ref.seg, b.ref.seg), cmp.Compare(a.ref.node, b.ref.node))
}

// prominence orders symbols of one tier: shorter names (in prefix tiers,
// the closest completions), live symbols before deprecated ones,
// production code before tests, definitions before re-exports of them,
// public before internal paths, then a
// type's or function's definition before a constructor or a variable of
// the same name (kindRank), then a definition before a mere declaration
// (a C prototype in a header, its body in the .c file: the definition is
// what a change edits, and it says all the prototype says; only when the
// definition is among the hits, see keepDefinedDeclarations), then
// shallow paths first.
type prominence struct {
	nameLen int32 // closer completions first (prefix tiers)
	depth   int32
	line    uint32
	// doc is the symbol's document in its segment: its path orders
	// symbols after depth (compareSymHits).
	doc                              uint32
	kind                             int8 // kindRank
	uses                             int8 // usesBucket, set by weighUses
	deprecated, test, internal, decl bool
}

// compare orders two symbols of one tier by all but their paths and lines
// (compareSymHits reads those): -1 when a comes first.
func (a *prominence) compare(b *prominence) int {
	first := func(x, y bool) int { // x: a has what comes first
		if x == y {
			return 0
		}
		if x {
			return -1
		}
		return 1
	}
	if a.nameLen != b.nameLen {
		return cmp.Compare(a.nameLen, b.nameLen)
	}
	if a.deprecated != b.deprecated {
		return first(!a.deprecated, !b.deprecated)
	}
	if a.test != b.test {
		return first(!a.test, !b.test)
	}
	if ra, rb := a.kind == kindRankExport, b.kind == kindRankExport; ra != rb {
		// A re-export after the definitions, even one under an
		// internal/ directory: rxjs's map is defined in
		// src/internal/operators/map.ts and re-exported from
		// src/index.ts; the definition is what is read and edited.
		return first(!ra, !rb)
	}
	if a.internal != b.internal {
		return first(!a.internal, !b.internal)
	}
	if a.kind != b.kind {
		return cmp.Compare(a.kind, b.kind)
	}
	if a.decl != b.decl {
		return first(!a.decl, !b.decl)
	}
	if a.uses != b.uses {
		return cmp.Compare(b.uses, a.uses)
	}
	return cmp.Compare(a.depth, b.depth)
}

// keepDefinedDeclarations leaves the declaration mark (prominence.decl)
// only on the declarations whose definition is among the hits: a symbol
// of the same name, kind and language with a body. A prototype whose
// definition is elsewhere is the best that there is: fopen's prototype in
// stdio.h, not behind "# define fopen fopen64"; the overloads of rxjs's
// "of" in its .d.ts files, not behind its compiled JavaScript.
//
// Only the hits of the tiers that reach the first keep are read: a
// common prefix ("get") has thousands of prototypes among hundreds of
// thousands of hits, where the page is of exact names. Whether a
// declaration is defined is read from every hit (seen), those dropped
// from the answer since (name-only, the closest name's) included.
func (v *view) keepDefinedDeclarations(hits []symHit, seen []bitset, keep int) {
	if keep == 0 || !slices.ContainsFunc(hits, func(h symHit) bool { return h.key.decl }) {
		return // most queries: no declaration to weigh
	}
	// last is the tier of the keep-th hit: no hit of a later tier is
	// selected, whatever its prominence.
	var perTier [tierSubstring + 1]int
	for i := range hits {
		perTier[hits[i].tier]++
	}
	last, n := 0, 0
	for last = range perTier {
		if n += perTier[last]; n >= keep {
			break
		}
	}
	type group struct {
		name, lang string
		kind       treenav.Kind
	}
	// Whether a hit other than a declaration is of group g: looked up by
	// name among the symbols (each hit is one, in seen), for the few
	// groups of declarations, rather than a set made of every hit's
	// group (a prefix's hundreds of thousands).
	defined := map[group]bool{}
	isDefined := func(g group) bool {
		if ok, done := defined[g]; done {
			return ok
		}
		lname := strings.ToLower(g.name)
		found := false
		for si, s := range v.segs {
			if seen[si] == nil {
				continue
			}
			for _, sym := range s.symsCalled(lname) {
				if found {
					break
				}
				node := sym.node
				if !seen[si].has(node) {
					continue
				}
				n := s.node(node)
				d := &s.docs[n.doc]
				found = n.name() == g.name && n.kind() == g.kind && languageOf(d, n) == g.lang && !prominenceOf(d, n, &s.hot[node]).decl
			}
		}
		defined[g] = found
		return found
	}
	var undefined []int
	for i := range hits {
		if !hits[i].key.decl || hits[i].tier > last {
			continue
		}
		s := v.segs[hits[i].ref.seg]
		n := s.node(hits[i].ref.node)
		if !isDefined(group{n.name(), languageOf(&s.docs[n.doc], n), n.kind()}) {
			undefined = append(undefined, i)
		}
	}
	// Set after every lookup: each reads the declarations as they were.
	for _, i := range undefined {
		hits[i].key.decl = false
	}
}

// weighUses sets the uses of the hits that match the query's name
// exactly or by its qualified name, when there are several: which of the
// ReadFiles the code calls most. Weaker tiers (prefixes, humps) are
// ordered by how close the name is, and counting every name they hold
// would cost a pass over each name's references.
func (ix *Index) weighUses(v *view, hits []symHit) {
	n := 0
	for i := range hits {
		if hits[i].tier <= tierQualifiedFold {
			n++
		}
	}
	if n < 2 {
		return
	}
	uses := requestUses{ix: ix, v: v}
	for i := range hits {
		h := &hits[i]
		if h.tier > tierQualifiedFold {
			continue
		}
		// A case-folded query of many spellings: the first ones only.
		if m, ok := uses.of(v.segs[h.ref.seg].node(h.ref.node).name()); ok {
			h.key.uses = int8(usesBucket(m[h.ref]))
		}
	}
}

// prominenceOf reads internal (an internal path or a private symbol) from
// the node's hot flags, where buildHot derived it.
func prominenceOf(d *docMeta, n nodeMeta, h *nodeHot) prominence {
	p := d.Path
	internal := h.flags&hotInternal != 0
	return prominence{nameLen: int32(len(n.name())), deprecated: n.deprecated, test: d.test, internal: internal,
		kind: int8(kindRank(n.kind())), decl: n.decl, depth: int32(strings.Count(p, "/")), doc: n.doc, line: n.lineStart}
}

// kindRank orders symbols that share a name by what a lookup most likely
// wants: the type (Python's class Enum, not the placeholder "Enum = None"
// above it; C++'s class unique_ptr, not a constructor of it in another
// header), then a function or method, then a constructor or property,
// then a variable, constant or field, and last a re-export of what is
// defined elsewhere.
func kindRank(k treenav.Kind) int {
	switch k {
	case treenav.KindFunction, treenav.KindMethod, treenav.KindMacro:
		return 1
	case treenav.KindConstructor, treenav.KindProperty:
		return 2
	case treenav.KindField, treenav.KindConstant, treenav.KindVariable:
		return 3
	case treenav.KindExport:
		return kindRankExport
	}
	return 0 // types, modules and namespaces
}

// kindRankExport is kindRank's rank of a re-export, the last.
const kindRankExport = 4

// languageOf is a node's language: its own (a fenced block's, or a
// symbol of one), else its document's.
func languageOf(d *docMeta, n nodeMeta) string {
	if n.language() != "" {
		return n.language()
	}
	return d.Language
}

// Symbols finds code symbols by name: exact name, then qualified suffix
// ("Router.addRoute", "addRoute"), then prefix, then camel humps and
// substrings, each tier trying the same case before any case.
func (ix *Index) Symbols(req SymbolRequest) (*treenav.SymbolsResponse, error) {
	return ix.symbols(req, true)
}

// symbols answers req; with suggest, a query that matched no name lists
// the symbols of the closest name first (match "closest"), so that a
// typo is answered in one call, marked as what it is.
func (ix *Index) symbols(req SymbolRequest, suggest bool) (*treenav.SymbolsResponse, error) {
	v := ix.view()
	resp := &treenav.SymbolsResponse{Query: req.Query, Symbols: []treenav.Symbol{}}
	q := strings.TrimSpace(req.Query)
	if q == "" {
		return nil, &BadRequestError{"empty symbol query"}
	}
	if err := checkQueryLength(req.Query); err != nil {
		return nil, err
	}
	limit := req.Limit
	if limit <= 0 {
		limit = DefaultSymbolLimit
	}
	paths, err := v.compilePathScope(req.PathGlob, req.PathGlobs)
	if err != nil {
		return nil, err
	}
	if err := checkTestScope(req.Tests); err != nil {
		return nil, err
	}
	languages := normalizeLanguages(req.Languages)
	if len(req.Kinds) > 0 || len(languages) > 0 || len(req.Collections) > 0 {
		sv := v.scope()
		if err := sv.checkKinds(req.Kinds); err != nil {
			return nil, err
		}
		if err := sv.checkLanguages(languages, true); err != nil {
			return nil, err
		}
		if err := sv.checkCollections(req.Collections); err != nil {
			return nil, err
		}
	}
	kinds := toSet(req.Kinds)
	langs := toSet(languages)
	colls := toSet(req.Collections)
	q = strings.ReplaceAll(q, "::", ".")
	q = strings.ReplaceAll(q, "#", ".")
	name := q
	if i := strings.LastIndexByte(q, '.'); i >= 0 && i < len(q)-1 {
		name = q[i+1:]
	}
	lq, lname := strings.ToLower(q), strings.ToLower(name)
	qualified := name != q

	// A common prefix ("get") has hundreds of thousands of hits: their
	// slice is kept across calls (growing it was a third of the call).
	hp := symHitPool.get()
	hits := (*hp)[:0]
	defer func() {
		*hp = hits
		putSlice(&symHitPool, hp)
	}()
	// seen holds the hits by segment: a common prefix ("get") accepts
	// hundreds of thousands of symbols, and a map of them was a third of
	// the query.
	seen := make([]bitset, len(v.segs))
	// acceptTo appends the symbol to out if it passes the filters and
	// is not a hit already; accept appends to hits.
	acceptTo := func(out *[]symHit, si int, node uint32, tier int) {
		ref := nodeRef{uint32(si), node}
		if seen[si] == nil {
			seen[si] = make(bitset, (len(v.segs[si].nodes)+63)/64)
		}
		if seen[si].has(node) {
			return
		}
		s := v.segs[si]
		n := s.node(node)
		d := &s.docs[n.doc]
		if !v.live(si, n.doc) {
			return
		}
		if kinds != nil && !kinds[string(n.kind())] && !kinds[n.nativeKind()] {
			return
		}
		if langs != nil && !langs[languageOf(d, n)] {
			return
		}
		if colls != nil && !colls[d.Collection] {
			return
		}
		if !paths.match(d.Path) || !req.Tests.keeps(d) {
			return
		}
		seen[si].set(node)
		*out = append(*out, symHit{ref: ref, tier: tier, key: prominenceOf(d, n, &s.hot[node])})
	}
	accept := func(si int, node uint32, tier int) { acceptTo(&hits, si, node, tier) }

	for si, s := range v.segs {
		// Names equal to the (last part of the) query, any case.
		for _, sym := range s.symsCalled(lname) {
			node := sym.node
			n := s.node(node)
			qn := qualifiedName(n)
			// A qualifier may also name the module: "json.Marshal" is
			// Marshal of encoding/json/ (moduleQualified).
			d := &s.docs[n.doc]
			lang := languageOf(d, n)
			switch {
			case qualified && (qn == q || strings.HasSuffix(qn, "."+q) || moduleQualified(q, qn, d.Path, lang, d.Module, false)):
				accept(si, node, tierQualified)
			case qualified && (strings.ToLower(qn) == lq || strings.HasSuffix(strings.ToLower(qn), "."+lq) || moduleQualified(q, qn, d.Path, lang, d.Module, true)):
				accept(si, node, tierQualifiedFold)
			case qualified:
				// The name matches but not the qualifier: a weak hit.
				accept(si, node, tierName)
			case n.name() == q:
				accept(si, node, tierExact)
			default:
				accept(si, node, tierExactFold)
			}
		}
		if qualified {
			continue
		}
		// Prefixes.
		i := sort.Search(len(s.syms), func(k int) bool { return s.symLower(k) >= lname })
		for scanned := 0; i < len(s.syms) && strings.HasPrefix(s.symLower(i), lname) && scanned < 50000; i, scanned = i+1, scanned+1 {
			node := s.syms[i].node
			if strings.HasPrefix(s.node(node).name(), name) {
				accept(si, node, tierPrefix)
			} else {
				accept(si, node, tierPrefixFold)
			}
		}
	}
	if qualified && !slices.ContainsFunc(hits, func(h symHit) bool { return h.tier <= tierQualifiedFold }) {
		// A Python name as code imports it: os.path.join is posixpath's
		// join (pythonDotted), as find_references reads the name.
		rq := v.takeRefQuery(ix, false)
		for _, r := range rq.pythonDotted(q) {
			if i := slices.IndexFunc(hits, func(h symHit) bool { return h.ref == r }); i >= 0 {
				hits[i].tier = tierQualified
			} else {
				accept(int(r.seg), r.node, tierQualified)
			}
		}
		v.doneRefQuery(rq)
	}
	// Humps and substrings only when the better tiers left room: each
	// segment's apart (its hits, its bitset), on every core when there
	// are several, as a segment's first lookup builds its name scan (a
	// tenth of a second over the 25k-file corpus's segments); joined in
	// segment order.
	if len(hits) < limit && !qualified && len(lname) >= 2 {
		weak := make([][]symHit, len(v.segs))
		onSegments(len(v.segs), v.segmentWorkers(), func(int) func(si int) {
			return func(si int) {
				v.weakSymbols(si, name, lname, func(node uint32, tier int) { acceptTo(&weak[si], si, node, tier) })
			}
		})
		for _, w := range weak {
			hits = append(hits, w...)
		}
	}
	ix.weighUses(v, hits)
	resp.Total = len(hits)
	filtered := kinds != nil || langs != nil || colls != nil || paths != nil || req.Tests.narrows()
	resp.Note, resp.Closest = v.symbolNote(q, name, qualified, filtered, hits)
	if qualified && slices.ContainsFunc(hits, func(h symHit) bool { return h.tier <= tierQualifiedFold }) {
		// The qualifier said which one: the other symbols of that name
		// (the weakest tier) are counted, not listed.
		if strong := slices.DeleteFunc(hits, func(h symHit) bool { return h.tier == tierName }); len(strong) < len(hits) {
			resp.NameOnly, resp.NameOnlyQuery = len(hits)-len(strong), name
			hits = strong
		}
	}
	var near []treenav.Symbol // the closest name's own symbols
	if suggest && len(resp.Closest) > 0 {
		sub := req
		sub.Query = resp.Closest[0]
		if r, err := ix.symbols(sub, false); err == nil {
			ids := map[string]bool{}
			for _, sym := range r.Symbols {
				if sym.Match == MatchExact || sym.Match == MatchQualified {
					sym.Match = MatchClosest
					near = append(near, sym)
					ids[sym.NodeID] = true
				}
			}
			if len(near) > 0 {
				// A weak hit already (a name-only or substring match)
				// moves up, as the closest.
				hits = slices.DeleteFunc(hits, func(h symHit) bool {
					s := v.segs[h.ref.seg]
					n := s.node(h.ref.node)
					return ids[nodeID(&s.docs[n.doc], n)]
				})
			}
		}
		resp.Total = len(hits) + len(near)
	}
	// Only the first page is ordered (selectTop): by tier, prominence,
	// then node, a total order.
	keep := min(len(hits), max(0, limit-len(near)))
	v.keepDefinedDeclarations(hits, seen, keep)
	selectTop(hits, keep, v.compareSymHits)
	if len(near)+len(hits) > limit {
		hits = hits[:keep]
		near = near[:min(len(near), limit)]
		resp.Truncated = true
	}
	budget := newCharBudget(req.MaxChars)
	budget.reserve(&treenav.SymbolsResponse{Query: req.Query, Total: resp.Total, Note: resp.Note, Closest: resp.Closest, Symbols: []treenav.Symbol{}, Truncated: true, NameOnly: resp.NameOnly, NameOnlyQuery: resp.NameOnlyQuery})
	for _, sym := range near {
		if !budget.take(jsonSize(sym), len(resp.Symbols)) {
			resp.Truncated = true
			return resp, nil
		}
		resp.Symbols = append(resp.Symbols, sym)
	}
	for _, h := range hits {
		s := v.segs[h.ref.seg]
		n := s.node(h.ref.node)
		d := &s.docs[n.doc]
		lang := languageOf(d, n)
		sym := treenav.Symbol{
			NodeID: nodeID(d, n), DocID: d.DocID, Path: d.Path, Name: n.name(),
			QualifiedName: qualifiedName(n), Kind: n.kind(), Language: lang,
			LineStart: int(n.lineStart), LineEnd: int(n.lineEnd), Signature: n.signature(),
			Deprecated: n.deprecated, Declaration: n.decl, Constraint: s.constraintOf(n), Match: matchOf(h.tier, qualified),
		}
		if !budget.take(jsonSize(sym), len(resp.Symbols)) {
			resp.Truncated = true
			break
		}
		resp.Symbols = append(resp.Symbols, sym)
	}
	return resp, nil
}

// qualifiedName is stored only where it differs from the anchor (which is
// the qualified name plus a "~2" for duplicates).
func qualifiedName(n nodeMeta) string {
	if n.qualified() != "" {
		return n.qualified()
	}
	a := n.anchor()
	if i := strings.LastIndex(a, "~"); i > 0 && isDigits(a[i+1:]) {
		return a[:i]
	}
	return a
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// humpMatch reports whether query abbreviates name by the starts of its
// parts: "gUT" and "getUT" match getUserToken, "HS" matches HTTPServer.
// Each query letter continues the current part or starts a later one.
func humpMatch(query, name string) bool {
	var starts []int // byte offsets where parts start
	var parts [16][2]int
	n := analysis.SplitParts([]byte(name), parts[:])
	if n < 2 {
		return false
	}
	for i := 0; i < n; i++ {
		starts = append(starts, parts[i][0])
	}
	var match func(qi, pi, off int) bool
	match = func(qi, pi, off int) bool {
		if qi == len(query) {
			return true
		}
		qc := unicode.ToLower(rune(query[qi]))
		// Continue within the current part.
		if pi < n && off < parts[pi][1] && unicode.ToLower(rune(name[off])) == qc && off > parts[pi][0] {
			if match(qi+1, pi, off+1) {
				return true
			}
		}
		// Or start a later part.
		for p := pi + 1; p < n; p++ {
			if unicode.ToLower(rune(name[starts[p]])) == qc && match(qi+1, p, starts[p]+1) {
				return true
			}
		}
		return false
	}
	// The first query letter must start the first part.
	if len(query) == 0 || unicode.ToLower(rune(query[0])) != unicode.ToLower(rune(name[0])) {
		return false
	}
	return match(1, 0, 1)
}

// isSubsequence reports whether the bytes of q appear in s in order.
func isSubsequence(q, s string) bool {
	j := 0
	for i := 0; i < len(s) && j < len(q); i++ {
		if s[i] == q[j] {
			j++
		}
	}
	return j == len(q)
}

func toSet(xs []string) map[string]bool {
	if len(xs) == 0 {
		return nil
	}
	m := map[string]bool{}
	for _, x := range xs {
		for _, p := range strings.Split(x, ",") {
			if p = strings.TrimSpace(p); p != "" {
				m[p] = true
			}
		}
	}
	return m
}

// weakSymbols finds segment si's symbols whose names hold name's camel
// humps (a subsequence read in their own case) or, from three letters, its
// lowercase form lname as a substring, and calls accept with each
// (humps first; accept skips a symbol it has taken). The names with lname
// as a prefix, the better tiers', are left out.
func (v *view) weakSymbols(si int, name, lname string, accept func(node uint32, tier int)) {
	s := v.segs[si]
	// The names sorted by their lowercase form: those with the query as
	// prefix, already taken, are one run [pLo, pHi); those that start
	// with its first letter, where humps can be, are another [lLo, lHi).
	// Substrings are anywhere, and only searched for from three letters.
	syms := s.syms
	pLo := sort.Search(len(syms), func(k int) bool { return s.symLower(k) >= lname })
	pHi := pLo + sort.Search(len(syms)-pLo, func(k int) bool { return !strings.HasPrefix(s.symLower(pLo+k), lname) })
	first := lname[0]
	lLo := sort.Search(len(syms), func(k int) bool { return s.symLower(k) != "" && s.symLower(k)[0] >= first })
	lHi := lLo + sort.Search(len(syms)-lLo, func(k int) bool { return s.symLower(lLo + k)[0] > first })
	// Each distinct name of the run is tested once (nameScan's runs);
	// humps are read in each symbol's own case.
	ns := s.names()
	for k := ns.runAt(lLo); k < len(ns.first)-1 && int(ns.first[k]) < lHi; k++ {
		lo, hi := int(ns.first[k]), int(ns.first[k+1])
		if lo >= pLo && lo < pHi || !isSubsequence(lname, ns.name(k)) {
			continue
		}
		for _, e := range syms[lo:hi] {
			if humpMatch(name, s.node(e.node).name()) {
				accept(e.node, tierHump)
			}
		}
	}
	if len(lname) >= 3 && strings.IndexByte(lname, 0) < 0 {
		ns.containing(lname, pLo, pHi, func(lo, hi int) {
			for _, e := range syms[lo:hi] {
				accept(e.node, tierSubstring)
			}
		})
	}
}
