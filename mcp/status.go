package mcp

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index"
	"github.com/treenav/treenav/index/apidiff"
	"github.com/treenav/treenav/index/engine"
)

// StatusReport is the answer of index_status and the content of the
// treenav://stats resource: how current the index is (the engine's Status)
// and what it holds (the index's Stats). Its JSON is the CLI's
// "treenav status --json".
type StatusReport struct {
	engine.Status
	index.Stats
	Collections []CollectionInfo `json:"collections"`
	// BuildError is why the last build failed, if it did.
	BuildError string `json:"build_error,omitempty"`
	// Freshness compares the index with the disk (sizes and times, no
	// parsing): what changed since it was last updated.
	Freshness *Freshness `json:"freshness,omitempty"`
}

// Freshness counts the files that differ from the index, with a few
// examples of each.
type Freshness struct {
	Changed  int      `json:"changed"`
	Added    int      `json:"added"`
	Removed  int      `json:"removed"`
	Examples []string `json:"examples,omitempty"`
}

// maxFreshExamples bounds the example paths of a freshness report.
const maxFreshExamples = 10

// WithFreshness compares the engine's index with the disk and records it.
func (r *StatusReport) WithFreshness(e *engine.Engine) error {
	f, err := e.Diff()
	if err != nil {
		return err
	}
	r.Freshness = &Freshness{Changed: len(f.Changed), Added: len(f.Added), Removed: len(f.Removed)}
	for i := range r.Collections {
		if repo, err := apidiff.Open(r.Collections[i].Root); err == nil {
			if st, err := repo.State(); err == nil {
				r.Collections[i].Git = &st
			}
		}
	}
	for _, l := range [][]string{f.Changed, f.Added, f.Removed} {
		for _, id := range l {
			if len(r.Freshness.Examples) < maxFreshExamples {
				r.Freshness.Examples = append(r.Freshness.Examples, id)
			}
		}
	}
	return nil
}

// CollectionInfo names an indexed root.
type CollectionInfo struct {
	Name string `json:"name"`
	Root string `json:"root"`
	// Git is the commit and branch the root's work tree is at, and how
	// many of its files differ from that commit (set with the freshness
	// report, when the root is in a git repository): with Freshness, it
	// says whether the index follows a branch switch.
	Git *apidiff.State `json:"git,omitempty"`
}

// Report describes engine e; buildErr is the last build's error, if any.
func Report(e *engine.Engine, buildErr error) *StatusReport {
	r := &StatusReport{Status: e.Status(), Stats: e.Stats(), Collections: []CollectionInfo{}}
	if r.Skipped == nil {
		r.Skipped = map[string]int{}
	}
	if r.Errors == nil {
		r.Errors = []engine.FileError{}
	}
	for _, c := range e.Collections() {
		r.Collections = append(r.Collections, CollectionInfo{Name: c.Name, Root: c.Root})
	}
	if buildErr != nil {
		r.BuildError = buildErr.Error()
	}
	return r
}

