package index

import (
	"sync"
	"time"
)

// Build is the apply step of an engine's build: workers add parsed
// documents, each to a segment of its own, and Install publishes the
// segments in one view. With flushEvery set, a worker publishes what it
// holds at that interval, so that readers see a growing index while a long
// first build runs.
//
// A build told to spill (Spill) bounds what each worker holds in the heap:
// a worker's segment builder that passes the build's budget is finished
// and its segment spilled (spill.go), written to a file and read in place
// from its mapping, and the worker goes on with a new builder. Published
// flushes of a worker are merged and spilled the same way once they pass
// the budget together.
type Build struct {
	ix         *Index
	flushEvery time.Duration
	builders   []*segmentBuilder
	batches    []addBatch
	lastFlush  []time.Time
	finished   []*segment

	srcBytes int64 // the source the build parses, all workers
	// spillDir and budget are set by Spill: a worker whose builder holds
	// budget bytes (heldBytes) spills it; 0: never.
	spillDir string
	budget   int64
	// spilled are each worker's segments read in place, in the order
	// made; pending, with flushEvery, the segments a worker published
	// since its last spill, and pendingBytes what their builders held.
	spilled      [][]*segment
	pending      [][]*segment
	pendingBytes []int64

	errMu    sync.Mutex
	spillErr error // the first spill that failed (its segment stays in the heap)
}

// NewBuild returns a build of workers segments; srcBytes, the source size
// of the files to parse, sizes them (0: unknown).
func (ix *Index) NewBuild(workers int, srcBytes int64, flushEvery time.Duration) *Build {
	b := &Build{ix: ix, flushEvery: flushEvery, srcBytes: srcBytes,
		builders: make([]*segmentBuilder, workers), batches: make([]addBatch, workers),
		lastFlush: make([]time.Time, workers), finished: make([]*segment, workers),
		spilled: make([][]*segment, workers), pending: make([][]*segment, workers),
		pendingBytes: make([]int64, workers)}
	for i := range b.builders {
		b.lastFlush[i] = time.Now()
	}
	return b
}

// builder is worker w's segment builder, made on first use (after Spill,
// which sizes it).
func (b *Build) builder(w int) *segmentBuilder {
	if b.builders[w] == nil {
		b.builders[w] = b.newBuilder()
	}
	return b.builders[w]
}

// newBuilder is a worker's next segment builder, sized for the source it
// will take: its share of the build, or what fills the spill budget.
func (b *Build) newBuilder() *segmentBuilder {
	if b.flushEvery > 0 {
		return newSegmentBuilder() // many small segments
	}
	share := b.srcBytes / int64(len(b.builders))
	if b.budget > 0 {
		share = min(share, b.budget/heldPerSourceByte)
	}
	return newSegmentBuilderFor(share)
}

// Spill makes the build spill its workers' segments to temporary files in
// the directory dir returns (os.TempDir() when empty), read back in place,
// whenever a worker holds more than the build's budget (spillBudget), and
// at its end. It returns whether the build will spill: not on a system
// that cannot map the files, nor for a build too small to need it (dir is
// then not called). Call it before the first Add.
func (b *Build) Spill(dir func() string) bool {
	b.budget = spillBudget(b.srcBytes, len(b.builders))
	if b.budget == 0 {
		return false
	}
	b.spillDir = dir()
	cleanSpills(b.spillDir)
	return true
}

// SpillErr is the first error a spill met, if any: its segment stayed
// in the heap, and the build is whole.
func (b *Build) SpillErr() error {
	b.errMu.Lock()
	defer b.errMu.Unlock()
	return b.spillErr
}

// Add queues a parsed document on worker w's segment. Only worker w's
// goroutine calls Add(w, ...).
func (b *Build) Add(w int, in Input) {
	if b.batches[w].push(in) {
		b.batches[w].addTo(b.builder(w))
		if b.budget > 0 && b.builders[w].heldBytes() >= b.budget && b.flushEvery == 0 {
			b.spilled[w] = append(b.spilled[w], b.spill(b.builders[w].finish()))
			b.builders[w] = nil
		}
	}
	if b.flushEvery > 0 && (time.Since(b.lastFlush[w]) > b.flushEvery ||
		b.budget > 0 && b.builder(w).heldBytes() >= b.budget) {
		// Publish this worker's documents so far; readers see a
		// growing index while the build runs.
		b.batches[w].addTo(b.builder(w))
		b.publish(w, b.builders[w])
		b.builders[w] = nil
		b.lastFlush[w] = time.Now()
	}
}

// publish installs the segment of worker w's builder (flushEvery) and,
// when the worker's segments published since its last spill pass the
// budget, replaces them by their merge, spilled.
func (b *Build) publish(w int, sb *segmentBuilder) {
	held := sb.heldBytes()
	seg := sb.finish()
	seg.building = b.budget > 0 // compact leaves it to spillPending
	b.ix.install(nil, seg)
	if b.budget == 0 {
		return
	}
	b.pending[w] = append(b.pending[w], seg)
	b.pendingBytes[w] += held
	if b.pendingBytes[w] >= b.budget {
		b.spillPending(w)
	}
}

// spillPending merges worker w's published heap segments, spills the
// merge and puts it in their place in the index.
func (b *Build) spillPending(w int) {
	segs := b.pending[w]
	b.pending[w], b.pendingBytes[w] = nil, 0
	if len(segs) == 0 {
		return
	}
	merged := segs[0]
	if len(segs) > 1 {
		merged = mergeSegments(segs, nil)
	}
	b.ix.replace(segs, b.spill(merged)) // a merge that failed to spill stays in the heap, merged later
}

// spill returns seg read in place from a spill file, or seg itself when
// the spill failed (kept in SpillErr).
func (b *Build) spill(seg *segment) *segment {
	sp, err := spillSegment(b.spillDir, seg)
	if err != nil {
		b.fail(err)
		return seg
	}
	return sp
}

func (b *Build) fail(err error) {
	b.errMu.Lock()
	defer b.errMu.Unlock()
	if b.spillErr == nil {
		b.spillErr = err
	}
}

// Done finishes worker w's segment, on its goroutine, as soon as no file
// is left for it, alongside the other workers' last files. With
// flushEvery set, it publishes the segment at once. A spilling build
// spills it too (and, with flushEvery, what the worker published since
// its last spill), so that the index it installs is all read in place.
func (b *Build) Done(w int) {
	b.batches[w].addTo(b.builder(w))
	if len(b.builders[w].docs) == 0 {
		if b.flushEvery > 0 {
			b.spillPending(w)
		}
		return
	}
	if b.flushEvery > 0 {
		// Publish a worker's last documents when it is done, not
		// when the slowest file of another worker is (a file runs
		// up to its parser budget).
		b.publish(w, b.builders[w])
		b.spillPending(w)
		return
	}
	b.finished[w] = b.builders[w].finish()
	if b.budget > 0 {
		b.finished[w] = b.spill(b.finished[w])
	}
}

// Install publishes the workers' segments and removes the named
// documents, in one view. One segment per worker, or the segments each
// spilled: queries read several segments about as cheaply as one, so the
// build does not pay for a merge (small segments are merged later, as
// updates come; spilled ones are left where they lie, see compact).
func (b *Build) Install(remove []string) {
	var segs []*segment
	for w, s := range b.finished {
		segs = append(segs, b.spilled[w]...)
		if s != nil {
			segs = append(segs, s)
		}
	}
	b.ix.install(remove, segs...)
}

// Optimize merges the small segments held in the heap, such as those a
// build that flushed as it went published; segments read in place are
// left alone.
func (ix *Index) Optimize() { ix.optimize() }
