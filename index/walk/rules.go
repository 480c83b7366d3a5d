package walk

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// Ignore files read in every directory. Within a directory and across
// directories the precedence follows ripgrep, which users of search tools
// know: a match in any .treenavignore beats one in any .ignore, which
// beats one in any .gitignore or in .git/info/exclude; within one kind the
// deepest directory wins, and within one file the last matching line.
// So .ignore and .treenavignore can re-include ("!gen/") what git ignores,
// and .treenavignore can re-include a default exclude.
const (
	GitIgnoreFile     = ".gitignore"
	IgnoreFile        = ".ignore"
	TreenavIgnoreFile = ".treenavignore"
)

type ignoreKind int

const (
	kindGit ignoreKind = iota
	kindIgnore
	kindTreenav
	numKinds
)

var ignoreFileNames = [numKinds]string{GitIgnoreFile, IgnoreFile, TreenavIgnoreFile}

// dirRules is what treenav knows about one directory: the patterns of its
// ignore files and the markers it holds.
type dirRules struct {
	pats [numKinds][]pattern
	// repo is set when the directory holds a .git (directory, or file for
	// worktrees and submodules): a repository root, where the .gitignore
	// files of enclosing directories stop applying, as in git.
	repo *repository
	// skip is set when a marker says the directory is a cache or a
	// virtualenv (see defaults.go).
	skip bool
}

// repository is a git repository met during a walk.
type repository struct {
	exclude []pattern // .git/info/exclude, the lowest-precedence git rules
}

// noRules is shared by the many directories without ignore files or markers.
var noRules = &dirRules{}

// frame is a directory on the path from the root to an entry.
type frame struct {
	rel   string // relative to the root; "" for the root
	rules *dirRules
}

// outerDir is an ancestor of the root inside the root's git repository,
// whose ignore files also apply (git reads them; so do we).
type outerDir struct {
	prefix string // the root's path relative to this directory, with a trailing '/'
	rules  *dirRules
}

// rulesFor returns the cached rules of directory rel, reading them with
// the given listing (or by probing the file system when it is nil).
func (w *Walker) rulesFor(rel string, entries []fs.DirEntry) *dirRules {
	w.mu.Lock()
	r, ok := w.dirs[rel]
	w.mu.Unlock()
	if ok {
		return r
	}
	r = readRules(filepath.Join(w.root, filepath.FromSlash(rel)), entries)
	w.mu.Lock()
	w.dirs[rel] = r
	w.mu.Unlock()
	return r
}

// Invalidate forgets what the walker read in directory rel (relative to
// the root, "" for the root): the next check or walk reads its ignore files
// and markers again. A watcher calls it when RulesChanged says so, then
// re-walks that directory, since files below it may have been ignored or
// re-included.
func (w *Walker) Invalidate(rel string) {
	rel = cleanRel(rel)
	w.mu.Lock()
	delete(w.dirs, rel)
	w.mu.Unlock()
}

// RulesChanged reports whether a change to the file at rel (created,
// written or removed) changes the rules of its directory, and which: the
// ignore files, the markers of default excludes, and .git.
func RulesChanged(rel string) (dir string, ok bool) {
	rel = cleanRel(rel)
	switch path.Base(rel) {
	case GitIgnoreFile, IgnoreFile, TreenavIgnoreFile, cacheDirTag, pyvenvCfg, ".git":
		dir = path.Dir(rel)
		if dir == "." {
			dir = ""
		}
		return dir, true
	}
	return "", false
}

// readRules reads the ignore files and markers of directory abs. With a
// listing it opens only the files that exist; without one it probes.
func readRules(abs string, entries []fs.DirEntry) *dirRules {
	var r dirRules
	found := false
	has := func(name string) (fs.FileMode, bool) {
		if entries != nil {
			for _, e := range entries {
				if e.Name() == name {
					return e.Type(), true
				}
			}
			return 0, false
		}
		fi, err := os.Lstat(filepath.Join(abs, name))
		if err != nil {
			return 0, false
		}
		return fi.Mode().Type(), true
	}
	for k, name := range ignoreFileNames {
		// Like git, do not follow a symlinked ignore file: its target
		// may change under us or lie outside the tree.
		if t, ok := has(name); ok && t.IsRegular() {
			if data, err := os.ReadFile(filepath.Join(abs, name)); err == nil {
				r.pats[k] = parseIgnore(data)
				found = true
			}
		}
	}
	if t, ok := has(".git"); ok && (t.IsDir() || t.IsRegular()) {
		r.repo = &repository{exclude: readInfoExclude(filepath.Join(abs, ".git"))}
		found = true
	}
	if t, ok := has(cacheDirTag); ok && t.IsRegular() && isCacheDirTag(filepath.Join(abs, cacheDirTag)) {
		r.skip = true
		found = true
	}
	if t, ok := has(pyvenvCfg); ok && t.IsRegular() {
		r.skip = true
		found = true
	}
	if !found {
		return noRules
	}
	return &r
}

