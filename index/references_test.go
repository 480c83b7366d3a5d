package index

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index/internal/testfiles"
)

var refsTree = testfiles.RefsTree()

// refsOf lists an answer's references as "path:line conf".
var refsOf = testfiles.RefsOf

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
	// A line no definition holds, and one past the file's end: not
	// found, saying why, with the definitions nearest to the line.
	for _, tc := range []struct {
		target, why string
		closest     []string
	}{
		{"a/a.go:5", "no definition starts at or holds line 5", []string{"a/a.go#Server", "a/a.go#Server.Name", "a/a.go#Server.Shutdown"}},
		{"a/a.go:999", "past the end of the file, which has 15 lines", []string{"a/a.go#Other.Shutdown", "a/a.go#Other"}},
	} {
		_, err := ix.References(ReferencesRequest{Target: tc.target})
		var nf *NotFoundError
		if !errors.As(err, &nf) || nf.ID != tc.target || nf.Why != tc.why || len(nf.Closest) < len(tc.closest) || !slices.Equal(nf.Closest[:len(tc.closest)], tc.closest) {
			t.Errorf("%s: %v (%+v), want why %q and closest %v first", tc.target, err, nf, tc.why, tc.closest)
		}
	}
	// A directory asked for as a document: the id as asked, and why.
	_, err = ix.Tree(TreeRequest{DocID: "a/"})
	if nf, ok := errors.AsType[*NotFoundError](err); !ok || nf.ID != "a/" || !strings.Contains(nf.Why, "a directory") ||
		!strings.Contains(err.Error(), `"a/" (a directory: its files are the documents)`) {
		t.Errorf("a directory as a document: %v", err)
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

// A name defined once per build configuration in files told apart by
// //go:build lines (not by their names): the definition the host builds
// is the resolved one, the other stays a candidate.
func TestReferencesGoBuildConstraint(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"go.mod":      "module example.com/p\n",
		"a/on.go":     "//go:build !treenavoff\n\npackage a\n\ntype file struct{ pfd int }\n\nfunc Open() *file { return nil }\n",
		"a/off.go":    "//go:build treenavoff\n\npackage a\n\ntype file struct{ pfd int }\n\nfunc Open() *file { return nil }\n",
		"a/legacy.go": "// +build ignore\n\npackage a\n\nfunc Legacy() {}\n",
		"b/b.go":      "package b\n\nimport \"example.com/p/a\"\n\nfunc Use() { a.Open() }\n",
		"a/use.go":    "package a\n\nfunc use(f *file) int { return f.pfd }\n",
	})
	checkRefs(t, ix, map[string]string{
		"a/on.go#Open":      "b/b.go:5 resolved",
		"a/off.go#Open":     "b/b.go:5 ambiguous",
		"a/on.go#file.pfd":  "a/use.go:3 resolved",
		"a/off.go#file.pfd": "a/use.go:3 ambiguous",
	})
	for name, want := range map[string]bool{
		"a/on.go": true, "a/off.go": false, "a/legacy.go": false, "a/x_plan9.go": false,
	} {
		src := "package a\n"
		if name == "a/off.go" {
			src = "//go:build treenavoff\n\n" + src
		}
		if name == "a/legacy.go" {
			src = "// +build ignore\n\n" + src
		}
		if got := goMatchSource(name, []byte(src)); got != want {
			t.Errorf("goMatchSource(%s) = %v", name, got)
		}
	}
}

// A two-variable range's value has the element type of the slice, array,
// map or channel declared for what it ranges over.
func TestReferencesGoRange(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"go.mod": "module example.com/p\n",
		"ssa/ssa.go": `package ssa

type Func struct{ Blocks []*Block; ByID map[int]*Value }

type Block struct{ Values [4]Value }

type Value struct{ Pos int }

type Other struct{ Pos int }

func All() []*Value { return nil }
`,
		"use/use.go": `package use

import "example.com/p/ssa"

func F(f *ssa.Func) {
	for _, b := range f.Blocks {
		for _, v := range b.Values {
			_ = v.Pos
		}
	}
	for _, v := range f.ByID {
		_ = v.Pos
	}
	for _, v := range ssa.All() {
		_ = v.Pos
	}
}
`,
	})
	r, err := ix.References(ReferencesRequest{Target: "ssa/ssa.go#Value.Pos"})
	if err != nil {
		t.Fatal(err)
	}
	want := "use/use.go:8 resolved\nuse/use.go:12 resolved\nuse/use.go:15 resolved"
	if got := strings.Join(refsOf(r), "\n"); got != want {
		t.Errorf("Value.Pos: %q, want %q", got, want)
	}
}

