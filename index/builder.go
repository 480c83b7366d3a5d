package index

import (
	"fmt"
	"math"
	"path"
	"slices"
	"strings"
	"unsafe"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index/analysis"
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
	nodes []nodeRec
	// lens are the nodes' field lengths, counted as they are indexed
	// (segment.lens until buildNorms).
	lens  [][treenav.NumFields]uint16
	strs  nodeWriter // the nodes' strings
	terms map[string]*termBuf
	seg   segment // fieldLen accumulates here
	grams gramBuilder

	// open are the postings of the node being added.
	open []*termBuf
	// tokens resolves an analyzer token (kind and lowercased key) to its
	// posting buffer, nil for tokens without a term (stop words): after a
	// corpus's first few files almost every token is a hit, so indexing
	// does no string or stemming work per token.
	tokens map[string]*termBuf
	kbuf   []byte // key scratch
	abuf   []byte // analyzer scratch

	// path is the tokens of the current document's path, resolved once
	// and added to each of its nodes (see pathTokens).
	path pathTokens
	// module is the current document's declared module, when its path
	// does not name it (declaredModule).
	module string

	// words resolves a word as written (its raw bytes) to what the
	// analyzer makes of it, so that a word seen before costs one lookup
	// instead of a split, a lowercasing and a lookup per token: the value
	// packs wordInfo (see wordEntry) and the word's tokens, wordToks[off:
	// off+count], each a posting buffer and a position relative to the
	// word's first. Keys live in wordKeys, a few large blocks.
	words    map[string]wordEntry
	wordToks []wordTok
	wordKeys []byte
	// hot is a small direct-mapped cache in front of words, for the
	// frequent words: it stays in the CPU's cache where the map does not.
	hot *[hotWords]hotWord

	slab []termBuf // where newTermBuf allocates

	// What the builder holds, counted as it grows (bytes): the postings
	// and positions it appended, and what its documents add besides
	// their nodes (references, trigrams). See heldBytes.
	postings, posBytes, docBytes int64
}

// hotWords is the size of the hot word cache; words longer than
// hotWordLen bytes are not kept there.
const (
	hotWords   = 2048
	hotWordLen = 22
)

type hotWord struct {
	w   wordEntry
	n   uint8 // key length; 0: empty
	key [hotWordLen]byte
}

// wordEntry is a cached word: its tokens are wordToks[off : off+count],
// except for a word of one token, which is t at position rel (most words:
// this spares a second memory access).
type wordEntry struct {
	t     *termBuf
	off   uint32
	count uint8
	parts uint8 // positions the word takes
	flags uint8
	rel   uint8
}

const (
	wordPlain    = 1 << iota // one part, not starting with a digit: may precede a particle
	wordParticle             // one short part that is a particle ("in", "out", ...)
	wordJoinTail             // one part that may end a joined word ("space" of "white space")
	wordUncached             // the cache is full: drop the tokens after use
)

// wordTok is one token of a cached word that has a term.
type wordTok struct {
	t   *termBuf
	rel uint32
}

// maxCachedWords bounds a builder's word cache; further new words are
// resolved token by token (the cache only saves work, it never changes
// what is indexed).
var maxCachedWords = 1 << 20

// wordKeyBlock is the size of the blocks holding the cache's keys.
const wordKeyBlock = 64 << 10

type termBuf struct {
	// state of the node being added, first: it is what every token
	// touches
	cur     int32  // node the last posting belongs to, -1 none
	lastPos uint32 // last position stored in the posting
	curOff  uint32 // start of the posting's positions in pos (post's last off)
	lastVar uint32 // start of the posting's last position in pos (flush marks it)
	curTF   [treenav.NumFields]uint32
	pos     []byte
	// post are the term's postings: one slice, not one per column, so
	// that a term grows (and the GC scans) two slices instead of four.
	post []posting
}

// posting is a node's entry in a term's postings while building.
type posting struct {
	node, tf uint32
	off      uint32 // start of its positions in the term's pos
}

// termSlab is how many posting buffers are allocated at once: a segment
// has 100,000 terms and more, each one an allocation of its own before.
const termSlab = 1024

// newTermBuf returns an empty posting buffer from the builder's slab.
func (b *segmentBuilder) newTermBuf() *termBuf {
	if len(b.slab) == cap(b.slab) {
		b.slab = make([]termBuf, 0, termSlab)
	}
	b.slab = append(b.slab, termBuf{cur: -1})
	return &b.slab[len(b.slab)-1]
}

