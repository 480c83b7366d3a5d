package index

import (
	"strings"
	"testing"

	"github.com/treenav/treenav"
)

func TestIsDeprecated(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      bool
	}{
		{"go doc", "// Old does a thing.\n//\n// Deprecated: use New.\nfunc Old() {}", true},
		{"go plain", "// Old does a thing.\nfunc Old() {}", false},
		{"go, a mention", "// Old reads lines that start with\n// \"Deprecated:\" and returns them.\nfunc Old() {}", false},
		{"go block comment", "/*\n   Deprecated: use New.\n*/\nfunc Old() {}", true},
		{"jsdoc", "/** @deprecated use newer */\nexport function Old() {}", true},
		{"java annotation", "@Deprecated(since = \"9\")\npublic void Old() {}", true},
		{"rust attribute", "#[deprecated(note = \"use new\")]\npub fn Old() {}", true},
		{"c++ attribute", "[[deprecated(\"use nu\")]] void Old();", true},
		{"c# attribute", "[Obsolete(\"use New\")]\npublic void Old() {}", true},
		{"swift", "@available(*, deprecated, message: \"use new\")\nfunc Old() {}", true},
		{"python decorator", "@deprecated(\"use new\")\ndef Old():\n    pass", true},
		{"mark in the body", "func Old() {\n\t// Deprecated: not this one\n}", false},
		{"go, the mark in a parameter's doc", "func Old(\n\t// Deprecated: not the function\n\tx int) {}", false},
	} {
		// The doc comment, if any, is everything before the line that
		// starts the symbol (its annotations included).
		body := tc.src
		doc := 0
		for _, start := range []string{"func ", "export ", "@", "#[", "[[", "[Obsolete", "def "} {
			if i := strings.Index(tc.src, start); i >= 0 && (i == 0 || tc.src[i-1] == '\n') {
				doc = i
				break
			}
		}
		n := &treenav.Node{Kind: treenav.KindFunction, Name: "Old", ByteStart: uint32(doc), ByteEnd: uint32(len(body))}
		if got := isDeprecated([]byte(body), n); got != tc.want {
			t.Errorf("%s: isDeprecated = %v, want %v", tc.name, got, tc.want)
		}
	}
	for _, tc := range []struct {
		name, doc string
		want      bool
	}{
		{"Old", "Old thing.\n\n.. deprecated:: 3.1\n   Use New.", true},
		{"Old", "Deprecated API.", true},
		{"Old", "Deprecated since Python 3.10. Use find_spec() instead.", true},
		{"Old", "DEPRECATED: use New", true},
		{"Old", "Old reads.\n\nDeprecated: use New.", true},
		{"Old", "Old warns about deprecated options.", false},
		{"Deprecated", "Deprecated reports whether a symbol is deprecated.", false},
	} {
		n := &treenav.Node{Kind: treenav.KindFunction, Name: tc.name, Doc: tc.doc, ByteEnd: 3}
		if got := isDeprecated([]byte("def"), n); got != tc.want {
			t.Errorf("docstring %q: isDeprecated = %v, want %v", tc.doc, got, tc.want)
		}
	}
	sec := &treenav.Node{Kind: treenav.KindSection, Name: "Old", ByteEnd: 20}
	if isDeprecated([]byte("## Deprecated: Old\n"), sec) {
		t.Error("a markdown section is never a deprecated symbol")
	}
}
