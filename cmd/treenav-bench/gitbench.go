package main

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index"
	"github.com/treenav/treenav/index/apidiff"
	"github.com/treenav/treenav/index/engine"
)

// gitResult is the report of the git-aware outlines: an API diff between
// two releases of a real module, checked against two plain outlines, and
// a branch switch under a watching engine.
type gitResult struct {
	Module       string  `json:"module"`
	Base, Head   string  `json:"-"`
	ChangedFiles int     `json:"changed_files"`   // files git lists between the releases
	Outlined     int     `json:"outlined_files"`  // of those, files with an outline on either side
	Changes      int     `json:"changes"`         // symbol changes reported
	DiffColdSec  float64 `json:"diff_cold_s"`     // no parse cache
	DiffWarmSec  float64 `json:"diff_warm_s"`     // every file in the cache
	DiffColdCPU  float64 `json:"diff_cold_cpu_s"` // CPU time, this process's and git's
	DiffWarmCPU  float64 `json:"diff_warm_cpu_s"`
	OutlineCold  float64 `json:"outline_cold_s"` // the head tree, no cache
	OutlineWarm  float64 `json:"outline_warm_s"` // the head tree, from the cache
	RefAgreement float64 `json:"ref_agreement"`  // share of reference changes the diff reports (and back)
	RefMissing   int     `json:"ref_missing"`    // reference changes the diff does not report
	RefExtra     int     `json:"ref_extra"`      // diff changes the reference does not have
	SwitchFiles  int     `json:"switch_files"`   // files of the branch-switch repository
	SwitchDiff   int     `json:"switch_differ"`  // files that differ between its branches
	SwitchSec    float64 `json:"switch_fresh_s"` // checkout to an index equal to the new branch
	SwitchParsed int     `json:"switch_parsed"`  // files the watcher parsed for it
	Skip         string  `json:"skipped,omitempty"`
}

// benchGit measures the git-aware outlines on two releases of
// golang.org/x/tools from the module cache (downloaded through the module
// proxy when missing).
func benchGit() (*gitResult, error) {
	r := &gitResult{Module: "golang.org/x/tools", Base: "v0.23.0", Head: "v0.52.0"}
	dirs := make([]string, 2)
	for i, v := range []string{r.Base, r.Head} {
		out, err := exec.Command("go", "mod", "download", "-json", r.Module+"@"+v).Output()
		if err != nil {
			r.Skip = fmt.Sprintf("go mod download %s@%s: %v", r.Module, v, err)
			return r, nil
		}
		_, after, _ := strings.Cut(string(out), `"Dir": "`)
		dirs[i], _, _ = strings.Cut(after, `"`)
	}
	tmp, err := os.MkdirTemp("", "treenav-bench-git")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	repo := filepath.Join(tmp, "repo")
	git := gitIn(repo)
	if err := os.MkdirAll(repo, 0o755); err != nil {
		return nil, err
	}
	if err := git("init", "-q", "-b", "main"); err != nil {
		return nil, err
	}
	for i, v := range []string{r.Base, r.Head} {
		if err := replaceTree(repo, dirs[i]); err != nil {
			return nil, err
		}
		if err := git("add", "-A"); err != nil {
			return nil, err
		}
		if err := git("commit", "-q", "-m", v); err != nil {
			return nil, err
		}
		if err := git("tag", v); err != nil {
			return nil, err
		}
	}
	gitRepo, err := apidiff.Open(repo)
	if err != nil {
		return nil, err
	}
	files, err := gitRepo.Changes(r.Base, r.Head)
	if err != nil {
		return nil, err
	}
	r.ChangedFiles = len(files)

	opts := apidiff.Options{Root: repo, Base: r.Base, Head: r.Head}
	start, cpu := time.Now(), cpuAndChildren()
	resp, err := apidiff.Diff(opts)
	if err != nil {
		return nil, err
	}
	r.DiffColdSec, r.DiffColdCPU = time.Since(start).Seconds(), cpuAndChildren()-cpu
	r.Outlined, r.Changes = resp.Summary.Files, resp.Summary.Changes
	cache, err := apidiff.OpenCache(filepath.Join(tmp, "cache"))
	if err != nil {
		return nil, err
	}
	opts.Cache = cache
	if _, err := apidiff.Diff(opts); err != nil { // fills the cache
		return nil, err
	}
	start, cpu = time.Now(), cpuAndChildren()
	if _, err := apidiff.Diff(opts); err != nil {
		return nil, err
	}
	r.DiffWarmSec, r.DiffWarmCPU = time.Since(start).Seconds(), cpuAndChildren()-cpu

	// The reference: two plain outlines (of the releases as unpacked),
	// compared path by path, against the diff without rename pairing.
	base, err := apidiff.Outline(apidiff.Options{Root: dirs[0]})
	if err != nil {
		return nil, err
	}
	start = time.Now()
	head, err := apidiff.Outline(apidiff.Options{Root: dirs[1]})
	if err != nil {
		return nil, err
	}
	r.OutlineCold = time.Since(start).Seconds()
	if _, err := apidiff.Outline(apidiff.Options{Root: repo, Cache: cache}); err != nil {
		return nil, err
	}
	start = time.Now()
	if _, err := apidiff.Outline(apidiff.Options{Root: repo, Cache: cache}); err != nil {
		return nil, err
	}
	r.OutlineWarm = time.Since(start).Seconds()
	opts.Cache, opts.NoRenames = nil, true
	plain, err := apidiff.Diff(opts)
	if err != nil {
		return nil, err
	}
	want := referenceChanges(base, head)
	got := reportedChanges(plain)
	for k := range want {
		if !got[k] {
			r.RefMissing++
			if r.RefMissing <= 5 {
				fmt.Fprintf(os.Stderr, "   reference only: %s\n", k)
			}
		}
	}
	for k := range got {
		if !want[k] {
			r.RefExtra++
			if r.RefExtra <= 5 {
				fmt.Fprintf(os.Stderr, "   diff only: %s\n", k)
			}
		}
	}
	if n := len(want) + len(got); n > 0 {
		r.RefAgreement = 1 - float64(r.RefMissing+r.RefExtra)/float64(n)
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return nil, err
	}
	if err := benchSwitch(r, filepath.Join(tmp, "switch"), filepath.Join(strings.TrimSpace(string(goroot)), "src")); err != nil {
		return nil, err
	}
	return r, nil
}

