package index

import (
	"fmt"
	"maps"
	"runtime"
	"testing"

	"github.com/treenav/treenav"
	"slices"
	"strings"
)

// Two packages define ReadFile; the code calls the one whose path sorts
// last. Without counting uses, the shallower-or-first path leads.
var usesTree = map[string]string{
	"go.mod":         "module example.com/u\n",
	"aaa/file.go":    "package aaa\n\n// ReadFile reads a file.\nfunc ReadFile(name string) ([]byte, error) { return nil, nil }\n",
	"zzz/file.go":    "package zzz\n\n// ReadFile reads a file.\nfunc ReadFile(name string) ([]byte, error) { return nil, nil }\n",
	"cmd/main/m.go":  "package main\n\nimport \"example.com/u/zzz\"\n\nfunc main() {\n\tzzz.ReadFile(\"a\")\n\tzzz.ReadFile(\"b\")\n\tzzz.ReadFile(\"c\")\n}\n",
	"cmd/other/o.go": "package other\n\nimport \"example.com/u/zzz\"\n\nfunc f() { zzz.ReadFile(\"d\") }\n",
}

func TestUsesOrderFindSymbol(t *testing.T) {
	ix0 := newTestIndex(t, usesTree)
	for _, ix := range []*Index{ix0, reloaded(t, ix0)} {
		uses := usesByPath(ix, "ReadFile")
		zzz, aaa := uses["zzz/file.go"], uses["aaa/file.go"]
		if zzz != 4 || aaa != 0 {
			t.Fatalf("uses: zzz %d aaa %d, want 4 and 0 (%v)", zzz, aaa, uses)
		}
		r, err := ix.Symbols(SymbolRequest{Query: "ReadFile"})
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Symbols) != 2 || r.Symbols[0].Path != "zzz/file.go" {
			t.Fatalf("find_symbol ReadFile: %+v, want zzz's first (called 4 times)", r.Symbols)
		}
	}
}

func TestUsesPriorSearch(t *testing.T) {
	ix := newTestIndex(t, usesTree)
	first := func() string {
		r, err := ix.Search(SearchRequest{Query: "ReadFile", Limit: 2})
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Results) == 0 {
			t.Fatal("no results")
		}
		return r.Results[0].NodeID
	}
	if got := first(); got != "zzz/file.go#ReadFile" {
		t.Errorf("search ReadFile: first %s, want the one called", got)
	}
	// The prior is what decides: without it the two tie and the
	// document order puts aaa first.
	r := treenav.DefaultRanking()
	r.UsesWeight = 0
	ix.SetRanking(r)
	if got := first(); got != "aaa/file.go#ReadFile" {
		t.Errorf("search ReadFile without the uses prior: first %s, want aaa's (the tie's order)", got)
	}
}

func TestUsesBucketAndPrior(t *testing.T) {
	for _, c := range []struct {
		n      int32
		bucket int
	}{{0, 0}, {1, 1}, {2, 2}, {3, 2}, {40, 6}, {41, 6}, {325, 9}} {
		if got := usesBucket(c.n); got != c.bucket {
			t.Errorf("usesBucket(%d) = %d, want %d", c.n, got, c.bucket)
		}
	}
	if p := usesPrior(0, 0.1); p != 1 {
		t.Errorf("no uses: prior %v", p)
	}
	if p := usesPrior(1023, 0.1); p < 1.0999 || p > 1.1001 {
		t.Errorf("1023 uses: prior %v, want 1.1", p)
	}
	if p := usesPrior(1<<20, 0.1); p > 1.1001 {
		t.Errorf("a million uses: prior %v, want capped at 1.1", p)
	}
	if a, b := usesPrior(3, 0.1), usesPrior(325, 0.1); !(a < b) {
		t.Errorf("prior not increasing: %v %v", a, b)
	}
}

