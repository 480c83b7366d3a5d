package mcp

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/treenav/treenav"
)

// bearer adds a token to every request of an HTTP client.
type bearer struct {
	token string
	next  http.RoundTripper
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return b.next.RoundTrip(r)
}

// connectHTTP starts a client session over streamable HTTP.
func connectHTTP(t *testing.T, url string, hc *http.Client) (*sdk.ClientSession, error) {
	t.Helper()
	tr := &sdk.StreamableClientTransport{Endpoint: url, HTTPClient: hc, MaxRetries: -1}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "1"}, nil).Connect(context.Background(), tr, nil)
	if err == nil {
		t.Cleanup(func() { cs.Close() })
	}
	return cs, err
}

// TestHTTP runs every tool over streamable HTTP.
func TestHTTP(t *testing.T) {
	s := New(newEngine(t, fixture, true), Options{})
	ts := httptest.NewServer(s.HTTPHandler(HTTPOptions{}))
	t.Cleanup(ts.Close) // after the clients' cleanups
	cs, err := connectHTTP(t, ts.URL+"/mcp", nil)
	if err != nil {
		t.Fatal(err)
	}
	ss := newSession(t, cs)
	if len(ss.schemas) != 12 {
		t.Errorf("%d tools over HTTP", len(ss.schemas))
	}
	for _, c := range []struct {
		tool string
		args map[string]any
		want string
	}{
		{"list_documents", map[string]any{"limit": 2}, `"next_cursor":"2"`},
		{"search_documents", map[string]any{"query": "refresh token"}, "auth/token.go#RefreshToken"},
		{"get_tree", map[string]any{"doc_id": "auth/token.go"}, "auth/token.go#Validator.Validate"},
		{"get_node_content", map[string]any{"node_ids": []string{"auth/token.go#ErrExpired"}}, "token expired"},
		{"navigate_tree", map[string]any{"node_id": "auth/token.go#Validator"}, "Validate(tok string) bool"},
		{"find_symbol", map[string]any{"query": "Validator.Validate"}, `"kind":"method"`},
		{"index_status", nil, `"state":"ready"`},
	} {
		res := ss.call(t, c.tool, c.args)
		b, _ := json.Marshal(res.StructuredContent)
		if res.IsError || !strings.Contains(string(b), c.want) {
			t.Errorf("%s over HTTP: error %v, %s; want %s", c.tool, res.IsError, b, c.want)
		}
	}
	res := ss.call(t, "get_tree", map[string]any{"doc_id": "auth/tokn.go"})
	if !res.IsError || !strings.Contains(textOf(t, res), "auth/token.go") {
		t.Errorf("unknown doc over HTTP: %s", textOf(t, res))
	}
	r, err := cs.ReadResource(context.Background(), &sdk.ReadResourceParams{URI: StatsURI})
	if err != nil || !strings.Contains(r.Contents[0].Text, `"documents":3`) {
		t.Errorf("stats resource over HTTP: %v %+v", err, r)
	}
}

