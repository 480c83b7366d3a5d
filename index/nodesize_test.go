package index

import (
	"bytes"
	"encoding/binary"
	"os"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"

	"github.com/treenav/treenav"
)

// TestNodeRecPacked: nodeRec has no padding between its fields (a million
// nodes make a big repository: 16 bytes each is 16 MB), and its layout is
// the snapshot's, so that a load reads the records in place.
func TestNodeRecPacked(t *testing.T) {
	var n nodeRec
	var fields uintptr
	typ := reflect.TypeOf(n)
	for i := range typ.NumField() {
		fields += typ.Field(i).Type.Size()
	}
	if size := unsafe.Sizeof(n); size != fields {
		t.Errorf("nodeRec takes %d bytes for %d of fields: reorder them by size", size, fields)
	}
	if size := binary.Size(n); size != nodeRecSize || unsafe.Sizeof(n) != nodeRecSize {
		t.Errorf("nodeRec is %d bytes in memory, %d encoded; the snapshot says %d", unsafe.Sizeof(n), size, nodeRecSize)
	}
	if nativeLittle && !nodeRecsInPlace {
		t.Error("node records are not read in place on a little-endian machine")
	}
	// The other records read in place: their layout is the file's too.
	for _, r := range []struct {
		name     string
		inPlace  bool
		mem, enc int
		want     int
	}{
		{"nodeHot", hotInPlace, int(unsafe.Sizeof(nodeHot{})), binary.Size(nodeHot{}), nodeHotSize},
		{"nodeNorm", normsInPlace, int(unsafe.Sizeof(nodeNorm{})), binary.Size(nodeNorm{}), nodeNormSize},
		{"symEntry", symsInPlace, int(unsafe.Sizeof(symEntry{})), binary.Size(symEntry{}), symEntrySize},
	} {
		if r.mem != r.want || r.enc != r.want {
			t.Errorf("%s is %d bytes in memory, %d encoded; the snapshot says %d", r.name, r.mem, r.enc, r.want)
		}
		if nativeLittle && !r.inPlace {
			t.Errorf("%s is not read in place on a little-endian machine", r.name)
		}
	}
}

// testNode is a node with strings ns, alone in a segment.
func testNode(ns nodeStrings) nodeMeta {
	s := &segment{nodes: make([]nodeRec, 1)}
	var w nodeWriter
	w.put(&s.nodes[0], &ns)
	w.finish(s)
	return s.node(0)
}

// TestNodeStringsShared: a node's strings read back as they were put, and
// the blob keeps a name that ends its anchor, a title equal to its name and
// equal constraints once.
func TestNodeStringsShared(t *testing.T) {
	in := []nodeStrings{
		{kind: treenav.KindMethod, nativeKind: "getter", language: "go", anchor: "Router.addRoute", name: "addRoute", title: "addRoute",
			signature: "func (r *Router) addRoute()", constraint: "linux && amd64"},
		{kind: treenav.KindFunction, anchor: "helper~2", name: "helper", title: "Helper", qualified: "pkg.helper", constraint: "linux && amd64"},
		{kind: treenav.KindSection, anchor: "intro", title: "Intro"},
		{},
	}
	s := &segment{nodes: make([]nodeRec, len(in))}
	var w nodeWriter
	for i := range in {
		w.put(&s.nodes[i], &in[i])
	}
	w.finish(s)
	for i := range in {
		if got := s.node(uint32(i)).strings(); got != in[i] {
			t.Errorf("node %d: got %+v, want %+v", i, got, in[i])
		}
	}
	want := len("Router.addRoute") + len("linux && amd64") +
		len("helper~2") + len("helper") + len("Helper") + len("pkg.helper") + len("intro") + len("Intro")
	if len(s.blob) != want {
		t.Errorf("blob of %d bytes, want %d (names, titles and constraints shared)", len(s.blob), want)
	}
	if string(s.sigs) != "func (r *Router) addRoute()" {
		t.Errorf("signatures' blob %q, want the one signature", s.sigs)
	}
	if len(s.vocab) != 6 { // "", method, getter, go, function, section
		t.Errorf("vocab %q", s.vocab)
	}
}

