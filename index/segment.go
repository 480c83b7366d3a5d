package index

import (
	"runtime"

	"github.com/treenav/treenav"
)

// A segment is an immutable inverted index over a set of documents. The
// index is a list of segments plus deletion marks: a cold build makes one
// large segment, each update adds a small one, and merges fold them
// together (merge.go). Readers share segments without locks.
//
// Postings are stored column-wise (CSR): term i's postings are
// [termPost[i], termPost[i+1]) in the node column (postData, postBlk,
// compressed: postnodes.go) and postTF/postPos, sorted by node (a loaded
// segment's tf and positions offsets are in cols).
type segment struct {
	docs []docMeta
	// tables names where a loaded segment's tables lie in its mapping
	// (tableres.go); nil for a segment built in the heap.
	tables []tableSpan
	// short is what short grep queries need of docs, made once
	// (gramshort.go).
	short shortStats
	// kept finds grep's kept texts of docs (greptext.go).
	kept keptSlots
	// dirs are the documents by directory tail, for queries that spell
	// one (dirwords.go), made once.
	dirs  dirTable
	nodes []nodeRec // pointer-free records; strings in blob (nodemeta.go)
	// blob holds the nodes' strings, which their records refer to by offset
	// and length; vocab the few distinct kinds, native kinds and
	// languages, by id. Read a node through node(i).
	blob  []byte
	vocab []string
	// sigs holds the nodes' signatures, apart from the other strings: a
	// loaded segment reads them in place from its snapshot (they were
	// three fifths of the blob a load copied into the heap), and hands
	// them out as copies (nodeMeta.signature).
	sigs []byte

	terms    termTable    // sorted (termtable.go)
	termKeys sortedSample // a sparse index of terms, made by the first lookup
	termPost []uint32     // len(terms)+1
	// postData holds the postings' local node ids as uvarints, absolute
	// at each block's and term's start, else gaps; postBlk[k] is the
	// offset of block k's first posting (postnodes.go). Read them through
	// postings and findPosting.
	postData []byte
	postBlk  []uint32
	postTF   []uint32 // per-field term frequencies, packed (packTF)
	postPos  []uint32 // postings+1 offsets into pos
	pos      []byte   // varint-encoded position deltas
	// cols are a loaded segment's tf and positions columns, in the
	// snapshot's compact forms (postcols.go), where postTF and postPos
	// are nil; read them through tf and posRun.
	cols postCols

	// fieldLen sums field lengths over all nodes (for average lengths);
	// fieldNodes counts the nodes whose field is not empty (buildNorms).
	fieldLen   [treenav.NumFields]uint64
	fieldNodes [treenav.NumFields]uint64

	// syms are the code symbols sorted by lowercased name; anchors are all
	// nodes with an anchor sorted by it (for id lookups without the doc
	// prefix). Both are pointer-free and read in place by a load.
	syms    []symEntry
	anchors []uint32
	symKeys sortedSample // a sparse index of syms' names (symsCalled)

	// norms[i] is what BM25 reads of node i, packed apart from the node
	// records (88 bytes) so that scoring a posting list touches 16 bytes
	// per node, neighbours sharing a line.
	norms []nodeNorm
	// lens are a built or merged segment's nodes' field lengths until
	// buildNorms puts them in norms (nil after, and in a loaded segment):
	// the records do not keep them, 10 bytes a node.
	lens [][treenav.NumFields]uint16
	// hot[i] is what a query reads of node i besides its norms
	// (namesig.go).
	hot []nodeHot

	// nameScan is syms' distinct names for substring lookups, made on
	// first use (namescan.go).
	nameScan segNames
	// nodeScope is the languages and kinds of its nodes, made on first
	// use (scope.go).
	nodeScope segScope
	// refTable is its documents' references (refs_table.go); nil for a
	// segment made without buildTables.
	refTable *segRefs

	// byID finds a document by id (the last, if a segment holds two).
	byID map[string]uint32

	// grams are the trigram postings of the documents' text, for grep
	// (trigram.go).
	grams *gramIndex

	// src is the snapshot whose bytes a loaded segment's postings,
	// positions, trigram, node, norm, symbol and anchor tables are (read
	// in place, snapview.go, nodesnap.go): it keeps the mapping alive. nil for a segment built or merged, whose
	// tables are in the heap.
	src *snapshotFile

	// building marks a segment a spilling build published (Build with
	// flushEvery) and will replace by a spilled merge: compact leaves it
	// to the build. Written and read under the index's lock.
	building bool
}

// nodeNorm is a node's document and field lengths, for scoring. Its
// padding is a field, so that its layout is the snapshot's (read in
// place, nodesnap.go).
type nodeNorm struct {
	doc      uint32
	fieldLen [treenav.NumFields]uint16
	_        uint16
}

// buildNorms fills norms, hot and byID from nodes and docs; every way a
// segment is made ends with it (a load reads the norms from its snapshot
// and builds the rest, buildLookups).
func (s *segment) buildNorms() {
	s.norms = make([]nodeNorm, len(s.nodes))
	s.fieldNodes = [treenav.NumFields]uint64{}
	for i := range s.nodes {
		var lens [treenav.NumFields]uint16
		if i < len(s.lens) {
			lens = s.lens[i]
		}
		s.norms[i] = nodeNorm{doc: s.nodes[i].doc, fieldLen: lens}
		for f, l := range lens {
			if l > 0 {
				s.fieldNodes[f]++
			}
		}
	}
	s.lens = nil
	s.buildLookups()
}

