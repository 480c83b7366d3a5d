package index

import "bytes"

// A segment's references in a snapshot (since format 11): each document
// writes its imports among its fields (writeDocImports), and the segment
// ends with its reference table (writeSegRefs), whose columns a load
// reads in place (snapview.go):
//
//	strings: count n, n+1 offsets (u32s), the bytes (length, raw)
//	references: count m, the documents' offsets (u32s, len(docs)+1),
//	  name (u32s of m), the qualifier and its type as a pair id, line,
//	  column, enclosing node (u16s of m each, then the count, indices
//	  and values of the wide ones: narrowCol), the pairs (count, then
//	  qualifier and type ids, u32s; since format 16), kinds (m bytes)
//	by name: n+1 offsets (u32s), m reference indices (u32s)
//
// The strings' bytes are copied into the heap at load (the strings handed
// out outlive the mapping in results and caches); everything else stays
// where it lies. The load checks what it reads whole anyway (the
// documents' offsets, in order and ending at m) and the ends of the other
// offset tables; the ids in the columns are not read at load (that would
// page them all in): the readers guard them (segRefs.str, rec, locate,
// refsNamed), so a snapshot forged behind a valid checksum gives wrong
// references, never a panic.

// writeDocImports writes a document's imports (path, alias, line, member
// name, flags: 1 export, 2 static, 4 pattern).
func writeDocImports(w *enc, dr *docRefs) {
	if dr == nil {
		w.uv(0)
		return
	}
	imports := dr.imports()
	w.uv(uint64(len(imports)))
	for _, im := range imports {
		w.str(im.Path)
		w.str(im.Alias)
		w.uv(uint64(im.Line))
		w.str(im.Name)
		flags := uint64(0)
		if im.Export {
			flags |= 1
		}
		if im.Static {
			flags |= 2
		}
		if im.Pattern {
			flags |= 4
		}
		w.uv(flags)
	}
}

// readDocImports reads what writeDocImports wrote: a docRefs holding the
// imports, nil for none (readSegRefs adds the references). They are
// copied out of the snapshot undecoded (importList.raw), and decoded on
// first use (docRefs.imports).
func readDocImports(r *dec) *docRefs {
	ni := r.count(1 << 20)
	if ni == 0 {
		return nil
	}
	start := r.off
	for range ni {
		r.raw(r.count(len(r.b))) // path
		r.raw(r.count(len(r.b))) // alias
		r.uv()                   // line
		r.raw(r.count(len(r.b))) // name
		r.uv()                   // flags
	}
	if r.err != nil {
		return nil
	}
	return &docRefs{imp: &importList{raw: bytes.Clone(r.b[start:r.off]), n: ni}}
}

// writeSegRefs writes s's reference table.
func writeSegRefs(w *enc, s *segment) {
	t := s.refTable
	if t == nil {
		t = &segRefs{}
	}
	t.byNameOnce.Do(t.buildByName)
	strOff, nameOff, docOff := t.strOff, t.nameOff, t.docOff
	if len(strOff) == 0 {
		strOff, nameOff = []uint32{0}, []uint32{0}
	}
	if len(docOff) != len(s.docs)+1 {
		docOff = make([]uint32, len(s.docs)+1)
	}
	w.uv(uint64(len(strOff) - 1))
	w.u32s(strOff)
	w.uv(uint64(len(t.blob)))
	w.raw(t.blob)
	w.uv(uint64(len(t.name)))
	w.u32s(docOff)
	w.u32s(t.name)
	t.writePairs(w)
	for _, c := range []*narrowCol{&t.line, &t.col, &t.encl} {
		c.write(w)
	}
	w.raw(t.kind)
	w.u32s(nameOff)
	w.raw(t.byName)
}

// readSegRefs reads what writeSegRefs wrote into s, whose documents are
// read (their docRefs hold their imports), and points each document with
// references or imports at the table.
func readSegRefs(r *dec, s *segment) {
	t := &segRefs{}
	ns := r.count(len(r.b) / 4)
	t.strOff = r.u32s(ns + 1)
	// In place: the strings made from it outlive the mapping (retire).
	t.blob = r.bytesInPlace(r.count(len(r.b)))
	m := r.count(len(r.b) / 17) // a reference takes 17 bytes at least
	t.docOff = r.u32s(len(s.docs) + 1)
	t.name = r.u32s(m)
	t.pair = readNarrow(r, m, "reference qualifiers")
	t.pairs = r.u32s(2 * r.count(len(r.b)/8))
	t.line, t.col, t.encl = readNarrow(r, m, "reference lines"), readNarrow(r, m, "reference columns"), readNarrow(r, m, "enclosing nodes")
	t.kind = r.bytesInPlace(m)
	t.nameOff = r.u32s(ns + 1)
	if r.err == nil {
		t.byName = r.bytesInPlace(int(t.nameOff[ns]))
	}
	if r.err != nil {
		return
	}
	if t.strOff[0] != 0 || t.strOff[ns] != uint32(len(t.blob)) {
		r.fail("reference strings: offsets [%d, %d], %d bytes", t.strOff[0], t.strOff[ns], len(t.blob))
		return
	}
	if t.nameOff[0] != 0 || t.nameOff[ns] != uint32(len(t.byName)) || len(t.byName) < min(m, 1) {
		r.fail("references by name: offsets [%d, %d], %d bytes for %d references", t.nameOff[0], t.nameOff[ns], len(t.byName), m)
		return
	}
	off := t.docOff
	if off[0] != 0 || off[len(s.docs)] != uint32(m) {
		r.fail("references: documents' offsets [%d, %d], %d references", off[0], off[len(s.docs)], m)
		return
	}
	t.byNameOnce.Do(func() {}) // read, not made
	views := make([]docRefs, len(s.docs))
	for di := range s.docs {
		lo, hi := off[di], off[di+1]
		if hi < lo {
			r.fail("references: document %d's offsets out of order", di)
			return
		}
		d := &s.docs[di]
		if lo == hi && d.refs == nil {
			continue
		}
		views[di] = docRefs{t: t, lo: lo, hi: hi}
		if d.refs != nil {
			views[di].imp = d.refs.imp
		}
		d.refs = &views[di]
	}
	s.refTable = t
}
