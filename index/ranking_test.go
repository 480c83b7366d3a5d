package index

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index/internal/testfiles"
	"github.com/treenav/treenav/parsers"
)

// The fixtures the engine's tests index too (index/internal/testfiles).
const (
	serverGo = testfiles.ServerGo
	tokenGo  = testfiles.TokenGo
	fileGo   = testfiles.FileGo
)

func ids(r *treenav.SearchResponse) []string {
	var out []string
	for _, x := range r.Results {
		out = append(out, x.NodeID)
	}
	return out
}

// wantFirstSymbol checks that find_symbol lists want first for q, among
// at least two symbols (the test is of their order).
func wantFirstSymbol(t *testing.T, ix *Index, q, want string) {
	t.Helper()
	res, err := ix.Symbols(SymbolRequest{Query: q})
	if err != nil || len(res.Symbols) < 2 {
		t.Fatalf("%s: %+v %v", q, res, err)
	}
	if got := res.Symbols[0].NodeID; got != want {
		var all []string
		for _, s := range res.Symbols {
			all = append(all, s.NodeID+" "+string(s.Kind))
		}
		t.Errorf("%s: first %s, want %s; all %v", q, got, want, all)
	}
}

// wantFirst checks that search ranks want first for q.
func wantFirst(t *testing.T, ix *Index, q, want string) {
	t.Helper()
	r, err := ix.Search(SearchRequest{Query: q})
	if err != nil {
		t.Fatal(err)
	}
	if got := ids(r); len(got) == 0 || got[0] != want {
		t.Errorf("search %q: %v, want %s first", q, got, want)
	}
}

// codeInput is a one-node code document whose whole text is code.
func codeInput(id, text string) Input {
	src := []byte(text)
	return Input{Src: src, Doc: &treenav.Document{DocID: id, Path: id, Language: "go",
		Nodes: []treenav.Node{{Parent: -1, Kind: treenav.KindFile, Title: id, LineStart: 1, LineEnd: 1,
			Spans: []treenav.Span{{Start: 0, End: uint32(len(src)), Field: treenav.FieldCode}}}}}}
}

func TestSearchRanksExactBeforePrefix(t *testing.T) {
	ix := newTestIndex(t, map[string]string{"web/server.go": serverGo, "auth/token.go": tokenGo, "files/read.go": fileGo})
	r, err := ix.Search(SearchRequest{Query: "ReadFile"})
	if err != nil {
		t.Fatal(err)
	}
	if got := ids(r); len(got) == 0 || got[0] != "files/read.go#ReadFile" {
		t.Fatalf("ReadFile: got %v, want files/read.go#ReadFile first", got)
	}
	for i, res := range r.Results {
		if res.Score <= 0 {
			t.Errorf("result %d has score %v", i, res.Score)
		}
		if !strings.Contains(strings.ToLower(res.Snippet), "read") {
			t.Errorf("result %s snippet %q has no match", res.NodeID, res.Snippet)
		}
	}
	r, _ = ix.Search(SearchRequest{Query: "graceful shutdown server"})
	if got := ids(r); len(got) == 0 || got[0] != "web/server.go#Server.Shutdown" {
		t.Fatalf("graceful shutdown: got %v", got)
	}
	// Identifier parts: "user token" finds getUserToken.
	r, _ = ix.Search(SearchRequest{Query: "user token"})
	if got := ids(r); len(got) == 0 || got[0] != "auth/token.go#getUserToken" {
		t.Fatalf("user token: got %v", got)
	}
}

func TestPrefixIsBounded(t *testing.T) {
	// Many terms sharing a prefix must not add up: one node with a hundred
	// "tokenN" words scores no more than a node with one exact "token".
	var b strings.Builder
	b.WriteString("package p\n\n// Many has ")
	for i := range 100 {
		fmt.Fprintf(&b, "tokenx%d ", i)
	}
	b.WriteString("\nfunc Many() {}\n\n// Exact returns a token.\nfunc Exact() {}\n")
	ix := newTestIndex(t, map[string]string{"p.go": b.String()})
	r, _ := ix.Search(SearchRequest{Query: "token"})
	if got := ids(r); len(got) < 2 || got[0] != "p.go#Exact" {
		t.Fatalf("got %v, want p.go#Exact first", got)
	}
	if r.Results[1].Score > r.Results[0].Score*ix.Ranking().PrefixPenalty*1.5 {
		t.Errorf("prefix-only node scores %v against exact %v", r.Results[1].Score, r.Results[0].Score)
	}
}