func newSegmentBuilder() *segmentBuilder {
	return &segmentBuilder{terms: map[string]*termBuf{}, tokens: map[string]*termBuf{}, words: map[string]wordEntry{}, hot: new([hotWords]hotWord)}
}

// newSegmentBuilderFor is a builder sized for about srcBytes of source:
// its maps and node list start near the size they will reach instead of
// growing (rehashing, copying) a dozen times. The sizes per megabyte are
// a little under what Go's and Python's standard libraries need.
func newSegmentBuilderFor(srcBytes int64) *segmentBuilder {
	mb := int(min(srcBytes, 256<<20) >> 20)
	if mb == 0 {
		return newSegmentBuilder()
	}
	return &segmentBuilder{
		terms:  make(map[string]*termBuf, mb*3000),
		tokens: make(map[string]*termBuf, mb*1500),
		words:  make(map[string]wordEntry, mb*3000),
		nodes:  make([]nodeRec, 0, mb*2000),
		hot:    new([hotWords]hotWord),
	}
}

// termBufFor returns the posting buffer of a token's term.
func (b *segmentBuilder) termBufFor(k analysis.TokenKind, key []byte) *termBuf {
	if k == analysis.TokWhole {
		// The key is the term; the token cache would only add an entry
		// per identifier, rarely asked for again (the word cache is).
		t := b.terms[string(key)]
		if t == nil {
			t = b.newTermBuf()
			b.terms[string(key)] = t
		}
		return t
	}
	b.kbuf = append(append(b.kbuf[:0], byte(k)), key...)
	if t, ok := b.tokens[string(b.kbuf)]; ok {
		return t
	}
	var t *termBuf
	if term := analysis.TermOfToken(k, key); term != "" {
		if t = b.terms[term]; t == nil {
			t = b.newTermBuf()
			b.terms[term] = t
		}
	}
	b.tokens[string(b.kbuf)] = t
	return t
}

// index tokenizes text into node's field f from position pos and returns
// the next free position. It is tokenize with each word resolved through
// the builder's word cache: the same tokens, in the same order, at the same
// positions (TestBuilderIndexMatchesTokenize).
func (b *segmentBuilder) index(text []byte, pos int, compounds bool, node uint32, f treenav.Field) int {
	lens := &b.lens[node]
	fieldLen := int(lens[f])
	// The previous plain word, for compounds.
	prevStart, prevEnd, prevPos := 0, -1, 0
	i := 0
	for {
		start, end := analysis.NextWord(text, i)
		if start == end {
			break
		}
		i = end
		word := text[start:i]
		if len(word) > analysis.MaxTermLen {
			pos++
			prevEnd = -1
			continue
		}
		w := b.word(word)
		if compounds {
			if w.flags&wordParticle != 0 && prevEnd >= 0 && analysis.CompoundGap(text[prevEnd:start]) {
				key := analysis.AppendLower(b.abuf[:0], text[prevStart:prevEnd])
				key = analysis.AppendLower(append(key, 0), word)
				b.abuf = key
				if t := b.termBufFor(analysis.TokCompound, key); t != nil {
					b.addTerm(t, node, f, uint32(prevPos))
					fieldLen++
				}
			}
			if w.flags&wordJoinTail != 0 && prevEnd >= 0 && analysis.CompoundGap(text[prevEnd:start]) {
				key := analysis.AppendLower(b.abuf[:0], text[prevStart:prevEnd])
				n := len(key)
				key = analysis.AppendLower(key, word)
				b.abuf = key
				if analysis.Joins(key[:n], key[n:]) {
					if t := b.termBufFor(analysis.TokJoined, key); t != nil {
						b.addTerm(t, node, f, uint32(prevPos))
						fieldLen++
					}
				}
			}
			prevEnd = -1
			if w.flags&wordPlain != 0 {
				prevStart, prevEnd, prevPos = start, i, pos
			}
		}
		if w.count == 1 {
			b.addTerm(w.t, node, f, uint32(pos)+uint32(w.rel))
		} else if w.count > 1 {
			for _, wt := range b.wordToks[w.off : w.off+uint32(w.count)] {
				b.addTerm(wt.t, node, f, uint32(pos)+wt.rel)
			}
			if w.flags&wordUncached != 0 {
				b.wordToks = b.wordToks[:w.off]
			}
		}
		fieldLen += int(w.count)
		pos += int(w.parts)
	}
	// As tokenize's callers counted: a uint16 that wraps past 65535 (the
	// min(…, 65535) they wrote never caps it, as +1 wraps first).
	lens[f] = uint16(fieldLen)
	return pos
}

