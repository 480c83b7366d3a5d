package index

import (
	"cmp"
	"slices"
	"sort"
	"strings"
	"sync"
	"unsafe"

	"github.com/treenav/treenav"
)

// References as flat tables. A segment keeps the references of all its
// documents in one table (segRefs), column-wise: a uint32 a reference for
// its name, qualifier, qualifier type, line, column and enclosing node,
// and a byte for its kind, with a per-document offset table. The strings
// are the segment's, each once, sorted: a string's id is its rank, so a
// name is found by binary search, and the references by name are a table
// too (the references of name id i, ascending). A snapshot stores every
// table aligned, and a load reads them in place (refs_snapshot.go); built
// and merged segments hold the same tables in the heap. A document's
// references are a view of its segment's table (docRefs, in its docMeta).

// segRefs is a segment's references (or, in a builder, one document's:
// newDocRefs).
type segRefs struct {
	// String i is blob[strOff[i]:strOff[i+1]]; string 0 is "". The blob
	// is always in the heap (a load copies it out of the snapshot): the
	// strings handed out are views of it, which keep it alive.
	strOff []uint32
	blob   []byte

	// Reference g's fields; name, qual and qtype are string ids, encl is
	// the enclosing node local to the document (0: its root), kind an
	// index into treenav.RefKinds with refTextual set for a textual
	// mention. Lines, columns and enclosing nodes are uint16s, the rare
	// larger value listed apart (narrowCol).
	name, qual, qtype []uint32
	line, col, encl   narrowCol
	kind              []uint8

	// A table read from a snapshot has no qual and qtype columns: a
	// reference's qualifier and its type are the pair pairs[2p], pairs[2p+1]
	// of its pair id p (pair), the segment's distinct pairs numbered by
	// frequency, so that almost all ids are below narrowWide (99% of the
	// 25k-file corpus's references): 2 bytes a reference instead of 8
	// (writePairs).
	pair  narrowCol
	pairs []uint32

	// docOff[di] is document di's first reference (len(docs)+1 offsets).
	docOff []uint32

	// byName[nameOff[i]:nameOff[i+1]] are the references named by string
	// i, ascending, as uvarint gaps (the first from 0; since snapshot
	// version 26, a uint32 each before: 21 MB of the 25k-file corpus's
	// snapshot); read in place from a snapshot, made on first use in a
	// built or merged segment.
	byNameOnce sync.Once
	nameOff    []uint32
	byName     []byte

	// src is the snapshot a loaded table lies in: the documents' views
	// (docRefs) keep it alive through their table. nil in the heap.
	src *snapshotFile
}

// refTextual marks a textual mention in segRefs.kind.
const refTextual = 0x80

// docRefs is a document's references (a view of its segment's table) and
// its imports (treenav.Import, few, in the heap). It hangs off the
// document's docMeta, so that merges and removals carry it with the
// document; a merge rebuilds it over the merged segment's table.
type docRefs struct {
	t      *segRefs
	lo, hi uint32 // references [lo, hi) of t
	imp    *importList
}

// importList is a document's imports: made by a build, or read from a
// snapshot and decoded on first use. A load decoded every document's
// imports (tens of thousands of small strings and structs on the 25k
// file corpus, a tenth of a load's CPU) though a query reads those of
// the few files its references are in.
type importList struct {
	once sync.Once
	raw  []byte // writeDocImports' n imports (a heap copy), nil once decoded
	n    int
	list []treenav.Import
}

// builtImports holds the imports a build made (nil for none).
func builtImports(list []treenav.Import) *importList {
	if len(list) == 0 {
		return nil
	}
	return &importList{list: list}
}

// imports is the document's imports.
func (dr *docRefs) imports() []treenav.Import {
	if dr == nil || dr.imp == nil {
		return nil
	}
	di := dr.imp
	di.once.Do(func() {
		if di.raw == nil {
			return // made by a build
		}
		r := &dec{b: di.raw}
		list := make([]treenav.Import, 0, di.n)
		for range di.n {
			im := treenav.Import{Path: r.str(), Alias: r.str(), Line: int(r.uv()), Name: r.str()}
			flags := r.uv()
			if r.err != nil {
				break // a snapshot forged behind a valid checksum: fewer imports, no panic
			}
			im.Export, im.Static, im.Pattern = flags&1 != 0, flags&2 != 0, flags&4 != 0
			list = append(list, im)
		}
		di.list, di.raw = list, nil
	})
	return di.list
}

