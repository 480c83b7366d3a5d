package engine

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index"
	"github.com/treenav/treenav/index/walk"
	"github.com/treenav/treenav/parsers"
)

// WatchOptions configure Engine.Watch.
type WatchOptions struct {
	// Debounce: changes are batched until this long passes without a new
	// one (default 200ms).
	Debounce time.Duration
	// OnUpdate, when set, is called after each applied batch (a server
	// saves its snapshot from there, rate-limited).
	OnUpdate func()
	// PollEvery is the rescan interval used when the file system cannot be
	// watched (too many directories for inotify, say); default 30s.
	PollEvery time.Duration
	// Warn, when set, is told why the watcher is not watching (the
	// inotify watch limit, with what to raise it to), as it falls back
	// to rescans: a server prints it on stderr.
	Warn func(msg string)

	// addWatch, when set, adds each watch instead of fw.Add (a test's
	// seam to run out of inotify watches).
	addWatch func(fw *fsnotify.Watcher, dir string) error
}

// watcher keeps one engine current with the file system.
type watcher struct {
	e       *Engine
	fw      *fsnotify.Watcher
	opts    WatchOptions
	walkers map[string]*walk.Walker // by collection name
	watched map[string]bool         // absolute directories under watch
	polling bool                    // watching failed: rescan periodically
}

// Watch keeps the index current until ctx ends: it watches every
// (non-ignored) directory of every collection, batches events, and applies
// them: changed and new files are parsed, deleted ones leave, new
// directories are watched and scanned, a changed ignore file re-checks its
// directory, and an event overflow triggers a full reconcile. Errors are
// kept in the engine's status. Call it after a first Build.
func (e *Engine) Watch(ctx context.Context, opts WatchOptions) error {
	if opts.Debounce <= 0 {
		opts.Debounce = 200 * time.Millisecond
	}
	if opts.PollEvery <= 0 {
		opts.PollEvery = 30 * time.Second
	}
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return fmt.Errorf("watch: %w", err)
	}
	defer fw.Close()
	w := &watcher{e: e, fw: fw, opts: opts, walkers: map[string]*walk.Walker{}, watched: map[string]bool{}}
	for _, c := range e.colls {
		wk, err := walk.New(c.Root, e.walkOptions(c))
		if err != nil {
			return err
		}
		w.walkers[c.Name] = wk
		e.setWalker(c.Name, wk) // reads see the ignore rules it keeps current
		w.addTree(c, "")
	}
	e.setWatching(!w.polling)

	pending := map[string]fsnotify.Op{}
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	if w.reconcile(pending) {
		timer.Reset(0)
	}
	poll := time.NewTicker(opts.PollEvery)
	defer poll.Stop()
	rescan := false
	for {
		select {
		case <-ctx.Done():
			return nil
		case ev, ok := <-fw.Events:
			if !ok {
				return nil
			}
			pending[ev.Name] |= ev.Op
			timer.Reset(opts.Debounce)
		case err, ok := <-fw.Errors:
			if !ok {
				return nil
			}
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				// Events were lost: only a full reconcile is exact.
				rescan = true
				timer.Reset(opts.Debounce)
			}
			e.watchError(err)
		case <-poll.C:
			if w.polling {
				rescan = true
				timer.Reset(0)
			}
		case <-timer.C:
			batch := pending
			pending = map[string]fsnotify.Op{}
			if rescan {
				rescan = false
				if err := e.Build(); err != nil {
					e.watchError(err)
				}
				for i := range e.colls {
					// The build's walkers, with the ignore rules it read.
					if wk, err := e.walkerOf(&e.colls[i]); err == nil {
						w.walkers[e.colls[i].Name] = wk
					}
				}
				for _, c := range e.colls {
					if !w.polling {
						w.addTree(c, "")
					}
				}
			} else {
				w.apply(batch)
			}
			if opts.OnUpdate != nil {
				opts.OnUpdate()
			}
		}
	}
}

// addTree watches directory rel of collection c and every directory below
// it that the ignore rules keep.
func (w *watcher) addTree(c treenav.Collection, rel string) {
	wk := w.walkers[c.Name]
	start := filepath.Join(c.Root, filepath.FromSlash(rel))
	filepath.WalkDir(start, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		r, _ := filepath.Rel(c.Root, p)
		r = filepath.ToSlash(r)
		if r == "." {
			r = ""
		}
		if r != "" && wk.Ignored(r, true) {
			return fs.SkipDir
		}
		if w.watched[p] || w.polling {
			return nil
		}
		if err := w.add(p); err != nil {
			// Out of inotify watches, most likely: fall back to
			// periodic rescans rather than silently going stale.
			w.stopWatching(p, err)
			return fs.SkipAll
		}
		w.watched[p] = true
		return nil
	})
}

// add watches the directory p.
func (w *watcher) add(p string) error {
	if w.opts.addWatch != nil {
		return w.opts.addWatch(w.fw, p)
	}
	return w.fw.Add(p)
}

