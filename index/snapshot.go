package index

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"sync"
	"time"

	"github.com/treenav/treenav"
)

// Snapshot file layout (all integers little-endian or uvarint):
//
//	magic "TNAVIDX\n" | format version u32 | len(fingerprint) uvarint, fingerprint
//	body (see writeView) | skipped files | extra
//	segment table: count, then each segment's offset and length (uvarints)
//	offset of the segment table, u64 | CRC-32C of everything before it, u32
//
// The table lets a load decode the segments side by side. Each segment
// ends with its trigram postings (writeGrams, for grep).
//
// Since version 10 a segment's postings columns, positions bytes and
// trigram tables are little-endian arrays at 8-byte aligned file offsets,
// which a load reads in place from the mapped file rather than decoding
// them (snapview.go); since version 11 so are its node records, norms,
// symbol and anchor tables (nodesnap.go), since version 12 its
// references, after its trigrams (refs_snapshot.go), since version 13
// its hot table (nodesnap.go, hot.go), since version 14 its term
// dictionary (termtable.go), since version 15 its term frequencies coded
// in a byte (postcols.go), since version 16 its references' qualifiers
// and their types as one pair id (refs_snapshot.go), since version 17 its
// nodes' signatures in a blob of their own, read in place (nodesnap.go),
// since version 18 its postings' nodes as uvarint gaps in blocks of 64
// with a table of the blocks' offsets (postnodes.go) instead of a uint32
// each, since version 19 its trigrams as read with a newline before a
// file's first byte and after its last (trigram.go), and re-exports
// flagged as data in its hot table (hot.go), since version 20 Python's
// __init__ methods flagged as types there, since version 21 its trigrams
// listed by unit, a long file's text cut at line ends (trigram.go), since
// version 22 its positions' runs ending with a marked position instead
// of a byte a posting for their lengths (segment.go, postcols.go), since
// version 23 a trigram's list of units as a bitmap where that is shorter
// (trigram.go), since version 24 its node records' string lengths in 16
// bits (nodemeta.go), since version 25 its node records without the
// field lengths the norms hold, since version 26 its references by name
// as uvarint gaps (refs_table.go), since version 27 a document's flag for
// a Go external test package (docMeta.GoXTest), since version 28 a Java
// package-info.java's hot name as its package's page (modulePathOf). An
// older snapshot fails the version check and is rebuilt.
//
// The fingerprint names the parsers and queries that produced the index: a
// snapshot made by other extraction rules is rebuilt, never trusted. So is
// one whose checksum, magic or version does not match.
const (
	snapshotMagic   = "TNAVIDX\n"
	snapshotVersion = 28
)

// ErrSnapshot marks a snapshot that cannot be used (corrupt, truncated,
// another version or another fingerprint); the caller rebuilds.
var ErrSnapshot = errors.New("unusable index snapshot")

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Save writes the index to path atomically: a temporary file in the same
// directory is written, synced and renamed over path, so a reader (or a
// crash) sees the old snapshot or the new one, never half of one. extra is
// stored with it and returned by Load (the engine keeps its status there).
func (ix *Index) Save(path, fingerprint string, extra []byte) error {
	v := ix.view()
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // after a successful rename this fails harmlessly
	crc := crc32.New(castagnoli)
	bw := bufio.NewWriterSize(io.MultiWriter(tmp, crc), 1<<20)
	w := &enc{w: bw}
	w.raw([]byte(snapshotMagic))
	w.u32(snapshotVersion)
	w.str(fingerprint)
	spans := writeView(w, v)
	skips := ix.Stamps()
	w.uv(uint64(len(skips)))
	for _, id := range sortedKeys(skips) {
		sk := skips[id]
		w.str(id)
		w.i64(sk.Size)
		w.i64(sk.ModTime)
		w.str(sk.Reason)
	}
	w.uv(uint64(len(extra)))
	w.raw(extra)
	table := w.n
	w.uv(uint64(len(spans)))
	for _, sp := range spans {
		w.uv(uint64(sp.off))
		w.uv(uint64(sp.len))
	}
	w.u64(uint64(table))
	if w.err == nil {
		w.err = bw.Flush()
	}
	if w.err == nil {
		var sum [4]byte
		binary.LittleEndian.PutUint32(sum[:], crc.Sum32())
		_, w.err = tmp.Write(sum[:])
	}
	if w.err == nil {
		w.err = tmp.Sync()
	}
	if cerr := tmp.Close(); w.err == nil {
		w.err = cerr
	}
	if w.err != nil {
		return fmt.Errorf("write snapshot: %w", w.err)
	}
	return os.Rename(tmp.Name(), path)
}

