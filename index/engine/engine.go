// Package engine keeps a treenav index current with the files of its
// collections and is the one front door the CLI and the MCP server call:
// it builds (plan, parse, apply, record), refreshes stale files, watches
// the disk, saves and loads snapshots, explains why a file is not indexed,
// and answers through the verbs of verbs.go. docs/design.md has the map.
package engine

import (
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index"
	"github.com/treenav/treenav/index/walk"
	"github.com/treenav/treenav/parsers"
)

// Engine keeps an Index current with a set of collection roots: it walks
// them, parses what changed (in parallel) and applies the result. It is the
// one engine behind both the CLI and the MCP server.
type Engine struct {
	ix    *index.Index
	colls []treenav.Collection // roots absolute
	opts  EngineOptions

	build  sync.Mutex // one build or refresh at a time
	mu     sync.Mutex // guards status
	status Status
	// changes counts the builds and updates that changed the index or
	// its file stamps (see Changes).
	changes atomic.Uint64

	loaded atomic.Bool // a snapshot was loaded since the last build
	// snapDir is the snapshot directory last loaded from or saved to:
	// where a big build spills when EngineOptions.SpillDir is not set.
	snapDir atomic.Pointer[string]

	wmu     sync.Mutex              // guards walkers
	walkers map[string]*walk.Walker // by collection: how its files are read (fileread.go)
}

// EngineOptions configure an Engine.
type EngineOptions struct {
	MaxFileSize int64 // 0: walk.DefaultMaxFileSize
	Workers     int   // 0: one per CPU
	// Progress, when set, is called as files are processed.
	Progress func(Progress)
	// FlushEvery, when set, publishes what a build has indexed so far at
	// this interval, so that a server answers from a partial index while a
	// long first build runs. Zero publishes once, at the end (fastest).
	FlushEvery time.Duration
	// Origin, when set, says where the collections and the size limit
	// came from, so that the answer for a skipped file names the
	// configuration file to change and says when --root has replaced the
	// configured collections. Without it that answer speaks of the
	// configuration in general.
	Origin *Origin
	// ReleaseMemory, for a long-lived process (a server), returns a
	// large build's garbage to the system when it is done, and the first
	// build's after a snapshot load (buildmem.go).
	ReleaseMemory bool
	// SpillDir is where a big build writes the segments it spills to
	// bound its memory (index.Build.Spill). Empty: the snapshot
	// directory the engine last loaded from or saved to (LoadSnapshot,
	// SaveSnapshot), else the system's temporary directory. The files
	// are unlinked as soon as they are mapped.
	SpillDir string
}

// Progress reports a build under way.
type Progress struct {
	Done, Total int
	Path        string
}

// Status says how current the index is; it is what index_status and the
// statistics resource report.
type Status struct {
	State      string         `json:"state"` // "empty", "indexing", "ready"
	FilesDone  int            `json:"files_done"`
	FilesTotal int            `json:"files_total"`
	Skipped    map[string]int `json:"skipped"`
	// SkippedUnsupported breaks Skipped["unsupported"] down by extension
	// (".rst": 54), the largest first, bounded (topUnsupported).
	SkippedUnsupported map[string]int `json:"skipped_unsupported,omitempty"`
	Errors             []FileError    `json:"errors"`
	ErrorCount         int            `json:"error_count"`
	LastBuild          time.Time      `json:"last_build,omitzero"` // absent until a build is done
	BuildTime          time.Duration  `json:"build_time_ns"`
	Parsed             int            `json:"parsed"`    // files parsed by the last build
	Unchanged          int            `json:"unchanged"` // files the last build found unchanged
	// Removed counts the documents the last build took out of the index:
	// gone from disk, or no longer indexed (now skipped, or failed).
	Removed int `json:"removed"`
	// Watching is set while a watcher keeps the index current;
	// LastUpdate is when it last applied a change (absent before its
	// first), Updates how many files it has applied, WatchErrors its
	// recent errors.
	Watching    bool      `json:"watching"`
	LastUpdate  time.Time `json:"last_update,omitzero"`
	Updates     int       `json:"updates"`
	WatchErrors []string  `json:"watch_errors,omitempty"`
	// WatchLimit is set when the inotify watch limit stopped the watcher
	// from watching every directory: what to raise (see watchlimit.go).
	WatchLimit *WatchLimit `json:"watch_limit,omitempty"`
	// SnapshotError is why the snapshot could not be saved the last
	// time it was tried (a read-only or full cache directory): the index
	// holds more than the snapshot, and the next start parses it again.
	SnapshotError string `json:"snapshot_error,omitempty"`
}

