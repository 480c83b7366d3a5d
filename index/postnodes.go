package index

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"runtime"
)

// The postings' node column, compressed. A segment's postings are grouped
// by term (termPost) and sorted by node within a term; their node ids are
// uvarints in one byte column, postData. A posting's value is its node id
// when it starts a block of postingBlock postings (its global index p is a
// multiple of postingBlock) or its term (p == termPost[t]), else the gap
// from the previous posting's node. postBlk[k] is the byte offset in
// postData of block k's first posting, with len(postData) last: about 1.2
// bytes a posting and 4 bytes a block instead of the 4 bytes a posting of
// a []uint32 (format 18; snapshot.go).
//
// Reading a term's postings in order (scoring, merges) starts at the
// block that holds its first posting and skips the postings before it;
// finding one node's posting (findPosting: phrases, proximity, feedback)
// binary-searches the heads of the blocks inside the term's range, each
// absolute, and decodes at most one block. Every read is bounds-checked:
// a varint cut by the end of the column, or a node id past the segment's
// nodes (a snapshot forged behind a valid checksum), ends the term rather
// than a query.

// postingBlock is the postings a postBlk entry covers: the longest run of
// varints findPosting decodes, and the head spacing of its binary search.
const postingBlock = 64

// postBlocks is the length of postBlk for n postings.
func postBlocks(n int) int { return (n+postingBlock-1)/postingBlock + 1 }

// numPostings is the segment's posting count.
func (s *segment) numPostings() int {
	if len(s.termPost) == 0 {
		return 0
	}
	return int(s.termPost[len(s.termPost)-1])
}

// postWriter appends postings' node ids to a compressed column. Call
// startTerm before each term's first posting.
type postWriter struct {
	data  []byte
	blk   []uint32
	n     uint32 // postings written
	prev  uint32 // the last posting's node
	first bool   // the next posting starts its term
}

// startTerm marks the next posting as its term's first (written whole).
func (w *postWriter) startTerm() { w.first = true }

// value is what w writes for node next, and whether it starts a block;
// it advances w as add does, so that a copy of w sizes the column.
func (w *postWriter) value(node uint32) (v uint32, head bool) {
	head = w.n%postingBlock == 0
	v = node - w.prev
	if head || w.first {
		v = node
	}
	w.first = false
	w.prev = node
	w.n++
	return v, head
}

// add appends node's posting.
func (w *postWriter) add(node uint32) {
	v, head := w.value(node)
	if head {
		if uint64(len(w.data)) > math.MaxUint32 {
			panic(fmt.Sprintf("index: a segment's posting nodes pass 4 GiB (%d bytes)", len(w.data)))
		}
		w.blk = append(w.blk, uint32(len(w.data)))
	}
	w.data = appendUvarint(w.data, v)
}

// finish returns the column and its block offsets.
func (w *postWriter) finish() (data []byte, blk []uint32) {
	if uint64(len(w.data)) > math.MaxUint32 {
		panic(fmt.Sprintf("index: a segment's posting nodes pass 4 GiB (%d bytes)", len(w.data)))
	}
	return w.data, append(w.blk, uint32(len(w.data)))
}

// uvarintLen is the bytes appendUvarint writes for v.
func uvarintLen(v uint32) int { return (bits.Len32(v|1) + 6) / 7 }

// postIter reads one term's node ids in order. It holds no pointer to
// the segment: keep the segment alive while it reads (a mapped column).
type postIter struct {
	data []byte
	off  int
	p    uint32 // the next posting's index
	end  uint32 // the term's end (earlier, once the column fails)
	node uint32 // the last node read
	lim  uint32 // the segment's nodes: a node id from lim on ends the term
}

// postings returns an iterator over term t's postings.
func (s *segment) postings(t int) postIter {
	lo, hi := s.termPost[t], s.termPost[t+1]
	it := postIter{data: s.postData, p: lo, end: hi, lim: uint32(len(s.nodes))}
	if lo >= hi {
		return it
	}
	b := lo / postingBlock
	if int(b) >= len(s.postBlk) {
		it.end = lo
		return it
	}
	it.off = skipUvarints(s.postData, int(s.postBlk[b]), int(lo-b*postingBlock))
	return it
}

