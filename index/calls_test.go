package index

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/treenav/treenav"
)

func groupsOf(r *treenav.CallHierarchyResponse) string {
	var out []string
	for _, g := range r.Groups {
		var calls []string
		for _, c := range g.Calls {
			s := fmt.Sprintf("%d", c.Line)
			if c.ViaInterface {
				s += "i"
			}
			calls = append(calls, s)
		}
		out = append(out, fmt.Sprintf("%d:%s[%s]", g.Depth, g.Symbol.NodeID, strings.Join(calls, ",")))
	}
	return strings.Join(out, " ")
}

// refsTreeWith is the module a, b of refsTree with one more file.
func refsTreeWith(path, src string) map[string]string {
	return map[string]string{"go.mod": refsTree["go.mod"], "a/a.go": refsTree["a/a.go"], "b/b.go": refsTree["b/b.go"], path: src}
}

func TestCallHierarchy(t *testing.T) {
	ix := newTestIndex(t, refsTreeWith("c/c.go", `package c

import "example.com/p/b"

func Outer() { b.Use(nil, nil); b.Use(nil, nil) }

func Top() { Outer() }
`))
	r, err := ix.CallHierarchy(CallsRequest{Target: "a.Server.Shutdown", Depth: 3})
	if err != nil {
		t.Fatal(err)
	}
	want := "1:b/b.go#Use[12,14,15,16i,17] 2:c/c.go#Outer[5,5] 3:c/c.go#Top[7]"
	if got := groupsOf(r); got != want {
		t.Errorf("incoming:\n%s\nwant\n%s", got, want)
	}
	if r.TotalGroups != 3 || r.TotalCalls != 8 || r.Truncated {
		t.Errorf("totals %d %d %v", r.TotalGroups, r.TotalCalls, r.Truncated)
	}
	r, err = ix.CallHierarchy(CallsRequest{Target: "a.Server.Shutdown", Depth: 3, Limit: 1})
	if err != nil || len(r.Groups) != 1 || !r.Truncated || !strings.Contains(r.Cut, "2 of 3 groups") {
		t.Errorf("limit 1: %v %+v", err, r)
	}
	r, err = ix.CallHierarchy(CallsRequest{Target: "a.Closer.Shutdown"})
	if err != nil || len(r.Implementations) != 2 {
		t.Fatalf("implementations: %v %+v", err, r)
	}
	r, err = ix.CallHierarchy(CallsRequest{Target: "b.Use", Direction: "outgoing"})
	if err != nil {
		t.Fatal(err)
	}
	// unknown.Get().Shutdown() may be any of three methods.
	want = "1:a/a.go#Server.Shutdown[12,14,15,17] 1:a/a.go#NewServer[11] 1:a/a.go#Closer.Shutdown[16,17] 1:a/a.go#Other.Shutdown[17]"
	if got := groupsOf(r); got != want {
		t.Errorf("outgoing:\n%s\nwant\n%s", got, want)
	}
	if _, err := ix.CallHierarchy(CallsRequest{Target: "b.Use", Depth: 4}); err == nil {
		t.Error("depth 4 should be refused")
	}
}

// A function that is never called but is passed on (registered as a
// handler, a method value) has no callers: the answer counts those other
// references, so that zero calls does not read as unused.
func TestCallHierarchyNotCalls(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"go.mod": "module example.com/p\n",
		"a/a.go": `package a

type Server struct{}

func (s *Server) callTool() {}

func (s *Server) direct() { s.callTool() }

var handlers = map[string]func(*Server){"tools/call": (*Server).callTool}

func register(f func()) {}

func setup(s *Server) { register(s.callTool) }
`,
	})
	r, err := ix.CallHierarchy(CallsRequest{Target: "Server.callTool"})
	if err != nil {
		t.Fatal(err)
	}
	if got := groupsOf(r); got != "1:a/a.go#Server.direct[7]" || r.NotCalls != 2 {
		t.Errorf("groups %s, not calls %d; want one caller and 2 other references", got, r.NotCalls)
	}
	if !strings.Contains(r.Text(), "2 references to it are not calls") {
		t.Errorf("text does not say so:\n%s", r.Text())
	}
	r, err = ix.CallHierarchy(CallsRequest{Target: "Server.direct"})
	if err != nil || r.NotCalls != 0 || strings.Contains(r.Text(), "not calls") {
		t.Errorf("an uncalled, unreferenced method: %v %+v", err, r)
	}
}

