package mcp

import (
	"crypto/subtle"
	"encoding/json"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/treenav/treenav/index"
)

// HTTPOptions configure the HTTP handler.
type HTTPOptions struct {
	// Token, when set, is required as "Authorization: Bearer <token>" on
	// every request to /mcp.
	Token string
	// MaxBodyBytes bounds a request's body (0: DefaultMaxBodyBytes).
	MaxBodyBytes int64
	// BodyTimeout bounds the time a client takes to send a request's body
	// (0: DefaultBodyTimeout).
	BodyTimeout time.Duration
}

// DefaultMaxBodyBytes bounds a request's body over HTTP: as stdio bounds
// a line, far above any tool call's arguments.
const DefaultMaxBodyBytes = 4 << 20

// DefaultBodyTimeout bounds the time to receive a request's body once its
// headers are read: a client that sends it slowly, or not at all, is cut
// off then, whether or not it sent the token.
const DefaultBodyTimeout = 10 * time.Second

// HTTPHandler serves streamable HTTP MCP at /mcp and a health check at
// /healthz. Requests from a browser page of another site (an Origin header
// that is not localhost) are refused: a page the user visits must not
// drive a local server (DNS rebinding and cross-site requests). The SDK
// also refuses requests that reach a loopback address with a foreign Host.
//
// Every request's body must arrive within BodyTimeout and be at most
// MaxBodyBytes; the token is checked before any of the body is read.
// Responses have no time bound (a response may be an event stream): the
// connection limit of NewHTTPServer's listener bounds what slow readers
// can hold.
func (s *Server) HTTPHandler(opts HTTPOptions) http.Handler {
	if opts.MaxBodyBytes <= 0 {
		opts.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if opts.BodyTimeout <= 0 {
		opts.BodyTimeout = DefaultBodyTimeout
	}
	// Stateless: the tools need no session (the server never calls the
	// client back), so nothing is kept between requests, no session can
	// leak, and a shutdown has no event stream to wait for.
	mcpHandler := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return s.mcp },
		&sdk.StreamableHTTPOptions{Stateless: true, MaxRequestBodyBytes: opts.MaxBodyBytes})
	mux := http.NewServeMux()
	mux.Handle("/mcp", requireToken(opts.Token, readBody(opts.MaxBodyBytes, mcpHandler)))
	mux.HandleFunc("/healthz", s.health)
	return bodyDeadline(opts.BodyTimeout, reservedForHealth(checkOrigin(mux)))
}

// health answers a load balancer or a script: 200 with the index state.
// It needs no token and says nothing about the indexed content. While
// indexing, the files are the build's progress; once ready, the files
// the index holds (a build after a snapshot load parses only what
// changed, and its progress alone said 0/0).
func (s *Server) health(w http.ResponseWriter, r *http.Request) {
	st := s.eng.Status()
	done, total := st.FilesDone, st.FilesTotal
	if st.State == "ready" {
		done = s.eng.Stats().Documents
		total = done
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"status": "ok", "state": st.State,
		"files_done": done, "files_total": total})
}

// checkOrigin refuses requests whose Origin is a site other than this
// machine's. Clients that are not browsers send no Origin.
func checkOrigin(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if o := r.Header.Get("Origin"); o != "" && !localOrigin(o) {
			dropBody(w)
			http.Error(w, "forbidden: requests from origin "+index.QuoteInput(o)+" are not accepted (only localhost origins)", http.StatusForbidden)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// localOrigin reports whether an Origin header names this machine.
func localOrigin(origin string) bool {
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return false
	}
	return IsLoopbackHost(u.Hostname())
}

// IsLoopbackHost reports whether host (a name or an IP, without port)
// names the loopback interface.
func IsLoopbackHost(host string) bool {
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}

// requireToken checks the bearer token when one is configured. The
// scheme is matched in any case ("bearer", "BEARER"), as RFC 9110 §11.1
// says of authentication schemes; the token exactly.
func requireToken(token string, next http.Handler) http.Handler {
	if token == "" {
		return next
	}
	want := []byte(token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		scheme, got, _ := strings.Cut(r.Header.Get("Authorization"), " ")
		got = strings.TrimLeft(got, " ")
		if !strings.EqualFold(scheme, "Bearer") || subtle.ConstantTimeCompare([]byte(got), want) != 1 {
			// Refused before the body is read, and the connection closed
			// rather than the body read to reuse it.
			dropBody(w)
			w.Header().Set("WWW-Authenticate", `Bearer realm="treenav"`)
			http.Error(w, "unauthorized: send Authorization: Bearer <token>", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}
