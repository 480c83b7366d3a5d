package index

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"slices"
	"sort"
	"sync"
)

// The trigram index finds the files whose text may match a grep pattern
// (grep.go): for every three consecutive bytes of a file's text, ASCII
// letters lowercased, the sorted list of the segment's documents that hold
// them. One index serves case-sensitive and case-insensitive patterns: a
// query asks for lowercased trigrams (gramquery.go) and every candidate
// file is then confirmed line by line with a real regex. Postings are
// per unit, not per position (as Google Code Search keeps them), delta
// encoded as varints: a few bytes per unit and distinct trigram.
//
// A unit is a file's text, or a part of it when the file is long: the
// text is cut after the first line end past every gramUnitBytes, so a
// unit holds whole lines, and since a match lies in one line, the units
// a pattern's trigrams admit are the only parts of a file it can match
// in. A grep then reads only those parts: of the 114 MB of Python's
// stdlib whose files hold "class " and one of "s a".."s z"
// (-w 'class [A-Z][A-Za-z]*\('), the units holding both are 31.5 MB.
// A long file's trigrams are listed once per unit that holds them: about
// 0.25x the source more postings than per file.

// gramIndex is a segment's trigram postings: keys[i]'s units are the
// list data[offs[i]:offs[i+1]]: a delta-varint run (unit ids, ascending)
// or a bitmap of the units (isBitmap).
type gramIndex struct {
	keys []uint32 // sorted trigram keys (gramKey)
	offs []uint32 // len(keys)+1
	data []byte   // the runs: units, not documents
	// Document di's units are unitStart[di] to unitStart[di+1]-1 (every
	// document has one at least); unit u starts unitOff[u] bytes into its
	// document's text.
	unitStart []uint32 // len(docs)+1
	unitOff   []uint32 // one a unit
	// src is the snapshot a loaded index's tables lie in (segment.src).
	src *snapshotFile
}

// lowerASCII maps a byte to itself with ASCII letters lowercased: the
// index's case folding. Other bytes, UTF-8 included, stay as they are.
var lowerASCII = func() (t [256]byte) {
	for i := range t {
		t[i] = byte(i)
		if i >= 'A' && i <= 'Z' {
			t[i] = byte(i) + 'a' - 'A'
		}
	}
	return t
}()

// gramKey packs three (lowercased) bytes into a key.
func gramKey(a, b, c byte) uint32 { return uint32(a)<<16 | uint32(b)<<8 | uint32(c) }

// list returns the posting bytes of key, nil when no document has it.
func (g *gramIndex) list(key uint32) []byte {
	if g == nil {
		return nil
	}
	i, ok := slices.BinarySearch(g.keys, key)
	if !ok {
		return nil
	}
	return g.data[g.offs[i]:g.offs[i+1]]
}

// A trigram's postings are a run of unit gaps as uvarints, or, when that
// is longer, a bitmap of the segment's units: gramBitmapTag, then bit u
// of byte u/8 for unit u (since snapshot version 23). The tag is a
// uvarint of 0 in two bytes, which no run holds (a run's gaps are
// written in their shortest form). On the 25k-file corpus the trigrams
// in more than one unit in eight (the lists of "   ", "the", "ing")
// took 22.8 MB of the 112.8 MB of runs more than as bitmaps; and a
// bitmap is read by testing a candidate's bit, where a run is decoded
// from its start, so that grep's AND reads a common trigram's list
// whatever its length (gramquery.go).
var gramBitmapTag = [2]byte{0x80, 0}

// isBitmap reports whether a posting list is a bitmap.
func isBitmap(b []byte) bool {
	return len(b) >= 2 && b[0] == gramBitmapTag[0] && b[1] == gramBitmapTag[1]
}

// bitmapLen is the length of a bitmap list of a segment of units units.
func bitmapLen(units int) int { return len(gramBitmapTag) + (units+7)/8 }

// bitmapHas reports whether the bitmap list b (isBitmap) holds unit u.
func bitmapHas(b []byte, u uint32) bool {
	i := len(gramBitmapTag) + int(u/8)
	return i < len(b) && b[i]&(1<<(u%8)) != 0
}