func TestFiltersAndScopes(t *testing.T) {
	ix := newTestIndex(t, map[string]string{"web/server.go": serverGo, "auth/token.go": tokenGo})
	r, _ := ix.Search(SearchRequest{Query: "token server", Filters: map[string][]string{"kind": {"struct"}}})
	for _, x := range r.Results {
		if x.Kind != treenav.KindStruct {
			t.Errorf("kind filter let %s (%s) through", x.NodeID, x.Kind)
		}
	}
	if len(r.Results) != 1 {
		t.Errorf("kind=struct: %v", ids(r))
	}
	r, _ = ix.Search(SearchRequest{Query: "token", DocIDs: []string{"web/server.go"}})
	if len(r.Results) != 0 {
		t.Errorf("doc scope: %v", ids(r))
	}
	r, _ = ix.Search(SearchRequest{Query: "token", PathGlob: "auth/**"})
	if len(r.Results) == 0 {
		t.Error("path glob auth/** found nothing")
	}
	r, _ = ix.Search(SearchRequest{Query: "token", Filters: map[string][]string{"language": {"python"}}})
	if len(r.Results) != 0 {
		t.Errorf("language=python: %v", ids(r))
	}
	if _, err := ix.Search(SearchRequest{Query: "x", PathGlob: "[unclosed"}); err == nil {
		t.Error("bad glob accepted")
	}
}

func TestPhraseAndPaging(t *testing.T) {
	ix := newTestIndex(t, map[string]string{"web/server.go": serverGo, "auth/token.go": tokenGo})
	r, _ := ix.Search(SearchRequest{Query: `"expired token"`})
	if got := ids(r); len(got) != 1 || got[0] != "auth/token.go#RefreshToken" {
		t.Errorf("phrase: %v", got)
	}
	r, _ = ix.Search(SearchRequest{Query: `"token expired"`})
	if len(r.Results) != 0 {
		t.Errorf("reversed phrase matched: %v", ids(r))
	}
	// Stop words and identifier parts take positions in the phrase as in
	// the text: "the bearer token of a user" has stop words inside;
	// "getUserToken returns" spans the identifier's three parts.
	for q, want := range map[string]string{
		`"the bearer token of a user"`: "auth/token.go#getUserToken",
		`"getUserToken returns the"`:   "auth/token.go#getUserToken",
		`"renews an expired token"`:    "auth/token.go#RefreshToken",
	} {
		wantFirst(t, ix, q, want)
	}
	// The stop word's place must be there: "bearer token user" has none.
	r, _ = ix.Search(SearchRequest{Query: `"bearer token user"`})
	if len(r.Results) != 0 {
		t.Errorf("a phrase matched across a missing word: %v", ids(r))
	}
	all, _ := ix.Search(SearchRequest{Query: "token", Limit: 100})
	p1, _ := ix.Search(SearchRequest{Query: "token", Limit: 2})
	if p1.NextCursor != "2" || len(p1.Results) != 2 || p1.Total != all.Total {
		t.Fatalf("page 1: cursor %q, %d results, total %d/%d", p1.NextCursor, len(p1.Results), p1.Total, all.Total)
	}
	p2, _ := ix.Search(SearchRequest{Query: "token", Limit: 2, Offset: 2})
	if len(p2.Results) == 0 || p2.Results[0].NodeID != all.Results[2].NodeID {
		t.Errorf("page 2 starts at %v, want %s", ids(p2), all.Results[2].NodeID)
	}
}

