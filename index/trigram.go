package index

import (
	"slices"
	"sync"
)

// The trigram index finds the files whose text may match a grep pattern
// (grep.go): for every three consecutive bytes of a file's text, ASCII
// letters lowercased, the sorted list of the segment's documents that hold
// them. One index serves case-sensitive and case-insensitive patterns: a
// query asks for lowercased trigrams (gramquery.go) and every candidate
// file is then confirmed line by line with a real regex. Postings are
// per file, not per position (as Google Code Search keeps them), delta
// encoded as varints: a few bytes per file and distinct trigram.

// gramIndex is a segment's trigram postings: keys[i]'s documents are the
// delta-varint run data[offs[i]:offs[i+1]] (local doc indices, ascending).
type gramIndex struct {
	keys []uint32 // sorted trigram keys (gramKey)
	offs []uint32 // len(keys)+1
	data []byte
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

// markDocs sets in's bits of the documents of a posting run (those
// below limit, as decodeDocs keeps them), without a list between.
func markDocs(b []byte, limit uint32, in bitset) {
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

// decodeDocs appends the documents of a posting run to buf. Ids at or
// past limit (a defective snapshot) are dropped.
func decodeDocs(b []byte, limit uint32, buf []uint32) []uint32 {
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

// gramBuilder accumulates a segment's trigram postings as its documents
// are added, in document order.
type gramBuilder struct {
	table *gramTable       // ASCII trigram -> list index + 1
	other map[uint32]int32 // any other trigram -> list index + 1
	lists []gramList
	keys  []uint32 // scratch: this document's ASCII trigrams
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

// add indexes the trigrams of document doc's text, read as if a newline
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

// finish returns the postings, sorted by trigram, and gives the table
// back to the pool.
func (g *gramBuilder) finish() *gramIndex {
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
	out := &gramIndex{keys: make([]uint32, len(g.lists)), offs: make([]uint32, len(g.lists)+1)}
	total := 0
	for i := range g.lists {
		total += len(g.lists[i].buf)
	}
	out.data = make([]byte, 0, total)
	for i := range g.lists {
		out.keys[i] = g.lists[i].key
		out.data = append(out.data, g.lists[i].buf...)
		out.offs[i+1] = uint32(len(out.data))
		g.lists[i].buf = nil
	}
	g.lists, g.other, g.keys = nil, nil, nil
	return out
}

// mergeGrams folds the segments' trigram postings into one, in the order
// mergeSegments lays out their documents: segments concatenated, dead
// documents left out.
func mergeGrams(segs []*segment, dead []bitset) *gramIndex {
	remap := make([][]int32, len(segs))
	next := int32(0)
	for si, s := range segs {
		remap[si] = make([]int32, len(s.docs))
		for di := range s.docs {
			if dead != nil && dead[si].has(uint32(di)) {
				remap[si][di] = -1
				continue
			}
			remap[si][di] = next
			next++
		}
	}
	out := &gramIndex{offs: []uint32{0}}
	cur := make([]int, len(segs))
	var docs []uint32
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
			docs = decodeDocs(g.data[g.offs[i]:g.offs[i+1]], uint32(len(s.docs)), docs[:0])
			for _, d := range docs {
				nd := remap[si][d]
				if nd < 0 {
					continue
				}
				out.data = appendUvarint(out.data, uint32(nd)-last)
				last = uint32(nd)
			}
		}
		if len(out.data) > before {
			out.keys = append(out.keys, key)
			out.offs = append(out.offs, uint32(len(out.data)))
		}
	}
	return out
}

// writeGrams writes a segment's trigram postings to a snapshot, as a load
// reads them in place (snapview.go): the number of keys, the keys and
// the run offsets as aligned uint32 tables, then the runs.
func writeGrams(w *enc, g *gramIndex) {
	if g == nil {
		g = &gramIndex{offs: []uint32{0}}
	}
	w.uv(uint64(len(g.keys)))
	w.u32s(g.keys)
	w.u32s(g.offs)
	w.uv(uint64(len(g.data)))
	w.raw(g.data)
}

// readGrams reads what writeGrams wrote, its tables left in place. The
// keys and offsets are checked (a read of a few bytes a key); the runs'
// contents are the checksum's to vouch for, and decodeDocs drops
// documents out of range.
func readGrams(r *dec) *gramIndex {
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
	}
	return g
}

// gramBytes is the memory the trigram postings take.
func (g *gramIndex) gramBytes() int {
	if g == nil {
		return 0
	}
	return len(g.keys)*4 + len(g.offs)*4 + len(g.data)
}
