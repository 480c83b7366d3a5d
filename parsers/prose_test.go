package parsers

import (
	"errors"
	"testing"

	"github.com/treenav/treenav"
)

// TestProseDispatch: reStructuredText and AsciiDoc files are documents of
// content type markdown in their own language; a .txt file is rst only by
// its content.
func TestProseDispatch(t *testing.T) {
	tests := []struct {
		rel, src, lang string
	}{
		{"docs/a.rst", "T\n=\n\ntext\n", "rst"},
		{"docs/a.rest", "T\n=\n", "rst"},
		{"docs/_sources/a.rst.txt", "T\n=\n\n.. note:: x\n", "rst"},
		{"docs/a.adoc", "= T\n\n== S\n", "asciidoc"},
		{"docs/a.asciidoc", "= T\n", "asciidoc"},
		{"notes.txt", "T\n=\n\nplain text\n", ""},
	}
	for _, tt := range tests {
		doc, err := Parse(tt.rel, tt.rel, []byte(tt.src))
		if tt.lang == "" {
			if !errors.Is(err, ErrUnsupported) {
				t.Errorf("%s: err %v, want ErrUnsupported", tt.rel, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.rel, err)
			continue
		}
		if doc.ContentType != treenav.ContentMarkdown || doc.Language != tt.lang ||
			len(doc.Facets["language"]) != 1 || doc.Facets["language"][0] != tt.lang || doc.Title != "T" {
			t.Errorf("%s: content %q language %q facets %v title %q", tt.rel, doc.ContentType, doc.Language, doc.Facets, doc.Title)
		}
		if !Candidate(tt.rel) {
			t.Errorf("%s: not a candidate", tt.rel)
		}
	}
}
