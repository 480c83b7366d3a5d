package engine

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index"
	"github.com/treenav/treenav/index/walk"
)

// The engine reads an indexed file only through a walker of its
// collection (walk.Walker.ReadFile): on every path — a build, a refresh,
// a node's content, a snippet, a watcher's update — a file is read only if
// a walk would index it as it is now, and at most the size limit of it.
// The walker of a collection is the last build's (its ignore rules as that
// build read them), shared with a running watcher, which keeps it current.

// walkerOf returns the walker the engine reads collection c's files with.
func (e *Engine) walkerOf(c *treenav.Collection) (*walk.Walker, error) {
	e.wmu.Lock()
	defer e.wmu.Unlock()
	if wk := e.walkers[c.Name]; wk != nil {
		return wk, nil
	}
	wk, err := walk.New(c.Root, e.walkOptions(*c))
	if err != nil {
		return nil, fmt.Errorf("collection %s: %w", c.Name, err)
	}
	if e.walkers == nil {
		e.walkers = map[string]*walk.Walker{}
	}
	e.walkers[c.Name] = wk
	return wk, nil
}

// setWalker makes wk the walker collection coll's files are read with.
func (e *Engine) setWalker(coll string, wk *walk.Walker) {
	e.wmu.Lock()
	defer e.wmu.Unlock()
	if e.walkers == nil {
		e.walkers = map[string]*walk.Walker{}
	}
	e.walkers[coll] = wk
}

// readJob is a build's reader of collection c's files (parsers.Job.Read).
func readJob(wk *walk.Walker) func(rel string) ([]byte, error) {
	return func(rel string) ([]byte, error) {
		src, _, err := wk.ReadFile(rel)
		return src, err
	}
}

// ReadFile reads a document's file (Source for the index), under the
// checks of walk.Walker.ReadFile: a file that a walk would not index now
// gives a *walk.RefusedError. The path comes from the index, which got it
// from the walk: user input never reaches the file system.
func (e *Engine) ReadFile(coll, rel string) ([]byte, error) {
	src, _, _, err := e.ReadFileStamped(coll, rel)
	return src, err
}

var _ index.StampedSource = (*Engine)(nil)

// ReadFileStamped is ReadFile with the size and modification time (unix
// nanoseconds) of the file it read, from the opened file's own stat
// (index.StampedSource).
func (e *Engine) ReadFileStamped(coll, rel string) ([]byte, int64, int64, error) {
	c := e.collection(coll)
	if c == nil {
		return nil, 0, 0, fmt.Errorf("unknown collection %q", coll)
	}
	wk, err := e.walkerOf(c)
	if err != nil {
		return nil, 0, 0, err
	}
	src, f, err := wk.ReadFile(rel)
	return src, f.Size, f.ModTime, err
}

// Exists reports whether a file of a collection exists (Exister, for
// links to files the index does not hold, such as images); nothing
// outside the collection's root is looked at.
func (e *Engine) Exists(coll, rel string) bool {
	c := e.collection(coll)
	if c == nil {
		return false
	}
	wk, err := e.walkerOf(c)
	return err == nil && wk.Exists(rel)
}

var _ index.FileStater = (*Engine)(nil)

// StatFile is the file system's information on a document's file when it
// is a regular file at its path (index.FileStater), not following links;
// an error for anything else. It reads no rules: grep only trusts a file
// it describes to be unchanged since it was read through ReadFile.
func (e *Engine) StatFile(coll, rel string) (fs.FileInfo, error) {
	c := e.collection(coll)
	if c == nil {
		return nil, fmt.Errorf("unknown collection %q", coll)
	}
	wk, err := e.walkerOf(c)
	if err != nil {
		return nil, err
	}
	if !filepath.IsLocal(filepath.FromSlash(rel)) {
		return nil, fmt.Errorf("%s: not a path inside the root", rel)
	}
	fi, err := os.Lstat(filepath.Join(wk.Root(), filepath.FromSlash(rel)))
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", rel)
	}
	return fi, nil
}
