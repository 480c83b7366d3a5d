// Package apidiff reports what a change does to a code base's symbols:
// the outline of the files a git diff touches, on both sides, compared
// symbol by symbol (added, removed, signature changed, moved, ...).
//
// It runs the git binary rather than a Go implementation of git: every
// machine that has a repository has git, it reads every revision syntax,
// worktree, alternate and pack format the user's own git does, and it
// keeps a large dependency out of the build.
package apidiff

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path"
	"strconv"
	"strings"
)

// ErrNotRepository is returned when the root is not inside a git work tree.
var ErrNotRepository = errors.New("not a git repository")

// Repo is the git work tree a root lies in.
type Repo struct {
	top    string // the work tree's top directory
	prefix string // the root relative to top, forward slashes, "" or ending in "/"
}

// Open finds the git work tree that holds root. It returns an error
// wrapping ErrNotRepository when there is none, and one that says git is
// missing when the binary cannot be run.
func Open(root string) (*Repo, error) {
	if _, err := exec.LookPath("git"); err != nil {
		return nil, fmt.Errorf("git is not installed or not on PATH: %w", err)
	}
	out, err := gitOutput(root, "rev-parse", "--show-toplevel", "--show-prefix")
	if err != nil {
		if strings.Contains(err.Error(), "not a git repository") {
			return nil, fmt.Errorf("%s: %w", root, ErrNotRepository)
		}
		return nil, err
	}
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	r := &Repo{top: lines[0]}
	if len(lines) > 1 {
		r.prefix = lines[1]
	}
	return r, nil
}

// Top is the work tree's top directory.
func (r *Repo) Top() string { return r.top }

// Commit resolves a revision (as git reads it: a branch, a tag, HEAD~2, a
// hash) to its commit hash.
func (r *Repo) Commit(rev string) (string, error) {
	if rev == "" || strings.HasPrefix(rev, "-") {
		return "", fmt.Errorf("bad revision %q", rev)
	}
	out, err := gitOutput(r.top, "rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	if err != nil {
		return "", fmt.Errorf("unknown revision %q: git knows no commit by that name", rev)
	}
	return strings.TrimSpace(string(out)), nil
}

