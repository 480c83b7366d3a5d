package index

import "testing"

// A lookup by name lists the type before a placeholder variable of the
// same name above it, and before a constructor of it in another file.
func TestSymbolsTypeBeforeVariableOfTheSameName(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"enum.py":    "Enum = Flag = None\n\n\nclass Enum:\n    \"\"\"An enumeration.\"\"\"\n\n    def name(self):\n        return 1\n",
		"a/ptr.cc":   "namespace std {\ntemplate<typename T> unique_ptr<T>::unique_ptr(int x) {}\n}\n",
		"b/ptr.h":    "namespace std {\ntemplate<typename T> class unique_ptr {\n public:\n  unique_ptr();\n};\n}\n",
		"c/other.py": "def Enum():\n    return 1\n",
	})
	for _, tc := range []struct{ query, want string }{
		{"Enum", "enum.py#Enum~2"},
		{"unique_ptr", "b/ptr.h#std.unique_ptr"},
	} {
		wantFirstSymbol(t, ix, tc.query, tc.want)
	}
}

// A definition under an internal/ directory comes before the public
// re-exports of it (rxjs defines its operators in src/internal and
// re-exports them from src/index.ts).
func TestSymbolsDefinitionBeforeReexport(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"src/index.ts":                  "export { map } from './internal/operators/map';\n",
		"src/operators/index.ts":        "export { map } from '../internal/operators/map';\n",
		"src/internal/operators/map.ts": "export function map(f: (x: number) => number): number {\n  return f(1);\n}\n",
	})
	wantFirstSymbol(t, ix, "map", "src/internal/operators/map.ts#map")
}