// Load reads a snapshot written by Save, replaces the index's contents
// with it and returns the extra bytes saved with it. Any defect returns an
// error matching ErrSnapshot and leaves the index as it was.
func (ix *Index) Load(path, fingerprint string) (_ []byte, err error) {
	f, err := openSnapshot(path)
	if err != nil {
		return nil, err
	}
	return ix.load(f, fingerprint)
}

// load is Load of an open snapshot, which it owns: on success the loaded
// segments keep it (snapshotFile.keep), on failure it is closed.
func (ix *Index) load(f *snapshotFile, fingerprint string) (_ []byte, err error) {
	kept := false
	defer func() {
		if !kept {
			f.close() // no segment of it escaped
		}
	}()
	defer faultGuard(&err)()
	b := f.b
	body, sum := b[:len(b)-4], binary.LittleEndian.Uint32(b[len(b)-4:])
	if got, err := f.checksum(len(body)); err != nil {
		return nil, err
	} else if got != sum {
		return nil, fmt.Errorf("%w: checksum mismatch (corrupt or truncated)", ErrSnapshot)
	}
	r := &dec{b: body}
	if string(r.raw(len(snapshotMagic))) != snapshotMagic {
		return nil, fmt.Errorf("%w: not a treenav index", ErrSnapshot)
	}
	if ver := r.u32(); ver != snapshotVersion {
		return nil, fmt.Errorf("%w: format version %d, this treenav reads %d", ErrSnapshot, ver, snapshotVersion)
	}
	if fp := r.str(); fp != fingerprint {
		return nil, fmt.Errorf("%w: made by other parsers, another analyzer or other collections", ErrSnapshot)
	}
	spans, table, err := readSpans(body, r.off)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrSnapshot, err)
	}
	r.b = body[:table] // the rest is the table, read
	v, inPlace := readView(r, spans, f.done)
	skips := map[string]Stamp{}
	for n := r.count(1 << 28); n > 0 && r.err == nil; n-- {
		id := r.str()
		skips[id] = Stamp{Size: r.i64(), ModTime: r.i64(), Reason: r.intern(r.str())}
	}
	extra := append([]byte(nil), r.raw(r.count(len(r.b)))...)
	if r.err != nil {
		return nil, fmt.Errorf("%w: %v", ErrSnapshot, r.err)
	}
	if r.off != len(r.b) {
		return nil, fmt.Errorf("%w: %d trailing bytes", ErrSnapshot, len(r.b)-r.off)
	}
	f.keep(v, inPlace)
	kept = true
	ix.mu.Lock()
	defer ix.mu.Unlock()
	v.gen = ix.view().gen + 1
	ix.cur.Store(v)
	ix.SetStamps(skips)
	return extra, nil
}

// span is where a segment's encoding lies in a snapshot.
type span struct{ off, len int }

// writeView writes the view and returns where its segments went.
func writeView(w *enc, v *view) []span {
	w.i64(v.updated.UnixNano())
	w.uv(uint64(len(v.segs)))
	spans := make([]span, len(v.segs))
	for si, s := range v.segs {
		start := w.n
		writeSegment(w, s)
		if s.src != nil {
			// Its tables were read from its mapping to be written:
			// the pages go back to the page cache rather than stay in
			// the resident set (a save does not page the index in).
			s.src.done(0, len(s.src.b))
		}
		spans[si] = span{start, w.n - start}
		w.uv(uint64(len(v.dead[si])))
		for _, x := range v.dead[si] {
			w.u64(x)
		}
	}
	return spans
}

// readSpans reads the segment table at the end of a snapshot's body
// (after the checksum), whose first from bytes are read already. It
// returns the spans and where the table starts.
func readSpans(body []byte, from int) ([]span, int, error) {
	if len(body)-from < 8 {
		return nil, 0, errors.New("no segment table")
	}
	table := binary.LittleEndian.Uint64(body[len(body)-8:])
	if table < uint64(from) || table > uint64(len(body)-8) {
		return nil, 0, fmt.Errorf("segment table at %d, outside [%d, %d]", table, from, len(body)-8)
	}
	t := &dec{b: body[:len(body)-8], off: int(table)}
	spans := make([]span, t.count(1<<20))
	for i := range spans {
		off, n := t.uv(), t.uv()
		if off < uint64(from) || off > table || n > table-off {
			t.fail("segment %d at [%d, +%d) outside the body", i, off, n)
			break
		}
		spans[i] = span{int(off), int(n)}
	}
	if t.err == nil && t.off != len(t.b) {
		t.fail("%d bytes after the segment table", len(t.b)-t.off)
	}
	return spans, int(table), t.err
}

