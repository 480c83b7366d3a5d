// Package asciidoc turns AsciiDoc files (.adoc, .asciidoc) into treenav
// Documents of the shape markdown's have: a tree of sections from the
// "=" titles ("= Title" is the document's title, at level 1 as markdown's
// "#"; "==" is level 2, and so on; Asciidoctor's "#" titles too), the
// header's attribute entries (":name: value") as facets, source and
// listing blocks as code nodes with their symbols, and links (xref:,
// <<id>>, include::). Delimited blocks (----, ...., ====, ****, ____,
// ++++, ////, |===, --, ```) are read as blocks: a line inside one is never
// a title.
//
// It is a reader written for treenav: no Go AsciiDoc library gives the
// block structure with byte positions, and a full rendering is not needed.
package asciidoc

import (
	"bytes"
	"fmt"
	"path"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/parsers/doctree"
	"github.com/treenav/treenav/parsers/markdown"
)

// Match reports whether a file name is AsciiDoc.
func Match(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".adoc", ".asciidoc":
		return true
	}
	return false
}

// LinkRef is the kind of a link to an anchor (<<id>>, xref:id[]) whose
// document is not written: the target is the id, which no resolver reads
// yet.
const LinkRef = "ref"

const descriptionLimit = 300

var (
	titleRe     = regexp.MustCompile(`^(={1,6}|#{1,6})[ \t]+(\S.*?)(?:[ \t]+(?:={1,6}|#{1,6}))?[ \t]*$`)
	attrRe      = regexp.MustCompile(`^:(!?[\w][\w-]*!?):(?:[ \t]+(.*))?$`)
	blockAttrRe = regexp.MustCompile(`^\[(.*)\]$`)
	includeRe   = regexp.MustCompile(`^include::([^\[\s]+)\[[^\]]*\]$`)
	xrefRe      = regexp.MustCompile(`xref:([^\[\s]+)\[([^\]]*)\]|<<([^>,]+)(?:,\s*([^>]*))?>>|link:([^\[\s]+)\[([^\]]*)\]`)
	javadocRe   = regexp.MustCompile(`\{@link(?:plain)?\s+([\w.$]*(?:#[\w$]+)?)`)
	markupRe    = regexp.MustCompile("[*_`#~^]{1,2}([^*_`#~^]+?)[*_`#~^]{1,2}")
)

// delimiters are the block delimiters: the kind of block each opens and
// whether its content is verbatim (never parsed as AsciiDoc).
var delimiters = map[byte]struct {
	kind     string
	verbatim bool
}{
	'-': {"listing", true}, '.': {"literal", true}, '+': {"pass", true}, '/': {"comment", true},
	'=': {"example", false}, '*': {"sidebar", false}, '_': {"quote", false},
}

type line struct {
	start, end, next int
	text             string // without trailing spaces
}

type reader struct {
	rel   string
	src   []byte
	lines []line
	tree  doctree.Tree

	header     bool // still in the document header
	facets     map[string][]string
	facetKeys  []string
	title      string
	firstPar   string
	hasCode    bool
	codeLangs  []string
	sourceLang string // :source-language:
}

// Parse parses one AsciiDoc file; rel is its path relative to its
// collection root. It fills Title, Description, Facets, Warnings and
// Nodes; the caller sets the document's ids, path and hash.
func Parse(rel string, src []byte) (doc *treenav.Document, err error) {
	defer func() {
		if p := recover(); p != nil {
			doc, err = nil, fmt.Errorf("asciidoc: reader panic: %v", p)
		}
	}()
	base := 0
	if bytes.HasPrefix(src, []byte("\uFEFF")) {
		base = 3
	}
	r := &reader{rel: rel, src: src, facets: map[string][]string{}}
	r.tree.Src = src
	for i := base; i < len(src); {
		j := bytes.IndexByte(src[i:], '\n')
		end, next := len(src), len(src)
		if j >= 0 {
			end, next = i+j, i+j+1
		}
		r.lines = append(r.lines, line{start: i, end: end, next: next,
			text: strings.TrimRight(string(src[i:end]), " \t\r")})
		i = next
	}
	r.read()
	return r.document(), nil
}

