package index

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// Segments scored on several cores answer as one loop does: the same
// results, scores and totals, for queries whose name matches span more
// names than a request weighs the uses of (maxRequestNames), which are
// the first met in segment order, whichever worker met them.
func TestScoreSegmentsParallelAnswersAsOneLoop(t *testing.T) {
	defer func(n int) { parallelPostings = n }(parallelPostings)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))

	files := map[string]string{"go.mod": "module example.com/p\n"}
	names := []string{"ReadFile", "readFile", "Readfile", "READFILE", "readfile", "Read_File", "read_file", "ReadFiles", "FileRead", "Read", "File"}
	for i, name := range names {
		files[fmt.Sprintf("d%d/def.go", i)] = fmt.Sprintf("package d%d\n\n// %s reads the named file.\nfunc %s(name string) ([]byte, error) { return nil, nil }\n", i, name, name)
		// Callers, more for the later names: their uses priors differ.
		for c := range i + 1 {
			files[fmt.Sprintf("c%d%d/c.go", i, c)] = fmt.Sprintf("package c%d%d\n\nimport \"example.com/p/d%d\"\n\nfunc use() {\n\td%d.%s(\"file\")\n}\n", i, c, i, i, name)
		}
	}
	files["README.md"] = "# Reading files\n\nReadFile reads a whole file.\n\n## File modes\n\nRead the file mode.\n"
	ix := reversedSegments(t, files, 8)

	answers := func(threshold int) []string {
		parallelPostings = threshold
		return jsonEach(t, []string{"ReadFile", "read file", "file", "Read", "reads the named file", "readfile", `"the named file"`, `"ReadFile("`},
			func(q string) (any, error) { return ix.Search(SearchRequest{Query: q, Limit: 50}) })
	}
	one := answers(1 << 30)
	sameEachRun(t, one, func() []string { return answers(0) })
	if !strings.Contains(one[0], `"ReadFile"`) {
		t.Fatalf("ReadFile not found: %s", one[0])
	}
}

// find_references classified on several cores finds what one loop does,
// in the same order: Go, Python and Java references to targets of one
// name spread over eight segments, with overrides and textual mentions.
func TestReferencesParallelAnswersAsOneLoop(t *testing.T) {
	defer func(n int) { parallelRefs = n }(parallelRefs)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	files := map[string]string{
		"go.mod":      "module example.com/r\n",
		"a/a.go":      "package a\n\n// Close closes.\nfunc Close() {}\n",
		"base.py":     "class Base:\n    def close(self):\n        pass\n\n    def run(self):\n        self.close()\n",
		"Base.java":   "class Base {\n    void close() {}\n    void run() { close(); }\n}\n",
		"README.md":   "# Closing\n\nCall `Close` or `close`.\n",
		"notes.md":    "Close everything with a.Close.\n",
		"b/b_test.go": "package b\n\nimport \"example.com/r/a\"\n\nfunc T() { a.Close() }\n",
	}
	for i := range 20 {
		files[fmt.Sprintf("g%02d/g.go", i)] = fmt.Sprintf("package g%02d\n\nimport \"example.com/r/a\"\n\nfunc f() {\n\ta.Close()\n\tClose()\n}\n\nfunc Close() {}\n", i)
		files[fmt.Sprintf("s%02d.py", i)] = fmt.Sprintf("from base import Base\n\nclass S%02d(Base):\n    def close(self):\n        super().close()\n\ndef g(x):\n    x.close()\n    S%02d().close()\n", i, i)
		files[fmt.Sprintf("J%02d.java", i)] = fmt.Sprintf("class J%02d extends Base {\n    void close() { super.close(); }\n    void use(Base b) { b.close(); new J%02d().close(); }\n}\n", i, i)
	}
	ix := reversedSegments(t, files, 8)
	answers := func(threshold int) []string {
		parallelRefs = threshold
		return jsonEach(t, []string{"a/a.go#Close", "base.py#Base.close", "Base.java#Base.close", "g03/g.go#Close", "s05.py#S05.close", "J07.java#J07.close"},
			func(id string) (any, error) { return ix.References(ReferencesRequest{Target: id, Limit: 500}) })
	}
	one := answers(1 << 30)
	if !strings.Contains(one[0], `"g07/g.go"`) || !strings.Contains(one[1], `"s11.py"`) {
		t.Fatalf("references missing: %s\n%s", one[0], one[1])
	}
	sameEachRun(t, one, func() []string { return answers(0) })
}

// A worker's panic is raised in the caller, which a server recovers,
// not in a goroutine of its own, which would end the process.
func TestOnSegmentsRaisesWorkerPanicInCaller(t *testing.T) {
	defer func() {
		p := recover()
		wp, ok := p.(*workerPanic)
		if !ok || wp.value != "segment 3" || !strings.Contains(wp.Error(), "segment 3") {
			t.Fatalf("recovered %v, want the worker's panic", p)
		}
	}()
	onSegments(8, 2, func(int) func(si int) {
		return func(si int) {
			if si == 3 {
				panic("segment 3")
			}
		}
	})
	t.Fatal("no panic")
}

// find_symbol's camel-hump and substring tiers, searched segment by
// segment on every core over eight segments, answer as over one segment
// (no two symbols share a line: the order does not fall back on the
// layout).
func TestWeakSymbolsParallelAnswersAsOneSegment(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	files := map[string]string{"go.mod": "module example.com/w\n"}
	for i := range 24 {
		files[fmt.Sprintf("p%02d/p.go", i)] = fmt.Sprintf("package p%02d\n\nfunc GetUserToken%d() {}\n\nfunc getUserTokens() {}\n\ntype UserTokenStore struct{}\n\nfunc (UserTokenStore) Token() {}\n", i, i)
	}
	answers := func(ix *Index) []string {
		return jsonEach(t, []string{"gUT", "GetUT", "usertok", "tokenstore", "oken"},
			func(q string) (any, error) { return ix.Symbols(SymbolRequest{Query: q, Limit: 500}) })
	}
	one := answers(newTestIndex(t, files))
	if !strings.Contains(one[0], "GetUserToken3") || !strings.Contains(one[2], "UserTokenStore") {
		t.Fatalf("humps or substrings missing: %s\n%s", one[0], one[2])
	}
	ix := reversedSegments(t, files, 8)
	sameEachRun(t, one, func() []string { return answers(ix) })
}

// jsonEach is each input's answer by ask, as JSON; an error fails the
// test.
func jsonEach(t *testing.T, inputs []string, ask func(string) (any, error)) []string {
	t.Helper()
	var out []string
	for _, in := range inputs {
		resp, err := ask(in)
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		b, _ := json.Marshal(resp)
		out = append(out, string(b))
	}
	return out
}

// sameEachRun fails unless five runs of run answer want, answer by
// answer: which worker takes which segment varies from run to run.
func sameEachRun(t *testing.T, want []string, run func() []string) {
	t.Helper()
	for range 5 {
		got := run()
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("answers differ:\none loop or segment: %s\nside by side: %s", want[i], got[i])
			}
		}
	}
}