// readView reads what writeView wrote; the segments, found by the spans
// of the snapshot's table, are decoded in parallel (a cold build's are
// one per worker, of about the same size). done is told of each span
// decoded (snapshotFile.done). inPlace is the bytes of the tables the
// segments read in place (snapview.go).
func readView(r *dec, spans []span, done func(off, n int)) (_ *view, inPlace int) {
	v := &view{}
	v.updated = time.Unix(0, r.i64())
	n := r.count(1 << 20)
	if r.err == nil && n != len(spans) {
		r.fail("%d segments, the table has %d", n, len(spans))
	}
	v.segs = make([]*segment, 0, n)
	errs := make([]error, n)
	inPlaces := make([]int, n)
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for si := 0; si < n && r.err == nil; si++ {
		sp := spans[si]
		if r.off != sp.off {
			r.fail("segment %d at %d, the table says %d", si, r.off, sp.off)
			break
		}
		seg := &segment{}
		v.segs = append(v.segs, seg)
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			defer faultGuard(&errs[si])()
			d := &dec{b: r.b[sp.off : sp.off+sp.len], base: sp.off}
			readWholeSegment(d, seg)
			seg.tables = d.tables
			errs[si] = d.err
			inPlaces[si] = d.inPlace
			done(sp.off, sp.len)
		}()
		r.off += sp.len
		d := make(bitset, r.count(1<<26))
		for i := range d {
			d[i] = r.u64()
		}
		v.dead = append(v.dead, d)
	}
	wg.Wait()
	for si, err := range errs {
		if err != nil {
			r.fail("segment %d: %v", si, err)
		}
		inPlace += inPlaces[si]
	}
	if r.err != nil {
		return v, 0
	}
	v.recount()
	return v, inPlace
}

func writeSegment(w *enc, s *segment) {
	w.uv(uint64(len(s.docs)))
	for i := range s.docs {
		d := &s.docs[i]
		w.str(d.DocID)
		w.str(d.Path)
		w.str(d.Collection)
		w.str(string(d.ContentType))
		w.str(d.Language)
		w.str(d.Title)
		w.str(d.Description)
		w.uv(uint64(len(d.Facets)))
		for _, k := range sortedKeys(d.Facets) {
			w.str(k)
			w.strs(d.Facets[k])
		}
		w.str(d.ContentHash)
		w.i64(d.Size)
		w.i64(d.ModTime)
		w.uv(uint64(len(d.Links)))
		for _, l := range d.Links {
			w.str(l.Target)
			w.str(l.Kind)
			w.str(l.Label)
			w.uv(uint64(l.Line))
		}
		w.strs(d.Warnings)
		w.bool(d.SyntaxErr)
		w.str(d.Module)
		w.bool(d.GoXTest)
		w.uv(uint64(d.nodeStart))
		w.uv(uint64(d.nodeEnd))
		writeDocImports(w, d.refs) // the references follow the segment (writeSegRefs)
	}
	writeNodes(w, s)
	writeNorms(w, s)
	writeHot(w, s)
	writeTerms(w, &s.terms)
	// Postings, read in place by a load (snapview.go): the per-term
	// offsets as an aligned uint32 table, the total, the node column's
	// block offsets (aligned) and bytes (postnodes.go), the positions
	// bytes, then the tf and positions columns in their compact forms
	// (postcols.go).
	w.u32s(s.termPost)
	w.uv(uint64(s.numPostings()))
	w.u32s(s.postBlk)
	w.uv(uint64(len(s.postData)))
	w.raw(s.postData)
	w.uv(uint64(len(s.pos)))
	w.raw(s.pos)
	writePostCols(w, s)
	for f := range treenav.NumFields {
		w.u64(s.fieldLen[f])
	}
	writeSymTables(w, s)
	writeGrams(w, s.grams, len(s.docs))
	writeSegRefs(w, s)
}

// readWholeSegment decodes into s a segment written by writeSegment
// that is all of d's bytes (a snapshot's span, a spill file's body).
func readWholeSegment(d *dec, s *segment) {
	readSegmentInto(d, s)
	if d.err == nil && d.off != len(d.b) {
		d.fail("%d bytes after the segment", len(d.b)-d.off)
	}
}

