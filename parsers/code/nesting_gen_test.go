package code

import (
	"bytes"
	"fmt"
	"strings"
)

// nestedSource returns a file of language lang whose scopes nest depth
// deep (the shape of issue 22's stalling files), and its extension.
func nestedSource(lang string, depth int) ([]byte, string) {
	var b bytes.Buffer
	open, close, ext := "", "", ""
	switch lang {
	case "rust":
		open, close, ext = "mod m%d {\n", "}\n", ".rs"
	case "cpp":
		open, close, ext = "namespace n%d {\n", "}\n", ".cpp"
	case "java":
		open, close, ext = "class C%d {\n", "}\n", ".java"
	case "javascript":
		open, close, ext = "function f%d() {\n", "}\n", ".js"
	case "typescript":
		open, close, ext = "function f%d(): void {\n", "}\n", ".ts"
	case "go":
		open, close, ext = "func() {\n", "}()\n", ".go"
		b.WriteString("package p\n\nvar x = ")
	case "python":
		// One space of indentation per level.
		for i := range depth {
			fmt.Fprintf(&b, "%sdef f%d():\n", strings.Repeat(" ", i), i)
		}
		fmt.Fprintf(&b, "%spass\n", strings.Repeat(" ", depth))
		return b.Bytes(), ".py"
	default:
		panic("nestedSource: no generator for " + lang)
	}
	for i := range depth {
		fmt.Fprintf(&b, open, i)
	}
	for range depth {
		b.WriteString(close)
	}
	return b.Bytes(), ext
}
