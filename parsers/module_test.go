package parsers

import "testing"

// A Go file's package clause is its document's module; languages that
// declare none in the file leave it empty.
func TestModuleIsThePackageClause(t *testing.T) {
	for _, tc := range []struct{ path, src, want string }{
		{"encoding/json/v2/arshal.go", "// Package json does things.\npackage json\n\nfunc Marshal() {}\n", "json"},
		{"net/http/x_test.go", "package http_test\n\nimport \"testing\"\n", "http_test"},
		{"a.go", "package p\n\nfunc B( {\n}\n", "p"}, // a syntax error later does not lose it
		{"a.py", "def a():\n    pass\n", ""},
	} {
		doc, err := Parse(tc.path, tc.path, []byte(tc.src))
		if err != nil {
			t.Fatalf("%s: %v", tc.path, err)
		}
		if doc.Module != tc.want {
			t.Errorf("%s: module %q, want %q", tc.path, doc.Module, tc.want)
		}
	}
}
