package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"sync"
	"syscall"
	"time"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index"
	"github.com/treenav/treenav/index/engine"
	"github.com/treenav/treenav/index/walk"
	"github.com/treenav/treenav/parsers"
	"github.com/treenav/treenav/parsers/code"
)

type floorReport struct {
	Files   int     `json:"files"`
	Workers int     `json:"workers"`
	Seconds float64 `json:"seconds"`
}

type coldReport struct {
	Files         int     `json:"files"`
	Bytes         int64   `json:"bytes"`
	Seconds       float64 `json:"seconds"`
	Documents     int     `json:"documents"`
	Nodes         int     `json:"nodes"`
	Terms         int     `json:"terms"`
	Segments      int     `json:"segments"`
	SaveSeconds   float64 `json:"save_seconds"`
	SaveCPU       float64 `json:"save_cpu"`
	SnapshotBytes int64   `json:"snapshot_bytes"`
}

type warmReport struct {
	Seconds   float64 `json:"seconds"`
	Queries   int     `json:"queries"`
	QueryP50  float64 `json:"query_p50"`
	QueryP99  float64 `json:"query_p99"`
	SymbolP50 float64 `json:"symbol_p50"`
	SymbolP99 float64 `json:"symbol_p99"`
	UpdateP50 float64 `json:"update_p50"`
	UpdateP99 float64 `json:"update_p99"`
	// RefsP50/P99 time find_references over a fixed sample of the
	// corpus's Go definitions (refDefinitions); RefsFirst is the first
	// lookup, which builds the segments' reference tables.
	RefsP50   float64 `json:"refs_p50"`
	RefsP99   float64 `json:"refs_p99"`
	RefsFirst float64 `json:"refs_first"`
	RefsDefs  int     `json:"refs_defs"`
	// RefsByLang are the same over the other languages' samples.
	RefsByLang map[string]refTimes `json:"refs_by_language,omitempty"`
	// PrepareSeconds is the compile of the symbol queries before the
	// updates (Engine.PrepareParsers).
	PrepareSeconds float64 `json:"prepare_seconds"`
	// FirstAnswerSeconds is the snapshot loaded and a first search
	// answered; Serving the memory after the warm start and the query
	// rounds.
	FirstAnswerSeconds float64      `json:"first_answer_seconds"`
	Serving            index.Memory `json:"serving"`
	// ServingTables is, by table, how much of the snapshot's tables the
	// queries left resident (Index.MappedTables), read with Serving.
	ServingTables []index.TableResidency `json:"serving_tables,omitempty"`
	// Idle is the memory once a server idle between requests has given
	// back what it keeps for the next queries (Engine.ReleaseIdle, as
	// [server] idle_release does), and AfterIdleMS the bench's first
	// search then, which reads back what it needs.
	Idle        index.Memory `json:"idle"`
	AfterIdleMS float64      `json:"after_idle_ms"`
}

func child(args []string) {
	// TREENAV_CPUPROFILE=prefix writes a CPU profile of each phase to
	// prefix.<phase>: profiles guide the speed work, not guesses.
	if prefix := os.Getenv("TREENAV_CPUPROFILE"); prefix != "" {
		f, err := os.Create(prefix + "." + args[0])
		if err != nil {
			fail(err)
		}
		pprof.StartCPUProfile(f)
		defer pprof.StopCPUProfile()
	}
	// TREENAV_MEMPROFILE=prefix writes heap profiles: of a cold build at
	// its largest live heap (prefix.cold.<corpus>) and of a warm-started
	// index (prefix.warm.<corpus>), for go tool pprof.
	memProfile := ""
	if prefix := os.Getenv("TREENAV_MEMPROFILE"); prefix != "" && len(args) > 1 {
		memProfile = prefix + "." + args[0] + "." + filepath.Base(args[1])
	}
	if memProfile != "" && args[0] == "cold" {
		stop := profilePeak(memProfile)
		defer stop()
	}
	var report any
	var err error
	switch args[0] {
	case "floor":
		report, err = floor(args[1])
	case "cold":
		report, err = cold(args[1], args[2])
	case "warm":
		rounds, _ := strconv.Atoi(args[3])
		report, err = warm(args[1], args[2], rounds, memProfile)
	case "grep":
		rounds, _ := strconv.Atoi(args[3])
		report, err = grepPhase(args[1], args[2], rounds)
	default:
		err = fmt.Errorf("unknown phase %q", args[0])
	}
	if err != nil {
		pprof.StopCPUProfile()
		fail(err)
	}
	json.NewEncoder(os.Stdout).Encode(report)
}