// next reads up to len(buf) node ids into buf and returns how many; the
// first is posting it.p's (as it was before the call). 0: the term is
// done.
func (it *postIter) next(buf []uint32) int {
	data, off, p, node, lim := it.data, it.off, it.p, it.node, it.lim
	n := 0
	for n < len(buf) && p < it.end {
		// A block's first posting is absolute; so is the term's, read
		// with node still 0.
		if p%postingBlock == 0 {
			node = 0
		}
		// A run of postings inside one block: up to the block's end,
		// the term's or the buffer's.
		m := min(len(buf)-n, int(it.end-p), int(postingBlock-p%postingBlock))
		for m > 0 {
			if m >= 8 && off+8 <= len(data) {
				// Eight one-byte values at once: most of a long
				// list's gaps are under 128.
				if w := binary.LittleEndian.Uint64(data[off:]); w&varintMore == 0 {
					b := buf[n : n+8 : n+8]
					was := node
					b[0] = node + uint32(w&0xff)
					b[1] = b[0] + uint32(w>>8&0xff)
					b[2] = b[1] + uint32(w>>16&0xff)
					b[3] = b[2] + uint32(w>>24&0xff)
					b[4] = b[3] + uint32(w>>32&0xff)
					b[5] = b[4] + uint32(w>>40&0xff)
					b[6] = b[5] + uint32(w>>48&0xff)
					b[7] = b[6] + uint32(w>>56)
					if node = b[7]; node < lim && node >= was {
						n, p, off, m = n+8, p+8, off+8, m-8
						continue
					}
					node = was // one at a time, to stop where the column fails
				}
			}
			if off >= len(data) {
				it.end = p
				break
			}
			var v uint32
			if c := data[off]; c < 0x80 {
				v = uint32(c)
				off++
			} else if off+1 < len(data) && data[off+1] < 0x80 {
				v = uint32(c&0x7f) | uint32(data[off+1])<<7
				off += 2
			} else {
				var k int
				if v, k = uvarintAt(data, off); k == 0 {
					it.end = p
					break
				}
				off += k
			}
			node += v
			if node >= lim {
				it.end = p
				break
			}
			buf[n] = node
			n, p, m = n+1, p+1, m-1
		}
	}
	it.off, it.p, it.node = off, p, node
	return n
}

// varintMore is the continuation bits of eight bytes read as a uint64.
const varintMore = 0x8080808080808080

// sumBytes is the sum of w's eight bytes, each below 0x80.
func sumBytes(w uint64) uint32 {
	x := w&0x00ff00ff00ff00ff + w>>8&0x00ff00ff00ff00ff // four 16-bit sums
	return uint32(x * 0x0001000100010001 >> 48)
}

// uvarintAt decodes the uvarint at data[off:] and returns it and its
// length, 0 when the column ends inside it. Bits past 32 are dropped (a
// forged column's value is bounds-checked by its reader).
func uvarintAt(data []byte, off int) (uint32, int) {
	var x uint32
	var sh uint
	for i := off; i < len(data); i++ {
		c := data[i]
		if c < 0x80 {
			return x | uint32(c)<<sh, i - off + 1
		}
		x |= uint32(c&0x7f) << sh
		sh += 7
	}
	return 0, 0
}

// skipUvarints is the offset in data after the k uvarints from off (at
// most len(data)).
func skipUvarints(data []byte, off, k int) int {
	// Eight bytes at a time: their ends are the bytes below 0x80.
	for k > 0 && off+8 <= len(data) {
		ends := ^binary.LittleEndian.Uint64(data[off:]) & varintMore
		if c := bits.OnesCount64(ends); c < k {
			k -= c
			off += 8
			continue
		}
		for ; k > 1; k-- {
			ends &= ends - 1 // the k-th end is the lowest left
		}
		return off + bits.TrailingZeros64(ends)/8 + 1
	}
	for ; k > 0 && off < len(data); off++ {
		if data[off] < 0x80 {
			k--
		}
	}
	return off
}

