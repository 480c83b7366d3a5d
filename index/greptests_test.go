package index

import (
	"strings"
	"testing"
)

// TestGrepTestsScope: grep takes tests in, out or alone as search does,
// and "!glob" paths leave files out.
func TestGrepTestsScope(t *testing.T) {
	e := newTestIndex(t, map[string]string{
		"pkg/a.go":              "package pkg\n\nconst needle = 1\n",
		"pkg/a_test.go":         "package pkg\n\nvar _ = needle\n",
		"pkg/testdata/n.txt.go": "package testdata\n\nvar needle = 2\n",
		"docs/n.md":             "# Needle\n\nthe needle\n",
	})
	files := func(req GrepRequest) string {
		t.Helper()
		req.Pattern = "needle"
		r, err := e.Grep(req)
		if err != nil {
			t.Fatal(err)
		}
		var ps []string
		for _, m := range r.Matches {
			ps = append(ps, m.Path)
		}
		return strings.Join(ps, " ")
	}
	if got := files(GrepRequest{Tests: TestsExclude}); got != "docs/n.md pkg/a.go" {
		t.Errorf("tests exclude: %s", got)
	}
	if got := files(GrepRequest{Tests: TestsOnly}); got != "pkg/a_test.go pkg/testdata/n.txt.go" {
		t.Errorf("tests only: %s", got)
	}
	if got := files(GrepRequest{PathGlobs: []string{"pkg", "!*_test.go"}}); got != "pkg/a.go pkg/testdata/n.txt.go" {
		t.Errorf("pkg without *_test.go: %s", got)
	}
	if _, err := e.Grep(GrepRequest{Pattern: "needle", Tests: "no"}); err == nil || !strings.Contains(err.Error(), "want include, exclude or only") {
		t.Errorf("tests no: %v", err)
	}
}