// read walks the lines at the top level, where titles are sections.
func (r *reader) read() {
	var attrs string // the block attribute line above the next block
	var blockTitle string
	prevBlank := true
	r.header = true
	for i := 0; i < len(r.lines); i++ {
		l := r.lines[i]
		t := l.text
		if t == "" {
			prevBlank = true
			if r.header && len(r.tree.Sections) > 0 {
				r.header = false
			}
			continue
		}
		wasBlank := prevBlank
		prevBlank = false
		switch {
		case strings.HasPrefix(t, "//") && !strings.HasPrefix(t, "////"):
			prevBlank = wasBlank
			continue
		case attrRe.MatchString(t):
			m := attrRe.FindStringSubmatch(t)
			r.attribute(m[1], m[2])
			prevBlank = true
			continue
		}
		if m := titleRe.FindStringSubmatch(t); m != nil && wasBlank && attrs != "discrete" && attrs != "float" {
			level := len(m[1])
			if level > 1 || len(r.tree.Sections) == 0 || !r.header {
				title := plain(m[2])
				r.tree.Sections = append(r.tree.Sections, doctree.Section{Start: l.start, Level: level, Title: title})
				if level == 1 && r.title == "" {
					r.title = title
				} else {
					r.header = false
				}
				r.inline(l.start+len(m[1]), l.end, false)
				attrs, blockTitle = "", ""
				// The document title's header (author, revision and
				// attribute lines) runs to the first blank line.
				prevBlank = !r.header
				continue
			}
		}
		if r.header && len(r.tree.Sections) > 0 && i > 0 {
			// The author and revision lines of the header.
			r.header = !wasBlank
			if r.header {
				continue
			}
		}
		r.header = false
		switch {
		case strings.HasPrefix(t, "[[") && strings.HasSuffix(t, "]]"):
			prevBlank = true
			continue
		case blockAttrRe.MatchString(t) && !strings.HasPrefix(t, "[["):
			attrs = strings.TrimSpace(blockAttrRe.FindStringSubmatch(t)[1])
			prevBlank = true
			continue
		case len(t) > 1 && t[0] == '.' && t[1] != '.' && t[1] != ' ':
			blockTitle = t[1:]
			r.inline(l.start+1, l.end, true)
			prevBlank = true
			continue
		case includeRe.MatchString(t):
			if p, ok := relativeTarget(r.rel, includeRe.FindStringSubmatch(t)[1]); ok {
				r.link(l.start, treenav.Link{Target: p, Kind: markdown.LinkDoc})
			}
			continue
		}
		i = r.block(i, attrs, blockTitle) - 1
		attrs, blockTitle = "", ""
		prevBlank = true
	}
}

// block reads the block that starts at line i and returns the index of
// the line after it.
func (r *reader) block(i int, attrs, title string) int {
	t := r.lines[i].text
	if d, n := delimiter(t); n > 0 {
		end := r.closing(i+1, t)
		info, ok := delimiters[d]
		switch {
		case strings.HasPrefix(t, "```"):
			lang := strings.TrimSpace(strings.TrimLeft(t, "`"))
			r.code(i, end, lang, lang)
		case d == '-' && n == 2:
			r.nested(i+1, end-1)
		case d == '|':
			r.prose(i+1, end-1)
		case ok && info.kind == "comment":
		case ok && info.kind == "pass":
		case ok && info.verbatim:
			lang, isSource := sourceLang(attrs)
			if isSource && lang == "" {
				lang = r.sourceLang
			}
			label := lang
			if label == "" {
				label = info.kind
			}
			r.code(i, end, lang, label)
		default:
			r.nested(i+1, end-1)
		}
		return end
	}
	// A paragraph: to the next blank line or delimiter.
	j := i + 1
	for j < len(r.lines) {
		u := r.lines[j].text
		if u == "" || isDelimiter(u) || blockAttrRe.MatchString(u) && strings.HasPrefix(u, "[") && j > i && false {
			break
		}
		j++
	}
	if lang, isSource := sourceLang(attrs); isSource || strings.HasPrefix(attrs, "listing") || strings.HasPrefix(attrs, "literal") {
		if lang == "" {
			lang = r.sourceLang
		}
		r.codeLines(i, j, i, j, lang, lang)
		return j
	}
	if r.firstPar == "" {
		if p := plain(string(r.src[r.lines[i].start:r.lines[j-1].end])); hasLetter(p) {
			r.firstPar = p
		}
	}
	r.prose(i, j)
	return j
}

// nested reads the lines [i, j) inside a compound block: its text and code
// blocks, never sections.
func (r *reader) nested(i, j int) {
	attrs := ""
	for k := i; k < j; {
		t := r.lines[k].text
		switch {
		case t == "" || strings.HasPrefix(t, "//") && !strings.HasPrefix(t, "////"):
			k++
			continue
		case blockAttrRe.MatchString(t) && !strings.HasPrefix(t, "[["):
			attrs = strings.TrimSpace(blockAttrRe.FindStringSubmatch(t)[1])
			k++
			continue
		}
		if _, n := delimiter(t); n == 0 && titleRe.MatchString(t) {
			r.prose(k, k+1)
			k++
			continue
		}
		end := min(r.block(k, attrs, ""), j)
		k = max(end, k+1)
		attrs = ""
	}
}

