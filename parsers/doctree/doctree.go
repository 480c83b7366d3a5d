// Package doctree lays out the node tree of a prose document from what a
// reader of its markup found: section titles with their levels, blocks
// (directives, code blocks) with their extents, the indexed ranges of the
// file and the links. The reStructuredText and AsciiDoc readers share it,
// so that their documents have the shape markdown's have: a file root,
// sections that run to the next title of the same or a higher level and
// whose own content excludes their subsections', code blocks as child
// nodes of kind code with the symbols of the languages treenav parses, and
// anchors that are slug paths ("install/from-source", "~2" for repeats).
package doctree

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/parsers/code"
	"github.com/treenav/treenav/parsers/markdown"
)

// Section is a section title.
type Section struct {
	Start int // offset of the title's first line (an overline, if any)
	Level int // 1 for the top level
	Title string
}

// Block is a node that is not a section: a directive whose content people
// search (KindSection with the directive's name as NativeKind) or a code
// block (KindCode). Blocks nest (a code block in a note) or are disjoint.
type Block struct {
	Start, End int // from the block's first line to past its last
	Kind       treenav.Kind
	NativeKind string // "note", "function", "setting", "source" ...
	Title      string
	Signature  string
	Language   string // code blocks: treenav's language name, "" when unknown
	// Code is a code block's text, as ranges of the file (one a line,
	// without the indentation the markup adds); its symbols are extracted
	// when the language is one treenav parses.
	Code [][2]int
}

// Link is a link found at offset Pos.
type Link struct {
	Pos  int
	Link treenav.Link
}

// Tree is what a reader found in one file.
type Tree struct {
	Src      []byte
	Sections []Section // ascending Start
	Blocks   []Block   // ascending Start
	Spans    []treenav.Span
	Links    []Link
	Warnings []string
}

// maxSymbolBlocks bounds how many code blocks of one document get their
// symbols extracted, as markdown does.
const maxSymbolBlocks = 1000

type item struct {
	start, end int
	section    int // index into Sections, or -1
	block      int // index into Blocks, or -1
}