func engineFor(dir string, opts ...engine.EngineOptions) (*engine.Engine, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	var o engine.EngineOptions
	if len(opts) > 0 {
		o = opts[0]
	}
	return engine.NewEngine([]treenav.Collection{{Name: filepath.Base(abs), Root: abs}}, o)
}

// floor reads and parses every code file with tree-sitter and nothing else,
// on as many workers as indexing uses.
func floor(dir string) (*floorReport, error) {
	res, err := walk.Walk(dir, walk.Options{})
	if err != nil {
		return nil, err
	}
	workers := parsers.Workers()
	start := time.Now()
	jobs := make(chan walk.File)
	var wg sync.WaitGroup
	var mu sync.Mutex
	n := 0
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for f := range jobs {
				src, err := os.ReadFile(f.Abs)
				if err != nil {
					continue
				}
				l := code.Detect(f.Rel, src[:min(len(src), 4096)])
				if l == nil || walk.Classify(f.Rel, src) != "" {
					continue
				}
				if l.ParseOnly(src) == nil {
					mu.Lock()
					n++
					mu.Unlock()
				}
			}
		}()
	}
	for _, f := range res.Files {
		jobs <- f
	}
	close(jobs)
	wg.Wait()
	return &floorReport{Files: n, Workers: workers, Seconds: time.Since(start).Seconds()}, nil
}

// cold builds the index from nothing and saves its snapshot.
func cold(dir, snap string) (*coldReport, error) {
	e, err := engineFor(dir)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	if err := e.Build(); err != nil {
		return nil, err
	}
	r := &coldReport{Seconds: time.Since(start).Seconds()}
	st := e.Index().Stats()
	r.Documents, r.Nodes, r.Terms, r.Segments = st.Documents, st.Nodes, st.Terms, st.Segments
	res, _ := walk.Walk(dir, walk.Options{})
	for _, f := range res.Files {
		if parsers.Candidate(f.Rel) {
			r.Files++
			r.Bytes += f.Size
		}
	}
	start = time.Now()
	cpu0 := cpuTime()
	if err := e.SaveSnapshot(snap); err != nil {
		return nil, err
	}
	r.SaveSeconds = time.Since(start).Seconds()
	r.SaveCPU = cpuTime() - cpu0
	if fi, err := os.Stat(filepath.Join(snap, "index.tnv")); err == nil {
		r.SnapshotBytes = fi.Size()
	}
	return r, nil
}

// slowMS is TREENAV_BENCH_SLOW: the warm phase prints to stderr each
// query that took longer than this many milliseconds (0: none), to see
// what makes a p99.
var slowMS, _ = strconv.ParseFloat(os.Getenv("TREENAV_BENCH_SLOW"), 64)

func slowQuery(kind, q string, d time.Duration) {
	if ms := float64(d.Microseconds()) / 1000; slowMS > 0 && ms > slowMS {
		fmt.Fprintf(os.Stderr, "slow %s %q: %.1f ms\n", kind, q, ms)
	}
}