// refRec is one reference as the table holds it; name, qual and qtype are
// string ids of its segRefs.
type refRec struct {
	name, qual, qtype uint32
	line, col         uint32
	encl              uint32
	kind              uint8 // index into treenav.RefKinds
	textual           bool
}

func refKindIndex(k treenav.RefKind) uint8 {
	for i, rk := range treenav.RefKinds {
		if rk == k {
			return uint8(i)
		}
	}
	return uint8(len(treenav.RefKinds) - 2) // other
}

// str is string id; "" for an id outside the table (a forged snapshot:
// the ids of a table read in place are not checked at load).
func (t *segRefs) str(id uint32) string {
	if int(id)+1 >= len(t.strOff) {
		return ""
	}
	o, e := t.strOff[id], t.strOff[id+1]
	if o >= e || e > uint32(len(t.blob)) {
		return ""
	}
	return unsafe.String(&t.blob[o], e-o)
}

// nstr is the number of strings.
func (t *segRefs) nstr() int { return max(len(t.strOff)-1, 0) }

// lookup finds string s's id (the strings are sorted).
func (t *segRefs) lookup(s string) (uint32, bool) {
	n := t.nstr()
	i := sort.Search(n, func(i int) bool { return t.str(uint32(i)) >= s })
	if i < n && t.str(uint32(i)) == s {
		return uint32(i), true
	}
	return 0, false
}

// rec is reference g of the table.
func (t *segRefs) rec(g uint32) refRec {
	k := t.kind[g]
	qual, qtype := t.qualOf(g)
	return refRec{
		name: t.name[g], qual: qual, qtype: qtype,
		line: t.line.at(g), col: t.col.at(g), encl: t.encl.at(g),
		kind: kindIndex(k), textual: k&refTextual != 0,
	}
}

// qualOf is reference g's qualifier and qualifier type (string ids): from
// the columns of a table in the heap, from its pair in one read from a
// snapshot (0, 0 for a pair id outside the table: a forged snapshot).
func (t *segRefs) qualOf(g uint32) (qual, qtype uint32) {
	if t.qual != nil {
		return t.qual[g], t.qtype[g]
	}
	p := uint64(t.pair.at(g))
	if 2*p+1 >= uint64(len(t.pairs)) {
		return 0, 0
	}
	return t.pairs[2*p], t.pairs[2*p+1]
}

// writePairs writes t's qualifiers and their types as pair ids (a
// narrowCol) and the table of the distinct pairs, the most frequent
// first.
func (t *segRefs) writePairs(w *enc) {
	col, pairs := t.pair, t.pairs // read from a snapshot: as it was read
	if t.qual != nil {
		col, pairs = t.pairColumn()
	}
	col.write(w)
	w.uv(uint64(len(pairs) / 2))
	w.u32s(pairs)
}

// pairColumn numbers the distinct (qualifier, type) pairs of a table in
// the heap by frequency, most frequent first, and returns each
// reference's pair id and the pairs.
func (t *segRefs) pairColumn() (narrowCol, []uint32) {
	count := map[[2]uint32]int{}
	for g := range t.qual {
		count[[2]uint32{t.qual[g], t.qtype[g]}]++
	}
	order := make([][2]uint32, 0, len(count))
	for p := range count {
		order = append(order, p)
	}
	slices.SortFunc(order, func(a, b [2]uint32) int {
		if count[a] != count[b] {
			return count[b] - count[a]
		}
		return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1]))
	})
	id := make(map[[2]uint32]uint32, len(order))
	pairs := make([]uint32, 0, 2*len(order))
	for i, p := range order {
		id[p] = uint32(i)
		pairs = append(pairs, p[0], p[1])
	}
	col := narrowCols(1, len(t.qual))[0]
	for g := range t.qual {
		col.set(uint32(g), id[[2]uint32{t.qual[g], t.qtype[g]}])
	}
	return col, pairs
}

// kindIndex is the treenav.RefKinds index of a kind byte of the table.
func kindIndex(k uint8) uint8 {
	k &^= refTextual
	if int(k) >= len(treenav.RefKinds) {
		return uint8(len(treenav.RefKinds) - 2) // other (a forged snapshot)
	}
	return k
}

// n is the number of the document's references.
func (dr *docRefs) n() int { return int(dr.hi - dr.lo) }

// rec is the document's reference i.
func (dr *docRefs) rec(i uint32) refRec { return dr.t.rec(dr.lo + i) }

