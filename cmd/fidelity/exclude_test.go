package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestNormNameConversions(t *testing.T) {
	tests := map[string]string{
		"operator type-parameter-0-0": "operator(conversion)",
		"operator __int_type":         "operator(conversion)",
		"operator const char *":       "operator(conversion)",
		"operator new[]":              "operatornew[]",
		"operator delete":             "operatordelete",
		"operator ()":                 "operator()",
		"operator<=>":                 "operator<=>",
		"operator_traits":             "operator_traits",
		"~auto_ptr<_Tp>":              "~auto_ptr",
	}
	for in, want := range tests {
		if got := normName(in); got != want {
			t.Errorf("normName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDeclarationHead(t *testing.T) {
	src := strings.Split(`  template<typename _Key, typename _Val,
	   typename _Alloc>
    template<typename _Iterator>
#if X
      constexpr
#endif
      [[nodiscard]] _GLIBCXX20_CONSTEXPR
      void f();
      static void g();`, "\n")
	live := map[int]bool{1: true, 2: true, 3: true, 7: true, 8: true, 9: true} // line 5 skipped
	if !declarationHead(src, 1, 8, live) {
		t.Error("template headers, directives, a dead line and attributes: want a head")
	}
	if declarationHead(src, 8, 9, live) {
		t.Error("a declaration is not a head")
	}
	if declarationHead(src, 1, 8, map[int]bool{1: true, 2: true, 3: true, 5: true, 7: true}) {
		t.Error("a live constexpr is not an attribute")
	}
}

func TestParseLineMarkers(t *testing.T) {
	out := "# 1 \"/a.h\"\nint a;\n\n# 1 \"/b.h\" 1\nint b;\n# 4 \"/a.h\" 2\n\nint c;\n"
	live := parseLineMarkers([]byte(out), "/a.h")
	for l, want := range map[int]bool{1: true, 2: false, 4: false, 5: true} {
		if live[l] != want {
			t.Errorf("line %d live = %v, want %v", l, live[l], want)
		}
	}
}

func TestMacroExpansionClass(t *testing.T) {
	dir := t.TempDir()
	src := "#define DEF(op, name) struct name { };\n" +
		"  DEF(==, _EqualOp);\n" +
		"PNG_EXPORT(7, void, png_set_x, (png_structrp p,\n    int n));\n" +
		"  A(int);\n" +
		"XMLPARSEAPI(void)\nXML_Free(XML_Parser p);\n"
	if err := os.WriteFile(filepath.Join(dir, "x.h"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cc := &cClassifier{dir: dir, run: &cRun{macros: map[string]bool{"DEF": true, "PNG_EXPORT": true, "A": true, "XMLPARSEAPI": true}}, lines: fileLines{}}
	tests := []struct {
		s    sym
		want bool
	}{
		{sym{key: key{"x.h", "_EqualOp", 2, "type"}, end: 2}, true},
		{sym{key: key{"x.h", "png_set_x", 3, "callable"}, end: 3}, true}, // libclang's extent stops inside the call
		{sym{key: key{"x.h", "A", 5, "callable"}, end: 5}, false},        // a constructor
		{sym{key: key{"x.h", "XML_Free", 6, "callable"}, end: 7}, false}, // the call is a return type
	}
	for _, tt := range tests {
		if got := cc.macroExpansion(tt.s); got != tt.want {
			t.Errorf("%s: got %v, want %v", tt.s.name, got, tt.want)
		}
	}
}

func TestExplicitInstantiation(t *testing.T) {
	for s, want := range map[string]bool{
		"  extern template class allocator<char>;": true,
		"template struct hash<int>;":               true,
		"template<> struct hash<int> { };":         false,
		"template<class T> class vector;":          false,
	} {
		if got := explicitInst.MatchString(s); got != want {
			t.Errorf("%q: got %v, want %v", s, got, want)
		}
	}
}

func TestContainsWord(t *testing.T) {
	text := "extern int NCURSES_SP_NAME(nl) (SCREEN*);"
	if !containsWord(text, "nl") || containsWord(text, "nl_sp") || containsWord(text, "SP") {
		t.Error("containsWord")
	}
}

func TestPrelude(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "bits"), 0o755)
	os.WriteFile(filepath.Join(dir, "regex"), []byte("#ifndef R\n#define R 1\n#if __cplusplus >= 201103L\n#include <bits/c++config.h>\n#include <bits/regex.h>\n#include <bits/regex.tcc>\n#endif\n#endif\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "bits", "regex.h"), []byte("// c\n#ifndef _REGEX_H\n#define _REGEX_H 1\nnamespace std { }\n#endif\n"), 0o644)
	g := newIncludeGraph(dir)
	p := g.prelude(filepath.Join(dir, "bits", "regex.h"), t.TempDir())
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	want := "#ifndef R\n#define R 1\n#if __cplusplus >= 201103L\n#include <bits/c++config.h>\n#endif\n#endif\n#undef _REGEX_H\n"
	if string(b) != want {
		t.Errorf("prelude:\n%s\nwant:\n%s", b, want)
	}
}
