package parsers

import (
	"strings"
	"testing"
)

// A syntax error does not fail a parse, but the document says where it
// is: the outline may miss the symbols there.
func TestSyntaxErrorIsAWarningWithItsLines(t *testing.T) {
	for _, tc := range []struct{ path, src, want string }{
		{"a.go", "package p\n\nfunc A() {}\n\nfunc B( {\n}\n\nfunc C() {}\n", "syntax error at line 5"},
		{"a.py", "def a():\n    pass\n\ndef b(:\n    pass\n", "syntax error at line 4"},
		{"a.go", "package p\n\nfunc A() {}\n", ""},
	} {
		doc, err := Parse(tc.path, tc.path, []byte(tc.src))
		if err != nil {
			t.Fatalf("%s: %v", tc.path, err)
		}
		got := strings.Join(doc.Warnings, "; ")
		if tc.want == "" {
			if got != "" || doc.SyntaxErrors {
				t.Errorf("%q: warnings %q for valid code", tc.src, got)
			}
			continue
		}
		if !doc.SyntaxErrors || !strings.Contains(got, tc.want) {
			t.Errorf("%q: warnings %q, want %q", tc.src, got, tc.want)
		}
	}
}