// checkRefs compares, for each target, find_references' answer
// (refsOf's lines, joined) with the one wanted.
func checkRefs(t *testing.T, ix *Index, want map[string]string) {
	t.Helper()
	for target, w := range want {
		r, err := ix.References(ReferencesRequest{Target: target})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(refsOf(r), "\n"); got != w {
			t.Errorf("%s: %q, want %q", target, got, w)
		}
	}
}

// An external test package (package os_test beside package os) is a
// package of its own: its names are not the directory package's, nor the
// other way round, though both may declare newFile (os's in file_unix.go,
// os_test's in os_test.go) or nopos (types2's and types2_test's). A dot
// import of the directory's package brings its exported names only.
func TestReferencesGoExternalTestPackage(t *testing.T) {
	files := map[string]string{
		"go.mod":        "module example.com/p\n",
		"os/file.go":    "package os\n\nfunc newFile(fd int) int { return fd }\n\nvar nopos int\n\nfunc Open() int { return 0 }\n",
		"os/os_test.go": "package os_test\n\nimport . \"example.com/p/os\"\n\nvar nopos int\n\nfunc newFile(t int) int { return t + nopos }\n\nfunc TestX() { newFile(Open()) }\n",
		"os/in_test.go": "package os\n\nfunc TestY() { newFile(2); _ = nopos }\n",
	}
	ix0 := newTestIndex(t, files)
	for _, ix := range []*Index{ix0, reloaded(t, ix0)} {
		checkRefs(t, ix, map[string]string{
			"os/file.go#newFile":    "os/in_test.go:3 resolved",
			"os/os_test.go#newFile": "os/os_test.go:9 resolved",
			"os/file.go#nopos":      "os/in_test.go:3 resolved",
			"os/os_test.go#nopos":   "os/os_test.go:7 resolved",
			"os/file.go#Open":       "os/os_test.go:9 resolved",
		})
	}
}

// A defined type over a named struct type has that struct's fields, not
// its methods: types2's type Term term, whose typ a range over a
// Union's []*Term reads.
func TestReferencesGoDefinedOverStruct(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"go.mod": "module example.com/p\n",
		"types/union.go": `package types

type term struct {
	tilde bool
	typ   int
}

func (t *term) String() string { return "" }

type Term term

type Union struct{ terms []*Term }

type other struct{ typ int }

func (u *Union) first() int {
	for _, t := range u.terms {
		return t.typ
	}
	return 0
}
`,
	})
	checkRefs(t, ix, map[string]string{
		"types/union.go#term.typ":  "types/union.go:18 resolved",
		"types/union.go#other.typ": "",
	})
}

// Every variable of a multi-value call's assignment has its result's
// type, not only the first: in r, w, err := os.Pipe(), w.Close() is
// File's (named results, unnamed ones, and a name sharing its type).
func TestReferencesGoMultiValueResults(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"go.mod": "module example.com/p\n",
		"os/os.go": `package os

type File struct{}

func (f *File) Close() error { return nil }

func Pipe() (r, w *File, err error) { return nil, nil, nil }

func Pipe2() (*File, *File, error) { return nil, nil, nil }

type Other struct{}

func (Other) Close() error { return nil }

type Handle struct{}

func (h *Handle) Reopen() (*File, *Handle, error) { return nil, nil, nil }

func (h *Handle) Close() error { return nil }
`,
		"use/use.go": `package use

import "example.com/p/os"

func F() {
	r, w, _ := os.Pipe()
	r.Close()
	w.Close()
	a, b, _ := os.Pipe2()
	a.Close()
	b.Close()
}

func G(h *os.Handle) {
	{
		h, g, _ := h.Reopen()
		h.Close()
		g.Close()
	}
}
`,
	})
	// In G the values are the outer h's (a *Handle's Reopen), though
	// the inner h is declared first.
	checkRefs(t, ix, map[string]string{
		"os/os.go#File.Close":   "use/use.go:7 resolved\nuse/use.go:8 resolved\nuse/use.go:10 resolved\nuse/use.go:11 resolved\nuse/use.go:17 resolved",
		"os/os.go#Handle.Close": "use/use.go:18 resolved",
		"os/os.go#Other.Close":  "",
	})
}