func TestSymbols(t *testing.T) {
	ix := newTestIndex(t, map[string]string{"web/server.go": serverGo, "auth/token.go": tokenGo, "files/read.go": fileGo,
		"web/server_test.go": "package web\n\nfunc (s *Server) shutdown() {}\n"})
	names := func(r *treenav.SymbolsResponse) []string {
		var out []string
		for _, s := range r.Symbols {
			out = append(out, s.QualifiedName)
		}
		return out
	}
	for _, tc := range []struct {
		req  SymbolRequest
		want string // first results, comma-separated
	}{
		{SymbolRequest{Query: "Shutdown"}, "Server.Shutdown,Server.shutdown"},
		{SymbolRequest{Query: "Server.Shutdown"}, "Server.Shutdown"},
		{SymbolRequest{Query: "ReadFile"}, "ReadFile,ReadFileFS,ReadFileToken"},
		{SymbolRequest{Query: "gUT"}, "getUserToken"},
		{SymbolRequest{Query: "Server", Kinds: []string{"method"}}, ""},
		{SymbolRequest{Query: "Read", Kinds: []string{"function"}, PathGlob: "auth/*"}, "ReadFileToken"},
		{SymbolRequest{Query: "listenand"}, "Server.ListenAndServe"},
	} {
		r, err := ix.Symbols(tc.req)
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Join(names(r), ",")
		if !strings.HasPrefix(got, tc.want) || tc.want == "" && got != "" {
			t.Errorf("Symbols(%+v) = %s, want %s first", tc.req, got, tc.want)
		}
	}
	if _, err := ix.Symbols(SymbolRequest{}); err == nil {
		t.Error("empty query accepted")
	}
}

