package parsers

import "testing"

// TestDocumentLanguage checks the language value documents get: one per
// language, whatever grammar parses the file (.tsx files parse with the
// tsx grammar and are "typescript").
func TestDocumentLanguage(t *testing.T) {
	for _, tc := range []struct{ path, src, want string }{
		{"a.ts", "export const a = 1;\n", "typescript"},
		{"a.d.ts", "export declare const a: number;\n", "typescript"},
		{"a.mts", "export const a = 1;\n", "typescript"},
		{"a.cts", "export const a = 1;\n", "typescript"},
		{"a.tsx", "export const A = () => <div />;\n", "typescript"},
		{"a.js", "export const a = 1;\n", "javascript"},
		{"a.jsx", "export const A = () => <div />;\n", "javascript"},
		{"a.mjs", "export const a = 1;\n", "javascript"},
		{"a.cjs", "exports.a = function () {};\n", "javascript"},
	} {
		doc, err := Parse(tc.path, tc.path, []byte(tc.src))
		if err != nil {
			t.Errorf("%s: %v", tc.path, err)
			continue
		}
		if doc.Language != tc.want {
			t.Errorf("%s: language %q, want %q", tc.path, doc.Language, tc.want)
		}
		if got := doc.Facets["language"]; len(got) != 1 || got[0] != tc.want {
			t.Errorf("%s: language facet %v, want [%s]", tc.path, got, tc.want)
		}
		if doc.SyntaxErrors || len(doc.Nodes) < 2 {
			t.Errorf("%s: syntax errors %v, %d nodes", tc.path, doc.SyntaxErrors, len(doc.Nodes))
		}
	}
}