// A struct's embedded field is named by its type: net's localServer
// embeds Listener, and ls.Listener.Addr().String() calls Addr's String
// (also through a struct that embeds one that embeds it).
func TestReferencesGoEmbeddedFieldByName(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"go.mod": "module example.com/p\n",
		"net/net.go": `package net

type Addr interface {
	String() string
}

type Listener interface {
	Addr() Addr
}

type host struct{ name string }

func (h host) String() string { return h.name }
`,
		"net/server_test.go": `package net

type localServer struct {
	Listener
	done chan bool
}

type wrapped struct {
	*localServer
}

func addrOf(ls *localServer, w wrapped) string {
	a := ls.Listener.Addr().String()
	return a + w.Listener.Addr().String()
}
`,
	})
	checkRefs(t, ix, map[string]string{
		"net/net.go#Addr.String":   "net/server_test.go:13 resolved\nnet/server_test.go:14 resolved",
		"net/net.go#host.String":   "",
		"net/net.go#Listener.Addr": "net/server_test.go:13 resolved\nnet/server_test.go:14 resolved",
	})
}

// A method an interface has from an interface it embeds is that
// interface's: go/ast's Expr embeds Node, and x.X.Pos() (X an Expr) calls
// Node.Pos, as n.Pos() does on a Node, and none of the implementations.
func TestReferencesGoEmbeddedInterface(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"go.mod": "module example.com/p\n",
		"ast/ast.go": `package ast

type Node interface {
	Pos() int
}

type Expr interface {
	Node
	exprNode()
}

type Ident struct{ NamePos int }

func (x *Ident) Pos() int  { return x.NamePos }
func (x *Ident) exprNode() {}

type Sel struct{ X Expr }

func (x *Sel) Pos() int  { return x.X.Pos() }
func (x *Sel) exprNode() {}

func first(n Node) int  { return n.Pos() }
func second(e Expr) int { return e.Pos() }
`,
	})
	checkRefs(t, ix, map[string]string{
		"ast/ast.go#Node.Pos":  "ast/ast.go:19 resolved\nast/ast.go:22 resolved\nast/ast.go:23 resolved",
		"ast/ast.go#Ident.Pos": "",
	})
}

// A range over a package-level variable initialised with a slice, array
// or map literal yields the literal's element type: the table of a
// table-driven test (var pairs = []testpair{...}; for _, p := range
// pairs { p.encoded }), which left p.encoded ambiguous among every field
// named encoded.
func TestReferencesGoRangeLiteralVar(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"go.mod": "module example.com/p\n",
		"codec/codec_test.go": `package codec

type pair struct{ encoded, decoded string }

type other struct{ encoded string }

var pairs = []pair{{"a", "b"}}

var byName = map[string]*pair{"x": {"a", "b"}}

var fixed = [...]pair{{"c", "d"}}

func check() {
	for _, p := range pairs {
		_ = p.encoded
	}
	for _, p := range byName {
		_ = p.encoded
	}
	for _, p := range fixed {
		_ = p.encoded
	}
}
`,
	})
	checkRefs(t, ix, map[string]string{
		"codec/codec_test.go#pair.encoded": "codec/codec_test.go:15 resolved\ncodec/codec_test.go:18 resolved\ncodec/codec_test.go:21 resolved",
	})
}

