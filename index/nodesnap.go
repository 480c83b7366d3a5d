package index

import (
	"encoding/binary"
	"math"
	"unsafe"

	"github.com/treenav/treenav"
)

// Node tables in a snapshot (format 11): the records as an aligned array
// of nodeRec in its memory layout, little-endian, which a load reads in
// place like the postings (snapview.go), then the strings' blob, the
// vocab and the signatures' blob (read in place since format 17); the norms, the symbol entries and the anchors likewise, each an
// aligned table read in place. The blob is copied into the heap at load
// (one allocation, nothing for the collector to scan), since its strings
// escape into results and caches that may outlive the mapping. The
// records do not escape: a nodeMeta is read, never kept, and holds its
// segment (which holds the mapping) while it is.

// nodeRecSize is a record's size in the snapshot.
const nodeRecSize = 88

// symEntrySize and nodeNormSize are a symbol's and a norm's size in the
// snapshot.
const (
	symEntrySize = 12
	nodeNormSize = 16
	nodeHotSize  = 16
)

// nodeRecsInPlace and symsInPlace report whether records can be viewed
// where they lie: a little-endian machine on which the type's layout is
// the file's (no padding: binary.Size counts the fields packed in order).
var (
	nodeRecsInPlace = nativeLittle &&
		unsafe.Sizeof(nodeRec{}) == nodeRecSize && binary.Size(nodeRec{}) == nodeRecSize
	symsInPlace = nativeLittle &&
		unsafe.Sizeof(symEntry{}) == symEntrySize && binary.Size(symEntry{}) == symEntrySize
	normsInPlace = nativeLittle &&
		unsafe.Sizeof(nodeNorm{}) == nodeNormSize && binary.Size(nodeNorm{}) == nodeNormSize
	hotInPlace = nativeLittle &&
		unsafe.Sizeof(nodeHot{}) == nodeHotSize && binary.Size(nodeHot{}) == nodeHotSize
)

// writeRecs writes an aligned table of fixed-size records: their memory
// when inPlace (the file's layout), else each encoded by put.
func writeRecs[T any](w *enc, xs []T, size int, inPlace bool, put func([]byte, *T) []byte) {
	w.align()
	if len(xs) == 0 {
		return
	}
	if inPlace {
		w.raw(unsafe.Slice((*byte)(unsafe.Pointer(&xs[0])), size*len(xs)))
		return
	}
	b := make([]byte, 0, size)
	for i := range xs {
		w.raw(put(b[:0], &xs[i]))
	}
}

// readRecs reads a table of n records written by writeRecs: in place when
// inPlace and the address is aligned for T, else each decoded by get.
func readRecs[T any](r *dec, n, size int, inPlace bool, get func([]byte, *T), what string) []T {
	r.align()
	if r.err != nil || n < 0 || n > (len(r.b)-r.off)/size {
		r.fail("truncated: want %d %s", n, what)
		return nil
	}
	b := r.raw(size * n)
	if n == 0 {
		return []T{}
	}
	var zero T
	if inPlace && uintptr(unsafe.Pointer(&b[0]))%unsafe.Alignof(zero) == 0 {
		r.inPlace += len(b)
		return unsafe.Slice((*T)(unsafe.Pointer(&b[0])), n)
	}
	out := make([]T, n)
	for i := range out {
		get(b[size*i:size*(i+1)], &out[i])
	}
	return out
}

// writeNodes writes s's node records, blob and vocab.
func writeNodes(w *enc, s *segment) {
	w.uv(uint64(len(s.nodes)))
	writeRecs(w, s.nodes, nodeRecSize, nodeRecsInPlace, putNodeRec)
	w.uv(uint64(len(s.blob)))
	w.raw(s.blob)
	w.strs(s.vocab)
	w.uv(uint64(len(s.sigs)))
	w.raw(s.sigs)
}

// readNodes reads what writeNodes wrote: the records in place when the
// machine and the address allow (decoded otherwise), the blob copied
// into the heap. Every record is checked (documents, parent, subtree
// end, strings and ids in range), so that no query indexes outside its
// segment: this reads the records once, as the checksum did and as
// building the norms does.
func readNodes(r *dec, s *segment) {
	at := r.off
	s.nodes = readRecs(r, r.count(1<<28), nodeRecSize, nodeRecsInPlace, getNodeRec, "nodes")
	r.markTable("node records", at)
	at = r.off
	s.blob = r.bytesInPlace(r.count(math.MaxInt32))
	s.vocab = r.strs()
	s.sigs = r.bytesInPlace(r.count(math.MaxUint32))
	r.markTable("node strings", at)
	if r.err != nil {
		return
	}
	if len(s.vocab) > 0 && s.vocab[0] != "" || len(s.vocab) > math.MaxUint16+1 {
		r.fail("nodes: bad vocab")
		return
	}
	if i := checkNodes(s); i >= 0 {
		r.fail("node %d refers outside its segment", i)
	}
}

