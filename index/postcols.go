package index

import (
	"cmp"
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
//     segment's most frequent distinct values (a segment has a few
//     thousand: most postings are one or two occurrences in one field),
//     1 byte instead of 4; tfWide for a posting whose value is not one of
//     the tfVals' (code tfWideCode): its index in tfWideAt, ascending, and
//     its value in tfWideVal. On the 25k-file corpus the 255 most
//     frequent values cover 98% of the postings;
//   - runBlock: the offset of the first run of positions of every block
//     of runBlockSize postings. A run ends with the position marked last
//     (segment.go), so a posting's run is found by reading the runs
//     before it in its block.
//
// This takes about 1.3 bytes a posting instead of 8 (with the node
// column, postnodes.go, 2.5 instead of 12), for a binary search of
// tfWideAt a rare value, and a read of at most runBlockSize-1 runs when
// positions are read (proximity, a few dozen candidates a query). Until
// snapshot version 22 a byte a posting held its run's length.

// runBlockSize is the postings a runBlock offset covers.
const runBlockSize = 32

// postCols are the compact columns of a loaded segment.
type postCols struct {
	tfCode []uint8
	tfVals []uint32 // at most tfWideCode values
	// tfWideAt lists the postings coded tfWideCode, ascending, with their
	// values in tfWideVal.
	tfWideAt  []uint32
	tfWideVal []uint32
	// tfWideFrom[b] is the index in tfWideAt of the first posting listed
	// apart at or after block b of tfWideBlock postings (made at load):
	// scoring reads a term's postings in order, and a binary search of
	// the whole list for each rare value cost more than the byte saved.
	tfWideFrom []uint32
	runBlock   []uint32 // (postings+runBlockSize-1)/runBlockSize + 1 offsets
}

// tf is posting p's packed term frequencies: a built or merged segment's
// column, or a loaded one's code (its value listed apart when it is not
// coded). The compiler does not inline it (cost 92, past its budget of
// 80); profiles of 555 searches on the 25k-file corpus showed
// scoreSegment no slower than with format 14's inlined two-byte codes
// (1.11 s against 1.17): its cost is the memory it reads.
func (s *segment) tf(p uint32) uint32 {
	if s.postTF != nil {
		return s.postTF[p]
	}
	if c := s.cols.tfCode[p]; int(c) < len(s.cols.tfVals) {
		return s.cols.tfVals[c]
	}
	return s.cols.wideTF(p)
}

// tfWideCode marks a posting whose packed frequencies are in tfWideVal.
const tfWideCode = 255

// tfCoded is how many distinct values a snapshot codes (at most
// tfWideCode; a variable for the tests, which list most values apart).
var tfCoded = tfWideCode

// tfWideBlock is the postings a tfWideFrom entry covers.
const tfWideBlock = 256

// wideTF is the packed frequencies of posting p, coded tfWideCode (0 if
// tfWideAt does not list it: a forged snapshot, whose checksum matched).
func (c *postCols) wideTF(p uint32) uint32 {
	b := p / tfWideBlock
	if int(b)+1 >= len(c.tfWideFrom) {
		return 0
	}
	for i := c.tfWideFrom[b]; i < c.tfWideFrom[b+1]; i++ {
		if c.tfWideAt[i] == p {
			return c.tfWideVal[i]
		}
	}
	return 0
}

// posRun is the bytes of posting p's positions.
func (s *segment) posRun(p uint32) []byte {
	if s.postPos != nil {
		return s.pos[s.postPos[p]:s.postPos[p+1]]
	}
	c := &s.cols
	blk := p / runBlockSize
	off, end := c.runBlock[blk], c.runBlock[blk+1]
	for q := blk * runBlockSize; q < p; q++ {
		off = runEnd(s.pos, off, end)
	}
	return s.pos[off:runEnd(s.pos, off, end)]
}

// writePostCols writes s's tf and positions columns in their compact
// forms.
func writePostCols(w *enc, s *segment) {
	n := s.numPostings()
	if s.postTF == nil && s.postPos == nil && n > 0 {
		writeLoadedCols(w, &s.cols)
		return
	}
	// Term frequencies: the most frequent distinct values, a code a
	// posting, the rest listed apart.
	count := map[uint32]int{}
	for p := range n {
		count[s.tf(uint32(p))]++
	}
	vals := make([]uint32, 0, len(count))
	for v := range count {
		vals = append(vals, v)
	}
	slices.SortFunc(vals, func(a, b uint32) int { // most frequent first, then by value
		if count[a] != count[b] {
			return count[b] - count[a]
		}
		return cmp.Compare(a, b)
	})
	vals = vals[:min(len(vals), tfCoded)]
	index := make(map[uint32]uint8, len(vals))
	for c, v := range vals {
		index[v] = uint8(c)
	}
	codes := make([]uint8, n)
	var wideAt, wideVal []uint32
	for p := range n {
		tf := s.tf(uint32(p))
		if c, ok := index[tf]; ok {
			codes[p] = c
			continue
		}
		codes[p] = tfWideCode
		wideAt = append(wideAt, uint32(p))
		wideVal = append(wideVal, tf)
	}
	// Positions: the offset of every block's first run (runs are in
	// posting order, each ending with the position marked last).
	blocks := make([]uint32, 0, (n+runBlockSize-1)/runBlockSize+1)
	var off uint32
	for p := range n {
		if p%runBlockSize == 0 {
			blocks = append(blocks, off)
		}
		off += uint32(len(s.posRun(uint32(p))))
	}
	blocks = append(blocks, off)
	writeLoadedCols(w, &postCols{tfCode: codes, tfVals: vals, tfWideAt: wideAt, tfWideVal: wideVal,
		runBlock: blocks})
}

// writeLoadedCols writes compact columns as they are: those writePostCols
// makes, and a segment's read from a snapshot or a spill file, which are
// already in that form (re-encoding them cost a map lookup and a
// positions walk a posting: the save of the 75k-file corpus's spilled
// build took 18 s).
func writeLoadedCols(w *enc, c *postCols) {
	w.uv(uint64(len(c.tfVals)))
	w.u32s(c.tfVals)
	w.raw(c.tfCode)
	w.uv(uint64(len(c.tfWideAt)))
	w.u32s(c.tfWideAt)
	w.u32s(c.tfWideVal)
	w.u32s(c.runBlock)
}

// readPostCols reads what writePostCols wrote for n postings and npos
// bytes of positions, in place. The shape is checked (block offsets in
// order and ending at npos, wide values in order); the codes and the
// runs' marks are the checksum's to vouch for (reading them would page
// them all in): a code past the values reads the wide list, and a run
// not marked last ends with its block.
func readPostCols(r *dec, s *segment, n, npos int) {
	c := &s.cols
	c.tfVals = r.u32s(r.count(tfWideCode))
	c.tfCode = r.bytesInPlace(n)
	nw := r.count(n)
	c.tfWideAt = r.u32s(nw)
	c.tfWideVal = r.u32s(nw)
	nb := (n+runBlockSize-1)/runBlockSize + 1
	c.runBlock = r.u32s(nb)
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
	nb = (n + tfWideBlock - 1) / tfWideBlock
	c.tfWideFrom = make([]uint32, nb+1)
	for i, q := range c.tfWideAt {
		if q >= uint32(n) || i > 0 && q <= c.tfWideAt[i-1] {
			r.fail("term frequencies: wide value %d out of order", i)
			return
		}
		c.tfWideFrom[q/tfWideBlock+1] = uint32(i + 1)
	}
	for b := 1; b <= nb; b++ { // blocks without wide values start where the last ended
		c.tfWideFrom[b] = max(c.tfWideFrom[b], c.tfWideFrom[b-1])
	}
}

// u16s writes an aligned table of little-endian uint16s.
func (e *enc) u16s(xs []uint16) {
	writeRecs(e, xs, 2, nativeLittle, func(b []byte, x *uint16) []byte { return binary.LittleEndian.AppendUint16(b, *x) })
}

// u16s reads a table of n uint16s written by enc.u16s, in place as
// u32s reads.
func (d *dec) u16s(n int) []uint16 { return readTable[uint16](d, n, "uint16s") }
