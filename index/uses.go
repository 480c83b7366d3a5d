package index

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
	"strings"
	"sync"

	"github.com/treenav/treenav"
)

// How much the code base leans on a definition: the references the view
// resolves to it (its in-degree in the reference graph, as aider's repo
// map weighs symbols). Among definitions that share the name a query
// asks for, the one the code calls most is most likely the one meant:
// os.ReadFile (hundreds of resolved calls in GOROOT), not embed's
// FS.ReadFile (three). find_symbol orders such definitions by it
// (prominence.uses) and search multiplies the scores of the symbols named
// by the query by a small prior (Ranking.UsesWeight, usesPrior). Issue 28,
// item 4.

// usesSample bounds the references read to count one name's uses: a name
// with more (String, Error, New) is counted on every k-th reference and
// the counts scaled back, which keeps their order.
var usesSample = 1024

// usesMaxNames bounds the names whose counts a view keeps.
const usesMaxNames = 4096

// usesTable is what a view keeps of the counts: by name, each
// definition's count of resolved references.
type usesTable struct {
	mu     sync.Mutex
	byName map[string]map[nodeRef]int32
}

// usesOf returns, for each definition named name, how many references of
// the view resolve to it (only resolved ones: an ambiguous reference says
// nothing of which definition the code leans on), with find_references'
// resolver: the index reads a Go file's build lines to tell platforms
// apart. Counted once per view and name.
func (ix *Index) usesOf(v *view, name string) map[nodeRef]int32 {
	t := &v.refCache.uses
	t.mu.Lock()
	if m, ok := t.byName[name]; ok {
		t.mu.Unlock()
		return m
	}
	t.mu.Unlock()
	m := ix.countUses(v, name)
	t.mu.Lock()
	if t.byName == nil || len(t.byName) >= usesMaxNames {
		t.byName = map[string]map[nodeRef]int32{}
	}
	t.byName[name] = m
	t.mu.Unlock()
	return m
}

// countUses counts name's uses over the view. A common name's sample (a
// thousand references, each resolved) is counted by one worker a core
// when the view has several segments, each taking the next segment with
// its own query (its memos its own): the counts are sums, the same
// whichever worker resolved a reference.
func (ix *Index) countUses(v *view, name string) map[nodeRef]int32 {
	total := v.refsNamedCount(name)
	out := map[nodeRef]int32{}
	if total == 0 {
		return out
	}
	step := uint32((total + usesSample - 1) / usesSample)
	workers := v.segmentWorkers()
	if total/int(step) < parallelUses {
		workers = 1
	}
	// Worker 0 counts into out, the others into maps added to it.
	counts := make([]map[nodeRef]int32, workers)
	queries := make([]*refQuery, workers)
	defer func() {
		for _, q := range queries {
			v.doneRefQuery(q)
		}
	}()
	onSegments(len(v.segs), workers, func(k int) func(si int) {
		q := newUsesQuery(ix, v)
		queries[k] = q
		counts[k] = out
		if k > 0 {
			counts[k] = map[nodeRef]int32{}
		}
		return func(si int) { q.countSegment(si, name, step, counts[k]) }
	})
	for _, m := range counts[1:] {
		for c, n := range m {
			out[c] += n
		}
	}
	return out
}

// parallelUses is how many references a count must resolve before its
// segments are counted side by side (a reference takes tens of
// microseconds to resolve).
var parallelUses = 64

// newUsesQuery is the query that resolves references to count uses.
// Only sure answers count (resolvedTo): the subclass relation that a
// member's overrides need is not built for them. On the 25k-file corpus
// its build was a third of the first search's counting.
func newUsesQuery(ix *Index, v *view) *refQuery {
	return v.takeRefQuery(ix, true)
}

// countSegment adds to out the uses of name that segment si's sampled
// references (every step-th by usesHash) resolve to, step each.
func (q *refQuery) countSegment(si int, name string, step uint32, out map[nodeRef]int32) {
	q.namedRefs(si, name, func(d *docMeta, _, ref uint32) {
		if line, col := d.refs.at(ref); step > 1 && usesHash(d.Path, int(line), int(col))%step != 0 {
			return // not sampled: not decoded either
		}
		r := d.refs.reference(int(ref))
		for _, c := range q.resolvedTo(si, d, &r) {
			out[c] += int32(step)
		}
	})
}

// usesHash picks the references a sampled count reads by where they are
// (FNV-1a of the path, line and column), not by their order in the
// view's segments: that order depends on which build worker took which
// file and on the updates since, and a count that sampled by it ordered
// TestCase.run and IsolatedAsyncioTestCase.run differently from one
// build of the same files to the next.
func usesHash(path string, line, col int) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(path); i++ {
		h = (h ^ uint32(path[i])) * 16777619
	}
	for _, x := range [2]int{line, col} {
		for range 4 {
			h = (h ^ uint32(x&0xff)) * 16777619
			x >>= 8
		}
	}
	return h
}