// closing returns the index of the line after the one that closes the
// block opened by delim, searching from line i (the end of the file if
// none does).
func (r *reader) closing(i int, delim string) int {
	for k := i; k < len(r.lines); k++ {
		if r.lines[k].text == delim || strings.HasPrefix(delim, "```") && r.lines[k].text == "```" {
			return k + 1
		}
	}
	return len(r.lines)
}

// delimiter returns a block delimiter line's character and length, or 0.
func delimiter(t string) (byte, int) {
	switch {
	case t == "--":
		return '-', 2
	case strings.HasPrefix(t, "```"):
		return '`', 3
	case strings.HasPrefix(t, "|===") && strings.Trim(t[1:], "=") == "":
		return '|', len(t)
	case len(t) >= 4:
		c := t[0]
		if _, ok := delimiters[c]; ok && strings.Count(t, string(c)) == len(t) {
			return c, len(t)
		}
	}
	return 0, 0
}

func isDelimiter(t string) bool {
	_, n := delimiter(t)
	return n > 0
}

// sourceLang reads a block attribute list: [source,lang], [,lang],
// [source.lang]; it reports whether the block is a source block.
func sourceLang(attrs string) (string, bool) {
	if attrs == "" {
		return "", false
	}
	parts := strings.Split(attrs, ",")
	style := strings.TrimSpace(parts[0])
	if i := strings.IndexAny(style, "#.%"); i >= 0 {
		style = style[:i]
	}
	if style != "source" && style != "" {
		return "", false
	}
	lang := ""
	if len(parts) > 1 {
		lang = strings.TrimSpace(parts[1])
		if strings.Contains(lang, "=") {
			lang = ""
		}
	}
	for _, p := range parts[1:] {
		if k, v, ok := strings.Cut(strings.TrimSpace(p), "="); ok && k == "language" {
			lang = strings.Trim(v, `"`)
		}
	}
	return lang, true
}

// code records the delimited block [i, end) (its delimiters included) as
// a code node.
func (r *reader) code(i, end int, lang, title string) {
	last := end - 1
	if last <= i || end > len(r.lines) || r.lines[last].text != r.lines[i].text && !strings.HasPrefix(r.lines[i].text, "```") {
		last = end // not closed: the content runs to the end
	}
	r.codeLines(i+1, min(last, len(r.lines)), i, end, lang, title)
}

// codeLines records the lines [i, j) as the code of a node that spans the
// lines [from, to).
func (r *reader) codeLines(i, j, from, to int, lang, title string) {
	var segs [][2]int
	for k := i; k < j; k++ {
		l := r.lines[k]
		segs = append(segs, [2]int{l.start, l.next})
		r.span(l.start, l.end, treenav.FieldCode)
	}
	name := languageName(lang)
	r.hasCode = true
	r.codeLangs = append(r.codeLangs, name)
	if title == "" {
		title = "code"
	}
	if from >= len(r.lines) {
		return
	}
	r.tree.Blocks = append(r.tree.Blocks, doctree.Block{Start: r.lines[from].start,
		End: r.lines[min(to, len(r.lines))-1].next, Kind: treenav.KindCode, Title: title,
		Language: name, Code: segs})
}

// prose records the lines [i, j) as text.
func (r *reader) prose(i, j int) {
	for k := i; k < j && k < len(r.lines); k++ {
		l := r.lines[k]
		if strings.HasPrefix(l.text, "//") {
			continue
		}
		r.inline(l.start, l.end, true)
	}
}

