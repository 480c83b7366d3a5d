package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index/engine"
	"github.com/treenav/treenav/index/walk"
)

// common are the flags every index-backed command takes.
type common struct {
	fs       *flag.FlagSet
	cfg      *treenav.Config // after setup
	origin   *engine.Origin  // after setup: how cfg's collections were made
	config   string
	rank     stringList
	roots    stringList
	json     bool
	maxSize  int64
	quiet    bool
	indexDir string
	noCache  bool
	// progress forces progress output on stderr (plain lines when it is
	// not a terminal); treenav index sets it.
	progress bool
}

func (c *cli) commonFlags(fs *flag.FlagSet) *common {
	cm := &common{fs: fs}
	fs.Var(&cm.roots, "root", "directory to index (repeatable; default: the configured collections, else .)")
	fs.StringVar(&cm.config, "config", "", "configuration file (default: ./treenav.toml, else the user config dir's treenav/config.toml)")
	fs.Var(&cm.rank, "rank", "set a ranking knob, KEY=VALUE (repeatable), e.g. bm25_k1=1.0 or synonyms=false")
	fs.BoolVar(&cm.json, "json", false, "print JSON (the MCP tool's structured result)")
	fs.Int64Var(&cm.maxSize, "max-file-size", walk.DefaultMaxFileSize, "skip files larger than this many bytes")
	fs.BoolVar(&cm.quiet, "quiet", false, "no progress on stderr")
	fs.StringVar(&cm.indexDir, "index-dir", "", "where index snapshots live (default: the user cache dir)")
	fs.BoolVar(&cm.noCache, "no-cache", false, "neither load nor save an index snapshot: index from scratch in memory")
	return cm
}

// setup loads the configuration and applies the command line over it:
// --root replaces the configured collections, --max-file-size, --index-dir
// and --rank override their settings.
func (cm *common) setup() (*treenav.Config, error) {
	cfg, file, err := treenav.LoadConfig(cm.config)
	if err != nil {
		return nil, err
	}
	cm.origin = &engine.Origin{
		ConfigFile:      file,
		RootFlag:        len(cm.roots) > 0,
		Configured:      cfg.Collections,
		MaxFileSizeFlag: cm.set("max-file-size"),
		Relative:        true,
	}
	if err := cfg.Resolve(cm.roots); err != nil {
		return nil, err
	}
	if cm.set("max-file-size") {
		if cm.maxSize <= 0 {
			return nil, usagef("--max-file-size must be > 0")
		}
		cfg.Limits.MaxFileSize = cm.maxSize
	}
	if cm.set("index-dir") {
		cfg.Index.Dir = cm.indexDir
	}
	for _, kv := range cm.rank {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, usagef("--rank wants KEY=VALUE, got %q", kv)
		}
		if err := cfg.Ranking.Set(k, v); err != nil {
			return nil, usagef("--rank: %v", err)
		}
	}
	cm.cfg = cfg
	return cfg, nil
}

// set reports whether a flag was given on the command line.
func (cm *common) set(name string) bool {
	found := false
	cm.fs.Visit(func(f *flag.Flag) { found = found || f.Name == name })
	return found
}

// newEngine makes an engine for the configuration, without building it.
func (cm *common) newEngine(cfg *treenav.Config, opts engine.EngineOptions) (*engine.Engine, error) {
	opts.MaxFileSize = cfg.Limits.MaxFileSize
	opts.Origin = cm.origin
	e, err := engine.NewEngine(cfg.Collections, opts)
	if err != nil {
		return nil, err
	}
	e.SetRanking(cfg.Ranking)
	return e, nil
}

// engine returns an up-to-date index for a command: the persisted snapshot
// is loaded and reconciled with the disk (only changed files are parsed),
// then saved again if anything changed.
func (c *cli) engine(cm *common) (*engine.Engine, error) {
	cfg, err := cm.setup()
	if err != nil {
		return nil, err
	}
	var opts engine.EngineOptions
	var bar *progress
	if !cm.quiet && (cm.progress || isTerminal(c.stderr)) {
		bar = newProgress(c.stderr, isTerminal(c.stderr))
		opts.Progress = bar.update
	}
	e, err := cm.newEngine(cfg, opts)
	if err != nil {
		return nil, err
	}
	var dir string
	loaded := false
	if !cm.noCache {
		if dir, err = e.SnapshotDir(cfg.Index.Dir); err != nil {
			return nil, err
		}
		if loaded, err = e.LoadSnapshot(dir); err != nil {
			fmt.Fprintf(c.stderr, "treenav: %v; rebuilding the index\n", err)
		}
	}
	err = e.Build()
	if bar != nil {
		bar.finish()
	}
	if err != nil {
		return nil, err
	}
	// Changes counts what a build altered, failed and skipped files'
	// stamps included: a file that fails or turns binary is saved as
	// such, so that status does not report it as new.
	if !cm.noCache && (!loaded || e.Changes() > 0) {
		if err := e.SaveSnapshot(dir); err != nil {
			fmt.Fprintf(c.stderr, "treenav: could not save the index snapshot: %v\n", err)
		}
	}
	return e, nil
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// filterFlag parses repeated KEY=VALUE filters.
type filterFlag map[string][]string

func (f filterFlag) String() string {
	var parts []string
	for k, vs := range f {
		for _, v := range vs {
			parts = append(parts, k+"="+v)
		}
	}
	return strings.Join(parts, ",")
}

func (f filterFlag) Set(s string) error {
	k, v, ok := strings.Cut(s, "=")
	if !ok || k == "" || v == "" {
		return fmt.Errorf("want KEY=VALUE, got %q", s)
	}
	f[k] = append(f[k], v)
	return nil
}