// headNode is the node of block k's first posting (absolute), or
// MaxUint32 when the column does not hold it.
func (s *segment) headNode(k uint32) uint32 {
	off := int(s.postBlk[k])
	if off < len(s.postData) {
		if c := s.postData[off]; c < 0x80 {
			return uint32(c)
		}
		if v, n := uvarintAt(s.postData, off); n > 0 {
			return v
		}
	}
	return math.MaxUint32
}

// findPosting finds node's posting of term t, or -1: a binary search of
// the heads of the blocks inside the term's range, then a decode of at
// most one block.
func (s *segment) findPosting(t int, node uint32) int {
	lo, hi := s.termPost[t], s.termPost[t+1]
	if lo >= hi {
		return -1
	}
	// Blocks kLo..kHi start inside (lo, hi).
	kLo, kHi := lo/postingBlock+1, (hi-1)/postingBlock
	if int(kHi) >= len(s.postBlk) {
		return -1 // a forged snapshot: postBlk is shorter than termPost says
	}
	a, b := kLo, kHi+1
	for a < b {
		m := (a + b) >> 1
		if s.headNode(m) <= node {
			a = m + 1
		} else {
			b = m
		}
	}
	start, off := lo, 0
	if a > kLo {
		start = (a - 1) * postingBlock
		off = int(s.postBlk[a-1])
	} else {
		off = skipUvarints(s.postData, int(s.postBlk[lo/postingBlock]), int(lo%postingBlock))
	}
	end := min(hi, (start/postingBlock+1)*postingBlock)
	data := s.postData
	var cur uint32
	for p := start; p < end; p++ {
		if p > start && int(end-p) >= 8 && off+8 <= len(data) {
			// Eight one-byte gaps at once while the last of them
			// stays below node.
			if w := binary.LittleEndian.Uint64(data[off:]); w&varintMore == 0 {
				if next := cur + sumBytes(w); next < node && next >= cur {
					cur = next
					p += 7
					off += 8
					continue
				}
			}
		}
		if off >= len(data) {
			break
		}
		var v uint32
		if c := data[off]; c < 0x80 {
			v = uint32(c)
			off++
		} else if off+1 < len(data) && data[off+1] < 0x80 {
			v = uint32(c&0x7f) | uint32(data[off+1])<<7
			off += 2
		} else {
			var k int
			if v, k = uvarintAt(data, off); k == 0 {
				break
			}
			off += k
		}
		if p == start {
			cur = v
		} else {
			cur += v
		}
		if cur >= node {
			if cur == node {
				runtime.KeepAlive(s) // data may be in s's mapping
				return int(p)
			}
			break
		}
	}
	runtime.KeepAlive(s)
	return -1
}

// checkPostBlocks checks a loaded node column's block offsets: from 0 to
// the column's nd bytes, in order, each full block at least a byte a
// posting. It reads the offsets (4 bytes a block), not the column.
func checkPostBlocks(r *dec, blk []uint32, total, nd int) {
	nb := len(blk)
	if nb != postBlocks(total) || blk[0] != 0 || blk[nb-1] != uint32(nd) {
		r.fail("posting nodes: %d bytes, the blocks say [%d, %d]", nd, blk[0], blk[nb-1])
		return
	}
	for k := 1; k < nb; k++ {
		if blk[k] < blk[k-1] || k < nb-1 && blk[k]-blk[k-1] < postingBlock {
			r.fail("posting nodes: block %d out of order", k)
			return
		}
	}
	if n := total - (nb-2)*postingBlock; nb > 1 && int(blk[nb-1]-blk[nb-2]) < n {
		r.fail("posting nodes: the last block is short")
	}
}
