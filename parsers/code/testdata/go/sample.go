// Package sample exercises every Go construct the extractor knows.
package sample

import "fmt"

// MaxItems bounds a list.
const MaxItems = 10

const (
	// A is first.
	A = iota
	B
)

var (
	debug bool
	x, y  = 1, 2
	_     = fmt.Sprint
)

// Server serves things.
type Server struct {
	// Addr is where it listens.
	Addr    string
	Timeout int // trailing comment
	inner   struct{ n int }
}

// Handler handles.
type Handler interface {
	// Serve serves one request.
	Serve(req string) error
	fmt.Stringer
}

type (
	ID    int
	Alias = string
)

// List is generic.
type List[T any] struct{ items []T }

// Shutdown stops the server gracefully.
func (s *Server) Shutdown(ctx int) error {
	return nil
}

func (l *List[T]) Push(v T) { l.items = append(l.items, v) }

func (l List[T]) Len() int { return len(l.items) }

// External has a receiver defined elsewhere.
func (o Other) External() {}

// New makes a server.
func New() *Server {
	f := func() {}
	f()
	return &Server{}
}
