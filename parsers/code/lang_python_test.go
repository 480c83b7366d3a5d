package code

import (
	"testing"

	"github.com/treenav/treenav"
)

// symbolsByAnchor extracts src and indexes the symbols by anchor.
func symbolsByAnchor(t *testing.T, lang string, src string) map[string]treenav.Node {
	t.Helper()
	l := Lookup(lang)
	if l == nil {
		t.Fatalf("language %s not registered", lang)
	}
	res, err := l.Extract([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	checkInvariants(t, res.Nodes, []byte(src))
	m := map[string]treenav.Node{}
	for _, n := range res.Nodes[1:] {
		m[n.Anchor] = n
	}
	return m
}

func TestDetectPython(t *testing.T) {
	for _, tc := range []struct {
		name, head string
		want       bool
	}{
		{"pkg/mod.py", "", true},
		{"typeshed/builtins.pyi", "", true},
		{"Tool.PY", "", true},
		{"bin/tool", "#!/usr/bin/python\n", true},
		{"bin/tool", "#!/usr/bin/python3\n", true},
		{"bin/tool", "#!/usr/local/bin/python3.11 -u\n", true},
		{"bin/tool", "#!/usr/bin/env python3\n", true},
		{"bin/tool", "#!/usr/bin/env -S python3 -X dev\n", true},
		{"bin/tool", "#! /usr/bin/env python\nimport sys\n", true},
		{"bin/tool", "#!/usr/bin/env ruby\n", false},
		{"bin/tool", "import sys\n", false},
		// An extension decides: a shebang does not turn a .txt into Python.
		{"notes.txt", "#!/usr/bin/env python3\n", false},
	} {
		l := Detect(tc.name, []byte(tc.head))
		if got := l != nil && l.Name == "python"; got != tc.want {
			t.Errorf("Detect(%q, %q) is python = %v, want %v", tc.name, tc.head, got, tc.want)
		}
	}
}

// TestPythonRules checks the rules that decide kinds and extents, one
// construct at a time.
func TestPythonRules(t *testing.T) {
	src := `import typing

X = 1
Xs = 2
_CACHE_SIZE = 3
LIMIT: typing.Final[int] = 4
Vector: "TypeAlias" = list
Sized: typing.TypeAlias = int
a = b = c = d = e = 0


class K:
    """K."""

    RED = 1
    size: int
    ID: "Final" = 5

    @functools.cached_property
    def area(self):
        return 1

    @area.deleter
    def area(self):
        pass

    def f(self):
        def g():
            class L:
                def h(self):
                    pass
            return L
        return g
        # trailing
`
	syms := symbolsByAnchor(t, "python", src)
	for _, tc := range []struct {
		anchor, kind, native string
		lineStart, lineEnd   int
	}{
		{"X", "constant", "", 3, 3},
		{"Xs", "variable", "", 4, 4},
		{"_CACHE_SIZE", "constant", "", 5, 5},
		{"LIMIT", "constant", "", 6, 6},
		{"Vector", "type", "alias", 7, 7},
		{"Sized", "type", "alias", 8, 8},
		{"a", "variable", "", 9, 9},
		{"e", "variable", "", 9, 9},
		{"K", "class", "", 12, 33},
		{"K.RED", "constant", "", 15, 15},
		{"K.size", "field", "", 16, 16},
		{"K.ID", "constant", "", 17, 17},
		{"K.area", "method", "property", 19, 21},
		{"K.area.deleter", "method", "deleter", 23, 25},
		{"K.f", "method", "", 27, 33},
		{"K.f.g", "function", "", 28, 32},
		{"K.f.g.L", "class", "", 29, 31},
		{"K.f.g.L.h", "method", "", 30, 31},
	} {
		n, ok := syms[tc.anchor]
		if !ok {
			t.Errorf("%s: not found", tc.anchor)
			continue
		}
		if string(n.Kind) != tc.kind || n.NativeKind != tc.native || n.LineStart != tc.lineStart || n.LineEnd != tc.lineEnd {
			t.Errorf("%s: got %s/%s L%d-%d, want %s/%s L%d-%d", tc.anchor, n.Kind, n.NativeKind,
				n.LineStart, n.LineEnd, tc.kind, tc.native, tc.lineStart, tc.lineEnd)
		}
	}
	if n := syms["K"]; n.Doc != "K." {
		t.Errorf("K doc = %q, want %q", n.Doc, "K.")
	}
}
