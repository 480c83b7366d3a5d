package walk

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// goSrc returns $(go env GOROOT)/src, or skips.
func goSrc(tb testing.TB) string {
	tb.Helper()
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		tb.Skipf("go env GOROOT: %v", err)
	}
	dir := filepath.Join(strings.TrimSpace(string(out)), "src")
	if _, err := os.Stat(dir); err != nil {
		tb.Skipf("no Go source tree: %v", err)
	}
	return dir
}

// BenchmarkWalkGOROOT walks the Go source tree (about 11k files, 10k
// after default excludes) with the default options, as an index build
// would.
func BenchmarkWalkGOROOT(b *testing.B) {
	dir := goSrc(b)
	var res *Result
	for b.Loop() {
		var err error
		if res, err = Walk(dir, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(res.Files)), "files")
}

// BenchmarkWalkDirBaseline is the floor BenchmarkWalkGOROOT compares
// with: filepath.WalkDir over the same tree, stating every file, with no
// rules at all. On a shared machine the ratio of the two is what means
// something.
func BenchmarkWalkDirBaseline(b *testing.B) {
	dir := goSrc(b)
	n := 0
	for b.Loop() {
		n = 0
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() {
				if _, err := d.Info(); err == nil {
					n++
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n), "files")
}
