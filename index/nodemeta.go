package index

import (
	"fmt"
	"math"
	"strings"
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
// the fields ordered by size with no padding between them (108 bytes; the
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
	// The strings, in the blob. A name is usually the tail of its anchor's
	// bytes ("addRoute" of "Router.addRoute") and a title its name's: the
	// refs share them. qualifiedRef is empty when the qualified name is
	// the anchor.
	anchorRef     strRef
	nameRef       strRef
	titleRef      strRef
	qualifiedRef  strRef
	signatureRef  strRef
	constraintRef strRef // the build condition it exists under (Node.Constraint)
	fieldLen      [treenav.NumFields]uint16
	level         uint16
	kindID        uint16 // the kind, in vocab
	nativeKindID  uint16 // the language's own kind, in vocab
	languageID    uint16 // the language when not the document's, in vocab
	deprecated    bool   // a code symbol marked deprecated (isDeprecated)
	decl          bool   // declared here, defined elsewhere (Node.Declaration)
}

// nodeMeta is a node of a segment: its record and the segment whose blob
// and vocab its strings are in. It is two words, passed by value.
type nodeMeta struct {
	*nodeRec
	s *segment
}

// node is local node i.
func (s *segment) node(i uint32) nodeMeta { return nodeMeta{&s.nodes[i], s} }

// str is the string r of s's blob: a view of the blob's bytes, which it
// keeps alive (the blob is heap, never the snapshot's mapping).
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
func (n nodeMeta) anchor() string     { return n.s.str(n.anchorRef) }
func (n nodeMeta) name() string       { return n.s.str(n.nameRef) }
func (n nodeMeta) title() string      { return n.s.str(n.titleRef) }
func (n nodeMeta) qualified() string  { return n.s.str(n.qualifiedRef) }
func (n nodeMeta) constraint() string { return n.s.str(n.constraintRef) }

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
	r := n.signatureRef
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
}

// put stores ns in the writer and sets r's string refs and ids to them.
func (w *nodeWriter) put(r *nodeRec, ns *nodeStrings) {
	r.kindID = w.id(string(ns.kind))
	r.nativeKindID = w.id(ns.nativeKind)
	r.languageID = w.id(ns.language)
	r.anchorRef = w.add(ns.anchor)
	r.nameRef = w.tail(r.anchorRef, ns.anchor, ns.name)
	switch {
	case ns.title == ns.name:
		r.titleRef = r.nameRef
	default:
		r.titleRef = w.tail(r.anchorRef, ns.anchor, ns.title)
	}
	if ns.qualified == ns.anchor {
		r.qualifiedRef = r.anchorRef
	} else {
		r.qualifiedRef = w.add(ns.qualified)
	}
	r.signatureRef = w.addSig(ns.signature)
	r.constraintRef = strRef{}
	if ns.constraint != "" {
		ref, ok := w.shared[ns.constraint]
		if !ok {
			ref = w.add(ns.constraint)
			if w.shared == nil {
				w.shared = map[string]strRef{}
			}
			w.shared[ns.constraint] = ref
		}
		r.constraintRef = ref
	}
}

// add appends s to the blob.
func (w *nodeWriter) add(s string) strRef { return appendStr(&w.blob, s, "node strings") }

// addSig appends signature s to the signatures' blob.
func (w *nodeWriter) addSig(s string) strRef { return appendStr(&w.sigs, s, "signatures") }

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