// asBitmap appends the bitmap of the units of run b (all below units) to
// dst.
func asBitmap(dst, b []byte, units int) []byte {
	at := len(dst)
	dst = append(dst, gramBitmapTag[:]...)
	dst = append(dst, make([]byte, (units+7)/8)...)
	var u uint32
	for len(b) > 0 {
		v, n := uvarint(b)
		b = b[n:]
		u += v
		dst[at+len(gramBitmapTag)+int(u/8)] |= 1 << (u % 8)
	}
	return dst
}

// packList appends the postings list of run b in its shorter form, a
// segment of units units having them.
func packList(dst, b []byte, units int) []byte {
	if len(b) > bitmapLen(units) {
		return asBitmap(dst, b, units)
	}
	return append(dst, b...)
}

// markDocs sets in's bits of the documents of a posting list (those
// below limit, as decodeDocs keeps them), without a list between.
func markDocs(b []byte, limit uint32, in bitset) {
	if isBitmap(b) {
		// A word of in is eight bytes of the bitmap, units in the same
		// order: ORed whole, the units at or past limit masked off.
		bm := b[len(gramBitmapTag):]
		words := min(len(in), (int(limit)+63)/64)
		for w := 0; w < words && w*8 < len(bm); w++ {
			var x uint64
			if w*8+8 <= len(bm) {
				x = binary.LittleEndian.Uint64(bm[w*8:])
			} else {
				for k, c := range bm[w*8:] {
					x |= uint64(c) << (8 * k)
				}
			}
			if end := (w + 1) * 64; end > int(limit) {
				x &= 1<<(uint(limit)%64) - 1
			}
			in[w] |= x
		}
		return
	}
	var doc uint32
	for len(b) > 0 {
		v, n := uvarint(b)
		b = b[n:]
		doc += v
		if doc < limit {
			in.set(doc)
		}
	}
}

// decodeDocs appends the documents of a posting list to buf. Ids at or
// past limit (a defective snapshot) are dropped.
func decodeDocs(b []byte, limit uint32, buf []uint32) []uint32 {
	if isBitmap(b) {
		for i, x := range b[len(gramBitmapTag):] {
			for ; x != 0; x &= x - 1 {
				if u := uint32(i*8 + bits.TrailingZeros8(x)); u < limit {
					buf = append(buf, u)
				}
			}
		}
		return buf
	}
	var doc uint32
	for len(b) > 0 {
		v, n := uvarint(b)
		b = b[n:]
		doc += v
		if doc < limit {
			buf = append(buf, doc)
		}
	}
	return buf
}

// asciiGrams is the number of trigrams of three ASCII bytes, which the
// builder resolves through a direct table (7 bits a byte) rather than a
// map: nearly every trigram of code is one.
const asciiGrams = 1 << 21

// gramUnitBytes is the size past which a file's text is cut into units
// (at the next line end). Smaller units read less text for a selective
// pattern and list more postings: at 1 KB Python's stdlib lists 0.27x
// its source more than per file, at 2 KB 0.19x, while the text "class "
// patterns read is a quarter of the files', against 0.38 (measured on
// the text with a script, before this was built).
const gramUnitBytes = 1024

// unitEnd is where the unit of src that starts at start ends: after the
// first line end past gramUnitBytes, or at the end of src when less than
// half a unit would be left.
func unitEnd(src []byte, start int) int {
	if len(src)-start < gramUnitBytes+gramUnitBytes/2 {
		return len(src)
	}
	j := bytes.IndexByte(src[start+gramUnitBytes:], '\n')
	if j < 0 {
		return len(src)
	}
	end := start + gramUnitBytes + j + 1
	if len(src)-end < gramUnitBytes/2 {
		return len(src)
	}
	return end
}

// gramBuilder accumulates a segment's trigram postings as its documents
// are added, in document order.
type gramBuilder struct {
	table *gramTable       // ASCII trigram -> list index + 1
	other map[uint32]int32 // any other trigram -> list index + 1
	lists []gramList
	keys  []uint32 // scratch: this unit's ASCII trigrams
	// The units so far (gramIndex.unitStart, unitOff).
	unitStart []uint32
	unitOff   []uint32
}

// gramList is one trigram's postings under construction.
type gramList struct {
	key  uint32
	n    uint32 // documents so far
	last uint32 // the last document added
	buf  []byte
}