// benchSwitch builds a repository of up to 5,000 files of src with two
// branches 50 files apart, indexes it with a watching engine, checks the
// other branch out and times how long until the index equals it.
func benchSwitch(r *gitResult, repo, src string) error {
	git := gitIn(repo)
	if err := os.MkdirAll(repo, 0o755); err != nil {
		return err
	}
	var rels []string
	filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() && strings.HasSuffix(p, ".go") && len(rels) < 5000 {
			rel, _ := filepath.Rel(src, p)
			rels = append(rels, rel)
		}
		return nil
	})
	sort.Strings(rels)
	for _, rel := range rels {
		if err := copyFile(filepath.Join(src, rel), filepath.Join(repo, rel)); err != nil {
			return err
		}
	}
	r.SwitchFiles = len(rels)
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"add", "-A"}, {"commit", "-q", "-m", "a"}, {"checkout", "-q", "-b", "other"}} {
		if err := git(args...); err != nil {
			return err
		}
	}
	step := max(1, len(rels)/50)
	var edited []string
	for i := 0; i < len(rels) && len(edited) < 50; i += step {
		f, err := os.OpenFile(filepath.Join(repo, rels[i]), os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		fmt.Fprintf(f, "\nfunc BranchSwitchMarker%d() {}\n", len(edited))
		f.Close()
		edited = append(edited, rels[i])
	}
	r.SwitchDiff = len(edited)
	for _, args := range [][]string{{"commit", "-q", "-am", "b"}, {"checkout", "-q", "main"}} {
		if err := git(args...); err != nil {
			return err
		}
	}
	e, err := engine.NewEngine([]treenav.Collection{{Name: "switch", Root: repo}}, engine.EngineOptions{})
	if err != nil {
		return err
	}
	if err := e.Build(); err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go e.Watch(ctx, engine.WatchOptions{})
	for !e.Status().Watching {
		time.Sleep(10 * time.Millisecond)
	}
	before := e.Status().Updates
	start := time.Now()
	if err := git("checkout", "-q", "other"); err != nil {
		return err
	}
	// Current: the disk holds no change the index lacks (sizes and times
	// of every file, skipped ones included).
	deadline := start.Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if f, err := e.Diff(); err == nil && len(f.Changed)+len(f.Added)+len(f.Removed) == 0 {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	r.SwitchSec = time.Since(start).Seconds()
	// And equal to a fresh build of the branch.
	fresh, err := engine.NewEngine([]treenav.Collection{{Name: "switch", Root: repo}}, engine.EngineOptions{})
	if err != nil {
		return err
	}
	if err := fresh.Build(); err != nil {
		return err
	}
	q := index.SymbolRequest{Query: "BranchSwitchMarker", Limit: 100}
	got, err1 := e.Index().Symbols(q)
	want, err2 := fresh.Index().Symbols(q)
	if err1 != nil || err2 != nil || got.Total != want.Total || e.Index().Stats().Documents != fresh.Index().Stats().Documents {
		return fmt.Errorf("branch switch: the watched index differs from a fresh build (%v %v)", err1, err2)
	}
	r.SwitchParsed = e.Status().Updates - before
	return nil
}

// referenceChanges lists, from two plain outlines, the symbols removed,
// added and re-signed, path by path (the n-th symbol of a name with the
// n-th): "change path qualified_name#n".
func referenceChanges(base, head []treenav.OutlineFile) map[string]bool {
	type sym struct{ sig string }
	flat := func(files []treenav.OutlineFile) map[string]sym {
		m := map[string]sym{}
		for _, f := range files {
			if f.Language == "markdown" {
				continue
			}
			seen := map[string]int{}
			var walkSyms func([]treenav.OutlineSymbol)
			walkSyms = func(ss []treenav.OutlineSymbol) {
				for _, s := range ss {
					seen[s.QualifiedName]++
					m[fmt.Sprintf("%s %s#%d", f.Path, s.QualifiedName, seen[s.QualifiedName])] = sym{s.Signature}
					walkSyms(s.Children)
				}
			}
			walkSyms(f.Symbols)
		}
		return m
	}
	b, h := flat(base), flat(head)
	out := map[string]bool{}
	for k, s := range b {
		if hs, ok := h[k]; !ok {
			out["removed "+k] = true
		} else if hs.sig != s.sig {
			out["signature_changed "+k] = true
		}
	}
	for k := range h {
		if _, ok := b[k]; !ok {
			out["added "+k] = true
		}
	}
	return out
}

// reportedChanges lists a report's changes as referenceChanges does: a
// move is a removal and an addition, kind and visibility changes and
// deprecations are left out (plain outlines do not show them).
func reportedChanges(r *treenav.ChangesResponse) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	// Occurrence numbers follow the order of symbols in their file, which
	// is the order of lines.
	cs := append([]treenav.SymbolChange(nil), r.Changes...)
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].LineStart < cs[j].LineStart })
	for _, c := range cs {
		if c.OldPath != "" && c.Change != treenav.ChangeMoved {
			continue // the other changes of a moved symbol: its move says it
		}
		switch c.Change {
		case treenav.ChangeAdded, treenav.ChangeRemoved, treenav.ChangeSignatureChanged:
		case treenav.ChangeMoved:
			out[fmt.Sprintf("removed %s %s#1", c.OldPath, c.QualifiedName)] = true
			out[fmt.Sprintf("added %s %s#1", c.Path, c.QualifiedName)] = true
			continue
		default:
			continue
		}
		k := c.Change + " " + c.Path + " " + c.QualifiedName
		seen[k]++
		out[fmt.Sprintf("%s#%d", k, seen[k])] = true
	}
	return out
}

