package code

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	sitter "github.com/smacker/go-tree-sitter"
)

// BenchmarkGoRefs extracts net/http's files from GOROOT with and without
// references: the price of the reference walk.
func BenchmarkGoRefs(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join(runtime.GOROOT(), "src", "net", "http", "*.go"))
	if len(files) == 0 {
		b.Skip("no GOROOT sources")
	}
	var srcs [][]byte
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		srcs = append(srcs, src)
	}
	l := Lookup("go")
	refs := l.Refs
	defer func() { l.Refs = refs }()
	for _, on := range []bool{false, true} {
		name := "symbols"
		if on {
			name = "symbols+refs"
		}
		b.Run(name, func(b *testing.B) {
			if on {
				l.Refs = refs
			} else {
				l.Refs = nil
			}
			for range b.N {
				for _, src := range srcs {
					if _, err := l.Extract(src); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkFlattenGo copies net/http's parsed trees out of tree-sitter as
// the Go reference walker does (flattenLean and its named-children index):
// the part of the reference walk that does not depend on the walker.
func BenchmarkFlattenGo(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join(runtime.GOROOT(), "src", "net", "http", "*.go"))
	if len(files) == 0 {
		b.Skip("no GOROOT sources")
	}
	l := Lookup("go")
	type parsed struct {
		src  []byte
		tree interface{ Close() }
		root *sitter.Node
	}
	var ps []parsed
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		tree, err := l.Parse(src)
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, parsed{src, tree, tree.RootNode()})
	}
	defer func() {
		for _, p := range ps {
			p.tree.Close()
		}
	}()
	b.ResetTimer()
	for range b.N {
		for _, p := range ps {
			newGTree(flattenLean(l.Grammar(), p.root, p.src, ":="))
		}
	}
}
