package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index"
	"github.com/treenav/treenav/index/apidiff"
	"github.com/treenav/treenav/index/walk"
	"github.com/treenav/treenav/parsers"
)

func init() {
	register(&command{
		name:    "outline",
		usage:   "[--root DIR] [--format json|markdown|ctags|text] [--json] [--exported-only] [--depth N] [--no-signatures] [--max-chars N] [--max-file-size N] [--diff BASE[..HEAD] [--bodies] [--fail-on LIST] [--max-changes N]] [PATH...]",
		summary: "print the symbol outline of files (JSON, markdown or a ctags file), or the API changes between git revisions, for CI",
		run:     (*cli).outline,
	})
}

func (c *cli) outline(args []string) error {
	fs := c.newFlags("outline")
	root := fs.String("root", ".", "repository root; PATHs are relative to it")
	format := fs.String("format", "json", "output format: json, markdown, ctags or text (one line a symbol, indented)")
	maxSize := fs.Int64("max-file-size", walk.DefaultMaxFileSize, "skip files larger than this many bytes")
	cacheDir := fs.String("cache-dir", "", "keep what files parse to in this directory, keyed by content, so that the next outline parses only what changed (default: the user cache directory's treenav/outlines)")
	noCache := fs.Bool("no-cache", false, "parse every file; neither read nor write the parse cache")
	asJSON := fs.Bool("json", false, "print get_outline's structuredContent (compact JSON) for these files: the same bytes as the MCP tool's answer over an index of --root")
	var opts treenav.OutlineOptions
	fs.BoolVar(&opts.ExportedOnly, "exported-only", false, "the public API only: leave out symbols private by their language's rule and test files")
	fs.BoolVar(&opts.NoSignatures, "no-signatures", false, "leave the signatures out")
	fs.IntVar(&opts.Depth, "depth", 0, "symbols down to this depth (1: top-level only); 0 is all")
	fs.IntVar(&opts.MaxChars, "max-chars", 0, "bound the outline's JSON to about this many characters, public types and callables first, and say what was left out; 0 is no bound")
	var d diffFlags
	d.add(fs)
	paths, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	switch *format {
	case "json", "markdown", "md", "ctags", "text":
	default:
		return usagef("unknown --format %q (want json, markdown, ctags or text)", *format)
	}
	if opts.Depth < 0 || opts.MaxChars < 0 {
		return usagef("--depth and --max-chars take a number of 0 or more")
	}
	if d.rev != "" || d.set(fs) {
		if d.rev == "" {
			return usagef("--bodies, --fail-on and --max-changes need --diff BASE[..HEAD]")
		}
		if opts != (treenav.OutlineOptions{}) || *asJSON {
			return usagef("--exported-only, --depth, --no-signatures, --max-chars and --json shape an outline, not --diff (use --format json)")
		}
		return c.outlineDiff(*root, *format, *maxSize, paths, d, *cacheDir, *noCache)
	}
	sel, err := selectFiles(*root, paths, walk.Options{MaxFileSize: *maxSize})
	if err != nil {
		return err
	}
	// A PATH that cannot be read is said and left out: the others are
	// outlined all the same (a diff's file list names deleted files).
	for _, p := range sel.unreadable {
		fmt.Fprintf(c.stderr, "treenav outline: %s\n", p)
	}
	cache, err := openOutlineCache(c.stderr, *cacheDir, *noCache)
	if err != nil {
		return err
	}
	// Read with the walk's checks: a file replaced since the walk by a
	// link out of the root or a pipe is not read.
	read := func(rel string) ([]byte, error) {
		src, _, err := sel.walker.ReadFile(rel)
		return src, err
	}
	var srcs []apidiff.Source
	skipped := map[string]string{} // rel → reason, for the files Classify or the parsers skip
	for _, f := range sel.files {
		if !parsers.Candidate(f.Rel) {
			skipped[f.Rel] = walk.SkipUnsupported
			continue
		}
		srcs = append(srcs, apidiff.Source{Rel: f.Rel, Read: read})
	}
	var files []apidiff.Parsed
	var failures []outlineFailure
	for i, p := range apidiff.ParseAll(srcs, walk.Classify, cache) {
		switch {
		case p.Err != "":
			failures = append(failures, outlineFailure{srcs[i].Rel, p.Err})
		case p.Skip != "":
			skipped[srcs[i].Rel] = p.Skip
		default:
			files = append(files, p)
		}
	}
	sort.Slice(failures, func(i, j int) bool { return failures[i].rel < failures[j].rel })
	for _, f := range failures {
		fmt.Fprintf(c.stderr, "treenav outline: %s\n", f.msg)
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Outline.Path < files[j].Outline.Path })
	sel.explainEmpty(c.stderr, files, failures, skipped)
	if len(files) == 0 && (len(sel.unreadable) > 0 || len(failures) > 0 || len(paths) > 0) {
		fmt.Fprintln(c.stderr, "treenav outline: no file could be outlined")
		return errNothing
	}
	warnOutline(c.stderr, files)
	all := make([]treenav.OutlineFile, len(files))
	for i, f := range files {
		all[i] = f.Outline
	}
	// The options shape the outline as get_outline does (index.Outline).
	out := treenav.FitOutline(all, opts, index.OutlineRules)
	if out.Note != "" {
		fmt.Fprintf(c.stderr, "treenav outline: %s\n", out.Note)
	}
	w := bufio.NewWriter(c.stdout)
	defer w.Flush()
	switch {
	case *asJSON:
		b, err := treenav.MarshalResult(out)
		if err != nil {
			return err
		}
		w.Write(b)
		return w.WriteByte('\n')
	case *format == "json":
		return writeJSON(w, out)
	case *format == "ctags":
		return writeCtags(w, *out)
	case *format == "text":
		_, err := w.WriteString(out.Text())
		return err
	default:
		return writeOutlineMarkdown(w, *out)
	}
}

