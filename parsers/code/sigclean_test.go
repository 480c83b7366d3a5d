package code

import (
	"testing"
)

// TestSignatureWithoutComments: a signature is the declaration's code,
// without the comments written inside it, and in C and C++ without the
// preprocessor lines (and the branches after the first of a conditional).
// Comment markers inside strings are text.
func TestSignatureWithoutComments(t *testing.T) {
	tests := []struct {
		lang, src, anchor, want string
	}{
		// Python: a comment after "(" and between parameters; a
		// multi-line parameter list collapses as it always did.
		{"python", "def from_parent(  # type: ignore\n    cls, parent,\n    *, name: str,  # the name\n) -> None:\n    pass\n",
			"from_parent", "def from_parent(cls, parent, *, name: str,) -> None"},
		{"python", "def urlopen(url, data=None,  # see below\n            *, context=None):\n    pass\n",
			"urlopen", "def urlopen(url, data=None, *, context=None)"},
		{"python", "class A(Base,  # why\n        Mixin):\n    pass\n", "A", "class A(Base, Mixin)"},
		{"python", "def f(sep='#', url=\"a//b\"):  # trailing\n    pass\n", "f", "def f(sep='#', url=\"a//b\")"},
		{"python", "FORMATS = [\"1.0\",  # protocol 0\n           \"2.0\"]\n", "FORMATS", "FORMATS = [\"1.0\", …"},
		{"python", "TABLE = (  # noqa\n    1,\n)\n", "TABLE", "TABLE = ( …"},
		// C: block and line comments in a parameter list, a macro's
		// trailing comment, a "//" in a macro's string.
		{"c", "int f(int a /* in */, int b);\n", "f", "int f(int a, int b)"},
		{"c", "int g(int a, // first\n      int b)\n{ return a; }\n", "g", "int g(int a, int b)"},
		{"c", "#define OP_V 23 // varargs\n", "OP_V", "#define OP_V 23"},
		{"c", "#define URL \"http://x\" /* home */\n", "URL", "#define URL \"http://x\""},
		{"c", "#ifdef A\n# define X 1\n#else\n# define X /* nothing */\n#endif\nint z;\n", "X~2", "# define X"},
		// C++: directive lines inside a declaration; the first branch of
		// a conditional is kept, a dead one ("#if 0") is not.
		{"cpp", "template<typename _RAIter, typename _Gen>\n  void\n  random_shuffle(_RAIter, _RAIter,\n#if __cplusplus >= 201103L\n    _Gen&&);\n#else\n    _Gen&);\n#endif\n",
			"random_shuffle", "template<typename _RAIter, typename _Gen> void random_shuffle(_RAIter, _RAIter, _Gen&&)"},
		{"cpp", "inline string\nto_string(int __val)\n#if _GLIBCXX_USE_CXX11_ABI\nnoexcept // fits in the SSO buffer\n#endif\n{ return string(); }\n",
			"to_string", "inline string to_string(int __val) noexcept"},
		{"cpp", "template<typename... _Args>\n#if __cplusplus > 201402L\n  reference\n#else\n  void\n#endif\n  emplace_front(_Args&&... __args);\n",
			"emplace_front", "template<typename... _Args> reference emplace_front(_Args&&... __args)"},
		{"cpp", "void h(\n#if 0\n  old_t a\n#else\n  new_t a\n#endif\n);\n", "h", "void h(new_t a)"},
		{"cpp", "struct Hider : allocator_type // TODO check __is_final\n{ int x; };\n", "Hider", "struct Hider : allocator_type"},
		{"cpp", "void s(const char* p = \"//\");\n", "s", "void s(const char* p = \"//\")"},
		// Other comment syntaxes.
		{"go", "package p\n\nfunc F(a int, // first\n\tb int) {}\n", "F", "func F(a int, b int)"},
		{"java", "class C {\n  void m(int a /* in */, int b) {}\n}\n", "C.m", "void m(int a, int b)"},
		{"rust", "fn r(a: i32, /* why */ b: i32) {}\n", "r", "fn r(a: i32, b: i32)"},
		{"lua", "function f(a, -- first\n  b)\nend\n", "f", "function f(a, b)"},
		{"typescript", "export const dual: {\n  <A>(self: A): A\n  /** doc */\n  <A, B>(self: A, b: B): A\n} = f\n",
			"dual", "export const dual: { <A>(self: A): A <A, B>(self: A, b: B): A } = f"},
	}
	for _, tt := range tests {
		l := Lookup(tt.lang)
		res, err := l.Extract([]byte(tt.src))
		if err != nil {
			t.Fatal(err)
		}
		found := false
		var anchors []string
		for _, n := range res.Nodes[1:] {
			anchors = append(anchors, n.Anchor)
			if n.Anchor != tt.anchor {
				continue
			}
			found = true
			if n.Signature != tt.want {
				t.Errorf("%s %s: signature\n %q, want\n %q", tt.lang, tt.anchor, n.Signature, tt.want)
			}
		}
		if !found {
			t.Errorf("%s: no %s in %v", tt.lang, tt.anchor, anchors)
		}
	}
}

func TestTidyGaps(t *testing.T) {
	for in, want := range map[string]string{
		"f( a , b )":      "f(a, b)",
		"f(a, \" , \")":   "f(a, \" , \")",
		"x = ( …":         "x = ( …",
		"x = [ 1 , …":     "x = [1, …",
		"template<A > B ": "template<A > B ",
	} {
		if got := tidyGaps(in); got != want {
			t.Errorf("tidyGaps(%q) = %q, want %q", in, got, want)
		}
	}
}