func TestTreeNodesNavigate(t *testing.T) {
	ix := newTestIndex(t, map[string]string{"web/server.go": serverGo})
	tr, err := ix.Tree(TreeRequest{DocID: "web/server.go"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, n := range tr.Nodes {
		got = append(got, n.NodeID+"<"+n.ParentID)
	}
	want := "web/server.go<,web/server.go#Server<web/server.go,web/server.go#Server.Addr<web/server.go#Server,web/server.go#Server.Shutdown<web/server.go#Server,web/server.go#Server.Close<web/server.go#Server,web/server.go#Server.ListenAndServe<web/server.go#Server"
	if strings.Join(got, ",") != want {
		t.Errorf("tree:\n%s\nwant\n%s", strings.Join(got, ","), want)
	}
	nr, err := ix.Nodes(NodesRequest{IDs: []string{"Server.Shutdown", "web/server.go#Server"}})
	if err != nil {
		t.Fatal(err)
	}
	if c := nr.Nodes[0].Content; !strings.HasPrefix(c, "// Shutdown gracefully") || !strings.HasSuffix(c, "{ return nil }") {
		t.Errorf("method content: %q", c)
	}
	// The text starts with the doc comment, two lines above the
	// declaration's line, and says so.
	if n := nr.Nodes[0]; n.LineStart != 10 || n.ContentLine != 8 {
		t.Errorf("method lines: line_start %d content_line %d, want 10 and 8", n.LineStart, n.ContentLine)
	}
	if n := nr.Nodes[1]; n.ContentLine != 0 && n.ContentLine >= n.LineStart {
		t.Errorf("struct content_line %d with line_start %d: set only when the text starts above", n.ContentLine, n.LineStart)
	}
	// A one-line field is shown as written: its marker would be longer.
	if c := nr.Nodes[1].Content; strings.Contains(c, "… field \"Addr\"") || !strings.Contains(c, "\tAddr string") {
		t.Errorf("struct own content should show its short field as written: %q", c)
	}
	nav, err := ix.Navigate(NavigateRequest{ID: "web/server.go#Server"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(nav.Content, "Addr string") || !strings.Contains(nav.Content, "func (s *Server) Close()") {
		t.Errorf("navigate must include fields and attached methods: %q", nav.Content)
	}
	if len(nav.Nodes) != 4 {
		t.Errorf("navigate outline: %d nodes, want 4", len(nav.Nodes))
	}
	_, err = ix.Nodes(NodesRequest{IDs: []string{"web/server.go#Server.Shutdwn"}})
	var nf *NotFoundError
	if !errors.As(err, &nf) || len(nf.Closest) == 0 || nf.Closest[0] != "web/server.go#Server.Shutdown" {
		t.Errorf("unknown id: %v", err)
	}
	_, err = ix.Tree(TreeRequest{DocID: "web/servr.go"})
	if !errors.As(err, &nf) || len(nf.Closest) == 0 || nf.Closest[0] != "web/server.go" {
		t.Errorf("unknown doc: %v", err)
	}
}

func TestApplyManySmallUpdatesMerges(t *testing.T) {
	ix := New()
	tag := func(i int) string { return fmt.Sprintf("tag%c%c", 'a'+i%26, 'a'+i/26) }
	for i := range 40 {
		ix.Apply([]Input{codeInput(fmt.Sprintf("d%d.go", i%10), tag(i)+" alpha")}, nil)
	}
	v := ix.view()
	if len(v.segs) > maxSegments {
		t.Errorf("%d segments after 40 updates, want at most %d", len(v.segs), maxSegments)
	}
	if st := ix.Stats(); st.Documents != 10 {
		t.Errorf("documents = %d, want 10", st.Documents)
	}
	r, _ := ix.Search(SearchRequest{Query: "alpha", Limit: 100})
	if r.Total != 10 {
		t.Errorf("alpha matches %d nodes, want 10 (one per live doc)", r.Total)
	}
	r, _ = ix.Search(SearchRequest{Query: tag(5)})
	if r.Total != 0 {
		t.Errorf("replaced content still found: %v", ids(r))
	}
	r, _ = ix.Search(SearchRequest{Query: tag(35)})
	if r.Total != 1 {
		t.Errorf("%s matches %d, want 1", tag(35), r.Total)
	}
}

// TestBuildBatches checks that batching parsed documents before indexing
// them (addBatch) loses and changes nothing: full batches, the batch a
// worker holds when it runs out of files, and the batch added before a
// partial segment is published.
func TestBuildBatches(t *testing.T) {
	var ins []Input
	for i := range 60 {
		rel := fmt.Sprintf("pkg%d/f.go", i)
		src := []byte(fmt.Sprintf("package p\n\n// Func%d is number %d.\nfunc Func%d() {}\n", i, i, i))
		doc, err := parsers.Parse(rel, rel, src)
		if err != nil {
			t.Fatal(err)
		}
		ins = append(ins, Input{Doc: doc, Src: src})
	}
	build := func(batch int, flush time.Duration) []string {
		saved := addBatchBytes
		addBatchBytes = batch
		defer func() { addBatchBytes = saved }()
		ix := New()
		b := ix.NewBuild(2, 0, flush)
		for i, in := range ins {
			b.Add(i%2, in)
		}
		b.Done(0)
		b.Done(1)
		b.Install(nil)
		if st := ix.Stats(); st.Documents != 60 {
			t.Errorf("batch %d, flush %v: %d documents, want 60", batch, flush, st.Documents)
		}
		var got []string
		for i := range 60 {
			name := fmt.Sprintf("Func%d", i)
			r, err := ix.Symbols(SymbolRequest{Query: name})
			if err != nil || len(r.Symbols) == 0 || r.Symbols[0].Name != name {
				t.Fatalf("batch %d: %s: %v, first of %d results not it", batch, name, err, len(r.Symbols))
			}
			got = append(got, r.Symbols[0].NodeID)
		}
		r, err := ix.Search(SearchRequest{Query: "number", Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		return append(got, fmt.Sprint(len(r.Results)))
	}
	want := build(1<<30, 0) // one batch per worker, added when it runs out of files
	for _, c := range []struct {
		batch int
		flush time.Duration
	}{{1, 0}, {200, 0}, {200, time.Nanosecond}} {
		if got := build(c.batch, c.flush); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("batch %d, flush %v: %v, want %v", c.batch, c.flush, got, want)
		}
	}
}

func TestTopCandidatesMatchesFullSort(t *testing.T) {
	ix := newTestIndex(t, map[string]string{"web/server.go": serverGo, "auth/token.go": tokenGo, "files/read.go": fileGo})
	v := ix.view()
	var cands []candidate
	for i := range 200 {
		// Many ties, to exercise the tie order too.
		cands = append(cands, candidate{ref: nodeRef{0, uint32(i % len(v.segs[0].nodes))}, score: float64((i * 7919) % 23)})
	}
	for _, m := range []int{1, 5, 50, 199, 200, 500} {
		a := append([]candidate(nil), cands...)
		b := append([]candidate(nil), cands...)
		sortCandidates(v, a)
		topCandidates(v, b, m)
		for i := 0; i < min(m, len(a)); i++ {
			if a[i] != b[i] {
				t.Fatalf("m=%d: position %d differs: %+v vs %+v", m, i, a[i], b[i])
			}
		}
	}
}

// TestSearchDemotesTestAndInternalCode: of equal definitions, the public
// one ranks first, then internal and vendored copies and the test file's;
// with both weights at 1 the order is plain BM25 again, where the shorter
// internal and test files win.
func TestSearchDemotesTestAndInternalCode(t *testing.T) {
	const long = "package files\n\n// ReadFile reads the named file and returns its contents, all of them.\nfunc ReadFile(name string) ([]byte, error) { return nil, nil }\n"
	const short = "package files\n\n// ReadFile reads a file.\nfunc ReadFile(name string) ([]byte, error) { return nil, nil }\n"
	ix := newTestIndex(t, map[string]string{
		"files/read.go":              long,
		"lib/internal/files/read.go": short,
		"third_party/files/rf.go":    short,
		"files/read_test.go":         short,
		"files/internalread/read.go": long, // "internalread" is no internal directory
	})
	rank := func() map[string]int {
		r, err := ix.Search(SearchRequest{Query: "ReadFile"})
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]int{}
		for i, id := range ids(r) {
			if f, ok := strings.CutSuffix(id, "#ReadFile"); ok {
				out[f] = i + 1
			}
		}
		return out
	}
	got := rank()
	for _, demoted := range []string{"lib/internal/files/read.go", "third_party/files/rf.go", "files/read_test.go"} {
		for _, public := range []string{"files/read.go", "files/internalread/read.go"} {
			if got[demoted] == 0 || got[public] == 0 || got[demoted] < got[public] {
				t.Errorf("%s at rank %d, want below %s (rank %d): %v", demoted, got[demoted], public, got[public], got)
			}
		}
	}
	r := ix.Ranking()
	r.TestWeight, r.InternalWeight = 1, 1
	ix.SetRanking(r)
	got = rank()
	if got["lib/internal/files/read.go"] > got["files/read.go"] || got["files/read_test.go"] > got["files/read.go"] {
		t.Errorf("with test_weight = internal_weight = 1, the shorter files should win on BM25: %v", got)
	}
}

// A query in lowercase says no case: "sleep" is time.Sleep as much as
// runtime's private sleep, and then the public one comes first. A query
// with a capital asks for that case.
func TestLowercaseQueryTakesAnyCase(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"time/sleep.go":    "package time\n\n// Sleep pauses the current goroutine for at least the duration d.\nfunc Sleep(d Duration)\n",
		"runtime/stub.go":  "package runtime\n\n// sleep is linked to time.Sleep.\nfunc sleep(ns int64)\n",
		"runtime/trace.go": "package runtime\n\ntype wakeableSleep struct{}\n\n// sleep sleeps for the duration or until wake is called.\nfunc (s *wakeableSleep) sleep(ns int64) {}\n",
	})
	wantFirst(t, ix, "sleep", "time/sleep.go#Sleep")
	r, _ := ix.Search(SearchRequest{Query: "Sleep"})
	if got := ids(r); len(got) == 0 || got[0] != "time/sleep.go#Sleep" {
		t.Errorf("Sleep: %v", got)
	}
}

// A capitalized stop word after a lowercase word is a name said as code
// says it ("errors Is" for errors.Is); in a title every word is
// capitalized, and "And" stays a stop word.
func TestCapitalStopWordAfterLowerIsAName(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"errors/wrap.go":         "package errors\n\n// Is reports whether any error in err's tree matches target.\nfunc Is(err, target error) bool { return false }\n\n// As finds the first error in err's tree that matches target.\nfunc As(err error, target any) bool { return false }\n",
		"syscall/errno.go":       "package syscall\n\ntype Errno int\n\nfunc (e Errno) Error() string { return \"errno\" }\n",
		"regexp/syntax/parse.go": "package syntax\n\n// An ErrorCode describes a failure to parse a regular expression.\ntype ErrorCode string\n",
		"docs/cluster.md":        "# Cluster\n\n## Heartbeats and Failure Detection\n\nNodes send heartbeats; a missed one marks a failure.\n\n## Is a node failed\n\nAnd is it healthy: heartbeats and failure.\n",
	})
	// Named by the query, errors.Is stands well above the text that only
	// mentions errors.
	r, _ := ix.Search(SearchRequest{Query: "errors Is"})
	if got := ids(r); len(got) < 2 || got[0] != "errors/wrap.go#Is" || r.Results[0].Score < 2*r.Results[1].Score {
		t.Errorf("errors Is: %v, scores %v", got, r.Results)
	}
	wantFirst(t, ix, "Heartbeats And Failure Detection", "docs/cluster.md#cluster/heartbeats-and-failure-detection")
}

