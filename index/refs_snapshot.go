package index

import "github.com/treenav/treenav"

// writeDocRefs encodes a document's references after its other fields:
// a count of strings (0: none at all), the strings, the references
// (string ids, line as a delta from the previous one, column, enclosing
// node, kind with the textual flag in bit 7), then the imports (path,
// alias, line, member name, flags: 1 export, 2 static).
func writeDocRefs(w *enc, dr *docRefs) {
	if dr == nil {
		w.uv(0)
		return
	}
	w.strs(dr.strs)
	w.uv(uint64(len(dr.refs)))
	last := uint32(0)
	for i := range dr.refs {
		r := &dr.refs[i]
		w.uv(uint64(r.name))
		w.uv(uint64(r.qual))
		w.uv(uint64(r.qtype))
		w.i64(int64(r.line) - int64(last))
		last = r.line
		w.uv(uint64(r.col))
		w.uv(uint64(r.encl))
		k := r.kind
		if r.textual {
			k |= 0x80
		}
		w.uv(uint64(k))
	}
	w.uv(uint64(len(dr.imports)))
	for _, im := range dr.imports {
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

// readDocRefs decodes what writeDocRefs wrote; nil for none.
func readDocRefs(r *dec) *docRefs {
	strs := r.strs()
	if len(strs) == 0 || r.err != nil {
		return nil
	}
	dr := &docRefs{strs: strs}
	n := r.count(1 << 26)
	dr.refs = make([]refRec, n)
	line := int64(0)
	bad := func(id uint64) uint32 {
		if id >= uint64(len(strs)) {
			r.fail("reference string %d of %d", id, len(strs))
			return 0
		}
		return uint32(id)
	}
	for i := range dr.refs {
		rr := &dr.refs[i]
		rr.name = bad(r.uv())
		rr.qual = bad(r.uv())
		rr.qtype = bad(r.uv())
		line += r.i64()
		rr.line = uint32(line)
		rr.col = uint32(r.uv())
		rr.encl = uint32(r.uv())
		k := r.uv()
		rr.textual = k&0x80 != 0
		rr.kind = uint8(k & 0x7f)
		if int(rr.kind) >= len(treenav.RefKinds) {
			r.fail("reference kind %d", rr.kind)
			return nil
		}
		if r.err != nil {
			return nil
		}
	}
	if ni := r.count(1 << 20); ni > 0 {
		dr.imports = make([]treenav.Import, ni)
		for i := range dr.imports {
			im := treenav.Import{Path: r.str(), Alias: r.str(), Line: int(r.uv()), Name: r.str()}
			flags := r.uv()
			im.Export, im.Static, im.Pattern = flags&1 != 0, flags&2 != 0, flags&4 != 0
			dr.imports[i] = im
		}
	}
	return dr
}
