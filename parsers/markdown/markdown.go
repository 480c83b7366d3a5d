// Package markdown turns markdown files (.md, .markdown, .mdx) into treenav
// Documents: a tree of sections built from the headings, each holding its
// own text (its subsections are its children), with fenced code blocks as
// child nodes of kind code, frontmatter as title, description and facets,
// and links, wiki links and #tags.
//
// Parsing is goldmark (CommonMark with GitHub's extensions); positions are
// byte offsets of the file itself, so a node's range can be cut from the
// file as is.
package markdown

import (
	"bytes"
	"fmt"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"github.com/treenav/treenav"
)

// Match reports whether a file name is markdown.
func Match(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".md", ".markdown", ".mdx":
		return true
	}
	return false
}

// descriptionLimit is roughly how long a description taken from the first
// paragraph may be.
const descriptionLimit = 300

// Parse parses one markdown file; rel is its path relative to its
// collection root (forward slashes). It fills Title, Description, Facets,
// Warnings and Nodes; the caller sets the document's ids, path and hash.
//
// Nodes[0] is the file; every heading is a node of kind section whose range
// runs from its heading line to the line before the next heading of the
// same or a higher level, and whose Spans are its own text only (not its
// subsections', not its heading, which is the node's Title). Each fenced
// code block is a child node of kind code of the section it is in; its text
// stays in the section's spans (field code) and the code node has no spans
// of its own, so BM25 counts it once. Symbols found in blocks of languages
// the code parsers know are children of the code node, also without spans.
//
// Links are per node and unresolved: markdown links hold the path they name
// relative to the collection root, wiki links and embeds the raw target.
// Resolve checks them against a collection.
//
// Malformed frontmatter does not fail a parse: it is reported in Warnings
// and the body is indexed. Parse fails only if goldmark panics.
func Parse(rel string, src []byte) (doc *treenav.Document, err error) {
	defer func() {
		if r := recover(); r != nil {
			doc, err = nil, fmt.Errorf("markdown: parser panic: %v", r)
		}
	}()
	b := newBuilder(rel, src)
	b.parse()
	return b.document(), nil
}

// builder holds the state of one Parse.
type builder struct {
	rel  string
	src  []byte
	view []byte // what goldmark reads: src, or a copy with MDX markup or excess nesting blanked
	li   *lineIndex
	base int // where the body starts: past the BOM and the frontmatter
	fm   frontmatter

	headings []heading
	blocks   []codeBlock
	pieces   []treenav.Span // every indexed range, in source order
	links    []linkAt
	tags     []string
	firstH1  string
	firstPar string
	hasCode  bool

	symbolBlocks int      // code blocks sent to a code parser
	warnings     []string // besides the frontmatter's
}

type heading struct {
	start int // offset of the heading's first line
	level int
	title string
}

type codeBlock struct {
	start, end int      // the fence lines included
	info       string   // the info string's first word ("go", "ts", "")
	lang       string   // normalized language, "" when unknown or absent
	segs       [][2]int // the content lines
}

type linkAt struct {
	pos  int
	link treenav.Link
}

func newBuilder(rel string, src []byte) *builder {
	b := &builder{rel: rel, src: src, view: src, li: newLineIndex(src)}
	if bytes.HasPrefix(src, []byte("\uFEFF")) {
		b.base = 3
	}
	b.fm = parseFrontmatter(src, b.base)
	if b.fm.End > 0 {
		b.base = b.fm.End
	}
	if strings.EqualFold(path.Ext(rel), ".mdx") {
		b.view = maskMDX(src, b.base)
	}
	if v := clampNesting(b.view, b.base); v != nil {
		b.view = v
	}
	return b
}

// parse runs goldmark over the body and collects headings, code blocks,
// indexed ranges and links.
func (b *builder) parse() {
	body := b.view[b.base:]
	pc := parser.NewContext()
	root := goldmarkParser().Parse(text.NewReader(body), parser.WithContext(pc))
	ends := fenceEnds(pc)
	b.block(root, ends)
}

// abs turns an offset in the body into an offset in the file.
func (b *builder) abs(off int) int { return off + b.base }

