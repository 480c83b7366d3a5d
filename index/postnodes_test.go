package index

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"unsafe"
)

// postLists makes a segment's node column from lists of node ids (one a
// term, each ascending) over nodes nodes.
func postLists(lists [][]uint32, nodes int) *segment {
	s := &segment{nodes: make([]nodeRec, nodes), termPost: []uint32{0}}
	var w postWriter
	n := 0
	for _, l := range lists {
		w.startTerm()
		for _, node := range l {
			w.add(node)
		}
		n += len(l)
		s.termPost = append(s.termPost, uint32(n))
	}
	s.postData, s.postBlk = w.finish()
	return s
}

// randomLists are lists of every length class: empty, short terms that
// start inside a block, terms of exactly a block, long ones with small
// and large gaps.
func randomLists(rng *rand.Rand, nodes int) [][]uint32 {
	var lists [][]uint32
	for range 300 {
		var n int
		switch rng.IntN(6) {
		case 0:
			n = 0
		case 1, 2:
			n = 1 + rng.IntN(5)
		case 3:
			n = postingBlock + rng.IntN(3) - 1
		default:
			n = rng.IntN(min(nodes, 3000))
		}
		set := map[uint32]bool{}
		for len(set) < n {
			if rng.IntN(2) == 0 {
				set[uint32(rng.IntN(200))] = true // dense: small gaps
			} else {
				set[uint32(rng.IntN(nodes))] = true
			}
		}
		l := make([]uint32, 0, n)
		for v := range set {
			l = append(l, v)
		}
		slices.Sort(l)
		lists = append(lists, l)
	}
	return lists
}

// readAll reads term t's nodes through postIter, buf at a time.
func readAll(s *segment, t int, bufLen int) []uint32 {
	it := s.postings(t)
	buf := make([]uint32, bufLen)
	var out []uint32
	for {
		p := it.p
		n := it.next(buf)
		if n == 0 {
			return out
		}
		if want := s.termPost[t] + uint32(len(out)); p != want {
			panic("postIter: the posting index does not follow the nodes read")
		}
		out = append(out, buf[:n]...)
	}
}

// TestPostNodesRoundTrip: every term's nodes read back in order, whatever
// the buffer, and findPosting finds each node's posting, and no other.
func TestPostNodesRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const nodes = 1 << 20
	lists := randomLists(rng, nodes)
	s := postLists(lists, nodes)
	total := s.numPostings()
	if len(s.postBlk) != postBlocks(total) || s.postBlk[len(s.postBlk)-1] != uint32(len(s.postData)) {
		t.Fatalf("%d blocks for %d postings, last %d of %d bytes", len(s.postBlk), total, s.postBlk[len(s.postBlk)-1], len(s.postData))
	}
	r := &dec{}
	checkPostBlocks(r, s.postBlk, total, len(s.postData))
	if r.err != nil {
		t.Fatal(r.err)
	}
	for ti, l := range lists {
		for _, bufLen := range []int{1, 7, gatherBlock, 1000} {
			if got := readAll(s, ti, bufLen); !slices.Equal(got, l) {
				t.Fatalf("term %d (buffer %d): read %v, want %v", ti, bufLen, got, l)
			}
		}
		for i, node := range l {
			if p := s.findPosting(ti, node); p != int(s.termPost[ti])+i {
				t.Fatalf("term %d: node %d at posting %d, want %d", ti, node, p, int(s.termPost[ti])+i)
			}
		}
		for range 50 {
			node := uint32(rng.IntN(nodes + 10))
			i, found := slices.BinarySearch(l, node)
			want := -1
			if found {
				want = int(s.termPost[ti]) + i
			}
			if p := s.findPosting(ti, node); p != want {
				t.Fatalf("term %d: node %d at posting %d, want %d", ti, node, p, want)
			}
		}
	}
	if got := s.findPosting(0, 0); len(lists[0]) == 0 && got != -1 {
		t.Errorf("an empty term has node 0 at %d", got)
	}
}

// TestPostNodesSize: dense lists take about a byte a posting, and the
// size the builder computes ahead (uvarintLen) is what is written.
func TestPostNodesSize(t *testing.T) {
	for _, v := range []uint32{0, 1, 127, 128, 16383, 16384, 1<<21 - 1, 1 << 21, 1<<28 - 1, 1 << 28, 1<<32 - 1} {
		if got, want := uvarintLen(v), len(appendUvarint(nil, v)); got != want {
			t.Errorf("uvarintLen(%d) = %d, want %d", v, got, want)
		}
	}
	l := make([]uint32, 10000)
	for i := range l {
		l[i] = uint32(3 * i)
	}
	s := postLists([][]uint32{l}, 30000)
	if per := float64(len(s.postData)) / float64(len(l)); per > 1.1 {
		t.Errorf("%.2f bytes a posting for gaps of 3", per)
	}
}

