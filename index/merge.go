package index

import (
	mbits "math/bits"

	"github.com/treenav/treenav"
)

// mergeSegments folds segments into one, leaving out deleted documents
// (dead[i] marks segment i's deleted local docs; nil means none). Node
// order is kept: segments are concatenated, so every posting list stays
// sorted without re-sorting. Cost is linear in the segments' size.
func mergeSegments(segs []*segment, dead []bitset) *segment {
	out := &segment{}
	remap := make([][]int32, len(segs)) // old local node -> new node, -1 dropped
	// The nodes' strings are put again into the merge's own blob (the
	// sources' may be dropped; a loaded one's records are its snapshot's).
	var strs nodeWriter
	nodes, blob, sigs := 0, 0, 0
	for _, s := range segs {
		nodes += len(s.nodes)
		blob += len(s.blob)
		sigs += len(s.sigs)
	}
	out.nodes = make([]nodeRec, 0, nodes)
	strs.blob = make([]byte, 0, blob)
	strs.sigs = make([]byte, 0, sigs)
	for si, s := range segs {
		remap[si] = make([]int32, len(s.nodes))
		for di := range s.docs {
			d := s.docs[di]
			if dead != nil && dead[si].has(uint32(di)) {
				for n := d.nodeStart; n < d.nodeEnd; n++ {
					remap[si][n] = -1
				}
				continue
			}
			newDoc := uint32(len(out.docs))
			base := uint32(len(out.nodes))
			shift := int64(base) - int64(d.nodeStart)
			for n := d.nodeStart; n < d.nodeEnd; n++ {
				nm := s.nodes[n]
				ns := s.node(n).strings()
				strs.put(&nm, &ns)
				nm.doc = newDoc
				if nm.parent >= 0 {
					nm.parent = int32(int64(nm.parent) + shift)
				}
				nm.end = uint32(int64(nm.end) + shift)
				remap[si][n] = int32(len(out.nodes))
				out.nodes = append(out.nodes, nm)
				lens := s.norms[n].fieldLen
				out.lens = append(out.lens, lens)
				for f := range treenav.NumFields {
					out.fieldLen[f] += uint64(lens[f])
				}
			}
			d.nodeStart, d.nodeEnd = base, uint32(len(out.nodes))
			out.docs = append(out.docs, d)
		}
	}
	strs.finish(out)

	// k-way merge of the sorted dictionaries.
	nterms, termBytes := 0, 0
	for _, s := range segs {
		nterms += s.terms.n()
		termBytes += len(s.terms.blob)
	}
	out.terms.grow(nterms, termBytes)
	cur := make([]int, len(segs))
	// The node column: about what the sources' take together.
	postings, nodeBytes := 0, 0
	for _, s := range segs {
		postings += s.numPostings()
		nodeBytes += len(s.postData)
	}
	col := postWriter{data: make([]byte, 0, nodeBytes), blk: make([]uint32, 0, postBlocks(postings))}
	var buf [postingBlock]uint32
	out.termPost = append(out.termPost, 0)
	out.postPos = append(out.postPos, 0)
	for {
		term, found := "", false
		for si, s := range segs {
			if cur[si] < s.terms.n() && (!found || s.terms.at(cur[si]) < term) {
				term, found = s.terms.at(cur[si]), true
			}
		}
		if !found {
			break
		}
		before := len(out.postTF)
		col.startTerm()
		for si, s := range segs {
			if cur[si] >= s.terms.n() || s.terms.at(cur[si]) != term {
				continue
			}
			t := cur[si]
			cur[si]++
			it := s.postings(t)
			for {
				p := it.p
				n := it.next(buf[:])
				if n == 0 {
					break
				}
				for i, node := range buf[:n] {
					nn := remap[si][node]
					if nn < 0 {
						continue
					}
					q := p + uint32(i)
					col.add(uint32(nn))
					out.postTF = append(out.postTF, s.tf(q))
					out.pos = append(out.pos, s.posRun(q)...)
					out.postPos = append(out.postPos, uint32(len(out.pos)))
				}
			}
		}
		if len(out.postTF) > before {
			out.terms.add(term)
			out.termPost = append(out.termPost, uint32(len(out.postTF)))
		}
	}
	out.postData, out.postBlk = col.finish()
	out.grams = mergeGrams(segs, dead)
	out.buildTables()
	return out
}

// bitset is a set of small integers.
type bitset []uint64

func (b bitset) has(i uint32) bool {
	w := int(i >> 6)
	return w < len(b) && b[w]&(1<<(i&63)) != 0
}

// with returns a copy of b with i set (copy-on-write: readers of b are not
// disturbed).
func (b bitset) with(i uint32) bitset {
	w := int(i >> 6)
	n := make(bitset, max(len(b), w+1))
	copy(n, b)
	n[w] |= 1 << (i & 63)
	return n
}

// set sets bit i, which must lie within b.
func (b bitset) set(i uint32) { b[i>>6] |= 1 << (i & 63) }

// appendTo appends the set bits to dst, ascending.
func (b bitset) appendTo(dst []uint32) []uint32 {
	for w, bits := range b {
		for ; bits != 0; bits &= bits - 1 {
			dst = append(dst, uint32(w*64+mbits.TrailingZeros64(bits)))
		}
	}
	return dst
}

func (b bitset) count() int {
	c := 0
	for _, w := range b {
		c += mbits.OnesCount64(w)
	}
	return c
}
