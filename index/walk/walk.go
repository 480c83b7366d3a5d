// Package walk finds the files of a collection root that treenav indexes and
// says why it skips the others.
package walk

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// DefaultMaxFileSize is the size above which files are skipped (1 MiB).
const DefaultMaxFileSize = 1 << 20

// Skip reasons, as counted in Result.Skipped.
const (
	SkipTooLarge    = "too_large"
	SkipBinary      = "binary"
	SkipMinified    = "minified"
	SkipGenerated   = "generated"
	SkipUnsupported = "unsupported"
	SkipUnreadable  = "unreadable"
	SkipExcluded    = "excluded"
)

// DefaultExcludes are directory names never descended into: version
// control, dependencies, build outputs and virtualenvs.
var DefaultExcludes = []string{
	".git", ".hg", ".svn", "node_modules", "bower_components", "vendor",
	".venv", "venv", "__pycache__", ".tox", ".mypy_cache", ".pytest_cache",
	".gradle", ".idea", ".next", ".nuxt", ".cache", "target", "dist",
	"build", "out", "_build", "coverage", ".terraform",
}

// Options select the files of a walk.
type Options struct {
	// MaxFileSize skips larger files; 0 means DefaultMaxFileSize.
	MaxFileSize int64
	// Include, when not empty, keeps only files matching one of these
	// doublestar patterns (relative to the root, forward slashes).
	Include []string
	// Exclude drops files and directories matching one of these patterns.
	Exclude []string
	// NoDefaultExcludes descends into DefaultExcludes directories too.
	NoDefaultExcludes bool
}

// File is a candidate file of a root.
type File struct {
	Rel     string // relative to the root, forward slashes
	Abs     string
	Size    int64
	ModTime int64 // unix nanoseconds
}

// Result is what a walk found.
type Result struct {
	Files   []File         // sorted by Rel
	Skipped map[string]int // reason → count
}

func (r *Result) skip(reason string) {
	if r.Skipped == nil {
		r.Skipped = map[string]int{}
	}
	r.Skipped[reason]++
}

// Walk lists the files under root that pass the options. root may also be a
// single file. Symbolic links are not followed, so a walk never leaves its
// root or loops.
func Walk(root string, opts Options) (*Result, error) {
	for _, p := range append(append([]string{}, opts.Include...), opts.Exclude...) {
		if !doublestar.ValidatePattern(p) {
			return nil, fmt.Errorf("bad glob pattern %q", p)
		}
	}
	maxSize := opts.MaxFileSize
	if maxSize <= 0 {
		maxSize = DefaultMaxFileSize
	}
	excluded := map[string]bool{}
	if !opts.NoDefaultExcludes {
		for _, d := range DefaultExcludes {
			excluded[d] = true
		}
	}
	res := &Result{}
	info, err := os.Stat(root)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		res.Files = append(res.Files, File{Rel: filepath.Base(root), Abs: root, Size: info.Size(), ModTime: info.ModTime().UnixNano()})
		return res, nil
	}
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == root {
				return err
			}
			res.skip(SkipUnreadable)
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if p != root && (excluded[d.Name()] || matchAny(opts.Exclude, rel)) {
				return fs.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil // symlinks, devices, sockets
		}
		if matchAny(opts.Exclude, rel) || len(opts.Include) > 0 && !matchAny(opts.Include, rel) {
			res.skip(SkipExcluded)
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			res.skip(SkipUnreadable)
			return nil
		}
		if fi.Size() > maxSize {
			res.skip(SkipTooLarge)
			return nil
		}
		res.Files = append(res.Files, File{Rel: rel, Abs: p, Size: fi.Size(), ModTime: fi.ModTime().UnixNano()})
		return nil
	})
	if err != nil && !errors.Is(err, fs.SkipAll) {
		return nil, err
	}
	sort.Slice(res.Files, func(i, j int) bool { return res.Files[i].Rel < res.Files[j].Rel })
	return res, nil
}

func matchAny(patterns []string, rel string) bool {
	for _, p := range patterns {
		if ok, _ := doublestar.Match(p, rel); ok {
			return true
		}
		// A pattern without a slash matches a name at any depth, as in
		// .gitignore.
		if !strings.Contains(p, "/") {
			if ok, _ := doublestar.Match(p, rel[strings.LastIndexByte(rel, '/')+1:]); ok {
				return true
			}
		}
	}
	return false
}