// The counts are find_references' resolved ones: of two definitions of a
// name in one package, the one whose //go:build line this host does not
// build takes none, and the other takes every call, as its references
// say.
func TestUsesReadBuildLines(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"go.mod":        "module example.com/b\n",
		"p/open.go":     "package p\n\nfunc Open() {}\n",
		"p/open_old.go": "//go:build neverbuilt\n\npackage p\n\nfunc Open() {}\n",
		"m/m.go":        "package m\n\nimport \"example.com/b/p\"\n\nfunc f() {\n\tp.Open()\n\tp.Open()\n}\n",
	})
	r, err := ix.References(ReferencesRequest{Target: "p/open.go#Open"})
	if err != nil {
		t.Fatal(err)
	}
	got := usesByPath(ix, "Open")
	if r.Counts.Resolved != 2 || got["p/open.go"] != 2 || got["p/open_old.go"] != 0 {
		t.Errorf("resolved by find_references %d; uses %v, want p/open.go 2 and p/open_old.go 0", r.Counts.Resolved, got)
	}
}

// A sampled count reads the same references however the view's segments
// hold the files: which worker took which file, and the updates since,
// must not change which definition find_symbol puts first.
func TestUsesSampleIndependentOfLayout(t *testing.T) {
	defer func(n int) { usesSample = n }(usesSample)
	usesSample = 8
	files := map[string]string{
		"go.mod":      "module example.com/u\n",
		"aaa/file.go": "package aaa\n\nfunc ReadFile(name string) ([]byte, error) { return nil, nil }\n",
		"zzz/file.go": "package zzz\n\nfunc ReadFile(name string) ([]byte, error) { return nil, nil }\n",
	}
	for i := range 12 {
		pkg, fn := "zzz", "ReadFile"
		if i%3 == 0 {
			pkg = "aaa"
		}
		files[fmt.Sprintf("c%02d/c.go", i)] = fmt.Sprintf("package c%02d\n\nimport \"example.com/u/%s\"\n\nfunc f() {\n\t%s.%s(\"a\")\n\t%s.%s(\"b\")\n}\n", i, pkg, pkg, fn, pkg, fn)
	}
	one := usesByPath(newTestIndex(t, files), "ReadFile")
	// The same files in three segments, applied in reverse order.
	ix := reversedSegments(t, files, 3)
	three := usesByPath(ix, "ReadFile")
	if !maps.Equal(one, three) {
		t.Fatalf("sampled uses differ with the segments' layout: one segment %v, three %v", one, three)
	}
	if one["zzz/file.go"]+one["aaa/file.go"] == 0 {
		t.Fatalf("sampled uses %v: none counted of 24 calls", one)
	}
}

// usesByPath is ix's uses counts of name's definitions, by their file.
func usesByPath(ix *Index, name string) map[string]int32 {
	v := ix.view()
	out := map[string]int32{}
	for ref, n := range ix.usesOf(v, name) {
		_, _, d := newRefQuery(ix, v).node(ref)
		out[d.Path] = n
	}
	return out
}

// Uses counted by several workers, each with its own query, are the
// counts of one loop: over Go and Python definitions and calls in eight
// segments.
func TestCountUsesParallelAsOneLoop(t *testing.T) {
	defer func(n int) { parallelUses = n }(parallelUses)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	files := map[string]string{
		"go.mod":      "module example.com/u\n",
		"aaa/file.go": "package aaa\n\nfunc ReadFile(name string) ([]byte, error) { return nil, nil }\n",
		"zzz/file.go": "package zzz\n\nfunc ReadFile(name string) ([]byte, error) { return nil, nil }\n",
		"lib/io.py":   "def ReadFile(name):\n    return b''\n\nclass Reader:\n    def ReadFile(self, name):\n        return b''\n",
	}
	for i := range 24 {
		pkg := "zzz"
		if i%3 == 0 {
			pkg = "aaa"
		}
		files[fmt.Sprintf("c%02d/c.go", i)] = fmt.Sprintf("package c%02d\n\nimport \"example.com/u/%s\"\n\nfunc f() {\n\t%s.ReadFile(\"a\")\n}\n", i, pkg, pkg)
		call := "ReadFile('a')"
		if i%2 == 0 {
			call = "Reader().ReadFile('a')"
		}
		files[fmt.Sprintf("py%02d.py", i)] = fmt.Sprintf("from lib.io import ReadFile, Reader\n\ndef g():\n    %s\n", call)
	}
	ix := reversedSegments(t, files, 8)
	counts := func(threshold int) map[nodeRef]int32 {
		parallelUses = threshold
		return ix.countUses(ix.view(), "ReadFile")
	}
	one := counts(1 << 30)
	if len(one) < 3 {
		t.Fatalf("uses of ReadFile %v: want the Go and Python definitions counted", one)
	}
	for range 5 {
		if many := counts(0); !maps.Equal(one, many) {
			t.Fatalf("uses counted in parallel %v, by one loop %v", many, one)
		}
	}
}

