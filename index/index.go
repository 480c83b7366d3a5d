// Package index holds treenav's search index: documents and their node
// trees, a BM25F positional inverted index over nodes, facets and a symbol
// table. The index is a list of immutable segments (segment.go) behind an
// atomically swapped view, so readers never see a half-applied update and
// never wait for a writer. The index answers from what it holds: keeping
// it current with the disk is index/engine's job, turning text into terms
// index/analysis's (docs/design.md).
package index

import (
	"runtime"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/treenav/treenav"
)

// Index is the live index. Its query methods are safe for concurrent use
// with each other and with Apply.
type Index struct {
	mu  sync.Mutex // serializes writers
	cur atomic.Pointer[view]

	ranking atomic.Pointer[treenav.Ranking]
	weights atomic.Pointer[map[string]float64] // collection weights
	source  atomic.Pointer[Source]
	cache   contentCache
	// verified: the files whose reads were checked against their content
	// hash, by stamp (content.go).
	verified verifiedReads
	grepTxt  grepText
	skipped  atomic.Pointer[map[string]Stamp]
	linkc    linkCache
}

// Stamp is what the index remembers of a file it read without
// indexing anything new (see contentSkip and the Reasons in
// index/engine/engine.go): a
// file skipped by its content (binary, generated, minified), so that later
// builds need not read it again while it is unchanged; one that failed to
// parse; an indexed file touched without a change (sameContentReason);
// one too large to read, so that tools can say why it is missing; and,
// under a key no document id has, the generated globs each collection's
// last build ran with (generatedKey).
type Stamp struct {
	Size, ModTime int64
	Reason        string
}

// Stamps returns the stamps the index keeps, by document id (and
// engine-defined keys no document id has); the map must not be changed.
func (ix *Index) Stamps() map[string]Stamp {
	if m := ix.skipped.Load(); m != nil {
		return *m
	}
	return nil
}

// SetStamps replaces the stamps; they are saved with the snapshot.
func (ix *Index) SetStamps(m map[string]Stamp) { ix.skipped.Store(&m) }

// view is one consistent state of the index.
type view struct {
	segs []*segment
	dead []bitset // per segment: deleted local docs; a document id is live in one segment at most

	liveNodes int
	liveDocs  int
	fieldLen  [treenav.NumFields]uint64 // sums over live nodes
	// fieldNodes counts the live nodes whose field is not empty.
	fieldNodes [treenav.NumFields]uint64
	updated    time.Time
	gen        uint64

	scopeCache scopeCache  // what filters can name, built on first use (scope.go)
	refCache   refCache    // what resolving references reads of the view (refs_resolve.go)
	dfs        dfTable     // document frequencies feedback counted (docfreq.go)
	modules    moduleCache // module pages by name, built on first use (modulename.go)
}

type docRef struct {
	seg, doc uint32
}

// nodeRef names a node of a view.
type nodeRef struct {
	seg  uint32
	node uint32
}

// New returns an empty index with default ranking.
func New() *Index {
	ix := &Index{}
	ix.cur.Store(&view{})
	r := treenav.DefaultRanking()
	ix.ranking.Store(&r)
	w := map[string]float64{}
	ix.weights.Store(&w)
	return ix
}

// SetRanking replaces the ranking knobs. They are used as given: an
// explicit 0 (bm25_b = 0, a field weight of 0) means zero. Start from
// treenav.DefaultRanking or a loaded Config.
func (ix *Index) SetRanking(r treenav.Ranking) {
	ix.ranking.Store(&r)
}

// Ranking returns the ranking knobs in use.
func (ix *Index) Ranking() treenav.Ranking { return *ix.ranking.Load() }

// SetCollectionWeights sets the score multiplier of each collection
// (missing collections weigh 1).
func (ix *Index) SetCollectionWeights(w map[string]float64) {
	c := make(map[string]float64, len(w))
	for k, v := range w {
		c[k] = v
	}
	ix.weights.Store(&c)
}