// gramTable is the builder's direct table and a document's seen-set. Both
// are left all zero after use, so that tables are pooled: a single-file
// update does not allocate and clear 8 MB.
type gramTable struct {
	list [asciiGrams]int32
	seen [asciiGrams / 64]uint64
}

var gramTables = sync.Pool{New: func() any { return new(gramTable) }}

// addDoc cuts document doc's text into units and indexes each one's
// trigrams. A unit after the first starts after a newline, which add
// reads before it: its trigrams are those of the text. Documents are
// added in ascending order; one skipped has a unit with no trigrams.
func (g *gramBuilder) addDoc(doc uint32, src []byte) {
	g.pad(doc)
	if uint32(len(g.unitStart)) != doc {
		panic("trigram units: documents out of order")
	}
	g.unitStart = append(g.unitStart, uint32(len(g.unitOff)))
	for start := 0; ; {
		end := unitEnd(src, start)
		u := uint32(len(g.unitOff))
		g.unitOff = append(g.unitOff, uint32(start))
		g.add(u, src[start:end])
		if end >= len(src) {
			return
		}
		start = end
	}
}

// pad gives the documents before doc that were not added a unit each.
func (g *gramBuilder) pad(doc uint32) {
	for uint32(len(g.unitStart)) < doc {
		g.unitStart = append(g.unitStart, uint32(len(g.unitOff)))
		g.unitOff = append(g.unitOff, 0)
	}
}

// add indexes the trigrams of unit doc's text, read as if a newline
// came before its first byte and after its last: every line then starts
// after a newline, so that "^//" asks for the trigram "\n//" (gramquery.go),
// and a file of one or two bytes has a trigram too. Documents are added
// in ascending order.
func (g *gramBuilder) add(doc uint32, src []byte) {
	if len(src) == 0 {
		return
	}
	if g.table == nil {
		g.table = gramTables.Get().(*gramTable)
	}
	t := g.table
	keys := g.keys[:0]
	first, last := lowerASCII[src[0]], lowerASCII[src[len(src)-1]]
	if len(src) == 1 {
		keys = g.key(t, keys, doc, '\n', first, '\n')
	} else {
		keys = g.key(t, keys, doc, '\n', first, lowerASCII[src[1]])
		keys = g.key(t, keys, doc, lowerASCII[src[len(src)-2]], last, '\n')
	}
	if len(src) >= 3 {
		a, b := first, lowerASCII[src[1]]
		for _, x := range src[2:] {
			c := lowerASCII[x]
			if a|b|c < 0x80 { // g.key, inlined
				keys = t.note(keys, uint32(a)<<14|uint32(b)<<7|uint32(c))
			} else {
				g.addOther(doc, gramKey(a, b, c))
			}
			a, b = b, c
		}
	}
	for _, k := range keys {
		t.seen[k>>6] = 0 // whole words: the set is cleared as it is read
		li := t.list[k]
		if li == 0 {
			g.lists = append(g.lists, gramList{key: gramKey(byte(k>>14), byte(k>>7&0x7f), byte(k&0x7f))})
			li = int32(len(g.lists))
			t.list[k] = li
		}
		g.lists[li-1].push(doc)
	}
	g.keys = keys
}

// key notes the trigram a, b, c of document doc: an ASCII one in keys
// (once, through the table's seen-set), any other at once (addOther).
func (g *gramBuilder) key(t *gramTable, keys []uint32, doc uint32, a, b, c byte) []uint32 {
	if a|b|c >= 0x80 {
		g.addOther(doc, gramKey(a, b, c))
		return keys
	}
	return t.note(keys, uint32(a)<<14|uint32(b)<<7|uint32(c))
}

// note appends the ASCII trigram k to keys the first time it is seen.
func (t *gramTable) note(keys []uint32, k uint32) []uint32 {
	if w, bit := k>>6, uint64(1)<<(k&63); t.seen[w]&bit == 0 {
		t.seen[w] |= bit
		keys = append(keys, k)
	}
	return keys
}

func (g *gramBuilder) addOther(doc uint32, key uint32) {
	if g.other == nil {
		g.other = map[uint32]int32{}
	}
	li := g.other[key]
	if li == 0 {
		g.lists = append(g.lists, gramList{key: key})
		li = int32(len(g.lists))
		g.other[key] = li
	}
	if l := &g.lists[li-1]; l.n == 0 || l.last != doc {
		l.push(doc)
	}
}

