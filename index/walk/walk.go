// Package walk finds the files of a collection root that treenav indexes and
// says why it skips the others: ignore files (.gitignore with git's exact
// semantics, .ignore, .treenavignore, .git/info/exclude), default excludes,
// the collection's include/exclude globs, size, and symbolic links that would
// leave the root or loop. Content-based skips (binary, generated, minified)
// are made by Classify when a file is read for parsing.
//
// A Walker keeps the ignore rules it has read, so that a file watcher can
// ask about one path (Reason, Check) and re-walk one directory without
// rescanning the tree.
package walk

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/bmatcuk/doublestar/v4"
)

// DefaultMaxFileSize is the size above which files are skipped (1 MiB).
const DefaultMaxFileSize = 1 << 20

// Skip reasons, as counted in Result.Skipped and Result.SkippedDirs.
const (
	SkipIgnored     = "ignored"          // an ignore file (.gitignore, .ignore, .treenavignore, info/exclude)
	SkipDefault     = "default_excluded" // a default exclude: VCS metadata, dependencies, caches, virtualenvs, build output
	SkipExcluded    = "excluded"         // the collection's include/exclude globs
	SkipSymlink     = "symlink"          // a link leading outside the root, dangling, looping, or to a file indexed at its own path
	SkipTooLarge    = "too_large"
	SkipUnreadable  = "unreadable"
	SkipBinary      = "binary"      // by Classify
	SkipMinified    = "minified"    // by Classify
	SkipGenerated   = "generated"   // by Classify
	SkipUnsupported = "unsupported" // by the parsers: no language for the file
)

// Options select the files of a walk.
type Options struct {
	// MaxFileSize skips larger files; 0 means DefaultMaxFileSize.
	MaxFileSize int64
	// Include, when not empty, keeps only files matching one of these
	// doublestar patterns (relative to the root, forward slashes).
	Include []string
	// Exclude drops files and directories matching one of these patterns.
	// In both lists a pattern without '/' matches a name at any depth, as
	// in .gitignore.
	Exclude []string
	// Generated names the files (patterns as in Include) that Classify
	// keeps even when they carry a generator's marker: the walk itself
	// does not read contents, see Options.Classify.
	Generated []string
	// NoDefaultExcludes turns the default excludes off (see defaults.go);
	// version-control directories are still skipped.
	NoDefaultExcludes bool
	// Keep, when set, is asked about each regular file the rules keep,
	// by its relative path, before the file is examined: a file it
	// refuses is counted as SkipUnsupported without a stat (a repository
	// has as many files of no interest to the indexer as of interest).
	Keep func(rel string) bool
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
	Files []File // sorted by Rel
	// Skipped counts skipped files by reason. The indexer adds the
	// reasons found when reading files (Classify) with Count.
	Skipped map[string]int
	// SkippedDirs counts directories skipped as a whole by reason; their
	// contents are never listed, which is the point for node_modules.
	SkippedDirs map[string]int
	// TooLarge lists the files skipped as SkipTooLarge (they are also
	// counted), with their size and time, so that an index can say why it
	// does not hold one. It is short: the rules keep few such files.
	TooLarge []File
	// UnsupportedExts counts the SkipUnsupported files by extension
	// (UnsupportedKey).
	UnsupportedExts map[string]int
}

// Count adds one skipped file with the given reason.
func (r *Result) Count(reason string) {
	if r.Skipped == nil {
		r.Skipped = map[string]int{}
	}
	r.Skipped[reason]++
}

func (r *Result) countDir(reason string) {
	if r.SkippedDirs == nil {
		r.SkippedDirs = map[string]int{}
	}
	r.SkippedDirs[reason]++
}

// Walker walks one root and answers questions about single paths under it.
// It caches the ignore files it reads; it is safe for concurrent use.
type Walker struct {
	root    string // absolute
	real    string // root with symbolic links resolved
	opts    Options
	maxSize int64

	outer  []outerDir // ignore rules of the root's ancestors in its repository
	inRepo bool       // the root is inside a git repository

	mu   sync.Mutex
	dirs map[string]*dirRules // by directory, relative to the root
}

