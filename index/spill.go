package index

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// Spilling a build's segments (issue 26, item 2). A big build does not
// hold its whole index in the heap: when a worker's segment builder passes
// a byte budget (its own count, heldBytes), the worker finishes it, writes
// the segment to a temporary file in the form a snapshot holds a segment
// (writeSegment), maps the file back and reads the segment in place
// (readSegmentInto, as a load does), and starts a new builder. The heap
// keeps what a loaded segment keeps (documents, terms, node strings, the
// lookups built at load); postings, positions, trigrams, node records,
// norms, symbols, anchors and references stay in the mapping, paged in
// as queries read them.
//
// The file is unlinked as soon as it is mapped: the mapping keeps its
// blocks until no segment refers to it (snapshotFile.keep), and a crash
// leaves nothing behind but a file caught between its creation and its
// mapping, which cleanSpills removes on a later build. A spill file
// starts with spillMagic, not the snapshot's magic, and is named
// spillPrefix*, never like a snapshot or its temporary files: no load
// can mistake one for a snapshot.
//
// Where mapping is not available (outside Linux) a build does not spill:
// reading the file back into the heap would save nothing.

const (
	spillMagic  = "TNAVSPL\n"
	spillPrefix = "treenav-spill-"
)

// canSpill reports whether spilled segments are read in place from a
// mapping on this system (snapfile_linux.go).
const canSpill = runtime.GOOS == "linux"

// spillSegment writes s to a temporary file in dir (os.TempDir() when
// empty), maps it and returns the same segment read in place from the
// mapping. On an error s is still whole and usable: the caller keeps it.
func spillSegment(dir string, s *segment) (_ *segment, err error) {
	if dir == "" {
		dir = os.TempDir()
	}
	fh, err := os.CreateTemp(dir, spillPrefix+"*")
	if err != nil {
		return nil, fmt.Errorf("spill segment: %w", err)
	}
	name := fh.Name()
	defer os.Remove(name) // once mapped, the mapping keeps its blocks
	bw := bufio.NewWriterSize(fh, 1<<20)
	w := &enc{w: bw}
	w.raw([]byte(spillMagic))
	writeSegment(w, s)
	w.u64(0) // a tail, so that a segment's file is never shorter than a snapshot header
	if w.err == nil {
		w.err = bw.Flush()
	}
	if cerr := fh.Close(); w.err == nil {
		w.err = cerr
	}
	if w.err != nil {
		return nil, fmt.Errorf("spill segment: %w", w.err)
	}
	f, err := openSnapshot(name)
	if err != nil {
		return nil, fmt.Errorf("spill segment: map: %w", err)
	}
	if !f.mapped {
		f.close()
		return nil, fmt.Errorf("spill segment: %s could not be mapped", name)
	}
	kept := false
	defer func() {
		if !kept {
			f.close()
		}
	}()
	defer faultGuard(&err)()
	if string(f.b[:len(spillMagic)]) != spillMagic {
		return nil, fmt.Errorf("spill segment: %s changed under the build", name)
	}
	d := &dec{b: f.b[len(spillMagic) : len(f.b)-8], base: len(spillMagic)}
	out := &segment{}
	readWholeSegment(d, out)
	if d.err != nil {
		return nil, fmt.Errorf("spill segment: read back: %w", d.err)
	}
	// The build wrote these pages moments ago: they are the page cache's
	// to keep or evict, not the process's resident set.
	f.done(0, len(f.b))
	f.keep(&view{segs: []*segment{out}}, d.inPlace)
	kept = true
	return out, nil
}

// spillAge is how old a spill file must be before cleanSpills takes it
// for one a crashed build left behind (a live build unlinks its file
// within seconds of creating it).
const spillAge = time.Hour

// cleanSpills removes the spill files of dir (os.TempDir() when empty)
// left behind by a build that died between writing a file and mapping it.
func cleanSpills(dir string) {
	if dir == "" {
		dir = os.TempDir()
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		if !strings.HasPrefix(e.Name(), spillPrefix) {
			continue
		}
		if fi, err := e.Info(); err == nil && time.Since(fi.ModTime()) > spillAge {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// Spill budgets. heldPerSourceByte is about what a builder holds
// (heldBytes) for a byte of source it indexed (2.5-3 on GOROOT/src); a build spills when a worker's share of the source would make
// a builder pass minSpillBudget, with a budget of half that share (one
// segment or two a worker), at most maxSpillBudget.
var (
	heldPerSourceByte int64 = 3
	minSpillBudget    int64 = 48 << 20
	maxSpillBudget    int64 = 96 << 20
)

// spillBudget is the builder bytes past which a worker of a build of
// srcBytes over workers spills its segment; 0: the build does not spill.
func spillBudget(srcBytes int64, workers int) int64 {
	if !canSpill || workers <= 0 {
		return 0
	}
	share := srcBytes / int64(workers) * heldPerSourceByte
	if share < minSpillBudget {
		return 0
	}
	return min(max(share/2+1, minSpillBudget), maxSpillBudget)
}
