package index

import (
	"path/filepath"
	"testing"
)

// A lookup lists a C or C++ function's definition, with its body, before
// its prototypes, though the header with the prototypes sorts first and is
// no deeper; a TypeScript or Python implementation comes before its
// overloads, and before a "declare function" in a declaration file or a
// Python stub (.pyi). An interface method
// is the contract, not a declaration: it keeps its place.
func TestSymbolsDefinitionBeforeDeclaration(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"bits/algorithmfwd.h": "namespace std {\ntemplate<typename _RAIter>\n  void sort(_RAIter, _RAIter);\n}\n",
		"bits/stl_algo.h":     "namespace std {\ntemplate<typename _RAIter>\n  inline void sort(_RAIter __first, _RAIter __last)\n  { __sort(__first, __last); }\n}\n",
		"include/api.h":       "int api_open(const char *path);\nextern int api_errno;\n",
		"src/api.c":           "int api_errno;\nint api_open(const char *path) { return 0; }\n",
		"a/fmt.d.ts":          "export declare function format(s: string): string;\n",
		"b/fmt.ts":            "export function format(s: string): string;\nexport function format(s: string, n: number): string;\nexport function format(s: string, n?: number): string { return s; }\n",
		"py/parse.py":         "from typing import overload\n@overload\ndef parse(x: int) -> int: ...\n@overload\ndef parse(x: str) -> str: ...\ndef parse(x):\n    return x\n",
		"a/Shape.java":        "interface Shape {\n  double area();\n}\n",
		"b/Square.java":       "class Square implements Shape {\n  public double area() { return 1; }\n}\n",
		// No definition among the hits: the prototype is the best there
		// is, not behind a macro or a compiled copy in another language.
		"stdio.h":            "extern FILE *fopen (const char *name, const char *modes);\n",
		"bits/redirect.h":    "# define fopen fopen64\n",
		"types/of.d.ts":      "export declare function of<T>(value: T): Observable<T>;\n",
		"lib/cjs/deep/of.js": "function of(value) { return from([value]); }\n",
		// A .pyi stub declares what the module beside it (or C) defines,
		// though it is shallower.
		"decoder.pyi":     "class JSONDecoder:\n    def decode(self, s: str) -> object: ...\n",
		"json/decoder.py": "class JSONDecoder(object):\n    def decode(self, s):\n        return s\n",
	})
	for _, tc := range []struct{ query, want string }{
		{"sort", "bits/stl_algo.h#std.sort"},
		{"std::sort", "bits/stl_algo.h#std.sort"},
		{"api_open", "src/api.c#api_open"},
		{"api_errno", "src/api.c#api_errno"},
		{"format", "b/fmt.ts#format"}, // the implementation has the bare id
		{"parse", "py/parse.py#parse"},
		{"area", "a/Shape.java#Shape.area"},
		{"fopen", "stdio.h#fopen"},
		{"of", "types/of.d.ts#of"},
		{"JSONDecoder.decode", "json/decoder.py#JSONDecoder.decode"},
		{"JSONDecoder", "json/decoder.py#JSONDecoder"},
	} {
		wantFirstSymbol(t, ix, tc.query, tc.want)
	}
}

// The declaration flag survives a snapshot.
func TestSnapshotKeepsDeclaration(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"a/api.h": "int api_open(const char *path);\n",
		"b/api.c": "int api_open(const char *path) { return 0; }\n",
	})
	path := filepath.Join(t.TempDir(), "snap")
	if err := ix.Save(path, "fp", nil); err != nil {
		t.Fatal(err)
	}
	ix = New()
	if _, err := ix.Load(path, "fp"); err != nil {
		t.Fatal(err)
	}
	res, err := ix.Symbols(SymbolRequest{Query: "api_open"})
	if err != nil || len(res.Symbols) != 2 {
		t.Fatalf("%+v %v", res, err)
	}
	if got := res.Symbols[0].NodeID; got != "b/api.c#api_open" {
		t.Errorf("after a load, first %s, want the definition b/api.c#api_open", got)
	}
}
