package index

import "sync"

// Reference queries, kept. A query resolves references against indexes
// it fills as it goes (the definitions of each name it meets, their
// members, overrides and files: refQuery.lang and its memos), all of
// them read off the view, which never changes. Made anew for each
// find_references, find_references on a common name filled them again:
// Python's ArgumentParser.__init__ (17,000 definitions of __init__ in
// the standard library and its site-packages) took 120-140 ms warm,
// 58-62 when the query of the call before was used again. So a view
// keeps a few finished queries and hands them to the next
// (takeRefQuery, doneRefQuery): a query is used by one goroutine at a
// time, and one that grew past refQueryMaxDefs definitions and memo
// entries is let go. ReleaseIdle drops them with the view's other buffers.

// refQueriesKept is how many finished queries of each kind (sureOnly or
// not) a view keeps; refQueryMaxDefs, the most definitions (about 100
// bytes each, and their lookup tables) and memo entries a kept one may
// hold: a server asked about name after name lets its queries go and
// starts again, rather than growing.
const (
	refQueriesKept  = 2
	refQueryMaxDefs = 1 << 16
)

// refQueryPool is a view's finished queries, by sureOnly.
type refQueryPool struct {
	mu   sync.Mutex
	free [2][]*refQuery
}

func sureIndex(sure bool) int {
	if sure {
		return 1
	}
	return 0
}

// takeRefQuery is a query of view v for index ix: a finished one the view
// kept, or a new one. sureOnly is the kind (refQuery.sureOnly).
func (v *view) takeRefQuery(ix *Index, sureOnly bool) *refQuery {
	p := &v.refCache.queries
	k := sureIndex(sureOnly)
	p.mu.Lock()
	if n := len(p.free[k]); n > 0 {
		q := p.free[k][n-1]
		p.free[k] = p.free[k][:n-1]
		p.mu.Unlock()
		q.ix = ix
		return q
	}
	p.mu.Unlock()
	q := newRefQuery(ix, v)
	q.sureOnly = sureOnly
	return q
}

// doneRefQuery gives back a query takeRefQuery gave, which its caller no
// longer uses: kept for the next unless the view keeps enough or it
// holds too much.
func (v *view) doneRefQuery(q *refQuery) {
	if q == nil || q.v != v || q.heldDefs() > refQueryMaxDefs {
		return
	}
	p := &v.refCache.queries
	k := sureIndex(q.sureOnly)
	p.mu.Lock()
	if len(p.free[k]) < refQueriesKept {
		p.free[k] = append(p.free[k], q)
	}
	p.mu.Unlock()
}

// dropAll lets the kept queries go.
func (p *refQueryPool) dropAll() {
	p.mu.Lock()
	p.free = [2][]*refQuery{}
	p.mu.Unlock()
}

// heldDefs is how many definitions the query's language indexes hold,
// and the entries of its own memos (names, files' bindings, candidates),
// which grow with every name a kept query is asked about.
func (q *refQuery) heldDefs() int {
	n := len(q.byName) + len(q.binds) + len(q.seen) + len(q.hostOf) + len(q.cCands) + len(q.incs) + len(q.parents) + len(q.cTyped)
	q.lang.mu.Lock()
	defer q.lang.mu.Unlock()
	for _, li := range q.lang.m {
		n += len(li.x.Defs)
	}
	return n
}
