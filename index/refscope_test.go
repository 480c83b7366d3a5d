package index

import (
	"strings"
	"testing"
)

// find_references and the call hierarchy take the same scope as search
// and grep: tests in, out or alone, path globs with "!glob" exclusions,
// and a scope that can match nothing is an error.
func TestReferenceScope(t *testing.T) {
	ix := newTestIndex(t, refsTreeWith("b/b_test.go", `package b

import "example.com/p/a"

func TestShutdown() { a.NewServer().Shutdown() }

func helper() { Use(nil, nil) }
`))
	refs := func(req ReferencesRequest) string {
		t.Helper()
		req.Target = "a.Server.Shutdown"
		r, err := ix.References(req)
		if err != nil {
			t.Fatal(err)
		}
		return strings.Join(refsOf(r), " ")
	}
	all := refs(ReferencesRequest{})
	if !strings.Contains(all, "b/b_test.go:5 resolved") || !strings.Contains(all, "b/b.go:12 resolved") {
		t.Fatalf("all references: %s", all)
	}
	for _, tc := range []struct {
		req  ReferencesRequest
		want string
	}{
		{ReferencesRequest{Tests: TestsExclude}, strings.ReplaceAll(all, " b/b_test.go:5 resolved", "")},
		{ReferencesRequest{Tests: TestsOnly}, "b/b_test.go:5 resolved"},
		{ReferencesRequest{PathGlobs: []string{"!*_test.go"}}, strings.ReplaceAll(all, " b/b_test.go:5 resolved", "")},
		{ReferencesRequest{PathGlobs: []string{"b", "!b/b.go"}}, "b/b_test.go:5 resolved"},
		{ReferencesRequest{PathGlob: "a/**"}, "a/a.go:3 textual"},
	} {
		if got := refs(tc.req); got != tc.want {
			t.Errorf("%+v:\n got %s\nwant %s", tc.req, got, tc.want)
		}
	}
	for _, req := range []ReferencesRequest{
		{Target: "a.Server.Shutdown", Tests: "no"},
		{Target: "a.Server.Shutdown", PathGlobs: []string{"nowhere/**"}},
		{Target: "a.Server.Shutdown", PathGlobs: []string{"!"}},
	} {
		if _, err := ix.References(req); err == nil {
			t.Errorf("%+v: no error", req)
		}
	}

	// Incoming calls: the callers' files; outgoing: the callees'.
	calls := func(req CallsRequest) string {
		t.Helper()
		r, err := ix.CallHierarchy(req)
		if err != nil {
			t.Fatal(err)
		}
		return groupsOf(r)
	}
	in := CallsRequest{Target: "a.Server.Shutdown"}
	if got := calls(in); !strings.Contains(got, "b/b_test.go#TestShutdown") || !strings.Contains(got, "b/b.go#Use") {
		t.Fatalf("incoming: %s", got)
	}
	in.Tests = TestsExclude
	if got := calls(in); strings.Contains(got, "_test.go") || !strings.Contains(got, "b/b.go#Use") {
		t.Errorf("incoming, tests excluded: %s", got)
	}
	in.Tests, in.PathGlobs = "", []string{"*_test.go"}
	if got := calls(in); got != "1:b/b_test.go#TestShutdown[5]" {
		t.Errorf("incoming, only *_test.go: %s", got)
	}
	out := CallsRequest{Target: "b/b_test.go#helper", Direction: "outgoing"}
	if got := calls(out); !strings.Contains(got, "b/b.go#Use") {
		t.Fatalf("outgoing: %s", got)
	}
	out.PathGlobs = []string{"!b/b.go"}
	if got := calls(out); got != "" {
		t.Errorf("outgoing, b/b.go left out: %s", got)
	}
	if _, err := ix.CallHierarchy(CallsRequest{Target: "a.Server.Shutdown", Tests: "some"}); err == nil {
		t.Error("a bad tests scope: no error")
	}
}
