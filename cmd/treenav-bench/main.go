// Command treenav-bench measures treenav's speed and memory on real code, in
// one run, so that ratios between its numbers hold on a noisy machine:
//
//   - the bare tree-sitter parse time of the corpus's code files (the floor
//     of any tree-sitter indexer), with the same parallelism as indexing;
//   - a cold index build (parse, extract, tokenize, index), its ratio to the
//     floor, files/s, MB/s and peak RSS (in a child process);
//   - floor and cold runs alternate, -index-rounds of each (floor, cold,
//     floor, cold, ...), each in its own child process: a machine's noise
//     (other processes, frequency changes) only ever slows a run down, so
//     the minimum of each is the estimate of what the code costs, and the
//     ratio of the minima the one compared with the targets. The spread
//     (slowest run over fastest) and the ratio of each adjacent floor/cold
//     pair say how noisy the run was;
//   - the snapshot's size and a warm start (load it and reconcile with the
//     disk, in a fresh child process);
//   - query latency p50/p99 over a fixed list of 100+ queries, find_symbol
//     p50/p99, find_references p50/p99 over a fixed sample of up to 200 Go
//     definitions (and the first lookup, which builds the reference
//     tables) and of up to 60 definitions of each other language with
//     references, and single-file update latency (parse one changed file and
//     apply it to the loaded index; references resolve at query time, so
//     no dependent is re-resolved);
//   - grep against ripgrep (when rg is installed): for 40 literal and regex
//     patterns, case-sensitive, -i and -w, whether the matching lines are
//     the same over the indexed files, and the median in-process grep time
//     beside rg's median wall time (grep.go).
//
// It prints a table and writes the numbers as JSON, so runs can be compared:
//
//	go run ./cmd/treenav-bench                      # GOROOT/src and Python's stdlib
//	go run ./cmd/treenav-bench -corpus go=DIR -out bench.json
//
// With -pgo FILE it measures nothing: it profiles a cold build and a warm
// start of each corpus and writes the merged CPU profile that the
// binaries are compiled with (`make pgo`; see writePGO).
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/treenav/treenav/index"
)