// Nodes lays the tree out in document order (a preorder walk): every
// indexed range and link goes to the innermost section or directive node
// that holds it; code nodes have no spans of their own, their text being
// their section's (field code), as in markdown.
func (t *Tree) Nodes() []treenav.Node {
	src := t.Src
	li := NewLineIndex(src)
	nodes := make([]treenav.Node, 1, 1+len(t.Sections)+len(t.Blocks))
	nodes[0] = treenav.Node{
		Parent: -1, Kind: treenav.KindFile,
		LineStart: 1, LineEnd: max(li.Lines(), 1),
		ByteEnd: uint32(len(src)), DocLineStart: 1,
	}

	// A section runs to the next title of the same or a higher level.
	hs := t.Sections
	ends := make([]int, len(hs))
	var stack []int
	for i, h := range hs {
		for len(stack) > 0 && hs[stack[len(stack)-1]].Level >= h.Level {
			ends[stack[len(stack)-1]] = h.Start
			stack = stack[:len(stack)-1]
		}
		stack = append(stack, i)
	}
	for _, i := range stack {
		ends[i] = len(src)
	}
	items := make([]item, 0, len(hs)+len(t.Blocks))
	for i, h := range hs {
		items = append(items, item{h.Start, ends[i], i, -1})
	}
	for i, b := range t.Blocks {
		// A block never runs past the next title.
		end := b.End
		if k := sort.Search(len(hs), func(j int) bool { return hs[j].Start > b.Start }); k < len(hs) {
			end = min(end, hs[k].Start)
		}
		end = min(max(end, b.Start+1), len(src))
		items = append(items, item{b.Start, end, -1, i})
	}
	sort.SliceStable(items, func(i, j int) bool {
		if items[i].start != items[j].start {
			return items[i].start < items[j].start
		}
		return items[i].section >= 0 && items[j].section < 0
	})

	used := anchors{}
	codeCount := map[int]int{}
	var open []int // node indexes of the open items, outermost first
	symbolBlocks := 0
	var warnings []string
	for _, it := range items {
		for len(open) > 0 {
			top := &nodes[open[len(open)-1]]
			if int(top.ByteEnd) <= it.start ||
				it.section >= 0 && (top.Kind != treenav.KindSection || top.NativeKind != "" || top.Level >= hs[it.section].Level) {
				open = open[:len(open)-1]
				continue
			}
			break
		}
		parent := 0
		if len(open) > 0 {
			parent = open[len(open)-1]
		}
		prefix := ""
		if parent > 0 {
			prefix = nodes[parent].Anchor + "/"
		}
		idx := len(nodes)
		line := li.Line(it.start)
		n := treenav.Node{
			Parent:    parent,
			LineStart: line, LineEnd: li.Line(max(it.end-1, it.start)),
			ByteStart: uint32(it.start), ByteEnd: uint32(it.end),
			DocStart: uint32(it.start), DocLineStart: line,
		}
		if it.section >= 0 {
			h := hs[it.section]
			n.Kind, n.Title, n.Level = treenav.KindSection, h.Title, h.Level
			n.Anchor = used.unique(prefix + markdown.Slug(h.Title))
		} else {
			b := t.Blocks[it.block]
			n.Kind, n.NativeKind, n.Title, n.Signature = b.Kind, b.NativeKind, b.Title, b.Signature
			n.Level = nodes[parent].Level + 1
			if b.Kind == treenav.KindCode {
				codeCount[parent]++
				n.Anchor = used.unique(prefix + "code-" + strconv.Itoa(codeCount[parent]))
				n.Language = b.Language
				if n.Title == "" {
					n.Title = "code"
				}
				for _, s := range b.Code {
					n.WordCount += wordsIn(src[s[0]:s[1]])
				}
			} else {
				n.Anchor = used.unique(prefix + markdown.Slug(b.Title))
			}
		}
		nodes = append(nodes, n)
		nodes[parent].Children = append(nodes[parent].Children, idx)
		if n.Kind == treenav.KindCode {
			b := t.Blocks[it.block]
			if b.Language != "" && len(b.Code) > 0 && code.Lookup(b.Language) != nil {
				if symbolBlocks++; symbolBlocks <= maxSymbolBlocks {
					nodes = symbols(nodes, idx, b, li, src, used)
				} else if symbolBlocks == maxSymbolBlocks+1 {
					warnings = append(warnings, fmt.Sprintf(
						"symbols extracted from the first %d code blocks only", maxSymbolBlocks))
				}
			}
			continue
		}
		open = append(open, idx)
	}
	t.Warnings = append(t.Warnings, warnings...)

	// owner is the innermost section or directive node holding off.
	var owners []int // non-code nodes but the root, in preorder (ascending start)
	for i := 1; i < len(nodes); i++ {
		if nodes[i].Kind == treenav.KindSection {
			owners = append(owners, i)
		}
	}
	owner := func(off int) int {
		k := sort.Search(len(owners), func(i int) bool { return int(nodes[owners[i]].ByteStart) > off }) - 1
		if k < 0 {
			return 0
		}
		n := owners[k]
		for n > 0 && (off >= int(nodes[n].ByteEnd) || nodes[n].Kind == treenav.KindCode) {
			n = nodes[n].Parent
		}
		return n
	}
	// bounds are where ownership can change.
	bounds := make([]int, 0, 2*len(owners))
	for _, o := range owners {
		bounds = append(bounds, int(nodes[o].ByteStart), int(nodes[o].ByteEnd))
	}
	sort.Ints(bounds)
	spans := t.Spans
	sort.SliceStable(spans, func(i, j int) bool { return spans[i].Start < spans[j].Start })
	for _, sp := range spans {
		s, e := int(sp.Start), int(sp.End)
		for s < e {
			cut := e
			if k := sort.SearchInts(bounds, s+1); k < len(bounds) {
				cut = min(e, bounds[k])
			}
			addSpan(&nodes[owner(s)], s, cut, sp.Field)
			s = cut
		}
	}
	for i := range nodes {
		if nodes[i].Kind != treenav.KindCode && (nodes[i].Kind == treenav.KindSection || i == 0) {
			nodes[i].WordCount = countWords(src, nodes[i].Spans)
		}
	}
	for _, l := range t.Links {
		n := owner(l.Pos)
		l.Link.Line = li.Line(l.Pos)
		nodes[n].Links = append(nodes[n].Links, l.Link)
	}
	return nodes
}