// outlineFailure is a file that could not be read or parsed, with the
// message that says so.
type outlineFailure struct{ rel, msg string }

// openOutlineCache opens the parse cache outline reads and writes; a cache
// that cannot be opened is said on stderr and done without.
func openOutlineCache(stderr io.Writer, dir string, off bool) (*apidiff.Cache, error) {
	if off {
		return nil, nil
	}
	if dir == "" {
		d, err := apidiff.DefaultCacheDir()
		if err != nil {
			fmt.Fprintf(stderr, "treenav outline: %v; parsing every file\n", err)
			return nil, nil
		}
		dir = d
	}
	cache, err := apidiff.OpenCache(dir)
	if err != nil {
		fmt.Fprintf(stderr, "treenav outline: %v; parsing every file\n", err)
		return nil, nil
	}
	return cache, nil
}

// selection is the files outline reads, and what it knows of its PATHs.
type selection struct {
	root       string // as given
	maxSize    int64  // the size limit in force
	walker     *walk.Walker
	walked     *walk.Result
	files      []walk.File   // the walk's files under the PATHs
	paths      []outlinePath // the PATHs that exist, as given
	unreadable []string      // "PATH: why", for the PATHs that do not exist or cannot be read
}

// outlinePath is a PATH of outline's that exists.
type outlinePath struct {
	arg string // as given
	rel string // relative to the root, forward slashes; "." is the root
	dir bool
}

// under reports whether the file rel is p or under it.
func (p outlinePath) under(rel string) bool {
	return p.rel == "." || rel == p.rel || strings.HasPrefix(rel, p.rel+"/")
}

// selectFiles walks root and keeps the files under the given paths
// (relative to root, or absolute inside it); no paths means all files. A
// path that does not exist or cannot be read is listed in unreadable; a
// path outside the root is a usage error.
func selectFiles(root string, paths []string, opts walk.Options) (*selection, error) {
	absRoot, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	if st, err := os.Stat(absRoot); err != nil {
		return nil, fmt.Errorf("root: %w", err)
	} else if !st.IsDir() {
		return nil, fmt.Errorf("root %s is not a directory", root)
	}
	sel := &selection{root: root, maxSize: opts.MaxFileSize}
	if sel.maxSize <= 0 {
		sel.maxSize = walk.DefaultMaxFileSize
	}
	for _, p := range paths {
		abs := p
		if !filepath.IsAbs(p) {
			abs = filepath.Join(absRoot, p)
		}
		rel, err := filepath.Rel(absRoot, abs)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return nil, usagef("path %s is outside the root %s", p, root)
		}
		st, err := os.Stat(abs)
		if err != nil {
			sel.unreadable = append(sel.unreadable, fileError(p, err))
			continue
		}
		sel.paths = append(sel.paths, outlinePath{arg: p, rel: filepath.ToSlash(rel), dir: st.IsDir()})
	}
	if len(paths) > 0 && len(sel.paths) == 0 {
		return sel, nil // nothing to walk for
	}
	if sel.walker, err = walk.New(absRoot, opts); err != nil {
		return nil, err
	}
	if sel.walked, err = sel.walker.Walk(""); err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		sel.files = sel.walked.Files
		return sel, nil
	}
	// A diff's file list can name thousands of files: look them up, and
	// compare with the directories only.
	filePaths := map[string]bool{}
	var dirPaths []outlinePath
	for _, p := range sel.paths {
		if p.dir {
			dirPaths = append(dirPaths, p)
		} else {
			filePaths[p.rel] = true
		}
	}
	for _, f := range sel.walked.Files {
		keep := filePaths[f.Rel]
		for _, p := range dirPaths {
			if keep {
				break
			}
			keep = p.under(f.Rel)
		}
		if keep {
			sel.files = append(sel.files, f)
		}
	}
	return sel, nil
}