// corpusResult is one corpus's line of the report.
type corpusResult struct {
	Name      string  `json:"name"`
	Dir       string  `json:"dir"`
	Files     int     `json:"files"`
	CodeFiles int     `json:"code_files"`
	SourceMB  float64 `json:"source_mb"`
	Workers   int     `json:"workers"`
	// FloorSec, ColdSec and their CPU times are the minimum over the
	// rounds; Ratio and CPURatio are ratios of minima.
	FloorSec float64 `json:"parse_floor_s"`
	ColdSec  float64 `json:"cold_index_s"`
	Ratio    float64 `json:"cold_to_floor"`
	FloorCPU float64 `json:"parse_floor_cpu_s"`
	ColdCPU  float64 `json:"cold_index_cpu_s"`
	CPURatio float64 `json:"cold_to_floor_cpu"`
	// Every round, in the order run (floor i ran just before cold i).
	IndexRounds   int       `json:"index_rounds"`
	FloorRuns     []float64 `json:"parse_floor_runs_s"`
	ColdRuns      []float64 `json:"cold_index_runs_s"`
	FloorCPURuns  []float64 `json:"parse_floor_cpu_runs_s"`
	ColdCPURuns   []float64 `json:"cold_index_cpu_runs_s"`
	PairRatios    []float64 `json:"cold_to_floor_pairs"`
	FloorSpread   float64   `json:"parse_floor_spread"` // slowest / fastest run
	ColdSpread    float64   `json:"cold_index_spread"`
	RatioMedian   float64   `json:"cold_to_floor_pair_median"`
	PeakRSSRunsMB []float64 `json:"peak_rss_runs_mb"`
	FilesPerSec   float64   `json:"files_per_s"`
	MBPerSec      float64   `json:"mb_per_s"`
	PeakRSSMB     float64   `json:"peak_rss_mb"` // the largest of the rounds
	Documents     int       `json:"documents"`
	Nodes         int       `json:"nodes"`
	Terms         int       `json:"terms"`
	SnapshotMB    float64   `json:"snapshot_mb"`
	SnapshotRatio float64   `json:"snapshot_to_source"`
	SaveSec       float64   `json:"snapshot_save_s"`
	WarmSec       float64   `json:"warm_start_s"`
	WarmRSSMB     float64   `json:"warm_peak_rss_mb"`
	// FirstAnswerSec is a warm start as a server makes it: the snapshot
	// loaded and a first search answered (the server reconciles with
	// the disk while it answers). Serving* are the process's memory
	// once warm-started and reconciled, after that answer: resident
	// set, Go heap in use and reserved (index.Memory).
	FirstAnswerSec float64 `json:"warm_first_answer_s"`
	ServingRSSMB   float64 `json:"serving_rss_mb"`
	// ServingRSSFileMB is the part of it that is pages of mapped files
	// (the snapshot's that queries read, the program's code).
	ServingRSSFileMB float64 `json:"serving_rss_file_mb"`
	ServingHeapMB    float64 `json:"serving_heap_in_use_mb"`
	ServingHeapSysMB float64 `json:"serving_heap_sys_mb"`
	ServingMappedMB  float64 `json:"serving_mapped_mb"`
	// ServingTables is which tables those mapped pages are.
	ServingTables []index.TableResidency `json:"serving_tables,omitempty"`
	// IdleRSSMB is the resident set once the server has given back, idle,
	// what it keeps for the next queries; AfterIdleMS the first search
	// after that.
	IdleRSSMB   float64 `json:"idle_rss_mb"`
	AfterIdleMS float64 `json:"after_idle_ms"`
	Queries     int     `json:"queries"`
	QueryP50ms  float64 `json:"query_p50_ms"`
	QueryP99ms  float64 `json:"query_p99_ms"`
	SymbolP50ms float64 `json:"find_symbol_p50_ms"`
	SymbolP99ms float64 `json:"find_symbol_p99_ms"`
	RefsP50ms   float64 `json:"find_references_p50_ms"`
	RefsP99ms   float64 `json:"find_references_p99_ms"`
	RefsFirstMs float64 `json:"find_references_first_ms"`
	// RefsByLang are find_references' latencies over the other
	// languages' samples of definitions (Go's are the three above).
	RefsByLang  map[string]refTimes `json:"find_references_by_language,omitempty"`
	UpdateP50ms float64             `json:"update_p50_ms"`
	UpdateP99ms float64             `json:"update_p99_ms"`
	PrepareSec  float64             `json:"prepare_parsers_s"` // compiling the symbol queries, before the updates
	// Grep compares grep with ripgrep, pattern by pattern (when rg is
	// installed; see grep.go).
	Grep []grepRow `json:"grep,omitempty"`
}

type corpusFlag []string

func (c *corpusFlag) String() string     { return strings.Join(*c, ",") }
func (c *corpusFlag) Set(s string) error { *c = append(*c, s); return nil }