func (ix *Index) view() *view { return ix.cur.Load() }

// Apply adds or replaces documents (by DocID) and removes the documents
// named in remove, atomically: a reader sees all of it or none of it. The
// cost is proportional to the changed documents, plus an occasional merge
// of small segments.
func (ix *Index) Apply(add []Input, remove []string) {
	var seg *segment
	if len(add) > 0 {
		b := newSegmentBuilder()
		for _, in := range add {
			b.add(in)
		}
		seg = b.finish()
	}
	ix.install(remove, seg)
}

// install publishes a new view with segs added and the named documents
// (and the previous versions of the segments' documents) removed.
func (ix *Index) install(remove []string, segs ...*segment) {
	if len(remove) == 0 && !slices.ContainsFunc(segs, func(s *segment) bool { return s != nil }) {
		// Nothing to change (a build that found every file as it was,
		// as a warm start's does): the view stays, and with it what its
		// searches counted and built (uses, scopes, references' caches;
		// a new view started them over, and the first search of
		// "ReadFile" after a warm start counted its uses again).
		return
	}
	ix.mu.Lock()
	defer ix.mu.Unlock()
	old := ix.view()
	// The documents are found through their segments' own maps: an
	// update costs what it changes, not a copy of an index-wide map.
	v := &view{
		segs: append([]*segment(nil), old.segs...),
		dead: append([]bitset(nil), old.dead...),
		gen:  old.gen + 1,
	}
	kill := func(id string) {
		if r, ok := v.find(id); ok {
			v.dead[r.seg] = v.dead[r.seg].with(r.doc)
		}
	}
	for _, id := range remove {
		kill(id)
	}
	for _, seg := range segs {
		if seg == nil {
			continue
		}
		var dead bitset
		for di := range seg.docs {
			id := seg.docs[di].DocID
			if seg.byID[id] != uint32(di) {
				dead = dead.with(uint32(di)) // an earlier copy in this segment
				continue
			}
			kill(id) // an older version, in an earlier segment
		}
		v.segs = append(v.segs, seg)
		v.dead = append(v.dead, dead)
	}
	v.compact()
	v.recount()
	v.updated = time.Now()
	ix.cur.Store(v)
}

// optimize merges the segments held in the heap into one: after a build
// that published partial segments, queries touch one dictionary again.
// Segments read in place (loaded, or spilled by a big build) are left
// where they lie: merging them would bring the whole index into the heap.
func (ix *Index) optimize() {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	old := ix.view()
	var idx []int
	for i, s := range old.segs {
		if !s.inPlace() {
			idx = append(idx, i)
		}
	}
	if len(idx) <= 1 {
		return
	}
	v := &view{segs: append([]*segment(nil), old.segs...), dead: append([]bitset(nil), old.dead...), gen: old.gen + 1}
	v.mergeRange(idx)
	v.recount()
	v.updated = time.Now()
	ix.cur.Store(v)
}

// replace puts seg, which holds the documents of olds (a spilled merge of
// them), in place of olds, unless a document of theirs was deleted since
// they were merged: then the view is left as it is. Either way olds are
// no longer the build's (building).
func (ix *Index) replace(olds []*segment, seg *segment) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	for _, s := range olds {
		s.building = false
	}
	old := ix.view()
	at := map[*segment]int{}
	for i, s := range old.segs {
		at[s] = i
	}
	drop := map[int]bool{}
	for _, s := range olds {
		i, ok := at[s]
		if !ok || old.dead[i].count() > 0 {
			return
		}
		drop[i] = true
	}
	v := &view{gen: old.gen + 1}
	for i, s := range old.segs {
		if !drop[i] {
			v.segs = append(v.segs, s)
			v.dead = append(v.dead, old.dead[i])
		} else if s == olds[0] {
			v.segs = append(v.segs, seg)
			v.dead = append(v.dead, nil)
		}
	}
	v.recount()
	v.updated = time.Now()
	ix.cur.Store(v)
}

