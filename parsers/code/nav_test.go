package code

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unsafe"

	sitter "github.com/smacker/go-tree-sitter"
)

// TestNav checks nav against tree-sitter's node API on every file of
// testdata (and of $TREENAV_NAV_CORPUS, a directory, when set): the
// parents, children and previous siblings it finds, and the symbols
// extracted through it, must be the node API's. It also guards the
// unsafe view of go-tree-sitter's Node.
func TestNav(t *testing.T) {
	if unsafe.Sizeof(sitter.Node{}) != unsafe.Sizeof(nodeMirror{}) {
		t.Fatalf("go-tree-sitter's Node is %d bytes, nodeMirror %d", unsafe.Sizeof(sitter.Node{}), unsafe.Sizeof(nodeMirror{}))
	}
	files, symbols := 0, 0
	eachCorpusFile(func(l *Language, p string, src []byte) {
		files++
		symbols += checkNavFile(t, l, p, src)
	})
	t.Logf("%d files, %d symbols", files, symbols)
}

// eachCorpusFile calls f with every source file (up to 1 MiB) of
// testdata and of $TREENAV_NAV_CORPUS, a directory, when set, that a
// language is detected for: the corpus of the tests that compare two ways
// of extracting.
func eachCorpusFile(f func(l *Language, path string, src []byte)) {
	roots := []string{"testdata"}
	if dir := os.Getenv("TREENAV_NAV_CORPUS"); dir != "" {
		roots = append(roots, dir)
	}
	for _, root := range roots {
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || strings.HasSuffix(p, ".golden") {
				return nil
			}
			src, err := os.ReadFile(p)
			if err != nil || len(src) > 1<<20 {
				return nil
			}
			if l := Detect(p, src[:min(len(src), 32<<10)]); l != nil {
				f(l, p, src)
			}
			return nil
		})
	}
}

func checkNavFile(t *testing.T, l *Language, name string, src []byte) int {
	t.Helper()
	completeByAPIOnly = true
	want, werr := l.Extract(src)
	completeByAPIOnly = false
	got, gerr := l.Extract(src)
	if (werr != nil) != (gerr != nil) {
		t.Errorf("%s: error %v, by the node API %v", name, gerr, werr)
		return 0
	}
	if werr != nil {
		return 0
	}
	if !reflect.DeepEqual(want, got) {
		t.Errorf("%s: extraction through nav differs from the node API's", name)
		for i := range min(len(want.Nodes), len(got.Nodes)) {
			if !reflect.DeepEqual(want.Nodes[i], got.Nodes[i]) {
				t.Errorf("node %d:\n got %+v\nwant %+v", i, got.Nodes[i], want.Nodes[i])
				break
			}
		}
	}

	// The tree questions themselves, for every named node near the top.
	tree, err := l.Parse(src)
	if err != nil {
		return len(got.Nodes)
	}
	defer tree.Close()
	nv := newNav(tree.RootNode())
	defer nv.close()
	var visit func(n *sitter.Node, depth int)
	checked := 0
	visit = func(n *sitter.Node, depth int) {
		if checked > 2000 || depth > 6 {
			return
		}
		count := int(n.ChildCount())
		var kids []*sitter.Node
		for i := range count {
			kids = append(kids, n.Child(i))
		}
		for _, c := range kids {
			checked++
			path, ok := nv.path(c, nil)
			if !ok {
				visit(c, depth+1)
				continue
			}
			k := nv.node(path, len(path)-1)
			parent := nv.node(path, len(path)-2)
			if p := c.Parent(); p == nil || uintptr(p.ID()) != uintptr(parent.node.id) {
				t.Errorf("%s: parent of %s at %d differs", name, c.Type(), c.StartByte())
			}
			if l.syms.name(uint16(k.symbol)) != c.Type() || uint32(k.end_byte) != c.EndByte() || k.named != 0 != c.IsNamed() {
				t.Errorf("%s: %s at %d: nav sees %s", name, c.Type(), c.StartByte(), l.syms.name(uint16(k.symbol)))
			}
			if !path[len(path)-1].list.irregular {
				kids := path[len(path)-1].list.kids
				i := path[len(path)-1].i
				wantPrev := c.PrevNamedSibling()
				j := prevNamed(kids, i)
				if (wantPrev == nil) != (j < 0) || wantPrev != nil && uintptr(wantPrev.ID()) != uintptr(kids[j].node.id) {
					t.Errorf("%s: previous named sibling of %s at %d differs", name, c.Type(), c.StartByte())
				}
				wantAny := c.PrevSibling()
				if (wantAny == nil) != (i == 0) || wantAny != nil && uintptr(wantAny.ID()) != uintptr(kids[i-1].node.id) {
					t.Errorf("%s: previous sibling of %s at %d differs", name, c.Type(), c.StartByte())
				}
			}
			visit(c, depth+1)
		}
	}
	visit(tree.RootNode(), 0)
	return len(got.Nodes)
}
