package index

import (
	"testing"

	"github.com/treenav/treenav"
)

func TestIsPrivateSymbol(t *testing.T) {
	for _, tc := range []struct {
		lang, name, qualified, signature string
		kind                             treenav.Kind
		want                             bool
	}{
		{"go", "ReadFile", "", "func ReadFile(name string)", treenav.KindFunction, false},
		{"go", "readFile", "", "func readFile(name string)", treenav.KindFunction, true},
		{"go", "ReadFile", "subFS.ReadFile", "func (f *subFS) ReadFile(name string)", treenav.KindMethod, true},
		{"go", "ReadFile", "Root.ReadFile", "func (r *Root) ReadFile(name string)", treenav.KindMethod, false},
		{"python", "_compile", "", "def _compile(pattern)", treenav.KindFunction, true},
		{"python", "__init__", "Path.__init__", "def __init__(self)", treenav.KindMethod, false},
		{"python", "__mangled", "Path.__mangled", "def __mangled(self)", treenav.KindMethod, true},
		{"python", "read_text", "_Flavour.read_text", "def read_text(self)", treenav.KindMethod, true},
		{"java", "helper", "A.helper", "private static int helper()", treenav.KindMethod, true},
		{"java", "helper", "A.helper", "public int helper(int privateKey)", treenav.KindMethod, false},
		{"typescript", "#count", "Counter.#count", "#count = 0", treenav.KindField, true},
		{"cpp", "substr", "__gnu_debug.basic_string.substr", "basic_string substr()", treenav.KindMethod, true},
		{"cpp", "_M_data", "std.basic_string._M_data", "pointer _M_data() const", treenav.KindMethod, true},
		{"cpp", "substr", "std.basic_string.substr", "basic_string substr()", treenav.KindMethod, false},
		{"cpp", "_x", "point._x", "int _x;", treenav.KindField, false}, // one underscore and a lowercase letter: the user's name
		{"c", "__do_fault", "", "static vm_fault_t __do_fault(struct vm_fault *vmf)", treenav.KindFunction, true},
		{"rust", "helper", "", "fn helper()", treenav.KindFunction, false}, // Rust: not judged
		{"go", "readme", "", "", treenav.KindSection, false},
	} {
		n := testNode(nodeStrings{kind: tc.kind, name: tc.name, qualified: tc.qualified, signature: tc.signature})
		if got := isPrivateSymbol(tc.lang, n); got != tc.want {
			t.Errorf("isPrivateSymbol(%s, %s %q) = %v, want %v", tc.lang, tc.kind, tc.qualified+tc.name, got, tc.want)
		}
	}
}

// TestPrivateSymbolsRankBelowPublic: of two equal ReadFile methods, the
// exported type's ranks first, in search and find_symbol, though BM25
// and path order prefer the unexported one.
func TestPrivateSymbolsRankBelowPublic(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"a/sub.go":  "package a\n\ntype subFS struct{}\n\n// ReadFile reads.\nfunc (f *subFS) ReadFile(name string) ([]byte, error) { return nil, nil }\n",
		"b/root.go": "package b\n\ntype Root struct{}\n\n// ReadFile reads the named file from the root, all of it.\nfunc (r *Root) ReadFile(name string) ([]byte, error) { return nil, nil }\n",
	})
	r, err := ix.Search(SearchRequest{Query: "ReadFile"})
	if err != nil {
		t.Fatal(err)
	}
	if got := ids(r); len(got) < 2 || got[0] != "b/root.go#Root.ReadFile" {
		t.Errorf("search ReadFile: %v, want b/root.go#Root.ReadFile first", got)
	}
	s, err := ix.Symbols(SymbolRequest{Query: "ReadFile"})
	if err != nil || len(s.Symbols) < 2 || s.Symbols[0].QualifiedName != "Root.ReadFile" {
		t.Errorf("symbols ReadFile: %+v, %v; want Root.ReadFile first", s, err)
	}
}
