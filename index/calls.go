package index

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/treenav/treenav"
)

// CallsRequest asks for a call hierarchy (get_call_hierarchy, treenav
// calls).
type CallsRequest struct {
	Target    string
	Direction string // "incoming" (default) or "outgoing"
	Depth     int    // 1 (default) to MaxCallDepth
	Limit     int    // groups, default DefaultCallLimit
	MaxChars  int    // default DefaultMaxChars
	// PathGlobs and Tests scope the calls: incoming, the callers' files;
	// outgoing, the callees'. A glob may be a "!glob" exclusion.
	PathGlobs []string
	Tests     TestScope
}

// Call hierarchy bounds.
const (
	MaxCallDepth     = 3
	DefaultCallLimit = 30
	// maxCallsPerGroup bounds the call sites listed per group; the totals
	// count them all.
	maxCallsPerGroup = 10
	// maxOutgoingCandidates: an outgoing call with more candidates than
	// this (a method of a value of unknown type) is counted, not listed.
	maxOutgoingCandidates = 3
)

type callSite struct {
	hit refHit
	via bool
}

type callGroup struct {
	node  nodeRef
	depth int
	via   nodeRef
	calls []callSite
}

// CallHierarchy answers get_call_hierarchy: the callers (incoming) or
// callees (outgoing) of a definition, grouped by enclosing symbol (or by
// callee), to a depth of 1 to 3. Incoming calls include calls through an
// interface method the definition implements, marked via_interface.
func (ix *Index) CallHierarchy(req CallsRequest) (*treenav.CallHierarchyResponse, error) {
	v := ix.view()
	q := v.takeRefQuery(ix, false)
	defer v.doneRefQuery(q)
	target, err := q.resolveTarget(req.Target)
	if err != nil {
		return nil, err
	}
	dir := req.Direction
	if dir == "" {
		dir = "incoming"
	}
	if dir != "incoming" && dir != "outgoing" {
		return nil, &BadRequestError{"direction " + QuoteInput(dir) + ": want incoming or outgoing"}
	}
	depth := req.Depth
	if depth == 0 {
		depth = 1
	}
	if depth < 1 || depth > MaxCallDepth {
		return nil, &BadRequestError{fmt.Sprintf("depth %d: want 1 to %d", depth, MaxCallDepth)}
	}
	limit := req.Limit
	if limit <= 0 {
		limit = DefaultCallLimit
	}
	maxChars := req.MaxChars
	if maxChars <= 0 {
		maxChars = DefaultMaxChars
	}
	keep, err := v.refScope("", req.PathGlobs, req.Tests, nil)
	if err != nil {
		return nil, err
	}
	resp := &treenav.CallHierarchyResponse{Symbol: q.refSymbol(target), Direction: dir, Depth: depth, Groups: []treenav.CallGroup{}}
	for _, m := range q.implementations(target) {
		resp.Implementations = append(resp.Implementations, q.refSymbol(m))
	}

	var groups []*callGroup
	seen := map[nodeRef]bool{target: true}
	level := []nodeRef{target}
	for d := 1; d <= depth && len(level) > 0; d++ {
		var next []nodeRef
		for _, t := range level {
			var gs []*callGroup
			if dir == "incoming" {
				var notCalls int
				gs, notCalls = q.callers(t, keep)
				if d == 1 {
					resp.NotCalls = notCalls
				}
			} else {
				var unresolved int
				gs, unresolved = q.callees(t, keep)
				if d == 1 {
					resp.Unresolved += unresolved
				}
			}
			for _, g := range gs {
				g.depth, g.via = d, t
				groups = append(groups, g)
				resp.TotalCalls += len(g.calls)
				if !seen[g.node] {
					seen[g.node] = true
					next = append(next, g.node)
				}
			}
		}
		level = next
	}
	resp.TotalGroups = len(groups)
	if dir == "incoming" {
		var c treenav.RefCounts
		for _, g := range groups {
			if g.depth != 1 {
				continue
			}
			for _, site := range g.calls {
				if site.hit.conf == treenav.Resolved {
					c.Resolved++
				} else {
					c.Ambiguous++
				}
			}
		}
		_, tn, _ := q.node(target)
		resp.Note = q.ambiguityNote(tn, c, "calls", "the groups of the %d resolved ones come first")
	}

	used, cutGroups, cutCalls := 0, 0, 0
	for _, g := range groups {
		if len(resp.Groups) >= limit {
			cutGroups++
			continue
		}
		cg := treenav.CallGroup{Symbol: q.refSymbol(g.node), Depth: g.depth, Calls: []treenav.CallSite{}}
		if g.depth > 1 {
			_, n, d := q.node(g.via)
			cg.Via = nodeID(d, n)
		}
		size := len(cg.Symbol.NodeID) + len(cg.Symbol.Path) + len(cg.Symbol.QualifiedName) + len(cg.Via) + 120
		if used+size > maxChars && len(resp.Groups) > 0 {
			cutGroups++
			continue
		}
		used += size
		for i, c := range g.calls {
			if i >= maxCallsPerGroup {
				cutCalls += len(g.calls) - i
				break
			}
			h := ix.refHitOf(v, c.hit)
			site := treenav.CallSite{Path: h.Path, Line: h.Line, Column: h.Column, Confidence: h.Confidence, ViaInterface: c.via, Text: h.Text}
			sz := len(site.Path) + len(site.Text) + 80
			if used+sz > maxChars && len(cg.Calls) > 0 {
				cutCalls += len(g.calls) - i
				break
			}
			used += sz
			cg.Calls = append(cg.Calls, site)
		}
		resp.Groups = append(resp.Groups, cg)
	}
	if cutGroups > 0 || cutCalls > 0 {
		resp.Truncated = true
		var parts []string
		if cutGroups > 0 {
			parts = append(parts, fmt.Sprintf("%d of %d groups (raise limit or max_chars)", cutGroups, len(groups)))
		}
		if cutCalls > 0 {
			parts = append(parts, fmt.Sprintf("%d call sites (at most %d per group; find_references lists them all)", cutCalls, maxCallsPerGroup))
		}
		resp.Cut = strings.Join(parts, "; ")
	}
	return resp, nil
}