func TestIsInternalPath(t *testing.T) {
	for p, want := range map[string]bool{
		"internal/poll/fd.go": true, "cmd/go/internal/load/pkg.go": true,
		"src/pip/_internal/cli/main.py": true, "vendor/golang.org/x/net/http2.go": true,
		"third_party/zlib/inflate.c": true, "Internal/X.java": true,
		"pip/_vendor/urllib3/request.py": true, "lib/python3.11/site-packages/six.py": true,
		"re/_compiler.py": true, "_private/x.go": true,
		"re/__init__.py": false, "pkg/__main__.py": false, "a/_": false, "x/a_b.py": false,
		"internal.go": false, "os/internal.go": false, "xinternal/a.go": false,
		"pkg/vendors/a.go": false, "": false,
	} {
		if got := isInternalPath(p); got != want {
			t.Errorf("isInternalPath(%q) = %v, want %v", p, got, want)
		}
	}
}

// TestDeprecatedSymbolsRankLast: a deprecated definition ranks below a
// live one in search and in find_symbol's tier, though BM25 prefers it.
func TestDeprecatedSymbolsRankLast(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"a/ioutil.go":   "package a\n\n// ReadFile reads.\n//\n// Deprecated: use b.ReadFile.\nfunc ReadFile(name string) ([]byte, error) { return nil, nil }\n",
		"b/os.go":       "package b\n\n// ReadFile reads the named file and returns its contents, all of them, or an error.\nfunc ReadFile(name string) ([]byte, error) { return nil, nil }\n",
		"c/Applet.java": "/** An applet. */\n@Deprecated(since = \"9\")\npublic class Applet {\n    public void stop() {}\n}\n",
		"c/Timer.java":  "public class Timer {\n    /** Stops the timer, sending no more events to its listeners. */\n    public void stop() {}\n}\n",
	})
	first := func() string {
		r, err := ix.Search(SearchRequest{Query: "ReadFile"})
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Results) == 0 {
			t.Fatal("no results")
		}
		return r.Results[0].NodeID
	}
	if got := first(); got != "b/os.go#ReadFile" {
		t.Errorf("search ReadFile: %s first, want b/os.go#ReadFile", got)
	}
	syms, err := ix.Symbols(SymbolRequest{Query: "ReadFile"})
	if err != nil || len(syms.Symbols) != 2 || syms.Symbols[0].Path != "b/os.go" {
		t.Errorf("symbols ReadFile: %+v, %v; want b/os.go first", syms, err)
	}
	// Outlines mark deprecated symbols too.
	for doc, want := range map[string]bool{"c/Applet.java": true, "c/Timer.java": false} {
		tr, err := ix.Tree(TreeRequest{DocID: doc})
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range tr.Nodes {
			if n.Title == "stop" && n.Deprecated != want {
				t.Errorf("tree %s: stop deprecated = %v, want %v", doc, n.Deprecated, want)
			}
		}
	}
	// A deprecated class's methods are deprecated with it.
	syms, err = ix.Symbols(SymbolRequest{Query: "stop"})
	if err != nil || len(syms.Symbols) != 2 || syms.Symbols[0].QualifiedName != "Timer.stop" || !syms.Symbols[1].Deprecated {
		t.Errorf("symbols stop: %+v, %v; want Timer.stop, then the deprecated Applet.stop", syms, err)
	}
	r := ix.Ranking()
	r.DeprecatedWeight = 1
	ix.SetRanking(r)
	if got := first(); got != "a/ioutil.go#ReadFile" {
		t.Errorf("with deprecated_weight = 1, BM25 should prefer the shorter a/ioutil.go#ReadFile, got %s", got)
	}
}