// New returns a walker for the directory root.
func New(root string, opts Options) (*Walker, error) {
	for _, p := range slices.Concat(opts.Include, opts.Exclude, opts.Generated) {
		if !doublestar.ValidatePattern(p) {
			return nil, fmt.Errorf("bad glob pattern %q", p)
		}
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, err
	}
	if fi, err := os.Stat(real); err != nil {
		return nil, err
	} else if !fi.IsDir() {
		return nil, fmt.Errorf("%s is not a directory", root)
	}
	w := &Walker{root: abs, real: real, opts: opts, maxSize: opts.MaxFileSize, dirs: map[string]*dirRules{}}
	if w.maxSize <= 0 {
		w.maxSize = DefaultMaxFileSize
	}
	rootRules := w.rulesFor("", nil)
	if rootRules.repo != nil {
		w.inRepo = true
	} else {
		w.outer, w.inRepo = findOuter(real)
	}
	return w, nil
}

// Root returns the absolute root directory.
func (w *Walker) Root() string { return w.root }

// Walk lists the files under root that pass the options. root may also be a
// single file, which is returned as is.
func Walk(root string, opts Options) (*Result, error) {
	fi, err := os.Stat(root)
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		abs, err := filepath.Abs(root)
		if err != nil {
			return nil, err
		}
		return &Result{Files: []File{{Rel: filepath.Base(root), Abs: abs, Size: fi.Size(), ModTime: fi.ModTime().UnixNano()}}}, nil
	}
	w, err := New(root, opts)
	if err != nil {
		return nil, err
	}
	return w.Walk("")
}

// Walk lists the files under the directory sub (relative to the root; ""
// for the whole root). A watcher uses it for a new directory, or for one
// whose ignore files changed.
func (w *Walker) Walk(sub string) (*Result, error) {
	sub = cleanRel(sub)
	res := &Result{}
	chain, reason := w.chainTo(sub, true)
	if reason != "" {
		res.countDir(reason)
		return res, nil
	}
	fi, err := os.Stat(w.abs(sub))
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("%s is not a directory", w.abs(sub))
	}
	// One goroutine: the walk costs about one stat per file, as much as
	// filepath.WalkDir, and measured no faster spread over goroutines on
	// a loaded machine; sequential order also makes the choice among
	// links into one place the same on every walk.
	st := walkState{w: w, res: res, visited: map[string]bool{}}
	entries, err := os.ReadDir(w.abs(sub))
	if err != nil {
		return nil, err
	}
	st.dir(chain, sub, w.abs(sub), filepath.Join(w.real, filepath.FromSlash(sub)), entries, false)
	sort.Slice(res.Files, func(i, j int) bool { return res.Files[i].Rel < res.Files[j].Rel })
	sort.Slice(res.TooLarge, func(i, j int) bool { return res.TooLarge[i].Rel < res.TooLarge[j].Rel })
	return res, nil
}

// Reason returns why the path rel (relative to the root) would be skipped
// by the ignore files, the default excludes or the collection globs, or ""
// if a walk would keep it. The path's ancestors are checked too; the file
// system is only read for ignore files and markers not read before.
// It does not look at the file itself (size, symbolic links): see Check.
func (w *Walker) Reason(rel string, isDir bool) string {
	_, reason := w.chainTo(cleanRel(rel), isDir)
	return reason
}

// Ignored reports whether a walk would skip the path rel (see Reason).
func (w *Walker) Ignored(rel string, isDir bool) bool {
	return w.Reason(rel, isDir) != ""
}

// Check decides about one file, as a walk would: it returns the file to
// index, or the reason to skip it (with the file, when the reason is
// SkipTooLarge). A watcher calls it for each changed
// path. err is set when the path cannot be read (a removed file gives an
// error satisfying errors.Is(err, fs.ErrNotExist)).
func (w *Walker) Check(rel string) (File, string, error) {
	rel = cleanRel(rel)
	abs := w.abs(rel)
	fi, err := os.Lstat(abs)
	if err != nil {
		return File{}, "", err
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		_, tfi, reason := w.resolveLink(abs)
		if reason != "" {
			return File{}, reason, nil
		}
		fi = tfi
	}
	if fi.IsDir() {
		return File{}, "", fmt.Errorf("%s is a directory", rel)
	}
	if reason := w.Reason(rel, false); reason != "" {
		return File{}, reason, nil
	}
	f, reason := w.file(abs, rel, fi)
	return f, reason, nil
}