// kind is the kind of the document's reference i.
func (dr *docRefs) kind(i uint32) treenav.RefKind {
	return treenav.RefKinds[kindIndex(dr.t.kind[dr.lo+i])]
}

// at is where the document's reference i is: its line and column.
func (dr *docRefs) at(i uint32) (line, col uint32) {
	return dr.t.line.at(dr.lo + i), dr.t.col.at(dr.lo + i)
}

// reference unpacks the document's reference i.
func (dr *docRefs) reference(i int) treenav.Reference {
	r := dr.rec(uint32(i))
	t := dr.t
	return treenav.Reference{
		Name: t.str(r.name), Qualifier: t.str(r.qual), QualType: t.str(r.qtype),
		Kind: treenav.RefKinds[r.kind], Textual: r.textual,
		Line: int(r.line), Column: int(r.col), Enclosing: int(r.encl),
	}
}

// newDocRefs packs a document's references into a table of its own (the
// builder's; buildTables gathers a segment's into one, packRefs); nil
// when it has none.
func newDocRefs(d *treenav.Document) *docRefs {
	if len(d.Refs) == 0 && len(d.Imports) == 0 {
		return nil
	}
	n := len(d.Refs)
	t := &segRefs{}
	cols := make([]uint32, 3*n)
	t.name, t.qual, t.qtype = cols[:n:n], cols[n:2*n:2*n], cols[2*n:]
	nc := narrowCols(3, n)
	t.line, t.col, t.encl = nc[0], nc[1], nc[2]
	t.kind = make([]uint8, n)
	strs := []string{""}
	ids := map[string]uint32{"": 0}
	str := func(s string) uint32 {
		if id, ok := ids[s]; ok {
			return id
		}
		id := uint32(len(strs))
		strs = append(strs, s)
		ids[s] = id
		return id
	}
	for i, r := range d.Refs {
		t.name[i], t.qual[i], t.qtype[i] = str(r.Name), str(r.Qualifier), str(r.QualType)
		t.line.set(uint32(i), uint32(r.Line))
		t.col.set(uint32(i), uint32(r.Column))
		t.encl.set(uint32(i), uint32(max(r.Enclosing, 0)))
		t.kind[i] = refKindIndex(r.Kind)
		if r.Textual {
			t.kind[i] |= refTextual
		}
	}
	// One blob: the extractors' names may be views of the file's source,
	// which the index must not hold on to.
	t.strOff, t.blob = packStrs(strs)
	return &docRefs{t: t, hi: uint32(n), imp: builtImports(d.Imports)}
}

// packStrs concatenates strs into one blob and its offsets.
func packStrs(strs []string) ([]uint32, []byte) {
	size := 0
	for _, s := range strs {
		size += len(s)
	}
	off := make([]uint32, 0, len(strs)+1)
	blob := make([]byte, 0, size)
	for _, s := range strs {
		off = append(off, uint32(len(blob)))
		blob = append(blob, s...)
	}
	return append(off, uint32(len(blob))), blob
}

