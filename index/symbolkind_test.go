package index

import "testing"

// A lookup by name lists the type before a placeholder variable of the
// same name above it, and before a constructor of it in another file.
func TestSymbolsTypeBeforeVariableOfTheSameName(t *testing.T) {
	e, _ := newTestEngine(t, map[string]string{
		"enum.py":    "Enum = Flag = None\n\n\nclass Enum:\n    \"\"\"An enumeration.\"\"\"\n\n    def name(self):\n        return 1\n",
		"a/ptr.cc":   "namespace std {\ntemplate<typename T> unique_ptr<T>::unique_ptr(int x) {}\n}\n",
		"b/ptr.h":    "namespace std {\ntemplate<typename T> class unique_ptr {\n public:\n  unique_ptr();\n};\n}\n",
		"c/other.py": "def Enum():\n    return 1\n",
	})
	for _, tc := range []struct{ query, want string }{
		{"Enum", "enum.py#Enum~2"},
		{"unique_ptr", "b/ptr.h#std.unique_ptr"},
	} {
		res, err := e.Index().Symbols(SymbolRequest{Query: tc.query})
		if err != nil || len(res.Symbols) < 2 {
			t.Fatalf("%s: %+v %v", tc.query, res, err)
		}
		if got := res.Symbols[0].NodeID; got != tc.want {
			var all []string
			for _, s := range res.Symbols {
				all = append(all, s.NodeID+" "+string(s.Kind))
			}
			t.Errorf("%s: first %s, want %s; all %v", tc.query, got, tc.want, all)
		}
	}
}