// checkNodes returns the first node whose record refers outside s, or -1.
func checkNodes(s *segment) int {
	nb, nv := uint64(len(s.blob)), uint16(max(len(s.vocab), 1)-1)
	in := func(r strRef) bool { return uint64(r.off)+uint64(r.n) <= nb }
	inSigs := func(r strRef) bool { return uint64(r.off)+uint64(r.n) <= uint64(len(s.sigs)) }
	nn := uint32(len(s.nodes))
	for i := range s.nodes {
		n := &s.nodes[i]
		if n.doc >= uint32(len(s.docs)) || n.parent < -1 || n.parent >= int32(i) ||
			n.end <= uint32(i) || n.end > nn ||
			!in(n.ref(strAnchor)) || !in(n.ref(strName)) || !in(n.ref(strTitle)) || !in(n.ref(strQualified)) ||
			!inSigs(n.ref(strSignature)) || !in(n.ref(strConstraint)) ||
			n.kindID > nv || n.nativeKindID > nv || n.languageID > nv {
			return i
		}
	}
	return -1
}

// putNodeRec appends n's encoding to b: its fields in order,
// little-endian (for a machine that cannot write the records as they lie
// in memory).
func putNodeRec(b []byte, n *nodeRec) []byte {
	le := binary.LittleEndian
	for _, x := range [...]uint32{n.doc, uint32(n.parent), n.end, n.lineStart, n.lineEnd, n.docLine,
		n.byteStart, n.byteEnd, n.docStart, n.words} {
		b = le.AppendUint32(b, x)
	}
	for _, x := range n.strOff {
		b = le.AppendUint32(b, x)
	}
	for _, x := range n.strLen {
		b = le.AppendUint16(b, x)
	}
	for _, x := range [...]uint16{n.level, n.kindID, n.nativeKindID, n.languageID} {
		b = le.AppendUint16(b, x)
	}
	return append(b, boolByte(n.deprecated), boolByte(n.decl), 0, 0)
}

