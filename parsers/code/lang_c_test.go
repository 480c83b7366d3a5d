package code

import (
	"strings"
	"testing"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/parsers/code/internal/cpre"
)

// symbolsOf extracts src and returns "kind qualified_name" per symbol, in
// document order.
func symbolsOf(t *testing.T, lang, src string) []string {
	t.Helper()
	res, err := Lookup(lang).Extract([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	checkInvariants(t, res.Nodes, []byte(src))
	var out []string
	for _, n := range res.Nodes[1:] {
		k := string(n.Kind)
		if n.NativeKind != "" {
			k += "/" + n.NativeKind
		}
		out = append(out, k+" "+n.Anchor)
	}
	return out
}

func TestDetectHeader(t *testing.T) {
	tests := []struct {
		name, head, want string
	}{
		{"c prototypes", "#ifndef A_H\n#define A_H\n#include <stddef.h>\nint a_open(const char *p);\nstruct a { int x; };\n#endif\n", "c"},
		{"c with extern C guard", "#ifdef __cplusplus\nextern \"C\" {\n#endif\nvoid f(void);\n#ifdef __cplusplus\n}\n#endif\n", "c"},
		{"c with a C++ helper section", "int f(void);\nint g(void);\nint h(void);\n#ifdef __cplusplus\n#define NUL nullptr\n#endif\n", "c"},
		{"c with C++ words in comments and macros", "/* see std::vector; a virtual address (x) */\n#define THROW noexcept\nint f(void);\n", "c"},
		{"mozilla C header with a C++ mode line", "/* -*- Mode: C++; tab-width: 4 -*- */\n#ifndef P_H\n#define P_H\ntypedef int PRInt32;\nvoid PR_Init(void);\n#endif\n", "c"},
		{"c mode line wins", "// -*- C -*-\nclass_t *make(void);\n", "c"},
		{"class", "#pragma once\nclass Widget {\n public:\n  void Draw();\n};\n", "cpp"},
		{"namespace with visibility macro", "namespace std _GLIBCXX_VISIBILITY(default)\n{\n}\n", "cpp"},
		{"export macro class", "class LEVELDB_EXPORT Status {\n};\n", "cpp"},
		{"template", "template <typename T>\nT max(T a, T b);\n", "cpp"},
		{"C++ standard header include", "#ifndef S_H\n#define S_H\n#include <stdint.h>\n#include <memory>\n#endif\n", "cpp"},
		{"qualified names", "struct AddonData { Nan::Persistent<v8::Object> obj; };\n", "cpp"},
		{"header that is C++ under __cplusplus", "#ifdef __cplusplus\nnamespace abi {\nclass type_info;\nint f();\nint g();\n}\n#endif\n", "cpp"},
		{"struct inheritance", "struct B : public A { int x; };\n", "cpp"},
		{"macros only", "#ifndef CFG_H\n#define CFG_H\n#define HAVE_X 1\n#endif\n", "c"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := Detect("include/x.h", []byte(tt.head))
			if l == nil || l.Name != tt.want {
				got := "<nil>"
				if l != nil {
					got = l.Name
				}
				t.Errorf("Detect(.h) = %s, want %s", got, tt.want)
			}
		})
	}
}

// TestDetectLicenseHeader: a C++ header whose first code comes after a
// long license comment is still C++ when the caller passes a long head.
func TestDetectLicenseHeader(t *testing.T) {
	head := "/*\n" + strings.Repeat(" * Licensed under the Apache License, Version 2.0.\n", 200) + " */\n#include <algorithm>\nnamespace re2 {\n}\n"
	if l := Detect("re2/sparse_array.h", []byte(head)); l == nil || l.Name != "cpp" {
		t.Errorf("got %v, want cpp", l)
	}
}

func TestDetectByExtension(t *testing.T) {
	for name, want := range map[string]string{
		"a.c": "c", "a.cc": "cpp", "a.cpp": "cpp", "a.cxx": "cpp", "a.c++": "cpp", "a.C": "cpp",
		"a.hpp": "cpp", "a.hh": "cpp", "a.hxx": "cpp", "a.ipp": "cpp", "a.tcc": "cpp", "a.inl": "cpp",
	} {
		if l := Detect(name, nil); l == nil || l.Name != want {
			t.Errorf("Detect(%q) = %v, want %s", name, l, want)
		}
	}
}

func TestCDeclarators(t *testing.T) {
	src := `int (*handler)(int);
int *make(void);
void (*signal(int sig, void (*fn)(int)))(int);
int (*table[4])(void);
static const char *const names[] = {"a"};
const char *greeting;
char buf[16], *cursor;
extern int count;
typedef int (*cmp_fn)(const void *, const void *);
typedef struct { int x; } point_t, *point_p;
typedef struct node node_t;
struct outer { struct { int a; } anon; int (*cb)(void); unsigned flags : 3; };
`
	want := []string{
		"variable handler",
		"function make",
		"function signal",
		"variable table",
		"constant names",
		"variable greeting",
		"variable buf",
		"variable cursor",
		"variable count",
		"type/typedef cmp_fn",
		"type/typedef point_p",
		"struct/typedef point_t",
		"field point_t.x",
		"type/typedef node_t",
		"struct outer",
		"field outer.anon",
		"field outer.anon.a",
		"field outer.cb",
		"field outer.flags",
	}
	if got := symbolsOf(t, "c", src); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestCLocalsAndGuards(t *testing.T) {
	src := `#ifndef LIB_H
#define LIB_H
#define LIB_VERSION 3
#if !defined(OTHER_H)
#define OTHER_H
#endif
int f(void) {
	int local = 1;
	static int counter;
	int helper(int);
	struct scratch { int n; } s;
	return local;
}
#if 0
int dead(void) { return 0; }
#endif
#endif
`
	want := []string{
		"macro LIB_VERSION",
		"function f",
		"struct f.scratch",
		"field f.scratch.n",
	}
	if got := symbolsOf(t, "c", src); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestCExportMacros: declarations behind macros the grammar cannot
// expand keep their names, kinds and full signatures.
func TestCExportMacros(t *testing.T) {
	src := `#ifdef __cplusplus
extern "C" {
#endif
LZ4LIB_API int LZ4_compress_default(const char *src, char *dst, int n);
XMLPUBFUN xmlDocPtr XMLCALL xmlParseFile(const char *filename);
extern int foo(int x) __THROW __attribute_pure__ __nonnull((1));
extern void *xcopy(void *__restrict d, const void *__restrict s) __THROW __wur;
typedef void (XMLCALL *xmlFreeFunc)(void *mem);
DWORD count;
FILE *open_log(const char *path);
#ifdef __cplusplus
}
#endif
`
	res, err := Lookup("c").Extract([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if res.SyntaxErrors {
		t.Error("syntax errors left after blanking macros")
	}
	got := map[string]string{}
	for _, n := range res.Nodes[1:] {
		got[n.Name] = string(n.Kind) + ": " + n.Signature
	}
	want := map[string]string{
		"LZ4_compress_default": "function: LZ4LIB_API int LZ4_compress_default(const char *src, char *dst, int n)",
		"xmlParseFile":         "function: XMLPUBFUN xmlDocPtr XMLCALL xmlParseFile(const char *filename)",
		"foo":                  "function: extern int foo(int x) __THROW __attribute_pure__ __nonnull((1))",
		"xcopy":                "function: extern void *xcopy(void *__restrict d, const void *__restrict s) __THROW __wur",
		"xmlFreeFunc":          "type: typedef void (XMLCALL *xmlFreeFunc)(void *mem)",
		"count":                "variable: DWORD count",
		"open_log":             "function: FILE *open_log(const char *path)",
	}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s: got %q, want %q", name, got[name], w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("got %d symbols %v, want %d", len(got), got, len(want))
	}
}

func TestBlankMacrosKeepsLength(t *testing.T) {
	srcs := []string{
		"SQLITE_API int sqlite3_open(const char*, sqlite3**);\n",
		"#if X\nint f() {\n#else\nint f(int) {\n#endif\n  return 0;\n}\n",
		"const char *s = R\"x(MACRO int f() { )x\";\nQ_OBJECT\n",
		"#define A(x) \\\n  B(x) /* c */ \\\n  C\n",
		strings.Repeat("(", 100) + "FOO" + strings.Repeat(")", 100),
		"struct A {\n  template<class U> inline friend bool f(U) { return 1; }\n  auto g() -> decltype(h(x), void(), true);\n};\n",
		"extern template\n  const C& use_facet<C>(const locale&);\n__extension__ typedef int T;\n",
	}
	for _, src := range srcs {
		for _, fn := range []func([]byte) []byte{cpre.Blank, cpre.BlankC} {
			out := fn([]byte(src))
			if len(out) != len(src) || strings.Count(string(out), "\n") != strings.Count(src, "\n") {
				t.Errorf("%q: length or lines changed:\n%q", src, out)
			}
		}
	}
}

func TestMacroKindsInC(t *testing.T) {
	res, err := Lookup("c").Extract([]byte("#define ONE 1\n#define TWO(a, b) \\\n\t((a) + (b))\n"))
	if err != nil {
		t.Fatal(err)
	}
	var sigs []string
	for _, n := range res.Nodes[1:] {
		if n.Kind != treenav.KindMacro {
			t.Errorf("%s: kind %s", n.Name, n.Kind)
		}
		sigs = append(sigs, n.Signature)
		if n.Name == "TWO" && (n.LineStart != 2 || n.LineEnd != 3) {
			t.Errorf("TWO: lines %d-%d, want 2-3", n.LineStart, n.LineEnd)
		}
	}
	if strings.Join(sigs, "|") != "#define ONE 1|#define TWO(a, b)" {
		t.Errorf("signatures %q", sigs)
	}
}

// TestPreprocessTokenSoup throws random sequences of the tokens the
// preprocessing step reacts to at it: it must never panic, and must keep
// the length and the line breaks.
func TestPreprocessTokenSoup(t *testing.T) {
	vocab := []string{
		"FOO", "BAR(x)", "_GLIBCXX_NOEXCEPT", "__wur", "__nonnull((1))", "int", "f", "(", ")", "{", "}",
		";", ",", "*", "&", "::", "<", ">", "[[", "]]", "template", "class", "struct", "enum", "namespace",
		"operator", "~", "=", "\n", "\n#if X\n", "\n#ifdef __cplusplus\n", "\n#else\n", "\n#endif\n",
		"\n#if 0\n", "\n#define M(a) \\\n a /* c */ \\\n b\n", "\"s\"", "'c'", "R\"(x)\"", "// c\n", "/* c */",
		"decltype", "auto", "friend", "public", ":", "static", "typedef", "using", "extern", "\"C\"",
	}
	seed := uint32(1)
	next := func() int {
		seed = seed*1664525 + 1013904223
		return int(seed >> 8)
	}
	for i := 0; i < 3000; i++ {
		var b strings.Builder
		for n := next()%60 + 1; n > 0; n-- {
			b.WriteString(vocab[next()%len(vocab)])
			b.WriteByte(' ')
		}
		src := b.String()
		for _, fn := range []func([]byte) []byte{cpre.Blank, cpre.BlankC} {
			out := fn([]byte(src))
			if len(out) != len(src) || strings.Count(string(out), "\n") != strings.Count(src, "\n") {
				t.Fatalf("%q:\nlength or lines changed: %q", src, out)
			}
		}
		if i%10 == 0 {
			for _, lang := range []string{"c", "cpp"} {
				res, err := Lookup(lang).Extract([]byte(src))
				if err != nil {
					t.Fatal(err)
				}
				checkInvariants(t, res.Nodes, []byte(src))
			}
		}
	}
}

// TestCFidelityShapes: each shape cmd/fidelity found misread in glibc and
// library headers (see testdata/c/glibc_shapes.h for them in context).
func TestCFidelityShapes(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"reserved macro after an attribute", "extern int abs (int __x) __THROW __attribute__ ((__const__)) __wur;\nint after(void);\n",
			[]string{"function abs", "function after"}},
		{"glibc _Attr_access_", "extern int f (char *b, size_t n)\n    _Attr_access_ ((__write_only__, 1, 2));\nextern void g (void);\n",
			[]string{"function f", "function g"}},
		{"__REDIRECT", "extern int __REDIRECT (fscanf, (FILE *__restrict __s, const char *__f, ...),\n  __isoc99_fscanf) __wur;\nextern int __REDIRECT_NTH (strerror_r,\n (int __e, char *__b, size_t __n),\n __xpg_strerror_r) __nonnull ((2));\n",
			[]string{"function fscanf", "function strerror_r"}},
		{"macro around the name", "extern NCURSES_EXPORT(int) NCURSES_SP_NAME(cbreak) (SCREEN*);\nBZ_EXTERN int BZ_API(BZ2_bzRead) (int *e, int len);\n",
			[]string{"function cbreak", "function BZ2_bzRead"}},
		{"pointer result and OF", "ZEXTERN char * ZEXPORT gzgets OF((gzFile file, char *buf, int len));\n",
			[]string{"function gzgets"}},
		{"attribute macros after a type macro", "XMLPARSEAPI(void *)\nXML_ATTR_MALLOC\nXML_ATTR_ALLOC_SIZE(2)\nXML_MemMalloc(XML_Parser parser, size_t size);\n",
			[]string{"function XML_MemMalloc"}},
		{"export macro before a builtin type", "TS_PUBLIC void (*ts_free)(void *);\n",
			[]string{"variable ts_free"}},
		{"macro after a typedef name", "typedef struct gcry_mpi *GCRY_MPI _GCRY_GCC_ATTR_DEPRECATED;\ntypedef unsigned long ULONG;\n",
			[]string{"type/typedef GCRY_MPI", "type/typedef ULONG"}},
		{"typedef through a macro", "typedef PNG_CALLBACK(void, *png_rw_ptr, (png_structp, png_bytep, size_t));\n",
			[]string{"type/typedef png_rw_ptr"}},
		{"field named by a macro", "struct re {\n  struct re_dfa_t *__REPB_PREFIX(buffer);\n  unsigned short int __ctx(significand)[4];\n};\n",
			[]string{"struct re", "field re.buffer", "field re.significand"}},
	}
	for _, tt := range tests {
		if got := symbolsOf(t, "c", tt.src); strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}
