package index

import (
	"fmt"
	"hash/maphash"
	"math"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/treenav/treenav"
)

// Nodes without pointers. A segment keeps a node as a fixed-size record
// (nodeRec) whose strings are references into one byte blob per segment
// (segment.blob) and whose kinds and languages are ids into a small table
// of words (segment.vocab). The collector has nothing to scan in either,
// and a loaded segment reads its records in place from the snapshot
// (snapshot.go) and its blob as one heap allocation. Code reads a node
// through a nodeMeta (segment.node), which resolves the strings.

// strRef is a string in a segment's blob: n bytes from off.
type strRef struct{ off, n uint32 }

// nodeRec is what the index keeps of a node: fixed-size, no pointers,
// the fields ordered by size with no padding between them (88 bytes; the
// snapshot stores the records in this layout, little-endian).
type nodeRec struct {
	doc       uint32 // local doc index
	parent    int32  // local node index; -1 for a root
	end       uint32 // end of the subtree in preorder (exclusive)
	lineStart uint32
	lineEnd   uint32
	docLine   uint32
	byteStart uint32
	byteEnd   uint32
	docStart  uint32
	words     uint32
	// The strings (strAnchor ... strConstraint), in the blob (the
	// signature in the signatures' blob): string i is strLen[i] bytes
	// from strOff[i] (ref). A name is usually the tail of its anchor's
	// bytes ("addRoute" of "Router.addRoute") and a title its name's: the
	// refs share them. The qualified name's ref is the anchor's when they
	// are the same. Lengths are 16 bits (a string is cut to
	// maxNodeString when stored): 12 bytes a node less than two uint32s a
	// string (since snapshot version 24).
	strOff       [numNodeStrings]uint32
	strLen       [numNodeStrings]uint16
	level        uint16
	kindID       uint16  // the kind, in vocab
	nativeKindID uint16  // the language's own kind, in vocab
	languageID   uint16  // the language when not the document's, in vocab
	deprecated   bool    // a code symbol marked deprecated (isDeprecated)
	decl         bool    // declared here, defined elsewhere (Node.Declaration)
	_            [2]byte // the padding, a field: the layout is the snapshot's
}

// A node's strings, by index in nodeRec.strOff and strLen.
const (
	strAnchor = iota
	strName
	strTitle
	strQualified
	strSignature  // in the signatures' blob (segment.sigs)
	strConstraint // the build condition it exists under (Node.Constraint)
	numNodeStrings
)

// maxNodeString is the longest string a node record refers to.
const maxNodeString = math.MaxUint16

// ref is the node's string i.
func (n *nodeRec) ref(i int) strRef { return strRef{n.strOff[i], uint32(n.strLen[i])} }

// setRef sets the node's string i (r.n at most maxNodeString).
func (n *nodeRec) setRef(i int, r strRef) { n.strOff[i], n.strLen[i] = r.off, uint16(r.n) }

// clipString cuts s to at most maxNodeString bytes, at a rune's start.
func clipString(s string) string {
	if len(s) <= maxNodeString {
		return s
	}
	end := maxNodeString
	for end > 0 && !utf8.RuneStart(s[end]) {
		end--
	}
	return s[:end]
}

// nodeMeta is a node of a segment: its record and the segment whose blob
// and vocab its strings are in. It is two words, passed by value.
type nodeMeta struct {
	*nodeRec
	s *segment
}

// node is local node i.
func (s *segment) node(i uint32) nodeMeta { return nodeMeta{&s.nodes[i], s} }

// str is the string r of s's blob: a view of the blob's bytes, no copy.
// A loaded segment's blob lies in its snapshot's mapping, whose blob
// pages outlive the mapping (retire): strings made here may go into
// answers and caches that nothing ties to the segment.
func (s *segment) str(r strRef) string {
	if r.n == 0 {
		return ""
	}
	b := s.blob[r.off : uint64(r.off)+uint64(r.n)]
	return unsafe.String(&b[0], len(b))
}

// word is vocab id's word ("" for 0).
func (s *segment) word(id uint16) string {
	if id == 0 {
		return ""
	}
	return s.vocab[id]
}

