package engine

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/treenav/treenav"
)

// nestedFile is a file of one language family whose scopes nest depth
// deep: issue 22's files that stalled a whole build.
func nestedFile(ext string, depth int) string {
	var b strings.Builder
	open, close := "", "}\n"
	switch ext {
	case ".rs":
		open = "mod m%d {\n"
	case ".cpp":
		open = "namespace n%d {\n"
	case ".java":
		open = "class C%d {\n"
	case ".js":
		open = "function f%d() {\n"
	case ".ts":
		open = "function f%d(): void {\n"
	case ".py":
		for i := range depth {
			fmt.Fprintf(&b, "%sdef f%d():\n", strings.Repeat(" ", i), i)
		}
		return b.String() + strings.Repeat(" ", depth) + "pass\n"
	case ".md":
		for i := range depth {
			fmt.Fprintf(&b, "%s- item%d\n", strings.Repeat(" ", 2*i), i)
		}
		return b.String()
	}
	for i := range depth {
		fmt.Fprintf(&b, open, i)
	}
	return b.String() + strings.Repeat(close, depth)
}

// A file nested thousands deep fails with its reason, and the build of
// its root finishes with every other file indexed. The deadline is a
// hang guard (such a file took minutes), not a speed test.
func TestBuildWithDeeplyNestedFiles(t *testing.T) {
	files := map[string]string{
		"ok.go":       "package ok\n\nfunc Fine() {}\n",
		"ok.md":       "# Fine\n\nwords\n",
		"lib/ok.rs":   "pub fn fine() {}\n",
		"deep.md":     nestedFile(".md", 300), // clamped, indexed
		"lib/deep.py": nestedFile(".py", 200),
	}
	for _, ext := range []string{".rs", ".cpp", ".java", ".js", ".ts"} {
		files["deep"+ext] = nestedFile(ext, 5000)
	}
	dir := writeTree(t, files)
	e, err := NewEngine([]treenav.Collection{{Name: "test", Root: dir}}, EngineOptions{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- e.Build() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Minute):
		t.Fatal("the build of deeply nested files did not finish")
	}
	ix := e.Index()
	for _, id := range []string{"ok.go", "ok.md", "lib/ok.rs", "deep.md"} {
		if _, ok := ix.Has(id); !ok {
			t.Errorf("%s is not indexed", id)
		}
	}
	st := e.Status()
	failed := map[string]string{}
	for _, fe := range st.Errors {
		failed[fe.Path] = fe.Error
	}
	for _, id := range []string{"deep.rs", "deep.cpp", "deep.java", "deep.js", "deep.ts", "lib/deep.py"} {
		if _, ok := ix.Has(id); ok {
			t.Errorf("%s is indexed", id)
		}
		if reason := failed[id]; !strings.Contains(reason, "nesting deeper than") {
			t.Errorf("%s: failure %q, want the nesting named", id, reason)
		}
	}
	if st.ErrorCount != 6 {
		t.Errorf("%d failed files, want 6: %+v", st.ErrorCount, st.Errors)
	}
}

// With FlushEvery (serve), the files of a worker that is done are
// published while another worker still parses a slow file, not when the
// build returns. The slow file is nested up to the limit, many times
// over: legal, and seconds of work; it sorts first, so one worker takes
// it and the other every small file.
func TestBuildPublishesWhileASlowFileParses(t *testing.T) {
	var slow strings.Builder
	one := nestedFile(".rs", 60)
	for slow.Len() < 200<<10 {
		slow.WriteString(one)
	}
	files := map[string]string{"0slow.rs": slow.String()}
	for i := range 20 {
		files[fmt.Sprintf("s%d.go", i)] = fmt.Sprintf("package s\n\nfunc F%d() {}\n", i)
	}
	dir := writeTree(t, files)
	e, err := NewEngine([]treenav.Collection{{Name: "test", Root: dir}}, EngineOptions{Workers: 2, FlushEvery: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- e.Build() }()
	published := false
	for !published {
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
			t.Fatal("the small files were published only when the build returned")
		case <-time.After(time.Millisecond):
		}
		_, published = e.Index().Has("s19.go")
	}
	if _, ok := e.Index().Has("0slow.rs"); ok {
		t.Error("the small files were published only with 0slow.rs, at the end of the build")
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Minute):
		t.Fatal("the build did not finish")
	}
	if _, ok := e.Index().Has("0slow.rs"); !ok {
		t.Error("0slow.rs is not indexed after the build")
	}
}