// symbols extracts the symbols of a code block and appends them as
// children of the code node at idx, their positions moved to the file's.
func symbols(nodes []treenav.Node, idx int, b Block, li *LineIndex, src []byte, used anchors) []treenav.Node {
	l := code.Lookup(b.Language)
	var text []byte
	var m offsetMap
	for _, s := range b.Code {
		m = append(m, [2]int{len(text), s[0]})
		text = append(text, src[s[0]:s[1]]...)
	}
	res, err := l.Extract(text)
	if err != nil || len(res.Nodes) < 2 {
		return nodes
	}
	codeNode := nodes[idx]
	base := len(nodes) - 1
	for i := 1; i < len(res.Nodes); i++ {
		s := res.Nodes[i]
		parent := idx
		if s.Parent > 0 {
			parent = base + s.Parent
		}
		start, end, doc := m.file(int(s.ByteStart)), m.fileEnd(int(s.ByteEnd)), m.file(int(s.DocStart))
		start, end = max(start, int(codeNode.ByteStart)), min(end, int(codeNode.ByteEnd))
		doc = min(max(doc, int(codeNode.ByteStart)), start)
		end = max(end, start)
		n := treenav.Node{
			Anchor:        used.unique(codeNode.Anchor + "/" + s.Anchor),
			Parent:        parent,
			Kind:          s.Kind,
			NativeKind:    s.NativeKind,
			Title:         s.Title,
			Level:         codeNode.Level + s.Level,
			LineStart:     li.Line(start),
			LineEnd:       li.Line(max(end-1, start)),
			ByteStart:     uint32(start),
			ByteEnd:       uint32(end),
			DocStart:      uint32(doc),
			DocLineStart:  li.Line(doc),
			WordCount:     s.WordCount,
			Name:          s.Name,
			QualifiedName: s.QualifiedName,
			Signature:     s.Signature,
			Doc:           s.Doc,
			Language:      b.Language,
			Declaration:   s.Declaration,
		}
		nodes = append(nodes, n)
		nodes[parent].Children = append(nodes[parent].Children, len(nodes)-1)
	}
	return nodes
}

// offsetMap maps offsets of a code block's text to offsets of the file:
// each entry is (text offset, file offset) where a piece starts.
type offsetMap [][2]int

func (m offsetMap) file(off int) int {
	k := max(sort.Search(len(m), func(i int) bool { return m[i][0] > off })-1, 0)
	return m[k][1] + off - m[k][0]
}

// fileEnd maps an exclusive end offset: the end of a piece stays in it.
func (m offsetMap) fileEnd(off int) int {
	if off <= 0 {
		return m.file(0)
	}
	return m.file(off-1) + 1
}

// addSpan appends a span to a node, keeping its spans ascending and
// disjoint.
func addSpan(n *treenav.Node, s, e int, f treenav.Field) {
	if k := len(n.Spans) - 1; k >= 0 {
		last := &n.Spans[k]
		if s < int(last.End) {
			s = int(last.End)
		}
		if s == int(last.End) && last.Field == f && e > s {
			last.End = uint32(e)
			return
		}
	}
	if e > s {
		n.Spans = append(n.Spans, treenav.Span{Start: uint32(s), End: uint32(e), Field: f})
	}
}

// anchors hands out unique anchors in document order: the first use of a
// name keeps it, later ones get "~2", "~3".
type anchors map[string]int

func (a anchors) unique(name string) string {
	n := a[name]
	if n == 0 {
		a[name] = 1
		return name
	}
	for {
		n++
		cand := name + "~" + strconv.Itoa(n)
		if a[cand] == 0 {
			a[name] = n
			a[cand] = 1
			return cand
		}
	}
}

func countWords(src []byte, spans []treenav.Span) int {
	n := 0
	for _, sp := range spans {
		n += wordsIn(src[sp.Start:sp.End])
	}
	return n
}

func wordsIn(b []byte) int {
	n := 0
	in := false
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		b = b[size:]
		w := unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_'
		if w && !in {
			n++
		}
		in = w
	}
	return n
}

// LineIndex maps byte offsets to 1-based line numbers.
type LineIndex struct {
	starts []int
	size   int
}

// NewLineIndex indexes the lines of src.
func NewLineIndex(src []byte) *LineIndex {
	li := &LineIndex{starts: make([]int, 1, bytes.Count(src, []byte{'\n'})+1), size: len(src)}
	for i := 0; ; {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		if i < len(src) {
			li.starts = append(li.starts, i)
		}
	}
	return li
}

// Lines is the number of lines: a final line ending opens no line.
func (li *LineIndex) Lines() int {
	if li.size == 0 {
		return 0
	}
	return len(li.starts)
}

// Line returns the 1-based line that holds offset off.
func (li *LineIndex) Line(off int) int {
	return sort.Search(len(li.starts), func(i int) bool { return li.starts[i] > off })
}