func (l *gramList) push(doc uint32) {
	l.buf = appendUvarint(l.buf, doc-l.last)
	l.last = doc
	l.n++
}

// finish returns the postings of a segment of docs documents, sorted by
// trigram, and gives the table back to the pool.
func (g *gramBuilder) finish(docs int) *gramIndex {
	if t := g.table; t != nil {
		for i := range g.lists {
			if k := g.lists[i].key; k&0x808080 == 0 {
				t.list[k>>16<<14|k>>8&0x7f<<7|k&0x7f] = 0
			}
		}
		gramTables.Put(t)
		g.table = nil
	}
	slices.SortFunc(g.lists, func(a, b gramList) int { return int(a.key) - int(b.key) })
	g.pad(uint32(docs))
	out := &gramIndex{keys: make([]uint32, len(g.lists)), offs: make([]uint32, len(g.lists)+1),
		unitStart: append(g.unitStart, uint32(len(g.unitOff))), unitOff: g.unitOff}
	g.unitStart, g.unitOff = nil, nil
	units := len(out.unitOff)
	total := 0
	for i := range g.lists {
		total += min(len(g.lists[i].buf), bitmapLen(units))
	}
	out.data = make([]byte, 0, total)
	for i := range g.lists {
		out.keys[i] = g.lists[i].key
		out.data = packList(out.data, g.lists[i].buf, units)
		out.offs[i+1] = uint32(len(out.data))
		g.lists[i].buf = nil
	}
	g.lists, g.other, g.keys = nil, nil, nil
	return out
}

// mergeGrams folds the segments' trigram postings into one, in the order
// mergeSegments lays out their documents: segments concatenated, dead
// documents left out, their units with them.
func mergeGrams(segs []*segment, dead []bitset) *gramIndex {
	remap := make([][]int32, len(segs)) // old unit -> new unit, -1 dropped
	out := &gramIndex{offs: []uint32{0}, unitStart: []uint32{}}
	next := int32(0)
	for si, s := range segs {
		g := s.grams
		remap[si] = make([]int32, g.numUnits(len(s.docs)))
		for u := range remap[si] {
			remap[si][u] = -1
		}
		for di := range s.docs {
			if dead != nil && dead[si].has(uint32(di)) {
				continue
			}
			lo, hi := g.docUnits(uint32(di))
			out.unitStart = append(out.unitStart, uint32(next))
			for u := lo; u < hi; u++ {
				remap[si][u] = next
				next++
				out.unitOff = append(out.unitOff, g.offset(u))
			}
		}
	}
	out.unitStart = append(out.unitStart, uint32(next))
	cur := make([]int, len(segs))
	var units []uint32
	var run []byte
	for {
		key, found := uint32(0), false
		for si, s := range segs {
			if g := s.grams; g != nil && cur[si] < len(g.keys) && (!found || g.keys[cur[si]] < key) {
				key, found = g.keys[cur[si]], true
			}
		}
		if !found {
			break
		}
		before := len(out.data)
		var last uint32
		for si, s := range segs {
			g := s.grams
			if g == nil || cur[si] >= len(g.keys) || g.keys[cur[si]] != key {
				continue
			}
			i := cur[si]
			cur[si]++
			units = decodeDocs(g.data[g.offs[i]:g.offs[i+1]], uint32(len(remap[si])), units[:0])
			for _, u := range units {
				nu := remap[si][u]
				if nu < 0 {
					continue
				}
				out.data = appendUvarint(out.data, uint32(nu)-last)
				last = uint32(nu)
			}
		}
		if len(out.data) > before {
			if len(out.data)-before > bitmapLen(int(next)) {
				run = append(run[:0], out.data[before:]...)
				out.data = asBitmap(out.data[:before], run, int(next))
			}
			out.keys = append(out.keys, key)
			out.offs = append(out.offs, uint32(len(out.data)))
		}
	}
	return out
}

// numUnits is the number of units of g, a segment's of docs documents:
// one a document when it has no unit table (none were indexed).
func (g *gramIndex) numUnits(docs int) int {
	if g == nil || g.unitStart == nil {
		return docs
	}
	return len(g.unitOff)
}

