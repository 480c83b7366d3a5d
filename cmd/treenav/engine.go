package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index"
	"github.com/treenav/treenav/index/walk"
)

// common are the flags every index-backed command takes.
type common struct {
	roots    stringList
	json     bool
	maxSize  int64
	quiet    bool
	indexDir string
	noCache  bool
	// progress forces progress output on stderr (plain lines when it is
	// not a terminal); treenav index sets it.
	progress bool
}

func (c *cli) commonFlags(fs *flag.FlagSet) *common {
	cm := &common{}
	fs.Var(&cm.roots, "root", "directory to index (repeatable; default .)")
	fs.BoolVar(&cm.json, "json", false, "print JSON (the MCP tool's structured result)")
	fs.Int64Var(&cm.maxSize, "max-file-size", walk.DefaultMaxFileSize, "skip files larger than this many bytes")
	fs.BoolVar(&cm.quiet, "quiet", false, "no progress on stderr")
	fs.StringVar(&cm.indexDir, "index-dir", "", "where index snapshots live (default: the user cache dir)")
	fs.BoolVar(&cm.noCache, "no-cache", false, "neither load nor save an index snapshot: index from scratch in memory")
	return cm
}

// collections turns --root flags into collections: one per root, named by
// its directory's base name (made unique).
func (cm *common) collections() ([]treenav.Collection, error) {
	roots := cm.roots
	if len(roots) == 0 {
		roots = stringList{"."}
	}
	var out []treenav.Collection
	used := map[string]int{}
	for _, r := range roots {
		abs, err := filepath.Abs(r)
		if err != nil {
			return nil, err
		}
		st, err := os.Stat(abs)
		if err != nil {
			return nil, fmt.Errorf("root: %w", err)
		}
		if !st.IsDir() {
			return nil, fmt.Errorf("root %s is not a directory", r)
		}
		name := filepath.Base(abs)
		if used[name]++; used[name] > 1 {
			name = fmt.Sprintf("%s-%d", name, used[name])
		}
		out = append(out, treenav.Collection{Name: name, Root: abs, Weight: 1})
	}
	return out, nil
}

// engine returns an up-to-date index for a command: the persisted snapshot
// is loaded and reconciled with the disk (only changed files are parsed),
// then saved again if anything changed.
func (c *cli) engine(cm *common) (*index.Engine, error) {
	colls, err := cm.collections()
	if err != nil {
		return nil, err
	}
	opts := index.EngineOptions{MaxFileSize: cm.maxSize}
	var bar *progress
	if !cm.quiet && (cm.progress || isTerminal(c.stderr)) {
		bar = newProgress(c.stderr, isTerminal(c.stderr))
		opts.Progress = bar.update
	}
	e, err := index.NewEngine(colls, opts)
	if err != nil {
		return nil, err
	}
	var dir string
	loaded := false
	if !cm.noCache {
		if dir, err = e.SnapshotDir(cm.indexDir); err != nil {
			return nil, err
		}
		if loaded, err = e.LoadSnapshot(dir); err != nil {
			fmt.Fprintf(c.stderr, "treenav: %v; rebuilding the index\n", err)
		}
	}
	err = e.Build()
	if bar != nil {
		bar.finish()
	}
	if err != nil {
		return nil, err
	}
	if st := e.Status(); !cm.noCache && (!loaded || st.Parsed+st.Removed > 0) {
		if err := e.SaveSnapshot(dir); err != nil {
			fmt.Fprintf(c.stderr, "treenav: could not save the index snapshot: %v\n", err)
		}
	}
	return e, nil
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// filterFlag parses repeated KEY=VALUE filters.
type filterFlag map[string][]string

func (f filterFlag) String() string {
	var parts []string
	for k, vs := range f {
		for _, v := range vs {
			parts = append(parts, k+"="+v)
		}
	}
	return strings.Join(parts, ",")
}

func (f filterFlag) Set(s string) error {
	k, v, ok := strings.Cut(s, "=")
	if !ok || k == "" || v == "" {
		return fmt.Errorf("want KEY=VALUE, got %q", s)
	}
	f[k] = append(f[k], v)
	return nil
}