// FileError is a file that could not be indexed.
type FileError struct {
	Path  string `json:"path"`
	Error string `json:"error"`
}

// maxKeptErrors bounds the errors kept in the status.
const maxKeptErrors = 50

// failedReason marks, among the stamps the index keeps of the files it
// does not hold (skippedFiles), a file that could not be read or parsed.
// Diff does not report such a file as new while its size and time are
// those it failed with: it is listed with the status's errors, and again
// as new once it changes. Build still retries it.
const failedReason = "failed"

// sameContentReason marks, among the same stamps, an indexed file whose
// size or time changed but whose content did not (touched, or checked
// out again): the stamp is the file's, the document keeps the time it
// was indexed with. Build and Diff take the file as unchanged while it
// keeps that stamp, instead of reading it again at every build and
// reporting it as changed.
const sameContentReason = "same content"

// contentSkip reports the stamps of files skipped by their content
// (binary, generated, minified, or of no language: a LICENSE without a
// shebang): Build and Diff take such a file as still skipped while its
// size and time stay the same (and, for a generated one, while the
// collection does not ask for it). The other stamps are of files that
// failed, of indexed files touched without a change (sameContentReason),
// and of files the walk found too large, which say why a file is not
// indexed but are not read from: once the limit is raised, the walk lists
// the file as any other.
func contentSkip(reason string) bool {
	switch reason {
	case failedReason, sameContentReason, walk.SkipTooLarge:
		return false
	}
	return true
}

// generatedKey is the key, among the stamps, under which a build keeps the
// generated globs of collection coll it ran with (the stamp's Reason, one
// glob per NUL-separated part; no stamp when there are none). A file's
// stamp, or its being indexed, holds only under those globs: when they
// change, the next build reads again the files they newly name (skipped
// as generated before) and the files they no longer name (maybe indexed
// as generated before). A NUL never starts a document id.
func generatedKey(coll string) string { return "\x00generated\x00" + coll }

// generatedStamp records globs under generatedKey.
func generatedStamp(globs []string) index.Stamp {
	return index.Stamp{Reason: strings.Join(globs, "\x00")}
}

// keptGenerated returns the generated globs of collection coll that the
// index's stamps were made with.
func keptGenerated(skips map[string]index.Stamp, coll string) []string {
	sk, ok := skips[generatedKey(coll)]
	if !ok || sk.Reason == "" {
		return nil
	}
	return strings.Split(sk.Reason, "\x00")
}

// sameContent returns the "same content" stamp skips holds for id, if it
// is of a file of this size and time.
func sameContent(skips map[string]index.Stamp, id string, size, modTime int64) (index.Stamp, bool) {
	sk, ok := skips[id]
	return sk, ok && sk.Reason == sameContentReason && sk.Size == size && sk.ModTime == modTime
}

// NewEngine returns an engine over collections (roots are made absolute;
// a single collection gets doc ids without a collection prefix).
func NewEngine(colls []treenav.Collection, opts EngineOptions) (*Engine, error) {
	if len(colls) == 0 {
		return nil, errors.New("no collection to index")
	}
	e := &Engine{ix: index.New(), opts: opts, status: Status{State: "empty", Skipped: map[string]int{}}}
	weights := map[string]float64{}
	seen := map[string]bool{}
	for _, c := range colls {
		abs, err := filepath.Abs(c.Root)
		if err != nil {
			return nil, err
		}
		if seen[c.Name] {
			return nil, fmt.Errorf("two collections named %q", c.Name)
		}
		seen[c.Name] = true
		c.Root = abs
		e.colls = append(e.colls, c)
		if c.Weight > 0 {
			weights[c.Name] = c.Weight
		}
	}
	e.ix.SetCollectionWeights(weights)
	e.ix.SetSource(e)
	return e, nil
}

