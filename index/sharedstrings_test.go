package index

import (
	"fmt"
	"hash/maphash"
	"strings"
	"testing"
	"unsafe"
)

// TestNamesShareAnchors: a symbol's name is the end of its anchor's
// bytes, not a copy of its own, in a built index and in a loaded one; and
// a document's path shares its id's.
func TestNamesShareAnchors(t *testing.T) {
	files := map[string]string{"web/server.go": "package web\n\ntype Server struct{}\n\n// Shutdown stops it.\nfunc (s *Server) Shutdown() {}\n\nfunc (s *Server) ListenAndServe() error { return nil }\n"}
	for i := range 5 {
		files[fmt.Sprintf("gen/f%d.go", i)] = fmt.Sprintf("package gen\n\ntype Thing%d struct{ N int }\n\nfunc (t Thing%d) Do() {}\n", i, i)
	}
	ix := newTestIndex(t, files)
	for label, ix := range map[string]*Index{"built": ix, "loaded": reloaded(t, ix)} {
		v := ix.view()
		shared, named := 0, 0
		for _, s := range v.segs {
			for i := range s.nodes {
				n := s.node(uint32(i))
				if n.name() == "" || !strings.HasSuffix(n.anchor(), n.name()) {
					continue
				}
				named++
				if within(n.name(), n.anchor()) && (n.title() != n.name() || unsafe.StringData(n.title()) == unsafe.StringData(n.name())) {
					shared++
				}
			}
			for i := range s.docs {
				if d := &s.docs[i]; !within(d.Path, d.DocID) {
					t.Errorf("%s: path %q is a copy of its id's bytes", label, d.Path)
				}
			}
		}
		if named == 0 || shared != named {
			t.Errorf("%s: %d of %d names (and titles) share their anchor's bytes", label, shared, named)
		}
	}
}

// within reports whether s's bytes lie inside t's.
func within(s, t string) bool {
	if len(s) == 0 {
		return true
	}
	p, lo := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(unsafe.StringData(t)))
	return p >= lo && p+uintptr(len(s)) <= lo+uintptr(len(t))
}

// TestRepeatedStringsStoredOnce: a signature, an anchor or a qualified
// name that several nodes of a segment share is stored once in its blob,
// in a built index, a loaded one and a merge of its segments, and every
// node still reads its own strings.
func TestRepeatedStringsStoredOnce(t *testing.T) {
	files := map[string]string{}
	for i := range 6 {
		files[fmt.Sprintf("pkg%d/thing.py", i)] = fmt.Sprintf("class Thing:\n    def __init__(self, value, other_value):\n        self.v = value\n\n    def describe_everything(self, verbose=False):\n        return %d\n", i)
	}
	ix := newTestIndex(t, files)
	check := func(label string, segs []*segment) {
		t.Helper()
		sigs, anchors := map[string]int{}, map[string]int{}
		var sigBytes, blobBytes int
		for _, s := range segs {
			sigBytes += len(s.sigs)
			blobBytes += len(s.blob)
			for i := range s.nodes {
				n := s.node(uint32(i))
				if sig := n.signatureView(); sig != "" {
					sigs[sig]++
				}
				if a := n.anchor(); len(a) >= sharedMin {
					anchors[a]++
				}
			}
		}
		if sigs["def __init__(self, value, other_value)"] != 6 || anchors["Thing.describe_everything"] != 6 {
			t.Fatalf("%s: the fixture's strings are not read back: %v %v", label, sigs, anchors)
		}
		distinct := 0
		for sig := range sigs {
			distinct += len(sig)
		}
		// Each segment holds each distinct signature once at most.
		if sigBytes > distinct*len(segs) {
			t.Errorf("%s: %d bytes of signatures for %d distinct bytes in %d segments", label, sigBytes, distinct, len(segs))
		}
		all := 0
		for a, n := range anchors {
			all += len(a) * n
		}
		if blobBytes >= all {
			t.Errorf("%s: the blob (%d bytes) holds the repeated anchors (%d bytes) each time", label, blobBytes, all)
		}
	}
	check("built", ix.view().segs)
	check("loaded", reloaded(t, ix).view().segs)
	check("merged", []*segment{mergeSegments(ix.view().segs, nil)})
}

// TestStrTable: strings stored through a nodeWriter come back as
// written, a repeat answers the first copy, across the table's growth;
// and a string whose hash lands on another's slot (a collision) is not
// answered by it.
func TestStrTable(t *testing.T) {
	var w nodeWriter
	refs := map[string]strRef{}
	for i := range 5000 {
		s := fmt.Sprintf("string number %d", i)
		refs[s] = w.add(s)
	}
	if len(w.blobSeen.slots) <= 2*1024 {
		t.Fatalf("%d slots after 5,000 strings: the table did not grow", len(w.blobSeen.slots))
	}
	n := len(w.blob)
	for s, r := range refs {
		if got := string(w.blob[r.off : r.off+r.n]); got != s {
			t.Fatalf("%q reads back %q", s, got)
		}
		if again := w.add(s); again != r {
			t.Fatalf("%q stored again: %v, first %v", s, again, r)
		}
	}
	if len(w.blob) != n {
		t.Errorf("repeats grew the blob from %d to %d bytes", n, len(w.blob))
	}
	if r := w.addSig("string number 7"); r.off != 0 || len(w.sigs) != int(r.n) {
		t.Errorf("the signatures' blob shares the strings' table: %v, %d bytes", r, len(w.sigs))
	}
	// A collision: the slot a hash leads to holds another string.
	h := maphash.String(w.seed, "string number 1")
	r, i := w.blobSeen.slot(w.blob, "another string!", h)
	if r.n != 0 {
		t.Errorf("another string with string number 1's hash answered %v", r)
	}
	if w.blobSeen.slots[i].n != 0 {
		t.Errorf("the collision's slot %d is not an empty one", i)
	}
}
