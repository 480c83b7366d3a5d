package apidiff

import (
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index/walk"
)

// WorkingTree is the Head of a report that compares with the files on disk.
const WorkingTree = "working tree"

// Options says what to compare.
type Options struct {
	Root string // the root whose files are compared; inside a git work tree
	Base string // a revision; "" is HEAD
	Head string // a revision; "" is the work tree
	// Bodies reports symbols whose text changed when nothing else about
	// them did (body_changed).
	Bodies bool
	// Paths keeps the files one of them matches, as the other tools read
	// a path glob: a directory takes the files under it, a glob without
	// '/' a file name at any depth. None keeps every file.
	Paths []string
	// Walk holds the size limit and the globs the index applies.
	Walk walk.Options
	// Cache, when not nil, keeps and gives what files parse to.
	Cache *Cache
	// NoRenames pairs no file with another: a renamed file is a deleted
	// one and an added one, as two plain outlines see it.
	NoRenames bool
}

// ErrBadPath is returned for a path glob that cannot be read.
var ErrBadPath = errors.New("bad path glob")

// Diff compares the symbols of the files that differ between two
// revisions (or a revision and the work tree).
func Diff(opts Options) (*treenav.ChangesResponse, error) {
	root, keep, walker, limit, err := opts.setup()
	if err != nil {
		return nil, err
	}
	repo, err := Open(root)
	if err != nil {
		return nil, err
	}
	resp := &treenav.ChangesResponse{Base: opts.Base, Head: opts.Head, Changes: []treenav.SymbolChange{}}
	if resp.Base == "" {
		resp.Base = "HEAD"
	}
	if resp.BaseCommit, err = repo.Commit(resp.Base); err != nil {
		return nil, err
	}
	if resp.Head == "" {
		resp.Head = WorkingTree
	} else if resp.HeadCommit, err = repo.Commit(resp.Head); err != nil {
		return nil, err
	}
	files, err := repo.changes(resp.BaseCommit, resp.HeadCommit, !opts.NoRenames)
	if err != nil {
		return nil, err
	}
	skipped := map[string]int{}
	// The files of each side, kept when the path glob, the ignore files
	// and the collection globs keep them.
	var oldRels, newRels []string
	var kept []FileChange
	for _, f := range files {
		if keep != nil && !(f.Path != "" && keep(f.Path) || f.OldPath != "" && keep(f.OldPath)) {
			continue
		}
		if f.OldPath != "" && walker.Reason(f.OldPath, false) != "" {
			f.OldPath = ""
		}
		if f.Path != "" {
			if reason := walker.Reason(f.Path, false); reason != "" {
				skipped[reason]++
				f.Path = ""
			}
		}
		if f.Path == "" && f.OldPath == "" {
			continue
		}
		if f.OldPath != "" {
			oldRels = append(oldRels, f.OldPath)
		}
		if f.Path != "" {
			newRels = append(newRels, f.Path)
		}
		kept = append(kept, f)
	}
	oldSrc, err := readSide(repo, resp.BaseCommit, oldRels, limit, nil)
	if err != nil {
		return nil, err
	}
	newSrc, err := readSide(repo, resp.HeadCommit, newRels, limit, walker)
	if err != nil {
		return nil, err
	}
	filter := opts.Walk.Classify
	oldOut := byPath(oldSrc.files, ParseAll(oldSrc.files, filter, opts.Cache))
	newOut := byPath(newSrc.files, ParseAll(newSrc.files, filter, opts.Cache))
	for _, rel := range newSrc.tooLarge {
		skipped[walk.SkipTooLarge]++
		newOut[rel] = Parsed{Skip: walk.SkipTooLarge}
	}
	outlinedFiles := 0
	var c comparer
	c.bodies = opts.Bodies
	for _, f := range kept {
		o, n := oldOut[f.OldPath], newOut[f.Path]
		if f.Path != "" && n.Skip != "" && n.Skip != walk.SkipTooLarge {
			skipped[n.Skip]++
		}
		if f.Path != "" && n.Err != "" {
			skipped["failed"]++
		}
		oldNone := f.OldPath == "" || o.Skip != "" || o.Err != ""
		newNone := f.Path == "" || n.Skip != "" || n.Err != ""
		if len(o.Symbols) == 0 && len(n.Symbols) == 0 && oldNone && newNone {
			continue
		}
		outlinedFiles++
		c.file(o.Symbols, n.Symbols, f.OldPath != f.Path && f.OldPath != "" && f.Path != "")
	}
	c.moves()
	resp.Changes = c.changes
	sortChanges(resp.Changes)
	resp.Summary = summarize(resp.Changes, outlinedFiles, skipped)
	return resp, nil
}

