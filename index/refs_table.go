package index

import (
	"sync"
	"unsafe"

	"github.com/treenav/treenav"
)

// docRefs is what the index keeps of a document's references and imports
// (treenav.Reference, treenav.Import), compactly: each string once per
// document, each reference in 24 bytes. It hangs off the document's
// docMeta, so that merges and removals carry it with the document.
type docRefs struct {
	strs    []string // strs[0] is ""
	refs    []refRec
	imports []treenav.Import
}

// refRec is one reference; name, qual and qtype index docRefs.strs.
type refRec struct {
	name, qual, qtype uint32
	line, col         uint32
	encl              uint32 // the enclosing node, local to the document (0: its root)
	kind              uint8  // index into treenav.RefKinds
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

// newDocRefs packs a document's references; nil when it has none.
func newDocRefs(d *treenav.Document) *docRefs {
	if len(d.Refs) == 0 && len(d.Imports) == 0 {
		return nil
	}
	dr := &docRefs{strs: []string{""}, refs: make([]refRec, len(d.Refs)), imports: d.Imports}
	ids := map[string]uint32{"": 0}
	str := func(s string) uint32 {
		if id, ok := ids[s]; ok {
			return id
		}
		id := uint32(len(dr.strs))
		dr.strs = append(dr.strs, s)
		ids[s] = id
		return id
	}
	for i, r := range d.Refs {
		dr.refs[i] = refRec{
			name: str(r.Name), qual: str(r.Qualifier), qtype: str(r.QualType),
			line: uint32(r.Line), col: uint32(r.Column), encl: uint32(max(r.Enclosing, 0)),
			kind: refKindIndex(r.Kind), textual: r.Textual,
		}
	}
	packStrings(dr.strs)
	return dr
}

// packStrings copies strs into one allocation: a document's distinct
// names were as many small objects, for the collector to mark at every
// cycle for as long as the index lives, and the extractors' names may be
// views of the file's source, which the index must not hold on to.
func packStrings(strs []string) {
	n := 0
	for _, s := range strs {
		n += len(s)
	}
	if n == 0 {
		return
	}
	blob := make([]byte, 0, n)
	for _, s := range strs {
		blob = append(blob, s...)
	}
	at := 0
	for i, s := range strs {
		if len(s) > 0 {
			strs[i] = unsafe.String(&blob[at], len(s))
			at += len(s)
		}
	}
}

// reference unpacks reference i.
func (dr *docRefs) reference(i int) treenav.Reference {
	r := &dr.refs[i]
	return treenav.Reference{
		Name: dr.strs[r.name], Qualifier: dr.strs[r.qual], QualType: dr.strs[r.qtype],
		Kind: treenav.RefKinds[r.kind], Textual: r.textual,
		Line: int(r.line), Column: int(r.col), Enclosing: int(r.encl),
	}
}

// refLoc is a reference of a segment: its document and its index there.
type refLoc struct {
	doc uint32
	ref uint32
}

// segRefs is a segment's references by name, built on first use: a
// lookup of one name reads one list, not every reference. The lists are
// one array (locs) cut by offsets: name id i's references are
// locs[off[i]:off[i+1]], in document and reference order.
type segRefs struct {
	once sync.Once
	ids  map[string]int32
	off  []uint32
	locs []refLoc
}

// refsNamed returns the segment's references to name (deleted documents
// included: the caller checks liveness).
func (s *segment) refsNamed(name string) []refLoc {
	t := &s.refTable
	t.once.Do(s.buildRefTable)
	id, ok := t.ids[name]
	if !ok {
		return nil
	}
	return t.locs[t.off[id]:t.off[id+1]]
}

// buildRefTable indexes the segment's references by name. A document
// keeps each of its strings once (docRefs.strs), so a name is hashed once
// per document that uses it, not once per reference: on GOROOT the first
// lookup after a load built per-name slices by append for 80 ms.
func (s *segment) buildRefTable() {
	t := &s.refTable
	t.ids = map[string]int32{}
	var count []uint32
	// docIDs[di][k] is the name id of document di's string k, -1 unseen.
	docIDs := make([][]int32, len(s.docs))
	total := 0
	for di := range s.docs {
		dr := s.docs[di].refs
		if dr == nil || len(dr.refs) == 0 {
			continue
		}
		local := make([]int32, len(dr.strs))
		for k := range local {
			local[k] = -1
		}
		for i := range dr.refs {
			k := dr.refs[i].name
			id := local[k]
			if id < 0 {
				nm := dr.strs[k]
				var ok bool
				if id, ok = t.ids[nm]; !ok {
					id = int32(len(count))
					t.ids[nm] = id
					count = append(count, 0)
				}
				local[k] = id
			}
			count[id]++
		}
		docIDs[di] = local
		total += len(dr.refs)
	}
	t.off = make([]uint32, len(count)+1)
	for i, c := range count {
		t.off[i+1] = t.off[i] + c
	}
	next := append([]uint32(nil), t.off[:len(count)]...)
	t.locs = make([]refLoc, total)
	for di, local := range docIDs {
		if local == nil {
			continue
		}
		dr := s.docs[di].refs
		for i := range dr.refs {
			id := local[dr.refs[i].name]
			t.locs[next[id]] = refLoc{doc: uint32(di), ref: uint32(i)}
			next[id]++
		}
	}
}
