package index

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"unsafe"

	"github.com/treenav/treenav"
)

// refsFixture is a small index with references of several kinds, in Go
// and Python files with imports, saved to a snapshot; it returns the
// index and the path.
func refsFixture(t *testing.T) (*Index, string) {
	t.Helper()
	files := map[string]string{
		"go.mod":           "module example.com/gallery\n",
		"pkg/render.go":    "package pkg\n\n// render draws widget n.\nfunc render(n, k int) string { return label(n) + label(k) }\n\nfunc label(n int) string { return \"w\" }\n",
		"cmd/main.go":      "package main\n\nimport \"example.com/gallery/pkg\"\n\nfunc main() { pkg.Widget3(1); pkg.Widget4(2) }\n",
		"py/shapes.py":     "import os\nfrom collections import OrderedDict as OD\n\nclass Base:\n    def area(self):\n        return 0\n\nclass Square(Base):\n    def area(self):\n        return os.path.join('a', str(Base().area()))\n",
		"py/use_shapes.py": "from shapes import Square, Base\n\ndef total(xs):\n    return sum(Square().area() for _ in xs) + Base().area()\n",
		"README.md":        "# Gallery\n\nSee `render` and `Square.area`.\n",
		// A reference past column 65,535, one past line 65,535 and one
		// in an enclosing node past 65,535: the narrow columns' wide
		// values.
		"pkg/long.go": "package pkg\n\nvar wide = \"" + strings.Repeat("x", 70000) + "\" + render(1, 2)\n" +
			strings.Repeat("\n", 70000) + strings.Repeat("func a() {}\n", 66000) + "func last() string { return label(3) }\n",
	}
	for i := range 8 {
		files[fmt.Sprintf("pkg/f%d.go", i)] = fmt.Sprintf("package pkg\n\n// Widget%d renders widget number %d.\nfunc Widget%d(n int) string { return render(n, %d) + label(%d) }\n", i, i, i, i, i)
	}
	ix := newTestIndex(t, files)
	path := filepath.Join(t.TempDir(), "index.tnv")
	if err := ix.Save(path, "fp", nil); err != nil {
		t.Fatal(err)
	}
	return ix, path
}