func TestHTTPHealth(t *testing.T) {
	s := New(newEngine(t, fixture, true), Options{})
	ts := httptest.NewServer(s.HTTPHandler(HTTPOptions{Token: "secret"}))
	t.Cleanup(ts.Close) // after the clients' cleanups
	resp, err := http.Get(ts.URL + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var h map[string]any
	json.NewDecoder(resp.Body).Decode(&h)
	if resp.StatusCode != 200 || h["status"] != "ok" || h["state"] != "ready" {
		t.Errorf("healthz: %d %v", resp.StatusCode, h)
	}
}

// TestHTTPHealthAfterSnapshot: /healthz after a snapshot load reported
// 0/0 files (the build that followed had nothing to parse); it reports
// the files the index holds.
func TestHTTPHealthAfterSnapshot(t *testing.T) {
	dir := t.TempDir()
	first := newEngine(t, fixture, true)
	if err := first.SaveSnapshot(dir); err != nil {
		t.Fatal(err)
	}
	eng := newEngine(t, fixture, false)
	if loaded, err := eng.LoadSnapshot(dir); !loaded || err != nil {
		t.Fatalf("load: %v %v", loaded, err)
	}
	if err := eng.Build(); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(New(eng, Options{}).HTTPHandler(HTTPOptions{}))
	t.Cleanup(ts.Close)
	resp, err := http.Get(ts.URL + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var h struct {
		State      string
		FilesDone  int `json:"files_done"`
		FilesTotal int `json:"files_total"`
	}
	json.NewDecoder(resp.Body).Decode(&h)
	if docs := eng.Index().Stats().Documents; h.State != "ready" || h.FilesDone != docs || h.FilesTotal != docs || docs == 0 {
		t.Errorf("healthz after a snapshot load: %+v, want %d/%d files", h, docs, docs)
	}
}

// initialize is a raw initialize request.
const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"curl","version":"1"}}}`

// post sends a raw MCP request with the given headers.
func post(t *testing.T, url string, header map[string]string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("POST", url, strings.NewReader(initialize))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func TestHTTPOrigin(t *testing.T) {
	s := New(newEngine(t, fixture, true), Options{})
	ts := httptest.NewServer(s.HTTPHandler(HTTPOptions{}))
	t.Cleanup(ts.Close) // after the clients' cleanups
	for _, c := range []struct {
		origin string
		ok     bool
	}{
		{"", true},
		{"http://localhost:6274", true}, // the MCP Inspector's web UI
		{"http://127.0.0.1:3000", true},
		{"http://[::1]:8080", true},
		{"https://evil.example", false},
		{"http://localhost.evil.example", false},
		{"http://127.0.0.1.nip.io", false},
		{"null", false},
	} {
		h := map[string]string{}
		if c.origin != "" {
			h["Origin"] = c.origin
		}
		code, body := post(t, ts.URL+"/mcp", h)
		if ok := code == 200 && strings.Contains(body, `"serverInfo"`); ok != c.ok {
			t.Errorf("Origin %q: status %d, accepted %v, want %v: %s", c.origin, code, ok, c.ok, body)
		}
		if !c.ok && code != http.StatusForbidden {
			t.Errorf("Origin %q: status %d, want 403", c.origin, code)
		}
	}
	// A client in a page of another site gets nothing either.
	if _, err := connectHTTP(t, ts.URL+"/mcp", &http.Client{Transport: originRT{"https://evil.example"}}); err == nil {
		t.Error("SDK client with a foreign Origin connected")
	}
}

type originRT struct{ origin string }

func (o originRT) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Origin", o.origin)
	return http.DefaultTransport.RoundTrip(r)
}

func TestHTTPToken(t *testing.T) {
	s := New(newEngine(t, fixture, true), Options{})
	ts := httptest.NewServer(s.HTTPHandler(HTTPOptions{Token: "s3cret"}))
	t.Cleanup(ts.Close) // after the clients' cleanups
	for _, c := range []struct {
		auth string
		code int
	}{
		{"", http.StatusUnauthorized},
		{"Bearer wrong", http.StatusUnauthorized},
		{"Bearer s3cre", http.StatusUnauthorized},
		{"s3cret", http.StatusUnauthorized},
		{"Basic s3cret", http.StatusUnauthorized},
		{"Bearers3cret", http.StatusUnauthorized},
		{"Bearer s3cret x", http.StatusUnauthorized},
		{"Bearer S3CRET", http.StatusUnauthorized},
		{"Bearer s3cret", http.StatusOK},
		// Authentication schemes are case-insensitive (RFC 9110 §11.1).
		{"bearer s3cret", http.StatusOK},
		{"BEARER s3cret", http.StatusOK},
		{"bEaReR  s3cret", http.StatusOK},
	} {
		h := map[string]string{}
		if c.auth != "" {
			h["Authorization"] = c.auth
		}
		if code, body := post(t, ts.URL+"/mcp", h); code != c.code {
			t.Errorf("Authorization %q: status %d, want %d: %s", c.auth, code, c.code, body)
		}
	}
	if _, err := connectHTTP(t, ts.URL+"/mcp", nil); err == nil {
		t.Error("client without the token connected")
	}
	cs, err := connectHTTP(t, ts.URL+"/mcp", &http.Client{Transport: bearer{"s3cret", http.DefaultTransport}})
	if err != nil {
		t.Fatal(err)
	}
	var r treenav.SymbolsResponse
	decode(t, newSession(t, cs).call(t, "find_symbol", map[string]any{"query": "Shutdown"}), &r)
	if len(r.Symbols) == 0 {
		t.Error("no symbols with the token")
	}
}

func TestIsLoopbackHost(t *testing.T) {
	for host, want := range map[string]bool{
		"localhost": true, "LOCALHOST.": true, "app.localhost": true, "127.0.0.1": true, "127.1.2.3": true,
		"::1": true, "[::1]": true, "0.0.0.0": false, "::": false, "192.168.1.5": false,
		"example.com": false, "localhost.example.com": false, "": false,
	} {
		if got := IsLoopbackHost(host); got != want {
			t.Errorf("IsLoopbackHost(%q) = %v, want %v", host, got, want)
		}
	}
}