// warm loads the snapshot and reconciles it with the disk (a warm start),
// then measures queries, symbol lookups and single-file updates.
func warm(dir, snap string, rounds int, memProfile string) (*warmReport, error) {
	e, err := engineFor(dir, engine.EngineOptions{ReleaseMemory: true}) // as a server runs it
	if err != nil {
		return nil, err
	}
	qs := benchQueries()
	start := time.Now()
	ok, err := e.LoadSnapshot(snap)
	if err != nil || !ok {
		return nil, fmt.Errorf("load snapshot: %v", err)
	}
	// A server answers from the snapshot while it reconciles.
	if _, err := e.Index().Search(index.SearchRequest{Query: qs[0].text, Filters: qs[0].filters}); err != nil {
		return nil, err
	}
	first := time.Since(start)
	if err := e.Build(); err != nil {
		return nil, err
	}
	r := &warmReport{Seconds: time.Since(start).Seconds(), FirstAnswerSeconds: first.Seconds()}
	if st := e.Status(); st.Parsed > 0 {
		fmt.Fprintf(os.Stderr, "warning: warm start re-parsed %d files\n", st.Parsed)
	}
	ix := e.Index()
	r.Queries = len(qs)
	var qt, st []time.Duration
	for range rounds {
		for _, q := range qs {
			t := time.Now()
			if _, err := ix.Search(index.SearchRequest{Query: q.text, Filters: q.filters}); err != nil {
				return nil, fmt.Errorf("search %q: %w", q.text, err)
			}
			qt = append(qt, time.Since(t))
			slowQuery("search", q.text, time.Since(t))
		}
		for _, s := range symbolQueries() {
			t := time.Now()
			if _, err := ix.Symbols(index.SymbolRequest{Query: s}); err != nil {
				return nil, err
			}
			st = append(st, time.Since(t))
			slowQuery("find_symbol", s, time.Since(t))
		}
	}
	r.QueryP50, r.QueryP99 = percentile(qt, 50), percentile(qt, 99)
	r.SymbolP50, r.SymbolP99 = percentile(st, 50), percentile(st, 99)
	r.Serving = index.ReadMemory()
	r.ServingTables = ix.MappedTables()
	if memProfile != "" {
		// A heap profile is of the last collection: one now makes it
		// the warm-started index's (after the serving figures, which
		// it would change).
		runtime.GC()
		if err := writeHeapProfile(memProfile); err != nil {
			return nil, err
		}
	}
	if err := measureRefs(ix, dir, rounds, r); err != nil {
		return nil, err
	}

	// Single-file updates: a changed file is parsed and applied, as by
	// a server, which compiles its languages' symbol queries before it
	// watches (the compile, once per process, is timed apart).
	t := time.Now()
	e.PrepareParsers()
	r.PrepareSeconds = time.Since(t).Seconds()
	res, err := walk.Walk(dir, walk.Options{})
	if err != nil {
		return nil, err
	}
	var ut []time.Duration
	step := max(1, len(res.Files)/40)
	for i := 0; i < len(res.Files) && len(ut) < 40; i += step {
		f := res.Files[i]
		if parsers.Kind(f.Rel, nil) == "" {
			continue
		}
		src, err := os.ReadFile(f.Abs)
		if err != nil || walk.Classify(f.Rel, src) != "" {
			continue
		}
		src = append(src, "\n// edited\n"...)
		t := time.Now()
		doc, err := parsers.Parse(f.Rel, f.Rel, src)
		if err != nil {
			continue
		}
		doc.Collection = e.Collections()[0].Name
		ix.Apply([]index.Input{{Doc: doc, Src: src}}, nil)
		ut = append(ut, time.Since(t))
	}
	r.UpdateP50, r.UpdateP99 = percentile(ut, 50), percentile(ut, 99)

	// Last, what a server idle between requests gives back, and its
	// next search.
	e.ReleaseIdle()
	r.Idle = index.ReadMemory()
	t = time.Now()
	if _, err := e.Index().Search(index.SearchRequest{Query: qs[0].text, Filters: qs[0].filters}); err != nil {
		return nil, err
	}
	r.AfterIdleMS = float64(time.Since(t).Microseconds()) / 1000
	return r, nil
}

// cpuTime is this process's CPU time so far, in seconds.
func cpuTime() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