// block walks a block node.
func (b *builder) block(n ast.Node, ends map[ast.Node]int) {
	switch n := n.(type) {
	case *ast.Heading:
		h := heading{start: b.li.lineStart(b.abs(n.Pos())), level: n.Level, title: b.headingTitle(n)}
		b.headings = append(b.headings, h)
		if h.level == 1 && b.firstH1 == "" {
			b.firstH1 = h.title
		}
		// A heading's text is the node's title, not its content; its links
		// still count.
		b.inlines(n, treenav.FieldBody, false)
		return
	case *ast.FencedCodeBlock:
		b.fenced(n, ends[n])
		return
	case *ast.CodeBlock:
		b.hasCode = true
		b.codeLines(n)
		return
	case *ast.HTMLBlock:
		b.html(n)
		return
	case *ast.Paragraph:
		if b.firstPar == "" {
			if t := plain(inlineText(n, b.view[b.base:], false)); hasLetter(t) {
				b.firstPar = t
			}
		}
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if c.Type() == ast.TypeInline {
			b.inline(c, treenav.FieldBody, true)
		} else {
			b.block(c, ends)
		}
	}
}

func (b *builder) inlines(n ast.Node, f treenav.Field, index bool) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		b.inline(c, f, index)
	}
}

// inline walks an inline node; index says whether its text is indexed
// (heading text is not: it is the section's title).
func (b *builder) inline(n ast.Node, f treenav.Field, index bool) {
	body := b.view[b.base:]
	switch n := n.(type) {
	case *ast.Text:
		if !index {
			return
		}
		s, e := b.abs(n.Segment.Start), b.abs(n.Segment.Stop)
		if f == treenav.FieldCode {
			b.piece(s, e, f)
			return
		}
		b.prose(s, e)
		b.hashtags(s, e)
		return
	case *ast.CodeSpan:
		b.inlines(n, treenav.FieldCode, index)
		return
	case *ast.AutoLink, *ast.RawHTML:
		// URLs and tags are markup, not words; autolinks are external.
		return
	case *ast.Link:
		b.markdownLink(n, body)
	case *wikiLink:
		kind := LinkWiki
		if n.Embed {
			kind = LinkEmbed
		}
		// [[#Heading]] points into the same page, like a markdown #fragment.
		if t := wikiTarget(n.Target); t != "" {
			b.links = append(b.links, linkAt{b.abs(n.Inner.Start), treenav.Link{
				Target: t, Kind: kind, Label: n.Label}})
		}
		if index {
			b.prose(b.abs(n.Inner.Start), b.abs(n.Inner.Stop))
		}
		return
	case *east.TaskCheckBox:
		return
	}
	b.inlines(n, f, index)
}

// piece records an indexed range of the file.
func (b *builder) piece(s, e int, f treenav.Field) {
	if e <= s || f == treenav.FieldBody && len(bytes.TrimSpace(b.view[s:e])) == 0 {
		return
	}
	if k := len(b.pieces) - 1; k >= 0 && b.pieces[k].Field == f && int(b.pieces[k].End) == s {
		b.pieces[k].End = uint32(e)
		return
	}
	b.pieces = append(b.pieces, treenav.Span{Start: uint32(s), End: uint32(e), Field: f})
}

// prose records a range of prose, leaving out character references
// (&nbsp; would otherwise index "nbsp").
func (b *builder) prose(s, e int) {
	for s < e {
		i := bytes.IndexByte(b.view[s:e], '&')
		if i < 0 {
			break
		}
		if n := entityLen(b.view[s+i : e]); n > 0 {
			b.piece(s, s+i, treenav.FieldBody)
			s += i + n
			continue
		}
		b.piece(s, s+i+1, treenav.FieldBody)
		s += i + 1
	}
	b.piece(s, e, treenav.FieldBody)
}