// readSegmentInto decodes a segment written by writeSegment into s.
func readSegmentInto(r *dec, s *segment) {
	s.docs = make([]docMeta, r.count(1<<24))
	for i := range s.docs {
		d := &s.docs[i]
		d.DocID = r.str()
		d.Path = r.strTailOf(d.DocID)
		d.Collection = r.strShared()
		d.ContentType = treenav.ContentType(r.strShared())
		d.Language = r.strShared()
		d.Title = r.str()
		d.Description = r.str()
		for nf := r.count(1 << 16); nf > 0 && r.err == nil; nf-- {
			k, vals := r.str(), r.strs()
			if derivedFacet(k, vals, d.Language, d.ContentType) {
				continue // written before they were left out
			}
			if d.Facets == nil {
				d.Facets = make(map[string][]string, nf)
			}
			d.Facets[k] = vals
		}
		d.ContentHash = r.str()
		d.Size = r.i64()
		d.ModTime = r.i64()
		if nl := r.count(1 << 20); nl > 0 {
			d.Links = make([]treenav.Link, nl)
			for j := range d.Links {
				d.Links[j] = treenav.Link{Target: r.str(), Kind: r.strShared(), Label: r.str(), Line: int(r.uv())}
			}
		}
		d.Warnings = r.strs()
		d.SyntaxErr = r.bool()
		if d.SyntaxErr && len(d.Warnings) == 0 {
			// Saved before code documents kept their warnings.
			d.Warnings = []string{"syntax errors (or code the grammar does not know): the parser recovered, and symbols there may be missing"}
		}
		d.Module = r.str()
		d.GoXTest = r.bool()
		d.nodeStart = uint32(r.uv())
		d.nodeEnd = uint32(r.uv())
		d.refs = readDocImports(r)
		d.test = isTestPath(d.Path)
		if r.err != nil {
			return
		}
	}
	readNodes(r, s)
	at := r.off
	readNorms(r, s)
	r.markTable("norms", at)
	at = r.off
	readHot(r, s)
	r.markTable("hot", at)
	if r.err != nil {
		return
	}
	at = r.off
	readTerms(r, &s.terms)
	r.markTable("terms", at)
	nt := s.terms.n()
	if r.err != nil {
		return
	}
	// The postings columns stay where they lie in the snapshot. Their
	// shape is checked here (offsets in range, at the cost of a read of
	// the term and block offsets); their values are the checksum's to
	// vouch for, since reading every posting at load would page them all
	// in, and their readers' bounds checks guard against a forgery
	// (postnodes.go, postcols.go).
	at = r.off
	s.termPost = r.u32s(nt + 1)
	total := r.count(len(r.b) / 3) // a posting takes at least a byte of node, tf code and run length
	s.postBlk = r.u32s(postBlocks(total))
	nd := r.count(len(r.b))
	s.postData = r.bytesInPlace(nd)
	r.markTable("postings", at)
	n := r.count(math.MaxInt32)
	at = r.off
	s.pos = r.bytesInPlace(n)
	r.markTable("positions", at)
	at = r.off
	readPostCols(r, s, total, n)
	r.markTable("posting columns", at)
	if r.err != nil {
		return
	}
	if s.termPost[0] != 0 || s.termPost[nt] != uint32(total) {
		r.fail("postings: term offsets [%d, %d], %d postings", s.termPost[0], s.termPost[nt], total)
		return
	}
	for t := range nt {
		if s.termPost[t] > s.termPost[t+1] {
			r.fail("postings: term %d's offsets out of order", t)
			return
		}
	}
	checkPostBlocks(r, s.postBlk, total, nd)
	if r.err != nil {
		return
	}
	for f := range treenav.NumFields {
		s.fieldLen[f] = r.u64()
	}
	at = r.off
	readSymTables(r, s)
	r.markTable("symbols", at)
	at = r.off
	s.grams = readGrams(r, len(s.docs))
	r.markTable("trigrams", at)
	at = r.off
	readSegRefs(r, s)
	r.markTable("references", at)
	s.buildByID() // hot was read with the norms
}

func commonPrefix(a, b string) int {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}

// enc writes the snapshot encoding; the first error sticks.
type enc struct {
	w   *bufio.Writer
	buf [binary.MaxVarintLen64]byte
	err error
	n   int // bytes written
}