// Which names a search weighs the uses of (at most maxRequestNames) does
// not depend on how the view's segments hold the files: six functions
// whose names all match "readfile", each called a different number of
// times, rank with the same scores in one segment and in three built in
// reverse order.
func TestUsesPriorNamesIndependentOfLayout(t *testing.T) {
	names := []string{"ReadFile", "Readfile", "READFILE", "readFile", "readfile", "ReadFILE"}
	files := map[string]string{"go.mod": "module example.com/u\n"}
	for i, name := range names {
		files[fmt.Sprintf("d%d/def.go", i)] = fmt.Sprintf("package d%d\n\n// %s reads.\nfunc %s(name string) ([]byte, error) { return nil, nil }\n", i, name, name)
		for c := range 1 + 3*i {
			files[fmt.Sprintf("c%d_%02d/c.go", i, c)] = fmt.Sprintf("package c%d_%02d\n\nimport \"example.com/u/d%d\"\n\nfunc f() { d%d.%s(\"a\") }\n", i, c, i, i, name)
		}
	}
	results := func(ix *Index) []string {
		r, err := ix.Search(SearchRequest{Query: "readfile", Limit: 20})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, x := range r.Results {
			if strings.Contains(x.NodeID, "/def.go#") {
				out = append(out, fmt.Sprintf("%s %.4f", x.NodeID, x.Score))
			}
		}
		return out
	}
	one := results(newTestIndex(t, files))
	three := results(reversedSegments(t, files, 3))
	if len(one) <= maxRequestNames {
		t.Fatalf("the definitions found: %v, want more names than a search weighs (%d)", one, maxRequestNames)
	}
	if !slices.Equal(one, three) {
		t.Errorf("scores differ with the segments' layout:\none segment    %v\nthree segments %v", one, three)
	}
}

// An import path that two directories end with alike (GOROOT's "time"
// as go/time and go/crypto/internal/fips140deps/time under a corpus's
// go/, each sharing "go/" with the importer) names the shorter, whatever
// order the view holds them in: its definitions' uses count the same in
// one segment and in several.
func TestGoImportDirIndependentOfLayout(t *testing.T) {
	files := map[string]string{
		"go/time/time.go":                   "package time\n\n// Duration is a span.\ntype Duration int64\n",
		"go/crypto/internal/deps/time/t.go": "package time\n\n// Duration is another.\ntype Duration int64\n",
		"go/net/http/h.go":                  "package http\n\nimport \"time\"\n\nfunc Wait(d time.Duration) time.Duration { return d }\n",
		"go/net/http/h2.go":                 "package http\n\nimport \"time\"\n\nvar Step time.Duration\n",
	}
	one := usesByPath(newTestIndex(t, files), "Duration")
	if one["go/time/time.go"] < 3 || one["go/crypto/internal/deps/time/t.go"] != 0 {
		t.Fatalf("Duration's uses in one segment: %v, want go/time's three and none of the other", one)
	}
	for parts := 2; parts <= 4; parts++ {
		if got := usesByPath(reversedSegments(t, files, parts), "Duration"); !maps.Equal(got, one) {
			t.Errorf("Duration's uses in %d segments: %v, in one %v", parts, got, one)
		}
	}
	for _, c := range []struct {
		names map[string]int
		want  string
	}{
		{map[string]int{"yaml": 3, "yamlx": 1}, "yaml"},
		{map[string]int{"b": 2, "a": 2}, "a"},
		{map[string]int{}, "dir"},
	} {
		if got := goPackageName(c.names, "dir"); got != c.want {
			t.Errorf("goPackageName(%v) = %q, want %q", c.names, got, c.want)
		}
	}
}
