package code

import (
	"strings"
	"testing"
)

// TestDetectLibstdcxxHeaders: libstdc++'s public headers have no
// extension; their Emacs mode line makes them C++.
func TestDetectLibstdcxxHeaders(t *testing.T) {
	tests := []struct{ name, head, want string }{
		{"include/c++/12/vector", "// <vector> -*- C++ -*-\n\n// Copyright (C) 2001-2022 Free Software Foundation, Inc.\n", "cpp"},
		{"include/c++/12/bits/stl_vector.h", "// Vector implementation -*- C++ -*-\n\nnamespace std _GLIBCXX_VISIBILITY(default)\n{\n", "cpp"},
		{"include/c++/12/cstdlib", "// -*- C++ -*- forwarding header.\n", "cpp"},
		{"src/config", "# -*- mode: sh -*-\n", ""},
		{"README", "Just text.\n", ""},
	}
	for _, tt := range tests {
		l := Detect(tt.name, []byte(tt.head))
		got := ""
		if l != nil {
			got = l.Name
		}
		if got != tt.want {
			t.Errorf("Detect(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestCPPDeclarators(t *testing.T) {
	src := `namespace a::b {
struct S {
  S();
  explicit S(int) : v(0) {}
  ~S();
  S &operator=(const S &) = delete;
  bool operator()(int) const;
  void *operator new[](size_t);
  operator bool() const;
  operator const char *() const;
  template <class T> T as() const;
  friend void swap(S &, S &);
  friend bool operator==(S, S) { return true; }
  static constexpr int kMax = 3;
  int v = 0;
  int (S::*member_fn)(int);
  DISALLOW_COPY(S);
};
}
a::b::S::S() {}
a::b::S::~S() {}
a::b::S::operator bool() const { return v; }
template <class T> T a::b::S::as() const { return T(); }
template <class T> Box(T) -> Box<T>;
TEST(Suite, Name) { }
int operator"" _km(unsigned long long);
`
	want := []string{
		"namespace a.b",
		"struct a.b.S",
		// Declarations in the class give the bare anchor up to the
		// definitions below it.
		"constructor a.b.S.S~2",
		"constructor a.b.S.S",
		"method/destructor a.b.S.~S~2",
		"method/operator a.b.S.operator=",
		"method/operator a.b.S.operator()",
		"method/operator a.b.S.operator new[]",
		"method/operator a.b.S.operator bool~2",
		"method/operator a.b.S.operator const char *",
		"method a.b.S.as~2",
		"method/friend a.b.S.operator==",
		"constant a.b.S.kMax",
		"field a.b.S.v",
		"field a.b.S.member_fn",
		"constructor a.b.S.S~3",
		"method/destructor a.b.S.~S",
		"method/operator a.b.S.operator bool",
		"method a.b.S.as",
		`function/operator operator""_km`,
	}
	if got := symbolsOf(t, "cpp", src); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestLibstdcxxMacros: the shapes libstdc++ uses everywhere parse once
// their macros are blanked, and attribute-like macros stay in the range.
func TestLibstdcxxMacros(t *testing.T) {
	src := `namespace std _GLIBCXX_VISIBILITY(default)
{
_GLIBCXX_BEGIN_NAMESPACE_VERSION
_GLIBCXX_BEGIN_NAMESPACE_CONTAINER

  template<typename _Tp>
    class vector
    {
    public:
      _GLIBCXX20_CONSTEXPR
      vector() _GLIBCXX_NOEXCEPT { }

#if __cplusplus >= 201103L
      template<typename _InputIterator,
	       typename = std::_RequireInputIter<_InputIterator>>
#else
      template<typename _InputIterator>
#endif
	_GLIBCXX20_CONSTEXPR
	vector(_InputIterator __first, _InputIterator __last);

      _GLIBCXX_NODISCARD _GLIBCXX20_CONSTEXPR
      bool
      empty() const _GLIBCXX_NOEXCEPT
      { return true; }

      static _GLIBCXX_ALWAYS_INLINE bool
      _S_check() noexcept;

      constexpr decltype(auto)
      get() noexcept;
    };

_GLIBCXX_END_NAMESPACE_CONTAINER
_GLIBCXX_END_NAMESPACE_VERSION
} // namespace std
`
	res, err := Lookup("cpp").Extract([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if res.SyntaxErrors {
		t.Error("syntax errors left")
	}
	type sym struct {
		kind, name string
		line       int
	}
	var got []sym
	for _, n := range res.Nodes[1:] {
		got = append(got, sym{string(n.Kind), n.Anchor, n.LineStart})
	}
	want := []sym{
		{"namespace", "std", 1},
		{"class", "std.vector", 6},
		{"constructor", "std.vector.vector", 10},
		{"constructor", "std.vector.vector~2", 14},
		{"method", "std.vector.empty", 22},
		{"method", "std.vector._S_check", 27},
		{"method", "std.vector.get", 30},
	}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("symbol %d: got %v, want %v", i, got[i], want[i])
		}
	}
}

// TestConditionalFlattening: both sides of an #if that holds whole
// declarations stay; an #if that splits one keeps its longest branch.
func TestConditionalFlattening(t *testing.T) {
	src := `#ifdef _WIN32
void platform_init(HWND w);
#else
void platform_init(int fd);
#endif

#ifdef USE_FAST
int compute(int x) {
#else
int compute(int x, int y) {
#endif
  return x;
}

int after(void);
`
	want := []string{
		"function platform_init",
		"function platform_init~2",
		"function compute",
		"function after",
	}
	for _, lang := range []string{"c", "cpp"} {
		if got := symbolsOf(t, lang, src); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: got:\n%s\nwant:\n%s", lang, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// TestCPlusPlusSectionsInC: code under #ifdef __cplusplus is not C.
func TestCPlusPlusSectionsInC(t *testing.T) {
	src := `#ifdef __cplusplus
extern "C" {
#endif
int c_api(void);
#ifdef __cplusplus
}
template <class T> struct Wrapper {};
#endif
`
	res, err := Lookup("c").Extract([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if res.SyntaxErrors {
		t.Error("syntax errors: the C++ sections reached the C grammar")
	}
	if got := symbolsOf(t, "c", src); strings.Join(got, ",") != "function c_api" {
		t.Errorf("got %v", got)
	}
	if got := symbolsOf(t, "cpp", src); strings.Join(got, ",") != "function c_api,struct Wrapper" {
		t.Errorf("cpp: got %v", got)
	}
}

// TestAnnotationMacros: thread-safety annotations after a member's name
// go; capitalised names of constants stay.
func TestAnnotationMacros(t *testing.T) {
	src := `class Counter {
  Mutex mu_;
  int count_ ABSL_GUARDED_BY(mu_) = 0;
  static const int MAX_SIZE;
  void Add() ABSL_LOCKS_EXCLUDED(mu_);
} ABSL_CACHELINE_ALIGNED;
`
	want := []string{
		"class Counter",
		"field Counter.mu_",
		"field Counter.count_",
		"constant Counter.MAX_SIZE",
		"method Counter.Add",
	}
	if got := symbolsOf(t, "cpp", src); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestModernAnnotations: abseil-style class, parameter and nullability
// macros.
func TestModernAnnotations(t *testing.T) {
	src := `class ABSL_LOCKABLE ABSL_ATTRIBUTE_WARN_UNUSED SpinLockHolder {
 public:
  ABSL_DEPRECATE_AND_INLINE()
  inline explicit SpinLockHolder(
      SpinLock& l ABSL_INTERNAL_ATTRIBUTE_CAPTURED_BY(this))
      ABSL_EXCLUSIVE_LOCK_FUNCTION(l)
      : lock_(l) {}
  T* absl_nonnull get() { return p_; }
  uint32_t SpinLoop();
};
void *myalloc OF((void *, unsigned, unsigned));
`
	want := []string{
		"class SpinLockHolder",
		"constructor SpinLockHolder.SpinLockHolder",
		"method SpinLockHolder.get",
		"method SpinLockHolder.SpinLoop",
		"function myalloc",
	}
	if got := symbolsOf(t, "cpp", src); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestCPPFidelityShapes: each shape cmd/fidelity found misread on
// libstdc++ (see testdata/cpp/libstdcxx_shapes.hpp for them in context).
func TestCPPFidelityShapes(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"macro return type before operator", "struct A {\n inline\n MACRO_T&\n operator=(const MACRO_T& o)\n { return *this; }\n};\n",
			[]string{"struct A", "method/operator A.operator="}},
		{"class in capitals", "struct _NFA {\n _NFA(const typename T::l& a, F f)\n : B(f) { }\n};\n",
			[]string{"struct _NFA", "constructor _NFA._NFA"}},
		{"conversion after specifiers", "struct A {\n [[nodiscard]] constexpr operator bool() const { return 1; }\n};\n",
			[]string{"struct A", "method/operator A.operator bool"}},
		{"out-of-line conversion", "template <class C>\n inline P<C>::\n operator C() const\n { return C(); }\n",
			[]string{"method/operator P.operator C"}},
		{"attribute after a parameter", "struct A {\n static void f(A& a __attribute__((__unused__)), int b) { }\n};\n",
			[]string{"struct A", "method A.f"}},
		{"extension before using", "struct S { __extension__ using type = unsigned __int128; };\n",
			[]string{"struct S", "type/using S.type"}},
		{"decltype operand", "struct M {\n template<typename K>\n auto has(const K& x) const\n -> decltype(f(x), void(), true)\n { return true; }\n int n;\n};\n",
			[]string{"struct M", "method M.has", "field M.n"}},
		{"inline friend", "struct A {\n template<typename U>\n inline friend void swap(A<U>&, A<U>&);\n template<typename U>\n inline friend bool operator==(A, U*) { return false; }\n};\n",
			[]string{"struct A", "method/friend A.operator=="}},
		{"explicit instantiations", "extern template class allocator<char>;\nextern template\n const C& use_facet<C>(const locale&);\ntemplate\n bool has_facet<C>(const locale&);\nint after();\n",
			[]string{"function after"}},
		{"constexpr object with parentheses", "constexpr error_type error_collate(_S_error_collate);\nconstexpr int twice(int x);\n",
			[]string{"constant error_collate", "function twice"}},
		{"static member defined with parentheses", "template<typename T>\n C<int> A<T>::_S_count(_S_blocks);\n",
			[]string{"variable A._S_count"}},
		{"local using", "void f() {\n using V = int;\n typedef V W;\n struct L { };\n}\n",
			[]string{"function f", "struct f.L"}},
		{"macro with a braced argument", "struct F {\n int _M_i _GLIBCXX20_INIT({});\n};\n",
			[]string{"struct F", "field F._M_i"}},
		{"macro run that leads nothing", "OP_SET(==)\nOP_SET(!=)\n\ntemplate<typename T>\n inline bool operator==(const P<T>& a, int b) { return false; }\n",
			[]string{"function/operator operator=="}},
	}
	for _, tt := range tests {
		if got := symbolsOf(t, "cpp", tt.src); strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestAttributeMacroAfterScopeMacro: a macro on the line above a
// declaration is part of it even after a scope macro set apart by a blank
// line and a comment; the declaration starts on the macro's line.
func TestAttributeMacroAfterScopeMacro(t *testing.T) {
	src := "namespace std {\n_GLIBCXX_END_NAMESPACE_CONTAINER\n\n  // Fill.\n  _GLIBCXX20_CONSTEXPR\n  inline void\n  fill(int* v) { }\n}\n"
	res, err := Lookup("cpp").Extract([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range res.Nodes[1:] {
		if n.Name == "fill" && n.LineStart != 5 {
			t.Errorf("fill starts on line %d, want 5", n.LineStart)
		}
	}
}