// Text renders the report for a reader.
func (r *StatusReport) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "index %s: %s, %s, %s\n", r.State,
		count(r.Documents, "document"), count(r.Nodes, "node"), count(r.Terms, "term"))
	if note := progressNote(r.Status, r.BuildError); note != "" {
		b.WriteString(note + "\n")
	}
	if len(r.Languages) > 0 {
		fmt.Fprintf(&b, "languages: %s\n", treenav.CountsLine(r.Languages))
	}
	if m := memoryLine(r.Memory); m != "" {
		b.WriteString(m + "\n")
	}
	if !r.LastBuild.IsZero() {
		took := r.BuildTime.Round(time.Microsecond)
		if took >= time.Millisecond {
			took = took.Round(time.Millisecond)
		}
		fmt.Fprintf(&b, "last build: %s, took %s (parsed %d, unchanged %d, removed %d)\n",
			r.LastBuild.Format(time.RFC3339), took, r.Parsed, r.Unchanged, r.Removed)
	}
	if !r.Updated.IsZero() {
		fmt.Fprintf(&b, "last update: %s\n", r.Updated.Format(time.RFC3339))
	}
	if r.Watching {
		fmt.Fprintf(&b, "watching for changes: %s updated since the build\n", count(r.Updates, "file"))
	}
	if l := r.WatchLimit; l != nil {
		cur := "unknown"
		if l.Current > 0 {
			cur = thousands(l.Current)
		}
		fmt.Fprintf(&b, "not watching (full rescans instead): the inotify watch limit %s (%s) is too low for %s directories; raise it to %d: %s\n",
			l.Setting, cur, thousands(l.Directories), l.RaiseTo, l.Command)
	}
	for _, e := range r.WatchErrors {
		fmt.Fprintf(&b, "watch error: %s\n", e)
	}
	if r.SnapshotError != "" {
		fmt.Fprintf(&b, "snapshot not saved: %s (the next start parses every file again)\n", r.SnapshotError)
	}
	if len(r.Skipped) > 0 {
		fmt.Fprintf(&b, "skipped files: %s\n", treenav.CountsLine(r.Skipped))
	}
	if len(r.SkippedUnsupported) > 0 {
		fmt.Fprintf(&b, "unsupported files by extension: %s\n", treenav.CountsLine(r.SkippedUnsupported))
	}
	if r.ErrorCount > 0 {
		fmt.Fprintf(&b, "files that failed (%d):\n", r.ErrorCount)
		for _, e := range r.Errors {
			fmt.Fprintf(&b, "  %s: %s\n", e.Path, e.Error)
		}
		if r.ErrorCount > len(r.Errors) {
			fmt.Fprintf(&b, "  (%d more)\n", r.ErrorCount-len(r.Errors))
		}
	}
	if r.Warned > 0 {
		fmt.Fprintf(&b, "documents parsed with warnings (%d; get_tree on one shows them):\n", r.Warned)
		for _, id := range r.WarnedExamples {
			fmt.Fprintf(&b, "  %s\n", id)
		}
		if r.Warned > len(r.WarnedExamples) {
			fmt.Fprintf(&b, "  (%d more)\n", r.Warned-len(r.WarnedExamples))
		}
	}
	if f := r.Freshness; f != nil {
		if f.Changed+f.Added+f.Removed == 0 {
			b.WriteString("fresh: no file changed on disk since the last update\n")
		} else {
			fmt.Fprintf(&b, "stale: %d changed, %d added, %d removed on disk since the last update\n", f.Changed, f.Added, f.Removed)
			for _, id := range f.Examples {
				fmt.Fprintf(&b, "  %s\n", id)
			}
		}
	}
	for _, c := range r.Collections {
		fmt.Fprintf(&b, "collection %s: %s", c.Name, c.Root)
		if g := c.Git; g != nil {
			at := g.Branch
			if at == "" {
				at = "detached HEAD"
			}
			head := g.Head
			if len(head) > 12 {
				head = head[:12]
			}
			fmt.Fprintf(&b, " (git: %s at %s, %s differing from it)", at, head, count(g.Changed, "file"))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// memoryLine renders what the process holds: its resident set when the
// system says, the Go heap in use and reserved, and the snapshot bytes
// read in place.
func memoryLine(m index.Memory) string {
	if m.HeapSys == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("memory: ")
	if m.RSS > 0 {
		fmt.Fprintf(&b, "%s resident", megabytes(m.RSS))
		if m.RSSFile > 0 {
			fmt.Fprintf(&b, " (%s of it file pages the system can drop)", megabytes(m.RSSFile))
		}
		b.WriteString(", ")
	}
	fmt.Fprintf(&b, "Go heap %s in use of %s reserved, %s mapped from the snapshot", megabytes(m.HeapInUse), megabytes(m.HeapSys), megabytes(m.Mapped))
	if m.Retired > 0 {
		fmt.Fprintf(&b, ", %s of strings kept from snapshots no longer read", megabytes(m.Retired))
	}
	return b.String()
}

// megabytes renders a byte count in MB (10^6), with one decimal under 10.
func megabytes(n uint64) string {
	mb := float64(n) / 1e6
	if mb < 10 {
		return strconv.FormatFloat(mb, 'f', 1, 64) + " MB"
	}
	return thousands(int(mb+0.5)) + " MB"
}

// progressNote says how far an unfinished index is, for the end of every
// tool answer: an agent must know that a miss may only mean "not indexed
// yet". It is empty when the index is complete.
func progressNote(st engine.Status, buildErr string) string {
	switch {
	case buildErr != "":
		return "indexing failed: " + buildErr + "; results may be incomplete"
	case st.State == "indexing":
		return fmt.Sprintf("indexing: %s/%s files; results may be incomplete", thousands(st.FilesDone), thousands(st.FilesTotal))
	case st.State == "empty":
		return "indexing: listing files; results may be incomplete"
	}
	return ""
}

// count renders a number of things, with comma separators and in the
// singular for one: "1 document", "15,503 documents".
func count(n int, noun string) string {
	return thousands(n) + " " + treenav.Plural(n, noun)
}

// thousands formats n with comma separators: 15,503.
func thousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