// entityLen returns the length of the character reference at the start of
// b ("&amp;", "&#123;", "&#x1F;"), or 0.
func entityLen(b []byte) int {
	if len(b) < 3 || b[0] != '&' {
		return 0
	}
	i := 1
	if b[1] == '#' {
		i = 2
		if i < len(b) && (b[i] == 'x' || b[i] == 'X') {
			i++
		}
	}
	start := i
	for i < len(b) && i-start < 32 && isAlnum(b[i]) {
		i++
	}
	if i > start && i < len(b) && b[i] == ';' {
		return i + 1
	}
	return 0
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func hasLetter(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// codeLines records an indented code block's lines as code.
func (b *builder) codeLines(n ast.Node) {
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		b.piece(b.abs(seg.Start), b.abs(seg.Stop), treenav.FieldCode)
	}
}

// fenced records a fenced code block: its text as code and the block
// itself as a future code node. end is where its last line ends, in body
// offsets.
func (b *builder) fenced(n *ast.FencedCodeBlock, end int) {
	b.hasCode = true
	cb := codeBlock{start: b.li.lineStart(b.abs(n.Pos()))}
	if n.Info != nil {
		cb.info, cb.lang = fenceLanguage(string(n.Info.Segment.Value(b.view[b.base:])))
	}
	cb.end = b.abs(end)
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		s, e := b.abs(seg.Start), b.abs(seg.Stop)
		cb.segs = append(cb.segs, [2]int{s, e})
		b.piece(s, e, treenav.FieldCode)
		cb.end = max(cb.end, e)
	}
	if cb.end <= cb.start {
		// An opening fence alone at the end of the input.
		_, next := lineAt(b.src, cb.start)
		cb.end = next
	}
	b.blocks = append(b.blocks, cb)
}

// headingTitle is the heading's text without inline markup; images count
// only when the heading has nothing else. A trailing custom id
// ("## Install {#install}", Docusaurus, Hugo, Pandoc) is markup too.
func (b *builder) headingTitle(n *ast.Heading) string {
	body := b.view[b.base:]
	t := plain(inlineText(n, body, false))
	if t == "" {
		t = plain(inlineText(n, body, true))
	}
	if m := customID.FindStringIndex(t); m != nil && m[0] > 0 {
		t = t[:m[0]]
	}
	return t
}

// customID matches a heading's trailing {#id}.
var customID = regexp.MustCompile(`\s*\{#[^\s{}]+\}$`)

// inlineText is the text of n's inline children as a reader sees it:
// without markup, link destinations or HTML tags, with code spans' text.
// Image descriptions are included when images is set.
func inlineText(n ast.Node, src []byte, images bool) string {
	var buf bytes.Buffer
	var walk func(n ast.Node)
	walk = func(n ast.Node) {
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			switch c := c.(type) {
			case *ast.Text:
				buf.Write(unescapePunct(c.Segment.Value(src)))
				if c.SoftLineBreak() || c.HardLineBreak() {
					buf.WriteByte(' ')
				}
			case *ast.String:
				buf.Write(c.Value)
			case *ast.CodeSpan:
				for t := c.FirstChild(); t != nil; t = t.NextSibling() {
					if tx, ok := t.(*ast.Text); ok {
						buf.Write(tx.Segment.Value(src))
					} else if s, ok := t.(*ast.String); ok {
						buf.Write(s.Value)
					}
				}
			case *ast.RawHTML:
			case *ast.AutoLink:
				buf.Write(c.Label(src))
			case *ast.Image:
				if images {
					walk(c)
				}
			case *wikiLink:
				if c.Label != "" {
					buf.WriteString(c.Label)
				} else {
					buf.WriteString(c.Target)
				}
			default:
				walk(c)
			}
		}
	}
	walk(n)
	return buf.String()
}

// document lays out the nodes and fills in the document's metadata.
func (b *builder) document() *treenav.Document {
	doc := &treenav.Document{}
	doc.Nodes = b.nodes()

	for k, vs := range b.fm.Facets {
		doc.AddFacet(k, vs...)
	}
	doc.AddFacet("tags", b.tags...)
	doc.AddFacet("has_code", strconv.FormatBool(b.hasCode))
	for _, cb := range b.blocks {
		doc.AddFacet("code_languages", cb.lang)
	}
	if l := doc.Facets["code_languages"]; len(l) > 1 {
		sort.Strings(l)
	}

	doc.Title = firstNonEmpty(b.fm.Facets["title"]...)
	if doc.Title == "" {
		doc.Title = b.firstH1
	}
	if doc.Title == "" {
		base := path.Base(b.rel)
		doc.Title = strings.TrimSuffix(base, path.Ext(base))
	}
	doc.Description = plain(strings.Join(b.fm.Facets["description"], " "))
	if doc.Description == "" {
		doc.Description = b.firstPar
	}
	doc.Description = truncateWords(doc.Description, descriptionLimit)
	if b.fm.Err != nil {
		doc.Warnings = append(doc.Warnings, b.fm.Err.Error())
	}
	doc.Warnings = append(doc.Warnings, b.warnings...)
	return doc
}

func firstNonEmpty(vs ...string) string {
	for _, v := range vs {
		if v = plain(v); v != "" {
			return v
		}
	}
	return ""
}