// stopWatching falls back to rescans when the directory p cannot be
// watched: every watch held is released (a watcher that follows the
// edits of some directories and not of others would make the index
// silently stale in those), and the status, and Warn, say why; for the
// inotify watch limit, with what to raise it to.
func (w *watcher) stopWatching(p string, err error) {
	held := len(w.watched)
	for d := range w.watched {
		w.fw.Remove(d)
	}
	clear(w.watched)
	w.polling = true
	msg := fmt.Sprintf("cannot watch %s (%v): not watching for changes, the index follows edits only by a full rescan every %s", p, err, w.opts.PollEvery)
	var limit *WatchLimit
	if isWatchLimit(err) {
		limit = watchLimitFor(readMaxUserWatches(), held, w.watchedDirs())
		msg = limit.Message(w.opts.PollEvery.String())
	}
	w.e.watchError(errors.New(msg))
	w.e.mu.Lock()
	w.e.status.Watching = false
	w.e.status.WatchLimit = limit
	w.e.mu.Unlock()
	if w.opts.Warn != nil {
		w.opts.Warn(msg)
	}
}

// reconcile queues, as events, the files that changed on disk between
// the index's last build and the watches being set: a file written during
// a server's first build (the build walked past it, no watch was set
// yet) would otherwise stay stale until its next change. It reports
// whether it queued any. Diff reads sizes and times only.
func (w *watcher) reconcile(pending map[string]fsnotify.Op) bool {
	f, err := w.e.Diff()
	if err != nil {
		w.e.watchError(err)
		return false
	}
	queued := false
	for _, ids := range [][]string{f.Changed, f.Added, f.Removed} {
		for _, id := range ids {
			if c, rel, ok := w.e.fileOfID(id); ok {
				pending[filepath.Join(c.Root, filepath.FromSlash(rel))] |= fsnotify.Write
				queued = true
			}
		}
	}
	return queued
}

// locate maps an absolute path to its collection and relative path.
func (w *watcher) locate(abs string) (*treenav.Collection, string, bool) {
	for i := range w.e.colls {
		c := &w.e.colls[i]
		rel, err := filepath.Rel(c.Root, abs)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			continue
		}
		rel = filepath.ToSlash(rel)
		if rel == "." {
			rel = ""
		}
		return c, rel, true
	}
	return nil, "", false
}

