package engine

import (
	"fmt"
	"maps"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index"
	"github.com/treenav/treenav/index/walk"
	"github.com/treenav/treenav/parsers"
)

// Build walks every collection and brings the index up to date: new and
// changed files are parsed, unchanged ones (same size and modification
// time, or same content hash) are not, deleted ones leave the index. It
// runs four steps: plan (walk, and compare with what the index holds),
// parse (the new and changed files, in parallel), apply (publish what
// they give) and record (the status).
func (e *Engine) Build() error {
	e.build.Lock()
	defer e.build.Unlock()
	start := time.Now()
	b, err := e.plan()
	if err != nil {
		return err
	}
	e.parse(b)
	e.apply(b)
	e.record(b, start)
	return nil
}

// pending is a file a build reads.
type pending struct {
	job     parsers.Job
	coll    string
	modTime int64
	size    int64
	indexed bool // the index holds the file (it may be dropped)
}

// build is one Build's state, from plan to record.
type build struct {
	jobs    []pending
	present map[string]bool // the documents on disk
	skipped map[string]int  // the status's counts of skipped files and dirs
	// unsupported counts the files no parser takes, by extension
	// (walk.UnsupportedKey).
	unsupported map[string]int
	unchanged   int
	// Files skipped by content last time (binary, generated, minified) are
	// not read again while their size and time stay the same, and the
	// collection's generated globs do not change what they mean.
	oldSkips map[string]index.Stamp
	skips    map[string]index.Stamp // the stamps the index keeps after the build
	remove   []string               // documents gone from disk

	// What parse found.
	segs           *index.Build
	errs           []FileError
	errCount       int
	parsed         int
	dropped        []string // files that are now skipped or failing
	droppedIndexed int      // how many of them the index held
}

// plan walks the collections and lists the files to parse: new, changed,
// or concerned by a change of the generated globs. Unchanged files, and
// files skipped by content that did not change, are counted and left.
func (e *Engine) plan() (*build, error) {
	v := e.ix.Files()
	b := &build{present: map[string]bool{}, skipped: map[string]int{}, unsupported: map[string]int{},
		oldSkips: e.ix.Stamps(), skips: map[string]index.Stamp{}}
	present, skipped, unsupported, oldSkips, skips := b.present, b.skipped, b.unsupported, b.oldSkips, b.skips
	for _, c := range e.colls {
		opts := e.walkOptions(c)
		wk, err := walk.New(c.Root, opts)
		if err != nil {
			return nil, fmt.Errorf("collection %s: %w", c.Name, err)
		}
		res, err := wk.Walk("")
		if err != nil {
			return nil, fmt.Errorf("collection %s: %w", c.Name, err)
		}
		e.setWalker(c.Name, wk)
		read := readJob(wk)
		for k, n := range res.Skipped {
			skipped[k] += n
		}
		for k, n := range res.UnsupportedExts {
			unsupported[k] += n
		}
		for k, n := range res.SkippedDirs {
			skipped[k+"_dirs"] += n
		}
		for _, f := range res.TooLarge {
			if parsers.Candidate(f.Rel) {
				skips[e.docID(c.Name, f.Rel)] = index.Stamp{Size: f.Size, ModTime: f.ModTime, Reason: walk.SkipTooLarge}
			}
		}
		if len(c.Generated) > 0 {
			skips[generatedKey(c.Name)] = generatedStamp(c.Generated)
		}
		was := walk.Options{Generated: keptGenerated(oldSkips, c.Name)}
		for _, f := range res.Files {
			if !parsers.Candidate(f.Rel) {
				skipped[walk.SkipUnsupported]++
				unsupported[walk.UnsupportedKey(f.Rel)]++
				continue
			}
			id := e.docID(c.Name, f.Rel)
			present[id] = true
			keep := opts.KeepGenerated(f.Rel)
			// An indexed file the old globs named may have been kept
			// for them: unless the new ones still name it, read it
			// again, classifying it even if its content is the same.
			recheck := !keep && was.KeepGenerated(f.Rel)
			known := ""
			d, indexed := v.Get(id)
			if indexed {
				if d.Size == f.Size && d.ModTime == f.ModTime && !recheck {
					b.unchanged++
					continue
				}
				if sk, ok := sameContent(oldSkips, id, f.Size, f.ModTime); ok && !recheck {
					skips[id] = sk
					b.unchanged++
					continue
				}
				if !recheck {
					known = d.ContentHash
				}
			} else if sk, ok := oldSkips[id]; ok && contentSkip(sk.Reason) && sk.Size == f.Size && sk.ModTime == f.ModTime &&
				!(sk.Reason == walk.SkipGenerated && keep) {
				skips[id] = sk
				skipped[sk.Reason]++
				countUnsupported(unsupported, sk.Reason, f.Rel)
				continue
			}
			b.jobs = append(b.jobs, pending{parsers.Job{Rel: f.Rel, Abs: f.Abs, DocID: id, KnownHash: known, Read: read}, c.Name, f.ModTime, f.Size, indexed})
		}
	}
	v.Each(func(d index.File) {
		if !present[d.DocID] {
			b.remove = append(b.remove, d.DocID)
		}
	})
	sort.Strings(b.remove)
	return b, nil
}