// word returns the cache entry of a word (at most maxTermLen bytes),
// resolving and caching it on first sight.
func (b *segmentBuilder) word(word []byte) wordEntry {
	var hw *hotWord
	if len(word) <= hotWordLen {
		h := uint32(2166136261) // FNV-1a
		for _, c := range word {
			h = (h ^ uint32(c)) * 16777619
		}
		hw = &b.hot[(h^h>>16)&(hotWords-1)]
		if int(hw.n) == len(word) && string(hw.key[:hw.n]) == string(word) {
			return hw.w
		}
	}
	w, ok := b.words[string(word)]
	if !ok {
		w = b.resolve(word)
		if w.flags&wordUncached != 0 {
			return w
		}
	}
	if hw != nil {
		hw.w, hw.n = w, uint8(len(word))
		copy(hw.key[:], word)
	}
	return w
}

// resolve splits a word into its tokens and adds it to the cache (unless
// the cache is full).
func (b *segmentBuilder) resolve(word []byte) wordEntry {
	var parts [16][2]int
	n := analysis.SplitParts(word, parts[:])
	w := wordEntry{off: uint32(len(b.wordToks)), parts: uint8(n)}
	if n == 1 && !(word[0] >= '0' && word[0] <= '9') {
		w.flags |= wordPlain
	}
	if n == 1 && len(word) <= 4 {
		if b.abuf = analysis.AppendLower(b.abuf[:0], word); analysis.Particles[string(b.abuf)] {
			w.flags |= wordParticle
		}
	}
	if n == 1 {
		if b.abuf = analysis.AppendLower(b.abuf[:0], word); analysis.JoinedWords[string(b.abuf)] != nil {
			w.flags |= wordJoinTail
		}
	}
	if n > 1 {
		b.abuf = analysis.AppendLower(b.abuf[:0], word)
		if t := b.termBufFor(analysis.TokWhole, b.abuf); t != nil {
			b.wordToks = append(b.wordToks, wordTok{t, 0})
		}
	}
	for p := 0; p < n; p++ {
		b.abuf = analysis.AppendLower(b.abuf[:0], word[parts[p][0]:parts[p][1]])
		if t := b.termBufFor(analysis.TokPart, b.abuf); t != nil {
			b.wordToks = append(b.wordToks, wordTok{t, uint32(p)})
		}
	}
	w.count = uint8(len(b.wordToks) - int(w.off))
	if w.count == 1 {
		w.t, w.rel = b.wordToks[w.off].t, uint8(b.wordToks[w.off].rel)
		b.wordToks = b.wordToks[:w.off]
	}
	if len(b.words) >= maxCachedWords {
		w.flags |= wordUncached
		return w
	}
	if len(b.wordKeys)+len(word) > cap(b.wordKeys) {
		b.wordKeys = make([]byte, 0, wordKeyBlock)
	}
	off := len(b.wordKeys)
	b.wordKeys = append(b.wordKeys, word...)
	b.words[unsafe.String(&b.wordKeys[off], len(word))] = w
	return w
}

// addBatchBytes is how much source a build's worker parses before it
// indexes the documents: parsing and indexing each keep their working set
// in the CPU caches for a few megabytes of files instead of evicting each
// other's after every file (GOROOT/src: cold build CPU 13.7 -> 12.3 s).
var addBatchBytes = 4 << 20

// addBatch holds a worker's parsed documents until addBatchBytes of source
// wait, then adds them to the worker's builder in one go.
type addBatch struct {
	ins   []Input
	bytes int
}

// push queues a document and reports whether the batch is full.
func (q *addBatch) push(in Input) bool {
	q.ins = append(q.ins, in)
	q.bytes += len(in.Src)
	return q.bytes >= addBatchBytes
}

// addTo adds the queued documents to b and empties the batch.
func (q *addBatch) addTo(b *segmentBuilder) {
	for _, in := range q.ins {
		b.add(in)
	}
	clear(q.ins) // the sources and trees may go
	q.ins, q.bytes = q.ins[:0], 0
}