// TestPostNodesDamaged: a column cut short, or whose values run past the
// segment's nodes, ends its terms early; nothing reads outside it, and
// findPosting answers -1 or a posting of the term.
func TestPostNodesDamaged(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const nodes = 5000
	lists := randomLists(rng, nodes)
	good := postLists(lists, nodes)
	forged := map[string]func(s *segment){
		"cut in half": func(s *segment) { s.postData = s.postData[:len(s.postData)/2] },
		"cut inside a varint": func(s *segment) {
			for i := len(s.postData) - 1; i > 0; i-- {
				if s.postData[i-1] >= 0x80 {
					s.postData = s.postData[:i]
					return
				}
			}
		},
		"all continuation bytes": func(s *segment) { fill(s.postData, 0xff) },
		"large gaps":             func(s *segment) { fill(s.postData, 0x7f) },
		"zeros":                  func(s *segment) { fill(s.postData, 0) },
		"random": func(s *segment) {
			for i := range s.postData {
				s.postData[i] = byte(rng.Uint32())
			}
		},
		"fewer nodes": func(s *segment) { s.nodes = s.nodes[:nodes/10] },
	}
	for name, forge := range forged {
		s := &segment{nodes: good.nodes, termPost: good.termPost, postBlk: good.postBlk, postData: slices.Clone(good.postData)}
		forge(s)
		for ti := range lists {
			for _, node := range readAll(s, ti, gatherBlock) {
				if node >= uint32(len(s.nodes)) {
					t.Fatalf("%s: term %d read node %d of %d", name, ti, node, len(s.nodes))
				}
			}
			for range 20 {
				p := s.findPosting(ti, uint32(rng.IntN(nodes)))
				if p != -1 && (p < int(s.termPost[ti]) || p >= int(s.termPost[ti+1])) {
					t.Fatalf("%s: term %d found posting %d outside [%d, %d)", name, ti, p, s.termPost[ti], s.termPost[ti+1])
				}
			}
		}
	}
}

func fill(b []byte, c byte) {
	for i := range b {
		b[i] = c
	}
}

// TestSkipUvarints: skipping k varints lands where decoding k would, by
// words or by bytes.
func TestSkipUvarints(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var data []byte
	var ends []int // ends[i]: the offset after varint i
	for range 2000 {
		v := rng.Uint32() >> uint(rng.IntN(32))
		data = appendUvarint(data, v)
		ends = append(ends, len(data))
	}
	for range 5000 {
		from := rng.IntN(len(ends))
		k := rng.IntN(100)
		off := 0
		if from > 0 {
			off = ends[from-1]
		}
		want := len(data)
		if from+k-1 < len(ends) {
			want = off
			if k > 0 {
				want = ends[from+k-1]
			}
		}
		if got := skipUvarints(data, off, k); got != want {
			t.Fatalf("skip %d from varint %d (offset %d): offset %d, want %d", k, from, off, got, want)
		}
	}
}

// benchLists are terms of 2 to 200,000 postings over a million nodes,
// their gaps drawn as a common word's and a rare one's.
func benchLists(rng *rand.Rand) [][]uint32 {
	var lists [][]uint32
	for _, n := range []int{2, 3, 10, 50, 300, 1000, 5000, 30000, 200000} {
		for range 4 {
			l := make([]uint32, 0, n)
			node := uint32(0)
			for range n {
				node += 1 + uint32(rng.IntN(2*(1<<20)/n))
				l = append(l, node)
			}
			lists = append(lists, l)
		}
	}
	return lists
}

