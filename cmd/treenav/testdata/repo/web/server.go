package web

// Server serves HTTP requests.
type Server struct {
	Addr string
}

// Shutdown gracefully shuts down the server without interrupting
// active connections.
func (s *Server) Shutdown() error { return nil }

// Close closes the listener immediately.
func (s *Server) Close() error { return nil }
