package main

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/treenav/treenav"
)

// ctagsEntry is one line of a tags file.
type ctagsEntry struct {
	name, path string
	line       int
	fields     string
}

// writeCtags writes a Universal-ctags extended-format tags file, sorted by
// name (byte order) so readtags can binary-search it. Each tag carries its
// kind, line, end line, scope (the parent's kind and qualified name),
// signature and language.
func writeCtags(w io.Writer, out treenav.OutlineResponse) error {
	var entries []ctagsEntry
	for _, f := range out.Files {
		var add func(syms []treenav.OutlineSymbol, parent *treenav.OutlineSymbol)
		add = func(syms []treenav.OutlineSymbol, parent *treenav.OutlineSymbol) {
			for i := range syms {
				s := &syms[i]
				if name := ctagsValue(s.Name); name != "" && !strings.HasPrefix(name, "!") {
					var b strings.Builder
					fmt.Fprintf(&b, "kind:%s\tline:%d\tlanguage:%s", s.Kind, s.LineStart, f.Language)
					if parent != nil {
						fmt.Fprintf(&b, "\t%s:%s", parent.Kind, ctagsValue(parent.QualifiedName))
					}
					if s.Signature != "" && s.Kind != treenav.KindSection {
						fmt.Fprintf(&b, "\tsignature:%s", ctagsValue(s.Signature))
					}
					fmt.Fprintf(&b, "\tend:%d", s.LineEnd)
					entries = append(entries, ctagsEntry{name: name, path: f.Path, line: s.LineStart, fields: b.String()})
				}
				add(s.Children, s)
			}
		}
		add(f.Symbols, nil)
	}
	sort.Slice(entries, func(i, j int) bool {
		a, b := entries[i], entries[j]
		if a.name != b.name {
			return a.name < b.name
		}
		if a.path != b.path {
			return a.path < b.path
		}
		return a.line < b.line
	})
	header := []string{
		"!_TAG_FILE_FORMAT\t2\t/extended format; --format=1 will not append ;\" to lines/",
		"!_TAG_FILE_SORTED\t1\t/0=unsorted, 1=sorted, 2=foldcase/",
		"!_TAG_OUTPUT_MODE\tu-ctags\t/u-ctags or e-ctags/",
		"!_TAG_PROGRAM_NAME\ttreenav\t//",
		"!_TAG_PROGRAM_URL\thttps://github.com/treenav/treenav\t//",
	}
	for _, h := range header {
		if _, err := fmt.Fprintln(w, h); err != nil {
			return err
		}
	}
	for _, e := range entries {
		if _, err := fmt.Fprintf(w, "%s\t%s\t%d;\"\t%s\n", e.name, ctagsValue(e.path), e.line, e.fields); err != nil {
			return err
		}
	}
	return nil
}

// ctagsValue escapes a field value the way Universal ctags does: a
// backslash doubles, tabs and newlines become \t and \n.
func ctagsValue(s string) string {
	return strings.NewReplacer(`\`, `\\`, "\t", `\t`, "\n", `\n`, "\r", `\r`).Replace(s)
}