// setup reads the options both sides use: the root as an absolute path,
// the path filter (nil: every file), the walker whose rules and checked
// reads apply, and the size limit.
func (opts Options) setup() (root string, keep func(string) bool, walker *walk.Walker, limit int64, err error) {
	if root, err = filepath.Abs(opts.Root); err != nil {
		return
	}
	if keep, err = pathFilter(opts.Paths); err != nil {
		return
	}
	if walker, err = walk.New(root, opts.Walk); err != nil {
		return
	}
	limit = opts.Walk.MaxFileSize
	if limit <= 0 {
		limit = walk.DefaultMaxFileSize
	}
	return
}

// byPath maps each file's path to what it gave.
func byPath(files []Source, parsed []Parsed) map[string]Parsed {
	m := make(map[string]Parsed, len(files))
	for i, f := range files {
		m[f.Rel] = parsed[i]
	}
	return m
}

// sideSources is one side's files as read.
type sideSources struct {
	files    []Source
	tooLarge []string
}

// readSide reads rels at commit, or from the work tree when commit is ""
// (through the walker's checks: a link out of the root, a file too large).
func readSide(repo *Repo, commit string, rels []string, limit int64, walker *walk.Walker) (sideSources, error) {
	var side sideSources
	if commit == "" {
		for _, rel := range rels {
			src, _, err := walker.ReadFile(rel) // the walk's checks, the size limit
			if err != nil {
				var refused *walk.RefusedError
				if errors.As(err, &refused) && refused.Reason == walk.SkipTooLarge {
					side.tooLarge = append(side.tooLarge, rel)
				}
				continue
			}
			side.files = append(side.files, Source{Rel: rel, Src: src})
		}
		return side, nil
	}
	err := repo.ReadBlobs(commit, rels, limit, func(b Blob, size int64) error {
		switch {
		case b.OID == "":
		case b.Src == nil && size > 0:
			side.tooLarge = append(side.tooLarge, b.Rel)
		default:
			side.files = append(side.files, Source{Rel: b.Rel, Src: b.Src, OID: b.OID})
		}
		return nil
	})
	return side, err
}

// pathFilter keeps the paths one of globs matches (nil: every path).
func pathFilter(globs []string) (func(rel string) bool, error) {
	var fs []func(string) bool
	for _, g := range globs {
		f, err := globFilter(g)
		if err != nil {
			return nil, err
		}
		if f == nil {
			return nil, nil // "." or "**": everything
		}
		fs = append(fs, f)
	}
	if len(fs) == 0 {
		return nil, nil
	}
	return func(rel string) bool {
		for _, f := range fs {
			if f(rel) {
				return true
			}
		}
		return false
	}, nil
}

// globFilter reads a path glob as the other tools do: a directory (or a
// path without glob characters) takes the files under it, a glob without
// '/' a file name at any depth, any other glob is matched from the root.
func globFilter(glob string) (func(rel string) bool, error) {
	glob = strings.TrimSpace(glob)
	if glob == "" || glob == "." || glob == "**" {
		return nil, nil
	}
	glob = strings.TrimPrefix(glob, "./")
	if !doublestar.ValidatePattern(glob) {
		return nil, fmt.Errorf("%w %q", ErrBadPath, glob)
	}
	dir := strings.TrimSuffix(glob, "/")
	literal := !strings.ContainsAny(dir, "*?[{\\")
	return func(rel string) bool {
		if literal && (rel == dir || strings.HasPrefix(rel, dir+"/")) {
			return true
		}
		if !strings.Contains(dir, "/") {
			if ok, _ := doublestar.Match(dir, rel[strings.LastIndexByte(rel, '/')+1:]); ok {
				return true
			}
		}
		ok, _ := doublestar.Match(dir, rel)
		if !ok {
			ok, _ = doublestar.Match(dir+"/**", rel)
		}
		return ok
	}, nil
}

// sortChanges orders changes by path, line, name and change, so that the
// same diff gives the same bytes.
func sortChanges(cs []treenav.SymbolChange) {
	order := map[string]int{}
	for i, k := range treenav.ChangeKinds {
		order[k] = i
	}
	sort.SliceStable(cs, func(i, j int) bool {
		a, b := cs[i], cs[j]
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		if a.LineStart != b.LineStart {
			return a.LineStart < b.LineStart
		}
		if a.QualifiedName != b.QualifiedName {
			return a.QualifiedName < b.QualifiedName
		}
		if a.Change != b.Change {
			return order[a.Change] < order[b.Change]
		}
		return a.NodeID < b.NodeID
	})
}

func summarize(cs []treenav.SymbolChange, files int, skipped map[string]int) treenav.ChangesSummary {
	s := treenav.ChangesSummary{Files: files, Changes: len(cs), ByKind: map[string]int{}, PublicByKind: map[string]int{}}
	for _, c := range cs {
		s.ByKind[c.Change]++
		if c.Public {
			s.Public++
			s.PublicByKind[c.Change]++
		}
	}
	if len(skipped) > 0 {
		s.Skipped = skipped
	}
	return s
}
