package index

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"runtime"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index/analysis"
	"github.com/treenav/treenav/index/walk"
)

// SetSource sets where document contents are read from.
func (ix *Index) SetSource(src Source) { ix.source.Store(&src) }

// contentCache keeps the last files read, so the snippets of one result
// page and repeated reads of one document do not re-read and re-hash.
type contentCache struct {
	mu    sync.Mutex
	order []string
	files map[string][]byte // key: collection + "\x00" + path + "\x00" + hash
}

const contentCacheFiles = 32

func (c *contentCache) get(key string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	b, ok := c.files[key]
	return b, ok
}

func (c *contentCache) put(key string, b []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.files == nil {
		c.files = map[string][]byte{}
	}
	if _, ok := c.files[key]; ok {
		return
	}
	if len(c.order) >= contentCacheFiles {
		delete(c.files, c.order[0])
		c.order = c.order[1:]
	}
	c.order = append(c.order, key)
	c.files[key] = b
}

// dropAll forgets the files read (ReleaseIdle).
func (c *contentCache) dropAll() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.files, c.order = nil, nil
}

// fileOf returns the indexed content of document d, verified.
func (ix *Index) fileOf(d *docMeta) ([]byte, error) {
	key := d.Collection + "\x00" + d.Path + "\x00" + d.ContentHash
	if b, ok := ix.cache.get(key); ok {
		return b, nil
	}
	// The text grep keeps of this version: once a grep has read them, a
	// quoted phrase's thousands of candidates (more than this cache
	// holds) and the snippets of a page need no read and no hash.
	if e := ix.grepTxt.get(grepKey{d.Collection, d.Path}); e != nil && e.hash == d.ContentHash {
		return e.text, nil
	}
	b, err := ix.readVerified(d)
	if err != nil {
		return nil, err
	}
	ix.cache.put(key, b)
	return b, nil
}

// readVerified reads document d's file and checks it against the content
// hash it was indexed with.
func (ix *Index) readVerified(d *docMeta) ([]byte, error) {
	sp := ix.source.Load()
	if sp == nil || *sp == nil {
		return nil, fmt.Errorf("no source to read %s from", d.Path)
	}
	var b []byte
	var err error
	var size, modTime int64
	start := time.Now()
	ss, stamped := (*sp).(StampedSource)
	if stamped {
		b, size, modTime, err = ss.ReadFileStamped(d.Collection, d.Path)
	} else {
		b, err = (*sp).ReadFile(d.Collection, d.Path)
	}
	if walk.Refused(err) != "" {
		// Replaced by what a walk does not index (a link out of the
		// root, a named pipe, a file grown too large): stale, so that
		// the engine takes it out of the index. Nothing of it is read.
		return nil, &StaleError{DocID: d.DocID, Path: d.Path}
	}
	if err != nil {
		return nil, err
	}
	// A stamp vouches for the bytes read only when they are all of
	// them; a read remembered by it was all of them, and settled.
	key := grepKey{d.Collection, d.Path}
	stamp := readStamp{d.ContentHash, size, modTime}
	if stamped && int64(len(b)) == size && ix.verified.has(key, stamp) {
		return b, nil
	}
	if hashOf(b) != d.ContentHash {
		return nil, &StaleError{DocID: d.DocID, Path: d.Path}
	}
	if stamped && settledRead(len(b), size, time.Unix(0, modTime), start) {
		ix.verified.put(key, stamp)
	}
	return b, nil
}

// verifiedReads remembers, per file, the stamp (size and modification
// time) at which a read of it was checked against the content hash it
// was indexed with: a read that finds the same stamp again is that
// content, and is not hashed again. A file with a big node was hashed on
// every search that showed it (node/corepack/dist/lib/corepack.cjs of
// the 25k-file corpus, 2.5 MB: a millisecond and more of hashing each
// time, past the 32 files contentCache keeps). A stamp is remembered
// only when the file's time is older than the read by racyMargin, as
// grep's kept texts are (greptext.go): a file changed twice within its
// file system's clock tick keeps its time. At most verifiedMax files are
// remembered; past that the memo starts over.
type verifiedReads struct {
	mu    sync.Mutex
	files map[grepKey]readStamp
}

// readStamp is a verified read: the content hash it matched and the
// file's size and modification time (unix nanoseconds) then.
type readStamp struct {
	hash          string
	size, modTime int64
}

const verifiedMax = 1 << 14

func (v *verifiedReads) has(key grepKey, st readStamp) bool {
	v.mu.Lock()
	defer v.mu.Unlock()
	got, ok := v.files[key]
	return ok && got == st
}

func (v *verifiedReads) put(key grepKey, st readStamp) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.files == nil || len(v.files) >= verifiedMax {
		v.files = map[grepKey]readStamp{}
	}
	v.files[key] = st
}

// hashOf must agree with parsers.Hash.
func hashOf(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:16])
}

// ownRanges are node n's own byte ranges: its content minus its children's.
func ownRanges(s *segment, n uint32) [][2]uint32 {
	nm := s.node(n)
	start, end := nm.docStart, nm.byteEnd
	var out [][2]uint32
	pos := start
	s.children(n, func(c uint32) {
		cm := s.node(c)
		cs, ce := cm.docStart, cm.byteEnd
		if cs < pos || ce > end || cs >= ce {
			return // attached from elsewhere (Go methods) or empty
		}
		if cs > pos {
			out = append(out, [2]uint32{pos, cs})
		}
		pos = ce
	})
	if end > pos {
		out = append(out, [2]uint32{pos, end})
	}
	return out
}

// termSet is the terms a snippet marks as matches, with the first bytes
// of those terms: a token's term (the key itself, or its stem) always
// starts with the key's first byte, so a key whose first byte no term
// has is passed over without being stemmed. On a large index most of a
// search's time went to analyzing its results' text for snippets.
type termSet struct {
	terms map[string]bool
	first [256]bool
}