// TestNodeRecEncoding: the field-by-field encoding (for machines that
// cannot view records in place) is the records' memory layout on a
// little-endian machine, and decodes to the same record.
func TestNodeRecEncoding(t *testing.T) {
	n := nodeRec{doc: 1, parent: -1, end: 3, lineStart: 4, lineEnd: 5, docLine: 6, byteStart: 7, byteEnd: 8,
		docStart: 9, words: 10, strOff: [numNodeStrings]uint32{11, 13, 15, 17, 19, 21},
		strLen: [numNodeStrings]uint16{12, 14, 16, 18, 20, 22},
		level:  28, kindID: 29, nativeKindID: 30,
		languageID: 31, deprecated: true, decl: false}
	b := putNodeRec(nil, &n)
	if len(b) != nodeRecSize {
		t.Fatalf("encoded in %d bytes", len(b))
	}
	var back nodeRec
	getNodeRec(b, &back)
	if back != n {
		t.Errorf("decoded %+v, want %+v", back, n)
	}
	if nativeLittle {
		if mem := unsafe.Slice((*byte)(unsafe.Pointer(&n)), unsafe.Sizeof(n)); string(mem) != string(b) {
			t.Errorf("the encoding is not the memory layout:\n% x\n% x", b, mem)
		}
	}
}

// TestSnapshotNodeTablesEncoded: with the node, norm and symbol tables
// written and read field by field (as on a machine whose layout is not
// the file's), the snapshot is byte for byte the one written from memory,
// and it loads (decoded into the heap) to the same answers.
func TestSnapshotNodeTablesEncoded(t *testing.T) {
	ix, path := inPlaceFixture(t)
	want := answers(t, ix)
	viewed, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// nativeLittle too: the postings, positions and reference tables
	// are then written and read value by value as well.
	saved := [4]bool{nodeRecsInPlace, symsInPlace, normsInPlace, nativeLittle}
	nodeRecsInPlace, symsInPlace, normsInPlace, nativeLittle = false, false, false, false
	defer func() {
		nodeRecsInPlace, symsInPlace, normsInPlace, nativeLittle = saved[0], saved[1], saved[2], saved[3]
	}()
	if err := ix.Save(path, "fp", nil); err != nil {
		t.Fatal(err)
	}
	encoded, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if saved[0] && saved[1] && saved[2] && saved[3] && !bytes.Equal(encoded, viewed) {
		t.Error("the tables encoded field by field differ from their memory layout")
	}
	loaded := New()
	if _, err := loaded.Load(path, "fp"); err != nil {
		t.Fatal(err)
	}
	loaded.SetSource(*ix.source.Load())
	s := loaded.view().segs[0]
	if lo, p := uintptr(unsafe.Pointer(&s.src.b[0])), uintptr(unsafe.Pointer(&s.nodes[0])); p >= lo && p < lo+uintptr(len(s.src.b)) {
		t.Error("the nodes are viewed in place though the layout check says no")
	}
	if got := answers(t, loaded); !reflect.DeepEqual(got, want) {
		t.Error("the index with decoded node tables answers otherwise")
	}
}

// TestNodeStringsClipped: a node's string longer than a record's 16-bit
// length is stored cut to maxNodeString bytes at a rune's start, and
// the other strings keep theirs.
func TestNodeStringsClipped(t *testing.T) {
	long := strings.Repeat("é", maxNodeString/2+10) // two bytes a rune: the cut falls inside one
	var w nodeWriter
	var r nodeRec
	w.put(&r, &nodeStrings{kind: treenav.KindSection, anchor: "A.b", name: "b", title: long, qualified: "A.b", signature: "sig"})
	s := &segment{blob: w.blob, sigs: w.sigs, vocab: w.vocab}
	n := nodeMeta{&r, s}
	got := n.title()
	if len(got) > maxNodeString || !utf8.ValidString(got) || !strings.HasPrefix(long, got) || len(got) < maxNodeString-1 {
		t.Errorf("title of %d bytes stored as %d bytes (valid UTF-8 %v)", len(long), len(got), utf8.ValidString(got))
	}
	if n.anchor() != "A.b" || n.name() != "b" || n.qualified() != "A.b" || n.signatureView() != "sig" {
		t.Errorf("strings %q %q %q %q", n.anchor(), n.name(), n.qualified(), n.signatureView())
	}
}
