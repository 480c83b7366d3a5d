package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/treenav/treenav"
)

// mcpFixture is the corpus shared with the mcp package's tests.
var mcpFixture = filepath.Join("..", "..", "fixtures", "mcp")

// rawClient speaks JSON-RPC over a stdio server's pipes by hand, so that
// tests see the exact bytes on the wire.
type rawClient struct {
	t     *testing.T
	w     io.Writer
	r     *bufio.Reader
	lines [][]byte // every line read from the server's stdout
	id    int
}

// response is one JSON-RPC response with the fields the tests read; raw
// messages keep the bytes as sent.
type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      *int            `json:"id"`
	Method  string          `json:"method"`
	Result  json.RawMessage `json:"result"`
	Error   *struct {
		Message string `json:"message"`
	} `json:"error"`
}

type toolResult struct {
	Content []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"content"`
	StructuredContent json.RawMessage `json:"structuredContent"`
	IsError           bool            `json:"isError"`
}

// readMessage reads one line and checks it is a JSON-RPC 2.0 message.
func (c *rawClient) readMessage() (*response, error) {
	line, err := c.r.ReadBytes('\n')
	if err != nil {
		return nil, err
	}
	c.lines = append(c.lines, line)
	var m response
	if err := json.Unmarshal(line, &m); err != nil || m.JSONRPC != "2.0" || (m.ID == nil && m.Method == "") {
		return nil, fmt.Errorf("not a JSON-RPC message on stdout: %q", line)
	}
	return &m, nil
}

// request sends a request and returns its response's result.
func (c *rawClient) request(method string, params any) json.RawMessage {
	c.t.Helper()
	c.id++
	p, _ := json.Marshal(params)
	fmt.Fprintf(c.w, `{"jsonrpc":"2.0","id":%d,"method":%q,"params":%s}`+"\n", c.id, method, p)
	for {
		m, err := c.readMessage()
		if err != nil {
			c.t.Fatalf("%s: %v", method, err)
		}
		if m.ID == nil || *m.ID != c.id {
			continue // a notification
		}
		if m.Error != nil {
			c.t.Fatalf("%s: %s", method, m.Error.Message)
		}
		return m.Result
	}
}

func (c *rawClient) initialize() {
	c.t.Helper()
	c.request("initialize", map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "raw", "version": "1"}})
	fmt.Fprintln(c.w, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
}

func (c *rawClient) callTool(name string, args any) toolResult {
	c.t.Helper()
	var r toolResult
	raw := c.request("tools/call", map[string]any{"name": name, "arguments": args})
	if err := json.Unmarshal(raw, &r); err != nil {
		c.t.Fatal(err)
	}
	return r
}

// waitReady polls index_status until the index is built.
func (c *rawClient) waitReady() {
	c.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		var st struct{ State string }
		json.Unmarshal(c.callTool("index_status", nil).StructuredContent, &st)
		if st.State == "ready" {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	c.t.Fatal("index not ready after 30s")
}

// startServe runs "treenav serve" in-process over pipes until the test
// ends.
func startServe(t *testing.T, args ...string) *rawClient {
	t.Helper()
	rc, _ := serveInProcess(t, args...)
	return rc
}

// serveInProcess runs "treenav serve" in-process over pipes; stop ends it
// as a client closing stdin does (signal false) or as SIGINT does, and
// returns once it has exited. The test's end stops it if need be.
func serveInProcess(t *testing.T, args ...string) (rc *rawClient, stop func(signal bool)) {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var stderr bytes.Buffer
	c := &cli{stdin: inR, stdout: outW, stderr: &stderr}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		err := c.runServeArgs(ctx, args)
		outW.Close()
		done <- err
	}()
	rc = &rawClient{t: t, w: inW, r: bufio.NewReader(outR)}
	var once sync.Once
	stop = func(signal bool) {
		once.Do(func() {
			if signal {
				cancel()
			} else {
				inW.Close()
			}
			// Whatever the server still writes is read, so that it
			// never blocks on the pipe.
			go io.Copy(io.Discard, outR)
			if err := <-done; err != nil {
				t.Errorf("serve: %v\n%s", err, stderr.String())
			}
			inW.Close()
			cancel()
		})
	}
	t.Cleanup(func() { stop(true) })
	return rc, stop
}

// runServeArgs parses serve's flags and serves until ctx is done.
func (c *cli) runServeArgs(ctx context.Context, args []string) error {
	o, err := c.serveFlags(args)
	if err != nil {
		return err
	}
	return c.runServe(ctx, o, c.stdin, c.stdout)
}

// TestStructuredContentIsCLIJSON: for each tool, the structuredContent bytes
// on the wire are the bytes "treenav <command> --json" prints for the same
// call (less its final newline).
func TestStructuredContentIsCLIJSON(t *testing.T) {
	// The CLI does not watch; neither does this server, so that the
	// status reports match.
	rc := startServe(t, "--root", mcpFixture, "--no-cache", "--watch=false")
	rc.initialize()
	rc.waitReady()
	for _, tc := range []struct {
		tool string
		args map[string]any
		cli  []string
	}{
		{"list_documents", map[string]any{}, []string{"list"}},
		{"list_documents", map[string]any{"query": "server", "filters": map[string]any{"language": "go"}, "limit": 2}, []string{"list", "--filter", "language=go", "--limit", "2", "server"}},
		{"list_documents", map[string]any{"limit": 1, "cursor": "1", "tag": "api"}, []string{"list", "--limit", "1", "--cursor", "1", "--tag", "api"}},
		{"list_documents", map[string]any{"limit": 1, "cursor": "1", "collection": "mcp", "max_chars": 100}, []string{"list", "--limit", "1", "--cursor", "1", "--collection", "mcp", "--max-chars", "100"}},
		{"search_documents", map[string]any{"query": "graceful shutdown"}, []string{"search", "graceful", "shutdown"}},
		{"search_documents", map[string]any{"query": "widget frame", "limit": 50, "max_chars": 3000, "cursor": "5"}, []string{"search", "--limit", "50", "--max-chars", "3000", "--cursor", "5", "widget frame"}},
		{"search_documents", map[string]any{"query": "token", "filters": map[string]any{"kind": []string{"function", "variable"}}, "doc_id": "auth/token.go", "path": "auth/*"},
			[]string{"search", "--filter", "kind=function", "--filter", "kind=variable", "--doc", "auth/token.go", "--path", "auth/*", "token"}},
		{"search_documents", map[string]any{"query": "how do I"}, []string{"search", "how do I"}},
		{"search_documents", map[string]any{"query": "how do I shut the server down"}, []string{"search", "how do I shut the server down"}},
		{"search_documents", map[string]any{"query": "token", "tests": "exclude", "path": []string{"auth/**", "!*_test.go"}}, []string{"search", "--tests", "exclude", "--path", "auth/**", "--path", "!*_test.go", "token"}},
		{"get_tree", map[string]any{"doc_id": "web/server.go"}, []string{"tree", "web/server.go"}},
		{"get_tree", map[string]any{"doc_id": "widgets/widgets.go"}, []string{"tree", "widgets/widgets.go"}},
		{"get_tree", map[string]any{"doc_id": "widgets/widgets.go", "max_depth": 1, "max_nodes": 30}, []string{"tree", "--max-depth", "1", "--max-nodes", "30", "widgets/widgets.go"}},
		{"get_tree", map[string]any{"doc_id": "widgets/widgets.go", "max_chars": 1500}, []string{"tree", "--max-chars", "1500", "widgets/widgets.go"}},
		// Signatures and code with <, > and &: escaped alike on both sides.
		{"get_node_content", map[string]any{"node_ids": []string{"web/server.go#Server.Events", "RefreshToken"}}, []string{"node", "web/server.go#Server.Events", "RefreshToken"}},
		{"get_node_content", map[string]any{"doc_id": "web/server.go", "node_ids": []string{"Server.Ready"}, "max_chars": 60}, []string{"node", "--doc", "web/server.go", "--max-chars", "60", "Server.Ready"}},
		{"navigate_tree", map[string]any{"node_id": "web/server.go#Server"}, []string{"navigate", "web/server.go#Server"}},
		{"navigate_tree", map[string]any{"doc_id": "web/server.go", "node_id": "Server", "max_depth": 1, "max_chars": 500, "max_nodes": 3}, []string{"navigate", "--doc", "web/server.go", "--max-depth", "1", "--max-chars", "500", "--max-nodes", "3", "Server"}},
		{"find_symbol", map[string]any{"query": "Events"}, []string{"symbols", "Events"}},
		{"find_symbol", map[string]any{"query": "Close", "kind": "method", "language": []string{"go"}, "path": "web/**", "limit": 5, "collection": "mcp"}, []string{"symbols", "--kind", "method", "--lang", "go", "--path", "web/**", "--limit", "5", "--collection", "mcp", "Close"}},
		{"find_symbol", map[string]any{"query": "Widget", "limit": 50, "max_chars": 900}, []string{"symbols", "--limit", "50", "--max-chars", "900", "Widget"}},
		{"grep_documents", map[string]any{"pattern": "Shutdown"}, []string{"grep", "Shutdown"}},
		// Text with <, > and &, escaped alike on both sides; a cut page.
		{"grep_documents", map[string]any{"pattern": "func.*[<>&(]", "regex": true, "case_sensitive": false, "word": true, "path": "web/**", "context": 2, "limit": 3, "cursor": "1", "max_chars": 700},
			[]string{"grep", "--regex", "-i", "-w", "--path", "web/**", "--context", "2", "--limit", "3", "--cursor", "1", "--max-chars", "700", "func.*[<>&(]"}},
		{"grep_documents", map[string]any{"pattern": "nothing matches this", "language": "go", "collection": "mcp"}, []string{"grep", "--lang", "go", "--collection", "mcp", "nothing matches this"}},
		{"find_symbol", map[string]any{"query": "Server", "tests": "only", "path": "!web/**"}, []string{"symbols", "--tests", "only", "--path", "!web/**", "Server"}},
		// A typo: the note and its closest names.
		{"find_symbol", map[string]any{"query": "Server.Evnts"}, []string{"symbols", "Server.Evnts"}},
		{"find_references", map[string]any{"target": "Server.Addr"}, []string{"refs", "Server.Addr"}},
		{"find_references", map[string]any{"target": "web/server.go#Server.Addr", "limit": 1, "include": []string{"resolved"}, "kinds": "read", "max_chars": 500},
			[]string{"refs", "--limit", "1", "--include", "resolved", "--kind", "read", "--max-chars", "500", "web/server.go#Server.Addr"}},
		{"find_references", map[string]any{"target": "Server.Addr", "tests": "exclude", "path": []string{"web/**", "!web/server.go"}},
			[]string{"refs", "--tests", "exclude", "--path", "web/**", "--path", "!web/server.go", "Server.Addr"}},
		{"get_call_hierarchy", map[string]any{"target": "Server.Ready", "depth": 2}, []string{"calls", "--depth", "2", "Server.Ready"}},
		{"get_call_hierarchy", map[string]any{"target": "Server.Ready", "tests": "only", "path": "!web/**"}, []string{"calls", "--tests", "only", "--path", "!web/**", "Server.Ready"}},
		{"get_call_hierarchy", map[string]any{"target": "Server.Shutdown", "direction": "outgoing", "limit": 3}, []string{"calls", "--outgoing", "--limit", "3", "Server.Shutdown"}},
		{"get_call_hierarchy", map[string]any{"target": "Server.Shutdown", "direction": "outgoing"}, []string{"calls", "--direction", "outgoing", "Server.Shutdown"}},
		{"index_status", map[string]any{}, []string{"status"}},
	} {
		if tc.tool == "index_status" {
			// status reads the persisted index: make it first.
			if code, _, errs := run(t, "index", "--root", mcpFixture, "--quiet"); code != 0 {
				t.Fatalf("index: %s", errs)
			}
		}
		res := rc.callTool(tc.tool, tc.args)
		if res.IsError {
			t.Errorf("%s(%v): %s", tc.tool, tc.args, res.Content[0].Text)
			continue
		}
		args := append(tc.cli, "--root", mcpFixture, "--json")
		if tc.tool != "index_status" {
			args = append(args, "--no-cache")
		}
		code, out, errs := run(t, args...)
		if code != 0 {
			t.Errorf("%v: exit %d: %s", tc.cli, code, errs)
			continue
		}
		got, want := []byte(res.StructuredContent), []byte(strings.TrimSuffix(out, "\n"))
		if tc.tool == "index_status" {
			got, want = stableStatus(t, got), stableStatus(t, want)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s(%v): structuredContent differs from treenav %s --json:\n%s\n%s", tc.tool, tc.args, strings.Join(tc.cli, " "), got, want)
		}
	}
}

// stableStatus drops the fields of a status report that differ between a
// server's live index and a CLI's persisted one of the same files (times,
// heap, watching, how the index is cut into segments), keeping the order
// of the rest.
func stableStatus(t *testing.T, b []byte) []byte {
	t.Helper()
	return regexp.MustCompile(`"(last_build|build_time_ns|updated|heap_bytes|heap_in_use_bytes|heap_sys_bytes|mapped_bytes|rss_bytes|rss_file_bytes|last_update|watching|updates|parsed|unchanged|segments)":("[^"]*"|\d+|true|false),?`).ReplaceAll(b, nil)
}