func newTermSet(terms map[string]bool) *termSet {
	ts := &termSet{terms: terms}
	for t := range terms {
		if t != "" {
			ts.first[t[0]] = true
		}
	}
	return ts
}

// snippet picks the window of the node's own text with the most query
// matches and returns it trimmed to about maxChars. It always contains a
// match when the node's text has one; otherwise it is the signature or the
// start of the text.
func snippet(src []byte, ranges [][2]uint32, match *termSet, maxChars int, fallback string) string {
	type hit struct {
		start, end int
		term       string
	}
	var hits []hit
	var buf []byte
	for _, r := range ranges {
		if int(r[1]) > len(src) {
			continue
		}
		base := int(r[0])
		// With compounds, as the text was indexed: "white space" is a
		// hit for whitespace, "signs out" for signout.
		analysis.Tokenize(src[r[0]:r[1]], 0, true, &buf, func(k analysis.TokenKind, key []byte, _, start, end int) {
			if !match.first[key[0]] {
				return // no term of this key can match: skip the stemming
			}
			if term := analysis.TermOfToken(k, key); term != "" && match.terms[term] {
				if n := len(hits); n > 0 && hits[n-1].start == base+start {
					hits[n-1].end = max(hits[n-1].end, base+end)
					return
				}
				hits = append(hits, hit{base + start, base + end, term})
			}
		})
	}
	if len(hits) == 0 {
		if fallback != "" {
			return clip(fallback, maxChars)
		}
		if len(ranges) > 0 && int(ranges[0][1]) <= len(src) {
			return clip(collapse(string(src[ranges[0][0]:ranges[0][1]])), maxChars)
		}
		return ""
	}
	// The window of maxChars bytes with the most distinct query terms,
	// then the most hits: two pointers over the hits. (A name repeated
	// in a doc comment must not outweigh the line that has every word.)
	best, bestN, bestD, j := 0, 0, 0, 0
	seen := map[string]int{}
	for i := range hits {
		for j < len(hits) && hits[j].end-hits[i].start <= maxChars {
			seen[hits[j].term]++
			j++
		}
		if d := len(seen); d > bestD || d == bestD && j-i > bestN {
			best, bestN, bestD = i, j-i, d
		}
		if j > i { // hit i leaves the window
			if seen[hits[i].term]--; seen[hits[i].term] == 0 {
				delete(seen, hits[i].term)
			}
		} else {
			j = i + 1 // a hit longer than the window: skip it
		}
	}
	if bestN == 0 { // every hit is longer than the window
		best, bestN = 0, 1
	}
	first, last := hits[best], hits[best+bestN-1]
	// Center the matched span in the window.
	slack := maxChars - (last.end - first.start)
	start := max(0, first.start-slack/3)
	end := min(len(src), start+maxChars)
	// Keep within the node's ranges.
	lo, hi := int(ranges[0][0]), int(ranges[len(ranges)-1][1])
	start, end = max(start, lo), min(end, hi)
	for start > lo && start < len(src) && !utf8.RuneStart(src[start]) {
		start--
	}
	for end < hi && end < len(src) && !utf8.RuneStart(src[end]) {
		end++
	}
	text := collapse(string(src[start:end]))
	if start > lo {
		text = "…" + text
	}
	if end < hi {
		text += "…"
	}
	return text
}

// collapse turns runs of whitespace into single spaces.
func collapse(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// pageResults turns a page of candidates into results, their snippets
// made side by side. A snippet tokenizes its node's own text (and the
// first of a file reads and hashes it): on the 25k-file corpus that was
// 17% of a warm search's CPU, in one goroutine after the scoring had
// used every core. The results are the same, in the page's order.
func (ix *Index) pageResults(v *view, page []candidate, match *termSet, snipChars int, names *nameQueries) []treenav.SearchResult {
	out := make([]treenav.SearchResult, len(page))
	workers := min(runtime.GOMAXPROCS(0), len(page))
	onSegments(len(page), workers, func(int) func(i int) {
		return func(i int) { out[i] = ix.result(v, page[i], match, snipChars, names) }
	})
	return out
}

// resultsAtOnce is how many results a search makes side by side before
// it weighs them against its budget.
const resultsAtOnce = 16

// result turns a candidate into a search result with its snippet: for the
// page of a module the query asks for (names), the module's own doc
// (modulePageSnippet).
func (ix *Index) result(v *view, c candidate, match *termSet, snipChars int, names *nameQueries) treenav.SearchResult {
	s := v.segs[c.ref.seg]
	n := s.node(c.ref.node)
	d := &s.docs[n.doc]
	res := treenav.SearchResult{
		NodeID: nodeID(d, n), DocID: d.DocID, Path: d.Path, Collection: d.Collection,
		Title: n.title(), Kind: n.kind(), Language: languageOf(d, n),
		LineStart: int(n.lineStart), LineEnd: int(n.lineEnd),
		Score:      math.Round(c.score*1000) / 1000,
		Deprecated: n.deprecated,
	}
	if doc := ix.modulePageSnippet(v, c, names, snipChars); doc != "" {
		res.Snippet = doc
	} else if src, err := ix.fileOf(d); err == nil {
		res.Snippet = snippet(src, ownRanges(s, c.ref.node), match, snipChars, n.signature())
	} else {
		res.Snippet = clip(n.signature(), snipChars)
	}
	return res
}

// nodeID is the public id of a node.
func nodeID(d *docMeta, n nodeMeta) string {
	if n.anchor() == "" {
		return d.DocID
	}
	return d.DocID + "#" + n.anchor()
}
