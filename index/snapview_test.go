package index

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"
)

// inPlaceFixture is a small index with postings, positions and trigrams
// in every table, saved to a snapshot; it returns the index and the path.
func inPlaceFixture(t *testing.T) (*Index, string) {
	t.Helper()
	files := map[string]string{}
	// Enough files that the snapshot has pages apart from the node
	// strings (TestSnapshotMappingLifetime).
	for i := range 40 {
		files[fmt.Sprintf("pkg/f%d.go", i)] = fmt.Sprintf("package pkg\n\n// Widget%d renders widget number %d of the gallery.\nfunc Widget%d(n int) string { return render(n, %d) }\n", i, i, i, i)
	}
	files["README.md"] = "# Gallery\n\nThe gallery renders every widget, numbered.\n"
	// A posting with more than 255 bytes of positions (a long run).
	files["docs/long.md"] = "# Long\n\n" + strings.Repeat("widget gallery ", 300) + "\n"
	ix := newTestIndex(t, files)
	path := filepath.Join(t.TempDir(), "index.tnv")
	if err := ix.Save(path, "fp", nil); err != nil {
		t.Fatal(err)
	}
	return ix, path
}

// answers is what a few searches and greps of ix return.
func answers(t *testing.T, ix *Index) []any {
	t.Helper()
	var out []any
	for _, q := range []string{"widget", "\"renders widget number\"", "gallery", "Widget7", "\"widget gallery\""} {
		r, err := ix.Search(SearchRequest{Query: q, Limit: 20})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	for _, p := range []string{"render(n, 1", "GALLERY", "numbered"} {
		r, err := ix.Grep(GrepRequest{Pattern: p, IgnoreCase: true})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

// loadBytes loads a snapshot from b, in the heap (as outside Linux).
func loadBytes(t *testing.T, b []byte, src *Index) (*Index, error) {
	t.Helper()
	ix := New()
	_, err := ix.load(&snapshotFile{b: b}, "fp")
	if p := src.source.Load(); p != nil {
		ix.SetSource(*p)
	}
	return ix, err
}

// TestSnapshotInPlace: a loaded index reads its postings, positions and
// trigrams where they lie in the snapshot (the mapping, or the bytes read
// into the heap; decoded when they are misaligned) and answers as the
// index that was saved.
func TestSnapshotInPlace(t *testing.T) {
	ix, path := inPlaceFixture(t)
	want := answers(t, ix)

	mapped := New()
	if _, err := mapped.Load(path, "fp"); err != nil {
		t.Fatal(err)
	}
	mapped.SetSource(*ix.source.Load())
	s := mapped.view().segs[0]
	if s.src == nil || s.grams.src != s.src {
		t.Fatal("a loaded segment does not keep its snapshot")
	}
	within := func(name string, p unsafe.Pointer) {
		b := s.src.b
		lo := uintptr(unsafe.Pointer(&b[0]))
		if a := uintptr(p); a < lo || a >= lo+uintptr(len(b)) {
			t.Errorf("%s is not read in place", name)
		}
	}
	within("postData", unsafe.Pointer(&s.postData[0]))
	within("postBlk", unsafe.Pointer(&s.postBlk[0]))
	within("tf codes", unsafe.Pointer(&s.cols.tfCode[0]))
	within("run blocks", unsafe.Pointer(&s.cols.runBlock[0]))
	if s.postTF != nil || s.postPos != nil {
		t.Errorf("the loaded columns are not the compact ones")
	}
	within("termPost", unsafe.Pointer(&s.termPost[0]))
	within("pos", unsafe.Pointer(&s.pos[0]))
	within("gram keys", unsafe.Pointer(&s.grams.keys[0]))
	within("gram data", unsafe.Pointer(&s.grams.data[0]))
	within("nodes", unsafe.Pointer(&s.nodes[0]))
	within("symbols", unsafe.Pointer(&s.syms[0]))
	within("anchors", unsafe.Pointer(&s.anchors[0]))
	within("norms", unsafe.Pointer(&s.norms[0]))
	within("signatures", unsafe.Pointer(&s.sigs[0]))
	// A signature handed out is a copy: a view of the mapping would not
	// keep it mapped.
	for i := range s.nodes {
		if sig := s.node(uint32(i)).signature(); sig != "" {
			if p := unsafe.Pointer(unsafe.StringData(sig)); uintptr(p) >= uintptr(unsafe.Pointer(&s.src.b[0])) &&
				uintptr(p) < uintptr(unsafe.Pointer(&s.src.b[0]))+uintptr(len(s.src.b)) {
				t.Fatalf("node %d's signature %q is a view of the mapping", i, sig)
			}
			if sig != s.node(uint32(i)).signatureView() {
				t.Fatalf("node %d's signature reads otherwise as a view", i)
			}
		}
	}
	terms := func(s *segment) (out []string) {
		for i := range s.terms.n() {
			out = append(out, s.terms.at(i))
		}
		return out
	}
	if got, want := terms(s), terms(ix.view().segs[0]); len(want) == 0 || !slices.Equal(got, want) {
		t.Errorf("the loaded dictionary has %d terms, the built %d (or other ones)", len(got), len(want))
	}
	// The node strings are read in place too: their strings outlive the
	// mapping in its retired pages (TestSnapshotMappingLifetime).
	within("node strings", unsafe.Pointer(&s.blob[0]))
	if got := answers(t, mapped); !reflect.DeepEqual(got, want) {
		t.Errorf("the loaded index answers otherwise:\n%v\n%v", got, want)
	}

	// A loaded index saved over the file it reads in place (as a server
	// does): the mapping keeps the replaced file, and the new snapshot
	// loads to the same answers.
	if err := mapped.Save(path, "fp", nil); err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	if got := answers(t, mapped); !reflect.DeepEqual(got, want) {
		t.Error("the loaded index answers otherwise once its snapshot is replaced")
	}
	again := New()
	if _, err := again.Load(path, "fp"); err != nil {
		t.Fatal(err)
	}
	again.SetSource(*ix.source.Load())
	if got := answers(t, again); !reflect.DeepEqual(got, want) {
		t.Error("a snapshot saved from a loaded index answers otherwise")
	}

	loadsAlike(t, path, ix, want, answers)
}

// loadsAlike checks that the snapshot at path answers want when loaded
// from bytes in the heap, and from bytes at an odd address, whose tables
// are decoded rather than viewed.
func loadsAlike(t *testing.T, path string, ix *Index, want []any, answer func(*testing.T, *Index) []any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	heap, err := loadBytes(t, b, ix)
	if err != nil {
		t.Fatal(err)
	}
	if got := answer(t, heap); !reflect.DeepEqual(got, want) {
		t.Error("the index loaded from bytes in the heap answers otherwise")
	}
	odd := make([]byte, len(b)+1)[1:]
	copy(odd, b)
	dec, err := loadBytes(t, odd, ix)
	if err != nil {
		t.Fatal(err)
	}
	if got := answer(t, dec); !reflect.DeepEqual(got, want) {
		t.Error("the index decoded from misaligned bytes answers otherwise")
	}
}

// TestSnapshotInPlaceDamage: damage to the tables read in place is found
// at load (the checksum; behind a valid checksum, their shape checks),
// and so is a snapshot of the previous format.
func TestSnapshotInPlaceDamage(t *testing.T) {
	ix, path := inPlaceFixture(t)
	good, s, base := loadedSegment(t, path)
	// Each table's offset in the file.
	offU32 := func(x []uint32) int { return int(uintptr(unsafe.Pointer(&x[0])) - base) }
	offB := func(x []byte) int { return int(uintptr(unsafe.Pointer(&x[0])) - base) }
	tables := map[string]struct{ off, n int }{
		"termPost":   {offU32(s.termPost), 4 * len(s.termPost)},
		"postBlk":    {offU32(s.postBlk), 4 * len(s.postBlk)},
		"postData":   {offB(s.postData), len(s.postData)},
		"tf codes":   {offB(s.cols.tfCode), len(s.cols.tfCode)},
		"tf values":  {offU32(s.cols.tfVals), 4 * len(s.cols.tfVals)},
		"run blocks": {offU32(s.cols.runBlock), 4 * len(s.cols.runBlock)},
		"pos":        {offB(s.pos), len(s.pos)},
		"gram keys":  {offU32(s.grams.keys), 4 * len(s.grams.keys)},
		"gram offs":  {offU32(s.grams.offs), 4 * len(s.grams.offs)},
		"gram data":  {offB(s.grams.data), len(s.grams.data)},
		"nodes":      {int(uintptr(unsafe.Pointer(&s.nodes[0])) - base), nodeRecSize * len(s.nodes)},
		"symbols":    {int(uintptr(unsafe.Pointer(&s.syms[0])) - base), symEntrySize * len(s.syms)},
		"anchors":    {offU32(s.anchors), 4 * len(s.anchors)},
		"norms":      {int(uintptr(unsafe.Pointer(&s.norms[0])) - base), nodeNormSize * len(s.norms)},
		"hot":        {int(uintptr(unsafe.Pointer(&s.hot[0])) - base), nodeHotSize * len(s.hot)},
		"term offs":  {offU32(s.terms.off), 4 * len(s.terms.off)},
		"term blob":  {offB(s.terms.blob), len(s.terms.blob)},
	}
	u32At := func(c []byte, off int, x uint32) { binary.LittleEndian.PutUint32(c[off:], x) }
	u16At := func(c []byte, off int, x uint16) { binary.LittleEndian.PutUint16(c[off:], x) }
	last := func(tb struct{ off, n int }) int { return tb.off + tb.n - 4 }
	damaged := flippedAndTruncated(good, tables)
	c := append([]byte(nil), good...)
	u32At(c, last(tables["termPost"]), uint32(s.numPostings()+1))
	damaged["term offsets past the postings"] = resum(c)
	c = append([]byte(nil), good...)
	u32At(c, tables["termPost"].off+4, uint32(s.numPostings()))
	damaged["term offsets out of order"] = resum(c)
	c = append([]byte(nil), good...)
	u32At(c, last(tables["postBlk"]), uint32(len(s.postData)+1))
	damaged["posting blocks past the nodes"] = resum(c)
	c = append([]byte(nil), good...)
	u32At(c, tables["postBlk"].off+4, 0)
	damaged["posting blocks out of order"] = resum(c)
	c = append([]byte(nil), good...)
	u32At(c, tables["postBlk"].off+4, uint32(len(s.postData)))
	damaged["a posting block past the next"] = resum(c)
	c = append([]byte(nil), good...)
	u32At(c, last(tables["run blocks"]), uint32(len(s.pos)+1))
	damaged["positions blocks past the bytes"] = resum(c)
	c = append([]byte(nil), good...)
	u32At(c, tables["run blocks"].off+4, uint32(len(s.pos)))
	damaged["positions blocks out of order"] = resum(c)
	c = append([]byte(nil), good...)
	u32At(c, last(tables["term offs"]), uint32(len(s.terms.blob)+1))
	damaged["dictionary offsets past the blob"] = resum(c)
	c = append([]byte(nil), good...)
	u32At(c, tables["term offs"].off+4, uint32(len(s.terms.blob)))
	damaged["dictionary offsets out of order"] = resum(c)
	c = append([]byte(nil), good...)
	u32At(c, tables["gram keys"].off+4, 0)
	damaged["trigram keys out of order"] = resum(c)
	c = append([]byte(nil), good...)
	u32At(c, last(tables["gram offs"]), uint32(len(s.grams.data)+1))
	damaged["trigram offsets past the runs"] = resum(c)
	// Node records that refer outside the segment, behind a valid
	// checksum: each is found by checkNodes.
	nodes := tables["nodes"].off
	field := func(name string) int {
		f, ok := reflect.TypeOf(nodeRec{}).FieldByName(name)
		if !ok {
			t.Fatalf("no field %s", name)
		}
		return int(f.Offset)
	}
	rec := func(i int, name string) int { return nodes + i*nodeRecSize + field(name) }
	lastNode := len(s.nodes) - 1
	for name, edit := range map[string]func(c []byte){
		"a node of no document":      func(c []byte) { u32At(c, rec(1, "doc"), uint32(len(s.docs))) },
		"a parent after its child":   func(c []byte) { u32At(c, rec(1, "parent"), 1) },
		"a parent before the first":  func(c []byte) { u32At(c, rec(1, "parent"), 0xfffffffe) },
		"a subtree past the nodes":   func(c []byte) { u32At(c, rec(0, "end"), uint32(len(s.nodes)+1)) },
		"a subtree ending before it": func(c []byte) { u32At(c, rec(lastNode, "end"), uint32(lastNode)) },
		"an anchor past the blob":    func(c []byte) { u32At(c, rec(1, "strOff")+4*strAnchor, uint32(len(s.blob))) },
		"a constraint past the blob": func(c []byte) { u16At(c, rec(1, "strLen")+2*strConstraint, uint16(len(s.blob)+1)) },
		"a signature past its blob":  func(c []byte) { u16At(c, rec(1, "strLen")+2*strSignature, uint16(len(s.sigs)+1)) },
		"a kind outside the vocab":   func(c []byte) { binary.LittleEndian.PutUint16(c[rec(1, "kindID"):], uint16(len(s.vocab))) },
		"a symbol of no node":        func(c []byte) { u32At(c, tables["symbols"].off+8, uint32(len(s.nodes))) },
		"a symbol past the blob":     func(c []byte) { u32At(c, tables["symbols"].off, uint32(len(s.blob))+1) },
		"a norm of another document": func(c []byte) { u32At(c, tables["norms"].off+nodeNormSize, uint32(len(s.docs))) },
		"an anchor of no node":       func(c []byte) { u32At(c, tables["anchors"].off, uint32(len(s.nodes))) },
		"a rollup parent after it":   func(c []byte) { u32At(c, tables["hot"].off+nodeHotSize, 1) },
		"a rollup parent below -1":   func(c []byte) { u32At(c, tables["hot"].off+nodeHotSize, 0xfffffffe) },
		// Node 0 is one of the nodes a load derives again.
		"another name signature": func(c []byte) { u32At(c, tables["hot"].off+4, ^s.hot[0].name) },
		"other flags":            func(c []byte) { c[tables["hot"].off+12] ^= hotTest },
		"a language outside the vocab": func(c []byte) {
			binary.LittleEndian.PutUint16(c[rec(1, "languageID"):], uint16(len(s.vocab)))
		},
	} {
		c := append([]byte(nil), good...)
		edit(c)
		damaged[name] = resum(c)
	}
	c = append([]byte(nil), good...)
	binary.LittleEndian.PutUint32(c[len(snapshotMagic):], snapshotVersion-1)
	damaged["the previous format"] = resum(c)

	expectRejected(t, damaged)
	_ = ix
}

// TestSnapshotMappingLifetime: a mapping stays while a segment reads it,
// merging copies a loaded segment's tables out of it, and once no segment
// refers to it, it is unmapped (Memory.Mapped falls back).
func TestSnapshotMappingLifetime(t *testing.T) {
	ix, path := inPlaceFixture(t)
	want := answers(t, ix)
	before := settledMapped()
	loaded := New()
	if _, err := loaded.Load(path, "fp"); err != nil {
		t.Fatal(err)
	}
	loaded.SetSource(*ix.source.Load())
	s := loaded.view().segs[0]
	if !s.src.mapped {
		t.Skip("this file system cannot map the snapshot")
	}
	if ReadMemory().Mapped == 0 || mappedBytes.Load() <= before {
		t.Fatal("Memory.Mapped does not count the loaded tables")
	}
	for range 3 {
		runtime.GC()
	}
	if got := answers(t, loaded); !reflect.DeepEqual(got, want) {
		t.Fatal("the loaded index answers otherwise after collections")
	}
	m := mergeSegments([]*segment{s}, nil)
	if m.src != nil || m.grams.src != nil {
		t.Error("a merged segment refers to the snapshot")
	}
	orig := mergeSegments(ix.view().segs, nil)
	if !reflect.DeepEqual(m.terms, orig.terms) || !reflect.DeepEqual(m.termPost, orig.termPost) ||
		!reflect.DeepEqual(m.postData, orig.postData) || !reflect.DeepEqual(m.postBlk, orig.postBlk) || !reflect.DeepEqual(m.postTF, orig.postTF) ||
		!reflect.DeepEqual(m.postPos, orig.postPos) || !reflect.DeepEqual(m.pos, orig.pos) ||
		!reflect.DeepEqual(m.grams.keys, orig.grams.keys) || !reflect.DeepEqual(m.grams.data, orig.grams.data) {
		t.Error("merging the loaded segment gives other postings than merging the built one")
	}
	if !reflect.DeepEqual(m.nodes, orig.nodes) || !bytes.Equal(m.blob, orig.blob) || !reflect.DeepEqual(m.vocab, orig.vocab) ||
		!reflect.DeepEqual(m.syms, orig.syms) || !reflect.DeepEqual(m.anchors, orig.anchors) || !reflect.DeepEqual(m.norms, orig.norms) {
		t.Error("merging the loaded segment gives other nodes than merging the built one")
	}
	if !reflect.DeepEqual(docReferences(m), docReferences(orig)) || len(docReferences(m)) == 0 {
		t.Error("merging the loaded segment gives other references than merging the built one")
	}
	lo := uintptr(unsafe.Pointer(&s.src.b[0]))
	merged := map[string]unsafe.Pointer{"postData": unsafe.Pointer(&m.postData[0]), "postBlk": unsafe.Pointer(&m.postBlk[0]), "pos": unsafe.Pointer(&m.pos[0]), "gram data": unsafe.Pointer(&m.grams.data[0]),
		"nodes": unsafe.Pointer(&m.nodes[0]), "node strings": unsafe.Pointer(&m.blob[0]),
		"ref kinds": unsafe.Pointer(&m.refTable.kind[0]), "ref strings": unsafe.Pointer(&m.refTable.blob[0])}
	if len(m.refsNamed("render")) == 0 {
		t.Error("the merged segment has no references to render")
	}
	for name, c := range refTables(m.refTable) {
		merged[name] = c.p
	}
	for di := range m.docs {
		if dr := m.docs[di].refs; dr != nil && dr.t != m.refTable {
			t.Errorf("document %d's references are not the merged table's", di)
		}
	}
	for name, p := range merged {
		if a := uintptr(p); a >= lo && a < lo+uintptr(len(s.src.b)) {
			t.Errorf("the merge's %s aliases the snapshot", name)
		}
	}
	// Strings of the blobs read in place (node strings, dictionary
	// terms, reference strings), as answers and caches hold them, and
	// where the rest of the mapping lies.
	var held, copies []string
	hold := func(str string) {
		if str != "" {
			held, copies = append(held, str), append(copies, strings.Clone(str))
		}
	}
	for i := range s.nodes {
		n := s.node(uint32(i))
		for _, str := range []string{n.anchor(), n.name(), n.title(), n.qualified()} {
			hold(str)
		}
	}
	nodeStrings := len(held)
	for i := range s.terms.n() {
		hold(s.terms.at(i))
	}
	terms := len(held) - nodeStrings
	for id := range s.refTable.nstr() {
		hold(s.refTable.str(uint32(id)))
	}
	if nodeStrings == 0 || terms == 0 || len(held) == nodeStrings+terms {
		t.Fatalf("strings to hold: %d node strings, %d terms, %d reference strings", nodeStrings, terms, len(held)-nodeStrings-terms)
	}
	// A page of the file that holds none of those strings.
	pg := uintptr(os.Getpagesize())
	base, size := uintptr(unsafe.Pointer(&s.src.b[0])), uintptr(len(s.src.b))
	blobs := [][]byte{s.blob, s.terms.blob, s.refTable.blob}
	blobLen := int64(0)
	other := uintptr(0)
	for a := (base + pg - 1) &^ (pg - 1); a+pg <= base+size && other == 0; a += pg {
		apart := true
		for _, b := range blobs {
			lo := uintptr(unsafe.Pointer(&b[0])) &^ (pg - 1)
			hi := (uintptr(unsafe.Pointer(&b[0])) + uintptr(len(b)) + pg - 1) &^ (pg - 1)
			apart = apart && (a+pg <= lo || a >= hi)
		}
		if apart {
			other = a
		}
	}
	for _, b := range blobs {
		blobLen += int64(len(b)) + 2*int64(pg)
	}
	if other == 0 {
		t.Fatalf("the snapshot (%d bytes) has no page apart from its string blobs", size)
	}
	retiredBefore := retiredBytes.Load()
	// A reader that goes on reading them while the cleanup swaps their
	// pages (it would fault on a hole, and see other bytes on a bad
	// copy).
	var stop atomic.Bool
	readerDone := make(chan string)
	go func() {
		for !stop.Load() {
			runtime.Gosched()
			for i := range held {
				if held[i] != copies[i] {
					readerDone <- held[i]
					return
				}
			}
		}
		readerDone <- ""
	}()
	s = nil
	loaded = nil
	deadline := time.Now().Add(5 * time.Second)
	for mappedBytes.Load() > before && time.Now().Before(deadline) {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	stop.Store(true)
	if bad := <-readerDone; bad != "" {
		t.Errorf("a reader saw %q while the mapping went", bad)
	}
	if mappedBytes.Load() > before {
		t.Error("the snapshot stayed mapped after its index was dropped")
	}
	// The strings read as they did (a fault here is a string left
	// pointing into unmapped memory), from pages kept as a copy, while
	// the rest of the file is unmapped.
	for i := range held {
		if held[i] != copies[i] {
			t.Fatalf("node string %d reads %q after its mapping went, was %q", i, held[i], copies[i])
		}
	}
	if got := retiredBytes.Load() - retiredBefore; got <= 0 || got > blobLen {
		t.Errorf("%d bytes kept; the string blobs' pages are at most %d", got, blobLen)
	}
	if stillMapped(other) {
		t.Errorf("page %#x of the snapshot, apart from its string blobs, is still mapped", other-base)
	}
	// The merge is still whole.
	if m.termPost[m.terms.n()] != uint32(len(m.postTF)) || len(m.postBlk) != postBlocks(len(m.postTF)) {
		t.Error("the merged segment changed")
	}
}

// docReferences are the references and imports of s's documents, by
// document id.
func docReferences(s *segment) map[string][]any {
	out := map[string][]any{}
	for di := range s.docs {
		d := &s.docs[di]
		if d.refs == nil {
			continue
		}
		var l []any
		for i := range d.refs.n() {
			l = append(l, d.refs.reference(i))
		}
		out[d.DocID] = append(l, d.refs.imports())
	}
	return out
}

// TestPostColsRoundTrip: the compact tf and positions columns read back
// as the columns they were written from, with every value coded, or
// (more than 255 distinct values) the rarer ones listed apart, and runs
// of every length.
func TestPostColsRoundTrip(t *testing.T) {
	for _, distinct := range []int{3, 255, 256, 70000} {
		n := 70001
		s := &segment{termPost: []uint32{0, uint32(n)}, postTF: make([]uint32, n), postPos: []uint32{0}}
		want := make([][]uint32, n)
		for p := range n {
			// Value 0 the most frequent, the rest in turn.
			s.postTF[p] = uint32(p / 2 % distinct)
			if p%2 == 0 {
				s.postTF[p] = 0
			}
			k, gap := 1+p%7, uint32(1+p%100)
			if p%1000 == 0 {
				k, gap = 150+p%3, 1<<14 // long runs: three bytes a position
			}
			last := uint32(0)
			for i := range k {
				at := len(s.pos)
				s.pos = appendPosition(s.pos, gap)
				if i == k-1 {
					s.pos[at] |= posLast
				}
				last += gap
				want[p] = append(want[p], last)
			}
			s.postPos = append(s.postPos, uint32(len(s.pos)))
		}
		var buf bytes.Buffer
		bw := bufio.NewWriter(&buf)
		w := &enc{w: bw}
		writePostCols(w, s)
		if err := errors.Join(w.err, bw.Flush()); err != nil {
			t.Fatal(err)
		}
		r := &dec{b: buf.Bytes()}
		got := &segment{pos: s.pos}
		readPostCols(r, got, n, len(s.pos))
		if r.err != nil {
			t.Fatal(r.err)
		}
		if r.off != len(r.b) {
			t.Fatalf("%d bytes left", len(r.b)-r.off)
		}
		if got.postTF != nil || len(got.cols.tfVals) != min(distinct, tfWideCode) {
			t.Errorf("%d distinct values: %d coded", distinct, len(got.cols.tfVals))
		}
		if wide := len(got.cols.tfWideAt); (wide > 0) != (distinct > tfWideCode) {
			t.Errorf("%d distinct values: %d postings listed apart", distinct, wide)
		}
		if got.cols.tfVals[0] != 0 {
			t.Errorf("%d distinct values: the most frequent is not coded first", distinct)
		}
		for p := range uint32(n) {
			if got.tf(p) != s.postTF[p] {
				t.Fatalf("%d distinct values: posting %d's tf %d, want %d", distinct, p, got.tf(p), s.postTF[p])
			}
			if !bytes.Equal(got.posRun(p), s.posRun(p)) {
				t.Fatalf("posting %d's positions %d bytes, want %d", p, len(got.posRun(p)), len(s.posRun(p)))
			}
			if pos := got.positions(p, nil); !slices.Equal(pos, want[p]) {
				t.Fatalf("posting %d's positions %v, want %v", p, pos, want[p])
			}
		}
	}
}

// settledMapped is mappedBytes once the mappings of earlier tests' indexes,
// dropped but perhaps not yet collected, are unmapped.
func settledMapped() int64 {
	last, same := mappedBytes.Load(), 0
	for i := 0; i < 200 && same < 3; i++ {
		runtime.GC()
		time.Sleep(5 * time.Millisecond)
		if m := mappedBytes.Load(); m == last {
			same++
		} else {
			last, same = m, 0
		}
	}
	return last
}

// TestSnapshotDensePostings: a segment made mostly of postings (the same
// words in many small sections) loads: the bound on the postings' count
// is what a posting takes at least (a byte each of node, tf code and run
// length), not more: this one's file, less its trigram postings (a 1 KB
// unit of the same words lists their trigrams again), has under 6 bytes
// a posting.
func TestSnapshotDensePostings(t *testing.T) {
	var words []string
	for i := range 300 {
		words = append(words, fmt.Sprintf("w%d", i))
	}
	var md strings.Builder
	for i := range 40 {
		fmt.Fprintf(&md, "## S%d\n\n%s\n\n", i, strings.Join(words, " "))
	}
	ix := newTestIndex(t, map[string]string{"dense.md": md.String()})
	path := filepath.Join(t.TempDir(), "index.tnv")
	if err := ix.Save(path, "fp", nil); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	s := ix.view().segs[0]
	if n := s.numPostings(); int64(n)*6 <= fi.Size()-int64(s.grams.gramBytes()) {
		t.Fatalf("%d postings in %d bytes and %d of trigrams: not dense enough to test the bound", n, fi.Size(), s.grams.gramBytes())
	}
	loaded := New()
	if _, err := loaded.Load(path, "fp"); err != nil {
		t.Fatal(err)
	}
	if got := loaded.view().segs[0].numPostings(); got != s.numPostings() {
		t.Errorf("%d postings loaded, want %d", got, s.numPostings())
	}
}

// resum rewrites a snapshot's checksum over its damaged body: the damage
// is then for the load's shape checks to find.
func resum(c []byte) []byte {
	body := c[:len(c)-4]
	binary.LittleEndian.PutUint32(c[len(c)-4:], crc32.Checksum(body, castagnoli))
	return c
}

// flippedAndTruncated damages good in each table (name to file offset
// and length): a bit flipped in its middle, and the file cut there.
func flippedAndTruncated(good []byte, tables map[string]struct{ off, n int }) map[string][]byte {
	damaged := map[string][]byte{}
	for name, tb := range tables {
		c := append([]byte(nil), good...)
		c[tb.off+tb.n/2] ^= 0x10
		damaged["bit flipped in "+name] = c
		damaged["truncated in "+name] = append([]byte(nil), good[:tb.off+tb.n/2]...)
	}
	return damaged
}

// expectRejected loads each damaged snapshot: each must fail as an
// unusable snapshot and leave no segment.
func expectRejected(t *testing.T, damaged map[string][]byte) {
	t.Helper()
	for name, b := range damaged {
		t.Run(name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "index.tnv")
			if err := os.WriteFile(p, b, 0o644); err != nil {
				t.Fatal(err)
			}
			ix2 := New()
			_, err := ix2.Load(p, "fp")
			t.Log(err)
			if !errors.Is(err, ErrSnapshot) {
				t.Fatalf("damaged snapshot loaded: %v", err)
			}
			if n := len(ix2.view().segs); n != 0 {
				t.Errorf("a rejected snapshot left %d segments", n)
			}
		})
	}
}

// TestSnapshotRunsUnmarked: a snapshot whose positions' marks are wrong
// behind a valid checksum (each run's end is read from them, not
// checked at load) still loads, and every posting's positions are read
// within its block's bytes; with the marks right each run decodes to
// the positions the build stored.
func TestSnapshotRunsUnmarked(t *testing.T) {
	ix, path := inPlaceFixture(t)
	good, s, base := loadedSegment(t, path)
	built := ix.view().segs[0]
	long := false
	for p := range uint32(s.numPostings()) {
		if got, want := s.positions(p, nil), built.positions(p, nil); !reflect.DeepEqual(got, want) {
			t.Fatalf("posting %d: positions %v, want %v", p, got, want)
		}
		long = long || len(s.posRun(p)) >= 255
	}
	if !long {
		t.Fatal("the fixture has no run of 255 bytes or more")
	}
	off := int(uintptr(unsafe.Pointer(&s.pos[0])) - base)
	for name, forge := range map[string]func(b byte) byte{
		"no run marked last": func(b byte) byte { return b &^ posLast },
		// Every uvarint one long run, marked last: the last reaches
		// past its block's bytes.
		"every byte continued": func(b byte) byte { return b | 0x80 | posLast },
	} {
		c := append([]byte(nil), good...)
		for i := range s.pos {
			c[off+i] = forge(c[off+i])
		}
		p := filepath.Join(t.TempDir(), "index.tnv")
		if err := os.WriteFile(p, resum(c), 0o644); err != nil {
			t.Fatal(err)
		}
		forged := New()
		if _, err := forged.Load(p, "fp"); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		fs := forged.view().segs[0]
		for q := range uint32(fs.numPostings()) {
			blk := q / runBlockSize
			run := fs.posRun(q)
			if len(run) > 0 {
				start := uint32(uintptr(unsafe.Pointer(&run[0])) - uintptr(unsafe.Pointer(&fs.pos[0])))
				if start < fs.cols.runBlock[blk] || start+uint32(len(run)) > fs.cols.runBlock[blk+1] {
					t.Fatalf("%s: posting %d's run [%d, %d) leaves its block [%d, %d)", name, q, start, start+uint32(len(run)), fs.cols.runBlock[blk], fs.cols.runBlock[blk+1])
				}
			}
			fs.positions(q, nil)
		}
	}
}

// loadedSegment loads the snapshot at path and returns its bytes, its
// first segment and the address of the mapping, whose tables lie at
// their file offsets from it.
func loadedSegment(t *testing.T, path string) (good []byte, s *segment, base uintptr) {
	t.Helper()
	good, loaded := loadedIndex(t, path)
	s = loaded.view().segs[0]
	return good, s, uintptr(unsafe.Pointer(&s.src.b[0]))
}

// loadedIndex loads the snapshot at path and returns its bytes and the
// index.
func loadedIndex(t *testing.T, path string) ([]byte, *Index) {
	t.Helper()
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	loaded := New()
	if _, err := loaded.Load(path, "fp"); err != nil {
		t.Fatal(err)
	}
	return good, loaded
}

// TestSnapshotTFListedApart: a snapshot whose term frequencies are mostly
// listed apart (one value coded) answers as the index it was written
// from, and wide values out of order or past the postings are found at
// load.
func TestSnapshotTFListedApart(t *testing.T) {
	defer func(c int) { tfCoded = c }(tfCoded)
	tfCoded = 1
	ix, path := inPlaceFixture(t)
	good, s, base := loadedSegment(t, path)
	if len(s.cols.tfVals) != 1 || len(s.cols.tfWideAt) == 0 {
		t.Fatalf("%d values coded, %d listed apart: want 1 and some", len(s.cols.tfVals), len(s.cols.tfWideAt))
	}
	loaded := New()
	if _, err := loaded.Load(path, "fp"); err != nil {
		t.Fatal(err)
	}
	loaded.SetSource(*ix.source.Load())
	if got, want := answers(t, loaded), answers(t, ix); !reflect.DeepEqual(got, want) {
		t.Error("the index with its frequencies listed apart answers otherwise")
	}
	at := int(uintptr(unsafe.Pointer(&s.cols.tfWideAt[0])) - base)
	damaged := map[string][]byte{}
	c := append([]byte(nil), good...)
	binary.LittleEndian.PutUint32(c[at:], uint32(s.numPostings()))
	damaged["a wide value past the postings"] = resum(c)
	if len(s.cols.tfWideAt) > 1 {
		c = append([]byte(nil), good...)
		binary.LittleEndian.PutUint32(c[at+4:], s.cols.tfWideAt[0])
		damaged["wide values out of order"] = resum(c)
	}
	expectRejected(t, damaged)
}

// TestSnapshotResaved: an index loaded from a snapshot and saved again
// writes the same bytes (its loaded columns are written as they lie, not
// re-encoded, and must say the same), with frequencies coded or listed
// apart.
func TestSnapshotResaved(t *testing.T) {
	for _, coded := range []int{tfWideCode, 1} {
		func() {
			defer func(c int) { tfCoded = c }(tfCoded)
			tfCoded = coded
			_, path := inPlaceFixture(t)
			good, loaded := loadedIndex(t, path)
			again := filepath.Join(t.TempDir(), "again.tnv")
			if err := loaded.Save(again, "fp", nil); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(again)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, good) {
				t.Errorf("%d values coded: the loaded index saved again differs (%d bytes, %d before)", coded, len(got), len(good))
			}
		}()
	}
}