// explainEmpty says on w why a PATH (or the root, without PATHs) gave no
// outline, unless a file's error already said it: the PATH is skipped (by
// an ignore file, its size, its language), or it is a directory with no
// supported file (with what was skipped there).
func (sel *selection) explainEmpty(w io.Writer, docs []apidiff.Parsed, failures []outlineFailure, skipped map[string]string) {
	if sel.walker == nil {
		return
	}
	paths := sel.paths
	if len(paths) == 0 {
		if len(docs) > 0 || len(failures) > 0 {
			return
		}
		paths = []outlinePath{{arg: sel.root, rel: ".", dir: true}}
	}
	// The files that gave an outline or an error message.
	said := make(map[string]bool, len(docs)+len(failures))
	for _, d := range docs {
		said[d.Outline.Path] = true
	}
	for _, f := range failures {
		said[f.rel] = true
	}
	for _, p := range paths {
		found := said[p.rel]
		if p.dir {
			for rel := range said {
				if found {
					break
				}
				found = p.under(rel)
			}
		}
		if found {
			continue
		}
		if !p.dir {
			reason := skipped[p.rel]
			if reason == "" {
				_, r, err := sel.walker.Check(p.rel)
				if err != nil {
					fmt.Fprintf(w, "treenav outline: %s\n", fileError(p.arg, err))
					continue
				}
				reason = r
			}
			if reason == "" {
				reason = "unsupported"
			}
			if reason == walk.SkipTooLarge {
				reason += fmt.Sprintf(" (over %d bytes, see --max-file-size)", sel.maxSize)
			}
			fmt.Fprintf(w, "treenav outline: %s: skipped: %s\n", p.arg, reason)
			continue
		}
		if reason := sel.walker.Reason(p.rel, true); p.rel != "." && reason != "" {
			fmt.Fprintf(w, "treenav outline: %s: skipped: %s\n", p.arg, reason)
			continue
		}
		// What the walk and the parsers skipped under the directory.
		counts := map[string]int{}
		if p.rel == "." {
			for r, n := range sel.walked.Skipped {
				counts[r] += n
			}
		} else if res, err := sel.walker.Walk(p.rel); err == nil {
			for r, n := range res.Skipped {
				counts[r] += n
			}
		}
		for rel, r := range skipped {
			if p.under(rel) {
				counts[r]++
			}
		}
		msg := p.arg + ": no supported file"
		if len(sel.paths) == 0 {
			msg = "no supported file under " + p.arg
		}
		if len(counts) > 0 {
			msg += " (skipped: " + treenav.CountsLine(counts) + ")"
		}
		fmt.Fprintf(w, "treenav outline: %s\n", msg)
	}
}

// fileError is the one-line message for a path that could not be read:
// the path as the user knows it and what went wrong, without the absolute
// path the operating system's error names.
func fileError(path string, err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return path + ": " + pe.Err.Error()
	}
	return err.Error()
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
			if s.Declaration {
				fmt.Fprint(w, ", declaration")
			}
			if s.Constraint != "" {
				fmt.Fprintf(w, ", only if %s", strings.ReplaceAll(s.Constraint, "`", "'"))
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
func warnOutline(w io.Writer, docs []apidiff.Parsed) {
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
		fmt.Fprintf(w, "treenav outline: %s: warning: %s\n", d.Outline.Path, strings.Join(d.Warnings, "; "))
	}
	if more > 0 {
		fmt.Fprintf(w, "treenav outline: %d more files parsed with warnings\n", more)
	}
}
