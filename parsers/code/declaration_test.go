package code

import (
	"sort"
	"strings"
	"testing"
)

// TestDeclarations: a symbol declared here and defined elsewhere (a C or
// C++ prototype or extern variable, a TypeScript overload or ambient
// function, a Python @overload stub) is a Declaration; a definition, a
// deleted or defaulted function, a pure virtual one, an interface or
// abstract method is not.
func TestDeclarations(t *testing.T) {
	// A declaration gives the bare anchor up to the definition of its name
	// in the file (f~2 is f's prototype, f its definition); "ext" has none.
	tests := []struct {
		lang, src string
		want      []string // the anchors that are declarations, sorted
	}{
		{"c", "int f(int);\nint f(int x) { return x; }\nextern int n;\nint n = 1;\nint m;\nstatic int g(void);\n",
			[]string{"f~2", "g", "n~2"}},
		{"cpp", "struct S {\n  S();\n  S(const S&) = delete;\n  S& operator=(S&&) = default;\n  virtual void pure() = 0;\n  void later();\n  void inl() {}\n};\n" +
			"void S::later() {}\nvoid gone() = delete;\ntemplate<typename T> void sort(T, T);\ntemplate<typename T> void sort(T a, T b) {}\n",
			[]string{"S.S~2", "S.later~2", "sort~2"}},
		{"typescript", "export function fmt(s: string): string;\nexport function fmt(s: string): string { return s; }\n" +
			"declare function ext(): void;\nclass C {\n  m(a: string): void;\n  m(a: any) {}\n}\nabstract class A {\n  abstract run(): void;\n}\ninterface I {\n  go(): void;\n}\n",
			[]string{"C.m~2", "ext", "fmt~2"}},
		{"java", "interface I {\n  void go();\n}\nabstract class A {\n  abstract void run();\n  void done() {}\n}\n", nil},
		{"rust", "trait T {\n  fn go(&self);\n}\nfn f() {}\n", nil},
		{"python", "from typing import overload\n@overload\ndef f(x: int) -> int: ...\ndef f(x): return x\n" +
			"class C:\n  @overload\n  @staticmethod\n  def m(x: int) -> int: ...\n  @staticmethod\n  def m(x): return x\n", []string{"C.m~2", "f~2"}},
	}
	for _, tt := range tests {
		res, err := Lookup(tt.lang).Extract([]byte(tt.src))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, n := range res.Nodes[1:] {
			if n.Declaration {
				got = append(got, n.Anchor)
			}
		}
		sort.Strings(got)
		if strings.Join(got, " ") != strings.Join(tt.want, " ") {
			t.Errorf("%s: declarations %v, want %v", tt.lang, got, tt.want)
		}
	}
}