func (q *refQuery) refSymbol(r nodeRef) treenav.RefSymbol {
	_, n, d := q.node(r)
	return treenav.RefSymbol{NodeID: nodeID(d, n), Name: n.name(), QualifiedName: qualifiedName(n),
		Kind: n.kind(), Path: d.Path, LineStart: int(n.lineStart)}
}

// callers groups the calls of t (and of the interface methods it
// implements) in the documents keep takes by the symbol they sit in, in
// path and line order, and counts the references to t there that are
// not calls (textual ones aside).
func (q *refQuery) callers(t nodeRef, keep func(*docMeta) bool) ([]*callGroup, int) {
	var sites []callSite
	direct := map[refHit]bool{}
	notCalls := 0
	for _, h := range q.referencesTo(t, keep) {
		if h.conf == treenav.Textual {
			continue
		}
		if !q.isCall(h) {
			notCalls++
			continue
		}
		sites = append(sites, callSite{hit: h})
		direct[refHit{seg: h.seg, doc: h.doc, ref: h.ref}] = true
	}
	for _, im := range q.implemented(t) {
		for _, h := range q.referencesTo(im, keep) {
			// A call already listed as a candidate of t is not listed again.
			if h.conf != treenav.Textual && q.isCall(h) && !direct[refHit{seg: h.seg, doc: h.doc, ref: h.ref}] {
				sites = append(sites, callSite{hit: h, via: true})
			}
		}
	}
	byNode := map[nodeRef]*callGroup{}
	var out []*callGroup
	for _, c := range sites {
		s := q.v.segs[c.hit.seg]
		d := &s.docs[c.hit.doc]
		encl := d.nodeStart + d.refs.rec(c.hit.ref).encl
		if encl >= d.nodeEnd {
			encl = d.nodeStart
		}
		key := nodeRef{c.hit.seg, encl}
		g := byNode[key]
		if g == nil {
			g = &callGroup{node: key}
			byNode[key] = g
			out = append(out, g)
		}
		g.calls = append(g.calls, c)
	}
	q.sortGroups(out)
	// The callers sure to call t first, each part in path order: a
	// common method's calls on values of unknown type (other classes'
	// self.__init__, base.close) sort among them by path, and filled the
	// first page of ArgumentParser.__init__'s callers before any
	// ArgumentParser(...).
	sure, guessed := out[:0:0], []*callGroup(nil)
	for _, g := range out {
		if slices.ContainsFunc(g.calls, func(c callSite) bool { return c.hit.conf == treenav.Resolved }) {
			sure = append(sure, g)
		} else {
			guessed = append(guessed, g)
		}
	}
	return append(sure, guessed...), notCalls
}

