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
// kind, line, end line, scope (the parent's kind and qualified name, in
// the language's notation: see ctagsScope), signature and language.
func writeCtags(w io.Writer, out treenav.OutlineResponse) error {
	var entries []ctagsEntry
	for _, f := range out.Files {
		// scope is the parent's scope name in ctags' notation.
		var add func(syms []treenav.OutlineSymbol, parent *treenav.OutlineSymbol, scope string)
		add = func(syms []treenav.OutlineSymbol, parent *treenav.OutlineSymbol, scope string) {
			for i := range syms {
				s := &syms[i]
				own := ctagsScope(f.Language, parent, scope, s)
				if name := ctagsValue(s.Name); name != "" && !strings.HasPrefix(name, "!") {
					var b strings.Builder
					fmt.Fprintf(&b, "kind:%s\tline:%d\tlanguage:%s", s.Kind, s.LineStart, f.Language)
					if parent != nil {
						fmt.Fprintf(&b, "\t%s:%s", parent.Kind, ctagsValue(scope))
					}
					if s.Signature != "" && s.Kind != treenav.KindSection {
						fmt.Fprintf(&b, "\tsignature:%s", ctagsValue(s.Signature))
					}
					fmt.Fprintf(&b, "\tend:%d", s.LineEnd)
					entries = append(entries, ctagsEntry{name: name, path: f.Path, line: s.LineStart, fields: b.String()})
				}
				add(s.Children, s, own)
			}
		}
		add(f.Symbols, nil, "")
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

// ctagsSeparator returns the separator Universal Ctags writes in a scope
// after a part of the given kind, where it is not treenav's "." (checked
// with Universal Ctags 5.9 on libstdc++'s bits/, the Debian cargo registry
// and /usr/share/php): "::" in C++ (class:std::vector) and C (struct:A::B
// for a nested struct: one parser reads both) and in Rust
// (module:outer::inner); in PHP "\" after a namespace and "::" after a
// class or function (class:Foo\Bar\Baz, function:Foo\Bar\Baz::run; the
// backslash doubled in the file by ctagsValue, as ctags writes it). Ruby,
// Python, Java, C#, Go, Kotlin, TypeScript, JavaScript and Protobuf scopes
// use "." there too.
func ctagsSeparator(language string, kind treenav.Kind) string {
	switch language {
	case "c", "cpp", "rust":
		return "::"
	case "php":
		if kind == treenav.KindNamespace {
			return `\`
		}
		return "::"
	}
	return "."
}

// ctagsScope returns the scope name of s (the scope of its children) in
// ctags' notation, from its parent's (parentScope). Treenav's qualified
// names join their parts with "."; names hold no "." in the languages with
// another separator, so the parts of a qualified name the tree does not
// show (the namespaces and class of a C++ out-of-line definition, a PHP
// namespace declared as Foo\Bar) are split there and joined as namespaces.
func ctagsScope(language string, parent *treenav.OutlineSymbol, parentScope string, s *treenav.OutlineSymbol) string {
	if parent != nil && s.QualifiedName == parent.QualifiedName+"."+s.Name {
		return parentScope + ctagsSeparator(language, parent.Kind) + s.Name
	}
	return strings.ReplaceAll(s.QualifiedName, ".", ctagsSeparator(language, treenav.KindNamespace))
}