// Index returns the engine's index, for tools that measure it
// (cmd/treenav-bench); the CLI and the server call the verbs (verbs.go).
func (e *Engine) Index() *index.Index { return e.ix }

// Collections returns the engine's collections.
func (e *Engine) Collections() []treenav.Collection { return e.colls }

// Changes counts the builds and watcher updates that changed what the
// index holds or the stamps it keeps of skipped and failed files, since
// the engine was made (loading a snapshot does not count). A caller that
// saved the snapshot when it read n has unsaved changes while Changes()
// != n.
func (e *Engine) Changes() uint64 { return e.changes.Load() }

// Status returns a copy of the current status.
func (e *Engine) Status() Status {
	e.mu.Lock()
	defer e.mu.Unlock()
	s := e.status
	s.Skipped = make(map[string]int, len(e.status.Skipped))
	for k, v := range e.status.Skipped {
		s.Skipped[k] = v
	}
	s.Errors = append([]FileError(nil), e.status.Errors...)
	s.WatchErrors = append([]string(nil), e.status.WatchErrors...)
	return s
}

// docID is the id of a file: its path, prefixed with the collection name
// when there are several collections.
func (e *Engine) docID(coll, rel string) string {
	if len(e.colls) == 1 {
		return rel
	}
	return coll + ":" + rel
}

// fileOfID is docID's inverse: the collection and relative path of a
// document id.
func (e *Engine) fileOfID(id string) (*treenav.Collection, string, bool) {
	if len(e.colls) == 1 {
		return &e.colls[0], id, true
	}
	for i := range e.colls {
		if rel, ok := strings.CutPrefix(id, e.colls[i].Name+":"); ok {
			return &e.colls[i], rel, true
		}
	}
	return nil, "", false
}

// PrepareParsers compiles the symbol queries of the languages the index
// holds, so that the first change to a file of each is applied without
// that one-time cost (Python's takes about 50 ms, Swift's 600 ms). A
// server runs it once indexed, alongside its watcher.
func (e *Engine) PrepareParsers() {
	var langs []string
	for l := range e.ix.Files().Languages() {
		langs = append(langs, l)
	}
	parsers.Prepare(langs)
}

// Refresh re-reads the named documents (doc ids) and applies what changed:
// a changed file is re-parsed, a deleted or now-skipped one leaves the
// index. It serves stale reads and the watcher.
func (e *Engine) Refresh(ids []string) error {
	e.build.Lock()
	defer e.build.Unlock()
	v := e.ix.Files()
	var add []index.Input
	var remove []string
	for _, id := range ids {
		d, ok := v.Get(id)
		if !ok {
			continue
		}
		c := e.collection(d.Collection)
		if c == nil {
			continue
		}
		wk, err := e.walkerOf(c)
		if err != nil {
			return err
		}
		in, skip, err := e.load(wk, c, d.Path, id)
		switch {
		case err != nil || skip != "":
			remove = append(remove, id)
		case in != nil:
			add = append(add, *in)
		}
	}
	if len(add) > 0 || len(remove) > 0 {
		e.ix.Apply(add, remove)
		e.changes.Add(1)
	}
	return nil
}

func (e *Engine) collection(name string) *treenav.Collection {
	for i := range e.colls {
		if e.colls[i].Name == name {
			return &e.colls[i]
		}
	}
	return nil
}

