package walk

import (
	"path"
	"strings"
)

// countUnsupported counts a file skipped as SkipUnsupported by its
// extension (UnsupportedKey), besides its reason.
func (r *Result) countUnsupported(name string) {
	r.Count(SkipUnsupported)
	if r.UnsupportedExts == nil {
		r.UnsupportedExts = map[string]int{}
	}
	r.UnsupportedExts[UnsupportedKey(name)]++
}

// UnsupportedKey is how an unsupported file is counted: its extension,
// lowercased (".rst"), or for a file without one its name ("Makefile",
// "LICENSE"), which says as much.
func UnsupportedKey(name string) string {
	base := path.Base(name)
	if ext := path.Ext(base); ext != "" && ext != base {
		return strings.ToLower(ext)
	}
	return base
}
