package index

import (
	"fmt"
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