// load reads (through wk: see walk.Walker.ReadFile) and parses one file;
// nil Input with no skip and no error means the content is unchanged. A
// file the walker refuses to read gives its skip reason, and an error
// matching *walk.RefusedError.
func (e *Engine) load(wk *walk.Walker, c *treenav.Collection, rel, id string) (*index.Input, string, error) {
	src, f, err := wk.ReadFile(rel)
	if reason := walk.Refused(err); reason != "" {
		return nil, reason, err
	}
	if err != nil {
		return nil, "", err
	}
	if h, ok := e.ix.Has(id); ok && h == parsers.Hash(src) {
		return nil, "", nil
	}
	opts := e.walkOptions(*c)
	if reason := opts.Classify(rel, src); reason != "" {
		return nil, reason, nil
	}
	doc, err := parsers.Parse(rel, id, src)
	if err != nil {
		return nil, "", err
	}
	doc.Collection = c.Name
	return &index.Input{Doc: doc, Src: src, ModTime: f.ModTime}, "", nil
}

// fresh runs a read that may find its file changed since indexing; on a
// StaleError the document is re-indexed and the read retried once, so
// answers are about the file as it is now.
func fresh[T any](e *Engine, read func() (T, error)) (T, error) {
	r, err := read()
	var se *index.StaleError
	if !errors.As(err, &se) {
		return r, err
	}
	if rerr := e.Refresh([]string{se.DocID}); rerr != nil {
		return r, rerr
	}
	return read()
}

// Freshness compares the index with the disk without parsing anything.
type Freshness struct {
	Changed []string `json:"changed"` // indexed, but size or time differ on disk
	Added   []string `json:"added"`   // on disk, not indexed
	Removed []string `json:"removed"` // indexed, gone from disk
}

// Diff walks the collections and reports which files differ from the
// index (by size and modification time; contents are not read), and the
// files a change of a collection's generated globs concerns: skipped as
// generated and now asked for (added), indexed and maybe kept as
// generated for the old globs (changed). These are the files the next
// Build reads.
func (e *Engine) Diff() (*Freshness, error) {
	v := e.ix.Files()
	skips := e.ix.Stamps()
	f := &Freshness{}
	present := map[string]bool{}
	for _, c := range e.colls {
		opts := e.walkOptions(c)
		res, err := walk.Walk(c.Root, opts)
		if err != nil {
			return nil, fmt.Errorf("collection %s: %w", c.Name, err)
		}
		was := walk.Options{Generated: keptGenerated(skips, c.Name)}
		for _, file := range res.Files {
			if !parsers.Candidate(file.Rel) {
				continue
			}
			id := e.docID(c.Name, file.Rel)
			d, ok := v.Get(id)
			keep := opts.KeepGenerated(file.Rel)
			switch {
			case !ok:
				// Not indexed: new, unless the last build skipped it by
				// content (binary, generated: and not asked for now)
				// or failed to index it (reported with the status's
				// errors), and it did not change since.
				sk, wasSkipped := skips[id]
				if !wasSkipped || !contentSkip(sk.Reason) && sk.Reason != failedReason || sk.Size != file.Size || sk.ModTime != file.ModTime ||
					sk.Reason == walk.SkipGenerated && keep {
					f.Added = append(f.Added, id)
				}
			case !keep && was.KeepGenerated(file.Rel):
				f.Changed = append(f.Changed, id)
			case d.Size != file.Size || d.ModTime != file.ModTime:
				if _, ok := sameContent(skips, id, file.Size, file.ModTime); ok {
					break // touched, content unchanged
				}
				f.Changed = append(f.Changed, id)
			}
			present[id] = true
		}
	}
	v.Each(func(d index.File) {
		if !present[d.DocID] {
			f.Removed = append(f.Removed, d.DocID)
		}
	})
	sort.Strings(f.Removed)
	return f, nil
}

// SetStatus restores a status saved with a snapshot (see the CLI's status
// command), so that skipped files and errors of the last build stay
// visible.
func (e *Engine) SetStatus(s Status) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.status = s
	if e.status.Skipped == nil {
		e.status.Skipped = map[string]int{}
	}
}