// docUnits is the range of document di's units.
func (g *gramIndex) docUnits(di uint32) (lo, hi uint32) {
	if g == nil || g.unitStart == nil {
		return di, di + 1
	}
	return g.unitStart[di], g.unitStart[di+1]
}

// offset is where unit u starts in its document's text.
func (g *gramIndex) offset(u uint32) uint32 {
	if g == nil || g.unitStart == nil {
		return 0
	}
	return g.unitOff[u]
}

// docOf is the document that holds unit u, found from document from on
// (u is not in an earlier one).
func (g *gramIndex) docOf(u, from uint32) uint32 {
	if g == nil || g.unitStart == nil {
		return u
	}
	di := int(from)
	if g.unitStart[di+1] <= u {
		di += sort.Search(len(g.unitStart)-di-1, func(k int) bool { return g.unitStart[di+1+k] > u })
	}
	return uint32(di)
}

// unitDocs is the documents (ascending, once each) of units (ascending).
func (g *gramIndex) unitDocs(units []uint32) []uint32 {
	if g == nil || g.unitStart == nil {
		return units
	}
	var docs []uint32
	di := uint32(0)
	for _, u := range units {
		if di = g.docOf(u, di); len(docs) == 0 || docs[len(docs)-1] != di {
			docs = append(docs, di)
		}
	}
	return docs
}

// writeGrams writes a segment's trigram postings to a snapshot, as a load
// reads them in place (snapview.go): the number of keys, the keys and
// the run offsets as aligned uint32 tables, then the runs, then the
// units' tables (since version 21): the number of units, where each
// document's first is, where each starts.
func writeGrams(w *enc, g *gramIndex, docs int) {
	if g == nil {
		g = &gramIndex{offs: []uint32{0}}
	}
	w.uv(uint64(len(g.keys)))
	w.u32s(g.keys)
	w.u32s(g.offs)
	w.uv(uint64(len(g.data)))
	w.raw(g.data)
	start, off := g.unitStart, g.unitOff
	if start == nil {
		// No table: a unit a document, each from its start.
		start, off = make([]uint32, docs+1), make([]uint32, docs)
		for i := range start {
			start[i] = uint32(i)
		}
	}
	w.uv(uint64(len(off)))
	w.u32s(start)
	w.u32s(off)
}

// readGrams reads what writeGrams wrote, its tables left in place. The
// keys and offsets are checked (a read of a few bytes a key); the runs'
// contents are the checksum's to vouch for, and decodeDocs drops
// units out of range. A grep clamps a unit's offset to its text.
func readGrams(r *dec, docs int) *gramIndex {
	n := r.count(1 << 24)
	g := &gramIndex{keys: r.u32s(n), offs: r.u32s(n + 1)}
	size := r.count(len(r.b))
	g.data = r.bytesInPlace(size)
	if r.err != nil {
		return &gramIndex{offs: []uint32{0}}
	}
	for i, k := range g.keys {
		if k > 0xffffff || i > 0 && k <= g.keys[i-1] {
			r.fail("trigram keys out of order")
			return g
		}
		if g.offs[i] > g.offs[i+1] {
			r.fail("trigram runs out of order")
			return g
		}
	}
	if g.offs[0] != 0 || g.offs[n] != uint32(size) {
		r.fail("trigram postings: %d bytes, the keys say [%d, %d]", size, g.offs[0], g.offs[n])
		return g
	}
	units := r.count(len(r.b) / 4)
	g.unitStart, g.unitOff = r.u32s(docs+1), r.u32s(units)
	if r.err != nil {
		return &gramIndex{offs: []uint32{0}}
	}
	if g.unitStart[0] != 0 || g.unitStart[docs] != uint32(units) {
		r.fail("trigram units: %d, the documents say [%d, %d]", units, g.unitStart[0], g.unitStart[docs])
		return g
	}
	for i := range docs {
		if g.unitStart[i] >= g.unitStart[i+1] {
			r.fail("trigram units out of order")
			return g
		}
	}
	return g
}

// gramBytes is the memory the trigram postings take.
func (g *gramIndex) gramBytes() int {
	if g == nil {
		return 0
	}
	return len(g.keys)*4 + len(g.offs)*4 + len(g.data) + len(g.unitStart)*4 + len(g.unitOff)*4
}