// chainTo judges rel's ancestors and rel itself, and returns the frames
// of the directories from the root down to rel's parent (to rel itself if
// it is a directory and kept), with the first reason to skip, if any.
func (w *Walker) chainTo(rel string, isDir bool) ([]frame, string) {
	chain := []frame{{rel: "", rules: w.rulesFor("", nil)}}
	if rel == "" {
		return chain, ""
	}
	for i := 0; ; {
		j := strings.IndexByte(rel[i:], '/')
		last := j < 0
		cur := rel
		if !last {
			cur = rel[:i+j]
		}
		name := cur[i:]
		dir := isDir || !last
		jd := w.judge(chain, cur, name, dir)
		if jd.reason != "" {
			return chain, jd.reason
		}
		if dir {
			rules := w.rulesFor(cur, nil)
			if rules.skip && !jd.pinned && !w.opts.NoDefaultExcludes {
				return chain, SkipDefault
			}
			chain = append(chain, frame{rel: cur, rules: rules})
		}
		if last {
			return chain, ""
		}
		i += j + 1
	}
}

// walkState is one walk in progress.
type walkState struct {
	w   *Walker
	res *Result
	// visited holds the real paths of directories entered through
	// symbolic links, so that no link leads into a loop or twice into
	// the same place.
	visited map[string]bool
}

// dir walks the directory rel, whose frame ends chain, with the given
// listing. abs is its path as walked, real its path with links resolved;
// viaLink says whether it was reached through a followed link.
func (st *walkState) dir(chain []frame, rel, abs, real string, entries []fs.DirEntry, viaLink bool) {
	w := st.w
	sep := string(filepath.Separator)
	absDir, realDir := strings.TrimSuffix(abs, sep), strings.TrimSuffix(real, sep) // "/" as a root
	for _, e := range entries {
		name := e.Name()
		crel := name
		if rel != "" {
			crel = rel + "/" + name
		}
		cabs := absDir + sep + name
		t := e.Type()
		if t&fs.ModeSymlink != 0 {
			st.link(chain, crel, name, cabs)
			continue
		}
		if t.IsDir() {
			jd := w.judge(chain, crel, name, true)
			if jd.reason != "" {
				st.res.countDir(jd.reason)
				continue
			}
			st.subdir(chain, crel, cabs, realDir+sep+name, jd.pinned, viaLink)
			continue
		}
		if !t.IsRegular() {
			continue // devices, sockets, pipes: not files to read
		}
		if jd := w.judge(chain, crel, name, false); jd.reason != "" {
			st.res.Count(jd.reason)
			continue
		}
		if w.opts.Keep != nil && !w.opts.Keep(crel) {
			st.res.countUnsupported(name)
			continue
		}
		fi, err := e.Info()
		if err != nil {
			st.res.Count(SkipUnreadable)
			continue
		}
		st.add(w.file(cabs, crel, fi))
	}
}

// add records a file the rules keep: indexed, or skipped for its size.
func (st *walkState) add(f File, reason string) {
	switch reason {
	case "":
		st.res.Files = append(st.res.Files, f)
	case SkipTooLarge:
		st.res.TooLarge = append(st.res.TooLarge, f)
		fallthrough
	default:
		st.res.Count(reason)
	}
}

// subdir reads and enters a directory that the rules keep.
func (st *walkState) subdir(chain []frame, rel, abs, real string, pinned, viaLink bool) {
	w := st.w
	if viaLink {
		if st.visited[real] {
			st.res.countDir(SkipSymlink)
			return
		}
		st.visited[real] = true
	}
	entries, err := os.ReadDir(abs)
	if err != nil && len(entries) == 0 {
		st.res.countDir(SkipUnreadable)
		return
	}
	rules := w.rulesFor(rel, entries)
	if rules.skip && !pinned && !w.opts.NoDefaultExcludes {
		st.res.countDir(SkipDefault)
		return
	}
	st.dir(append(chain[:len(chain):len(chain)], frame{rel: rel, rules: rules}), rel, abs, real, entries, viaLink)
}

// file applies the size limit to a regular file (fi describes it, or the
// target of a followed link). A file too large is returned with its
// reason, for Result.TooLarge.
func (w *Walker) file(abs, rel string, fi fs.FileInfo) (File, string) {
	if !fi.Mode().IsRegular() {
		return File{}, SkipUnreadable
	}
	f := File{Rel: rel, Abs: abs, Size: fi.Size(), ModTime: fi.ModTime().UnixNano()}
	if fi.Size() > w.maxSize {
		return f, SkipTooLarge
	}
	return f, ""
}

