// Package queries holds the tree-sitter symbol queries, one <language>.scm
// file per language, embedded in the binary. Captures follow the tree-sitter
// tags convention, extended where a language needs it; see README.md here.
package queries

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
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

// Fingerprint identifies the set of queries compiled into this binary: an
// index built with other queries is rebuilt, not trusted.
func Fingerprint() string {
	h := sha256.New()
	entries, _ := files.ReadDir(".")
	for _, e := range entries { // sorted by name
		b, _ := files.ReadFile(e.Name())
		fmt.Fprintf(h, "%s %d\n", e.Name(), len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil)[:12])
}