func main() {
	if len(os.Args) > 1 && os.Args[1] == "-child" {
		child(os.Args[2:])
		return
	}
	var corpora corpusFlag
	flag.Var(&corpora, "corpus", "NAME=DIR to measure (repeatable; default: go=$(go env GOROOT)/src and python=<stdlib>; none: only -git; "+
		combinedName+": the Go source, /usr/include, the Python libraries, JDK sources and node_modules, sampled to -combined-files files and assembled under the user cache dir)")
	combinedFiles := flag.Int("combined-files", 25000, "files of the "+combinedName+" corpus")
	copies := flag.Int("copies", 1, "with -corpus "+combinedName+": also measure this many copies of it under different roots (3: about 75,000 files)")
	grepCmp := flag.Bool("grep", true, "compare grep with ripgrep (when rg is installed)")
	out := flag.String("out", "bench.json", "write the results as JSON here")
	rounds := flag.Int("rounds", 5, "times each query is run")
	indexRounds := flag.Int("index-rounds", 3, "floor and cold index runs, alternated (the minimum of each is reported)")
	gitBench := flag.Bool("git", true, "also measure the git-aware outlines (outline --diff between two releases of golang.org/x/tools, a branch switch)")
	pgo := flag.String("pgo", "", "instead of measuring, profile a cold build and a warm start of each corpus and write the merged CPU profile here (see `make pgo`)")
	flag.Parse()
	if len(corpora) == 0 {
		corpora = defaultCorpora()
	}
	if *pgo != "" {
		if err := writePGO(corpora, *pgo, *rounds); err != nil {
			fail(err)
		}
		return
	}
	var results []corpusResult
	if len(corpora) == 1 && corpora[0] == "none" {
		corpora = nil // -corpus none: the git outlines alone
	}
	corpora, err := expandCombined(corpora, *combinedFiles, *copies)
	if err != nil {
		fail(err)
	}
	for _, c := range corpora {
		name, dir, ok := strings.Cut(c, "=")
		if !ok {
			fail(fmt.Errorf("-corpus wants NAME=DIR, got %q", c))
		}
		fmt.Fprintf(os.Stderr, "== %s (%s)\n", name, dir)
		r, err := measure(name, dir, *rounds, max(1, *indexRounds), *grepCmp)
		if err != nil {
			fail(fmt.Errorf("%s: %w", name, err))
		}
		results = append(results, *r)
	}
	printTable(results)
	printGrepTable(results)
	report := map[string]any{
		"when": time.Now().UTC().Format(time.RFC3339), "go": runtime.Version(),
		"cpus": runtime.NumCPU(), "corpora": results,
	}
	if *gitBench {
		fmt.Fprintln(os.Stderr, "== git outlines")
		g, err := benchGit()
		if err != nil {
			fail(fmt.Errorf("git outlines: %w", err))
		}
		printGit(g)
		report["git"] = g
	}
	b, _ := json.MarshalIndent(report, "", "  ")
	if err := os.WriteFile(*out, append(b, '\n'), 0o644); err != nil {
		fail(err)
	}
	fmt.Fprintf(os.Stderr, "wrote %s\n", *out)
}

// expandCombined replaces -corpus combined by the assembled corpus, and
// its copies when asked for.
func expandCombined(corpora []string, files, copies int) ([]string, error) {
	var out []string
	for _, c := range corpora {
		if c != combinedName {
			out = append(out, c)
			continue
		}
		dir, err := combinedCorpus(files)
		if err != nil {
			return nil, err
		}
		out = append(out, combinedName+"="+dir)
		if copies > 1 {
			xdir, err := copiesCorpus(dir, copies)
			if err != nil {
				return nil, err
			}
			out = append(out, fmt.Sprintf("%s-x%d=%s", combinedName, copies, xdir))
		}
	}
	return out, nil
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "treenav-bench:", err)
	os.Exit(1)
}

func defaultCorpora() []string {
	var out []string
	if goroot, err := exec.Command("go", "env", "GOROOT").Output(); err == nil {
		out = append(out, "go="+filepath.Join(strings.TrimSpace(string(goroot)), "src"))
	}
	if py, err := exec.Command("python3", "-c", `import sysconfig; print(sysconfig.get_paths()["stdlib"])`).Output(); err == nil {
		out = append(out, "python="+strings.TrimSpace(string(py)))
	}
	return out
}