// callees groups the calls inside t by the definition they call, those
// in the documents keep takes; calls with no candidate or too many are
// counted.
func (q *refQuery) callees(t nodeRef, keep func(*docMeta) bool) ([]*callGroup, int) {
	s, n, d := q.node(t)
	if d.refs == nil {
		return nil, 0
	}
	si := int(t.seg)
	from, to := t.node, n.end
	byNode := map[nodeRef]*callGroup{}
	var out []*callGroup
	unresolved := 0
	for i := range uint32(d.refs.n()) {
		rr := d.refs.rec(i)
		g := d.nodeStart + rr.encl
		if g < from || g >= to || rr.textual || treenav.RefKinds[rr.kind] != treenav.RefCall {
			continue
		}
		r := d.refs.reference(int(i))
		cands, conf := q.calleesOf(si, d, &r)
		if len(cands) == 0 || len(cands) > maxOutgoingCandidates {
			unresolved++
			continue
		}
		for _, c := range cands {
			if _, _, cd := q.node(c); !keep(cd) {
				continue // a callee out of scope
			}
			grp := byNode[c]
			if grp == nil {
				grp = &callGroup{node: c}
				byNode[c] = grp
				out = append(out, grp)
			}
			grp.calls = append(grp.calls, callSite{hit: refHit{seg: t.seg, doc: s.nodes[t.node].doc, ref: i, conf: conf}})
		}
	}
	q.sortGroups(out)
	return out, unresolved
}

// calleesOf is what an outgoing call reaches, and how surely: its
// candidates when they are few (one is resolved), else, where the
// language's resolver answers with a confidence, the definitions it
// names (the enclosing class's own method, an interface's declaration,
// as a compiler binds the call) without the overrides that may run
// instead. Counted with their overrides, the put() that AbstractMap.putAll
// calls on itself and the entrySet() of its Map parameter had dozens of
// candidates each and were counted among the unresolved calls.
func (q *refQuery) calleesOf(si int, d *docMeta, r *treenav.Reference) ([]nodeRef, treenav.Confidence) {
	var a refAnswer
	ans := refAnswerers[d.Language]
	var cands []nodeRef
	if ans != nil && !r.Textual {
		a = ans(q, si, d, r)
		cands = a.all()
	} else {
		cands = q.candidates(si, d, r)
	}
	switch {
	case len(cands) == 1:
		if ans != nil && !a.sure {
			if _, _, cd := q.node(cands[0]); testOnly(d, cd) {
				return nil, treenav.Ambiguous // a guess into a test: unresolved
			}
		}
		return cands, treenav.Resolved
	case len(cands) <= maxOutgoingCandidates || ans == nil:
		return q.notTests(d, cands), treenav.Ambiguous
	}
	named := append(slices.Clip(a.defs), a.also...)
	if len(named) == 0 {
		return cands, treenav.Ambiguous // too many: unresolved
	}
	if a.sure {
		return named, treenav.Resolved
	}
	return q.notTests(d, named), treenav.Ambiguous
}

// notTests is the candidates of a guess from document d that are not in
// tests, when d is not (testOnly): all of them when it is. Fewer
// candidates make the guess no surer: the caller's confidence stands.
func (q *refQuery) notTests(d *docMeta, cands []nodeRef) []nodeRef {
	if d.test {
		return cands
	}
	out := cands[:0:0]
	for _, c := range cands {
		if _, _, cd := q.node(c); !testOnly(d, cd) {
			out = append(out, c)
		}
	}
	return out
}

func (q *refQuery) isCall(h refHit) bool {
	d := &q.v.segs[h.seg].docs[h.doc]
	return d.refs.kind(h.ref) == treenav.RefCall
}

func (q *refQuery) sortGroups(gs []*callGroup) {
	sort.SliceStable(gs, func(i, j int) bool {
		_, a, ad := q.node(gs[i].node)
		_, b, bd := q.node(gs[j].node)
		if ad.Path != bd.Path {
			return ad.Path < bd.Path
		}
		return a.lineStart < b.lineStart
	})
	for _, g := range gs {
		sort.SliceStable(g.calls, func(i, j int) bool {
			a, b := q.hitKey(g.calls[i].hit), q.hitKey(g.calls[j].hit)
			if a.path != b.path {
				return a.path < b.path
			}
			if a.line != b.line {
				return a.line < b.line
			}
			return a.col < b.col
		})
	}
}