// buildLookups fills byID and hot from nodes and docs.
func (s *segment) buildLookups() {
	s.buildByID()
	s.buildHot()
}

// buildByID fills byID from docs.
func (s *segment) buildByID() {
	s.byID = make(map[string]uint32, len(s.docs))
	for di := range s.docs {
		s.byID[s.docs[di].DocID] = uint32(di)
	}
}

// docMeta is what the index keeps of a document: no content, which is read
// back from the file on demand (and checked against ContentHash).
type docMeta struct {
	DocID       string
	Path        string
	Collection  string
	ContentType treenav.ContentType
	Language    string
	Title       string
	Description string
	Facets      map[string][]string
	ContentHash string
	Size        int64
	ModTime     int64
	Links       []treenav.Link
	Warnings    []string
	SyntaxErr   bool
	// Module is the module the file declares when its path does not
	// name it (declaredModule): "json" for encoding/json/v2/.
	Module string
	// GoXTest marks a Go file of an external test package (package
	// os_test in os/), which is a package apart from its directory's
	// (goPkgDir); Module drops the "_test".
	GoXTest   bool
	nodeStart uint32 // nodes [nodeStart, nodeEnd) in preorder
	nodeEnd   uint32
	test      bool     // a test file or test data (isTestPath), derived
	refs      *docRefs // references and imports (refs_table.go); nil for none
}

// symEntry is a code symbol in syms: its node and its lowercased name in
// the blob (the name's own bytes when it is lowercase already).
type symEntry struct {
	lower strRef
	node  uint32
}

// symLower is syms[k]'s lowercased name.
func (s *segment) symLower(k int) string { return s.str(s.syms[k].lower) }

// symsCalled is the run of syms whose lowercased name is lname (found by
// two binary searches: a caller may read only the run's first few).
func (s *segment) symsCalled(lname string) []symEntry {
	lo, hi := s.symKeys.run(len(s.syms), s.symLower, lname)
	return s.syms[lo:hi]
}

// anchorOf is anchors[k]'s anchor.
func (s *segment) anchorOf(k int) string { return s.str(s.nodes[s.anchors[k]].ref(strAnchor)) }

// tfBits is the width of one field's term frequency in a packed posting.
const tfBits = 6

const tfMax = 1<<tfBits - 1

func packTF(tf *[treenav.NumFields]uint32) uint32 {
	var p uint32
	for f := range treenav.NumFields {
		p |= min(tf[f], tfMax) << (uint(f) * tfBits)
	}
	return p
}

// unpackTF is field f's term frequency in packed posting p.
func unpackTF(p uint32, f treenav.Field) uint32 {
	return p >> (uint(f) * tfBits) & tfMax
}

// postingCount is term id's postings in s: the nodes that hold it.
func (s *segment) postingCount(id int) int { return int(s.termPost[id+1] - s.termPost[id]) }

// lookup returns term's index in the sorted dictionary, or -1.
func (s *segment) lookup(term string) int {
	i := s.lowerBound(term)
	if i < s.terms.n() && s.terms.at(i) == term {
		return i
	}
	return -1
}

// lowerBound is the first dictionary index whose term is >= term: a
// binary search of the terms in the range the sparse index leaves
// (termRange).
func (s *segment) lowerBound(term string) int {
	lo, hi := s.termRange(term)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if s.terms.at(m) < term {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// A posting's positions are its run: each the gap from the one before (the
// first from 0) shifted left by one, as a uvarint, the last one's low bit
// set (posLast). The bit is the low bit of the run's last uvarint's first
// byte, so a run's end is found by reading its bytes, without a length
// (postcols.go): since snapshot version 22 no table of run lengths is
// kept, 1 byte a posting (32 MB of the 25k-file corpus's snapshot) for
// 0.3 byte a posting more of positions (gaps of 64 to 127 take two bytes).
const posLast = 1

// appendPosition appends a position's gap to a run, not marked last.
func appendPosition(b []byte, gap uint32) []byte { return appendUvarint(b, gap<<1) }

// runEnd is the end of the run that starts at off in pos, read no further
// than end (a run not marked last ends there: a damaged snapshot).
func runEnd(pos []byte, off, end uint32) uint32 {
	for off < end {
		last := pos[off]&posLast != 0
		for off < end && pos[off] >= 0x80 {
			off++
		}
		off++ // the uvarint's last byte
		if last {
			return min(off, end)
		}
	}
	return end
}

// positions decodes the positions of posting p.
func (s *segment) positions(p uint32, buf []uint32) []uint32 {
	b := s.posRun(p)
	buf = buf[:0]
	var last uint32
	for len(b) > 0 {
		v, n := uvarint(b)
		b = b[n:]
		last += v >> 1
		buf = append(buf, last)
	}
	runtime.KeepAlive(s) // b may be in s's mapping
	return buf
}

func uvarint(b []byte) (uint32, int) {
	var x uint32
	var sh uint
	for i, c := range b {
		if c < 0x80 {
			return x | uint32(c)<<sh, i + 1
		}
		x |= uint32(c&0x7f) << sh
		sh += 7
	}
	return x, len(b)
}

func appendUvarint(b []byte, v uint32) []byte {
	for v >= 0x80 {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}

// children calls fn for each child of local node i.
func (s *segment) children(i uint32, fn func(c uint32)) {
	for c := i + 1; c < s.nodes[i].end; c = s.nodes[c].end {
		fn(c)
	}
}

// inPlace reports whether the segment reads its tables in place from a
// snapshot or a spill file (src) rather than from the heap.
func (s *segment) inPlace() bool { return s.src != nil }
