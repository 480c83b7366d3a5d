package index

import (
	"errors"
	"io/fs"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// grepText keeps the text of the files grep reads, verified, so that a
// warm grep reads no file: an unselective pattern reads every indexed
// file, and reading one through the walker's checks (an os.Root, a stat
// per path component) and hashing it costs more than matching it. A kept
// text is used while the file is the same regular file (not a link) with
// the size and modification time it had when it was read through the
// walker and checked against its content hash (one stat on each grep,
// Source's StatFile), and that time is older than the read by racyMargin:
// a file changed twice within the file system's clock tick keeps its
// time, so such a file is read again until its time is old, as git does
// with racily clean files. At most grepTextBudget bytes are kept
// (ASCII-lowercased copies for case-insensitive greps included); files
// beyond it are read on every grep, as without the cache.
type grepText struct {
	mu    sync.RWMutex
	files map[grepKey]*grepEntry
	bytes int64
}

// grepKey names a kept file: a struct of the two strings hashes them
// without building a string on every lookup.
type grepKey struct{ collection, path string }

// grepEntry is one kept file.
type grepEntry struct {
	key   grepKey
	hash  string      // the content hash it was checked against
	info  fs.FileInfo // the file when read
	text  []byte
	lower []byte // text ASCII-lowercased, made by the first -i grep
	// wide is whether text holds the Kelvin sign or the long s
	// (grepScratch.wide), found by the first grep that asks.
	wide atomic.Int32
	// kept: the entry went into grepText (set before anyone else sees
	// it); dropped: it left grepText since.
	kept    bool
	dropped atomic.Bool
}

// grepTextBudget bounds the bytes grepText keeps.
const grepTextBudget = 1 << 30

// racyMargin is how much older than its read a file's time must be for
// its kept text to be trusted without reading the file.
const racyMargin = 2 * time.Second

// settledRead reports whether a read of n bytes, started at start, of a
// file whose size and time were size and mod is all of the file and old
// enough that a change to it would show in its time: then the stamp
// vouches for the bytes (grep's kept texts, verified reads).
func settledRead(n int, size int64, mod, start time.Time) bool {
	return int64(n) == size && mod.Before(start.Add(-racyMargin))
}

// FileStater is a Source that can describe a file without reading it:
// the file system's information on it when it is a regular file at its
// path (links not followed), else an error.
type FileStater interface {
	StatFile(collection, path string) (fs.FileInfo, error)
}

// grepFileOf is fileOf for grep: the file's text from grepText when the
// file has not changed since it was kept, else read (and kept).
func (ix *Index) grepFileOf(d *docMeta) (*grepEntry, error) {
	sp := ix.source.Load()
	if sp == nil || *sp == nil {
		return nil, errors.New("no source to read " + d.Path + " from")
	}
	st, ok := (*sp).(FileStater)
	if !ok {
		b, err := ix.fileOf(d)
		if err != nil {
			return nil, err
		}
		return &grepEntry{hash: d.ContentHash, text: b}, nil
	}
	fi, err := st.StatFile(d.Collection, d.Path)
	if err != nil {
		// The read path says what is wrong, as every tool's does.
		b, err := ix.readVerified(d)
		if err != nil {
			return nil, err
		}
		return &grepEntry{hash: d.ContentHash, text: b}, nil
	}
	key := grepKey{d.Collection, d.Path}
	t := &ix.grepTxt
	e := t.get(key)
	if e != nil && e.hash == d.ContentHash && sameFile(e.info, fi) {
		return e, nil
	}
	t.drop(key)
	start := time.Now()
	b, err := ix.readVerified(d)
	if err != nil {
		return nil, err
	}
	e = &grepEntry{key: key, hash: d.ContentHash, info: fi, text: b}
	// Kept only when unchanged while read, and old enough to tell a
	// change by its time.
	keep := settledRead(len(b), fi.Size(), fi.ModTime(), start)
	if keep {
		fi2, err := st.StatFile(d.Collection, d.Path)
		keep = err == nil && sameFile(fi, fi2)
	}
	if keep {
		t.keep(e)
	}
	return e, nil
}

// keptOf is the text kept for d's file, checked against nothing but d's
// content hash: no stat. The count pass reads a kept text this way and
// stats only the files where it found a match (current), so that a
// selective pattern's candidates, most without a match, cost no system
// call: a file without a match in its indexed text is answered from the
// index, as the files the trigrams ruled out are.
//
// The segment remembers what it found per document (keptSlots): a
// selective pattern looks up thousands of candidates, and the map's
// lookup (two strings hashed under a shared lock) took a quarter of
// "^[ \t]*//" on Python's library.
//
// A slot holds only an entry whose hash was d's when it was stored, and
// neither changes (an entry is never rewritten, a segment's document
// never changes), so the slot's entry is checked for being dropped
// only: comparing the hashes again read two strings' bytes a candidate,
// cold, for an answer known to be yes.
func (ix *Index) keptOf(s *segment, di uint32) *grepEntry {
	slot := s.keptSlot(di)
	if e := slot.Load(); e != nil && !e.dropped.Load() {
		return e
	}
	d := &s.docs[di]
	e := ix.grepTxt.get(grepKey{d.Collection, d.Path})
	if e == nil || e.hash != d.ContentHash {
		return nil
	}
	slot.Store(e)
	return e
}

// keptSlots holds, per document of a segment, the kept text last found
// for it (grepText's entry, while it is not dropped).
type keptSlots struct {
	once sync.Once
	p    []atomic.Pointer[grepEntry]
}

func (s *segment) keptSlot(di uint32) *atomic.Pointer[grepEntry] {
	s.kept.once.Do(func() { s.kept.p = make([]atomic.Pointer[grepEntry], len(s.docs)) })
	return &s.kept.p[di]
}

// current reports whether a kept text is still its file's: the file is
// the one described when it was kept (a stat).
func (ix *Index) current(e *grepEntry) bool {
	sp := ix.source.Load()
	if sp == nil || *sp == nil {
		return false
	}
	st, ok := (*sp).(FileStater)
	if !ok {
		return false
	}
	fi, err := st.StatFile(e.key.collection, e.key.path)
	return err == nil && sameFile(e.info, fi)
}

// get is the entry kept under key, or nil.
func (t *grepText) get(key grepKey) *grepEntry {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return t.files[key]
}

// drop forgets the text kept under key.
func (t *grepText) drop(key grepKey) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if old := t.files[key]; old != nil {
		delete(t.files, key)
		old.dropped.Store(true)
		t.bytes -= int64(len(old.text) + len(old.lower))
	}
}

