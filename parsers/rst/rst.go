// Package rst turns reStructuredText files (.rst, .rest, and .txt files
// that are reStructuredText by their content) into treenav Documents of
// the shape markdown's have: a tree of sections built from the title
// adornments, leveled as docutils levels them (in the order the file first
// uses each style), code blocks (literal blocks after "::", code-block,
// code, sourcecode) as code nodes with their symbols, the directives
// people search for (setting, note, versionadded, function, class,
// autoclass ...) as nodes of kind section with the directive's name as
// their native kind, a field list at the top as facets, and links.
//
// It is a reader written for treenav rather than a library: no Go
// reStructuredText parser is kept up well enough, and what treenav needs
// is docutils' block structure with byte positions, not a rendering.
package rst

import (
	"bytes"
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/parsers/doctree"
)

// Match reports whether a file name is reStructuredText by its extension
// alone.
func Match(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".rst", ".rest":
		return true
	}
	return false
}

// descriptionLimit is roughly how long a description taken from the first
// paragraph may be.
const descriptionLimit = 300

// style is a title adornment style: its character, and whether it has an
// overline.
type style struct {
	c    byte
	over bool
}

// context is what a Python role's target is read against, as Sphinx reads
// it: the current module and the class whose content encloses it.
type context struct {
	class string
}

// reader holds the state of one Parse.
type reader struct {
	rel   string
	src   []byte
	lines []line
	tree  doctree.Tree

	styles []style // in the order of first use
	level  int     // the current section's level, 0 before any

	highlight  string // the language of literal blocks (.. highlight::)
	module     string // .. module:: / .. currentmodule::
	sawContent bool   // the top level has had content: no more metadata
	facets     map[string][]string
	facetKeys  []string
	firstTitle string
	firstPar   string
	hasCode    bool
	codeLangs  []string
	refs       []Ref
	substs     map[string]string // |name| -> its replace:: text
}

// Parse parses one reStructuredText file; rel is its path relative to its
// collection root. It fills Title, Description, Facets, Warnings and
// Nodes; the caller sets the document's ids, path and hash. Parse never
// fails on malformed markup: docutils reports errors and goes on, and so
// does this reader.
func Parse(rel string, src []byte) (doc *treenav.Document, err error) {
	defer func() {
		if p := recover(); p != nil {
			doc, err = nil, fmt.Errorf("rst: reader panic: %v", p)
		}
	}()
	base := 0
	if bytes.HasPrefix(src, []byte("\uFEFF")) {
		base = 3
	}
	r := &reader{rel: rel, src: src, lines: splitLines(src, base), facets: map[string][]string{}}
	r.tree.Src = src
	r.substitutions()
	r.body(0, len(r.lines), 0, -1, true, context{})
	return r.document(), nil
}

// section records a title: lines [first, titleLine] hold the overline (if
// any) and the title; c is the adornment character.
func (r *reader) section(first, titleLine int, title string, c byte, over bool) {
	st := style{c, over}
	level := 0
	for k, s := range r.styles {
		if s == st {
			level = k + 1
		}
	}
	tl := r.lines[titleLine]
	switch {
	case level == 0 && len(r.styles) == r.level:
		// A new style opens a level below the deepest one.
		r.styles = append(r.styles, st)
		level = len(r.styles)
	case level == 0 || level > r.level+1:
		// docutils: "Title level inconsistent"; no section.
		r.prose(tl.start+tl.indent, tl.end, context{})
		return
	}
	if len(r.tree.Sections) > 0 {
		r.sawContent = true
	}
	r.level = level
	t := plainInline(r.substitute(title))
	if t == "" {
		t = title
	}
	r.tree.Sections = append(r.tree.Sections, doctree.Section{Start: r.lines[first].start, Level: level, Title: t})
	if r.firstTitle == "" {
		r.firstTitle = t
	}
	// A title's links and role targets count; its words are the title.
	r.inline(tl.start, tl.end, context{}, false)
}

var replaceRe = regexp.MustCompile(`^\.\.\s+\|([^|]+)\|\s+replace::\s*(.*)$`)

// substitutions collects the file's "replace" substitution definitions,
// wherever they are: docutils shows their text in titles.
func (r *reader) substitutions() {
	for _, l := range r.lines {
		if !strings.HasPrefix(l.text, "..") || !strings.Contains(l.text, "replace::") {
			continue
		}
		if m := replaceRe.FindStringSubmatch(l.text); m != nil {
			if r.substs == nil {
				r.substs = map[string]string{}
			}
			r.substs[strings.Join(strings.Fields(m[1]), " ")] = plainInline(m[2])
		}
	}
}

var substRefRe = regexp.MustCompile(`\|([^|\s](?:[^|]*[^|\s])?)\|(?:__?)?`)

// substitute replaces the defined substitution references of a title.
func (r *reader) substitute(s string) string {
	if len(r.substs) == 0 || !strings.Contains(s, "|") {
		return s
	}
	return substRefRe.ReplaceAllStringFunc(s, func(m string) string {
		name := strings.Join(strings.Fields(substRefRe.FindStringSubmatch(m)[1]), " ")
		if v, ok := r.substs[name]; ok {
			return v
		}
		return m
	})
}

