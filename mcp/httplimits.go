package mcp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// Connection limits of the HTTP server. Each connection holds a file
// descriptor, and the index needs its own to read files: without a bound,
// a few hundred idle or slow clients stopped the server, /healthz
// included.
const (
	// DefaultMaxConns bounds the open connections; past it, a new one is
	// answered 503 and closed at once.
	DefaultMaxConns = 128
	// healthConns are the last of MaxConns: a connection that takes one
	// is served /healthz only, then closed, so that a load balancer still
	// learns that the server is up (and busy) when clients fill the rest.
	healthConns = 8
	// DefaultHeaderTimeout bounds the time to send a request's headers.
	DefaultHeaderTimeout = 10 * time.Second
	// DefaultIdleTimeout closes a keep-alive connection left idle.
	DefaultIdleTimeout = 60 * time.Second
	// MaxHeaderBytes bounds a request's headers.
	MaxHeaderBytes = 64 << 10
)

// ServerLimits are the HTTP server's bounds; zero fields take the
// defaults above.
type ServerLimits struct {
	MaxConns      int
	HeaderTimeout time.Duration
	IdleTimeout   time.Duration
}

// NewHTTPServer returns an http.Server for handler (HTTPHandler's) with
// the header, idle and header-size bounds, and ln wrapped to hold at most
// MaxConns connections. The server sets no ReadTimeout or WriteTimeout:
// those would cut a response that streams; HTTPHandler bounds each
// request's body instead.
func NewHTTPServer(handler http.Handler, ln net.Listener, lim ServerLimits) (*http.Server, net.Listener) {
	if lim.MaxConns <= 0 {
		lim.MaxConns = DefaultMaxConns
	}
	if lim.HeaderTimeout <= 0 {
		lim.HeaderTimeout = DefaultHeaderTimeout
	}
	if lim.IdleTimeout <= 0 {
		lim.IdleTimeout = DefaultIdleTimeout
	}
	hs := &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: lim.HeaderTimeout,
		IdleTimeout:       lim.IdleTimeout,
		MaxHeaderBytes:    MaxHeaderBytes,
		ConnContext: func(ctx context.Context, c net.Conn) context.Context {
			if lc, ok := c.(*limitedConn); ok && lc.healthOnly {
				ctx = context.WithValue(ctx, healthOnlyKey{}, true)
			}
			return ctx
		},
	}
	reserve := min(healthConns, lim.MaxConns/2)
	return hs, &connLimiter{Listener: ln, max: int64(lim.MaxConns), general: int64(lim.MaxConns - reserve)}
}

// connLimiter is a listener that holds at most max connections: the
// first general of them serve everything, the rest /healthz alone; one
// more is answered 503 and closed as soon as it is accepted, so that
// clients are refused at once rather than left waiting in the backlog.
type connLimiter struct {
	net.Listener
	max, general int64
	open         atomic.Int64
}

// busyResponse answers a connection over the limit, without reading its
// request.
var busyResponse = fmt.Sprintf("HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\nRetry-After: 1\r\nContent-Length: %d\r\n\r\n%s", len(busyText), busyText)

const busyText = "busy: too many connections; retry soon\n"

func (l *connLimiter) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		n := l.open.Add(1)
		if n > l.max {
			l.open.Add(-1)
			c.SetWriteDeadline(time.Now().Add(time.Second))
			io.WriteString(c, busyResponse)
			c.Close()
			continue
		}
		return &limitedConn{Conn: c, l: l, healthOnly: n > l.general}, nil
	}
}

// limitedConn is a connection counted by its connLimiter until closed.
type limitedConn struct {
	net.Conn
	l          *connLimiter
	healthOnly bool
	once       sync.Once
}

func (c *limitedConn) Close() error {
	c.once.Do(func() { c.l.open.Add(-1) })
	return c.Conn.Close()
}

type healthOnlyKey struct{}

// reservedForHealth serves a connection that took one of the reserved
// slots /healthz only, and closes it after one request.
func reservedForHealth(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Context().Value(healthOnlyKey{}) == nil {
			next.ServeHTTP(w, r)
			return
		}
		dropBody(w)
		if r.URL.Path != "/healthz" {
			w.Header().Set("Retry-After", "1")
			http.Error(w, busyText[:len(busyText)-1], http.StatusServiceUnavailable)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// dropBody closes the connection after the answer without reading what
// is left of the request's body: net/http reads up to 256 KiB of it even
// then, which a client sending slowly would make last until the body's
// deadline.
func dropBody(w http.ResponseWriter) {
	w.Header().Set("Connection", "close")
	http.NewResponseController(w).SetReadDeadline(time.Now())
}

// bodyDeadline gives every request timeout to send its body: with no
// ReadTimeout, a body sent slowly held its connection without limit, even
// one the server refused (net/http reads what is left of a body to reuse
// the connection). readBody lifts the deadline once it has the body.
func bodyDeadline(timeout time.Duration, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body != nil && r.Body != http.NoBody {
			// Not every ResponseWriter has a connection (tests' recorders).
			http.NewResponseController(w).SetReadDeadline(time.Now().Add(timeout))
		}
		next.ServeHTTP(w, r)
	})
}

// readBody reads a request's body whole, at most max bytes, within the
// deadline bodyDeadline set, then lifts the deadline: what follows may be
// a long response. (net/http lifts it too when the body ends, as it starts
// watching the connection for the client going away; a deadline there
// would cancel the request.)
func readBody(max int64, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body == nil || r.Body == http.NoBody {
			next.ServeHTTP(w, r)
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, max))
		if err != nil {
			dropBody(w)
			var tooBig *http.MaxBytesError
			switch {
			case errors.As(err, &tooBig):
				http.Error(w, fmt.Sprintf("request body over %d bytes", max), http.StatusRequestEntityTooLarge)
			case errors.Is(err, os.ErrDeadlineExceeded):
				http.Error(w, "request body not received in time", http.StatusRequestTimeout)
			default:
				http.Error(w, "reading the request body: "+err.Error(), http.StatusBadRequest)
			}
			return
		}
		http.NewResponseController(w).SetReadDeadline(time.Time{})
		r.Body = io.NopCloser(bytes.NewReader(body))
		next.ServeHTTP(w, r)
	})
}