// An index expression's value is an element; a function with named
// results returns its first result's type; a type alias has the members
// of the type it names.
func TestReferencesGoIndexNamedResultsAlias(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"go.mod": "module example.com/p\n",
		"fs/fs.go": `package fs

type DirEntry interface{ IsDir() bool }

type Response struct{ StatusCode int }

type Other struct{ StatusCode int; Blocks []*Block }

type Block struct{ Pos int }

type Pos2 struct{ Pos int }

func (Pos2) IsDir() bool { return false }
`,
		"os/os.go": `package os

import "example.com/p/fs"

type DirEntry = fs.DirEntry

func ReadDir(name string) ([]DirEntry, error) { return nil, nil }

func Get(url string) (resp *fs.Response, err error) { return nil, nil }
`,
		"use/use.go": `package use

import (
	"example.com/p/fs"
	"example.com/p/os"
)

func F(o *fs.Other) {
	es, _ := os.ReadDir(".")
	for _, e := range es {
		_ = e.IsDir()
	}
	resp, _ := os.Get("x")
	_ = resp.StatusCode
	b := o.Blocks[0]
	_ = b.Pos
	_ = o.Blocks[1].Pos
}
`,
	})
	checkRefs(t, ix, map[string]string{
		"fs/fs.go#DirEntry.IsDir":      "use/use.go:11 resolved",
		"fs/fs.go#Response.StatusCode": "use/use.go:14 resolved",
		"fs/fs.go#Block.Pos":           "use/use.go:16 resolved\nuse/use.go:17 resolved",
	})
}

// Ranging over, or indexing, a value of a named slice or map type gives
// its declared element type.
func TestReferencesGoNamedContainers(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"go.mod": "module example.com/p\n",
		"ssa/ssa.go": `package ssa

type Value struct{ Block int }

type Other struct{ Block int }

type eqclass []*Value

type byID map[int]eqclass

type Func struct{ Classes []eqclass; IDs byID }

func (f *Func) Class(i int) eqclass { return f.Classes[i] }

func use(f *Func, e eqclass) {
	for _, v := range e {
		_ = v.Block
	}
	_ = f.Class(0)[1].Block
	for _, c := range f.IDs {
		_ = c[0].Block
	}
}
`,
	})
	r, err := ix.References(ReferencesRequest{Target: "ssa/ssa.go#Value.Block"})
	if err != nil {
		t.Fatal(err)
	}
	want := "ssa/ssa.go:17 resolved\nssa/ssa.go:19 resolved\nssa/ssa.go:21 resolved"
	if got := strings.Join(refsOf(r), "\n"); got != want {
		t.Errorf("Value.Block: %q, want %q", got, want)
	}
}

// A member promoted from an embedded struct resolves to the embedded
// type's definition.
func TestReferencesGoEmbedded(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"go.mod": "module example.com/p\n",
		"pkgbits/enc.go": `package pkgbits

type Encoder struct{ Idx int }

type Other struct{ Idx int }
`,
		"noder/w.go": `package noder

import (
	"sync"

	"example.com/p/pkgbits"
)

type common struct {
	mu sync.Mutex
}

type writer struct {
	p int

	*pkgbits.Encoder // the element encoder
	common
}

type mu struct{ mu int }

func (w *writer) use() {
	_ = w.Idx
	_ = w.mu
}
`,
	})
	checkRefs(t, ix, map[string]string{
		"pkgbits/enc.go#Encoder.Idx": "noder/w.go:23 resolved",
		"noder/w.go#common.mu":       "noder/w.go:24 resolved",
	})
}

// The elided element literals of a named map or slice type take its
// declared element type: their keys name that type's fields.
func TestReferencesGoNamedLiteralElements(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"go.mod": "module example.com/p\n",
		"fstest/fs.go": `package fstest

type MapFS map[string]*MapFile

type MapFile struct{ Mode int; Data []byte }

type Other struct{ Mode int }
`,
		"use/use.go": `package use

import "example.com/p/fstest"

var fsys = fstest.MapFS{
	"a": {Mode: 1},
	"b": &fstest.MapFile{Mode: 2},
}
`,
	})
	r, err := ix.References(ReferencesRequest{Target: "fstest/fs.go#MapFile.Mode"})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(refsOf(r), "\n"), "use/use.go:6 resolved\nuse/use.go:7 resolved"; got != want {
		t.Errorf("MapFile.Mode: %q, want %q", got, want)
	}
}