// dropAll forgets every kept text (ReleaseIdle).
func (t *grepText) dropAll() {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, e := range t.files {
		e.dropped.Store(true)
	}
	t.files, t.bytes = nil, 0
}

// keep keeps e, in place of what is kept under its key, if the budget
// allows.
func (t *grepText) keep(e *grepEntry) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if old := t.files[e.key]; old != nil {
		delete(t.files, e.key)
		old.dropped.Store(true)
		t.bytes -= int64(len(old.text) + len(old.lower))
	}
	if t.bytes+int64(len(e.text)) <= grepTextBudget {
		if t.files == nil {
			t.files = map[grepKey]*grepEntry{}
		}
		t.files[e.key] = e
		t.bytes += int64(len(e.text))
		e.kept = true
	}
}

// lowered is the entry's text ASCII-lowercased (in buf), kept with it
// when the entry is kept and the budget allows.
func (ix *Index) lowered(e *grepEntry, buf *[]byte) []byte {
	t := &ix.grepTxt
	t.mu.RLock()
	low := e.lower
	t.mu.RUnlock()
	if low != nil {
		return low
	}
	low = lowerInto((*buf)[:0], e.text)
	t.mu.Lock()
	defer t.mu.Unlock()
	if e.lower == nil && e.key.path != "" && t.files[e.key] == e && t.bytes+int64(len(low)) <= grepTextBudget {
		e.lower = append([]byte(nil), low...)
		t.bytes += int64(len(low))
		return e.lower
	}
	*buf = low
	return low
}

// lowerInto appends src ASCII-lowercased to dst.
func lowerInto(dst, src []byte) []byte {
	dst = append(dst, src...)
	low := dst[len(dst)-len(src):]
	for i, c := range low {
		low[i] = lowerASCII[c]
	}
	return dst
}

// prepare sets the scratch's lowercased text for scanning e with m: the
// kept one when m searches folded text.
func (ix *Index) prepare(m *grepMatcher, e *grepEntry, sc *grepScratch) {
	sc.low, sc.wide = nil, 0
	if m.fold && (m.lit != nil || m.req != nil) {
		if m.foldsWide {
			// Once per kept text, not on every grep.
			if sc.wide = e.wide.Load(); sc.wide == 0 {
				sc.foldsWide(e.text)
				e.wide.Store(sc.wide)
			}
		}
		sc.low = ix.lowered(e, &sc.lower)
	}
}

// sameFile reports whether two descriptions are of one file unchanged.
func sameFile(a, b fs.FileInfo) bool {
	return os.SameFile(a, b) && a.Size() == b.Size() && a.ModTime().Equal(b.ModTime()) && a.Mode() == b.Mode()
}