// measure runs the phases of one corpus, each heavy one in a child process
// so that peak RSS belongs to that phase alone. Floor and cold runs
// alternate, so that a slow spell of the machine hits both alike.
func measure(name, dir string, rounds, indexRounds int, grepCmp bool) (*corpusResult, error) {
	snap, err := os.MkdirTemp("", "treenav-bench-snap")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(snap)
	r := &corpusResult{Name: name, Dir: dir, IndexRounds: indexRounds}

	var cold coldReport // the fastest cold run's report
	for i := range indexRounds {
		var floor floorReport
		_, floorCPU, err := runChild(&floor, "floor", dir)
		if err != nil {
			return nil, err
		}
		r.CodeFiles, r.Workers = floor.Files, floor.Workers
		r.FloorRuns = append(r.FloorRuns, floor.Seconds)
		r.FloorCPURuns = append(r.FloorCPURuns, floorCPU)

		var c coldReport
		rss, coldCPU, err := runChild(&c, "cold", dir, snap)
		if err != nil {
			return nil, err
		}
		// The cold child also saves the snapshot; its CPU time is left out.
		r.ColdRuns = append(r.ColdRuns, c.Seconds)
		r.ColdCPURuns = append(r.ColdCPURuns, coldCPU-c.SaveCPU)
		r.PeakRSSRunsMB = append(r.PeakRSSRunsMB, rss)
		if floor.Seconds > 0 {
			r.PairRatios = append(r.PairRatios, c.Seconds/floor.Seconds)
		}
		if i == 0 || c.Seconds < cold.Seconds {
			cold = c
		}
		fmt.Fprintf(os.Stderr, "   round %d: floor %.2fs (%.2f CPU-s), cold %.2fs (%.2f CPU-s), ratio %.2f\n",
			i+1, floor.Seconds, floorCPU, c.Seconds, coldCPU-c.SaveCPU, c.Seconds/floor.Seconds)
	}
	r.FloorSec, r.FloorSpread = minSpread(r.FloorRuns)
	r.ColdSec, r.ColdSpread = minSpread(r.ColdRuns)
	r.FloorCPU, _ = minSpread(r.FloorCPURuns)
	r.ColdCPU, _ = minSpread(r.ColdCPURuns)
	r.PeakRSSMB = slices.Max(r.PeakRSSRunsMB)
	r.RatioMedian = median(r.PairRatios)
	if r.FloorCPU > 0 {
		r.CPURatio = r.ColdCPU / r.FloorCPU
	}
	r.Files, r.SourceMB = cold.Files, float64(cold.Bytes)/1e6
	r.Documents, r.Nodes, r.Terms = cold.Documents, cold.Nodes, cold.Terms
	r.SaveSec = cold.SaveSeconds
	r.SnapshotMB = float64(cold.SnapshotBytes) / 1e6
	if cold.Bytes > 0 {
		r.SnapshotRatio = float64(cold.SnapshotBytes) / float64(cold.Bytes)
	}
	if r.FloorSec > 0 {
		r.Ratio = r.ColdSec / r.FloorSec
	}
	if r.ColdSec > 0 {
		r.FilesPerSec = float64(r.Files) / r.ColdSec
		r.MBPerSec = r.SourceMB / r.ColdSec
	}

	var warm warmReport
	rss, _, err := runChild(&warm, "warm", dir, snap, fmt.Sprint(rounds))
	if err != nil {
		return nil, err
	}
	r.WarmSec, r.WarmRSSMB = warm.Seconds, rss
	r.Queries = warm.Queries
	r.QueryP50ms, r.QueryP99ms = warm.QueryP50, warm.QueryP99
	r.SymbolP50ms, r.SymbolP99ms = warm.SymbolP50, warm.SymbolP99
	r.UpdateP50ms, r.UpdateP99ms = warm.UpdateP50, warm.UpdateP99
	r.RefsP50ms, r.RefsP99ms, r.RefsFirstMs = warm.RefsP50, warm.RefsP99, warm.RefsFirst
	r.RefsByLang = warm.RefsByLang
	r.PrepareSec = warm.PrepareSeconds
	r.FirstAnswerSec = warm.FirstAnswerSeconds
	r.ServingRSSMB = float64(warm.Serving.RSS) / 1e6
	r.ServingRSSFileMB = float64(warm.Serving.RSSFile) / 1e6
	r.ServingHeapMB = float64(warm.Serving.HeapInUse) / 1e6
	r.ServingHeapSysMB = float64(warm.Serving.HeapSys) / 1e6
	r.ServingMappedMB = float64(warm.Serving.Mapped) / 1e6
	r.ServingTables = warm.ServingTables
	r.IdleRSSMB = float64(warm.Idle.RSS) / 1e6
	r.AfterIdleMS = warm.AfterIdleMS

	if !grepCmp {
		return r, nil
	}
	if _, err := exec.LookPath("rg"); err != nil {
		fmt.Fprintln(os.Stderr, "   rg is not installed: no grep comparison (apt-get install ripgrep)")
		return r, nil
	}
	var g grepReport
	if _, _, err := runChild(&g, "grep", dir, snap, fmt.Sprint(rounds)); err != nil {
		return nil, err
	}
	r.Grep = g.Rows
	return r, nil
}

