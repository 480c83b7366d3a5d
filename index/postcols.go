package index

import (
	"encoding/binary"
	"slices"
)

// Compact postings columns. A built or merged segment holds a posting's
// packed term frequencies (postTF) and the offset of its positions
// (postPos) as a uint32 each. A snapshot, whose columns a load reads in
// place (snapview.go), stores them smaller, in forms still read by
// posting number without decoding:
//
//   - tfCode: the index of the posting's packed frequencies in tfVals, the
//     segment's distinct values (a few thousand: most postings are one or
//     two occurrences in one field), 2 bytes instead of 4; a segment with
//     more than 65,536 distinct values keeps postTF;
//   - runLen: the byte length of the posting's positions, 1 byte, 255 for
//     a run of 255 bytes or more, whose length is found in longRun; and
//     runBlock: the offset of the first run of every block of
//     runBlockSize postings. A run's offset is its block's plus the
//     lengths before it in the block.
//
// This takes 3.1 bytes a posting instead of 8 (with postNode, 7.1 instead
// of 12), for a sum of at most runBlockSize-1 lengths when positions are
// read (phrases and proximity, a few candidates a query).

// runBlockSize is the postings a runBlock offset covers.
const runBlockSize = 32

// longRunLen marks a run whose length is in longRun.
const longRunLen = 255

// postCols are the compact columns of a loaded segment.
type postCols struct {
	tfCode   []uint16
	tfVals   []uint32
	runLen   []uint8
	runBlock []uint32 // (postings+runBlockSize-1)/runBlockSize + 1 offsets
	// longRun lists the postings whose run is longRunLen bytes or more,
	// ascending, with their lengths in longLen.
	longRun []uint32
	longLen []uint32
}

// tf is posting p's packed term frequencies.
func (s *segment) tf(p uint32) uint32 {
	if s.postTF != nil {
		return s.postTF[p]
	}
	return s.cols.tfVals[s.cols.tfCode[p]]
}

// posRun is the bytes of posting p's positions.
func (s *segment) posRun(p uint32) []byte {
	if s.postPos != nil {
		return s.pos[s.postPos[p]:s.postPos[p+1]]
	}
	c := &s.cols
	blk := p / runBlockSize
	off := c.runBlock[blk]
	for q := blk * runBlockSize; q < p; q++ {
		off += c.run(q)
	}
	return s.pos[off : off+c.run(p)]
}

// run is the length of posting q's positions.
func (c *postCols) run(q uint32) uint32 {
	if l := c.runLen[q]; l != longRunLen {
		return uint32(l)
	}
	i, _ := slices.BinarySearch(c.longRun, q)
	return c.longLen[i]
}

// writePostCols writes s's tf and positions columns in their compact
// forms.
func writePostCols(w *enc, s *segment) {
	n := len(s.postNode)
	// Term frequencies: a table of distinct values and a code a posting,
	// or (too many values) the values.
	codes := make([]uint16, n)
	index := map[uint32]uint16{}
	var vals []uint32
	for p := range n {
		tf := s.tf(uint32(p))
		c, ok := index[tf]
		if !ok {
			if len(vals) == 1<<16 {
				vals = nil
				break
			}
			c = uint16(len(vals))
			index[tf] = c
			vals = append(vals, tf)
		}
		codes[p] = c
	}
	w.uv(uint64(len(vals)))
	if len(vals) > 0 || n == 0 {
		w.u32s(vals)
		w.u16s(codes)
	} else {
		tfs := s.postTF
		if tfs == nil {
			tfs = make([]uint32, n)
			for p := range tfs {
				tfs[p] = s.tf(uint32(p))
			}
		}
		w.u32s(tfs)
	}
	// Positions: a length a posting, a long one listed apart, and the
	// offset of every block's first run.
	lens := make([]uint8, n)
	blocks := make([]uint32, 0, (n+runBlockSize-1)/runBlockSize+1)
	var long, longLen []uint32
	var off uint32
	for p := range n {
		if p%runBlockSize == 0 {
			blocks = append(blocks, off)
		}
		l := uint32(len(s.posRun(uint32(p))))
		if l >= longRunLen {
			lens[p] = longRunLen
			long = append(long, uint32(p))
			longLen = append(longLen, l)
		} else {
			lens[p] = uint8(l)
		}
		off += l
	}
	blocks = append(blocks, off)
	w.u32s(blocks)
	w.raw(lens)
	w.uv(uint64(len(long)))
	w.u32s(long)
	w.u32s(longLen)
}

// readPostCols reads what writePostCols wrote for n postings and npos
// bytes of positions, in place. The shape is checked (block offsets in
// order and summing to npos, long runs in order); the codes and lengths
// are the checksum's to vouch for (reading them would page them all in).
func readPostCols(r *dec, s *segment, n, npos int) {
	c := &s.cols
	nv := r.count(1 << 16)
	if nv > 0 || n == 0 {
		c.tfVals = r.u32s(nv)
		c.tfCode = r.u16s(n)
	} else {
		s.postTF = r.u32s(n)
	}
	nb := (n+runBlockSize-1)/runBlockSize + 1
	c.runBlock = r.u32s(nb)
	c.runLen = r.bytesInPlace(n)
	nl := r.count(n)
	c.longRun = r.u32s(nl)
	c.longLen = r.u32s(nl)
	if r.err != nil {
		return
	}
	if c.runBlock[0] != 0 || c.runBlock[nb-1] != uint32(npos) {
		r.fail("positions: %d bytes, the blocks say [%d, %d]", npos, c.runBlock[0], c.runBlock[nb-1])
		return
	}
	for i := 1; i < nb; i++ {
		if c.runBlock[i] < c.runBlock[i-1] {
			r.fail("positions: block %d out of order", i)
			return
		}
	}
	for i, q := range c.longRun {
		if q >= uint32(n) || i > 0 && q <= c.longRun[i-1] || c.runLen[q] != longRunLen {
			r.fail("positions: long run %d out of order", i)
			return
		}
	}
}

// u16s writes an aligned table of little-endian uint16s.
func (e *enc) u16s(xs []uint16) {
	writeRecs(e, xs, 2, nativeLittle, func(b []byte, x *uint16) []byte { return binary.LittleEndian.AppendUint16(b, *x) })
}

// u16s reads a table of n uint16s written by enc.u16s, in place as
// u32s reads.
func (d *dec) u16s(n int) []uint16 { return readTable[uint16](d, n, "uint16s") }