// inline records the text [s, e) (when index is set) and its links:
// `monospace` is code, the rest prose.
func (r *reader) inline(s, e int, index bool) {
	text := string(r.src[s:e])
	for _, m := range xrefRe.FindAllStringSubmatchIndex(text, -1) {
		switch {
		case m[2] >= 0: // xref:target[text]
			r.xref(s+m[0], text[m[2]:m[3]], text[m[4]:m[5]])
		case m[6] >= 0: // <<target,text>>
			label := ""
			if m[8] >= 0 {
				label = text[m[8]:m[9]]
			}
			r.xref(s+m[0], strings.TrimSpace(text[m[6]:m[7]]), label)
		case m[10] >= 0: // link:path[text]
			if p, ok := relativeTarget(r.rel, text[m[10]:m[11]]); ok {
				r.link(s+m[0], treenav.Link{Target: p, Kind: markdown.LinkDoc, Label: plain(text[m[12]:m[13]])})
			}
		}
	}
	for _, m := range javadocRe.FindAllStringSubmatchIndex(text, -1) {
		t := strings.Trim(strings.ReplaceAll(text[m[2]:m[3]], "#", "."), ".")
		if t != "" {
			r.link(s+m[0], treenav.Link{Target: t, Kind: "javadoc:link"})
		}
	}
	if !index {
		return
	}
	last := s
	for i := s; i < e; i++ {
		if r.src[i] != '`' || i > s && isWordByte(r.src[i-1]) {
			continue
		}
		k := bytes.IndexByte(r.src[i+1:e], '`')
		if k <= 0 {
			continue
		}
		r.span(last, i, treenav.FieldBody)
		r.span(i+1, i+1+k, treenav.FieldCode)
		last = i + k + 2
		i = last - 1
	}
	r.span(last, e, treenav.FieldBody)
}

// xref records a cross reference: to another document when the target
// names one (other.adoc#id, other#id), else to an anchor.
func (r *reader) xref(pos int, target, label string) {
	doc, frag, hasFrag := strings.Cut(target, "#")
	switch {
	case doc != "" && (hasFrag || strings.HasSuffix(doc, ".adoc") || strings.HasSuffix(doc, ".asciidoc")):
		if p, ok := relativeTarget(r.rel, doc); ok {
			l := treenav.Link{Target: p, Kind: markdown.LinkDoc}
			if label != "" {
				l.Label = plain(label)
			}
			r.link(pos, l)
		}
	case target != "":
		if !hasFrag {
			frag = doc
		}
		r.link(pos, treenav.Link{Target: frag, Kind: LinkRef, Label: plain(label)})
	}
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// attribute records an attribute entry: in the header, as a facet.
func (r *reader) attribute(name, value string) {
	value = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(value), " \\"))
	if name == "source-language" {
		r.sourceLang = value
	}
	if !r.header || strings.HasPrefix(name, "!") || strings.HasSuffix(name, "!") {
		return
	}
	key := strings.ToLower(name)
	var vals []string
	switch {
	case value == "":
		vals = []string{"true"}
	case key == "keywords" || key == "tags":
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

func (r *reader) link(pos int, l treenav.Link) {
	r.tree.Links = append(r.tree.Links, doctree.Link{Pos: pos, Link: l})
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
		if l != "" {
			langs[l] = true
		}
	}
	keys := make([]string, 0, len(langs))
	for l := range langs {
		keys = append(keys, l)
	}
	sort.Strings(keys)
	doc.AddFacet("code_languages", keys...)
	doc.Title = r.title
	if doc.Title == "" {
		base := path.Base(r.rel)
		doc.Title = strings.TrimSuffix(base, path.Ext(base))
	}
	if d := r.facets["description"]; len(d) > 0 {
		doc.Description = d[0]
	} else {
		doc.Description = r.firstPar
	}
	doc.Description = truncateWords(doc.Description, descriptionLimit)
	doc.Warnings = r.tree.Warnings
	return doc
}

// plain is a title or a paragraph without its inline markup.
func plain(s string) string {
	s = xrefRe.ReplaceAllStringFunc(s, func(m string) string {
		sub := xrefRe.FindStringSubmatch(m)
		for _, k := range []int{2, 4, 6} {
			if sub[k] != "" {
				return sub[k]
			}
		}
		return sub[3]
	})
	s = markupRe.ReplaceAllString(s, "$1")
	return strings.Join(strings.Fields(s), " ")
}

func relativeTarget(rel, dest string) (string, bool) {
	dest = strings.TrimSpace(dest)
	if i := strings.IndexAny(dest, "#?"); i >= 0 {
		dest = dest[:i]
	}
	if dest == "" || strings.HasPrefix(dest, "//") || strings.Contains(dest, "://") || strings.HasPrefix(dest, "mailto:") ||
		strings.Contains(dest, "{") {
		return "", false
	}
	var p string
	if strings.HasPrefix(dest, "/") {
		p = path.Clean(strings.TrimLeft(dest, "/"))
	} else {
		p = path.Join(path.Dir(rel), dest)
	}
	if p == "." || p == ".." || strings.HasPrefix(p, "../") {
		return "", false
	}
	return p, true
}

func languageName(lang string) string {
	if lang == "" {
		return ""
	}
	return markdown.LanguageName(lang)
}

func hasLetter(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

func truncateWords(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := strings.LastIndexByte(s[:max], ' ')
	if cut < max/2 {
		cut = max
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
	}
	return strings.TrimRight(s[:cut], " ,;:") + "…"
}