// refLanguages are the languages whose references the bench times, by
// the extensions of their files: Go's sample is the historical one
// (refs_p50/p99), the others are reported apart (refs_by_language).
var refLanguages = []struct {
	name  string
	exts  []string
	files int // files sampled, two definitions each
}{
	{"go", []string{".go"}, 100},
	{"python", []string{".py"}, 30},
	{"java", []string{".java"}, 30},
	{"typescript", []string{".ts"}, 30},
	{"javascript", []string{".js"}, 30},
	{"c", []string{".c", ".h"}, 30},
	{"cpp", []string{".cc", ".cpp", ".hpp"}, 30},
	{"rust", []string{".rs"}, 30},
}

// refDefinitions is a fixed sample of a corpus's definitions, by
// language: the functions, methods and types of every k-th file of the
// language in walk order, two a file.
func refDefinitions(ix *index.Index, dir string) map[string][]string {
	res, err := walk.Walk(dir, walk.Options{})
	if err != nil {
		return nil
	}
	out := map[string][]string{}
	for _, l := range refLanguages {
		var files []string
		for _, f := range res.Files {
			if slices.Contains(l.exts, path.Ext(f.Rel)) {
				files = append(files, f.Rel)
			}
		}
		step := max(1, len(files)/l.files)
		for i := 0; i < len(files) && len(out[l.name]) < 2*l.files; i += step {
			t, err := ix.Tree(index.TreeRequest{DocID: files[i], MaxNodes: -1})
			if err != nil {
				continue
			}
			taken := 0
			for _, n := range t.Nodes {
				switch n.Kind {
				case treenav.KindFunction, treenav.KindMethod, treenav.KindStruct, treenav.KindInterface, treenav.KindClass:
					if taken < 2 {
						out[l.name] = append(out[l.name], n.NodeID)
						taken++
					}
				}
			}
		}
	}
	return out
}

func measureRefs(ix *index.Index, dir string, rounds int, r *warmReport) error {
	byLang := refDefinitions(ix, dir)
	for _, l := range refLanguages {
		defs := byLang[l.name]
		if len(defs) == 0 {
			continue
		}
		first := time.Now()
		if _, err := ix.References(index.ReferencesRequest{Target: defs[0]}); err != nil {
			return fmt.Errorf("references %s: %w", defs[0], err)
		}
		firstMS := float64(time.Since(first).Microseconds()) / 1000
		var rt []time.Duration
		for range rounds {
			for _, id := range defs {
				t := time.Now()
				if _, err := ix.References(index.ReferencesRequest{Target: id}); err != nil {
					return fmt.Errorf("references %s: %w", id, err)
				}
				rt = append(rt, time.Since(t))
				slowQuery("find_references", id, time.Since(t))
			}
		}
		if l.name == "go" {
			r.RefsDefs, r.RefsFirst = len(defs), firstMS
			r.RefsP50, r.RefsP99 = percentile(rt, 50), percentile(rt, 99)
			continue
		}
		if r.RefsByLang == nil {
			r.RefsByLang = map[string]refTimes{}
		}
		r.RefsByLang[l.name] = refTimes{Defs: len(defs), P50: percentile(rt, 50), P99: percentile(rt, 99), First: firstMS}
	}
	return nil
}

// refTimes are find_references' latencies over one language's sample.
type refTimes struct {
	Defs  int     `json:"defs"`
	P50   float64 `json:"p50_ms"`
	P99   float64 `json:"p99_ms"`
	First float64 `json:"first_ms"`
}

// profilePeak writes a heap profile to path each time the live heap
// passes its largest so far by a tenth (polled every 100 ms), so that the
// last one written is of the build near its peak; stop ends it.
func profilePeak(path string) (stop func()) {
	var best uint64
	return index.WatchLiveHeap(100*time.Millisecond, func(live uint64) bool {
		if live <= best+best/10 {
			return true
		}
		best = live
		if err := writeHeapProfile(path); err != nil {
			fmt.Fprintln(os.Stderr, "heap profile:", err)
			return false
		}
		return true
	})
}

func writeHeapProfile(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := pprof.WriteHeapProfile(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