// link handles a symbolic link met in a walk (see resolveLink for the
// policy): a kept link to a file is a file at the link's path, a kept link
// to a directory is walked as a directory at the link's path.
func (st *walkState) link(chain []frame, rel, name, abs string) {
	w := st.w
	real, fi, reason := w.resolveLink(abs)
	if reason != "" {
		st.res.Count(reason)
		return
	}
	jd := w.judge(chain, rel, name, fi.IsDir())
	if jd.reason != "" {
		if fi.IsDir() {
			st.res.countDir(jd.reason)
		} else {
			st.res.Count(jd.reason)
		}
		return
	}
	if fi.IsDir() {
		st.subdir(chain, rel, abs, real, jd.pinned, true)
		return
	}
	st.add(w.file(abs, rel, fi))
}

// resolveLink decides whether to follow the symbolic link at abs. treenav
// follows a link only when it adds something and stays safe:
//
//   - its target, with every link resolved, must lie inside the root's
//     real path (links never lead out of a root), and resolve at all
//     (dangling links and link cycles fail here);
//   - the target must not be something the walk indexes anyway at its
//     own path (including the root itself and any ancestor, which would
//     loop): the same file under two paths would only duplicate search
//     results. So a link is followed when its target is ignored or
//     excluded where it lies, e.g. docs/api -> ../build/api-docs;
//   - a directory reached through links is entered once per walk, by its
//     real path, which stops loops among links into ignored places; the
//     walk goes in path order, so of several links into one place the
//     first in path order is the one followed, on every walk.
//
// It returns the target's real path and file info, or a skip reason.
func (w *Walker) resolveLink(abs string) (string, fs.FileInfo, string) {
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", nil, SkipSymlink
	}
	rel, ok := w.relReal(real)
	if !ok || rel == "" {
		return "", nil, SkipSymlink
	}
	fi, err := os.Stat(real)
	if err != nil {
		return "", nil, SkipUnreadable
	}
	if w.Reason(rel, fi.IsDir()) == "" {
		return "", nil, SkipSymlink // indexed at its own path
	}
	return real, fi, ""
}

// relReal returns the path of real (fully resolved) relative to the real
// root, and false if it lies outside.
func (w *Walker) relReal(real string) (string, bool) {
	if real == w.real {
		return "", true
	}
	prefix := w.real
	if !strings.HasSuffix(prefix, string(filepath.Separator)) {
		prefix += string(filepath.Separator)
	}
	rest, ok := strings.CutPrefix(real, prefix)
	if !ok {
		return "", false
	}
	return filepath.ToSlash(rest), true
}

func (w *Walker) abs(rel string) string {
	if rel == "" {
		return w.root
	}
	return filepath.Join(w.root, filepath.FromSlash(rel))
}

// KeepGenerated reports whether the file rel is to be indexed even when it
// carries a generator's marker: one of Options.Generated matches it.
func (o *Options) KeepGenerated(rel string) bool {
	return matchAny(o.Generated, rel)
}

// Classify is the package's Classify for a file of a walk with these
// options: a file that Options.Generated names is not skipped as
// generated (it still is as binary or minified).
func (o *Options) Classify(rel string, src []byte) string {
	return classify(rel, src, o.KeepGenerated(rel))
}

// GlobExcluded says whether the collection's globs alone leave out the
// file rel, judged as a walk judges it: an Exclude pattern that matches
// it or a directory above it, or an Include list that does not match it.
// It returns the deciding Exclude pattern, or "" when Include is the
// reason. It reads no file: ignore files may leave out more.
func (o *Options) GlobExcluded(rel string) (pattern string, excluded bool) {
	rel = cleanRel(rel)
	for i := 0; ; {
		j := strings.IndexByte(rel[i:], '/')
		cur := rel
		if j >= 0 {
			cur = rel[:i+j]
		}
		for _, p := range o.Exclude {
			if matchAny([]string{p}, cur) {
				return p, true
			}
		}
		if j < 0 {
			break
		}
		i += j + 1
	}
	if len(o.Include) > 0 && !matchAny(o.Include, rel) {
		return "", true
	}
	return "", false
}

// globReason applies the collection's include and exclude globs.
func (w *Walker) globReason(rel string, isDir bool) string {
	if matchAny(w.opts.Exclude, rel) {
		return SkipExcluded
	}
	if !isDir && len(w.opts.Include) > 0 && !matchAny(w.opts.Include, rel) {
		return SkipExcluded
	}
	return ""
}

func matchAny(patterns []string, rel string) bool {
	for _, p := range patterns {
		if ok, _ := doublestar.Match(p, rel); ok {
			return true
		}
		// A pattern without a slash matches a name at any depth, as in
		// .gitignore.
		if !strings.Contains(p, "/") {
			if ok, _ := doublestar.Match(p, path.Base(rel)); ok {
				return true
			}
		}
	}
	return false
}