// parse parses the planned files on the engine's workers, each adding the
// documents it parses to a segment of its own (index.Build), and tallies
// what each file gave: a document, the same content, a skip or an error.
func (e *Engine) parse(b *build) {
	jobs, skips := b.jobs, b.skips
	e.mu.Lock()
	e.status.State = "indexing"
	e.status.FilesDone, e.status.FilesTotal = 0, len(jobs)
	e.mu.Unlock()

	workers := e.opts.Workers
	if workers <= 0 {
		workers = parsers.Workers()
	}

	var jobBytes int64
	for _, p := range jobs {
		jobBytes += p.size
	}
	if e.opts.ReleaseMemory {
		// Deferred first, so run last: a server keeps its memory
		// bounded from its first build on (servemem.go), with room for
		// a search of every node it holds.
		defer func() {
			noteServed(e.ix.NodeCount())
			boundServingHeap()
		}()
	}
	if e.opts.ReleaseMemory && (e.loaded.Swap(false) || jobBytes >= releaseBuildBytes) {
		defer releaseGarbage() // after the status is set, below
	}
	if jobBytes >= releaseBuildBytes {
		defer boundBuildHeap()()
	}
	b.segs = e.ix.NewBuild(workers, jobBytes, e.opts.FlushEvery)
	b.segs.Spill(e.spillDir) // a big build's segments go to disk as they fill
	pjobs := make([]parsers.Job, len(jobs))
	meta := make(map[string]pending, len(jobs))
	for i, p := range jobs {
		pjobs[i] = p.job
		meta[p.job.DocID] = p
	}
	var outMu sync.Mutex
	done := 0
	classify, keptElsewhere := e.classifier()
	parsers.ParseAllThen(pjobs, workers, classify, func(w int, o parsers.Outcome) {
		p := meta[o.Job.DocID]
		if o.Doc != nil && keptElsewhere(p.coll, o.Job.Rel) && walk.Classify(o.Job.Rel, o.Src) == walk.SkipGenerated {
			// Another collection asks for a generated file at this
			// path, not this one.
			o = parsers.Outcome{Job: o.Job, Skip: walk.SkipGenerated}
		}
		if o.Doc != nil {
			o.Doc.Collection = p.coll
			b.segs.Add(w, index.Input{Doc: o.Doc, Src: o.Src, ModTime: p.modTime})
		}
		outMu.Lock()
		defer outMu.Unlock()
		done++
		switch {
		case o.Unchanged:
			b.unchanged++
			skips[o.Job.DocID] = index.Stamp{Size: p.size, ModTime: p.modTime, Reason: sameContentReason}
		case walk.Refused(o.Err) != "":
			// Replaced since the walk by what a walk skips: skipped
			// as the next walk will skip it, without a stamp.
			b.skipped[walk.Refused(o.Err)]++
			b.dropped = append(b.dropped, o.Job.DocID)
		case o.Err != nil:
			b.errCount++
			if len(b.errs) < maxKeptErrors {
				b.errs = append(b.errs, FileError{Path: o.Job.DocID, Error: trimErr(o.Err, o.Job.Rel)})
			}
			b.dropped = append(b.dropped, o.Job.DocID)
			skips[o.Job.DocID] = index.Stamp{Size: p.size, ModTime: p.modTime, Reason: failedReason}
		case o.Skip != "":
			b.skipped[o.Skip]++
			countUnsupported(b.unsupported, o.Skip, o.Job.Rel)
			b.dropped = append(b.dropped, o.Job.DocID)
			skips[o.Job.DocID] = index.Stamp{Size: p.size, ModTime: p.modTime, Reason: o.Skip}
		default:
			b.parsed++
		}
		if (o.Err != nil || o.Skip != "") && p.indexed {
			b.droppedIndexed++ // indexed before, gone now
		}
		if e.opts.Progress != nil {
			e.opts.Progress(Progress{Done: done, Total: len(pjobs), Path: o.Job.DocID})
		}
		e.mu.Lock()
		e.status.FilesDone = done
		e.mu.Unlock()
	}, b.segs.Done)
}