// TestApplyDuplicatesAndRemovals: of two copies of a document in one
// batch the later is live; a removal takes a document from whichever
// segment holds it; lookups, listings and counts agree after merges.
func TestApplyDuplicatesAndRemovals(t *testing.T) {
	ix := New()
	in := codeInput
	count := func(q string) int {
		r, err := ix.Search(SearchRequest{Query: q, Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		return r.Total
	}
	ix.Apply([]Input{in("a.go", "first"), in("b.go", "bravo"), in("a.go", "second")}, nil)
	if got := count("first"); got != 0 {
		t.Errorf("the earlier copy of a.go in the batch is found %d times", got)
	}
	if got := count("second"); got != 1 {
		t.Errorf("the later copy of a.go is found %d times, want 1", got)
	}
	for i := range 20 { // enough segments to merge
		ix.Apply([]Input{in(fmt.Sprintf("c%d.go", i%3), fmt.Sprintf("charlie v%d", i))}, nil)
	}
	ix.Apply(nil, []string{"b.go", "c1.go", "missing.go"})
	v := ix.view()
	if got, want := strings.Join(v.docIDs(), ","), "a.go,c0.go,c2.go"; got != want {
		t.Errorf("live documents %s, want %s", got, want)
	}
	if st := ix.Stats(); st.Documents != 3 {
		t.Errorf("documents = %d, want 3", st.Documents)
	}
	if _, _, ok := v.doc("b.go"); ok {
		t.Error("removed b.go is still found by id")
	}
	if _, d, ok := v.doc("c2.go"); !ok || d.DocID != "c2.go" {
		t.Errorf("c2.go by id: %v %v", d, ok)
	}
	if got := count("charlie"); got != 2 {
		t.Errorf("charlie matches %d documents, want 2", got)
	}
	if got := count("bravo"); got != 0 {
		t.Errorf("removed b.go is still searched: %d", got)
	}
}

// TestModuleQualifiedNames: "json.Marshal", "http.Server.Shutdown" and
// "os.path.join" name a symbol by its module, as code calls it; search
// ranks it first and find_symbol lists it in the qualified tier.
func TestModuleQualifiedNames(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"encoding/json/encode.go": "package json\n\n// Marshal returns the JSON encoding of v.\nfunc Marshal(v any) ([]byte, error) { return nil, nil }\n\n// Marshaler is implemented by types that marshal themselves into JSON.\ntype Marshaler interface{ MarshalJSON() ([]byte, error) }\n",
		"encoding/xml/marshal.go": "package xml\n\n// Marshal returns the XML encoding of v, marshal marshal.\nfunc Marshal(v any) ([]byte, error) { return nil, nil }\n",
		"net/http/server.go":      serverGo,
		"os/path.py":              "def join(a, *p):\n    \"\"\"Join two or more pathname components.\"\"\"\n    return a\n",
		"os/other.py":             "def join(a, b):\n    \"\"\"Join a and b, join them well.\"\"\"\n    return a\n",
	})
	for q, want := range map[string]string{
		"json.Marshal":         "encoding/json/encode.go#Marshal",
		"xml.Marshal":          "encoding/xml/marshal.go#Marshal",
		"http.Server.Shutdown": "net/http/server.go#Server.Shutdown",
		"os.path.join":         "os/path.py#join",
		"path.join":            "os/path.py#join",
	} {
		wantFirst(t, ix, q, want)
		s, err := ix.Symbols(SymbolRequest{Query: q})
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Symbols) == 0 || s.Symbols[0].NodeID != want {
			t.Errorf("symbols %q: %+v, want %s first", q, s.Symbols, want)
		}
	}
}

