package index

import "time"

// Build is the apply step of an engine's build: workers add parsed
// documents, each to a segment of its own, and Install publishes the
// segments in one view. With flushEvery set, a worker publishes what it
// holds at that interval, so that readers see a growing index while a long
// first build runs.
type Build struct {
	ix         *Index
	flushEvery time.Duration
	builders   []*segmentBuilder
	batches    []addBatch
	lastFlush  []time.Time
	finished   []*segment
}

// NewBuild returns a build of workers segments; srcBytes, the source size
// of the files to parse, sizes them (0: unknown).
func (ix *Index) NewBuild(workers int, srcBytes int64, flushEvery time.Duration) *Build {
	b := &Build{ix: ix, flushEvery: flushEvery,
		builders: make([]*segmentBuilder, workers), batches: make([]addBatch, workers),
		lastFlush: make([]time.Time, workers), finished: make([]*segment, workers)}
	for i := range b.builders {
		if flushEvery > 0 {
			b.builders[i] = newSegmentBuilder() // many small segments
		} else {
			b.builders[i] = newSegmentBuilderFor(srcBytes / int64(workers))
		}
		b.lastFlush[i] = time.Now()
	}
	return b
}

// Add queues a parsed document on worker w's segment. Only worker w's
// goroutine calls Add(w, ...).
func (b *Build) Add(w int, in Input) {
	if b.batches[w].push(in) {
		b.batches[w].addTo(b.builders[w])
	}
	if b.flushEvery > 0 && time.Since(b.lastFlush[w]) > b.flushEvery {
		// Publish this worker's documents so far; readers see a
		// growing index while the build runs.
		b.batches[w].addTo(b.builders[w])
		b.ix.install(nil, b.builders[w].finish())
		b.builders[w] = newSegmentBuilder()
		b.lastFlush[w] = time.Now()
	}
}

// Done finishes worker w's segment, on its goroutine, as soon as no file
// is left for it, alongside the other workers' last files. With
// flushEvery set, it publishes the segment at once.
func (b *Build) Done(w int) {
	b.batches[w].addTo(b.builders[w])
	if len(b.builders[w].docs) == 0 {
		return
	}
	b.finished[w] = b.builders[w].finish()
	if b.flushEvery > 0 {
		// Publish a worker's last documents when it is done, not
		// when the slowest file of another worker is (a file runs
		// up to its parser budget).
		b.ix.install(nil, b.finished[w])
		b.finished[w] = nil
	}
}

// Install publishes the workers' segments and removes the named
// documents, in one view. One segment per worker: queries read several
// segments as cheaply as one, so the build does not pay for a merge (small
// segments are merged later, as updates come).
func (b *Build) Install(remove []string) {
	segs := make([]*segment, 0, len(b.finished))
	for _, s := range b.finished {
		if s != nil {
			segs = append(segs, s)
		}
	}
	b.ix.install(remove, segs...)
}

// Optimize merges small segments, such as those a build that flushed as it
// went published.
func (ix *Index) Optimize() { ix.optimize() }