// add tokenizes one document into the builder.
func (b *segmentBuilder) add(in Input) {
	d := in.Doc
	docIdx := uint32(len(b.docs))
	base := uint32(len(b.nodes))
	dm := docMeta{
		DocID: d.DocID, Path: d.Path, Collection: d.Collection,
		ContentType: d.ContentType, Language: d.Language, Title: d.Title,
		Description: d.Description, Facets: storedFacets(d.Facets, d.Language, d.ContentType), ContentHash: d.ContentHash,
		Size: d.Size, ModTime: in.ModTime, SyntaxErr: d.SyntaxErrors, Warnings: d.Warnings,
		Module:    declaredModule(d),
		GoXTest:   d.Language == "go" && strings.HasSuffix(d.Module, "_test") && strings.HasSuffix(d.Path, "_test.go"),
		nodeStart: base, nodeEnd: base + uint32(len(d.Nodes)),
		test: isTestPath(d.Path),
		refs: newDocRefs(d),
	}
	b.resolvePath([]byte(pathWords(d.Path)))
	b.module = dm.Module
	b.grams.addDoc(docIdx, in.Src)
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
		nm := nodeRec{
			doc: docIdx, parent: parent,
			level: uint16(n.Level), lineStart: uint32(n.LineStart), lineEnd: uint32(n.LineEnd),
			docLine: uint32(n.DocLineStart), byteStart: n.ByteStart, byteEnd: n.ByteEnd,
			docStart: n.ContentStart(), words: uint32(n.WordCount),
			// The members of a deprecated type are deprecated with it.
			deprecated: parent >= 0 && b.nodes[parent].deprecated || isDeprecated(in.Src, n),
			decl:       n.Declaration,
		}
		ns := nodeStrings{
			kind: n.Kind, nativeKind: n.NativeKind, language: lang,
			anchor: n.Anchor, name: n.Name, title: n.Title, signature: n.Signature,
			constraint: n.Constraint,
		}
		if n.QualifiedName != n.Anchor {
			ns.qualified = n.QualifiedName
		}
		b.strs.put(&nm, &ns)
		b.nodes = append(b.nodes, nm)
		b.lens = append(b.lens, [treenav.NumFields]uint16{})
		b.indexNode(d, i, in.Src)
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
	// A document's references (about 24 bytes each in its table) and
	// trigrams (about a byte per (unit, trigram): 113 MB of postings for
	// the 310 MB of the 25k-file bench corpus, listed by kilobyte units,
	// in buffers that grow by doubling), and its metadata.
	b.docBytes += int64(len(d.Refs))*24 + int64(len(in.Src))/2 + 512
}

// heldBytes is the builder's own estimate of the memory it holds: its
// postings (12 bytes each, with a third more for the slack of their
// slices' growth), positions, node records and strings, terms (a
// posting buffer and a map entry each), word cache and documents. It is
// what a spilling build compares with its budget (Build.Spill): counted
// from the builder's tables, so that it does not depend on when the
// collector last ran.
func (b *segmentBuilder) heldBytes() int64 {
	const nodeSize = int64(unsafe.Sizeof(nodeRec{}))
	return b.postings*16 + b.posBytes*4/3 +
		int64(len(b.nodes))*nodeSize + int64(len(b.strs.blob)+len(b.strs.sigs)) + b.strs.sharedBytes() +
		int64(len(b.terms))*(int64(unsafe.Sizeof(termBuf{}))+64) +
		int64(len(b.tokens)+len(b.words))*48 + int64(len(b.wordKeys)) +
		b.docBytes
}

