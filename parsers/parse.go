// Package parsers turns files into treenav Documents: source code through
// tree-sitter (package code), markdown through goldmark (package
// markdown), reStructuredText and AsciiDoc through their readers (packages
// rst and asciidoc). It is the one entry point the index and the CLI call.
package parsers

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/parsers/asciidoc"
	"github.com/treenav/treenav/parsers/code"
	"github.com/treenav/treenav/parsers/markdown"
	"github.com/treenav/treenav/parsers/rst"
	"github.com/treenav/treenav/queries"
)

// Version names the extraction rules beyond the queries (the extractor,
// the markdown parser). Change it when they change what a file parses to,
// so that persisted indexes are rebuilt.
const Version = "29"

// Fingerprint identifies what this binary's parsers produce.
func Fingerprint() string {
	return Version + "-" + queries.Fingerprint()
}

// ErrUnsupported is returned for files that are neither markdown nor a
// language treenav parses.
var ErrUnsupported = errors.New("unsupported file type")

// Kind tells how a file would be parsed, without parsing it: "markdown",
// "rst", "asciidoc", a code language name, or "" when the file is not
// indexed.
func Kind(name string, head []byte) string {
	if markdown.Match(name) {
		return "markdown"
	}
	if rst.Match(name) || rst.Sniff(name, head) {
		return "rst"
	}
	if asciidoc.Match(name) {
		return "asciidoc"
	}
	if l := code.Detect(name, head); l != nil {
		return l.Name
	}
	return ""
}

// Candidate reports whether a file may be parsed, judging by its name
// alone: extensionless files need their content (a shebang) to tell.
func Candidate(name string) bool {
	if markdown.Match(name) || rst.Match(name) || asciidoc.Match(name) || code.Detect(name, nil) != nil {
		return true
	}
	// A .txt file may be reStructuredText by its content.
	return path.Ext(name) == "" || rst.MaybeText(name)
}

// Prepare readies the code languages whose documents have one of these
// languages (Document.Language: "typescript" covers TypeScript and TSX):
// their symbol queries are compiled once per process, which takes 10 ms
// to 600 ms a language, and a server does it before the first edit
// instead of on it.
func Prepare(docLanguages []string) {
	want := map[string]bool{}
	for _, l := range docLanguages {
		want[l] = true
	}
	for _, name := range code.Languages() {
		if l := code.Lookup(name); l != nil && want[l.DocLanguage] {
			l.Prepare() // an error is the first file's to report
		}
	}
}

// Parse parses one file. rel is its path relative to its collection root
// (forward slashes); docID is the id the document gets. Syntax errors never
// fail a parse: whatever parsed is returned and Document.SyntaxErrors is
// set.
func Parse(rel, docID string, src []byte) (*treenav.Document, error) {
	return parseAs(rel, docID, src, Kind(rel, head(src)))
}

// parseAs is Parse of a file whose Kind is known: a batch has it from
// deciding to parse the file (telling C from C++ reads a header's code).
func parseAs(rel, docID string, src []byte, kind string) (*treenav.Document, error) {
	var doc *treenav.Document
	switch kind {
	case "":
		return nil, fmt.Errorf("%s: %w", rel, ErrUnsupported)
	case "markdown":
		d, err := markdown.Parse(rel, src)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", rel, err)
		}
		doc = d
		doc.ContentType = treenav.ContentMarkdown
		doc.Language = "markdown"
		doc.Refs = code.MarkdownMentions(src)
		code.SetEnclosing(doc.Nodes, doc.Refs)
	case "rst", "asciidoc":
		// Prose documents are markdown's kind of content: sections, code
		// blocks and links, searched and outlined as markdown's are.
		parse := rst.Parse
		if kind == "asciidoc" {
			parse = asciidoc.Parse
		}
		d, err := parse(rel, src)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", rel, err)
		}
		doc = d
		doc.ContentType = treenav.ContentMarkdown
		doc.Language = kind
	default:
		l := code.Lookup(kind)
		res, err := l.ExtractFile(rel, blankBOM(src))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", rel, err)
		}
		doc = &treenav.Document{
			ContentType:  treenav.ContentCode,
			Language:     l.DocLanguage,
			Title:        path.Base(rel),
			Nodes:        res.Nodes,
			SyntaxErrors: res.SyntaxErrors,
			Module:       res.Module,
			Refs:         res.Refs,
			Imports:      res.Imports,
		}
		if res.SyntaxErrors {
			at := fmt.Sprintf("at line %d", res.ErrorLines[0])
			if res.ErrorLines[1] > res.ErrorLines[0] {
				at = fmt.Sprintf("in lines %d-%d", res.ErrorLines[0], res.ErrorLines[1])
			}
			doc.Warnings = append(doc.Warnings, fmt.Sprintf(
				"syntax error %s (or code the %s grammar does not know): the parser recovered, and symbols there may be missing",
				at, l.Name))
		}
	}
	doc.DocID = docID
	doc.Path = rel
	doc.Size = int64(len(src))
	doc.ContentHash = Hash(src)
	doc.Nodes[0].Title = doc.Title
	doc.AddFacet("language", doc.Language)
	doc.AddFacet("content_type", string(doc.ContentType))
	return doc, nil
}

// Hash is the content hash recorded for a file: it decides whether a file
// changed since it was indexed.
func Hash(src []byte) string {
	h := sha256.Sum256(src)
	return hex.EncodeToString(h[:16])
}

// head is the prefix of a file that content detection looks at: enough
// for a C++ header whose code starts after pages of license and
// documentation comments (".h" is C or C++ by content).
func head(src []byte) []byte {
	return src[:min(len(src), 32<<10)]
}

// blankBOM replaces a UTF-8 byte order mark with spaces, so that byte
// offsets stay those of the file while the grammar sees only whitespace.
func blankBOM(src []byte) []byte {
	if !strings.HasPrefix(string(src[:min(3, len(src))]), "\uFEFF") {
		return src
	}
	c := append([]byte(nil), src...)
	c[0], c[1], c[2] = ' ', ' ', ' '
	return c
}
