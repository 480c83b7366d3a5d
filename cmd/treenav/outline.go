package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index/walk"
	"github.com/treenav/treenav/parsers"
)

func init() {
	register(&command{
		name:    "outline",
		usage:   "[--root DIR] [--format json|markdown|ctags] [--max-file-size N] [PATH...]",
		summary: "print the symbol outline of files (JSON, markdown or a ctags file) for CI",
		run:     (*cli).outline,
	})
}

func (c *cli) outline(args []string) error {
	fs := c.newFlags("outline")
	root := fs.String("root", ".", "repository root; PATHs are relative to it")
	format := fs.String("format", "json", "output format: json, markdown or ctags")
	maxSize := fs.Int64("max-file-size", walk.DefaultMaxFileSize, "skip files larger than this many bytes")
	paths, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	switch *format {
	case "json", "markdown", "md", "ctags":
	default:
		return usagef("unknown --format %q (want json, markdown or ctags)", *format)
	}
	files, err := selectFiles(*root, paths, walk.Options{MaxFileSize: *maxSize})
	if err != nil {
		return err
	}
	jobs := make([]parsers.Job, len(files))
	for i, f := range files {
		jobs[i] = parsers.Job{Rel: f.Rel, Abs: f.Abs, DocID: f.Rel}
	}
	var docs []*treenav.Document
	failed := 0
	var mu sync.Mutex
	parsers.ParseAll(jobs, 0, walk.Classify, func(_ int, o parsers.Outcome) {
		mu.Lock()
		defer mu.Unlock()
		switch {
		case o.Err != nil:
			failed++
			fmt.Fprintf(c.stderr, "treenav outline: %v\n", o.Err)
		case o.Doc != nil:
			docs = append(docs, o.Doc)
		}
	})
	if len(docs) == 0 && (failed > 0 || len(paths) > 0) {
		fmt.Fprintln(c.stderr, "treenav outline: no file could be outlined")
		return errNothing
	}
	sort.Slice(docs, func(i, j int) bool { return docs[i].Path < docs[j].Path })
	warnOutline(c.stderr, docs)
	out := treenav.OutlineResponse{Files: make([]treenav.OutlineFile, len(docs))}
	for i, d := range docs {
		out.Files[i] = d.Outline()
	}
	w := bufio.NewWriter(c.stdout)
	defer w.Flush()
	switch *format {
	case "json":
		return writeJSON(w, out)
	case "ctags":
		return writeCtags(w, out)
	default:
		return writeOutlineMarkdown(w, out)
	}
}

// selectFiles walks root and keeps the files under the given paths
// (relative to root, or absolute inside it); no paths means all files.
func selectFiles(root string, paths []string, opts walk.Options) ([]walk.File, error) {
	absRoot, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	if st, err := os.Stat(absRoot); err != nil {
		return nil, fmt.Errorf("root: %w", err)
	} else if !st.IsDir() {
		return nil, fmt.Errorf("root %s is not a directory", root)
	}
	var prefixes []string
	for _, p := range paths {
		abs := p
		if !filepath.IsAbs(p) {
			abs = filepath.Join(absRoot, p)
		}
		rel, err := filepath.Rel(absRoot, abs)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return nil, usagef("path %s is outside the root %s", p, root)
		}
		if _, err := os.Stat(abs); err != nil {
			return nil, err
		}
		prefixes = append(prefixes, filepath.ToSlash(rel))
	}
	res, err := walk.Walk(absRoot, opts)
	if err != nil {
		return nil, err
	}
	if len(prefixes) == 0 {
		return res.Files, nil
	}
	var keep []walk.File
	for _, f := range res.Files {
		for _, p := range prefixes {
			if p == "." || f.Rel == p || strings.HasPrefix(f.Rel, p+"/") {
				keep = append(keep, f)
				break
			}
		}
	}
	return keep, nil
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func writeOutlineMarkdown(w io.Writer, out treenav.OutlineResponse) error {
	var walkSyms func(syms []treenav.OutlineSymbol, depth int)
	walkSyms = func(syms []treenav.OutlineSymbol, depth int) {
		for _, s := range syms {
			fmt.Fprintf(w, "%s- %s **%s** (L%d-%d", strings.Repeat("  ", depth), s.Kind, mdEscape(s.Name), s.LineStart, s.LineEnd)
			if s.Kind == treenav.KindSection {
				// A section's size says whether it is worth reading.
				fmt.Fprint(w, ", "+treenav.Count(s.WordCount, "word"))
			}
			fmt.Fprint(w, ")")
			if s.Signature != "" && s.Kind != treenav.KindSection {
				fmt.Fprintf(w, ": `%s`", strings.ReplaceAll(s.Signature, "`", "'"))
			}
			fmt.Fprintln(w)
			walkSyms(s.Children, depth+1)
		}
	}
	for i, f := range out.Files {
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "## %s (%s)\n\n", f.Path, f.Language)
		if len(f.Symbols) == 0 {
			fmt.Fprintln(w, "(no symbols)")
		}
		walkSyms(f.Symbols, 0)
	}
	return nil
}

func mdEscape(s string) string {
	return strings.NewReplacer("*", `\*`, "_", `\_`, "`", "'").Replace(s)
}

// maxOutlineWarnings bounds the documents whose parse warnings the
// outline command prints; the rest are counted.
const maxOutlineWarnings = 20

// warnOutline reports on w the documents parsed with warnings (a syntax
// error the parser recovered from): their outlines may miss symbols.
func warnOutline(w io.Writer, docs []*treenav.Document) {
	shown, more := 0, 0
	for _, d := range docs {
		if len(d.Warnings) == 0 {
			continue
		}
		if shown == maxOutlineWarnings {
			more++
			continue
		}
		shown++
		fmt.Fprintf(w, "treenav outline: %s: warning: %s\n", d.Path, strings.Join(d.Warnings, "; "))
	}
	if more > 0 {
		fmt.Fprintf(w, "treenav outline: %d more files parsed with warnings\n", more)
	}
}