// getNodeRec decodes what putNodeRec wrote.
func getNodeRec(b []byte, n *nodeRec) {
	le := binary.LittleEndian
	b = b[:nodeRecSize]
	for i, p := range [...]*uint32{&n.doc, (*uint32)(unsafe.Pointer(&n.parent)), &n.end, &n.lineStart, &n.lineEnd,
		&n.docLine, &n.byteStart, &n.byteEnd, &n.docStart, &n.words} {
		*p = le.Uint32(b[4*i:])
	}
	b = b[40:]
	for i := range n.strOff {
		n.strOff[i] = le.Uint32(b[4*i:])
	}
	b = b[4*len(n.strOff):]
	for i := range n.strLen {
		n.strLen[i] = le.Uint16(b[2*i:])
	}
	b = b[2*len(n.strLen):]
	for i, p := range [...]*uint16{&n.level, &n.kindID, &n.nativeKindID, &n.languageID} {
		*p = le.Uint16(b[2*i:])
	}
	n.deprecated, n.decl = b[8] != 0, b[9] != 0
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// writeSymTables writes s's symbol and anchor tables.
func writeSymTables(w *enc, s *segment) {
	w.uv(uint64(len(s.syms)))
	writeRecs(w, s.syms, symEntrySize, symsInPlace, func(b []byte, e *symEntry) []byte {
		le := binary.LittleEndian
		return le.AppendUint32(le.AppendUint32(le.AppendUint32(b, e.lower.off), e.lower.n), e.node)
	})
	w.uv(uint64(len(s.anchors)))
	w.u32s(s.anchors)
}

// readSymTables reads what writeSymTables wrote, in place, after the
// nodes: every entry is checked to name a node and (a symbol's lowercased
// name) bytes of the blob.
func readSymTables(r *dec, s *segment) {
	s.syms = readRecs(r, r.count(len(s.nodes)), symEntrySize, symsInPlace, func(b []byte, e *symEntry) {
		le := binary.LittleEndian
		e.lower.off, e.lower.n, e.node = le.Uint32(b), le.Uint32(b[4:]), le.Uint32(b[8:])
	}, "symbols")
	s.anchors = r.u32s(r.count(len(s.nodes)))
	if r.err != nil {
		return
	}
	nn, nb := uint32(len(s.nodes)), uint64(len(s.blob))
	for i := range s.syms {
		if e := &s.syms[i]; e.node >= nn || uint64(e.lower.off)+uint64(e.lower.n) > nb {
			r.fail("symbol %d refers outside its segment", i)
			return
		}
	}
	for i, n := range s.anchors {
		if n >= nn {
			r.fail("anchor %d refers to node %d", i, n)
			return
		}
	}
}

// writeNorms writes s's norms and the count of nodes with each field.
func writeNorms(w *enc, s *segment) {
	for f := range treenav.NumFields {
		w.u64(s.fieldNodes[f])
	}
	writeRecs(w, s.norms, nodeNormSize, normsInPlace, func(b []byte, n *nodeNorm) []byte {
		b = binary.LittleEndian.AppendUint32(b, n.doc)
		for _, l := range n.fieldLen {
			b = binary.LittleEndian.AppendUint16(b, l)
		}
		return append(b, 0, 0)
	})
}

// readNorms reads what writeNorms wrote, in place, after the nodes: each
// norm is checked to be its node's document and field lengths (they are
// read once at load with the nodes), so that scoring, which reads the
// norms alone, indexes only the segment's documents.
func readNorms(r *dec, s *segment) {
	for f := range treenav.NumFields {
		s.fieldNodes[f] = r.u64()
	}
	s.norms = readRecs(r, len(s.nodes), nodeNormSize, normsInPlace, func(b []byte, n *nodeNorm) {
		n.doc = binary.LittleEndian.Uint32(b)
		for f := range n.fieldLen {
			n.fieldLen[f] = binary.LittleEndian.Uint16(b[4+2*f:])
		}
	}, "norms")
	if r.err != nil {
		return
	}
	for i := range s.norms {
		if s.norms[i].doc != s.nodes[i].doc {
			r.fail("norm %d is not its node's", i)
			return
		}
	}
}

// writeHot writes s's hot table (hot.go), which a load reads in place
// rather than deriving it again from every node: deriving it (the name
// signatures, the private-symbol and path tests) was two fifths of the
// CPU a load of the 25k-file corpus spent decoding segments.
func writeHot(w *enc, s *segment) {
	writeRecs(w, s.hot, nodeHotSize, hotInPlace, func(b []byte, h *nodeHot) []byte {
		le := binary.LittleEndian
		b = le.AppendUint32(le.AppendUint32(le.AppendUint32(b, uint32(h.up)), h.name), h.qual)
		return append(b, h.flags, 0, 0, 0)
	})
}

// hotSpotChecks is how many nodes of a segment a load derives again to
// compare with the hot table it read.
const hotSpotChecks = 64

// readHot reads what writeHot wrote, in place, after the norms. Each
// entry's rollup parent is checked to be an earlier node of the segment
// (the rollup indexes with it). The table is derived data: a snapshot
// written by a treenav whose derivation differs (another name signature,
// another test-path rule) has the version and fingerprint of this one,
// so a sample of nodes spread over the segment is derived again and
// compared, and a difference makes the snapshot unusable (rebuilt).
func readHot(r *dec, s *segment) {
	s.hot = readRecs(r, len(s.nodes), nodeHotSize, hotInPlace, func(b []byte, h *nodeHot) {
		le := binary.LittleEndian
		h.up, h.name, h.qual, h.flags = int32(le.Uint32(b)), le.Uint32(b[4:]), le.Uint32(b[8:]), b[12]
	}, "hot table")
	if r.err != nil {
		return
	}
	for i := range s.hot {
		if up := s.hot[i].up; up < -1 || up >= int32(i) {
			r.fail("hot entry %d: rollup parent %d", i, up)
			return
		}
	}
	n := len(s.hot)
	for k := range min(n, hotSpotChecks) {
		i := uint32(k * n / min(n, hotSpotChecks))
		if got := s.hotOf(i, s.docHotOf(int(s.nodes[i].doc))); got != s.hot[i] {
			r.fail("hot entry %d is not what this treenav derives (%+v, want %+v)", i, s.hot[i], got)
			return
		}
	}
}