func (e *enc) raw(b []byte) {
	if e.err == nil {
		_, e.err = e.w.Write(b)
		e.n += len(b)
	}
}
func (e *enc) uv(x uint64) { e.raw(e.buf[:binary.PutUvarint(e.buf[:], x)]) }
func (e *enc) i64(x int64) { e.raw(e.buf[:binary.PutVarint(e.buf[:], x)]) }
func (e *enc) u32(x uint32) {
	binary.LittleEndian.PutUint32(e.buf[:4], x)
	e.raw(e.buf[:4])
}
func (e *enc) u64(x uint64) {
	binary.LittleEndian.PutUint64(e.buf[:8], x)
	e.raw(e.buf[:8])
}
func (e *enc) str(s string) {
	e.uv(uint64(len(s)))
	if e.err == nil {
		_, e.err = e.w.WriteString(s)
		e.n += len(s)
	}
}
func (e *enc) strs(ss []string) {
	e.uv(uint64(len(ss)))
	for _, s := range ss {
		e.str(s)
	}
}
func (e *enc) bool(b bool) {
	if b {
		e.uv(1)
	} else {
		e.uv(0)
	}
}

// dec reads the snapshot encoding from memory; on the first error every
// read returns zero values and err is set, so decoding loops end quickly.
type dec struct {
	b        []byte
	off      int
	err      error
	interned map[string]string
	// base is the file offset of b[0], for the alignment of tables read
	// in place; inPlace counts the bytes of those tables.
	base    int
	inPlace int
	// tables names the stretches of b a segment's tables lie in
	// (markTable), for MappedTables.
	tables []tableSpan
}

func (d *dec) fail(format string, args ...any) {
	if d.err == nil {
		d.err = fmt.Errorf("offset %d: "+format, append([]any{d.off}, args...)...)
	}
}

func (d *dec) raw(n int) []byte {
	if d.err != nil || n < 0 || n > len(d.b)-d.off {
		d.fail("truncated: want %d bytes", n)
		return nil
	}
	b := d.b[d.off : d.off+n]
	d.off += n
	return b
}

func (d *dec) uv() uint64 {
	if d.err != nil {
		return 0
	}
	x, n := binary.Uvarint(d.b[d.off:])
	if n <= 0 {
		d.fail("bad varint")
		return 0
	}
	d.off += n
	return x
}

func (d *dec) i64() int64 {
	if d.err != nil {
		return 0
	}
	x, n := binary.Varint(d.b[d.off:])
	if n <= 0 {
		d.fail("bad varint")
		return 0
	}
	d.off += n
	return x
}

func (d *dec) u32() uint32 {
	b := d.raw(4)
	if b == nil {
		return 0
	}
	return binary.LittleEndian.Uint32(b)
}

func (d *dec) u64() uint64 {
	b := d.raw(8)
	if b == nil {
		return 0
	}
	return binary.LittleEndian.Uint64(b)
}

// count reads a length and checks it against a sanity bound and the bytes
// left (every counted item takes at least one byte).
func (d *dec) count(limit int) int {
	n := d.uv()
	if n > uint64(limit) || n > uint64(len(d.b)-d.off) {
		d.fail("count %d out of range", n)
		return 0
	}
	return int(n)
}

func (d *dec) str() string {
	n := d.count(len(d.b))
	return string(d.raw(n))
}

// strTailOf reads a string; when it ends s (a name, of its anchor
// "Router.addRoute"), it returns that part of s rather than a copy.
func (d *dec) strTailOf(s string) string {
	b := d.raw(d.count(len(d.b)))
	if len(b) <= len(s) && s[len(s)-len(b):] == string(b) {
		return s[len(s)-len(b):]
	}
	return string(b)
}

func (d *dec) strs() []string {
	n := d.count(1 << 20)
	if n == 0 {
		return nil
	}
	out := make([]string, n)
	for i := range out {
		out[i] = d.str()
	}
	return out
}

func (d *dec) bool() bool { return d.uv() != 0 }

// strShared reads a string and shares it with the equal ones this
// decoder read so (intern without a copy made to look it up): a
// segment's thousands of imports name a few hundred paths.
func (d *dec) strShared() string {
	b := d.raw(d.count(len(d.b)))
	if len(b) == 0 {
		return ""
	}
	if v, ok := d.interned[string(b)]; ok {
		return v
	}
	return d.intern(string(b))
}

// intern shares the few distinct values of small vocabularies (kinds,
// languages) between nodes.
func (d *dec) intern(s string) string {
	if d.interned == nil {
		d.interned = map[string]string{}
	}
	if v, ok := d.interned[s]; ok {
		return v
	}
	d.interned[s] = s
	return s
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
