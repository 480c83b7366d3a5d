package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index/engine"
)

// fixture is the corpus of the end-to-end tests: a few Go packages, one
// of them with an outline too long to show whole.
var fixture = filepath.Join("..", "fixtures", "mcp")

// newEngine returns an engine over root, built unless build is false.
func newEngine(t testing.TB, root string, build bool) *engine.Engine {
	t.Helper()
	eng, err := engine.NewEngine([]treenav.Collection{{Name: "fixture", Root: root}}, engine.EngineOptions{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if build {
		if err := eng.Build(); err != nil {
			t.Fatal(err)
		}
	}
	return eng
}

// connect starts a client session with s over an in-memory transport.
func connect(t testing.TB, s *Server) *sdk.ClientSession {
	t.Helper()
	ctx := context.Background()
	ct, st := sdk.NewInMemoryTransports()
	ss, err := s.MCP().Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// session is a client session with the tools' output schemas, to check
// every structured result against its schema as strict clients do.
type session struct {
	cs      *sdk.ClientSession
	schemas map[string]*jsonschema.Resolved
}

func newSession(t testing.TB, cs *sdk.ClientSession) *session {
	t.Helper()
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	s := &session{cs: cs, schemas: map[string]*jsonschema.Resolved{}}
	for _, tool := range tools.Tools {
		var sch jsonschema.Schema
		b, _ := json.Marshal(tool.OutputSchema)
		if err := json.Unmarshal(b, &sch); err != nil {
			t.Fatalf("%s: output schema: %v", tool.Name, err)
		}
		r, err := sch.Resolve(nil)
		if err != nil {
			t.Fatalf("%s: output schema: %v", tool.Name, err)
		}
		s.schemas[tool.Name] = r
	}
	return s
}

// call calls a tool; a protocol error fails the test, a tool error does
// not (res.IsError). A structured result must match the output schema.
func (s *session) call(t testing.TB, tool string, args map[string]any) *sdk.CallToolResult {
	t.Helper()
	res, err := s.cs.CallTool(context.Background(), &sdk.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s(%v): %v", tool, args, err)
	}
	if res.StructuredContent != nil {
		v := res.StructuredContent
		if err := s.schemas[tool].Validate(&v); err != nil {
			t.Errorf("%s(%v): structured result does not match the output schema: %v", tool, args, err)
		}
	}
	return res
}

// textOf returns a result's text content.
func textOf(t testing.TB, res *sdk.CallToolResult) string {
	t.Helper()
	var b strings.Builder
	for _, c := range res.Content {
		tc, ok := c.(*sdk.TextContent)
		if !ok {
			t.Fatalf("content of type %T", c)
		}
		b.WriteString(tc.Text)
	}
	return b.String()
}

// decode unmarshals a structured result into v.
func decode(t testing.TB, res *sdk.CallToolResult, v any) {
	t.Helper()
	if res.IsError {
		t.Fatalf("tool error: %s", textOf(t, res))
	}
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
}

func TestToolsList(t *testing.T) {
	s := New(newEngine(t, fixture, true), Options{})
	cs := connect(t, s)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	// Each tool's parameters: the original tool's (which must keep
	// working) and what is required.
	want := map[string]struct {
		params, required []string
	}{
		"list_documents":     {[]string{"query", "tag", "filters", "collection", "limit", "cursor"}, nil},
		"search_documents":   {[]string{"query", "filters", "collection", "doc_id", "limit", "cursor", "max_chars"}, []string{"query"}},
		"get_tree":           {[]string{"doc_id", "max_depth"}, []string{"doc_id"}},
		"get_outline":        {[]string{"path", "exported_only", "signatures", "depth", "max_chars"}, []string{"path"}},
		"get_node_content":   {[]string{"doc_id", "node_ids"}, nil},
		"navigate_tree":      {[]string{"doc_id", "node_id", "max_depth", "max_chars"}, []string{"node_id"}},
		"find_symbol":        {[]string{"query", "kind", "language", "path", "limit"}, []string{"query"}},
		"index_status":       {nil, nil},
		"changed_symbols":    {[]string{"base", "head", "path", "bodies", "max_chars"}, nil},
		"grep_documents":     {[]string{"pattern", "regex", "case_sensitive", "word", "path", "language", "collection", "context", "limit", "cursor", "max_chars"}, []string{"pattern"}},
		"get_call_hierarchy": {[]string{"target", "direction", "depth", "limit", "max_chars"}, []string{"target"}},
		"find_references":    {[]string{"target", "kinds", "include", "path", "collection", "limit", "cursor", "max_chars"}, []string{"target"}},
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
		w, ok := want[tool.Name]
		if !ok {
			t.Errorf("unexpected tool %s", tool.Name)
			continue
		}
		if len(tool.Description) < 200 {
			t.Errorf("%s: description too thin for an agent to choose by: %q", tool.Name, tool.Description)
		}
		if a := tool.Annotations; a == nil || !a.ReadOnlyHint || a.DestructiveHint == nil || *a.DestructiveHint {
			t.Errorf("%s: not annotated read-only: %+v", tool.Name, a)
		}
		var in struct {
			Type       string                     `json:"type"`
			Properties map[string]json.RawMessage `json:"properties"`
			Required   []string                   `json:"required"`
		}
		b, _ := json.Marshal(tool.InputSchema)
		json.Unmarshal(b, &in)
		if in.Type != "object" {
			t.Errorf("%s: input schema type %q", tool.Name, in.Type)
		}
		for name, p := range in.Properties {
			// One plain type (or anyOf for string-or-list): clients
			// convert arguments by it.
			var ps struct {
				Type  any   `json:"type"`
				AnyOf []any `json:"anyOf"`
			}
			json.Unmarshal(p, &ps)
			if _, ok := ps.Type.(string); !ok && ps.AnyOf == nil {
				t.Errorf("%s.%s: type %v", tool.Name, name, ps.Type)
			}
		}
		for _, p := range w.params {
			if _, ok := in.Properties[p]; !ok {
				t.Errorf("%s: no parameter %q", tool.Name, p)
			}
		}
		sort.Strings(in.Required)
		if !slices.Equal(in.Required, w.required) {
			t.Errorf("%s: required %v, want %v", tool.Name, in.Required, w.required)
		}
		var out struct {
			Type string `json:"type"`
		}
		b, _ = json.Marshal(tool.OutputSchema)
		json.Unmarshal(b, &out)
		if out.Type != "object" {
			t.Errorf("%s: output schema %s", tool.Name, b)
		}
	}
	if len(names) != len(want) {
		t.Errorf("tools %v, want %d", names, len(want))
	}
	if ins := cs.InitializeResult().Instructions; !strings.Contains(ins, "get_tree") || !strings.Contains(ins, "#Server.Shutdown") {
		t.Errorf("instructions should teach the workflow and the ids: %q", ins)
	}
}

// TestTools calls every tool with parameters an agent would use and checks
// the answers; the text of each is the Text rendering of its structured
// result.
func TestTools(t *testing.T) {
	s := New(newEngine(t, fixture, true), Options{})
	ss := newSession(t, connect(t, s))
	for _, tc := range []struct {
		tool  string
		args  map[string]any
		check func(t *testing.T, res *sdk.CallToolResult)
	}{
		{"list_documents", nil, func(t *testing.T, res *sdk.CallToolResult) {
			var r treenav.ListResponse
			decode(t, res, &r)
			if r.Total != 3 || len(r.Documents) != 3 || r.FacetCounts["collection"]["fixture"] != 3 {
				t.Errorf("list: %+v", r)
			}
		}},
		{"list_documents", map[string]any{"query": "server", "filters": map[string]any{"language": "go"}}, func(t *testing.T, res *sdk.CallToolResult) {
			var r treenav.ListResponse
			decode(t, res, &r)
			if r.Total != 1 || r.Documents[0].DocID != "web/server.go" {
				t.Errorf("list query+filter: %+v", r.Documents)
			}
		}},
		{"list_documents", map[string]any{"filters": map[string]any{"language": []string{"python", "rust"}}}, func(t *testing.T, res *sdk.CallToolResult) {
			var r treenav.ListResponse
			decode(t, res, &r)
			if r.Total != 0 {
				t.Errorf("no python or rust here: %+v", r.Documents)
			}
		}},
		{"list_documents", map[string]any{"tag": "api", "collection": "fixture"}, func(t *testing.T, res *sdk.CallToolResult) {
			var r treenav.ListResponse
			decode(t, res, &r)
			if r.Total != 0 {
				t.Errorf("no document is tagged: %+v", r.Documents)
			}
		}},
		{"search_documents", map[string]any{"query": "graceful shutdown"}, func(t *testing.T, res *sdk.CallToolResult) {
			var r treenav.SearchResponse
			decode(t, res, &r)
			if len(r.Results) == 0 || r.Results[0].NodeID != "web/server.go#Server.Shutdown" {
				t.Errorf("search: %+v", r.Results)
			}
		}},
		{"search_documents", map[string]any{"query": "token", "filters": map[string]any{"kind": "function"}, "doc_id": "auth/token.go"}, func(t *testing.T, res *sdk.CallToolResult) {
			var r treenav.SearchResponse
			decode(t, res, &r)
			if len(r.Results) == 0 {
				t.Fatal("no result")
			}
			for _, x := range r.Results {
				if x.Kind != treenav.KindFunction || x.DocID != "auth/token.go" {
					t.Errorf("filtered search returned %s (%s)", x.NodeID, x.Kind)
				}
			}
		}},
		{"search_documents", map[string]any{"query": "widget", "path": "web/**"}, func(t *testing.T, res *sdk.CallToolResult) {
			var r treenav.SearchResponse
			decode(t, res, &r)
			if r.Total != 0 {
				t.Errorf("path glob ignored: %+v", r.Results)
			}
		}},
		{"grep_documents", map[string]any{"pattern": "shutdown", "case_sensitive": false, "word": true, "path": "web/**", "context": 1}, func(t *testing.T, res *sdk.CallToolResult) {
			var r treenav.GrepResponse
			decode(t, res, &r)
			if r.TotalMatches == 0 || r.TotalMatches != len(r.Matches) {
				t.Fatalf("grep: %+v", r)
			}
			in := false
			for _, m := range r.Matches {
				if !strings.HasPrefix(m.Path, "web/") || !strings.Contains(strings.ToLower(m.Text), "shutdown") || len(m.Before) != 1 {
					t.Errorf("grep match: %+v", m)
				}
				in = in || m.EnclosingID == "web/server.go#Server.Shutdown"
			}
			if !in {
				t.Errorf("no match in Server.Shutdown: %+v", r.Matches)
			}
		}},
		{"grep_documents", map[string]any{"pattern": "Shut.own", "regex": true, "limit": 1}, func(t *testing.T, res *sdk.CallToolResult) {
			var r treenav.GrepResponse
			decode(t, res, &r)
			if len(r.Matches) != 1 || r.TotalMatches < 2 || r.NextCursor != "1" {
				t.Errorf("grep page: %+v", r)
			}
		}},
		{"get_tree", map[string]any{"doc_id": "web/server.go"}, func(t *testing.T, res *sdk.CallToolResult) {
			var r treenav.TreeResponse
			decode(t, res, &r)
			var ids []string
			for _, n := range r.Nodes {
				ids = append(ids, n.NodeID)
			}
			if !slices.Contains(ids, "web/server.go#Server.Shutdown") || r.Truncated {
				t.Errorf("tree: %v", ids)
			}
			if !strings.Contains(textOf(t, res), "method Shutdown") {
				t.Errorf("tree text: %s", textOf(t, res))
			}
		}},
		{"get_outline", map[string]any{"path": "web", "exported_only": true}, func(t *testing.T, res *sdk.CallToolResult) {
			var r treenav.OutlineResponse
			decode(t, res, &r)
			if len(r.Files) != 1 || r.Files[0].Path != "web/server.go" || r.Truncated {
				t.Fatalf("outline of web: %+v", r)
			}
			var server *treenav.OutlineSymbol
			for i, s := range r.Files[0].Symbols {
				if s.Name == "Server" {
					server = &r.Files[0].Symbols[i]
				}
			}
			if server == nil {
				t.Fatalf("no Server in %+v", r.Files[0].Symbols)
			}
			var shutdown string
			for _, c := range server.Children {
				if c.Name == "Shutdown" {
					shutdown = c.Signature
				}
				if c.Name != "" && c.Name[0] >= 'a' && c.Name[0] <= 'z' {
					t.Errorf("exported_only shows %s", c.QualifiedName)
				}
			}
			if !strings.Contains(shutdown, "func (s *Server) Shutdown(ctx context.Context) error") {
				t.Errorf("Shutdown's signature: %q", shutdown)
			}
		}},
		{"get_outline", map[string]any{"path": []string{"web/server.go"}, "max_chars": 300}, func(t *testing.T, res *sdk.CallToolResult) {
			var r treenav.OutlineResponse
			decode(t, res, &r)
			if n := len(r.Text()); n > 300 {
				t.Errorf("outline of %d characters past max_chars 300", n)
			}
			if !r.Truncated || r.LeftOut == 0 || !strings.Contains(r.Note, "left out") || !strings.Contains(r.Note, "web/server.go") {
				t.Errorf("a cut outline says what it left out: %+v", r)
			}
		}},
		{"get_tree", map[string]any{"doc_id": "web/server.go", "max_depth": 1}, func(t *testing.T, res *sdk.CallToolResult) {
			var r treenav.TreeResponse
			decode(t, res, &r)
			for _, n := range r.Nodes {
				if strings.Count(n.NodeID, ".") > 1 {
					t.Errorf("max_depth 1 shows %s", n.NodeID)
				}
			}
		}},
		{"get_node_content", map[string]any{"node_ids": []string{"web/server.go#Server.Shutdown", "RefreshToken"}}, func(t *testing.T, res *sdk.CallToolResult) {
			var r treenav.NodesResponse
			decode(t, res, &r)
			if len(r.Nodes) != 2 || !strings.Contains(r.Nodes[0].Content, "<-ctx.Done()") || r.Nodes[1].NodeID != "auth/token.go#RefreshToken" {
				t.Errorf("nodes: %+v", r.Nodes)
			}
		}},
		{"get_node_content", map[string]any{"doc_id": "web/server.go", "node_id": "Server.Close"}, func(t *testing.T, res *sdk.CallToolResult) {
			var r treenav.NodesResponse
			decode(t, res, &r)
			if len(r.Nodes) != 1 || r.Nodes[0].NodeID != "web/server.go#Server.Close" {
				t.Errorf("node by doc_id and bare anchor: %+v", r.Nodes)
			}
		}},
		{"navigate_tree", map[string]any{"node_id": "web/server.go#Server"}, func(t *testing.T, res *sdk.CallToolResult) {
			var r treenav.NavigateResponse
			decode(t, res, &r)
			if !strings.Contains(r.Content, "func (s *Server) Ready() bool") || len(r.Nodes) < 8 {
				t.Errorf("navigate Server: %d nodes\n%s", len(r.Nodes), r.Content)
			}
		}},
		{"navigate_tree", map[string]any{"doc_id": "web/server.go", "node_id": "Server", "max_depth": 1, "max_chars": 2000}, func(t *testing.T, res *sdk.CallToolResult) {
			var r treenav.NavigateResponse
			decode(t, res, &r)
			if r.NodeID != "web/server.go#Server" {
				t.Errorf("navigate by doc_id and anchor: %s", r.NodeID)
			}
		}},
		{"find_symbol", map[string]any{"query": "Shutdown"}, func(t *testing.T, res *sdk.CallToolResult) {
			var r treenav.SymbolsResponse
			decode(t, res, &r)
			if len(r.Symbols) == 0 || r.Symbols[0].NodeID != "web/server.go#Server.Shutdown" {
				t.Errorf("symbols: %+v", r.Symbols)
			}
		}},
		{"find_symbol", map[string]any{"query": "gUT", "kind": []string{"function", "method"}, "language": "go", "path": "auth/*"}, func(t *testing.T, res *sdk.CallToolResult) {
			var r treenav.SymbolsResponse
			decode(t, res, &r)
			if len(r.Symbols) != 1 || r.Symbols[0].Name != "getUserToken" {
				t.Errorf("humps with filters: %+v", r.Symbols)
			}
		}},
		{"find_symbol", map[string]any{"query": "Close", "kind": "method", "path": "web/**"}, func(t *testing.T, res *sdk.CallToolResult) {
			var r treenav.SymbolsResponse
			decode(t, res, &r)
			if len(r.Symbols) != 1 || r.Symbols[0].QualifiedName != "Server.Close" {
				t.Errorf("kind and path filter each symbol: %+v", r.Symbols)
			}
		}},
		{"index_status", nil, func(t *testing.T, res *sdk.CallToolResult) {
			var r StatusReport
			decode(t, res, &r)
			if r.State != "ready" || r.Documents != 3 || r.Languages["go"] != 3 || len(r.Collections) != 1 {
				t.Errorf("status: %+v", r)
			}
		}},
	} {
		name, _ := json.Marshal(tc.args)
		t.Run(tc.tool+string(name), func(t *testing.T) {
			res := ss.call(t, tc.tool, tc.args)
			if res.IsError {
				t.Fatalf("tool error: %s", textOf(t, res))
			}
			tc.check(t, res)
			checkText(t, tc.tool, res)
		})
	}
}

// checkText checks that a result's text is the Text rendering of its
// structured result: the model and a program read the same answer.
func checkText(t *testing.T, tool string, res *sdk.CallToolResult) {
	t.Helper()
	var r treenav.Texter
	switch tool {
	case "list_documents":
		r = new(treenav.ListResponse)
	case "search_documents":
		r = new(treenav.SearchResponse)
	case "get_tree":
		r = new(treenav.TreeResponse)
	case "get_outline":
		r = new(treenav.OutlineResponse)
	case "get_node_content":
		r = new(treenav.NodesResponse)
	case "navigate_tree":
		r = new(treenav.NavigateResponse)
	case "find_symbol":
		r = new(treenav.SymbolsResponse)
	case "grep_documents":
		r = new(treenav.GrepResponse)
	case "index_status":
		r = new(StatusReport)
	}
	decode(t, res, r)
	if got := textOf(t, res); got != r.Text() {
		t.Errorf("%s: text is not the Text rendering of the structured result:\n%s\nwant\n%s", tool, got, r.Text())
	}
}

func TestToolErrors(t *testing.T) {
	s := New(newEngine(t, fixture, true), Options{})
	ss := newSession(t, connect(t, s))
	for _, tc := range []struct {
		tool string
		args map[string]any
		want []string // in the error text
	}{
		{"get_node_content", map[string]any{"node_ids": []string{"web/server.go#Server.Shutdwn"}},
			[]string{`unknown node id "web/server.go#Server.Shutdwn"`, "web/server.go#Server.Shutdown", "get_tree"}},
		{"get_node_content", map[string]any{"node_ids": []string{"Close"}},
			[]string{`"Close" names 61 definitions; name one by its node id`, "web/server.go#Server.Close", "widgets/widgets.go#Widget00.Close"}},
		{"get_node_content", map[string]any{"node_ids": []string{"web.Server.Shutdwn"}},
			[]string{`unknown node id "web.Server.Shutdwn"`, "web/server.go#Server.Shutdown"}},
		{"get_node_content", map[string]any{}, []string{"node_ids"}},
		{"navigate_tree", map[string]any{"node_id": "web/server.go#Servr"}, []string{"web/server.go#Server"}},
		{"get_outline", map[string]any{"path": "web/nowhere"}, []string{"no indexed file is under", "web/nowhere"}},
		{"get_tree", map[string]any{"doc_id": "web/servr.go"}, []string{`unknown document id "web/servr.go"`, "web/server.go", "list_documents"}},
		{"get_tree", map[string]any{}, []string{"doc_id"}},
		{"search_documents", map[string]any{}, []string{"query"}},
		{"search_documents", map[string]any{"query": " "}, []string{"empty query"}},
		{"search_documents", map[string]any{"query": "x", "cursor": "abc"}, []string{"bad cursor"}},
		{"search_documents", map[string]any{"query": "x", "limit": "ten"}, []string{"limit"}},
		{"search_documents", map[string]any{"query": "x", "path": "[unclosed"}, []string{"not a valid pattern"}},
		{"list_documents", map[string]any{"filters": map[string]any{"kind": "method"}}, []string{"kind is a node filter"}},
		{"list_documents", map[string]any{"bogus": 1}, []string{"bogus"}},
		{"find_symbol", map[string]any{"query": ""}, []string{"empty symbol query"}},
		{"grep_documents", map[string]any{"pattern": ""}, []string{"empty pattern"}},
		{"grep_documents", map[string]any{"pattern": "a(b", "regex": true}, []string{"invalid regex at character"}},
		{"grep_documents", map[string]any{"pattern": "x", "context": 9}, []string{"context"}},
		{"grep_documents", map[string]any{"pattern": "x", "path": "../**"}, []string{"outside the root"}},
	} {
		res := ss.call(t, tc.tool, tc.args)
		text := textOf(t, res)
		if !res.IsError {
			t.Errorf("%s(%v) succeeded: %s", tc.tool, tc.args, text)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s(%v): error %q lacks %q", tc.tool, tc.args, text, w)
			}
		}
	}
}

// TestPagination follows next_cursor through search and list pages: each
// result comes exactly once, in the order of one large page.
func TestPagination(t *testing.T) {
	s := New(newEngine(t, fixture, true), Options{})
	ss := newSession(t, connect(t, s))
	var all treenav.SearchResponse
	decode(t, ss.call(t, "search_documents", map[string]any{"query": "widget frame", "limit": 1000, "max_chars": 1000000}), &all)
	if all.Total < 100 || len(all.Results) != all.Total {
		t.Fatalf("want over 100 results on one large page, got %d of %d", len(all.Results), all.Total)
	}
	for _, args := range []map[string]any{
		{"query": "widget frame", "limit": 7},
		{"query": "widget frame", "limit": 50, "max_chars": 3000}, // cut by size
	} {
		var ids []string
		cursor, pages := "", 0
		for {
			a := map[string]any{"cursor": cursor}
			for k, v := range args {
				a[k] = v
			}
			res := ss.call(t, "search_documents", a)
			var r treenav.SearchResponse
			decode(t, res, &r)
			pages++
			for _, x := range r.Results {
				ids = append(ids, x.NodeID)
			}
			if r.NextCursor == "" {
				break
			}
			if !strings.Contains(textOf(t, res), fmt.Sprintf("pass cursor %q", r.NextCursor)) {
				t.Fatalf("text does not say how to get the rest: %s", textOf(t, res))
			}
			if pages > 100 {
				t.Fatal("cursor loops")
			}
			cursor = r.NextCursor
		}
		var want []string
		for _, x := range all.Results {
			want = append(want, x.NodeID)
		}
		if !slices.Equal(ids, want) {
			t.Errorf("%v: %d pages gave %d ids, want %d in the same order", args, pages, len(ids), len(want))
		}
	}
	var docs []string
	cursor := ""
	for range 10 {
		var r treenav.ListResponse
		decode(t, ss.call(t, "list_documents", map[string]any{"limit": 1, "cursor": cursor}), &r)
		for _, d := range r.Documents {
			docs = append(docs, d.DocID)
		}
		if cursor = r.NextCursor; cursor == "" {
			break
		}
	}
	if want := []string{"auth/token.go", "web/server.go", "widgets/widgets.go"}; !slices.Equal(docs, want) {
		t.Errorf("list pages: %v, want %v", docs, want)
	}
}

// TestTruncation checks that each bound cuts its answer and that the answer
// says so and how to get the rest.
func TestTruncation(t *testing.T) {
	s := New(newEngine(t, fixture, true), Options{})
	ss := newSession(t, connect(t, s))

	res := ss.call(t, "get_tree", map[string]any{"doc_id": "widgets/widgets.go"})
	var tr treenav.TreeResponse
	decode(t, res, &tr)
	if !tr.Truncated || tr.TotalNodes != 241 || len(tr.Nodes) != 61 || !strings.Contains(textOf(t, res), "61 of 241 nodes shown") {
		t.Errorf("huge outline: truncated %v, %d of %d\n%s", tr.Truncated, len(tr.Nodes), tr.TotalNodes, textOf(t, res))
	}
	var whole treenav.TreeResponse
	decode(t, ss.call(t, "get_tree", map[string]any{"doc_id": "widgets/widgets.go", "max_nodes": 1000}), &whole)
	if whole.Truncated || len(whole.Nodes) != 241 {
		t.Errorf("max_nodes 1000: %d nodes, truncated %v", len(whole.Nodes), whole.Truncated)
	}

	res = ss.call(t, "get_node_content", map[string]any{"node_ids": []string{"web/server.go#Server.Shutdown"}, "max_chars": 40})
	var nr treenav.NodesResponse
	decode(t, res, &nr)
	if !nr.Truncated || !strings.Contains(nr.Nodes[0].Content, "[truncated") || !strings.Contains(textOf(t, res), "output truncated") {
		t.Errorf("max_chars 40: %+v", nr)
	}

	// max_chars bounds the outline and the text together; max_nodes the
	// outline.
	for _, maxChars := range []int{500, 4000, 100000} {
		res = ss.call(t, "navigate_tree", map[string]any{"node_id": "widgets/widgets.go", "max_chars": maxChars, "max_nodes": 20})
		var nav treenav.NavigateResponse
		decode(t, res, &nav)
		b, _ := json.Marshal(&nav)
		size := len(b)
		if !nav.Truncated || size > maxChars || len(nav.Nodes) > 20 || nav.TotalNodes != 240 || maxChars >= 4000 && len(nav.Nodes) < 10 {
			t.Errorf("navigate max_chars %d: truncated %v, %d characters, %d of %d nodes", maxChars, nav.Truncated, size, len(nav.Nodes), nav.TotalNodes)
		}
	}

	res = ss.call(t, "find_symbol", map[string]any{"query": "Widget", "limit": 3})
	var sr treenav.SymbolsResponse
	decode(t, res, &sr)
	if !sr.Truncated || len(sr.Symbols) != 3 || sr.Total != 60 || !strings.Contains(textOf(t, res), "3 of 60 shown") {
		t.Errorf("find_symbol limit: %d of %d, truncated %v", len(sr.Symbols), sr.Total, sr.Truncated)
	}

	res = ss.call(t, "search_documents", map[string]any{"query": "widget", "limit": 100, "max_chars": 2000})
	var se treenav.SearchResponse
	decode(t, res, &se)
	if !se.Truncated || se.NextCursor == "" || len(se.Results) >= 100 || !strings.Contains(textOf(t, res), "max_chars") {
		t.Errorf("search max_chars: %d results, truncated %v, cursor %q", len(se.Results), se.Truncated, se.NextCursor)
	}

	// The defaults keep every answer far below 25k tokens (about 100k
	// characters; JSON runs about 3 characters a token).
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{"get_tree", map[string]any{"doc_id": "widgets/widgets.go"}},
		{"navigate_tree", map[string]any{"node_id": "widgets/widgets.go"}},
		{"search_documents", map[string]any{"query": "widget", "limit": 500}},
		{"find_symbol", map[string]any{"query": "o", "limit": 500}},
		{"list_documents", map[string]any{"limit": 500}},
	} {
		res := ss.call(t, c.tool, c.args)
		b, _ := json.Marshal(res)
		if len(b) > 75000 {
			t.Errorf("%s(%v): %d characters with the default bounds", c.tool, c.args, len(b))
		}
	}
}

// TestWhileIndexing: before and during a build the tools answer from what
// is indexed and say how far indexing is; afterwards they do not.
func TestWhileIndexing(t *testing.T) {
	eng := newEngine(t, fixture, false)
	s := New(eng, Options{})
	ss := newSession(t, connect(t, s))
	res := ss.call(t, "search_documents", map[string]any{"query": "shutdown"})
	if res.IsError || !strings.Contains(textOf(t, res), "indexing: listing files; results may be incomplete") {
		t.Errorf("before indexing: %s", textOf(t, res))
	}
	// The structured result says so too, for clients that read only it.
	var during struct {
		Indexing string `json:"indexing"`
		Results  []any  `json:"results"`
	}
	decode(t, res, &during)
	if during.Indexing != "indexing: listing files; results may be incomplete" || during.Results == nil {
		t.Errorf("before indexing, structuredContent: %+v", during)
	}
	res = ss.call(t, "get_tree", map[string]any{"doc_id": "web/server.go"})
	if !res.IsError || !strings.Contains(textOf(t, res), "may not be indexed yet") {
		t.Errorf("unknown id while indexing: %s", textOf(t, res))
	}
	var st StatusReport
	decode(t, ss.call(t, "index_status", nil), &st)
	if st.State != "empty" || st.Documents != 0 {
		t.Errorf("status before indexing: %+v", st)
	}
	if err := s.Build(); err != nil {
		t.Fatal(err)
	}
	res = ss.call(t, "search_documents", map[string]any{"query": "shutdown"})
	if strings.Contains(textOf(t, res), "indexing") {
		t.Errorf("after indexing: %s", textOf(t, res))
	}
	if b, _ := json.Marshal(res.StructuredContent); strings.Contains(string(b), `"indexing"`) {
		t.Errorf("after indexing, structuredContent: %s", b)
	}
}

// TestSettle: with Options.Settle, a tool call made before the first build
// has finished waits for it and answers in full, while index_status
// answers at once.
func TestSettle(t *testing.T) {
	eng := newEngine(t, fixture, false)
	s := New(eng, Options{Settle: time.Hour})
	ss := newSession(t, connect(t, s))
	// index_status does not wait: were it to, this call would outlive the
	// deadline.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res, err := ss.cs.CallTool(ctx, &sdk.CallToolParams{Name: "index_status"})
	if err != nil {
		t.Fatalf("index_status before the build: %v", err)
	}
	var st StatusReport
	decode(t, res, &st)
	if st.State != "empty" {
		t.Errorf("status before the build: %+v", st)
	}
	built := make(chan error, 1)
	go func() {
		time.Sleep(100 * time.Millisecond) // the search below is already waiting
		built <- s.Build()
	}()
	res = ss.call(t, "search_documents", map[string]any{"query": "shutdown"})
	if err := <-built; err != nil {
		t.Fatal(err)
	}
	if txt := textOf(t, res); strings.Contains(txt, "indexing") || !strings.Contains(txt, "Shutdown") {
		t.Errorf("a call made during the first build answered before it: %s", txt)
	}
}

func TestProgressNote(t *testing.T) {
	for _, tc := range []struct {
		st   engine.Status
		err  string
		want string
	}{
		{engine.Status{State: "ready"}, "", ""},
		{engine.Status{State: "empty"}, "", "indexing: listing files; results may be incomplete"},
		{engine.Status{State: "indexing", FilesDone: 4210, FilesTotal: 15503}, "", "indexing: 4,210/15,503 files; results may be incomplete"},
		{engine.Status{State: "empty"}, "collection x: permission denied", "indexing failed: collection x: permission denied; results may be incomplete"},
	} {
		if got := progressNote(tc.st, tc.err); got != tc.want {
			t.Errorf("progressNote(%+v, %q) = %q, want %q", tc.st, tc.err, got, tc.want)
		}
	}
}

func TestStatsResource(t *testing.T) {
	s := New(newEngine(t, fixture, true), Options{})
	cs := connect(t, s)
	list, err := cs.ListResources(context.Background(), nil)
	if err != nil || len(list.Resources) != 1 || list.Resources[0].URI != StatsURI {
		t.Fatalf("resources: %v %+v", err, list)
	}
	res, err := cs.ReadResource(context.Background(), &sdk.ReadResourceParams{URI: StatsURI})
	if err != nil {
		t.Fatal(err)
	}
	var r StatusReport
	if err := json.Unmarshal([]byte(res.Contents[0].Text), &r); err != nil {
		t.Fatal(err)
	}
	if r.Documents != 3 || r.Nodes == 0 || r.Terms == 0 || r.Languages["go"] != 3 || r.State != "ready" || r.LastBuild.IsZero() || r.Skipped == nil {
		t.Errorf("stats: %+v", r)
	}
}

// TestConcurrentClients runs several clients at once against one server
// while it indexes (run with -race).
func TestConcurrentClients(t *testing.T) {
	dir := t.TempDir()
	for i := range 40 {
		p := filepath.Join(dir, fmt.Sprintf("pkg%02d", i), "svc.go")
		os.MkdirAll(filepath.Dir(p), 0o755)
		src := fmt.Sprintf("package pkg%02d\n\n// Service%02d answers requests.\ntype Service%02d struct{}\n\n// Handle serves one request.\nfunc (s *Service%02d) Handle() error { return nil }\n", i, i, i, i)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	eng, err := engine.NewEngine([]treenav.Collection{{Name: "c", Root: dir}}, engine.EngineOptions{Workers: 2, FlushEvery: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	s := New(eng, Options{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); s.Build() }()
	const clients = 6
	errs := make(chan error, clients)
	for c := range clients {
		ss := newSession(t, connect(t, s))
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 15 {
				calls := []struct {
					tool string
					args map[string]any
				}{
					{"search_documents", map[string]any{"query": "service request"}},
					{"find_symbol", map[string]any{"query": "Handle"}},
					{"list_documents", map[string]any{"limit": 5}},
					{"get_tree", map[string]any{"doc_id": fmt.Sprintf("pkg%02d/svc.go", (c*15+i)%40)}},
					{"get_node_content", map[string]any{"node_ids": []string{fmt.Sprintf("pkg%02d/svc.go#Service%02d.Handle", i, i)}}},
					{"index_status", nil},
				}
				call := calls[(c+i)%len(calls)]
				res, err := ss.cs.CallTool(context.Background(), &sdk.CallToolParams{Name: call.tool, Arguments: call.args})
				if err != nil {
					errs <- fmt.Errorf("client %d: %s: %w", c, call.tool, err)
					return
				}
				// Ids of files not indexed yet may be unknown; anything
				// else must succeed.
				if res.IsError && call.tool != "get_tree" && call.tool != "get_node_content" {
					errs <- fmt.Errorf("client %d: %s: %s", c, call.tool, textOf(t, res))
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	ss := newSession(t, connect(t, s))
	var r treenav.SymbolsResponse
	decode(t, ss.call(t, "find_symbol", map[string]any{"query": "Handle", "limit": 100}), &r)
	if r.Total != 40 {
		t.Errorf("after the build: %d Handle methods, want 40", r.Total)
	}
}

// TestStringList accepts a string or a list wherever the schema says so.
func TestStringList(t *testing.T) {
	for in, want := range map[string][]string{`"go"`: {"go"}, `["go","rust"]`: {"go", "rust"}, `null`: nil, `""`: nil} {
		var l StringList
		if err := json.Unmarshal([]byte(in), &l); err != nil || !reflect.DeepEqual([]string(l), want) {
			t.Errorf("%s: %v %v", in, l, err)
		}
	}
	var l StringList
	if err := json.Unmarshal([]byte(`3`), &l); err == nil {
		t.Error("a number accepted")
	}
}

// TestToolErrorsClipInput: a tool error quotes at most a few hundred
// bytes of an input, whatever its size (a 1 MB id was answered whole).
func TestToolErrorsClipInput(t *testing.T) {
	s := New(newEngine(t, fixture, true), Options{})
	ss := newSession(t, connect(t, s))
	long := strings.Repeat("z", 1<<20)
	for _, tc := range []struct {
		tool string
		args map[string]any
	}{
		{"get_node_content", map[string]any{"node_ids": []string{long}}},
		{"get_node_content", map[string]any{"node_ids": []string{"web/server.go#" + long}}},
		{"navigate_tree", map[string]any{"node_id": long}},
		{"get_tree", map[string]any{"doc_id": long + ".go"}},
		{"search_documents", map[string]any{"query": "x", "cursor": long}},
		{"search_documents", map[string]any{"query": "x", "path": "[" + long}},
		{"search_documents", map[string]any{"query": "x", "filters": map[string]any{"language": long}}},
		{"list_documents", map[string]any{"cursor": long}},
		{"find_symbol", map[string]any{"query": "x", "kind": long}},
	} {
		res := ss.call(t, tc.tool, tc.args)
		text := textOf(t, res)
		if !res.IsError || len(text) > 2000 || !strings.Contains(text, " bytes)") {
			t.Errorf("%s: error %v, %d bytes: %.300s", tc.tool, res.IsError, len(text), text)
		}
	}
}
