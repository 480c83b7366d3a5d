package index

import (
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/treenav/treenav"
)

// Input is a parsed document with the source it was parsed from; the source
// is tokenized while building and not kept.
type Input struct {
	Doc *treenav.Document
	Src []byte
	// ModTime is the file's modification time (unix nanoseconds), kept to
	// tell cheaply whether a file changed since it was indexed.
	ModTime int64
}

// segmentBuilder accumulates documents into growable per-term posting
// buffers; finish turns them into an immutable segment. Builders are used
// by one goroutine; a parallel build runs one per worker and merges.
type segmentBuilder struct {
	docs  []docMeta
	nodes []nodeMeta
	terms map[string]*termBuf
	seg   segment // fieldLen accumulates here

	// open are the postings of the node being added.
	open []*termBuf
	// tokens resolves an analyzer token (kind and lowercased key) to its
	// posting buffer, nil for tokens without a term (stop words): after a
	// corpus's first few files almost every token is a hit, so indexing
	// does no string or stemming work per token.
	tokens map[string]*termBuf
	kbuf   []byte // key scratch
	abuf   []byte // analyzer scratch
}

type termBuf struct {
	nodes []uint32
	tf    []uint32
	pos   []byte
	off   []uint32 // start offset of each posting's positions in pos
	// state of the node being added
	cur     int32 // node the last posting belongs to, -1 none
	lastPos uint32
	curTF   [treenav.NumFields]uint32
}

func newSegmentBuilder() *segmentBuilder {
	return &segmentBuilder{terms: map[string]*termBuf{}, tokens: map[string]*termBuf{}}
}

// termBufFor returns the posting buffer of a token's term.
func (b *segmentBuilder) termBufFor(k tokKind, key []byte) *termBuf {
	b.kbuf = append(append(b.kbuf[:0], byte(k)), key...)
	if t, ok := b.tokens[string(b.kbuf)]; ok {
		return t
	}
	var t *termBuf
	if term := termOfToken(k, key); term != "" {
		if t = b.terms[term]; t == nil {
			t = &termBuf{cur: -1}
			b.terms[term] = t
		}
	}
	b.tokens[string(b.kbuf)] = t
	return t
}

// index tokenizes text into node's field f from position pos and returns
// the next free position.
func (b *segmentBuilder) index(text []byte, pos int, compounds bool, node uint32, f treenav.Field) int {
	nm := &b.nodes[node]
	return tokenize(text, pos, compounds, &b.abuf, func(k tokKind, key []byte, p, _, _ int) {
		if t := b.termBufFor(k, key); t != nil {
			b.addTerm(t, node, f, uint32(p))
			nm.fieldLen[f] = min(nm.fieldLen[f]+1, 65535)
		}
	})
}

// add tokenizes one document into the builder.
func (b *segmentBuilder) add(in Input) {
	d := in.Doc
	docIdx := uint32(len(b.docs))
	base := uint32(len(b.nodes))
	dm := docMeta{
		DocID: d.DocID, Path: d.Path, Collection: d.Collection,
		ContentType: d.ContentType, Language: d.Language, Title: d.Title,
		Description: d.Description, Facets: d.Facets, ContentHash: d.ContentHash,
		Size: d.Size, ModTime: in.ModTime, SyntaxErr: d.SyntaxErrors,
		nodeStart: base, nodeEnd: base + uint32(len(d.Nodes)),
		test: isTestPath(d.Path),
	}
	pathText := []byte(pathWords(d.Path))
	for i := range d.Nodes {
		n := &d.Nodes[i]
		dm.Links = append(dm.Links, n.Links...)
		parent := int32(-1)
		if n.Parent >= 0 {
			parent = int32(base) + int32(n.Parent)
		}
		lang := n.Language
		if lang == d.Language {
			lang = ""
		}
		nm := nodeMeta{
			doc: docIdx, parent: parent, kind: n.Kind, nativeKind: n.NativeKind,
			level: uint16(n.Level), lineStart: uint32(n.LineStart), lineEnd: uint32(n.LineEnd),
			docLine: uint32(n.DocLineStart), byteStart: n.ByteStart, byteEnd: n.ByteEnd,
			docStart: n.ContentStart(), words: uint32(n.WordCount),
			anchor: n.Anchor, title: n.Title, name: n.Name, signature: n.Signature,
			language: lang,
		}
		if n.QualifiedName != n.Anchor {
			nm.qualified = n.QualifiedName
		}
		b.nodes = append(b.nodes, nm)
		b.indexNode(d, i, in.Src, pathText)
	}
	// Subtree ends: preorder, so a node's subtree runs until the next node
	// that is not its descendant.
	for i := len(d.Nodes) - 1; i >= 0; i-- {
		g := base + uint32(i)
		if b.nodes[g].end == 0 {
			b.nodes[g].end = g + 1
		}
		if p := b.nodes[g].parent; p >= 0 && b.nodes[p].end < b.nodes[g].end {
			b.nodes[p].end = b.nodes[g].end
		}
	}
	b.docs = append(b.docs, dm)
}

