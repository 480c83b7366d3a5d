package code

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	golang "github.com/smacker/go-tree-sitter/golang"
)

// The grammar packages make a new *sitter.Language at each call: the
// name tables are one per grammar, not one per call.
func TestSymbolNamesOncePerGrammar(t *testing.T) {
	a, b := golang.GetLanguage(), golang.GetLanguage()
	if a == b {
		t.Skip("GetLanguage returned the same pointer twice: nothing to check")
	}
	symbolNames(a)
	fieldNames(a)
	symbolNamesMu.Lock()
	n, f := len(symbolNameTab), len(fieldNameTab)
	symbolNamesMu.Unlock()
	symbolNames(b)
	fieldNames(b)
	symbolNamesMu.Lock()
	defer symbolNamesMu.Unlock()
	if len(symbolNameTab) != n || len(fieldNameTab) != f {
		t.Errorf("tables grew from %d/%d to %d/%d for the same grammar", n, f, len(symbolNameTab), len(fieldNameTab))
	}
}

// flattenLean keeps what the Go walker reads: every named node, every
// node in a field, ":=", with the same parents as the full copy.
func TestFlattenLeanKeepsNamedAndFields(t *testing.T) {
	src, err := os.ReadFile("refs_go.go")
	if err != nil {
		t.Fatal(err)
	}
	l := Lookup("go")
	tree, err := l.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	full := flatten(l.Grammar(), tree.RootNode(), src)
	lean := flattenLean(l.Grammar(), tree.RootNode(), src, ":=")
	type key struct {
		typ        string
		start, end uint32
		parent     string
	}
	keyOf := func(ft *flatTree, i int) key {
		n := ft.nodes[i]
		p := ""
		if n.parent >= 0 {
			q := ft.nodes[n.parent]
			p = q.typ() + "@" + strconv.Itoa(int(q.start))
		}
		return key{n.typ(), n.start, n.end, p}
	}
	var want []key
	defines := 0
	for i, n := range full.nodes {
		if n.named || n.field() != "" || n.typ() == ":=" || full.next[i] != int32(i+1) {
			want = append(want, keyOf(full, i))
		}
		if n.typ() == ":=" {
			defines++
		}
	}
	if defines == 0 || len(lean.nodes) >= len(full.nodes) {
		t.Fatalf("%d := tokens, lean %d of %d nodes: the sample tells nothing", defines, len(lean.nodes), len(full.nodes))
	}
	if len(lean.nodes) != len(want) {
		t.Fatalf("lean copy has %d nodes, want %d", len(lean.nodes), len(want))
	}
	for i := range lean.nodes {
		if got := keyOf(lean, i); got != want[i] {
			t.Fatalf("node %d: %+v, want %+v", i, got, want[i])
		}
	}
}

// The direct walk over the subtrees (tn_flatten_direct) copies the same
// nodes as the public tree cursor (tn_flatten): types, fields, named
// flags, positions and parents, lean or not, on every language's
// fixtures (syntax errors included) and, when present, GOROOT's net/http.
func TestFlattenDirectMatchesCursor(t *testing.T) {
	var files []string
	filepath.WalkDir("testdata", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, p)
		}
		return nil
	})
	goroot, _ := filepath.Glob(filepath.Join(runtime.GOROOT(), "src", "net", "http", "*.go"))
	files = append(files, goroot...)
	checked := map[string]int{}
	for _, f := range files {
		l := Detect(f, nil)
		if l == nil {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		tree, err := l.Parse(src)
		if err != nil {
			continue
		}
		for _, lean := range []bool{false, true} {
			want := flattenBy(l.Grammar(), tree.RootNode(), src, lean, ":=", false)
			got := flattenBy(l.Grammar(), tree.RootNode(), src, lean, ":=", true)
			if len(got.nodes) != len(want.nodes) {
				t.Errorf("%s (lean %v): %d nodes, the cursor copies %d", f, lean, len(got.nodes), len(want.nodes))
				continue
			}
			for i := range want.nodes {
				if got.nodes[i] != want.nodes[i] || got.next[i] != want.next[i] {
					t.Errorf("%s (lean %v): node %d is %+v (next %d), the cursor's %+v (next %d)",
						f, lean, i, got.nodes[i], got.next[i], want.nodes[i], want.next[i])
					break
				}
			}
			checked[l.Name] += len(want.nodes)
		}
		tree.Close()
	}
	if len(checked) < 10 {
		t.Fatalf("only %d languages checked (%v): the fixtures are missing", len(checked), checked)
	}
}

// Extractions on several goroutines share the pooled node arrays and the
// grammar tables (flatPool, grammarTabs, refScratch): each file's
// references come out as they do alone. Run it with -race.
func TestRefsConcurrentMatchSequential(t *testing.T) {
	var files []string
	for _, dir := range []string{"testdata/go", "testdata/python", "testdata/javascript", "testdata/java", "testdata/rust", "testdata/c", "testdata/cpp", "testdata/refs"} {
		filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && Detect(p, nil) != nil && Detect(p, nil).Refs != nil {
				files = append(files, p)
			}
			return nil
		})
	}
	if len(files) < 8 {
		t.Fatalf("%d files with a reference extractor: the fixtures are missing", len(files))
	}
	extract := func(f string) string {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Error(err)
			return ""
		}
		res, err := Detect(f, nil).ExtractFile(f, src)
		if err != nil {
			return "error: " + err.Error()
		}
		return fmt.Sprintf("%+v %+v", res.Refs, res.Imports)
	}
	want := make([]string, len(files))
	refs := 0
	for i, f := range files {
		want[i] = extract(f)
		refs += strings.Count(want[i], "Name:")
	}
	if refs == 0 {
		t.Fatal("no references in the fixtures: the test tells nothing")
	}
	var wg sync.WaitGroup
	got := make([][]string, 4)
	for g := range got {
		got[g] = make([]string, len(files))
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range files {
				i := (k + g*len(files)/len(got)) % len(files) // each goroutine in its own order
				got[g][i] = extract(files[i])
			}
		}()
	}
	wg.Wait()
	for g := range got {
		for i, f := range files {
			if got[g][i] != want[i] {
				t.Errorf("goroutine %d, %s: references differ from a lone extraction", g, f)
			}
		}
	}
}