// Of a few candidates for a member of unknown receiver, one in a package
// the host does not build (all its files constrained away) is dropped.
func TestReferencesGoBuildConstraintPackage(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"go.mod":      "module example.com/p\n",
		"jt/jt.go":    "//go:build treenavoff\n\npackage jt\n\ntype Case struct{ Where string }\n",
		"json/cn.go":  "package json\n\ntype Case struct{ Where string }\n",
		"json/use.go": "package json\n\nfunc use(tt interface{ Get() int }, x struct{ Case }) {\n\t_ = x.Where\n}\n",
	})
	r, err := ix.References(ReferencesRequest{Target: "json/cn.go#Case.Where"})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(refsOf(r), "\n"), "json/use.go:4 resolved"; got != want {
		t.Errorf("Case.Where: %q, want %q", got, want)
	}
}

// A target defined once per platform is the host's definition, as the
// references to it resolve.
func TestReferencesTargetPrefersHost(t *testing.T) {
	other := "plan9"
	if runtime.GOOS == "plan9" {
		other = "windows"
	}
	src := "package a\n\ntype F struct{}\n\nfunc (f *F) Close() error { return nil }\n"
	ix := newTestIndex(t, map[string]string{
		"go.mod":                          "module example.com/p\n",
		"a/f.go":                          "package a\n",
		"a/close_" + runtime.GOOS + ".go": src,
		"a/close_" + other + ".go":        src,
	})
	r, err := ix.References(ReferencesRequest{Target: "a.F.Close"})
	if err != nil || r.Symbol.Path != "a/close_"+runtime.GOOS+".go" {
		t.Errorf("a.F.Close: %v %+v", err, r)
	}
}

// The module's root package is imported by the module path alone.
func TestReferencesGoModuleRoot(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"go.mod":    "module example.com/p\n",
		"p.go":      "package p\n\nfunc F() {}\n",
		"sub/s.go":  "package sub\n\nimport \"example.com/p\"\n\nfunc G() { p.F() }\n",
		"sub2/t.go": "package sub2\n\nimport q \"example.com/p\"\n\nfunc H() { q.F() }\n",
	})
	r, err := ix.References(ReferencesRequest{Target: "p.go#F"})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(refsOf(r), "\n"), "sub/s.go:5 resolved\nsub2/t.go:5 resolved"; got != want {
		t.Errorf("root package F: %q, want %q", got, want)
	}
}

// A name defined in a source file and sketched in a document's code
// block is the source file's: references and callers by name answer it,
// not an ambiguity; two in source files stay ambiguous.
func TestReferencesTargetPrefersSource(t *testing.T) {
	src := "package mcp\n\ntype ClientSession struct{}\n\nfunc (cs *ClientSession) CallTool() {}\n\nfunc use(cs *ClientSession) { cs.CallTool() }\n"
	doc := "# Design\n\n## Tools\n\n```go\nfunc (cs *ClientSession) CallTool(ctx context.Context) error\n```\n"
	ix := newTestIndex(t, map[string]string{"go.mod": "module example.com/p\n", "mcp/client.go": src, "design.md": doc})
	if r, err := ix.Symbols(SymbolRequest{Query: "ClientSession.CallTool"}); err != nil || len(r.Symbols) != 2 {
		t.Fatalf("the fixture should define the name twice (source and doc): %v %+v", err, r)
	}
	for _, target := range []string{"ClientSession.CallTool", "CallTool"} {
		r, err := ix.References(ReferencesRequest{Target: target})
		if err != nil || r.Symbol.NodeID != "mcp/client.go#ClientSession.CallTool" {
			t.Errorf("references %s: %v %+v", target, err, r)
			continue
		}
		// The sketch mentions it: a textual reference.
		if got := strings.Join(refsOf(r), ","); got != "design.md:6 textual,mcp/client.go:7 resolved" {
			t.Errorf("references %s: %v", target, got)
		}
		c, err := ix.CallHierarchy(CallsRequest{Target: target})
		if err != nil || c.Symbol.NodeID != "mcp/client.go#ClientSession.CallTool" {
			t.Errorf("calls %s: %v %+v", target, err, c)
		}
	}
	ix = newTestIndex(t, map[string]string{"go.mod": "module example.com/p\n", "a/client.go": src, "b/client.go": src, "design.md": doc})
	var amb *AmbiguousTargetError
	if _, err := ix.References(ReferencesRequest{Target: "ClientSession.CallTool"}); !errors.As(err, &amb) || len(amb.Candidates) != 2 {
		t.Errorf("two source definitions: %v", err)
	}
}
