package walk

import (
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

// BenchmarkWalkGOROOT walks the Go source tree (about 15k files) with the
// default options, as an index build would.
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