// TestDottedNameElsewhere: a dotted query names a symbol whose path does
// not show its qualifier ("os.path.join" is posixpath.join: os.path is an
// alias), ahead of code that only calls it; and a Go file's stem is no
// module ("slog.Logger.With" is the method, not the function With of
// log/slog/logger.go).
func TestDottedNameElsewhere(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"posixpath.py":       "def join(a, *p):\n    \"\"\"Join two or more pathname components.\"\"\"\n    return a\n",
		"mailbox.py":         "class Maildir:\n    def remove_folder(self, folder):\n        \"\"\"Delete the named folder.\"\"\"\n        path = os.path.join(self._path, '.' + folder)\n        os.rmdir(path)\n",
		"log/slog/logger.go": "package slog\n\n// A Logger records structured information.\ntype Logger struct{}\n\n// With returns a Logger that includes the given attributes.\nfunc (l *Logger) With(args ...any) *Logger { return l }\n\n// With calls [Logger.With] on the default Logger: Logger.With, Logger.With.\nfunc With(args ...any) *Logger { return Default().With(args...) }\n",
	})
	wantFirst(t, ix, "os.path.join", "posixpath.py#join")
	if nameMatch(testNode(nodeStrings{kind: treenav.KindMethod, name: "json", qualified: "Response.json"}), "models.py", "python", "", "package.json", "package.json", "packagejson", "package json") != 0 {
		t.Error(`"package.json" named a method json: it names a file`)
	}
	wantFirst(t, ix, "slog.Logger.With", "log/slog/logger.go#Logger.With")
}

