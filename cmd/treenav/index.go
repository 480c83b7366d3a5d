package main

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index/engine"
	"github.com/treenav/treenav/mcp"
)

func init() {
	register(&command{name: "index", usage: "[--root DIR]... [--index-dir DIR] [--json]",
		summary: "build or update the persisted index (only changed files are parsed)", run: (*cli).index})
	register(&command{name: "status", usage: "[--root DIR]... [--index-dir DIR] [--json]",
		summary: "how fresh the persisted index is and what its last build skipped or failed on (the MCP index_status tool)", run: (*cli).statusCmd})
}

// indexSummary is what `treenav index --json` prints.
type indexSummary struct {
	Documents int                `json:"documents"`
	Nodes     int                `json:"nodes"`
	Terms     int                `json:"terms"`
	Languages map[string]int     `json:"languages"`
	Parsed    int                `json:"parsed"`
	Unchanged int                `json:"unchanged"`
	Removed   int                `json:"removed"`
	Skipped   map[string]int     `json:"skipped"`
	Errors    []engine.FileError `json:"errors"`
	Seconds   float64            `json:"seconds"`
	Snapshot  string             `json:"snapshot,omitempty"`
	SizeBytes int64              `json:"snapshot_bytes,omitempty"`
	// SnapshotError is why the snapshot could not be saved; the
	// command then exits 1 (Snapshot and SizeBytes are left out).
	SnapshotError string `json:"snapshot_error,omitempty"`
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
	st, ix := e.Status(), e.Stats()
	sum := indexSummary{Documents: ix.Documents, Nodes: ix.Nodes, Terms: ix.Terms, Languages: ix.Languages,
		Parsed: st.Parsed, Unchanged: st.Unchanged, Removed: st.Removed, Skipped: st.Skipped,
		Errors: st.Errors, Seconds: time.Since(start).Seconds()}
	if st.SnapshotError != "" {
		sum.SnapshotError = st.SnapshotError
	} else if dir, err := e.SnapshotDir(cm.cfg.Index.Dir); err == nil {
		sum.Snapshot = filepath.Join(dir, "index.tnv")
		if fi, err := os.Stat(sum.Snapshot); err == nil {
			sum.SizeBytes = fi.Size()
		}
	}
	// A snapshot that could not be saved fails the command: the index
	// was built for nothing, the next command parses it all again.
	notSaved := func() error {
		if sum.SnapshotError == "" {
			return nil
		}
		fmt.Fprintf(c.stderr, "treenav index: the snapshot was not saved (%s): the next command parses every file again; "+
			"make the cache directory writable, or set index.dir (or --index-dir) to a directory that is\n", sum.SnapshotError)
		return errNothing
	}
	if cm.json {
		if err := writeJSON(c.stdout, sum); err != nil {
			return err
		}
		return notSaved()
	}
	w := c.stdout
	fmt.Fprintf(w, "indexed %s, %s, %s in %.1fs\n", treenav.Count(sum.Documents, "document"), treenav.Count(sum.Nodes, "node"), treenav.Count(sum.Terms, "term"), sum.Seconds)
	fmt.Fprintf(w, "files: %d parsed, %d unchanged, %d removed\n", sum.Parsed, sum.Unchanged, sum.Removed)
	if len(sum.Languages) > 0 {
		fmt.Fprintf(w, "languages: %s\n", treenav.CountsLine(sum.Languages))
	} else {
		fmt.Fprintln(w, "languages: none (no source or markdown file treenav reads was found)")
	}
	if len(sum.Skipped) > 0 {
		fmt.Fprintf(w, "skipped: %s\n", treenav.CountsLine(sum.Skipped))
	}
	if st.ErrorCount > 0 {
		fmt.Fprintf(w, "errors: %s could not be indexed\n", treenav.Count(st.ErrorCount, "file"))
		for _, fe := range st.Errors {
			fmt.Fprintf(w, "  %s: %s\n", fe.Path, fe.Error)
		}
	}
	if sum.Snapshot != "" {
		fmt.Fprintf(w, "snapshot: %s (%.1f MB)\n", sum.Snapshot, float64(sum.SizeBytes)/1e6)
	}
	if sum.SnapshotError != "" {
		fmt.Fprintf(w, "snapshot: not saved: %s\n", sum.SnapshotError)
	}
	return notSaved()
}

func (c *cli) statusCmd(args []string) error {
	fs := c.newFlags("status")
	cm := c.commonFlags(fs)
	args, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(args) > 0 {
		return usagef("unexpected argument %q", args[0])
	}
	cfg, err := cm.setup()
	if err != nil {
		return err
	}
	e, err := cm.newEngine(cfg, engine.EngineOptions{})
	if err != nil {
		return err
	}
	dir, err := e.SnapshotDir(cfg.Index.Dir)
	if err != nil {
		return err
	}
	// A snapshot that cannot be written: said, as the status of a
	// process whose save failed says it.
	dirErr := engine.CheckSnapshotDir(dir)
	loaded, err := e.LoadSnapshot(dir)
	switch {
	case err != nil:
		fmt.Fprintf(c.stderr, "treenav: %v: the next command rebuilds it\n", err)
		return errNothing
	case !loaded && dirErr != nil:
		fmt.Fprintf(c.stderr, "treenav: no index yet for these roots, and none can be saved: %v; "+
			"set index.dir (or --index-dir) to a writable directory\n", dirErr)
		return errNothing
	case !loaded:
		fmt.Fprintf(c.stderr, "treenav: no index yet for these roots (%s): run treenav index\n", dir)
		return errNothing
	}
	rep := mcp.Report(e, nil)
	if dirErr != nil {
		rep.SnapshotError = dirErr.Error()
	}
	if err := rep.WithFreshness(e); err != nil {
		return err
	}
	return c.emit(cm, rep)
}
