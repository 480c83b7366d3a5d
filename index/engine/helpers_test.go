package engine

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index/internal/testfiles"
)

// writeTree writes files (path → content) under a new temp dir.
func writeTree(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for p, c := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// The fixtures the engine's tests index too (index/internal/testfiles).
const (
	serverGo = testfiles.ServerGo
	tokenGo  = testfiles.TokenGo
	fileGo   = testfiles.FileGo
)

func newTestEngine(t testing.TB, files map[string]string) (*Engine, string) {
	t.Helper()
	dir := writeTree(t, files)
	e, err := NewEngine([]treenav.Collection{{Name: "test", Root: dir}}, EngineOptions{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Build(); err != nil {
		t.Fatal(err)
	}
	return e, dir
}

func ids(r *treenav.SearchResponse) []string {
	var out []string
	for _, x := range r.Results {
		out = append(out, x.NodeID)
	}
	return out
}