// indexNode tokenizes node i's fields: title, description, its own
// content spans, and the document path.
func (b *segmentBuilder) indexNode(d *treenav.Document, i int, src []byte) {
	n := &d.Nodes[i]
	node := uint32(len(b.nodes) - 1)
	pos := 0
	// The name is the title; the qualifier a symbol inherits from its
	// parents ("Router" of Router.addRoute) is indexed like a path, so that
	// "Router addRoute" finds the method while "Router" alone ranks the
	// class above each of its methods.
	pos = b.index([]byte(n.Title), pos, false, node, treenav.FieldTitle)
	if d.ContentType != treenav.ContentMarkdown && n.Kind != treenav.KindFile {
		// The words a run-together name is made of (splitext: split,
		// ext) are title terms at its position, which add nothing to the
		// title's length (analysis.NamePieces).
		analysis.NamePieces([]byte(n.Title), 0, func(piece []byte, p, _, _ int) {
			if t := b.termBufFor(analysis.TokPiece, piece); t != nil {
				b.addTerm(t, node, treenav.FieldTitle, uint32(p))
			}
		})
		// A symbol named by a stop word (errors.Is, errors.As,
		// slog.With) keeps its name as a title term: the analyzer drops
		// the word, and the symbol would be found by its path alone.
		// Queries ask for the term only where it is code (stopNameTerms).
		if key := analysis.StopName(n.Name); key != "" {
			if t := b.termBufFor(analysis.TokWhole, []byte(key)); t != nil {
				b.addTerm(t, node, treenav.FieldTitle, 0)
				b.lens[node][treenav.FieldTitle]++
			}
		}
	}
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
	if b.module != "" {
		// The module the path does not say is part of the path: "json
		// marshal" finds Marshal in encoding/json/v2/.
		pos = b.index([]byte(b.module), pos+1, false, node, treenav.FieldPath)
	}
	b.indexPath(pos+1, node)
	b.flushNode(node)
	for f := range treenav.NumFields {
		b.seg.fieldLen[f] += uint64(b.lens[node][f])
	}
}

// pathTokens are a path's tokens, as index would add them from position
// 0: every node of a document indexes the document's path, so its words
// are resolved once per document instead of once per node.
type pathTokens struct {
	toks  []wordTok // term and position
	count int       // tokens, for the field length
}

// resolvePath tokenizes a document's path text into b.path, as index
// does (without compounds).
func (b *segmentBuilder) resolvePath(text []byte) {
	b.path.toks, b.path.count = b.path.toks[:0], 0
	pos, i := 0, 0
	for {
		start, end := analysis.NextWord(text, i)
		if start == end {
			break
		}
		i = end
		word := text[start:i]
		if len(word) > analysis.MaxTermLen {
			pos++
			continue
		}
		w := b.word(word)
		if w.count == 1 {
			b.path.toks = append(b.path.toks, wordTok{w.t, uint32(pos) + uint32(w.rel)})
		} else if w.count > 1 {
			for _, wt := range b.wordToks[w.off : w.off+uint32(w.count)] {
				b.path.toks = append(b.path.toks, wordTok{wt.t, uint32(pos) + wt.rel})
			}
			if w.flags&wordUncached != 0 {
				b.wordToks = b.wordToks[:w.off]
			}
		}
		b.path.count += int(w.count)
		pos += int(w.parts)
	}
}

// indexPath adds the document's path tokens (resolvePath) to node's path
// field from position pos: what index(pathText, pos, false, node,
// FieldPath) adds, without resolving the words again.
func (b *segmentBuilder) indexPath(pos int, node uint32) {
	for _, t := range b.path.toks {
		b.addTerm(t.t, node, treenav.FieldPath, uint32(pos)+t.rel)
	}
	lens := &b.lens[node]
	lens[treenav.FieldPath] = uint16(int(lens[treenav.FieldPath]) + b.path.count)
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
		t.curOff = uint32(len(t.pos))
		t.post = append(t.post, posting{node: node, off: t.curOff})
		b.open = append(b.open, t)
		b.postings++
	}
	t.curTF[f]++
	// Positions must increase within a posting; a whole identifier shares
	// its first part's position, so repeated positions are stored once.
	if len(t.pos) > int(t.curOff) && p <= t.lastPos {
		return
	}
	t.lastVar = uint32(len(t.pos))
	t.pos = appendPosition(t.pos, p-t.lastPos)
	t.lastPos = p
}

func (t *termBuf) flush() {
	t.post[len(t.post)-1].tf = packTF(&t.curTF)
	t.pos[t.lastVar] |= posLast
}

// flushNode closes the postings opened for node.
func (b *segmentBuilder) flushNode(node uint32) {
	for _, t := range b.open {
		t.flush()
		b.posBytes += int64(len(t.pos)) - int64(t.curOff)
	}
	b.open = b.open[:0]
}