// buildTreenav builds the treenav binary for subprocess tests.
func buildTreenav(t *testing.T) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool to build treenav with")
	}
	bin := filepath.Join(t.TempDir(), "treenav")
	cmd := exec.Command(goTool, "build", "-o", bin, ".")
	// TestMain points XDG_CACHE_HOME at a temporary directory, which would
	// hide the go build cache and rebuild everything from scratch.
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "XDG_CACHE_HOME=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestServeSubprocess drives a real "treenav serve" process: over stdio
// with the SDK client, stdio by hand while it indexes (stdout must carry
// nothing but protocol), and over HTTP until SIGINT.
func TestServeSubprocess(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildTreenav(t)
	root, err := filepath.Abs(mcpFixture)
	if err != nil {
		t.Fatal(err)
	}

	t.Run("stdio", func(t *testing.T) {
		cmd := exec.Command(bin, "serve", "--root", root, "--no-cache")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "1"}, nil).
			Connect(context.Background(), &sdk.CommandTransport{Command: cmd}, nil)
		if err != nil {
			t.Fatal(err)
		}
		tools, err := cs.ListTools(context.Background(), nil)
		if err != nil || len(tools.Tools) != 12 {
			t.Fatalf("tools/list: %v, %d tools", err, len(tools.Tools))
		}
		call := func(name string, args map[string]any) *sdk.CallToolResult {
			res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: name, Arguments: args})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			return res
		}
		deadline := time.Now().Add(30 * time.Second)
		for {
			b, _ := json.Marshal(call("index_status", nil).StructuredContent)
			if bytes.Contains(b, []byte(`"state":"ready"`)) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("not ready: %s", b)
			}
			time.Sleep(20 * time.Millisecond)
		}
		for _, c := range []struct {
			name string
			args map[string]any
			want string
		}{
			{"list_documents", nil, "widgets/widgets.go"},
			{"search_documents", map[string]any{"query": "graceful shutdown"}, "web/server.go#Server.Shutdown"},
			{"get_tree", map[string]any{"doc_id": "auth/token.go"}, "#Validator.Validate"},
			{"get_node_content", map[string]any{"node_ids": []string{"Server.Events"}}, "<-chan Event"},
			{"navigate_tree", map[string]any{"node_id": "auth/token.go#Validator"}, "Validate(tok string) bool"},
			{"find_symbol", map[string]any{"query": "RefreshToken"}, "auth/token.go:13-18"},
			{"index_status", nil, "index ready: 3 documents"},
		} {
			res := call(c.name, c.args)
			text := res.Content[0].(*sdk.TextContent).Text
			if res.IsError || !strings.Contains(text, c.want) {
				t.Errorf("%s: error %v, text lacks %q:\n%s", c.name, res.IsError, c.want, text)
			}
		}
		res := call("get_node_content", map[string]any{"node_ids": []string{"auth/token.go#RefreshTokn"}})
		if !res.IsError || !strings.Contains(res.Content[0].(*sdk.TextContent).Text, "auth/token.go#RefreshToken") {
			t.Errorf("unknown id: %+v", res.Content)
		}
		if err := cs.Close(); err != nil {
			t.Errorf("close: %v", err)
		}
		if !strings.Contains(stderr.String(), "index ready") {
			t.Errorf("logs belong on stderr; got %q", stderr.String())
		}
	})

	t.Run("stdout-purity-while-indexing", func(t *testing.T) {
		// Enough files that the first calls land while the index builds.
		dir := t.TempDir()
		for i := range 3000 {
			p := filepath.Join(dir, fmt.Sprintf("p%03d", i/20), fmt.Sprintf("f%04d.go", i))
			os.MkdirAll(filepath.Dir(p), 0o755)
			src := fmt.Sprintf("package p%03d\n\n// Handler%04d answers request %d.\ntype Handler%04d struct{ n int }\n\n// Serve serves it.\nfunc (h *Handler%04d) Serve() int { return h.n }\n", i/20, i, i, i, i)
			if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		cmd := exec.Command(bin, "serve", "--root", dir, "--no-cache")
		stdin, _ := cmd.StdinPipe()
		stdout, _ := cmd.StdoutPipe()
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		rc := &rawClient{t: t, w: stdin, r: bufio.NewReader(stdout)}
		start := time.Now()
		rc.initialize()
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("initialize took %v: it must not wait for the index", d)
		}
		early := rc.callTool("search_documents", map[string]any{"query": "serve request"})
		var st struct{ State string }
		json.Unmarshal(rc.callTool("index_status", nil).StructuredContent, &st)
		if st.State == "ready" {
			t.Logf("the index was ready before the first call; progress notes not exercised")
		} else if !strings.Contains(early.Content[0].Text, "indexing: ") || !strings.Contains(early.Content[0].Text, "results may be incomplete") {
			t.Errorf("an answer while indexing does not say so:\n%s", early.Content[0].Text)
		}
		rc.waitReady()
		late := rc.callTool("find_symbol", map[string]any{"query": "Handler2999"})
		if !strings.Contains(late.Content[0].Text, "p149/f2999.go") {
			t.Errorf("after indexing: %s", late.Content[0].Text)
		}
		stdin.Close()
		// Everything else the server writes before exiting must be protocol
		// too.
		for {
			if _, err := rc.readMessage(); err == io.EOF {
				break
			} else if err != nil {
				t.Error(err)
				break
			}
		}
		if err := cmd.Wait(); err != nil {
			t.Errorf("serve exited with %v after stdin closed\n%s", err, stderr.String())
		}
		if len(rc.lines) < 5 {
			t.Errorf("only %d lines on stdout", len(rc.lines))
		}
		if !strings.Contains(stderr.String(), "index ready") {
			t.Errorf("stderr lacks the logs: %q", stderr.String())
		}
	})

	t.Run("http-and-sigint", func(t *testing.T) {
		cmd := exec.Command(bin, "serve", "--root", root, "--no-cache", "--http", "127.0.0.1:0")
		stderr, _ := cmd.StderrPipe()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		defer cmd.Process.Kill()
		urls := make(chan string, 1)
		var logs bytes.Buffer
		go func() {
			sc := bufio.NewScanner(stderr)
			re := regexp.MustCompile(`url=(http://\S+/mcp)`)
			for sc.Scan() {
				logs.WriteString(sc.Text() + "\n")
				if m := re.FindStringSubmatch(sc.Text()); m != nil {
					urls <- m[1]
				}
			}
			close(urls)
		}()
		var url string
		select {
		case url = <-urls:
		case <-time.After(30 * time.Second):
			t.Fatal("no URL logged")
		}
		cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "1"}, nil).
			Connect(context.Background(), &sdk.StreamableClientTransport{Endpoint: url, MaxRetries: -1}, nil)
		if err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(30 * time.Second)
		for {
			res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "get_tree", Arguments: map[string]any{"doc_id": "web/server.go"}})
			if err != nil {
				t.Fatalf("get_tree over HTTP: %v", err)
			}
			if !res.IsError {
				break
			}
			// Unknown until the file is indexed; the error says so.
			if text := res.Content[0].(*sdk.TextContent).Text; !strings.Contains(text, "indexing") || time.Now().After(deadline) {
				t.Fatalf("get_tree over HTTP: %s", text)
			}
			time.Sleep(20 * time.Millisecond)
		}
		cs.Close()
		cmd.Process.Signal(syscall.SIGINT)
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		select {
		case err := <-exited:
			if err != nil {
				t.Errorf("exit after SIGINT: %v\n%s", err, logs.String())
			}
		case <-time.After(10 * time.Second):
			t.Errorf("still running 10s after SIGINT")
		}
	})
}

