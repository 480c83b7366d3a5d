package index

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/treenav/treenav"
)

var refsTree = map[string]string{
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

// refsOf lists an answer's references as "path:line conf".
func refsOf(r *treenav.ReferencesResponse) []string {
	var out []string
	for _, h := range r.References {
		out = append(out, fmt.Sprintf("%s:%d %s", h.Path, h.Line, h.Confidence))
	}
	return out
}

func TestReferencesGo(t *testing.T) {
	ix0 := newTestIndex(t, refsTree)
	for _, ix := range []*Index{ix0, reloaded(t, ix0)} {
		r, err := ix.References(ReferencesRequest{Target: "a.Server.Shutdown"})
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Join(refsOf(r), "\n")
		want := strings.Join([]string{
			"a/a.go:3 textual",
			"b/b.go:12 resolved",  // s := a.NewServer(): the declared result
			"b/b.go:14 resolved",  // var t alias.Server
			"b/b.go:15 resolved",  // a package-level var's initializer
			"b/b.go:17 ambiguous", // a method of an interface's result: unknown
		}, "\n")
		if got != want {
			t.Errorf("references:\n%s\nwant:\n%s", got, want)
		}
		if r.Counts != (treenav.RefCounts{Resolved: 3, Ambiguous: 1, Textual: 1}) || r.Total != 5 {
			t.Errorf("counts %+v total %d", r.Counts, r.Total)
		}
		if r.Symbol.NodeID != "a/a.go#Server.Shutdown" {
			t.Errorf("symbol %+v", r.Symbol)
		}
		// The interface method is called once, through c.
		r, err = ix.References(ReferencesRequest{Target: "a/a.go#Closer.Shutdown"})
		if err != nil {
			t.Fatal(err)
		}
		if got := refsOf(r); len(got) != 2 || got[0] != "b/b.go:16 resolved" || got[1] != "b/b.go:17 ambiguous" {
			t.Errorf("Closer.Shutdown: %v", got)
		}
	}
}

func TestReferencesTargetsAndPages(t *testing.T) {
	ix := newTestIndex(t, refsTree)
	_, err := ix.References(ReferencesRequest{Target: "Shutdown"})
	var amb *AmbiguousTargetError
	if !errors.As(err, &amb) || len(amb.Candidates) != 3 {
		t.Fatalf("a name of three definitions: %v", err)
	}
	for _, target := range []string{"a/a.go:7", "a/a.go:7:18", "example.com/p/a.Server.Shutdown", "Server.Shutdown"} {
		r, err := ix.References(ReferencesRequest{Target: target})
		if err != nil || r.Symbol.NodeID != "a/a.go#Server.Shutdown" {
			t.Errorf("%s: %v %+v", target, err, r)
		}
	}
	if _, err := ix.References(ReferencesRequest{Target: "Shutdownn"}); err == nil || !strings.Contains(err.Error(), "Shutdown") {
		t.Errorf("a misspelt target should name the closest: %v", err)
	}
	// Pages of one: the counts stay complete; the pages join to the whole.
	var all []string
	cursor := ""
	for range 10 {
		r, err := ix.References(ReferencesRequest{Target: "a.Server.Shutdown", Limit: 1, Cursor: cursor})
		if err != nil {
			t.Fatal(err)
		}
		if r.Total != 5 || r.Counts.Resolved != 3 {
			t.Fatalf("page counts %+v", r.Counts)
		}
		all = append(all, refsOf(r)...)
		if cursor = r.NextCursor; cursor == "" {
			break
		}
	}
	if len(all) != 5 {
		t.Errorf("pages: %v", all)
	}
	r, err := ix.References(ReferencesRequest{Target: "a.Server.Shutdown", Include: []string{"resolved"}})
	if err != nil || r.Total != 3 || r.Counts.Textual != 0 {
		t.Errorf("include resolved: %v %+v", err, r)
	}
	if _, err := ix.References(ReferencesRequest{Target: "a.Server.Shutdown", Kinds: []string{"calls"}}); err == nil {
		t.Error("an unknown kind should be refused")
	}
}

// Markdown mentions: qualified enough resolves, a bare name is textual.
func TestReferencesMarkdown(t *testing.T) {
	files := map[string]string{"README.md": "# Use\n\nStop it with `Server.Shutdown` (or `a.Server.Shutdown()`).\n\n## Other\n\n`Shutdown` is also on Other.\n"}
	for k, v := range refsTree {
		files[k] = v
	}
	ix := newTestIndex(t, files)
	r, err := ix.References(ReferencesRequest{Target: "a.Server.Shutdown", Kinds: []string{"doc"}, PathGlob: "*.md"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, h := range r.References {
		got = append(got, fmt.Sprintf("%d:%d %s %s", h.Line, h.Column, h.Confidence, h.EnclosingID))
	}
	want := "3:22 resolved README.md#use 3:46 resolved README.md#use 7:2 textual README.md#use/other"
	if g := strings.Join(got, " "); g != want {
		t.Errorf("got  %s\nwant %s", g, want)
	}
}

func TestGoHostFile(t *testing.T) {
	for name, want := range map[string]bool{
		"os/file.go": true, "os/file_windows.go": runtime.GOOS == "windows", "os/file_plan9.go": false,
		"os/file_" + runtime.GOOS + ".go": true, "os/zsys_" + runtime.GOOS + "_" + runtime.GOARCH + ".go": true,
		"os/stat_windows_test.go": runtime.GOOS == "windows", "os/file_posix.go": true,
	} {
		if got := goHostFile(name); got != want {
			t.Errorf("%s: %v", name, got)
		}
	}
}

// A target that names a public definition and an internal one (Go's
// sync and internal/sync) is the public one, as find_symbol lists it
// first; two public ones stay ambiguous.
func TestReferencesTargetPrefersPublic(t *testing.T) {
	src := "package sync\n\ntype Mutex struct{}\n\nfunc (m *Mutex) Lock() {}\n"
	ix := newTestIndex(t, map[string]string{
		"go.mod":                 "module example.com/p\n",
		"sync/mutex.go":          src,
		"internal/sync/mutex.go": src,
	})
	for _, target := range []string{"sync.Mutex.Lock", "Mutex.Lock"} {
		r, err := ix.References(ReferencesRequest{Target: target})
		if err != nil || r.Symbol.NodeID != "sync/mutex.go#Mutex.Lock" {
			t.Errorf("%s: %v %+v", target, err, r)
		}
	}
	ix = newTestIndex(t, map[string]string{"go.mod": "module example.com/p\n", "a/mutex.go": src, "b/mutex.go": src})
	var amb *AmbiguousTargetError
	if _, err := ix.References(ReferencesRequest{Target: "Mutex.Lock"}); !errors.As(err, &amb) || len(amb.Candidates) != 2 {
		t.Errorf("two public definitions: %v", err)
	}
}