// indexNode tokenizes node i's fields: title, description, its own
// content spans, and the document path.
func (b *segmentBuilder) indexNode(d *treenav.Document, i int, src []byte, pathText []byte) {
	n := &d.Nodes[i]
	node := uint32(len(b.nodes) - 1)
	nm := &b.nodes[node]
	pos := 0
	// The name is the title; the qualifier a symbol inherits from its
	// parents ("Router" of Router.addRoute) is indexed like a path, so that
	// "Router addRoute" finds the method while "Router" alone ranks the
	// class above each of its methods.
	pos = b.index([]byte(n.Title), pos, false, node, treenav.FieldTitle)
	if q := n.QualifiedName; len(q) > len(n.Name) && strings.HasSuffix(q, n.Name) {
		pos = b.index([]byte(q[:len(q)-len(n.Name)]), pos+1, false, node, treenav.FieldPath)
	}
	if d.ContentType == treenav.ContentMarkdown && (n.Kind == treenav.KindSection || n.Kind == treenav.KindCode) {
		// A subsection is about its headings' subject too: "Burst
		// capacity" under "Token bucket algorithm" answers "token bucket
		// burst". The enclosing headings are its qualifier, indexed like a
		// symbol's. A fenced block's text is indexed with its section, so
		// its headings are what finds the block itself.
		for p := n.Parent; p > 0; p = d.Nodes[p].Parent {
			pos = b.index([]byte(d.Nodes[p].Title), pos+1, false, node, treenav.FieldPath)
		}
	}
	if i == 0 {
		if d.Title != n.Title && d.Title != "" {
			pos = b.index([]byte(d.Title), pos, false, node, treenav.FieldTitle)
		}
		for _, a := range d.Facets["aliases"] {
			pos = b.index([]byte(a), pos+1, false, node, treenav.FieldTitle)
		}
		if d.Description != "" {
			pos = b.index([]byte(d.Description), pos+1, false, node, treenav.FieldDescription)
		}
	}
	for _, sp := range n.Spans {
		if int(sp.End) > len(src) || sp.Start >= sp.End {
			continue
		}
		pos = b.index(src[sp.Start:sp.End], pos+1, true, node, sp.Field)
	}
	b.index(pathText, pos+1, false, node, treenav.FieldPath)
	b.flushNode(node)
	for f := range treenav.NumFields {
		b.seg.fieldLen[f] += uint64(nm.fieldLen[f])
	}
}

// pathWords is a path as words: directories and the file name, with the
// extension kept as a word too ("net/http/server.go" → "net http server go").
func pathWords(p string) string {
	return strings.NewReplacer("/", " ", ".", " ", "-", " ").Replace(path.Clean(p))
}

func (b *segmentBuilder) addTerm(t *termBuf, node uint32, f treenav.Field, p uint32) {
	if t.cur != int32(node) {
		t.cur = int32(node)
		t.lastPos = 0
		t.curTF = [treenav.NumFields]uint32{}
		t.nodes = append(t.nodes, node)
		t.off = append(t.off, uint32(len(t.pos)))
		b.open = append(b.open, t)
	}
	t.curTF[f]++
	// Positions must increase within a posting; a whole identifier shares
	// its first part's position, so repeated positions are stored once.
	if len(t.pos) > int(t.off[len(t.off)-1]) && p <= t.lastPos {
		return
	}
	t.pos = appendUvarint(t.pos, p-t.lastPos)
	t.lastPos = p
}

func (t *termBuf) flush() {
	t.tf = append(t.tf, packTF(&t.curTF))
}

// flushNode closes the postings opened for node.
func (b *segmentBuilder) flushNode(node uint32) {
	for _, t := range b.open {
		t.flush()
	}
	b.open = b.open[:0]
}

// finish builds the immutable segment.
func (b *segmentBuilder) finish() *segment {
	s := &b.seg
	s.docs, s.nodes = b.docs, b.nodes
	s.terms = make([]string, 0, len(b.terms))
	total := 0
	for term, t := range b.terms {
		s.terms = append(s.terms, term)
		total += len(t.nodes)
	}
	sort.Strings(s.terms)
	b.tokens = nil
	s.termPost = make([]uint32, 0, len(s.terms)+1)
	s.postNode = make([]uint32, 0, total)
	s.postTF = make([]uint32, 0, total)
	s.postPos = make([]uint32, 0, total+1)
	for _, term := range s.terms {
		t := b.terms[term]
		s.termPost = append(s.termPost, uint32(len(s.postNode)))
		base := uint32(len(s.pos))
		s.postNode = append(s.postNode, t.nodes...)
		s.postTF = append(s.postTF, t.tf...)
		for _, o := range t.off {
			s.postPos = append(s.postPos, base+o)
		}
		s.pos = append(s.pos, t.pos...)
	}
	s.termPost = append(s.termPost, uint32(len(s.postNode)))
	s.postPos = append(s.postPos, uint32(len(s.pos)))
	s.buildTables()
	b.terms = nil
	return s
}

// buildTables sorts the symbol and anchor tables.
func (s *segment) buildTables() {
	s.syms = s.syms[:0]
	s.anchors = s.anchors[:0]
	for i := range s.nodes {
		n := &s.nodes[i]
		if n.name != "" && n.kind != treenav.KindSection && n.kind != treenav.KindCode {
			s.syms = append(s.syms, symEntry{lower: strings.ToLower(n.name), node: uint32(i)})
		}
		if n.anchor != "" {
			s.anchors = append(s.anchors, anchorEntry{anchor: n.anchor, node: uint32(i)})
		}
	}
	slices.SortFunc(s.syms, func(a, b symEntry) int {
		if c := strings.Compare(a.lower, b.lower); c != 0 {
			return c
		}
		return int(a.node) - int(b.node)
	})
	slices.SortFunc(s.anchors, func(a, b anchorEntry) int {
		if c := strings.Compare(a.anchor, b.anchor); c != 0 {
			return c
		}
		return int(a.node) - int(b.node)
	})
}