// apply publishes what the build parsed, without the documents gone from
// disk or no longer indexed, and the stamps of what it did not index.
func (e *Engine) apply(b *build) {
	b.segs.Install(append(b.remove, b.dropped...))
	e.ix.SetStamps(b.skips)
	if e.opts.FlushEvery > 0 && len(b.jobs) > 0 {
		e.ix.Optimize()
	}
	if b.parsed > 0 || len(b.remove) > 0 || b.droppedIndexed > 0 || !maps.Equal(b.oldSkips, b.skips) {
		e.changes.Add(1)
	}
}

// record sets the status: what the build parsed, skipped and failed on.
func (e *Engine) record(b *build, start time.Time) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.status.State = "ready"
	e.status.Skipped = b.skipped
	e.status.SkippedUnsupported = topUnsupported(b.unsupported)
	e.status.Errors = b.errs
	e.status.ErrorCount = b.errCount
	e.status.LastBuild = time.Now()
	e.status.BuildTime = time.Since(start)
	e.status.Parsed, e.status.Unchanged, e.status.Removed = b.parsed, b.unchanged, len(b.remove)+b.droppedIndexed
}

func (e *Engine) walkOptions(c treenav.Collection) walk.Options {
	o := walk.CollectionOptions(c, treenav.Limits{MaxFileSize: e.opts.MaxFileSize})
	o.Keep = parsers.Candidate // what no parser takes is not even stat'ed
	return o
}

// classifier returns the content filter of a build over every collection
// (walk.Classify, keeping the generated files a collection asks for) and
// keptElsewhere, which reports a path whose file the filter may have kept
// for another collection than coll's: the filter sees paths, not
// collections, so a build classifies such a file again (rare: two
// collections holding one path, asking differently).
func (e *Engine) classifier() (classify func(rel string, src []byte) string, keptElsewhere func(coll, rel string) bool) {
	opts := make(map[string]walk.Options, len(e.colls))
	asked := false
	for _, c := range e.colls {
		opts[c.Name] = e.walkOptions(c)
		asked = asked || len(c.Generated) > 0
	}
	if !asked {
		return walk.Classify, func(string, string) bool { return false }
	}
	keeper := func(rel string) (walk.Options, bool) {
		for _, c := range e.colls {
			if o := opts[c.Name]; o.KeepGenerated(rel) {
				return o, true
			}
		}
		return walk.Options{}, false
	}
	classify = func(rel string, src []byte) string {
		o, _ := keeper(rel)
		return o.Classify(rel, src)
	}
	keptElsewhere = func(coll, rel string) bool {
		o := opts[coll]
		_, kept := keeper(rel)
		return kept && !o.KeepGenerated(rel)
	}
	return classify, keptElsewhere
}

func trimErr(err error, rel string) string {
	return strings.TrimPrefix(err.Error(), rel+": ")
}
