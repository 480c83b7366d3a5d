// Package testfiles holds the small source files that the index's and
// the engine's tests both index, and the form they compare answers in.
package testfiles

import (
	"fmt"

	"github.com/treenav/treenav"
)

// ServerGo is a Go file with a type and three methods.
const ServerGo = `package web

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

// TokenGo is a Go file of token functions, one unexported.
const TokenGo = `package auth

// getUserToken returns the bearer token of a user.
func getUserToken(user string) string { return "" }

// RefreshToken renews an expired token before its expiry.
func RefreshToken(tok string) string { return tok }

// ReadFileToken reads a token from a file.
func ReadFileToken(path string) string { return "" }
`

// FileGo is a Go file with ReadFile and ReadFileFS.
const FileGo = `package files

// ReadFile reads the named file and returns its contents.
func ReadFile(name string) ([]byte, error) { return nil, nil }

// ReadFileFS reads from a file system.
func ReadFileFS(name string) ([]byte, error) { return nil, nil }
`

// RefsTree is a Go module for the references' tests: a defines Server,
// Closer and Other, b uses them through two imports of a (one aliased),
// a local of the same name, an interface and a composite literal.
func RefsTree() map[string]string {
	return map[string]string{
		"go.mod": "module example.com/p\n",
		"a/a.go": `package a

// Server serves. See [Server.Shutdown].
type Server struct{ Name string }

// Shutdown stops it.
func (s *Server) Shutdown() error { return nil }

func NewServer() *Server { return &Server{Name: "x"} }

type Closer interface{ Shutdown() error }

type Other struct{}

func (Other) Shutdown() error { return nil }
`,
		"b/b.go": `package b

import (
	"example.com/p/a"
	alias "example.com/p/a"
)

var global = a.NewServer()

func Use(c a.Closer, unknown interface{ Get() *a.Server }) {
	s := a.NewServer()
	s.Shutdown()
	var t alias.Server
	t.Shutdown()
	global.Shutdown()
	c.Shutdown()
	unknown.Get().Shutdown()
	Shutdown := 3 // a local of the same name is no reference
	_ = Shutdown
	x := &a.Server{Name: "y"}
	_ = x.Name
}
`,
	}
}

// RefsOf lists a find_references answer's references as "path:line
// confidence", the form the references' tests compare.
func RefsOf(r *treenav.ReferencesResponse) []string {
	var out []string
	for _, h := range r.References {
		out = append(out, fmt.Sprintf("%s:%d %s", h.Path, h.Line, h.Confidence))
	}
	return out
}
