package code

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
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