// readInfoExclude reads info/exclude of the repository whose .git is at
// dotGit. A .git file ("gitdir: <path>", used by worktrees and submodules)
// points to the git directory; a worktree's commondir file points from
// there to the shared directory that holds info/.
func readInfoExclude(dotGit string) []pattern {
	gitDir := dotGit
	if fi, err := os.Stat(dotGit); err == nil && fi.Mode().IsRegular() {
		data, err := os.ReadFile(dotGit)
		if err != nil {
			return nil
		}
		target, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "gitdir:")
		if !ok {
			return nil
		}
		gitDir = resolveFrom(filepath.Dir(dotGit), strings.TrimSpace(target))
	}
	if data, err := os.ReadFile(filepath.Join(gitDir, "commondir")); err == nil {
		gitDir = resolveFrom(gitDir, strings.TrimSpace(string(data)))
	}
	data, err := os.ReadFile(filepath.Join(gitDir, "info", "exclude"))
	if err != nil {
		return nil
	}
	return parseIgnore(data)
}

func resolveFrom(dir, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(dir, p)
}

// findOuter collects the ignore rules of the root's ancestors up to the
// root of its git repository. Outside a repository there are none:
// the ignore files of arbitrary parent directories (a home directory) are
// not the project's.
func findOuter(real string) (outer []outerDir, inRepo bool) {
	prefix := ""
	dir := real
	for {
		parent := filepath.Dir(dir)
		if parent == dir {
			return nil, false
		}
		prefix = filepath.Base(dir) + "/" + prefix
		dir = parent
		r := readRules(dir, nil)
		outer = append(outer, outerDir{prefix: prefix, rules: r})
		if r.repo != nil {
			return outer, true
		}
	}
}

// judgement is the verdict of the ignore rules on one entry.
type judgement struct {
	reason string // "" to keep
	// pinned is set when a .treenavignore line re-includes the entry:
	// default excludes and markers no longer apply to it.
	pinned bool
}

// judge applies the ignore rules, the default excludes and the collection
// globs to the entry rel (named name) in the directory chain[len-1]. Its
// ancestors are assumed kept: walks never enter ignored directories, and
// Reason checks them one by one.
func (w *Walker) judge(chain []frame, rel, name string, isDir bool) judgement {
	if vcsSet[name] {
		return judgement{reason: SkipDefault} // a .git file too, in worktrees and submodules
	}
	// .treenavignore, then the default excludes, then .ignore, then git.
	if m := w.lastIn(chain, kindTreenav, rel, name, isDir); m != nil {
		if !m.negate {
			return judgement{reason: SkipIgnored}
		}
		return judgement{pinned: true, reason: w.globReason(rel, isDir)}
	}
	if isDir && !w.opts.NoDefaultExcludes && w.defaultExcluded(rel, name) {
		return judgement{reason: SkipDefault}
	}
	if m := w.lastIn(chain, kindIgnore, rel, name, isDir); m != nil {
		if !m.negate {
			return judgement{reason: SkipIgnored}
		}
		return judgement{reason: w.globReason(rel, isDir)}
	}
	if m := w.lastGit(chain, rel, name, isDir); m != nil && !m.negate {
		return judgement{reason: SkipIgnored}
	}
	return judgement{reason: w.globReason(rel, isDir)}
}

// lastIn finds the deciding pattern of one kind of ignore file, from the
// deepest directory up through the root's outer ancestors.
func (w *Walker) lastIn(chain []frame, k ignoreKind, rel, name string, isDir bool) *pattern {
	for i := len(chain) - 1; i >= 0; i-- {
		if pats := chain[i].rules.pats[k]; len(pats) > 0 {
			if m := lastMatch(pats, relTo(chain[i].rel, rel), name, isDir); m != nil {
				return m
			}
		}
	}
	for _, o := range w.outer {
		if pats := o.rules.pats[k]; len(pats) > 0 {
			if m := lastMatch(pats, o.prefix+rel, name, isDir); m != nil {
				return m
			}
		}
	}
	return nil
}

// lastGit is lastIn for .gitignore, which stops at the innermost
// repository root and then consults that repository's info/exclude.
func (w *Walker) lastGit(chain []frame, rel, name string, isDir bool) *pattern {
	for i := len(chain) - 1; i >= 0; i-- {
		r := chain[i].rules
		if pats := r.pats[kindGit]; len(pats) > 0 {
			if m := lastMatch(pats, relTo(chain[i].rel, rel), name, isDir); m != nil {
				return m
			}
		}
		if r.repo != nil {
			return lastMatch(r.repo.exclude, relTo(chain[i].rel, rel), name, isDir)
		}
	}
	for _, o := range w.outer {
		if pats := o.rules.pats[kindGit]; len(pats) > 0 {
			if m := lastMatch(pats, o.prefix+rel, name, isDir); m != nil {
				return m
			}
		}
		if o.rules.repo != nil {
			return lastMatch(o.rules.repo.exclude, o.prefix+rel, name, isDir)
		}
	}
	return nil
}

// relTo returns rel relative to the directory dir that contains it.
func relTo(dir, rel string) string {
	if dir == "" {
		return rel
	}
	return rel[len(dir)+1:]
}

// cleanRel turns a slash- or OS-separated path relative to the root into
// the walker's form: forward slashes, no "./", "" for the root.
func cleanRel(rel string) string {
	rel = path.Clean(filepath.ToSlash(rel))
	if rel == "." || rel == "/" {
		return ""
	}
	return strings.TrimPrefix(rel, "/")
}