func TestListenAddress(t *testing.T) {
	for _, tc := range []struct {
		in       string
		addr     string
		loopback bool
		bad      bool
	}{
		{"3100", "127.0.0.1:3100", true, false},
		{":3100", "127.0.0.1:3100", true, false},
		{"127.0.0.1:3100", "127.0.0.1:3100", true, false},
		{"localhost:3100", "localhost:3100", true, false},
		{"[::1]:3100", "[::1]:3100", true, false},
		{"0.0.0.0:3100", "0.0.0.0:3100", false, false},
		{"[::]:3100", "[::]:3100", false, false},
		{"192.168.1.4:80", "192.168.1.4:80", false, false},
		{"nonsense", "", false, true},
	} {
		addr, lb, err := listenAddress(tc.in)
		if (err != nil) != tc.bad || addr != tc.addr || lb != tc.loopback {
			t.Errorf("listenAddress(%q) = %q, %v, %v", tc.in, addr, lb, err)
		}
	}
}

// TestServeRefusesOpenBind: a non-loopback address without a token is
// refused before anything listens.
func TestServeRefusesOpenBind(t *testing.T) {
	t.Setenv("TREENAV_TOKEN", "")
	code, _, errs := run(t, "serve", "--root", mcpFixture, "--no-cache", "--http", "0.0.0.0:0")
	if code != 1 || !strings.Contains(errs, "without a token") || !strings.Contains(errs, "TREENAV_TOKEN") {
		t.Errorf("exit %d: %s", code, errs)
	}
	if code, _, errs := run(t, "serve", "--http", "nonsense"); code != 2 {
		t.Errorf("bad address: exit %d: %s", code, errs)
	}
}