// Segment policy: at most maxSegments; beyond, the small ones are merged.
// A segment whose deleted share passes maxDeadShare is rewritten.
const (
	maxSegments  = 8
	maxDeadShare = 0.3
)

// compact merges segments when there are too many or when one carries too
// many deleted documents. Merging the small segments costs time
// proportional to them, so single-file updates stay cheap. Only segments
// held in the heap count towards maxSegments and are merged for it: the
// segments read in place (a snapshot's, a big build's spilled ones) are
// large and stay where they lie, since a merge brings what it makes into
// the heap. One of them is rewritten only when it carries too many
// deleted documents.
func (v *view) compact() {
	for i := 0; i < len(v.segs); i++ {
		if n := len(v.segs[i].docs); n > 0 && float64(v.dead[i].count()) > maxDeadShare*float64(n) && n >= 16 {
			v.mergeRange([]int{i})
		}
	}
	var order []int
	for i, s := range v.segs {
		if !s.inPlace() && !s.building {
			order = append(order, i)
		}
	}
	if len(order) <= maxSegments {
		return
	}
	// Merge the smallest segments into one, down to half the maximum:
	// updates add small segments, and merging them costs time
	// proportional to them, while a cold build's large per-worker
	// segments are left alone.
	sort.Slice(order, func(a, b int) bool { return len(v.segs[order[a]].nodes) < len(v.segs[order[b]].nodes) })
	idx := order[:len(order)-maxSegments/2+1]
	sort.Ints(idx)
	v.mergeRange(idx)
}

// mergeRange replaces the segments at idx (ascending) by their merge,
// placed at the position of the first.
func (v *view) mergeRange(idx []int) {
	segs := make([]*segment, len(idx))
	dead := make([]bitset, len(idx))
	for k, i := range idx {
		segs[k], dead[k] = v.segs[i], v.dead[i]
	}
	merged := mergeSegments(segs, dead)
	var ns []*segment
	var nd []bitset
	in := map[int]bool{}
	for _, i := range idx {
		in[i] = true
	}
	for i := range v.segs {
		if i == idx[0] {
			ns = append(ns, merged)
			nd = append(nd, nil)
			continue
		}
		if !in[i] {
			ns = append(ns, v.segs[i])
			nd = append(nd, v.dead[i])
		}
	}
	v.segs, v.dead = ns, nd
}

// recount recomputes the live totals used by BM25.
func (v *view) recount() {
	v.liveNodes, v.liveDocs = 0, 0
	v.fieldLen, v.fieldNodes = [treenav.NumFields]uint64{}, [treenav.NumFields]uint64{}
	for si, s := range v.segs {
		v.liveDocs += len(s.docs)
		v.liveNodes += len(s.nodes)
		for f := range treenav.NumFields {
			v.fieldLen[f] += s.fieldLen[f]
			v.fieldNodes[f] += s.fieldNodes[f]
		}
		if v.dead[si] == nil {
			continue
		}
		for di := range s.docs {
			if !v.dead[si].has(uint32(di)) {
				continue
			}
			d := &s.docs[di]
			v.liveDocs--
			v.liveNodes -= int(d.nodeEnd - d.nodeStart)
			for n := d.nodeStart; n < d.nodeEnd; n++ {
				for f, l := range s.norms[n].fieldLen {
					v.fieldLen[f] -= uint64(l)
					if l > 0 {
						v.fieldNodes[f]--
					}
				}
			}
		}
	}
}

// live reports whether local doc di of segment si is current.
func (v *view) live(si int, di uint32) bool { return !v.dead[si].has(di) }

// find returns where the live document id is.
func (v *view) find(id string) (docRef, bool) {
	for si := len(v.segs) - 1; si >= 0; si-- {
		if di, ok := v.segs[si].byID[id]; ok && v.live(si, di) {
			return docRef{uint32(si), di}, true
		}
	}
	return docRef{}, false
}