// runChild re-executes this program for one phase, decodes its JSON report
// and returns its peak RSS in MB and the CPU time it used (user + system,
// in seconds): on a shared machine CPU time holds steadier than wall time.
func runChild(report any, args ...string) (float64, float64, error) {
	cmd := exec.Command(os.Args[0], append([]string{"-child"}, args...)...)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return 0, 0, fmt.Errorf("%s phase: %w", args[0], err)
	}
	if err := json.Unmarshal(out, report); err != nil {
		return 0, 0, fmt.Errorf("%s phase: %w (%s)", args[0], err, out)
	}
	cpu := (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds()
	ru, _ := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if ru == nil {
		return 0, cpu, nil
	}
	return float64(ru.Maxrss) / 1024, cpu, nil // Linux reports KiB
}

func printTable(rs []corpusResult) {
	rows := [][2]string{}
	add := func(label string, f func(r corpusResult) string) {
		line := ""
		for _, r := range rs {
			line += fmt.Sprintf(" %14s |", f(r))
		}
		rows = append(rows, [2]string{label, line})
	}
	add("files (code)", func(r corpusResult) string { return fmt.Sprintf("%d (%d)", r.Files, r.CodeFiles) })
	add("source MB", func(r corpusResult) string { return fmt.Sprintf("%.1f", r.SourceMB) })
	add("workers", func(r corpusResult) string { return fmt.Sprint(r.Workers) })
	add("index rounds", func(r corpusResult) string { return fmt.Sprint(r.IndexRounds) })
	add("parse floor s", func(r corpusResult) string { return fmt.Sprintf("%.2f (+%.0f%%)", r.FloorSec, 100*(r.FloorSpread-1)) })
	add("cold index s", func(r corpusResult) string { return fmt.Sprintf("%.2f (+%.0f%%)", r.ColdSec, 100*(r.ColdSpread-1)) })
	add("cold / floor", func(r corpusResult) string { return fmt.Sprintf("%.2f", r.Ratio) })
	add("pair ratios", func(r corpusResult) string {
		if len(r.PairRatios) == 0 {
			return "-"
		}
		return fmt.Sprintf("%.2f-%.2f", slices.Min(r.PairRatios), slices.Max(r.PairRatios))
	})
	add("floor CPU s", func(r corpusResult) string { return fmt.Sprintf("%.2f", r.FloorCPU) })
	add("cold CPU s", func(r corpusResult) string { return fmt.Sprintf("%.2f", r.ColdCPU) })
	add("cold/floor CPU", func(r corpusResult) string { return fmt.Sprintf("%.2f", r.CPURatio) })
	add("files/s", func(r corpusResult) string { return fmt.Sprintf("%.0f", r.FilesPerSec) })
	add("MB/s", func(r corpusResult) string { return fmt.Sprintf("%.1f", r.MBPerSec) })
	add("peak RSS MB", func(r corpusResult) string { return fmt.Sprintf("%.0f", r.PeakRSSMB) })
	add("docs / nodes", func(r corpusResult) string { return fmt.Sprintf("%d/%d", r.Documents, r.Nodes) })
	add("terms", func(r corpusResult) string { return fmt.Sprint(r.Terms) })
	add("snapshot MB", func(r corpusResult) string { return fmt.Sprintf("%.1f", r.SnapshotMB) })
	add("snapshot/source", func(r corpusResult) string { return fmt.Sprintf("%.2f", r.SnapshotRatio) })
	add("snapshot save s", func(r corpusResult) string { return fmt.Sprintf("%.2f", r.SaveSec) })
	add("warm start s", func(r corpusResult) string { return fmt.Sprintf("%.2f", r.WarmSec) })
	add("warm peak RSS MB", func(r corpusResult) string { return fmt.Sprintf("%.0f", r.WarmRSSMB) })
	add("1st answer s", func(r corpusResult) string { return fmt.Sprintf("%.2f", r.FirstAnswerSec) })
	add("serving RSS MB", func(r corpusResult) string { return fmt.Sprintf("%.0f", r.ServingRSSMB) })
	add("of it, mapped file pages MB", func(r corpusResult) string { return fmt.Sprintf("%.0f", r.ServingRSSFileMB) })
	add("serving heap MB", func(r corpusResult) string {
		return fmt.Sprintf("%.0f/%.0f", r.ServingHeapMB, r.ServingHeapSysMB)
	})
	add("serving mapped MB", func(r corpusResult) string { return fmt.Sprintf("%.0f", r.ServingMappedMB) })
	// Of the mapped tables, how much each kind the queries left
	// resident, in the first corpus's order (largest first).
	var tables []string
	for _, r := range rs {
		for _, t := range r.ServingTables {
			if !slices.Contains(tables, t.Table) {
				tables = append(tables, t.Table)
			}
		}
	}
	for _, name := range tables {
		add("  "+name+" resident/mapped MB", func(r corpusResult) string {
			for _, t := range r.ServingTables {
				if t.Table == name {
					if t.Resident < 0 {
						return fmt.Sprintf("?/%.1f", float64(t.Bytes)/1e6)
					}
					return fmt.Sprintf("%.1f/%.1f", float64(t.Resident)/1e6, float64(t.Bytes)/1e6)
				}
			}
			return "-"
		})
	}
	add("idle RSS MB (first search after, ms)", func(r corpusResult) string {
		return fmt.Sprintf("%.0f (%.1f)", r.IdleRSSMB, r.AfterIdleMS)
	})
	add("queries", func(r corpusResult) string { return fmt.Sprint(r.Queries) })
	add("query p50/p99 ms", func(r corpusResult) string { return fmt.Sprintf("%.2f/%.2f", r.QueryP50ms, r.QueryP99ms) })
	add("symbol p50/p99 ms", func(r corpusResult) string { return fmt.Sprintf("%.3f/%.3f", r.SymbolP50ms, r.SymbolP99ms) })
	add("references p50/p99 (first) ms", func(r corpusResult) string {
		return fmt.Sprintf("%.2f/%.2f (%.0f)", r.RefsP50ms, r.RefsP99ms, r.RefsFirstMs)
	})
	for _, l := range refLanguages[1:] {
		if !slices.ContainsFunc(rs, func(r corpusResult) bool { return r.RefsByLang[l.name].Defs > 0 }) {
			continue
		}
		add(fmt.Sprintf("%s refs p50/p99 ms", l.name), func(r corpusResult) string {
			t, ok := r.RefsByLang[l.name]
			if !ok {
				return "-"
			}
			return fmt.Sprintf("%.2f/%.2f (%d)", t.P50, t.P99, t.Defs)
		})
	}
	add("update p50/p99 ms", func(r corpusResult) string { return fmt.Sprintf("%.1f/%.1f", r.UpdateP50ms, r.UpdateP99ms) })
	add("prepare parsers s", func(r corpusResult) string { return fmt.Sprintf("%.2f", r.PrepareSec) })
	head := "| metric            |"
	sep := "|---|"
	for _, r := range rs {
		head += fmt.Sprintf(" %14s |", r.Name)
		sep += "---:|"
	}
	fmt.Println(head)
	fmt.Println(sep)
	for _, row := range rows {
		fmt.Printf("| %-17s |%s\n", row[0], row[1])
	}
}

// minSpread returns the smallest of xs and how much slower the slowest
// is (max/min).
func minSpread(xs []float64) (float64, float64) {
	lo, hi := slices.Min(xs), slices.Max(xs)
	if lo <= 0 {
		return lo, 0
	}
	return lo, hi / lo
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if n := len(s); n%2 == 0 {
		return (s[n/2-1] + s[n/2]) / 2
	}
	return s[len(s)/2]
}

// percentile returns the p-th percentile (0-100) of durations, in ms.
func percentile(ds []time.Duration, p float64) float64 {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	i := int(float64(len(s)-1) * p / 100)
	return float64(s[i].Microseconds()) / 1000
}