// apply handles one batch of events.
func (w *watcher) apply(batch map[string]fsnotify.Op) {
	paths := make([]string, 0, len(batch))
	for p := range batch {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	type target struct {
		c   *treenav.Collection
		rel string
	}
	files := map[string]target{} // doc id -> file to (re)check
	for _, p := range paths {
		c, rel, ok := w.locate(p)
		if !ok || rel == "" {
			continue
		}
		wk := w.walkers[c.Name]
		if dir, changed := walk.RulesChanged(rel); changed {
			// Ignore rules changed: files below may have been ignored
			// or re-included; re-check every file of that directory.
			wk.Invalidate(dir)
			for id, rel := range w.e.docsUnder(c, dir) {
				files[id] = target{c, rel}
			}
			if res, err := wk.Walk(dir); err == nil {
				for _, f := range res.Files {
					files[w.e.docID(c.Name, f.Rel)] = target{c, f.Rel}
				}
			}
			w.addTree(*c, dir)
			continue
		}
		fi, err := os.Stat(p)
		switch {
		case err == nil && fi.IsDir():
			// A new (or moved-in) directory: watch it and index it.
			if wk.Ignored(rel, true) {
				continue
			}
			w.addTree(*c, rel)
			if res, err := wk.Walk(rel); err == nil {
				for _, f := range res.Files {
					files[w.e.docID(c.Name, f.Rel)] = target{c, f.Rel}
				}
			}
		case err != nil:
			// Gone: a file, or a directory with everything below it.
			delete(w.watched, p)
			files[w.e.docID(c.Name, rel)] = target{c, rel}
			for id, r := range w.e.docsUnder(c, rel) {
				files[id] = target{c, r}
			}
		default:
			files[w.e.docID(c.Name, rel)] = target{c, rel}
		}
	}
	var add []index.Input
	var remove []string
	stamps := make(map[string]*stampedFile, len(files))
	for id, t := range files {
		in, drop, st := w.e.checkFile(w.walkers[t.c.Name], t.c, t.rel, id)
		stamps[id] = st
		if in != nil {
			add = append(add, *in)
		} else if drop {
			remove = append(remove, id)
		}
	}
	applied := len(add) > 0 || len(remove) > 0
	w.e.build.Lock()
	if applied {
		w.e.ix.Apply(add, remove)
	}
	stamped := w.e.recordStamps(stamps)
	w.e.build.Unlock()
	if applied || stamped {
		w.e.changes.Add(1)
	}
	if applied {
		w.e.touched(len(add), len(remove))
	}
}

// stampedFile is a checked file the index keeps a stamp of (see
// index.Stamp): one that failed to be read or parsed (err says why), one
// skipped by its content or its size, or an indexed one whose time
// changed but whose content did not.
type stampedFile struct {
	stamp index.Stamp
	err   string // for Reason failedReason
}

// recordStamps keeps the index's file stamps and the status's errors in
// step with the files of a batch (stamps: each checked file's stamp, or
// nil for a file indexed anew or gone): a file that failed is stamped and
// listed with the errors, as Build does, and one that no longer fails is
// neither; a file skipped by content, or touched without a change, keeps
// its stamp, so that status does not report it as new or changed. It
// reports whether the stamps changed. The caller holds e.build.
func (e *Engine) recordStamps(stamps map[string]*stampedFile) bool {
	old := e.ix.Stamps()
	var next map[string]index.Stamp // a copy, made at the first change: readers may hold old
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, id := range slices.Sorted(maps.Keys(stamps)) {
		f := stamps[id]
		prev, had := old[id]
		if f == nil && !had || f != nil && had && prev == f.stamp {
			continue
		}
		if next == nil {
			next = maps.Clone(old)
			if next == nil {
				next = map[string]index.Stamp{}
			}
		}
		wasFailed := had && prev.Reason == failedReason
		failed := f != nil && f.stamp.Reason == failedReason
		if f == nil {
			delete(next, id)
		} else {
			next[id] = f.stamp
		}
		if !wasFailed && !failed {
			continue
		}
		e.status.Errors = slices.DeleteFunc(e.status.Errors, func(fe FileError) bool { return fe.Path == id })
		switch {
		case !failed:
			e.status.ErrorCount = max(e.status.ErrorCount-1, 0)
			continue
		case !wasFailed:
			e.status.ErrorCount++
		}
		if len(e.status.Errors) < maxKeptErrors {
			e.status.Errors = append(e.status.Errors, FileError{Path: id, Error: f.err})
		}
	}
	if next == nil {
		return false
	}
	e.ix.SetStamps(next)
	return true
}

// checkFile decides what one changed path means for the index: a new
// version to apply, a removal (drop), or nothing (unchanged content); and
// the stamp the index keeps of the file, if any (stampedFile).
func (e *Engine) checkFile(wk *walk.Walker, c *treenav.Collection, rel, id string) (*index.Input, bool, *stampedFile) {
	d, indexed := e.ix.Files().Get(id)
	f, reason, err := wk.Check(rel)
	if err == nil && reason == walk.SkipTooLarge && parsers.Candidate(rel) {
		// Stamped as Build stamps it, to say why it is not indexed.
		return nil, indexed, &stampedFile{stamp: index.Stamp{Size: f.Size, ModTime: f.ModTime, Reason: reason}}
	}
	if err != nil || reason != "" || !parsers.Candidate(rel) {
		return nil, indexed, nil
	}
	in, skip, err := e.load(wk, c, rel, id)
	switch {
	case walk.Refused(err) != "":
		// Replaced since Check by what a walk skips: the next check
		// says what it is.
		return nil, indexed, nil
	case err != nil:
		e.watchError(fmt.Errorf("%s: %v", id, err))
		return nil, indexed, &stampedFile{index.Stamp{Size: f.Size, ModTime: f.ModTime, Reason: failedReason}, trimErr(err, rel)}
	case skip != "":
		return nil, indexed, &stampedFile{stamp: index.Stamp{Size: f.Size, ModTime: f.ModTime, Reason: skip}}
	case in == nil && indexed && (d.Size != f.Size || d.ModTime != f.ModTime):
		return nil, false, &stampedFile{stamp: index.Stamp{Size: f.Size, ModTime: f.ModTime, Reason: sameContentReason}}
	}
	return in, false, nil
}

// docsUnder returns the indexed documents of collection c under directory
// rel ("" for all), by id.
func (e *Engine) docsUnder(c *treenav.Collection, rel string) map[string]string {
	out := map[string]string{}
	v := e.ix.Files()
	prefix := rel + "/"
	v.Each(func(d index.File) {
		if d.Collection == c.Name && (rel == "" || d.Path == rel || strings.HasPrefix(d.Path, prefix)) {
			out[d.DocID] = d.Path
		}
	})
	return out
}

// maxWatchErrors bounds the watch errors kept in the status.
const maxWatchErrors = 20

func (e *Engine) watchError(err error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.status.WatchErrors = append(e.status.WatchErrors, time.Now().Format(time.RFC3339)+" "+err.Error())
	if n := len(e.status.WatchErrors); n > maxWatchErrors {
		e.status.WatchErrors = e.status.WatchErrors[n-maxWatchErrors:]
	}
}

func (e *Engine) setWatching(on bool) {
	e.mu.Lock()
	e.status.Watching = on
	e.mu.Unlock()
}

// touched records an applied change.
func (e *Engine) touched(added, removed int) {
	e.mu.Lock()
	e.status.LastUpdate = time.Now()
	e.status.Updates += added + removed
	e.mu.Unlock()
}
