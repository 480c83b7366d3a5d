package code

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// cppMarked reads only the lines around the words every C++ marker holds:
// it must answer as the marker expression read over the whole code does,
// for markers at the start, the end and across lines, and for C code
// that holds the words without being C++.
func TestCppMarkedAgreesWithMarkers(t *testing.T) {
	cases := []string{
		"#include <stdio.h>\nstruct point { int x, y; };\n",
		"#include <vector>\n",
		"class Widget\n{\n  int w;\n};\n",
		"class EXPORT_API Widget final : Base {\n",
		"struct A : public B {};\n",
		"int f(void) { return std::max(1, 2); }\n",
		"typedef struct { int public_count; int classes; } counts;\n",
		"/* nothing */\nint virtual_memory;\n",
		"  virtual int size() const = 0;\n",
		"template <typename T>\nT id(T x);\n",
		"namespace a::b {\n",
		"x = static_cast <int>(y);\n",
		"int include_count;\nstruct using_t { int namespace_id; };\n",
		"void f() noexcept;\n",
		"using namespace std;\n",
		"public:\n  int x;\n",
	}
	// Markers far from the start of long C code, and words whose marker
	// lies on the next line.
	r := rand.New(rand.NewPCG(3, 4))
	filler := []string{"int a;\n", "struct s { int public_x; };\n", "#include <stdlib.h>\n", "/* class */\n", "\n", "static int classify(int);\n"}
	for range 200 {
		var b strings.Builder
		for range r.IntN(400) {
			b.WriteString(filler[r.IntN(len(filler))])
		}
		if r.IntN(2) == 0 {
			b.WriteString(cases[r.IntN(len(cases))])
		}
		cases = append(cases, b.String())
	}
	for _, c := range cases {
		plain, guarded, _, _ := cCode([]byte(c))
		for _, code := range [][]byte{plain, guarded} {
			if got, want := cppMarked(code), cppMarkers.Match(code); got != want {
				t.Errorf("cppMarked = %v, cppMarkers.Match = %v, for:\n%s", got, want, code)
			}
		}
	}
}
