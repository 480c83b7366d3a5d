// Package queries holds the tree-sitter symbol queries, one <language>.scm
// file per language, embedded in the binary. Captures follow the tree-sitter
// tags convention, extended where a language needs it; see README.md here.
package queries

import (
	"embed"
	"fmt"
)

//go:embed *.scm
var files embed.FS

// Source returns the query text for a language name ("go", "python", ...).
func Source(lang string) (string, error) {
	b, err := files.ReadFile(lang + ".scm")
	if err != nil {
		return "", fmt.Errorf("no query for language %q: %w", lang, err)
	}
	return string(b), nil
}
