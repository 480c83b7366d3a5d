package walk

import (
	"bytes"
	"path"
	"strings"
)

// Classify looks at a file's content and returns the reason to skip it, or
// "" to index it: binary (a NUL byte near the start), generated (a
// "Code generated ... DO NOT EDIT." or "@generated" marker near the top) or
// minified (very long lines in a script or stylesheet).
func Classify(rel string, src []byte) string {
	head := src[:min(len(src), 8000)]
	if bytes.IndexByte(head, 0) >= 0 {
		return SkipBinary
	}
	if isGenerated(head) {
		return SkipGenerated
	}
	if isMinified(rel, src) {
		return SkipMinified
	}
	return ""
}

// isGenerated follows Go's convention (a line matching
// `^// Code generated .* DO NOT EDIT\.$` before the first declaration) and
// the "@generated" marker used by Facebook tools, protoc plugins and others,
// looked for in the first lines only.
func isGenerated(head []byte) bool {
	lines := 0
	for len(head) > 0 && lines < 40 {
		var line []byte
		line, head, _ = bytes.Cut(head, []byte("\n"))
		line = bytes.TrimSpace(line)
		lines++
		if bytes.HasPrefix(line, []byte("// Code generated ")) && bytes.HasSuffix(line, []byte(" DO NOT EDIT.")) {
			return true
		}
		if bytes.Contains(line, []byte("@generated")) && !bytes.Contains(line, []byte("@generated-")) {
			return true
		}
	}
	return false
}

// isMinified reports scripts and stylesheets whose average line is longer
// than 300 bytes over at least 2 KiB: bundles, not code a person reads.
func isMinified(rel string, src []byte) bool {
	switch strings.ToLower(path.Ext(rel)) {
	case ".js", ".mjs", ".cjs", ".jsx", ".ts", ".css":
	default:
		return false
	}
	if strings.Contains(rel, ".min.") {
		return true
	}
	if len(src) < 2048 {
		return false
	}
	lines := bytes.Count(src, []byte("\n")) + 1
	return len(src)/lines > 300
}