// BenchmarkFindPosting times findPosting over short and long terms, half
// hits and half misses, on the compressed column ("blocks") and, for
// comparison, the binary search of a []uint32 column that format 17
// stored ("uint32").
func BenchmarkFindPosting(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 8))
	lists := benchLists(rng)
	s := postLists(lists, 1<<22)
	var flat []uint32
	for _, l := range lists {
		flat = append(flat, l...)
	}
	type probe struct {
		t    int
		node uint32
	}
	var probes []probe
	for range 1 << 14 {
		ti := rng.IntN(len(lists))
		l := lists[ti]
		node := l[rng.IntN(len(l))]
		if rng.IntN(2) == 0 {
			node++
		}
		probes = append(probes, probe{ti, node})
	}
	for _, impl := range []struct {
		name string
		find func(t int, node uint32) int
	}{
		{"blocks", s.findPosting},
		{"uint32", func(t int, node uint32) int {
			lo, hi := int(s.termPost[t]), int(s.termPost[t+1])
			i, ok := slices.BinarySearch(flat[lo:hi], node)
			if !ok {
				return -1
			}
			return lo + i
		}},
	} {
		b.Run(impl.name, func(b *testing.B) {
			found := 0
			for i := range b.N {
				pr := probes[i%len(probes)]
				if impl.find(pr.t, pr.node) >= 0 {
					found++
				}
			}
			if b.N > len(probes) && found == 0 {
				b.Fatal("nothing found")
			}
		})
	}
}

// BenchmarkPostIter times reading every term's nodes a block at a time,
// as scoring does, from the compressed column ("blocks") and from a
// []uint32 column ("uint32").
func BenchmarkPostIter(b *testing.B) {
	rng := rand.New(rand.NewPCG(9, 10))
	lists := benchLists(rng)
	s := postLists(lists, 1<<22)
	var flat []uint32
	for _, l := range lists {
		flat = append(flat, l...)
	}
	b.Run("blocks", func(b *testing.B) {
		var buf [gatherBlock]uint32
		sum := uint32(0)
		for range b.N {
			for ti := range lists {
				it := s.postings(ti)
				for n := it.next(buf[:]); n > 0; n = it.next(buf[:]) {
					sum += buf[n-1]
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(flat)), "ns/posting")
		_ = sum
	})
	b.Run("uint32", func(b *testing.B) {
		var buf [gatherBlock]uint32
		sum := uint32(0)
		for range b.N {
			for ti := range lists {
				for p0 := s.termPost[ti]; p0 < s.termPost[ti+1]; p0 += gatherBlock {
					n := copy(buf[:], flat[p0:min(p0+gatherBlock, s.termPost[ti+1])])
					sum += buf[n-1]
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(flat)), "ns/posting")
		_ = sum
	})
}

// TestSnapshotForgedPostNodes: a snapshot whose node column is forged
// behind a valid checksum loads (its values are not read at load) and
// answers searches, phrases, merges and a save without panicking: the
// column's readers end a term at a cut varint or a node past the segment.
func TestSnapshotForgedPostNodes(t *testing.T) {
	ix, path := inPlaceFixture(t)
	good, s, base := loadedSegment(t, path)
	off := int(uintptr(unsafe.Pointer(&s.postData[0])) - base)
	n := len(s.postData)
	rng := rand.New(rand.NewPCG(11, 12))
	for name, forge := range map[string]func(b []byte){
		"continuation bytes":  func(b []byte) { fill(b, 0xff) },
		"large gaps":          func(b []byte) { fill(b, 0x7f) },
		"zeros":               func(b []byte) { fill(b, 0) },
		"the last varint cut": func(b []byte) { b[len(b)-1] |= 0x80 },
		"a node past the segment": func(b []byte) {
			copy(b, appendUvarint(nil, uint32(len(s.nodes))))
		},
		"random": func(b []byte) {
			for i := range b {
				b[i] = byte(rng.Uint32())
			}
		},
	} {
		t.Run(name, func(t *testing.T) {
			c := append([]byte(nil), good...)
			forge(c[off : off+n])
			p := filepath.Join(t.TempDir(), "index.tnv")
			if err := os.WriteFile(p, resum(c), 0o644); err != nil {
				t.Fatal(err)
			}
			forged := New()
			if _, err := forged.Load(p, "fp"); err != nil {
				t.Fatalf("the forged snapshot did not load: %v", err)
			}
			forged.SetSource(*ix.source.Load())
			answers(t, forged)
			for _, q := range []string{"widget gallery renders", "\"gallery renders\"", "Widget3 number"} {
				if _, err := forged.Search(SearchRequest{Query: q, Limit: 5}); err != nil {
					t.Fatal(err)
				}
			}
			m := mergeSegments(forged.view().segs, nil)
			for ti := range m.terms.n() {
				for _, node := range readAll(m, ti, gatherBlock) {
					if node >= uint32(len(m.nodes)) {
						t.Fatalf("the merge of the forged segment has node %d of %d", node, len(m.nodes))
					}
				}
			}
			if err := forged.Save(filepath.Join(t.TempDir(), "again.tnv"), "fp", nil); err != nil {
				t.Fatal(err)
			}
		})
	}
}
