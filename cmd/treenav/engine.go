package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index"
	"github.com/treenav/treenav/index/walk"
)

// common are the flags every index-backed command takes.
type common struct {
	roots   stringList
	json    bool
	maxSize int64
	quiet   bool
}

func (c *cli) commonFlags(fs *flag.FlagSet) *common {
	cm := &common{}
	fs.Var(&cm.roots, "root", "directory to index (repeatable; default .)")
	fs.BoolVar(&cm.json, "json", false, "print JSON (the MCP tool's structured result)")
	fs.Int64Var(&cm.maxSize, "max-file-size", walk.DefaultMaxFileSize, "skip files larger than this many bytes")
	fs.BoolVar(&cm.quiet, "quiet", false, "no progress on stderr")
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

// engine builds the index for a command, showing progress on stderr when it
// is a terminal.
func (c *cli) engine(cm *common) (*index.Engine, error) {
	colls, err := cm.collections()
	if err != nil {
		return nil, err
	}
	opts := index.EngineOptions{MaxFileSize: cm.maxSize}
	if !cm.quiet && isTerminal(c.stderr) {
		var last time.Time
		opts.Progress = func(p index.Progress) {
			if time.Since(last) < 100*time.Millisecond && p.Done < p.Total {
				return
			}
			last = time.Now()
			fmt.Fprintf(c.stderr, "\rindexing %d/%d files", p.Done, p.Total)
			if p.Done == p.Total {
				fmt.Fprint(c.stderr, "\r\033[K")
			}
		}
	}
	e, err := index.NewEngine(colls, opts)
	if err != nil {
		return nil, err
	}
	if err := e.Build(); err != nil {
		return nil, err
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