// replaceTree empties repo (but .git) and copies src into it.
func replaceTree(repo, src string) error {
	entries, err := os.ReadDir(repo)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.Name() != ".git" {
			if err := os.RemoveAll(filepath.Join(repo, e.Name())); err != nil {
				return err
			}
		}
	}
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		return copyFile(p, filepath.Join(repo, rel))
	})
}

func copyFile(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	return os.WriteFile(to, b, 0o644)
}

// gitIn returns a function that runs git in dir.
func gitIn(dir string) func(args ...string) error {
	return func(args ...string) error {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=bench", "GIT_AUTHOR_EMAIL=bench@example.com",
			"GIT_COMMITTER_NAME=bench", "GIT_COMMITTER_EMAIL=bench@example.com", "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("git %v: %v: %s", args, err, out)
		}
		return nil
	}
}

// cpuAndChildren is the CPU time of this process and of the children it
// waited for (git).
func cpuAndChildren() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru) != nil {
		return cpuTime()
	}
	return cpuTime() + time.Duration(ru.Utime.Nano()+ru.Stime.Nano()).Seconds()
}

// printGit prints the git part of the report.
func printGit(r *gitResult) {
	if r.Skip != "" {
		fmt.Printf("\ngit outlines: skipped (%s)\n", r.Skip)
		return
	}
	fmt.Printf("\ngit outlines: %s %s..%s, %d files changed (%d outlined), %d symbol changes\n",
		r.Module, r.Base, r.Head, r.ChangedFiles, r.Outlined, r.Changes)
	fmt.Printf("  outline --diff: %.2fs cold (%.2f CPU-s), %.2fs from the parse cache (%.2f CPU-s)\n",
		r.DiffColdSec, r.DiffColdCPU, r.DiffWarmSec, r.DiffWarmCPU)
	fmt.Printf("  outline of the head tree: %.2fs cold, %.2fs from the parse cache\n", r.OutlineCold, r.OutlineWarm)
	fmt.Printf("  against two plain outlines: agreement %.4f (%d only in the reference, %d only in the diff)\n",
		r.RefAgreement, r.RefMissing, r.RefExtra)
	fmt.Printf("  branch switch: %d files, %d differ: index current %.2fs after the checkout, %d files parsed\n",
		r.SwitchFiles, r.SwitchDiff, r.SwitchSec, r.SwitchParsed)
}