// TestServeRefusesBlankToken: a token of whitespace alone (or with
// whitespace around it) is refused at start, from the flag or the
// environment, rather than served as a token no client can send.
func TestServeRefusesBlankToken(t *testing.T) {
	for _, tc := range []struct {
		env  string
		args []string
		want string
	}{
		{"", []string{"--token", "  "}, "only whitespace"},
		{"\t ", nil, "only whitespace"},
		{" s3cret", nil, "whitespace around it"},
		{"", []string{"--token", "s3cret\n"}, "whitespace around it"},
	} {
		t.Setenv("TREENAV_TOKEN", tc.env)
		// (An address that does not parse: a server that took the token
		// would stop there, with exit 2, rather than serve.)
		args := append([]string{"serve", "--root", mcpFixture, "--no-cache", "--http", "nonsense"}, tc.args...)
		code, _, errs := run(t, args...)
		if code != 1 || !strings.Contains(errs, tc.want) {
			t.Errorf("env %q, %q: exit %d: %s", tc.env, tc.args, code, errs)
		}
	}
}

// TestServeWatches: a running server picks up a new file and forgets a
// deleted one without being asked.
func TestServeWatches(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.go", "package a\n\n// Alpha is first.\nfunc Alpha() {}\n")
	rc := startServe(t, "--root", dir, "--no-cache")
	rc.initialize()
	rc.waitReady()
	find := func(name string) bool {
		var r struct{ Total int }
		json.Unmarshal(rc.callTool("find_symbol", map[string]any{"query": name}).StructuredContent, &r)
		return r.Total > 0
	}
	eventually := func(what string, cond func() bool) {
		t.Helper()
		for deadline := time.Now().Add(20 * time.Second); !cond(); {
			if time.Now().After(deadline) {
				t.Fatalf("%s: not within 20s", what)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	var st struct{ Watching bool }
	eventually("watching", func() bool {
		json.Unmarshal(rc.callTool("index_status", nil).StructuredContent, &st)
		return st.Watching
	})
	write("b.go", "package a\n\n// Bravo is second.\nfunc Bravo() {}\n")
	eventually("new file indexed", func() bool { return find("Bravo") })
	os.Remove(filepath.Join(dir, "a.go"))
	eventually("deleted file dropped", func() bool { return !find("Alpha") })
}

// TestServeSurvivesBadMessages: a line that is not JSON, a batch or an
// object that is no JSON-RPC message gets a JSON-RPC error and the session
// goes on; the SDK alone ended it ("treenav serve: invalid character ...",
// exit 1) and the next request was never answered. Each line is one
// message: a message split over lines is three parse errors.
func TestServeSurvivesBadMessages(t *testing.T) {
	c := startServe(t, "--root", mcpFixture, "--watch=false", "--no-cache")
	c.initialize()
	// (Written while the answers are read: the pipes hold nothing.)
	sent := make(chan bool)
	go func() {
		defer close(sent)
		for _, line := range []string{
			`{"jsonrpc":"2.0","id":2,"method":"ping"`, // cut short, then a new message
			`{"jsonrpc":"2.0","id":3,"method":"ping"}`,
			`[{"jsonrpc":"2.0","id":4,"method":"ping"}]`,
			`{"id":5,"hello":"world"}`,
			"{\"jsonrpc\":\"2.0\",\n \"id\":6,\n \"method\":\"ping\"}",
		} {
			fmt.Fprintln(c.w, line)
		}
	}()
	type answer struct {
		ID    any `json:"id"`
		Error *struct {
			Code int `json:"code"`
		} `json:"error"`
	}
	// Errors are answered at once, requests when served: in any order.
	want := []string{"3:ok", "5:-32600", "null:-32600", "null:-32700", "null:-32700", "null:-32700", "null:-32700"}
	var got []string
	for i := range want {
		line, err := c.r.ReadBytes('\n')
		if err != nil {
			t.Fatalf("answer %d: %v (have %v, want %v)", i, err, got, want)
		}
		var a answer
		if err := json.Unmarshal(line, &a); err != nil {
			t.Fatalf("answer %d is no JSON: %q", i, line)
		}
		g := fmt.Sprint(a.ID) + ":ok"
		if a.ID == nil {
			g = "null:ok"
		}
		if a.Error != nil {
			g = strings.Replace(g, "ok", strconv.Itoa(a.Error.Code), 1)
		}
		got = append(got, g)
	}
	<-sent
	if slices.Sort(got); !slices.Equal(got, want) {
		t.Errorf("answers %v, want %v", got, want)
	}
	c.request("ping", nil) // still serving
}

// TestServeSavesSnapshotOnExit: updates the watcher applied after the
// last save of the snapshot (saves are at most every 30s) are saved when
// the server ends, by the client closing stdin or by a signal, so that
// the next start does not parse them again.
func TestServeSavesSnapshotOnExit(t *testing.T) {
	for _, signal := range []bool{false, true} {
		t.Run(map[bool]string{false: "stdin-closed", true: "signal"}[signal], func(t *testing.T) {
			dir, idx := t.TempDir(), t.TempDir()
			os.WriteFile(filepath.Join(dir, "a.go"), []byte("package a\n\n// Alpha is first.\nfunc Alpha() {}\n"), 0o644)
			rc, stop := serveInProcess(t, "--root", dir, "--index-dir", idx)
			rc.initialize()
			rc.waitReady() // and saved: there was no snapshot
			status := func() (st struct {
				Watching bool
				Updates  int
			}) {
				json.Unmarshal(rc.callTool("index_status", nil).StructuredContent, &st)
				return st
			}
			for deadline := time.Now().Add(20 * time.Second); !status().Watching; time.Sleep(20 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatal("not watching within 20s")
				}
			}
			// Two updates: the first may be saved at once (the first save
			// since start may come early), the second comes less than 30s
			// after it and waits.
			for i, name := range []string{"Bravo", "Charlie"} {
				src := fmt.Sprintf("package a\n\n// %s is next.\nfunc %s() {}\n", name, name)
				os.WriteFile(filepath.Join(dir, strings.ToLower(name)+".go"), []byte(src), 0o644)
				for deadline := time.Now().Add(20 * time.Second); status().Updates <= i; time.Sleep(20 * time.Millisecond) {
					if time.Now().After(deadline) {
						t.Fatalf("%s not indexed within 20s", name)
					}
				}
			}
			stop(signal)
			// status reads the snapshot and compares it with the disk.
			code, out, errs := run(t, "status", "--root", dir, "--index-dir", idx, "--json")
			if code != 0 {
				t.Fatalf("status: exit %d: %s", code, errs)
			}
			var st struct {
				Documents int
				Freshness struct{ Added int }
			}
			json.Unmarshal([]byte(out), &st)
			if st.Documents != 3 || st.Freshness.Added != 0 {
				t.Errorf("snapshot after exit: %d documents, %d added on disk; want 3 and 0 (the updates saved)\n%s", st.Documents, st.Freshness.Added, out)
			}
		})
	}
}

// rpcAnswer is one JSON-RPC answer line as the framing tests read it.
type rpcAnswer struct {
	ID    any `json:"id"`
	Error *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// readAnswer reads the next answer line that is not a notification.
func (c *rawClient) readAnswer() rpcAnswer {
	c.t.Helper()
	for {
		line, err := c.r.ReadBytes('\n')
		if err != nil {
			c.t.Fatalf("reading an answer: %v", err)
		}
		var a struct {
			rpcAnswer
			Method string `json:"method"`
		}
		if err := json.Unmarshal(line, &a); err != nil {
			c.t.Fatalf("answer is no JSON: %.200q", line)
		}
		if a.Method == "" {
			return a.rpcAnswer
		}
	}
}

// TestServeStdioFraming: the stdio guard reads one message per line and
// holds at most maxStdioLine bytes of one. A valid line longer than the
// SDK's 16 MiB limit ended the server (exit 1); a long line without a
// newline was held whole; a line cut short after "method": swallowed the
// next request, which was never answered. Now each is answered with a
// parse error (id null) and the next request is answered.
func TestServeStdioFraming(t *testing.T) {
	if testing.Short() {
		t.Skip("writes tens of megabytes through the server")
	}
	pad := strings.Repeat("x", 17<<20)
	for _, tc := range []struct {
		name string
		send func(w io.Writer)
	}{
		{"valid line over 16 MiB", func(w io.Writer) {
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":90,"method":"ping","params":{"_meta":{"pad":%q}}}`+"\n", pad)
		}},
		{"long line ended late", func(w io.Writer) {
			// Written in pieces, as a client streaming without a
			// newline would: none of it is a message.
			for range 24 {
				io.WriteString(w, pad[:1<<20])
			}
			io.WriteString(w, "\n")
		}},
		{"line cut after method", func(w io.Writer) {
			io.WriteString(w, `{"jsonrpc":"2.0","id":90,"method":`+"\n")
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := startServe(t, "--root", mcpFixture, "--watch=false", "--no-cache")
			c.initialize()
			go func() {
				tc.send(c.w)
				fmt.Fprintln(c.w, `{"jsonrpc":"2.0","id":91,"method":"ping"}`)
			}()
			first, second := c.readAnswer(), c.readAnswer()
			if first.ID != nil || first.Error == nil || first.Error.Code != codeParseError {
				t.Errorf("first answer: %+v, want a parse error with id null", first)
			}
			if second.ID != float64(91) || second.Error != nil {
				t.Errorf("second answer: %+v, want the ping's (id 91)", second)
			}
			c.request("ping", nil) // still serving
		})
	}
}

// TestStdioGuardHoldsOneLimit: a 200 MB line without a newline is read
// through, never held: the guard keeps at most its limit of it, answers a
// parse error, and passes the next line on.
func TestStdioGuardHoldsOneLimit(t *testing.T) {
	const size = 200 << 20
	in := io.MultiReader(io.LimitReader(repeatReader('x'), size),
		strings.NewReader("\n"+`{"jsonrpc":"2.0","id":1,"method":"ping"}`+"\n"))
	var out bytes.Buffer
	g := newStdioGuard(in, &out, maxStdioLine, stdioReadBuffer)
	got, err := io.ReadAll(g)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != `{"jsonrpc":"2.0","id":1,"method":"ping"}`+"\n" {
		t.Errorf("passed on %.200q", got)
	}
	if !strings.Contains(out.String(), `"code":-32700`) || strings.Count(out.String(), "\n") != 1 {
		t.Errorf("answers %q, want one parse error", out.String())
	}
	if g.held > maxStdioLine+1 {
		t.Errorf("held %d bytes of a line; the limit is %d", g.held, maxStdioLine)
	}
}

// repeatReader reads as an endless run of one byte.
type repeatReader byte

func (r repeatReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(r)
	}
	return len(p), nil
}

// TestServeIdleReleaseFlag: --idle-release over the configuration's
// idle_release, a negative duration refused.
func TestServeIdleReleaseFlag(t *testing.T) {
	c := &cli{stdout: io.Discard, stderr: io.Discard}
	o, err := c.serveFlags([]string{"--root", mcpFixture, "--no-cache"})
	if err != nil || o.idleRelease != treenav.DefaultIdleRelease {
		t.Errorf("default: %v %v", err, o.idleRelease)
	}
	o, err = c.serveFlags([]string{"--root", mcpFixture, "--no-cache", "--idle-release", "0s"})
	if err != nil || o.idleRelease != 0 {
		t.Errorf("0s: %v %v", err, o.idleRelease)
	}
	if code, _, errs := run(t, "serve", "--root", mcpFixture, "--no-cache", "--idle-release", "-1s"); code != 2 || !strings.Contains(errs, "0 (never) or more") {
		t.Errorf("-1s: exit %d: %s", code, errs)
	}
}