// TestAllowedWithoutFilter: with no filter, the allowed documents are the
// live ones, whatever the segment's size modulo 64.
func TestAllowedWithoutFilter(t *testing.T) {
	ix := New()
	var add []Input
	for i := range 130 {
		add = append(add, codeInput(fmt.Sprintf("d%03d.go", i), fmt.Sprintf("doc%d alpha", i)))
	}
	ix.Apply(add, nil)
	ix.Apply(nil, []string{"d000.go", "d063.go", "d064.go", "d129.go", "d100.go"})
	v := ix.view()
	f, err := v.compileFilter(SearchRequest{})
	if err != nil {
		t.Fatal(err)
	}
	for si, s := range v.segs {
		got := f.allowed(v, si)
		for di := range s.docs {
			if want := v.live(si, uint32(di)); got.has(uint32(di)) != want {
				t.Errorf("segment %d doc %d (%s): allowed %v, live %v", si, di, s.docs[di].DocID, got.has(uint32(di)), want)
			}
		}
		if n := len(s.docs); got.has(uint32(n)) || got.has(uint32(len(got)*64-1)) {
			t.Errorf("segment %d: bits past its %d documents are set", si, n)
		}
	}
	r, _ := ix.Search(SearchRequest{Query: "alpha", Limit: 200})
	if r.Total != 125 {
		t.Errorf("alpha matches %d documents, want 125", r.Total)
	}
}

// TestFileNameQueries: a query that names a file ("server.go",
// "http/server.go") ranks the file's node first, ahead of the symbols in
// it that share its words.
func TestFileNameQueries(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"net/http/server.go": serverGo,
		"net/rpc/server.go":  "package rpc\n\n// Server is an RPC server.\ntype Server struct{}\n",
		"docs/README.md":     "# Server guide\n\nHow to run the server.\n",
	})
	for q, want := range map[string]string{
		"http/server.go":     "net/http/server.go",
		"net/http/server.go": "net/http/server.go",
		"rpc/server.go":      "net/rpc/server.go",
		"README.md":          "docs/README.md",
		"readme.md":          "docs/README.md",
	} {
		wantFirst(t, ix, q, want)
	}
	r, _ := ix.Search(SearchRequest{Query: "server.go", Limit: 2})
	for _, id := range ids(r) {
		if id != "net/http/server.go" && id != "net/rpc/server.go" {
			t.Errorf("search server.go: %v, want the two server.go files first", ids(r))
		}
	}
	if fileNamed("net/http/server.go", "erver.go") != 0 || fileNamed("net/http/server.go", "server") != 0 {
		t.Error("a part of a name, or a word without a dot or slash, named a file")
	}
}

// TestQualifiedNameQueries: a query written as a qualified name, whole or
// its end, with C++'s "::" ("std::vector::push_back",
// "vector::push_back"), ranks that symbol first, ahead of symbols whose
// text only mentions its parts.
func TestQualifiedNameQueries(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"include/vector.h": "namespace std {\ntemplate <class T> class vector {\npublic:\n  void push_back(const T& x);\n};\n}\n",
		"include/mini.h":   "// mini_vector is a small vector: push_back, push_back, vector, vector, std.\nclass mini_vector {\n  void add(int x) { push_back(x); }\n  void push_back(int x);\n};\n",
	})
	for _, q := range []string{"std::vector::push_back", "vector::push_back", "std.vector.push_back"} {
		wantFirst(t, ix, q, "include/vector.h#std.vector.push_back")
	}
}

// TestTypeAndMethodWords: "Path read_text" and "vector push_back" name
// Path.read_text and std.vector.push_back by the end of their qualified
// names, ahead of nodes that only mention the words.
func TestTypeAndMethodWords(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"lib/pathlib.py":   "class Path:\n    def read_text(self):\n        \"\"\"Return the decoded contents of the file." + strings.Repeat(" The file is opened, decoded and closed.", 20) + "\"\"\"\n        return ''\n",
		"lib/notes.py":     "def path_read_text_of():\n    \"\"\"Path read_text, path read text.\"\"\"\n    return 1\n",
		"include/vector.h": "namespace std {\ntemplate <class T> class vector {\npublic:\n  // Appends x." + strings.Repeat(" It may reallocate the storage.", 20) + "\n  void push_back(const T& x);\n};\n}\n",
		"include/mini.h":   "class mini {\n  // vector push_back\n  void vector_push_back_all(int x);\n};\n",
	})
	for q, want := range map[string]string{
		"Path read_text":   "lib/pathlib.py#Path.read_text",
		"path read text":   "lib/pathlib.py#Path.read_text",
		"vector push_back": "include/vector.h#std.vector.push_back",
	} {
		wantFirst(t, ix, q, want)
	}
}