// packRefs gathers the references of s's documents, wherever their
// tables are (a builder's, one a document; a merge's, its segments'
// tables, in the heap or in a snapshot), into one table of s in the heap,
// with the strings the references use, sorted; and points each document's
// docRefs at it (new ones: the old are its source segment's, still read).
func (s *segment) packRefs() {
	t := &segRefs{}
	// Provisional string ids, in order of first use; a source table's
	// ids map to them through local (one slice a source table).
	prov := map[string]uint32{"": 0}
	strs := []string{""}
	local := map[*segRefs][]uint32{}
	const unseen = ^uint32(0)
	total := 0
	for di := range s.docs {
		if dr := s.docs[di].refs; dr != nil {
			total += dr.n()
		}
	}
	cols := make([]uint32, 3*total)
	t.name, t.qual, t.qtype = cols[:total:total], cols[total:2*total:2*total], cols[2*total:]
	nc := narrowCols(3, total)
	t.line, t.col, t.encl = nc[0], nc[1], nc[2]
	t.kind = make([]uint8, total)
	t.docOff = make([]uint32, len(s.docs)+1)
	views := make([]docRefs, len(s.docs))
	g := uint32(0)
	for di := range s.docs {
		d := &s.docs[di]
		t.docOff[di] = g
		dr := d.refs
		if dr == nil {
			continue
		}
		src := dr.t
		m := local[src]
		if m == nil && src != nil {
			m = make([]uint32, src.nstr())
			for i := range m {
				m[i] = unseen
			}
			local[src] = m
		}
		id := func(x uint32) uint32 {
			if int(x) >= len(m) {
				return 0
			}
			if m[x] == unseen {
				str := src.str(x)
				p, ok := prov[str]
				if !ok {
					p = uint32(len(strs))
					prov[str] = p
					strs = append(strs, str)
				}
				m[x] = p
			}
			return m[x]
		}
		lo := g
		for i := dr.lo; i < dr.hi; i++ {
			r := src.rec(i)
			t.name[g], t.qual[g], t.qtype[g] = id(r.name), id(r.qual), id(r.qtype)
			t.line.set(g, r.line)
			t.col.set(g, r.col)
			t.encl.set(g, r.encl)
			t.kind[g] = src.kind[i]
			g++
		}
		views[di] = docRefs{t: t, lo: lo, hi: g, imp: dr.imp}
		d.refs = &views[di]
	}
	t.docOff[len(s.docs)] = g
	// Sort the strings: an id becomes its rank.
	order := make([]uint32, len(strs))
	for i := range order {
		order[i] = uint32(i)
	}
	slices.SortFunc(order, func(a, b uint32) int { return strings.Compare(strs[a], strs[b]) })
	rank := make([]uint32, len(strs))
	sorted := make([]string, len(strs))
	for r, p := range order {
		rank[p] = uint32(r)
		sorted[r] = strs[p]
	}
	for _, c := range [][]uint32{t.name, t.qual, t.qtype} {
		for i, p := range c {
			c[i] = rank[p]
		}
	}
	t.strOff, t.blob = packStrs(sorted)
	s.refTable = t
}

// byNameTable makes the references-by-name table of a built or merged
// segment: a count a name, then the references in order.
func (t *segRefs) buildByName() {
	if t.nameOff != nil {
		return // read from a snapshot
	}
	ns := t.nstr()
	count := make([]uint32, ns+1)
	for _, id := range t.name {
		count[id+1]++
	}
	for i := range ns {
		count[i+1] += count[i]
	}
	next := slices.Clone(count[:ns])
	refs := make([]uint32, len(t.name))
	for g, id := range t.name {
		refs[next[id]] = uint32(g)
		next[id]++
	}
	off := make([]uint32, ns+1)
	var byName []byte
	for i := range ns {
		last := uint32(0)
		for _, g := range refs[count[i]:count[i+1]] {
			byName = appendUvarint(byName, g-last)
			last = g
		}
		off[i+1] = uint32(len(byName))
	}
	t.nameOff, t.byName = off, byName
}

// refsNamed returns the segment's references to name (deleted documents
// included: the caller checks liveness), as the uvarint gaps between
// their indices in its table (eachRef reads them, countRefs counts them):
// locate finds their documents.
func (s *segment) refsNamed(name string) []byte {
	t := s.refTable
	if t == nil {
		return nil
	}
	t.byNameOnce.Do(t.buildByName)
	id, ok := t.lookup(name)
	if !ok || int(id)+1 >= len(t.nameOff) {
		return nil
	}
	lo, hi := t.nameOff[id], t.nameOff[id+1]
	if lo > hi || hi > uint32(len(t.byName)) {
		return nil // a forged snapshot
	}
	return t.byName[lo:hi]
}

// eachRef calls f with each reference index of a refsNamed list.
func eachRef(b []byte, f func(g uint32)) {
	var g uint32
	for len(b) > 0 {
		v, n := uvarint(b)
		b = b[n:]
		g += v
		f(g)
	}
}

// countRefs is the number of references of a refsNamed list: its bytes
// that end a uvarint.
func countRefs(b []byte) int {
	n := 0
	for _, c := range b {
		if c < 0x80 {
			n++
		}
	}
	return n
}

// locate is the document of the table's reference g and its index there;
// doc is a hint (the document of the previous reference of a list, which
// is in order) that it updates. False for a reference outside the table.
func (t *segRefs) locate(g uint32, doc *uint32) (uint32, bool) {
	off := t.docOff
	if int(g) >= len(t.name) || len(off) < 2 {
		return 0, false
	}
	d := *doc
	if int(d)+1 >= len(off) || off[d] > g || g >= off[d+1] {
		d = uint32(sort.Search(len(off)-1, func(i int) bool { return off[i+1] > g }))
		if int(d)+1 >= len(off) {
			return 0, false
		}
		*doc = d
	}
	return g - off[d], true
}
