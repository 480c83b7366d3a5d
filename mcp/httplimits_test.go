package mcp

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// limitedServer serves s's HTTP handler on loopback with the given bounds
// until the test ends; it returns the address and the listener.
func limitedServer(t *testing.T, opts HTTPOptions, lim ServerLimits) (string, *connLimiter) {
	t.Helper()
	return serveLimited(t, New(newEngine(t, fixture, true), Options{}), opts, lim)
}

func serveLimited(t *testing.T, s *Server, opts HTTPOptions, lim ServerLimits) (string, *connLimiter) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs, lln := NewHTTPServer(s.HTTPHandler(opts), ln, lim)
	go hs.Serve(lln)
	t.Cleanup(func() { hs.Close() })
	return ln.Addr().String(), lln.(*connLimiter)
}

// rawConn dials addr and writes req; the test's end closes it.
func rawConn(t *testing.T, addr, req string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if req != "" {
		if _, err := io.WriteString(c, req); err != nil {
			t.Fatal(err)
		}
	}
	return c
}

// closedBy reads c until the server closes it, and fails if it is still
// open after wait: the response read (if any) is returned.
func closedBy(t *testing.T, c net.Conn, wait time.Duration, what string) string {
	t.Helper()
	c.SetReadDeadline(time.Now().Add(wait))
	b, err := io.ReadAll(c)
	if errors.Is(err, os.ErrDeadlineExceeded) {
		t.Errorf("%s: the connection is still open after %v (read %q)", what, wait, b)
	}
	return string(b)
}

// TestHTTPSlowClients: with only a header timeout, a slow body and an
// idle keep-alive held their connection without limit, unauthenticated
// ones included. Now each is closed after its deadline, a request without
// the token is refused before its body is read, and an oversized body is
// refused.
func TestHTTPSlowClients(t *testing.T) {
	const tok = "s3cret"
	addr, _ := limitedServer(t, HTTPOptions{Token: tok, BodyTimeout: 300 * time.Millisecond, MaxBodyBytes: 1000},
		ServerLimits{HeaderTimeout: 300 * time.Millisecond, IdleTimeout: 300 * time.Millisecond})
	post := func(auth bool, length int, body string) string {
		h := "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
		if auth {
			h += "Authorization: Bearer " + tok + "\r\n"
		}
		return h + "Content-Length: " + strconv.Itoa(length) + "\r\n\r\n" + body
	}

	// A body that never comes: 408, and closed.
	c := rawConn(t, addr, post(true, 500, `{"jsonrpc":`))
	if got := closedBy(t, c, 5*time.Second, "slow body"); !strings.HasPrefix(got, "HTTP/1.1 408") {
		t.Errorf("slow body: answered %q, want 408", got)
	}

	// Without the token: 401 before the body is sent, then closed.
	c = rawConn(t, addr, post(false, 500, `{"jsonrpc":`))
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil || resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("no token, body pending: %v %v, want 401 at once", err, resp)
	}
	closedBy(t, c, 5*time.Second, "refused request")

	// Headers that never end.
	c = rawConn(t, addr, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
	closedBy(t, c, 5*time.Second, "slow headers")

	// An idle keep-alive, after a request served whole.
	c = rawConn(t, addr, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
	r := bufio.NewReader(c)
	resp, err = http.ReadResponse(r, nil)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("healthz: %v %v", err, resp)
	}
	io.Copy(io.Discard, resp.Body)
	closedBy(t, c, 5*time.Second, "idle keep-alive")

	// A body over the bound: 413.
	big := strings.Repeat(" ", 2000)
	c = rawConn(t, addr, post(true, len(big), big))
	if got := closedBy(t, c, 5*time.Second, "oversized body"); !strings.HasPrefix(got, "HTTP/1.1 413") {
		t.Errorf("oversized body: answered %.100q, want 413", got)
	}

	// A client that sends its request in time is served, and can keep
	// its connection for the next.
	req := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"index_status","arguments":{}}}`
	c = rawConn(t, addr, post(true, len(req), req))
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	r = bufio.NewReader(c)
	resp, err = http.ReadResponse(r, nil)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("a timely request: %v %v", err, resp)
	}
	b, _ := io.ReadAll(resp.Body)
	if !strings.Contains(string(b), `\"state\":\"ready\"`) && !strings.Contains(string(b), `"state":"ready"`) {
		t.Errorf("a timely request: %.300s", b)
	}
}

