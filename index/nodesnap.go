package index

import (
	"bytes"
	"encoding/binary"
	"math"
	"unsafe"
)

// Node tables in a snapshot (format 11): the records as an aligned array
// of nodeRec in its memory layout, little-endian, which a load reads in
// place like the postings (snapview.go); then the strings' blob and the
// vocab. The blob is copied into the heap at load (one allocation,
// nothing for the collector to scan), since its strings escape into
// results and caches that may outlive the mapping; the records do not
// escape (a nodeMeta is read, never kept).

// nodeRecSize is a record's size in the snapshot.
const nodeRecSize = 108

// nodeRecsInPlace reports whether records can be viewed where they lie:
// a little-endian machine on which nodeRec's layout is the file's (no
// padding, binary.Size counting the fields packed in order).
var nodeRecsInPlace = nativeLittle &&
	unsafe.Sizeof(nodeRec{}) == nodeRecSize && binary.Size(nodeRec{}) == nodeRecSize

// writeNodes writes s's node records, blob and vocab.
func writeNodes(w *enc, s *segment) {
	w.uv(uint64(len(s.nodes)))
	w.align()
	if len(s.nodes) > 0 {
		if nodeRecsInPlace {
			w.raw(unsafe.Slice((*byte)(unsafe.Pointer(&s.nodes[0])), nodeRecSize*len(s.nodes)))
		} else {
			var b [nodeRecSize]byte
			for i := range s.nodes {
				w.raw(putNodeRec(b[:0], &s.nodes[i]))
			}
		}
	}
	w.uv(uint64(len(s.blob)))
	w.raw(s.blob)
	w.strs(s.vocab)
}

// readNodes reads what writeNodes wrote: the records in place when the
// machine and the address allow (decoded otherwise), the blob copied
// into the heap. Every record is checked (documents, parent, subtree
// end, strings and ids in range), so that no query indexes outside its
// segment: this reads the records once, as the checksum did and as
// building the norms does.
func readNodes(r *dec, s *segment) {
	n := r.count(1 << 28)
	r.align()
	if r.err != nil || n > (len(r.b)-r.off)/nodeRecSize {
		r.fail("truncated: want %d nodes", n)
		return
	}
	b := r.raw(nodeRecSize * n)
	switch {
	case n == 0:
		s.nodes = []nodeRec{}
	case nodeRecsInPlace && uintptr(unsafe.Pointer(&b[0]))%unsafe.Alignof(nodeRec{}) == 0:
		r.inPlace += len(b)
		s.nodes = unsafe.Slice((*nodeRec)(unsafe.Pointer(&b[0])), n)
	default:
		s.nodes = make([]nodeRec, n)
		for i := range s.nodes {
			getNodeRec(b[nodeRecSize*i:], &s.nodes[i])
		}
	}
	s.blob = bytes.Clone(r.raw(r.count(math.MaxInt32)))
	s.vocab = r.strs()
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
	nn := uint32(len(s.nodes))
	for i := range s.nodes {
		n := &s.nodes[i]
		if n.doc >= uint32(len(s.docs)) || n.parent < -1 || n.parent >= int32(i) ||
			n.end <= uint32(i) || n.end > nn ||
			!in(n.anchorRef) || !in(n.nameRef) || !in(n.titleRef) || !in(n.qualifiedRef) ||
			!in(n.signatureRef) || !in(n.constraintRef) ||
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
	for _, r := range [...]strRef{n.anchorRef, n.nameRef, n.titleRef, n.qualifiedRef, n.signatureRef, n.constraintRef} {
		b = le.AppendUint32(le.AppendUint32(b, r.off), r.n)
	}
	for _, x := range n.fieldLen {
		b = le.AppendUint16(b, x)
	}
	for _, x := range [...]uint16{n.level, n.kindID, n.nativeKindID, n.languageID} {
		b = le.AppendUint16(b, x)
	}
	return append(b, boolByte(n.deprecated), boolByte(n.decl))
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
	for i, r := range [...]*strRef{&n.anchorRef, &n.nameRef, &n.titleRef, &n.qualifiedRef, &n.signatureRef, &n.constraintRef} {
		r.off, r.n = le.Uint32(b[8*i:]), le.Uint32(b[8*i+4:])
	}
	b = b[48:]
	for i := range n.fieldLen {
		n.fieldLen[i] = le.Uint16(b[2*i:])
	}
	b = b[2*len(n.fieldLen):]
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
