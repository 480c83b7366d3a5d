package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/treenav/treenav/index"
)

func init() {
	register(&command{name: "index", usage: "[--root DIR]... [--index-dir DIR] [--json]",
		summary: "build or update the persisted index (only changed files are parsed)", run: (*cli).index})
	register(&command{name: "status", usage: "[--root DIR]... [--index-dir DIR] [--json]",
		summary: "say how fresh the persisted index is, and what the last build skipped", run: (*cli).statusCmd})
}

// statusFile keeps the last build's status beside the snapshot.
const statusFile = "status.json"

// indexSummary is what `treenav index --json` prints.
type indexSummary struct {
	Documents int               `json:"documents"`
	Nodes     int               `json:"nodes"`
	Terms     int               `json:"terms"`
	Languages map[string]int    `json:"languages"`
	Parsed    int               `json:"parsed"`
	Unchanged int               `json:"unchanged"`
	Removed   int               `json:"removed"`
	Skipped   map[string]int    `json:"skipped"`
	Errors    []index.FileError `json:"errors"`
	Seconds   float64           `json:"seconds"`
	Snapshot  string            `json:"snapshot,omitempty"`
	SizeBytes int64             `json:"snapshot_bytes,omitempty"`
}

func (c *cli) index(args []string) error {
	fs := c.newFlags("index")
	cm := c.commonFlags(fs)
	if _, err := parseFlags(fs, args); err != nil {
		return err
	}
	if cm.noCache {
		return usagef("--no-cache: treenav index exists to write the snapshot")
	}
	cm.progress = true
	start := time.Now()
	e, err := c.engine(cm)
	if err != nil {
		return err
	}
	st, ix := e.Status(), e.Index().Stats()
	sum := indexSummary{Documents: ix.Documents, Nodes: ix.Nodes, Terms: ix.Terms, Languages: ix.Languages,
		Parsed: st.Parsed, Unchanged: st.Unchanged, Removed: st.Removed, Skipped: st.Skipped,
		Errors: st.Errors, Seconds: time.Since(start).Seconds()}
	if dir, err := e.SnapshotDir(cm.cfg.Index.Dir); err == nil {
		sum.Snapshot = filepath.Join(dir, "index.tnv")
		if fi, err := os.Stat(sum.Snapshot); err == nil {
			sum.SizeBytes = fi.Size()
		}
		if b, err := json.Marshal(st); err == nil {
			os.WriteFile(filepath.Join(dir, statusFile), b, 0o644)
		}
	}
	if cm.json {
		return writeJSON(c.stdout, sum)
	}
	w := c.stdout
	fmt.Fprintf(w, "indexed %d documents, %d nodes, %d terms in %.1fs\n", sum.Documents, sum.Nodes, sum.Terms, sum.Seconds)
	fmt.Fprintf(w, "files: %d parsed, %d unchanged, %d removed\n", sum.Parsed, sum.Unchanged, sum.Removed)
	fmt.Fprintf(w, "languages: %s\n", countsLine(sum.Languages))
	if len(sum.Skipped) > 0 {
		fmt.Fprintf(w, "skipped: %s\n", countsLine(sum.Skipped))
	}
	if st.ErrorCount > 0 {
		fmt.Fprintf(w, "errors: %d files could not be indexed\n", st.ErrorCount)
		for _, fe := range st.Errors {
			fmt.Fprintf(w, "  %s: %s\n", fe.Path, fe.Error)
		}
	}
	if sum.Snapshot != "" {
		fmt.Fprintf(w, "snapshot: %s (%.1f MB)\n", sum.Snapshot, float64(sum.SizeBytes)/1e6)
	}
	return nil
}

// countsLine renders counts as "go=120 markdown=14", largest first.
func countsLine(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s=%d", k, m[k])
	}
	return strings.Join(parts, " ")
}

// statusReport is what `treenav status --json` prints.
type statusReport struct {
	Snapshot  string           `json:"snapshot"`
	Exists    bool             `json:"exists"`
	Problem   string           `json:"problem,omitempty"`
	Updated   time.Time        `json:"updated"`
	Documents int              `json:"documents"`
	Nodes     int              `json:"nodes"`
	Fresh     *index.Freshness `json:"freshness,omitempty"`
	LastBuild *index.Status    `json:"last_build,omitempty"`
}

func (c *cli) statusCmd(args []string) error {
	fs := c.newFlags("status")
	cm := c.commonFlags(fs)
	if _, err := parseFlags(fs, args); err != nil {
		return err
	}
	cfg, err := cm.setup()
	if err != nil {
		return err
	}
	e, err := cm.newEngine(cfg, index.EngineOptions{})
	if err != nil {
		return err
	}
	dir, err := e.SnapshotDir(cfg.Index.Dir)
	if err != nil {
		return err
	}
	rep := statusReport{Snapshot: filepath.Join(dir, "index.tnv")}
	rep.Exists, err = e.LoadSnapshot(dir)
	if err != nil {
		rep.Problem = err.Error()
	}
	if rep.Exists {
		st := e.Index().Stats()
		rep.Updated, rep.Documents, rep.Nodes = st.Updated, st.Documents, st.Nodes
		if rep.Fresh, err = e.Diff(); err != nil {
			return err
		}
		if b, err := os.ReadFile(filepath.Join(dir, statusFile)); err == nil {
			var last index.Status
			if json.Unmarshal(b, &last) == nil {
				rep.LastBuild = &last
			}
		}
	}
	if cm.json {
		return writeJSON(c.stdout, rep)
	}
	w := c.stdout
	fmt.Fprintf(w, "snapshot: %s\n", rep.Snapshot)
	switch {
	case rep.Problem != "":
		fmt.Fprintf(w, "unusable: %s (the next command rebuilds it)\n", rep.Problem)
		return nil
	case !rep.Exists:
		fmt.Fprintln(w, "no index yet: run treenav index")
		return nil
	}
	fmt.Fprintf(w, "updated: %s (%s ago)\n", rep.Updated.Format(time.RFC3339), time.Since(rep.Updated).Round(time.Second))
	fmt.Fprintf(w, "documents: %d, nodes: %d\n", rep.Documents, rep.Nodes)
	f := rep.Fresh
	if len(f.Changed)+len(f.Added)+len(f.Removed) == 0 {
		fmt.Fprintln(w, "fresh: no file changed since")
	} else {
		fmt.Fprintf(w, "stale: %d changed, %d added, %d removed since (the next command updates them)\n", len(f.Changed), len(f.Added), len(f.Removed))
		for _, l := range [][]string{f.Changed, f.Added, f.Removed} {
			for _, id := range l[:min(len(l), 5)] {
				fmt.Fprintf(w, "  %s\n", id)
			}
		}
	}
	if lb := rep.LastBuild; lb != nil {
		if len(lb.Skipped) > 0 {
			fmt.Fprintf(w, "last build skipped: %s\n", countsLine(lb.Skipped))
		}
		if lb.ErrorCount > 0 {
			fmt.Fprintf(w, "last build errors: %d\n", lb.ErrorCount)
			for _, fe := range lb.Errors {
				fmt.Fprintf(w, "  %s: %s\n", fe.Path, fe.Error)
			}
		}
	}
	return nil
}