func (n nodeMeta) kind() treenav.Kind { return treenav.Kind(n.s.word(n.kindID)) }
func (n nodeMeta) nativeKind() string { return n.s.word(n.nativeKindID) }
func (n nodeMeta) language() string   { return n.s.word(n.languageID) }
func (n nodeMeta) anchor() string     { return n.s.str(n.ref(strAnchor)) }
func (n nodeMeta) name() string       { return n.s.str(n.ref(strName)) }
func (n nodeMeta) title() string      { return n.s.str(n.ref(strTitle)) }
func (n nodeMeta) qualified() string  { return n.s.str(n.ref(strQualified)) }
func (n nodeMeta) constraint() string { return n.s.str(n.ref(strConstraint)) }

// signature is the node's signature, a string of its own: a loaded
// segment's signatures are read in place from the mapped snapshot
// (segment.sigs), and a view of the mapping must not escape into an
// answer or a cache that may outlive it.
func (n nodeMeta) signature() string {
	v := n.signatureView()
	if n.s.src != nil && n.s.src.mapped {
		return strings.Clone(v)
	}
	return v
}

// signatureView is the node's signature as a view of the segment's
// bytes, for a caller that reads it and lets nothing of it escape (a
// test, a count), while it holds the segment.
func (n nodeMeta) signatureView() string {
	r := n.ref(strSignature)
	if r.n == 0 {
		return ""
	}
	b := n.s.sigs[r.off : uint64(r.off)+uint64(r.n)]
	return unsafe.String(&b[0], len(b))
}

// nodeStrings are a node's strings, as a builder is given them.
type nodeStrings struct {
	kind       treenav.Kind
	nativeKind string
	language   string
	anchor     string
	name       string
	title      string
	qualified  string
	signature  string
	constraint string
}

// strings are n's strings, for a nodeWriter to copy: the signature is a
// view (signatureView), which must not be kept.
func (n nodeMeta) strings() nodeStrings {
	return nodeStrings{
		kind: n.kind(), nativeKind: n.nativeKind(), language: n.language(),
		anchor: n.anchor(), name: n.name(), title: n.title(), qualified: n.qualified(),
		signature: n.signatureView(), constraint: n.constraint(),
	}
}

// nodeWriter gathers the strings of the nodes a builder or a merge makes
// into one blob and one vocab.
type nodeWriter struct {
	blob   []byte
	sigs   []byte // the signatures (segment.sigs)
	vocab  []string
	ids    map[string]uint16
	shared map[string]strRef // constraints, one copy each
	// blobSeen and sigSeen: where the strings already written lie. A
	// record may refer to any bytes of its blob, so a string written
	// twice is stored once: the "String toString()" of many Java
	// classes, the "__init__(self)" of Python's, a C++ header's repeated
	// anchors. On the 25k-file bench corpus a segment's signatures held
	// 55.7 MB for 32.7 MB of distinct ones, its anchors and qualified
	// names 31.1 MB for 20.8.
	blobSeen, sigSeen strTable
	seed              maphash.Seed
}

// sharedMin is the shortest string written once: a shorter one costs
// less than its slots.
const sharedMin = 8

// sharedMax bounds the strings a strTable remembers: past it, new ones
// are appended without being remembered.
const sharedMax = 1 << 20

// A strTable remembers where strings lie in one blob: an open-addressing
// table of their refs, probed from the string's hash and compared by
// their bytes (so a hash collision costs a comparison, never a wrong
// answer). 8 bytes a slot, at most half full: 16 to 32 bytes a string,
// where a map from hash to ref took about 40.
type strTable struct {
	slots []strRef // n == 0: empty
	used  int
}

// sharedBytes is the memory of a nodeWriter's tables.
func (w *nodeWriter) sharedBytes() int64 {
	return int64(len(w.blobSeen.slots)+len(w.sigSeen.slots)) * int64(unsafe.Sizeof(strRef{}))
}

// slot is where s lies in blob, or the empty slot where it would go.
func (t *strTable) slot(blob []byte, s string, h uint64) (strRef, int) {
	mask := len(t.slots) - 1
	for i := int(h) & mask; ; i = (i + 1) & mask {
		r := t.slots[i]
		if r.n == 0 || int(r.n) == len(s) && string(blob[r.off:r.off+r.n]) == s {
			return r, i
		}
	}
}

// grow doubles the table, the strings' hashes taken again from blob.
func (t *strTable) grow(blob []byte, seed maphash.Seed) {
	old := t.slots
	t.slots = make([]strRef, 2*len(old))
	for _, r := range old {
		if r.n != 0 {
			b := blob[r.off : r.off+r.n]
			_, i := t.slot(blob, unsafe.String(&b[0], len(b)), maphash.Bytes(seed, b))
			t.slots[i] = r
		}
	}
}