// addBlock records a block node.
func (r *reader) addBlock(start, end int, kind treenav.Kind, native, title, sig, lang string, segs [][2]int) {
	r.tree.Blocks = append(r.tree.Blocks, doctree.Block{Start: start, End: min(end, len(r.src)), Kind: kind,
		NativeKind: native, Title: title, Signature: sig, Language: lang, Code: segs})
}

// span records an indexed range.
func (r *reader) span(s, e int, f treenav.Field) {
	if e <= s || f == treenav.FieldBody && len(bytes.TrimSpace(r.src[s:e])) == 0 {
		return
	}
	if k := len(r.tree.Spans) - 1; k >= 0 && r.tree.Spans[k].Field == f && int(r.tree.Spans[k].End) == s {
		r.tree.Spans[k].End = uint32(e)
		return
	}
	r.tree.Spans = append(r.tree.Spans, treenav.Span{Start: uint32(s), End: uint32(e), Field: f})
}

// link records a link at offset pos.
func (r *reader) link(pos int, l treenav.Link) {
	r.tree.Links = append(r.tree.Links, doctree.Link{Pos: pos, Link: l})
}

// paragraph records a paragraph's text, and keeps the first one for the
// description.
func (r *reader) paragraph(s, e int, ctx context) {
	if r.firstPar == "" {
		if t := plainInline(string(r.src[s:e])); hasLetter(t) {
			r.firstPar = t
		}
	}
	r.prose(s, e, ctx)
}

// prose records a range of text with inline markup.
func (r *reader) prose(s, e int, ctx context) {
	r.inline(s, e, ctx, true)
}

// addField records a field of the document's metadata.
func (r *reader) addField(name, value string) {
	key := strings.ToLower(strings.Join(strings.Fields(name), "_"))
	if key == "" {
		return
	}
	value = plainInline(value)
	var vals []string
	switch {
	case value == "":
		vals = []string{"true"}
	case key == "tags" || key == "keywords" || key == "aliases":
		for _, v := range strings.Split(value, ",") {
			if v = strings.TrimSpace(v); v != "" {
				vals = append(vals, v)
			}
		}
	default:
		vals = []string{value}
	}
	if _, ok := r.facets[key]; !ok {
		r.facetKeys = append(r.facetKeys, key)
	}
	r.facets[key] = append(r.facets[key], vals...)
}

// document lays out the nodes and fills in the document's metadata.
func (r *reader) document() *treenav.Document {
	doc := &treenav.Document{}
	doc.Nodes = r.tree.Nodes()
	for _, k := range r.facetKeys {
		doc.AddFacet(k, r.facets[k]...)
	}
	doc.AddFacet("has_code", fmt.Sprint(r.hasCode))
	langs := map[string]bool{}
	for _, l := range r.codeLangs {
		langs[l] = true
	}
	for _, l := range sortedKeys(langs) {
		doc.AddFacet("code_languages", l)
	}
	doc.Title = first(r.facets["title"])
	if doc.Title == "" {
		doc.Title = r.firstTitle
	}
	if doc.Title == "" {
		base := path.Base(r.rel)
		for path.Ext(base) != "" {
			base = strings.TrimSuffix(base, path.Ext(base))
		}
		doc.Title = base
	}
	doc.Description = strings.Join(r.facets["description"], " ")
	if doc.Description == "" {
		doc.Description = r.firstPar
	}
	doc.Description = truncateWords(doc.Description, descriptionLimit)
	doc.Warnings = r.tree.Warnings
	return doc
}

func first(vs []string) string {
	if len(vs) > 0 {
		return vs[0]
	}
	return ""
}

// Ref is a mention of a Python object by a Sphinx role or directive, with
// the context Sphinx reads it in.
type Ref struct {
	Role string // "func", "meth", "class", "autoclass", "function" ...
	// Directive is set for a directive (.. class::, .. autofunction::),
	// which documents the object, unset for a role, which mentions it.
	Directive bool
	Name      string // as written, without "~" ("Request.replace", ".replace")
	Module    string // the current module (.. module::, .. currentmodule::)
	Class     string // the enclosing class directive's name, relative to the module
	Target    string // the link's target: Name qualified by Module and Class
	Line      int
	Pos       int // byte offset
}

// References returns the mentions of Python objects in a file, in the
// order they are written: the links of kind "py:ROLE" that Parse records,
// with the module and class each is read against.
func References(rel string, src []byte) []Ref {
	r := &reader{rel: rel, src: src, lines: splitLines(src, 0), facets: map[string][]string{}}
	r.tree.Src = src
	r.body(0, len(r.lines), 0, -1, true, context{})
	li := doctree.NewLineIndex(src)
	for i := range r.refs {
		r.refs[i].Line = li.Line(r.refs[i].Pos)
	}
	return r.refs
}