// resolvedTo is the definition reference r names when the view resolves
// it (find_references' "resolved"), nil when it is ambiguous, textual or
// unknown. A symbol declared more than once (a C prototype and its body)
// may answer all its declarations.
func (q *refQuery) resolvedTo(si int, d *docMeta, r *treenav.Reference) []nodeRef {
	if r.Textual {
		return nil
	}
	if ans := refAnswerers[d.Language]; ans != nil {
		if a := ans(q, si, d, r); a.sure {
			return append(a.defs, a.also...)
		}
		return nil
	}
	return q.resolvedAmong(d, r, q.candidates(si, d, r))
}

// usesBucket is a count's order of magnitude (0 for none, then 1 + log2):
// find_symbol orders by it, so that 325 calls beat 3 but 40 and 41 stay
// even and the next key (the shallower path) decides.
func usesBucket(n int32) int {
	if n <= 0 {
		return 0
	}
	return bits.Len32(uint32(n))
}

// usesPrior is what search multiplies a symbol's score by for its uses:
// 1 + weight × log2(1+n)/10, capped at 1 + weight (a thousand uses).
func usesPrior(n int32, weight float64) float64 {
	if n <= 0 || weight <= 0 {
		return 1
	}
	return 1 + weight*math.Min(1, math.Log2(1+float64(n))/10)
}

// requestUses are one request's counts, for at most maxRequestNames
// names: a query names one, with its case variants; the names past them
// are not weighed.
type requestUses struct {
	ix    *Index
	v     *view
	names map[string]map[nodeRef]int32
}

// maxRequestNames bounds the names one request counts the uses of.
const maxRequestNames = 4

// of returns the counts of name's definitions, ok false when the request
// already counted maxRequestNames other names.
func (u *requestUses) of(name string) (map[nodeRef]int32, bool) {
	if m, ok := u.names[name]; ok {
		return m, true
	}
	if len(u.names) == maxRequestNames {
		return nil, false
	}
	if u.names == nil {
		u.names = map[string]map[nodeRef]int32{}
	}
	m := u.ix.usesOf(u.v, name)
	u.names[name] = m
	return m, true
}

// usesPriors is one search's usesPrior for the symbols the query names.
// Search learns which names it weighs (at most maxRequestNames, as
// requestUses: admit) before it counts any: a name is counted only when
// one of its symbols can reach the first results (weigher.settle).
type usesPriors struct {
	requestUses
	weight float64
	slots  map[string]bool // the names weighed, counted or not
}

// nameOf returns the name whose uses could weigh code symbol ref of
// segment s, ok false when none can (its prior is 1): sections, files and
// a weight of 0. Which of those names are weighed is decided after
// (admit), once every segment's candidates are weighed.
func (u *usesPriors) nameOf(s *segment, ref nodeRef) (string, bool) {
	if u.weight <= 0 {
		return "", false
	}
	n := s.node(ref.node)
	if n.name() == "" || s.docs[n.doc].ContentType != treenav.ContentCode || n.kind() == treenav.KindFile {
		return "", false
	}
	return n.name(), true
}

// admit keeps the pending priors whose names are weighed: of more than
// maxRequestNames names, those whose best candidate scores highest as
// weighed (ties by name). The rest keep the prior of 1 they were weighed
// with. The names first met in candidate order were weighed until
// format 24's round: the candidates come segment by segment, so that
// the same files in segments of another layout could have other names
// weighed and rank otherwise (TestUsesPriorNamesIndependentOfLayout).
func (u *usesPriors) admit(pending []pendingPrior) []pendingPrior {
	best := map[string]float64{}
	for _, p := range pending {
		sc := p.score(1) // as weighed, the prior 1
		if b, ok := best[p.name]; !ok || sc > b {
			best[p.name] = sc
		}
	}
	if u.slots == nil {
		u.slots = map[string]bool{}
	}
	names := make([]string, 0, len(best))
	for name := range best {
		if !u.slots[name] {
			names = append(names, name)
		}
	}
	slices.SortFunc(names, func(a, b string) int {
		return cmp.Or(cmp.Compare(best[b], best[a]), strings.Compare(a, b))
	})
	for _, name := range names[:min(len(names), max(0, maxRequestNames-len(u.slots)))] {
		u.slots[name] = true
	}
	out := pending[:0]
	for _, p := range pending {
		if u.slots[p.name] {
			out = append(out, p)
		}
	}
	return out
}

// priorOf is usesPrior of ref, a definition called name that nameOf
// weighs; it counts name's uses if no search of the view has.
func (u *usesPriors) priorOf(name string, ref nodeRef) float64 {
	m, _ := u.of(name)
	return usesPrior(m[ref], u.weight)
}

// maxPrior bounds priorOf: usesPrior of a thousand uses or more.
func (u *usesPriors) maxPrior() float64 { return 1 + u.weight }

// counted reports whether name's counts are at hand without counting.
func (u *usesPriors) counted(name string) bool {
	if _, ok := u.names[name]; ok {
		return true
	}
	t := &u.v.refCache.uses
	t.mu.Lock()
	defer t.mu.Unlock()
	_, ok := t.byName[name]
	return ok
}

func newUsesPriors(ix *Index, v *view, weight float64) usesPriors {
	return usesPriors{requestUses: requestUses{ix: ix, v: v}, weight: weight}
}
