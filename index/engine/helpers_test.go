package engine

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/treenav/treenav"
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

const serverGo = `package web

// Server serves HTTP requests.
type Server struct {
	Addr string
}

// Shutdown gracefully shuts down the server without interrupting
// active connections.
func (s *Server) Shutdown() error { return nil }

// Close closes the listener immediately.
func (s *Server) Close() error { return nil }

// ListenAndServe listens on Addr.
func (s *Server) ListenAndServe() error { return nil }
`

const tokenGo = `package auth

// getUserToken returns the bearer token of a user.
func getUserToken(user string) string { return "" }

// RefreshToken renews an expired token before its expiry.
func RefreshToken(tok string) string { return tok }

// ReadFileToken reads a token from a file.
func ReadFileToken(path string) string { return "" }
`

const fileGo = `package files

// ReadFile reads the named file and returns its contents.
func ReadFile(name string) ([]byte, error) { return nil, nil }

// ReadFileFS reads from a file system.
func ReadFileFS(name string) ([]byte, error) { return nil, nil }
`

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
