package index

import (
	"strings"
	"testing"
)

var testScopeFiles = map[string]string{
	"web/server.go":      "package web\n\n// Shutdown stops the server.\nfunc Shutdown() {}\n",
	"web/server_test.go": "package web\n\n// TestShutdown tests Shutdown.\nfunc TestShutdown() { Shutdown() }\n\nfunc shutdownHelper() {}\n",
	"web/testdata/x.go":  "package x\n\nfunc ShutdownFixture() {}\n",
}

// tests: exclude and only, and "!glob" exclusions, leave tests out or keep
// them alone, in search and find_symbol alike.
func TestTestsScopeAndPathExclusions(t *testing.T) {
	ix := newTestIndex(t, testScopeFiles)
	paths := func(r []string) string { return strings.Join(r, " ") }
	search := func(req SearchRequest) string {
		t.Helper()
		req.Query = "shutdown"
		r, err := ix.Search(req)
		if err != nil {
			t.Fatalf("%+v: %v", req, err)
		}
		var ps []string
		for _, x := range r.Results {
			if !strings.Contains(paths(ps), x.Path) {
				ps = append(ps, x.Path)
			}
		}
		return paths(ps)
	}
	symbols := func(req SymbolRequest) string {
		t.Helper()
		req.Query = "Shutdown"
		r, err := ix.Symbols(req)
		if err != nil {
			t.Fatalf("%+v: %v", req, err)
		}
		var ps []string
		for _, x := range r.Symbols {
			if !strings.Contains(paths(ps), x.Path) {
				ps = append(ps, x.Path)
			}
		}
		return paths(ps)
	}
	for _, tc := range []struct {
		name       string
		tests      TestScope
		glob       string
		globs      []string
		has, hasnt string
	}{
		{"exclude", TestsExclude, "", nil, "web/server.go", "_test"},
		{"only", TestsOnly, "", nil, "web/server_test.go", "web/server.go "},
		{"!glob", "", "!*_test.go", nil, "web/server.go", "server_test"},
		{"glob and !glob", "", "", []string{"web/**", "!*_test.go", "!**/testdata/**"}, "web/server.go", "test"},
	} {
		for which, got := range map[string]string{
			"search":  search(SearchRequest{Tests: tc.tests, PathGlob: tc.glob, PathGlobs: tc.globs}),
			"symbols": symbols(SymbolRequest{Tests: tc.tests, PathGlob: tc.glob, PathGlobs: tc.globs}),
		} {
			if !strings.Contains(got+" ", tc.has) || strings.Contains(got+" ", tc.hasnt) {
				t.Errorf("%s %s: %q, want %q and not %q", which, tc.name, got, tc.has, tc.hasnt)
			}
		}
	}
	if got := search(SearchRequest{}); !strings.Contains(got, "_test.go") {
		t.Errorf("default takes tests in: %q", got)
	}
	_, err := ix.Search(SearchRequest{Query: "x", Tests: "no"})
	wantBadRequest(t, "tests no", err, "want include, exclude or only")
	_, err = ix.Symbols(SymbolRequest{Query: "x", PathGlob: "!"})
	wantBadRequest(t, "!", err, "not a valid exclusion")
}