// finish builds the immutable segment.
func (b *segmentBuilder) finish() *segment {
	s := &b.seg
	s.docs, s.nodes, s.lens = b.docs, b.nodes, b.lens
	b.strs.finish(s)
	type entry struct {
		term string
		t    *termBuf
	}
	entries := make([]entry, 0, len(b.terms))
	total, totalPos := 0, 0
	for term, t := range b.terms {
		entries = append(entries, entry{term, t})
		total += len(t.post)
		totalPos += len(t.pos)
	}
	slices.SortFunc(entries, func(a, b entry) int { return strings.Compare(a.term, b.term) })
	b.tokens = nil
	b.words, b.wordToks, b.wordKeys, b.hot = nil, nil, nil, nil
	b.terms, b.slab = nil, nil
	termBytes := 0
	for i := range entries {
		termBytes += len(entries[i].term)
	}
	s.terms.grow(len(entries), termBytes)
	s.termPost = make([]uint32, 0, len(entries)+1)
	// The node column's exact size first (a pass over the postings), so
	// that it is allocated once.
	var nodes postWriter
	nodeBytes := 0
	for i := range entries {
		nodes.startTerm()
		for _, p := range entries[i].t.post {
			v, _ := nodes.value(p.node)
			nodeBytes += uvarintLen(v)
		}
	}
	nodes = postWriter{data: make([]byte, 0, nodeBytes), blk: make([]uint32, 0, postBlocks(total))}
	s.postTF = make([]uint32, 0, total)
	s.postPos = make([]uint32, 0, total+1)
	s.pos = slices.Grow(s.pos, totalPos)
	for i := range entries {
		t := entries[i].t
		s.terms.add(entries[i].term)
		s.termPost = append(s.termPost, uint32(len(s.postTF)))
		base := uint32(len(s.pos))
		nodes.startTerm()
		for _, p := range t.post {
			nodes.add(p.node)
			s.postTF = append(s.postTF, p.tf)
			s.postPos = append(s.postPos, base+p.off)
		}
		s.pos = append(s.pos, t.pos...)
		// Its postings are copied: the GC may take them (the slab
		// holds the buffer itself until the last is copied).
		t.post, t.pos = nil, nil
	}
	s.termPost = append(s.termPost, uint32(len(s.postTF)))
	s.postData, s.postBlk = nodes.finish()
	s.postPos = append(s.postPos, uint32(len(s.pos)))
	s.grams = b.grams.finish(len(s.docs))
	s.buildTables()
	return s
}

// buildTables sorts the symbol and anchor tables, packs the norms and
// gathers the documents' references into the segment's table. A
// symbol's lowercased name is its name's bytes when it is lowercase
// already, else one copy per distinct name appended to the blob.
func (s *segment) buildTables() {
	s.buildNorms()
	s.packRefs()
	s.syms = slices.Grow(s.syms[:0], len(s.nodes))
	s.anchors = slices.Grow(s.anchors[:0], len(s.nodes))
	lowered := map[string]strRef{}
	for i := range s.nodes {
		n := s.node(uint32(i))
		if name, k := n.name(), n.kind(); name != "" && k != treenav.KindSection && k != treenav.KindCode {
			low := n.ref(strName)
			if l := strings.ToLower(name); l != name {
				var ok bool
				if low, ok = lowered[l]; !ok {
					low = strRef{uint32(len(s.blob)), uint32(len(l))}
					if uint64(len(s.blob))+uint64(len(l)) > math.MaxUint32 {
						panic(fmt.Sprintf("index: a segment's node strings pass 4 GiB (%d bytes)", len(s.blob)))
					}
					s.blob = append(s.blob, l...)
					lowered[l] = low
				}
			}
			s.syms = append(s.syms, symEntry{lower: low, node: uint32(i)})
		}
		if n.ref(strAnchor).n > 0 {
			s.anchors = append(s.anchors, uint32(i))
		}
	}
	slices.SortFunc(s.syms, func(a, b symEntry) int {
		if c := strings.Compare(s.str(a.lower), s.str(b.lower)); c != 0 {
			return c
		}
		return int(a.node) - int(b.node)
	})
	slices.SortFunc(s.anchors, func(a, b uint32) int {
		if c := strings.Compare(s.str(s.nodes[a].ref(strAnchor)), s.str(s.nodes[b].ref(strAnchor))); c != 0 {
			return c
		}
		return int(a) - int(b)
	})
}

// declaredModule is the module document d declares (Document.Module) when
// code names its symbols through it and its path does not say it: Go's
// "package json" in encoding/json/v2/, or in a module's root directory.
// A Go test package's "_test" is dropped (package http_test is http's
// tests), and "main" names no package code refers to.
func declaredModule(d *treenav.Document) string {
	m := strings.TrimSuffix(d.Module, "_test")
	if m == "" || m == "main" {
		return ""
	}
	if dir := path.Base(path.Dir(d.Path)); strings.EqualFold(dir, m) {
		return ""
	}
	return m
}