// doc returns a document's metadata by id.
func (v *view) doc(id string) (*segment, *docMeta, bool) {
	r, ok := v.find(id)
	if !ok {
		return nil, nil, false
	}
	s := v.segs[r.seg]
	return s, &s.docs[r.doc], true
}

// eachDoc calls fn with every live document, in no order.
func (v *view) eachDoc(fn func(d *docMeta)) {
	for si, s := range v.segs {
		for di := range s.docs {
			if v.live(si, uint32(di)) {
				fn(&s.docs[di])
			}
		}
	}
}

// docIDs returns the live document ids, sorted.
func (v *view) docIDs() []string {
	ids := make([]string, 0, v.liveDocs)
	v.eachDoc(func(d *docMeta) { ids = append(ids, d.DocID) })
	sort.Strings(ids)
	return ids
}

// languages counts the live documents by language.
func (v *view) languages() map[string]int {
	out := map[string]int{}
	v.eachDoc(func(d *docMeta) { out[d.Language]++ })
	return out
}

// Stats describes the index.
type Stats struct {
	Documents int            `json:"documents"`
	Nodes     int            `json:"nodes"`
	Terms     int            `json:"terms"`
	Segments  int            `json:"segments"`
	Languages map[string]int `json:"languages"`
	Updated   time.Time      `json:"updated"`
	HeapBytes uint64         `json:"heap_bytes"` // live Go heap (HeapAlloc)
	// Memory breaks the process's memory down: heap in use and
	// reserved, mapped snapshot bytes, resident set (memory.go).
	Memory
	// Warned counts the documents parsed with warnings (a syntax error
	// the parser recovered from, malformed frontmatter): their outlines
	// may miss symbols or sections. WarnedExamples are the first ids.
	Warned         int      `json:"warned_documents"`
	WarnedExamples []string `json:"warned_examples,omitempty"`
}

// NodeCount is the live nodes the index holds (Stats.Nodes, without
// the rest of Stats' counting).
func (ix *Index) NodeCount() int { return ix.view().liveNodes }

// maxWarnedExamples bounds Stats.WarnedExamples.
const maxWarnedExamples = 10

// Stats counts what the index holds.
func (ix *Index) Stats() Stats {
	v := ix.view()
	st := Stats{Documents: v.liveDocs, Nodes: v.liveNodes, Segments: len(v.segs),
		Languages: v.languages(), Updated: v.updated}
	st.Terms = distinctTerms(v.segs)
	// Examples: the project's own files first, then tests and test data
	// (whose syntax errors are often on purpose).
	var warned, warnedTests []string
	v.eachDoc(func(d *docMeta) {
		if len(d.Warnings) > 0 {
			if d.test {
				warnedTests = append(warnedTests, d.DocID)
			} else {
				warned = append(warned, d.DocID)
			}
		}
	})
	st.Warned = len(warned) + len(warnedTests)
	sort.Strings(warned)
	sort.Strings(warnedTests)
	st.WarnedExamples = append(warned, warnedTests...)
	st.WarnedExamples = st.WarnedExamples[:min(len(st.WarnedExamples), maxWarnedExamples)]
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	st.HeapBytes = ms.HeapAlloc
	st.Memory = memoryOf(&ms)
	return st
}

// Has reports whether a document is indexed, and its content hash.
func (ix *Index) Has(docID string) (hash string, ok bool) {
	_, d, ok := ix.view().doc(docID)
	if !ok {
		return "", false
	}
	return d.ContentHash, true
}

// distinctTerms counts the terms of all segments, each once: a walk over
// the sorted dictionaries side by side.
func distinctTerms(segs []*segment) int {
	cur := make([]int, len(segs))
	n := 0
	for {
		term, found := "", false
		for si, s := range segs {
			if cur[si] < s.terms.n() && (!found || s.terms.at(cur[si]) < term) {
				term, found = s.terms.at(cur[si]), true
			}
		}
		if !found {
			return n
		}
		n++
		for si, s := range segs {
			if cur[si] < s.terms.n() && s.terms.at(cur[si]) == term {
				cur[si]++
			}
		}
	}
}