// An outgoing call the resolver binds names the definition it binds to,
// not the overrides that may run instead: AbstractMap.putAll's put() is
// its own class's put, however many subclasses override it (four here,
// past the few candidates an unbound call may list), and a call on a
// parameter of an interface type is the interface's method.
func TestCallHierarchyOutgoingBinds(t *testing.T) {
	files := map[string]string{
		"m/Store.java": "package m;\n\npublic interface Store {\n    int size();\n}\n",
		"m/Base.java":  "package m;\n\npublic class Base {\n    public void put(int k) {}\n\n    public void putAll(Store s) {\n        for (int i = 0; i < s.size(); i++)\n            put(i);\n    }\n}\n",
	}
	for i := range 4 {
		files[fmt.Sprintf("m/Sub%d.java", i)] = fmt.Sprintf("package m;\n\npublic class Sub%d extends Base implements Store {\n    public void put(int k) {}\n\n    public int size() { return %d; }\n}\n", i, i)
	}
	ix := newTestIndex(t, files)
	r, err := ix.CallHierarchy(CallsRequest{Target: "Base.putAll", Direction: "outgoing"})
	if err != nil {
		t.Fatal(err)
	}
	want := "1:m/Base.java#Base.put[8] 1:m/Store.java#Store.size[7]"
	if got := groupsOf(r); got != want || r.Unresolved != 0 {
		t.Errorf("outgoing:\n%s (%d unresolved)\nwant\n%s", got, r.Unresolved, want)
	}
	for _, g := range r.Groups {
		for _, c := range g.Calls {
			if c.Confidence != treenav.Resolved {
				t.Errorf("%s:%d: %s, want resolved", c.Path, c.Line, c.Confidence)
			}
		}
	}
}

// Code outside tests does not call into them: a call from a library file
// whose receiver's type is unknown is no guess at a test's method of the
// name, outgoing or among the test method's references; calls from a
// test keep every guess.
func TestGuessesStayOutOfTests(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"lib/run.py":          "def run(x):\n    x.spin()\n    x.wobble()\n",
		"lib/wheel.py":        "class Wheel:\n    def spin(self):\n        pass\n",
		"tests/test_wheel.py": "class FakeWheel:\n    def spin(self):\n        pass\n\n    def wobble(self):\n        pass\n\ndef test_spin(w):\n    w.spin()\n",
		// Go goes by packages: one in a directory named test is code
		// like any other (cmd/go/internal/test is go test).
		"cmd/go/internal/test/test.go": "package test\n\nfunc RunTest() {}\n",
		"cmd/go/main.go":               "package main\n\nimport \"cmd/go/internal/test\"\n\nfunc main() { test.RunTest() }\n",
	})
	r, err := ix.CallHierarchy(CallsRequest{Target: "lib/run.py#run", Direction: "outgoing"})
	if err != nil {
		t.Fatal(err)
	}
	var callees []string
	for _, g := range r.Groups {
		callees = append(callees, g.Symbol.NodeID)
		for _, c := range g.Calls {
			if g.Symbol.NodeID == "lib/wheel.py#Wheel.spin" && c.Confidence != treenav.Ambiguous {
				t.Errorf("x.spin() is %s, want ambiguous: one candidate left is no surer", c.Confidence)
			}
		}
	}
	if !slices.Equal(callees, []string{"lib/wheel.py#Wheel.spin"}) || r.Unresolved != 1 {
		t.Errorf("outgoing calls of run: %v, %d unresolved; want Wheel.spin, and wobble unresolved", callees, r.Unresolved)
	}
	g, err := ix.CallHierarchy(CallsRequest{Target: "cmd/go/main.go#main", Direction: "outgoing"})
	if err != nil || len(g.Groups) != 1 || g.Groups[0].Symbol.NodeID != "cmd/go/internal/test/test.go#RunTest" {
		t.Errorf("outgoing calls of cmd/go's main: %v, %+v; want test.RunTest", err, g)
	}
	refs, err := ix.References(ReferencesRequest{Target: "tests/test_wheel.py#FakeWheel.spin"})
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range refs.References {
		if h.Path == "lib/run.py" {
			t.Errorf("FakeWheel.spin's references list %s:%d (%s)", h.Path, h.Line, h.Confidence)
		}
	}
	refs, err = ix.References(ReferencesRequest{Target: "lib/wheel.py#Wheel.spin"})
	if err != nil {
		t.Fatal(err)
	}
	var from []string
	for _, h := range refs.References {
		from = append(from, h.Path)
	}
	if !slices.Contains(from, "tests/test_wheel.py") || !slices.Contains(from, "lib/run.py") {
		t.Errorf("Wheel.spin's references are in %v; want the library's and the test's guesses", from)
	}
}
