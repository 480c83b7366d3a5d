package code

import (
	"os"
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
		{"K.area", "property", "cached_property", 19, 21},
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

// TestPythonAsWritten checks the forms of issue 30 one by one, on
// testdata/python/forms.py: overload stubs are declarations, a property
// is one symbol with its parts as children, decorators lead signatures,
// conditional module-level assignments are symbols, and attributes set on
// self in __init__ are fields of the class with their docs.
func TestPythonAsWritten(t *testing.T) {
	src, err := os.ReadFile("testdata/python/forms.py")
	if err != nil {
		t.Fatal(err)
	}
	syms := symbolsByAnchor(t, "python", string(src))
	for _, tc := range []struct {
		anchor, kind, native string
		line                 int
		decl                 bool
		sig, doc             string
	}{
		{"StrPath", "variable", "", 8, false, "StrPath = str | PathLike", ""},
		{"Alias", "type", "alias", 9, false, `Alias: "TypeAlias" = int`, ""},
		{"MAX_DEPTH", "constant", "", 10, false, "MAX_DEPTH = 3", ""},
		{"helper", "function", "", 12, false, "def helper(x: int) -> int", ""},
		{"StrPath~2", "variable", "", 14, false, "StrPath = str", ""},
		{"HAVE_SPEEDUPS", "constant", "", 18, false, "HAVE_SPEEDUPS = True", ""},
		{"_speedups", "variable", "", 20, false, "_speedups = None", ""},
		{"parse~2", "function", "overload", 27, true, "@overload def parse(x: int) -> int", ""},
		{"parse", "function", "", 31, false, "def parse(x)", "The implementation."},
		{"Task", "class", "", 36, false, "@dataclasses.dataclass(frozen=True) class Task", "A unit of work."},
		{"Task.DEFAULT", "constant", "", 42, false, "DEFAULT = 1", "the default priority,\nused when none is given"},
		{"Task.name", "field", "", 43, false, "name: str", ""},
		{"Task.size", "field", "", 44, false, "size: int = 0", "in bytes"},
		{"Task.retries", "field", "", 45, false, "retries = 3", "How often a failed task runs again."},
		{"Task.label", "property", "", 47, false, "label = property(lambda self: self.name)", ""},
		{"Task.priority", "field", "", 51, false, "self.priority = priority", "how urgent the task is"},
		{"Task.callback", "field", "", 54, false, `self.callback = lambda: setattr(self, "hidden", 1)`, ""},
		{"Task.note", "field", "", 60, false, "self.note = None", "Free text."},
		{"Task.urgent", "field", "", 63, false, "self.urgent = True", ""},
		{"Task.a", "field", "", 66, false, "self.a, self.b = 1, 2", ""},
		{"Task.b", "field", "", 66, false, "self.a, self.b = 1, 2", ""},
		{"Task.total", "field", "", 67, false, "self.total: int = 4", "running total"},
		{"Task.flags", "property", "", 74, false, "@property def flags(self) -> int", "The flags."},
		{"Task.flags.setter", "method", "setter", 79, false, "@flags.setter def flags(self, v)", ""},
		{"Task.flags.deleter", "method", "deleter", 83, false, "@flags.deleter def flags(self)", ""},
		{"Task.make", "method", "classmethod", 87, false, "@classmethod def make(cls)", ""},
		{"Task.util", "method", "staticmethod", 91, false, "@staticmethod def util()", ""},
		{"Task.cached", "method", "", 95, false, "@functools.lru_cache(maxsize=None) def cached(self)", ""},
		{"Task.long_decorator", "method", "", 99, false, "@pytest.mark.parametrize(…) def long_decorator(self, value, expected)", ""},
		{"Task.get~2", "method", "overload", 103, true, "@overload def get(self, key: int) -> int", ""},
		{"Task.get", "method", "", 107, false, "def get(self, key)", ""},
		{"Child.flags.setter", "method", "setter", 112, false, "@Task.flags.setter def flags(self, v)", ""},
		{"Weird.x", "field", "", 119, false, "this.x = x", ""},
		{"NESTED", "constant", "", 125, false, "NESTED = 1", ""},
		{"Deep.x", "field", "", 135, false, "x: int", ""},
		{"Deep.c", "field", "", 138, false, "self.a = self.b = self.c = None", ""},
		{"Deep.inner", "field", "", 142, false, "self.inner = 1", ""},
		{"Deep.last", "field", "", 146, false, "self.last = item", ""},
		{"Deep.data", "field", "", 148, false, "self.data = f.read()", ""},
		{"Dirs.appname", "field", "", 157, false, "self.appname = appname", "The name of the application."},
		{"Dirs.version", "field", "", 158, false, "self.version = None", "An optional version."},
	} {
		n, ok := syms[tc.anchor]
		if !ok {
			t.Errorf("%s: not found", tc.anchor)
			continue
		}
		if string(n.Kind) != tc.kind || n.NativeKind != tc.native || n.LineStart != tc.line || n.Declaration != tc.decl {
			t.Errorf("%s: got %s/%s L%d declaration=%v, want %s/%s L%d declaration=%v", tc.anchor,
				n.Kind, n.NativeKind, n.LineStart, n.Declaration, tc.kind, tc.native, tc.line, tc.decl)
		}
		if n.Signature != tc.sig || n.Doc != tc.doc {
			t.Errorf("%s: signature %q doc %q, want %q and %q", tc.anchor, n.Signature, n.Doc, tc.sig, tc.doc)
		}
	}
	// One field per name, none for locals, nested functions, other
	// methods, attributes of attributes or another object than self.
	for _, anchor := range []string{"args", "Task.priority~2", "Task.name~2", "Task.urgent~2", "Task.local",
		"Task.nested", "Task.hidden", "Task.started", "Task.attr", "Task.obj", "Weird.y", "Task.__init__.priority",
		"orphan", "__init__.orphan", "Deep.x~2", "Deep.inner~2", "Deep.item", "Deep.f", "n", "s"} {
		if _, ok := syms[anchor]; ok {
			t.Errorf("%s: found, want no such symbol", anchor)
		}
	}
	// The parts of a property are its children; the fields assigned in
	// __init__ are the class's.
	if p, s := syms["Task.flags"], syms["Task.flags.setter"]; s.Name != "setter" || s.QualifiedName != "Task.flags.setter" || p.Name != "flags" {
		t.Errorf("setter %q %q, property %q", s.Name, s.QualifiedName, p.Name)
	}
	// The doc read from a string after the assignment is the field's
	// text, and its range covers it.
	if n := syms["Task.note"]; n.LineEnd != 61 {
		t.Errorf("Task.note ends on line %d, want 61 (its docstring)", n.LineEnd)
	}
}