// refAnswers is what reference, call and symbol queries of ix return.
func refAnswers(t *testing.T, ix *Index) []any {
	t.Helper()
	var out []any
	for _, target := range []string{"render", "label", "Widget3", "Base", "Square.area", "Base.area"} {
		r, err := ix.References(ReferencesRequest{Target: target})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
		for _, dir := range []string{"incoming", "outgoing"} {
			c, err := ix.CallHierarchy(CallsRequest{Target: target, Direction: dir})
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, c)
		}
	}
	for _, q := range []string{"area", "render"} {
		r, err := ix.Symbols(SymbolRequest{Query: q})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

// inMapping reports whether p points into the segment's snapshot.
func inMapping(s *segment, p unsafe.Pointer) bool {
	b := s.src.b
	lo := uintptr(unsafe.Pointer(&b[0]))
	a := uintptr(p)
	return a >= lo && a < lo+uintptr(len(b))
}

// refTableAt is where a table lies and its size in bytes.
type refTableAt struct {
	p unsafe.Pointer
	n int
}

// refTables are a reference table's tables read in place, by name (the
// empty ones left out).
func refTables(rt *segRefs) map[string]refTableAt {
	out := map[string]refTableAt{}
	for name, c := range map[string][]uint32{
		"ref string offsets": rt.strOff, "ref docs": rt.docOff, "ref names": rt.name, "ref pairs": rt.pairs,
		"wide pair indices": rt.pair.wideAt, "wide pairs": rt.pair.wide,
		"ref name offsets":  rt.nameOff,
		"wide line indices": rt.line.wideAt, "wide lines": rt.line.wide,
		"wide column indices": rt.col.wideAt, "wide columns": rt.col.wide,
		"wide enclosing indices": rt.encl.wideAt, "wide enclosing": rt.encl.wide,
	} {
		if len(c) > 0 {
			out[name] = refTableAt{unsafe.Pointer(&c[0]), 4 * len(c)}
		}
	}
	for name, c := range map[string][]uint16{"ref lines": rt.line.v, "ref cols": rt.col.v, "ref encl": rt.encl.v, "ref pair ids": rt.pair.v} {
		if len(c) > 0 {
			out[name] = refTableAt{unsafe.Pointer(&c[0]), 2 * len(c)}
		}
	}
	if len(rt.kind) > 0 {
		out["ref kinds"] = refTableAt{unsafe.Pointer(&rt.kind[0]), len(rt.kind)}
	}
	if len(rt.byName) > 0 {
		out["refs by name"] = refTableAt{unsafe.Pointer(&rt.byName[0]), len(rt.byName)}
	}
	return out
}

// TestRefsInPlace: a loaded segment reads its reference table where it
// lies in the snapshot, but for the strings' bytes, copied into the heap,
// and answers references, calls and symbols as the index that was saved,
// mapped, from bytes in the heap and from misaligned bytes (decoded).
func TestRefsInPlace(t *testing.T) {
	ix, path := refsFixture(t)
	want := refAnswers(t, ix)
	if r := want[0].(*treenav.ReferencesResponse); r.Total < 8 {
		t.Fatalf("the fixture has %d references to render", r.Total)
	}
	mapped := New()
	if _, err := mapped.Load(path, "fp"); err != nil {
		t.Fatal(err)
	}
	mapped.SetSource(*ix.source.Load())
	s := mapped.view().segs[0]
	rt := s.refTable
	tables := refTables(rt)
	if len(tables) != 17 {
		t.Errorf("%d reference tables, want 17 (a wide column, line or enclosing node missing?)", len(tables))
	}
	for name, c := range tables {
		if !inMapping(s, c.p) {
			t.Errorf("%s is not read in place", name)
		}
	}
	// The strings' bytes too: their pages outlive the mapping
	// (TestSnapshotMappingLifetime).
	if !inMapping(s, unsafe.Pointer(&rt.blob[0])) {
		t.Error("the reference strings' bytes are not read in place")
	}
	if got := refAnswers(t, mapped); !reflect.DeepEqual(got, want) {
		t.Errorf("the loaded index answers otherwise:\n%v\n%v", got, want)
	}
	loadsAlike(t, path, ix, want, refAnswers)
	// Imports are decoded with their documents.
	found := false
	for _, d := range s.docs {
		if d.refs != nil && len(d.refs.imports()) > 0 {
			found = true
		}
	}
	if !found {
		t.Error("no document of the loaded index has imports")
	}
}

// TestRefsInPlaceDamage: damage to the reference tables is found at load
// (the checksum; behind a valid checksum, the offset tables' shape), and
// ids forged behind a valid checksum give answers, not a panic.
func TestRefsInPlaceDamage(t *testing.T) {
	ix, path := refsFixture(t)
	good, s, base := loadedSegment(t, path)
	rt := s.refTable
	type table = struct{ off, n int }
	tables := map[string]table{}
	for name, c := range refTables(rt) {
		tables[name] = table{int(uintptr(c.p) - base), c.n}
	}
	u32At := func(c []byte, off int, x uint32) { binary.LittleEndian.PutUint32(c[off:], x) }
	last := func(tb table) int { return tb.off + tb.n - 4 }
	damaged := flippedAndTruncated(good, tables)
	m := uint32(len(rt.name))
	c := append([]byte(nil), good...)
	u32At(c, last(tables["ref docs"]), m+1)
	damaged["documents' offsets past the references"] = resum(c)
	c = append([]byte(nil), good...)
	u32At(c, tables["ref docs"].off+4, m)
	damaged["documents' offsets out of order"] = resum(c)
	c = append([]byte(nil), good...)
	u32At(c, last(tables["ref string offsets"]), uint32(len(rt.blob)+1))
	damaged["string offsets past the bytes"] = resum(c)
	c = append([]byte(nil), good...)
	u32At(c, last(tables["ref name offsets"]), m-1)
	damaged["by-name offsets short of the references"] = resum(c)
	c = append([]byte(nil), good...)
	u32At(c, tables["wide column indices"].off, m)
	damaged["a wide column past the references"] = resum(c)
	c = append([]byte(nil), good...)
	binary.LittleEndian.PutUint16(c[tables["ref cols"].off+2*int(rt.col.wideAt[0]):], 7)
	damaged["a wide column not marked"] = resum(c)
	expectRejected(t, damaged)

	// Forged behind a valid checksum: ids and indices out of range. The
	// load does not read them; the queries guard them.
	forge := func(name string, x uint32) func(c []byte) {
		return func(c []byte) {
			tb := tables[name]
			for off := tb.off; off < tb.off+tb.n; off += 4 {
				u32At(c, off, x)
			}
		}
	}
	for name, edits := range map[string][]func(c []byte){
		"string ids, enclosing nodes and kinds": {forge("ref names", 0xfffffff0), forge("ref pairs", 0xfffffff0), forge("ref encl", 0xfffffff0), func(c []byte) {
			tb := tables["ref kinds"]
			for off := tb.off; off < tb.off+tb.n; off++ {
				c[off] = 0x7f
			}
		}},
		// Each byte a gap of 127: past the table's references at once.
		"references by name": {func(c []byte) {
			tb := tables["refs by name"]
			for off := tb.off; off < tb.off+tb.n; off++ {
				c[off] = 0x7f
			}
		}},
		"pair ids": {func(c []byte) {
			tb := tables["ref pair ids"]
			for off := tb.off; off < tb.off+tb.n; off += 2 {
				binary.LittleEndian.PutUint16(c[off:], 0xfff0)
			}
		}},
		"by-name offsets": {func(c []byte) {
			tb := tables["ref name offsets"]
			for off := tb.off + 4; off < tb.off+tb.n-4; off += 4 {
				u32At(c, off, 0xfffffff0)
			}
		}},
		"string offsets": {func(c []byte) {
			tb := tables["ref string offsets"]
			for off := tb.off + 4; off < tb.off+tb.n-4; off += 4 {
				u32At(c, off, 0xfffffff0)
			}
		}},
	} {
		t.Run("forged "+name, func(t *testing.T) {
			c := append([]byte(nil), good...)
			for _, e := range edits {
				e(c)
			}
			p := filepath.Join(t.TempDir(), "index.tnv")
			if err := os.WriteFile(p, resum(c), 0o644); err != nil {
				t.Fatal(err)
			}
			forged := New()
			if _, err := forged.Load(p, "fp"); err != nil {
				t.Fatalf("a snapshot with forged ids does not load (the load reads them?): %v", err)
			}
			forged.SetSource(*ix.source.Load())
			refAnswers(t, forged) // no panic
		})
	}
	runtime.KeepAlive(s) // its mapping: the offsets above are into it
}