// put stores ns in the writer and sets r's string refs and ids to them.
func (w *nodeWriter) put(r *nodeRec, ns *nodeStrings) {
	r.kindID = w.id(string(ns.kind))
	r.nativeKindID = w.id(ns.nativeKind)
	r.languageID = w.id(ns.language)
	anchor, name, title := clipString(ns.anchor), clipString(ns.name), clipString(ns.title)
	qualified, constraint := clipString(ns.qualified), clipString(ns.constraint)
	ar := w.add(anchor)
	r.setRef(strAnchor, ar)
	nr := w.tail(ar, anchor, name)
	r.setRef(strName, nr)
	if title == name {
		r.setRef(strTitle, nr)
	} else {
		r.setRef(strTitle, w.tail(ar, anchor, title))
	}
	if qualified == anchor {
		r.setRef(strQualified, ar)
	} else {
		r.setRef(strQualified, w.add(qualified))
	}
	r.setRef(strSignature, w.addSig(clipString(ns.signature)))
	r.setRef(strConstraint, strRef{})
	if constraint != "" {
		ref, ok := w.shared[constraint]
		if !ok {
			ref = w.add(constraint)
			if w.shared == nil {
				w.shared = map[string]strRef{}
			}
			w.shared[constraint] = ref
		}
		r.setRef(strConstraint, ref)
	}
}

// add stores s in the blob.
func (w *nodeWriter) add(s string) strRef { return w.store(&w.blob, &w.blobSeen, s, "node strings") }

// addSig stores signature s in the signatures' blob.
func (w *nodeWriter) addSig(s string) strRef { return w.store(&w.sigs, &w.sigSeen, s, "signatures") }

// store is where s lies in *blob: where it was written before when t
// remembers it, else appended.
func (w *nodeWriter) store(blob *[]byte, t *strTable, s, what string) strRef {
	if len(s) < sharedMin {
		return appendStr(blob, s, what)
	}
	if w.seed == (maphash.Seed{}) {
		w.seed = maphash.MakeSeed()
	}
	if t.slots == nil {
		t.slots = make([]strRef, 1024)
	}
	h := maphash.String(w.seed, s)
	r, i := t.slot(*blob, s, h)
	if r.n != 0 {
		return r
	}
	r = appendStr(blob, s, what)
	if t.used < sharedMax {
		t.slots[i] = r
		if t.used++; 2*t.used > len(t.slots) {
			t.grow(*blob, w.seed)
		}
	}
	return r
}

// appendStr appends s to *blob and returns where it lies (what names the
// blob in the panic of one past 4 GiB).
func appendStr(blob *[]byte, s, what string) strRef {
	if s == "" {
		return strRef{}
	}
	if len(*blob)+len(s) > math.MaxUint32 {
		panic(fmt.Sprintf("index: a segment's %s pass 4 GiB (%d bytes)", what, len(*blob)))
	}
	r := strRef{uint32(len(*blob)), uint32(len(s))}
	*blob = append(*blob, s...)
	return r
}

// tail is t as a ref: the end of a's bytes (ref ar) when a ends with t,
// else a copy.
func (w *nodeWriter) tail(ar strRef, a, t string) strRef {
	if t == "" {
		return strRef{}
	}
	if len(t) <= len(a) && a[len(a)-len(t):] == t {
		return strRef{ar.off + ar.n - uint32(len(t)), uint32(len(t))}
	}
	return w.add(t)
}

// id is word's id in the vocab, added if new. The vocab holds kinds,
// native kinds and languages: words of the grammars, not of the input,
// a few hundred at most.
func (w *nodeWriter) id(word string) uint16 {
	if word == "" {
		return 0
	}
	if id, ok := w.ids[word]; ok {
		return id
	}
	if w.ids == nil {
		w.ids = map[string]uint16{}
		w.vocab = append(w.vocab[:0], "")
	}
	if len(w.vocab) > math.MaxUint16 {
		panic("index: more than 65,535 distinct node kinds and languages")
	}
	id := uint16(len(w.vocab))
	w.vocab = append(w.vocab, word)
	w.ids[word] = id
	return id
}

// finish hands the blobs and vocab to s.
func (w *nodeWriter) finish(s *segment) {
	s.blob, s.sigs, s.vocab = w.blob, w.sigs, w.vocab
	*w = nodeWriter{}
}
