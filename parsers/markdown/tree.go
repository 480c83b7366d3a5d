package markdown

import (
	"sort"
	"strconv"

	"github.com/treenav/treenav"
)

// nodes lays the headings and code blocks out as the document's tree, in
// document order (a preorder walk), and hands every indexed range and link
// to the node whose own content holds it.
func (b *builder) nodes() []treenav.Node {
	src := b.src
	nodes := make([]treenav.Node, 1, 1+len(b.headings)+len(b.blocks))
	nodes[0] = treenav.Node{
		Parent:    -1,
		Kind:      treenav.KindFile,
		LineStart: 1, LineEnd: max(b.li.lines(), 1),
		ByteStart: 0, ByteEnd: uint32(len(src)),
		DocLineStart: 1,
	}

	// A section runs to the next heading of the same or a higher level;
	// its parent is the closest heading above it of a lower level.
	hs := b.headings
	ends := make([]int, len(hs))
	parents := make([]int, len(hs))
	var stack []int
	for i, h := range hs {
		for len(stack) > 0 && hs[stack[len(stack)-1]].level >= h.level {
			ends[stack[len(stack)-1]] = h.start
			stack = stack[:len(stack)-1]
		}
		parents[i] = -1
		if len(stack) > 0 {
			parents[i] = stack[len(stack)-1]
		}
		stack = append(stack, i)
	}
	for _, i := range stack {
		ends[i] = len(src)
	}

	// owner returns the node whose own content holds offset off: the last
	// heading at or before it, or the root.
	nodeOf := make([]int, len(hs))
	owner := func(off int) int {
		k := sort.Search(len(hs), func(i int) bool { return hs[i].start > off })
		if k == 0 {
			return 0
		}
		return nodeOf[k-1]
	}

	used := anchors{}
	codeCount := map[int]int{} // node -> code blocks seen in its own content
	hi, bi := 0, 0
	for hi < len(hs) || bi < len(b.blocks) {
		if bi >= len(b.blocks) || hi < len(hs) && hs[hi].start <= b.blocks[bi].start {
			h := hs[hi]
			parent, prefix := 0, ""
			if p := parents[hi]; p >= 0 {
				parent = nodeOf[p]
				prefix = nodes[parent].Anchor + "/"
			}
			idx := len(nodes)
			nodeOf[hi] = idx
			line := b.li.line(h.start)
			nodes = append(nodes, treenav.Node{
				Anchor:    used.unique(prefix + Slug(h.title)),
				Parent:    parent,
				Kind:      treenav.KindSection,
				Title:     h.title,
				Level:     h.level,
				LineStart: line, LineEnd: b.li.line(ends[hi] - 1),
				ByteStart: uint32(h.start), ByteEnd: uint32(ends[hi]),
				DocStart: uint32(h.start), DocLineStart: line,
			})
			nodes[parent].Children = append(nodes[parent].Children, idx)
			hi++
			continue
		}
		cb := b.blocks[bi]
		bi++
		parent := owner(cb.start)
		codeCount[parent]++
		anchor := "code-" + strconv.Itoa(codeCount[parent])
		if parent > 0 {
			anchor = nodes[parent].Anchor + "/" + anchor
		}
		end := min(cb.end, int(nodes[parent].ByteEnd))
		title := cb.info
		if title == "" {
			title = "code"
		}
		idx := len(nodes)
		line := b.li.line(cb.start)
		words := 0
		for _, s := range cb.segs {
			words += wordsIn(src[s[0]:s[1]])
		}
		nodes = append(nodes, treenav.Node{
			Anchor:    used.unique(anchor),
			Parent:    parent,
			Kind:      treenav.KindCode,
			Title:     title,
			Language:  cb.lang,
			Level:     nodes[parent].Level + 1,
			LineStart: line, LineEnd: b.li.line(end - 1),
			ByteStart: uint32(cb.start), ByteEnd: uint32(end),
			DocStart: uint32(cb.start), DocLineStart: line,
			WordCount: words,
		})
		nodes[parent].Children = append(nodes[parent].Children, idx)
		nodes = b.symbols(nodes, idx, cb, used)
	}

	// Own content: the ranges between a heading and the next heading of
	// any level (or, for the root, before the first heading).
	pieces := b.pieces
	if !sort.SliceIsSorted(pieces, func(i, j int) bool { return pieces[i].Start < pieces[j].Start }) {
		sort.SliceStable(pieces, func(i, j int) bool { return pieces[i].Start < pieces[j].Start })
	}
	regionEnd := func(k int) int { // k: index of the heading that owns, or -1 for the root
		if k+1 < len(hs) {
			return hs[k+1].start
		}
		return len(src)
	}
	for _, sp := range pieces {
		s, e := int(sp.Start), int(sp.End)
		for s < e {
			k := sort.Search(len(hs), func(i int) bool { return hs[i].start > s }) - 1
			n := 0
			if k >= 0 {
				n = nodeOf[k]
			}
			cut := min(e, regionEnd(k))
			addSpan(&nodes[n], s, cut, sp.Field)
			s = cut
		}
	}
	for i := range nodes {
		if nodes[i].Kind == treenav.KindSection || i == 0 {
			nodes[i].WordCount = countWords(src, nodes[i].Spans)
		}
	}
	for _, l := range b.links {
		n := owner(l.pos)
		l.link.Line = b.li.line(l.pos)
		nodes[n].Links = append(nodes[n].Links, l.link)
	}
	return nodes
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