// Branch is the branch checked out in the work tree, or "" on a detached HEAD.
func (r *Repo) Branch() string {
	out, err := gitOutput(r.top, "symbolic-ref", "--quiet", "--short", "HEAD")
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// FileChange is one file a diff touches, with paths relative to the root.
type FileChange struct {
	Status  byte   // 'A' added, 'D' deleted, 'M' modified, 'R' renamed, 'T' type changed
	Path    string // the new path ("" when deleted)
	OldPath string // the old path ("" when added)
}

// Changes lists the files that differ between the commit base and head,
// or between base and the work tree (tracked files, and untracked files
// that no ignore file leaves out) when head is "". Renames are found as
// git finds them. Only files under the root are listed.
func (r *Repo) Changes(base, head string) ([]FileChange, error) {
	return r.changes(base, head, true)
}

func (r *Repo) changes(base, head string, renames bool) ([]FileChange, error) {
	find := "--no-renames"
	if renames {
		find = "-M"
	}
	args := []string{"-c", "core.quotepath=off", "diff", "--no-color", "--no-ext-diff", "--no-textconv",
		"--name-status", "-z", find, base}
	if head != "" {
		args = append(args, head)
	}
	args = append(args, "--", r.pathspec())
	out, err := gitOutput(r.top, args...)
	if err != nil {
		return nil, err
	}
	var changes []FileChange
	fields := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	for i := 0; i < len(fields); i++ {
		st := fields[i]
		if st == "" {
			continue
		}
		c := FileChange{Status: st[0]}
		next := func() string {
			i++
			if i < len(fields) {
				return fields[i]
			}
			return ""
		}
		switch c.Status {
		case 'R', 'C':
			c.OldPath, c.Path = next(), next()
			if c.Status == 'C' { // a copy: the old file is still there
				c.Status, c.OldPath = 'A', ""
			}
		case 'D':
			c.OldPath = next()
		case 'A':
			c.Path = next()
		default: // M, T, U (unmerged), X
			c.Path = next()
			c.OldPath = c.Path
			c.Status = 'M'
		}
		var ok bool
		if c.Path != "" {
			if c.Path, ok = r.rel(c.Path); !ok {
				continue
			}
		}
		if c.OldPath != "" {
			if c.OldPath, ok = r.rel(c.OldPath); !ok {
				continue
			}
		}
		changes = append(changes, c)
	}
	if head == "" {
		out, err := gitOutput(r.top, "-c", "core.quotepath=off", "ls-files", "-z", "--others", "--exclude-standard", "--", r.pathspec())
		if err != nil {
			return nil, err
		}
		for _, p := range strings.Split(string(out), "\x00") {
			if rel, ok := r.rel(p); ok && p != "" {
				changes = append(changes, FileChange{Status: 'A', Path: rel})
			}
		}
	}
	return changes, nil
}

// Files lists the files of a commit under the root, relative to it.
func (r *Repo) Files(commit string) ([]string, error) {
	out, err := gitOutput(r.top, "-c", "core.quotepath=off", "ls-tree", "-r", "-z", "--name-only", "--full-tree", commit, "--", r.pathspec())
	if err != nil {
		return nil, err
	}
	var files []string
	for _, p := range strings.Split(string(out), "\x00") {
		if rel, ok := r.rel(p); ok && p != "" {
			files = append(files, rel)
		}
	}
	return files, nil
}

func (r *Repo) pathspec() string {
	if r.prefix == "" {
		return ":/"
	}
	return ":/" + strings.TrimSuffix(r.prefix, "/")
}

// rel turns a path relative to the work tree's top into one relative to
// the root; ok is false for a path outside the root.
func (r *Repo) rel(p string) (string, bool) {
	if !strings.HasPrefix(p, r.prefix) {
		return "", false
	}
	return path.Clean(p[len(r.prefix):]), true
}

// Blob is a file's content at a commit.
type Blob struct {
	Rel string // relative to the root
	OID string // the blob's hash ("" when the file is not in the commit)
	Src []byte
}

// maxBlobSize bounds what ReadBlobs keeps of a blob; bigger ones come
// back with their size in Size and no Src, for the caller's size limit.
const maxBlobSize = 64 << 20

// ReadBlobs reads the files rels (relative to the root) at commit with one
// git process, calling fn for each in order. A file that is not in the
// commit, or is not a regular file (a submodule, a symbolic link), comes
// with an empty OID. A blob larger than limit comes without Src.
func (r *Repo) ReadBlobs(commit string, rels []string, limit int64, fn func(b Blob, size int64) error) error {
	if len(rels) == 0 {
		return nil
	}
	cmd := exec.Command("git", "cat-file", "--batch")
	cmd.Dir = r.top
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("git cat-file: %w", err)
	}
	// Write the requests from another goroutine: git answers as it
	// reads, and a full pipe on either side would stall both.
	werr := make(chan error, 1)
	go func() {
		w := bufio.NewWriter(stdin)
		for _, rel := range rels {
			fmt.Fprintf(w, "%s:%s%s\n", commit, r.prefix, rel)
		}
		err := w.Flush()
		stdin.Close()
		werr <- err
	}()
	br := bufio.NewReaderSize(stdout, 1<<16)
	var ferr error
	for _, rel := range rels {
		header, err := br.ReadString('\n')
		if err != nil {
			ferr = fmt.Errorf("git cat-file: %w (%s)", err, strings.TrimSpace(stderr.String()))
			break
		}
		f := strings.Fields(header)
		if len(f) == 2 && f[1] == "missing" || len(f) != 3 {
			if ferr == nil {
				ferr = fn(Blob{Rel: rel}, 0)
			}
			continue
		}
		size, err := strconv.ParseInt(f[2], 10, 64)
		if err != nil {
			ferr = fmt.Errorf("git cat-file: bad header %q", header)
			break
		}
		b := Blob{Rel: rel, OID: f[0]}
		if f[1] != "blob" {
			b.OID = ""
		}
		if f[1] == "blob" && size <= limit && size <= maxBlobSize {
			b.Src = make([]byte, size)
			if _, err := io.ReadFull(br, b.Src); err != nil {
				ferr = fmt.Errorf("git cat-file: %w", err)
				break
			}
		} else if _, err := br.Discard(int(size)); err != nil {
			ferr = fmt.Errorf("git cat-file: %w", err)
			break
		}
		if _, err := br.Discard(1); err != nil { // the newline after the content
			ferr = fmt.Errorf("git cat-file: %w", err)
			break
		}
		if ferr == nil {
			ferr = fn(b, size)
		}
	}
	io.Copy(io.Discard, stdout)
	werr2 := <-werr
	if err := cmd.Wait(); err != nil && ferr == nil {
		ferr = fmt.Errorf("git cat-file: %w (%s)", err, strings.TrimSpace(stderr.String()))
	}
	if ferr == nil && werr2 != nil {
		ferr = werr2
	}
	return ferr
}

// gitOutput runs git in dir and returns its standard output; an error
// carries what git said on standard error.
func gitOutput(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("git %s: %s", args[0], msg)
	}
	return out, nil
}

// MergeBase is the best common ancestor of two revisions, as git diff
// A...B reads it.
func (r *Repo) MergeBase(a, b string) (string, error) {
	ca, err := r.Commit(a)
	if err != nil {
		return "", err
	}
	cb, err := r.Commit(b)
	if err != nil {
		return "", err
	}
	out, err := gitOutput(r.top, "merge-base", ca, cb)
	if err != nil {
		return "", fmt.Errorf("%s and %s have no common ancestor", a, b)
	}
	return strings.TrimSpace(string(out)), nil
}

// State is what a work tree is at: the commit and branch checked out, and
// how many files under the root differ from that commit (modified, added,
// deleted or untracked, as git status counts them).
type State struct {
	Head    string `json:"head"`
	Branch  string `json:"branch,omitempty"` // "" on a detached HEAD
	Changed int    `json:"changed_files"`
}

// State reads the work tree's state. A repository without commits has an
// empty Head.
func (r *Repo) State() (State, error) {
	var s State
	if out, err := gitOutput(r.top, "rev-parse", "--verify", "--quiet", "HEAD"); err == nil {
		s.Head = strings.TrimSpace(string(out))
	}
	s.Branch = r.Branch()
	out, err := gitOutput(r.top, "-c", "core.quotepath=off", "status", "--porcelain", "-z", "--untracked-files=normal", "--", r.pathspec())
	if err != nil {
		return s, err
	}
	entries := strings.Split(string(out), "\x00")
	for i := 0; i < len(entries); i++ {
		e := entries[i]
		if len(e) < 4 {
			continue
		}
		s.Changed++
		if e[0] == 'R' || e[0] == 'C' {
			i++ // the rename's or copy's source path follows
		}
	}
	return s, nil
}