// TestHTTPRefusalsDoNotWaitForBody: a refused request's connection is
// closed once answered, not held while net/http reads the rest of a body
// sent slowly (up to the body's deadline, a minute here).
func TestHTTPRefusalsDoNotWaitForBody(t *testing.T) {
	addr, _ := limitedServer(t, HTTPOptions{Token: "s3cret", BodyTimeout: time.Minute}, ServerLimits{})
	for _, tc := range []struct{ header, want string }{
		{"", "HTTP/1.1 401"},
		{"Authorization: Bearer s3cret\r\nOrigin: http://evil.example\r\n", "HTTP/1.1 403"},
	} {
		c := rawConn(t, addr, "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n"+tc.header+"Content-Length: 1000\r\n\r\n{")
		if got := closedBy(t, c, 5*time.Second, tc.want); !strings.HasPrefix(got, tc.want) {
			t.Errorf("answered %.100q, want %s", got, tc.want)
		}
	}
}

// TestHTTPSlowAnswerOutlivesBodyDeadline: the body's deadline is lifted
// once the body is read: an answer that takes longer than it (here a call
// waiting for the first build) is not cut.
func TestHTTPSlowAnswerOutlivesBodyDeadline(t *testing.T) {
	const bodyTimeout = 200 * time.Millisecond
	s := New(newEngine(t, fixture, false), Options{Settle: 4 * bodyTimeout}) // never built: calls wait Settle
	addr, _ := serveLimited(t, s, HTTPOptions{BodyTimeout: bodyTimeout}, ServerLimits{})
	req := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_documents","arguments":{"query":"token"}}}`
	c := rawConn(t, addr, "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: "+strconv.Itoa(len(req))+"\r\n\r\n"+req)
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	start := time.Now()
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("%v %v", err, resp)
	}
	b, err := io.ReadAll(resp.Body)
	if err != nil || !strings.Contains(string(b), `"result"`) {
		t.Errorf("answer cut after %v: %v %.300q", time.Since(start), err, b)
	}
	if waited := time.Since(start); waited < bodyTimeout {
		t.Logf("the call waited %v, less than the body deadline: not exercised", waited)
	}
}

// TestHTTPConnectionLimit: 300 slow clients exhausted the file
// descriptors and /healthz stopped answering. With the limit filled by
// slow clients, /healthz still answers on a reserved slot, other paths
// there are refused, and past the limit a client gets 503 at once.
func TestHTTPConnectionLimit(t *testing.T) {
	const maxConns = 40 // 32 general, 8 reserved for /healthz
	addr, lim := limitedServer(t, HTTPOptions{}, ServerLimits{MaxConns: maxConns, HeaderTimeout: time.Minute})
	slow := func(n int) {
		for range n {
			rawConn(t, addr, "GET /mcp HTTP/1.1\r\n") // headers never end
		}
	}
	waitOpen := func(n int64) {
		t.Helper()
		for deadline := time.Now().Add(5 * time.Second); lim.open.Load() < n; {
			if time.Now().After(deadline) {
				t.Fatalf("%d connections open, want %d", lim.open.Load(), n)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	get := func(path string) (int, string) {
		t.Helper()
		c := rawConn(t, addr, "GET "+path+" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
		got := closedBy(t, c, 5*time.Second, path)
		status, _, _ := strings.Cut(strings.TrimPrefix(got, "HTTP/1.1 "), " ")
		return atoi(status), got
	}

	slow(maxConns - healthConns)
	waitOpen(maxConns - healthConns)
	if code, got := get("/healthz"); code != http.StatusOK || !strings.Contains(got, `"status":"ok"`) {
		t.Errorf("/healthz with the general slots full: %q", got)
	}
	if code, _ := get("/mcp"); code != http.StatusServiceUnavailable {
		t.Errorf("/mcp on a reserved slot: %d, want 503", code)
	}
	slow(healthConns)
	waitOpen(maxConns)
	for range 10 {
		if code, got := get("/healthz"); code != http.StatusServiceUnavailable {
			t.Errorf("past the limit: %q, want 503 at once", got)
		}
	}
	if n := lim.open.Load(); n != maxConns {
		t.Errorf("%d connections held, want %d", n, maxConns)
	}
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
