package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index/apidiff"
	"github.com/treenav/treenav/index/walk"
)

// diffFlags are outline's flags for an API change report.
type diffFlags struct {
	rev        string
	bodies     bool
	failOn     string
	maxChanges int
}

func (d *diffFlags) add(fs *flag.FlagSet) {
	fs.StringVar(&d.rev, "diff", "", "report the symbols changed between git revisions: BASE (against the work tree), BASE..HEAD, or BASE...HEAD (from their merge base)")
	fs.BoolVar(&d.bodies, "bodies", false, "with --diff: also report symbols whose text alone changed (body_changed)")
	fs.StringVar(&d.failOn, "fail-on", "", "with --diff: exit 3 when one of these changes happened, comma-separated: "+failOnHelp())
	fs.IntVar(&d.maxChanges, "max-changes", treenav.DefaultMaxChanges, "with --diff --format markdown: list at most this many changes (0: all)")
}

// set reports whether a flag that needs --diff was given.
func (d *diffFlags) set(fs *flag.FlagSet) bool {
	given := false
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "bodies", "fail-on", "max-changes":
			given = true
		}
	})
	return given
}

// errPolicy is a --fail-on change that happened: exit status 3.
type errPolicy struct{ hits []string }

func (e *errPolicy) Error() string {
	return "changes that --fail-on names: " + strings.Join(e.hits, ", ")
}

func failOnHelp() string {
	var names []string
	for _, k := range treenav.ChangeKinds {
		n := strings.ReplaceAll(k, "_", "-")
		names = append(names, n, n+"-public")
	}
	return strings.Join(names, ", ")
}

// parseFailOn reads --fail-on's list: change kinds with - or _, each
// alone (any such change) or with -public (a change to the public API).
func parseFailOn(list string) (map[string]bool, error) {
	want := map[string]bool{}
	for item := range strings.SplitSeq(list, ",") {
		item = strings.ReplaceAll(strings.TrimSpace(item), "-", "_")
		if item == "" {
			continue
		}
		kind := strings.TrimSuffix(item, "_public")
		if !slices.Contains(treenav.ChangeKinds, kind) {
			return nil, usagef("unknown --fail-on change %q (want %s)", item, failOnHelp())
		}
		want[item] = true
	}
	return want, nil
}

// splitRange reads BASE, BASE..HEAD or BASE...HEAD.
func splitRange(repo *apidiff.Repo, rev string) (base, head string, err error) {
	if b, h, ok := strings.Cut(rev, "..."); ok {
		if b == "" {
			b = "HEAD"
		}
		if h == "" {
			h = "HEAD"
		}
		mb, err := repo.MergeBase(b, h)
		return mb, h, err
	}
	if b, h, ok := strings.Cut(rev, ".."); ok {
		if b == "" {
			b = "HEAD"
		}
		if h == "" {
			h = "HEAD"
		}
		return b, h, nil
	}
	return rev, "", nil
}

func (c *cli) outlineDiff(root, format string, maxSize int64, paths []string, d diffFlags, cacheDir string, noCache bool) error {
	failOn, err := parseFailOn(d.failOn)
	if err != nil {
		return err
	}
	repo, err := apidiff.Open(root)
	if errors.Is(err, apidiff.ErrNotRepository) {
		return fmt.Errorf("--diff compares git revisions, and %s is not in a git repository", root)
	}
	if err != nil {
		return err
	}
	base, head, err := splitRange(repo, d.rev)
	if err != nil {
		return err
	}
	cache, err := openOutlineCache(c.stderr, cacheDir, noCache)
	if err != nil {
		return err
	}
	opts := apidiff.Options{Root: root, Base: base, Head: head, Bodies: d.bodies, Paths: paths,
		Walk: walk.Options{MaxFileSize: maxSize}, Cache: cache}
	w := bufio.NewWriter(c.stdout)
	defer w.Flush()
	if format == "ctags" {
		// The new side's tags: a CI job publishes them beside the report.
		files, err := apidiff.Outline(opts)
		if err != nil {
			return err
		}
		return writeCtags(w, treenav.OutlineResponse{Files: files})
	}
	r, err := apidiff.Diff(opts)
	if errors.Is(err, apidiff.ErrBadPath) {
		return usagef("%v", err)
	}
	if err != nil {
		return err
	}
	switch format {
	case "json":
		b, err := treenav.MarshalResult(r)
		if err != nil {
			return err
		}
		w.Write(b)
		w.WriteByte('\n')
	default:
		r.WriteMarkdown(w, d.maxChanges)
	}
	var hits []string
	for _, k := range treenav.ChangeKinds {
		all, public := r.Summary.ByKind[k], r.Summary.PublicByKind[k]
		if failOn[k] && all > 0 {
			hits = append(hits, fmt.Sprintf("%d %s", all, k))
		} else if failOn[k+"_public"] && public > 0 {
			hits = append(hits, fmt.Sprintf("%d %s (public)", public, k))
		}
	}
	if len(hits) > 0 {
		w.Flush()
		return &errPolicy{hits}
	}
	return nil
}
