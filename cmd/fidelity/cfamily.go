package main

// C and C++ ground truth (gt-cpp, libclang) is run one file at a time:
//
//   - the lister stops at the first cursor kind its Python bindings do not
//     know ("Unknown template argument kind 280" on a C++20 header), which
//     in one run over a directory loses every file after it; run per file,
//     only that file is lost, and it is counted as a crash;
//   - a header that is not self-contained (libstdc++'s bits/*.h are only
//     ever included by a public header, after what they depend on) gets
//     parse errors on its own. Such a file is parsed a second time with an
//     includer context (-include of a prelude): the text of a header that
//     includes it, up to that #include line, after that header's own
//     context, with its open #if groups closed. A file that still has
//     errors is left out, as before.
//
// The same flags (and prelude) are given to "clang -E" to learn which
// lines the ground truth's preprocessor kept: treenav outlines every
// branch of an #if, libclang only the one its configuration takes (see
// the inactive class in exclude.go).

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
)

// gtCppExts are the extensions gt-cpp lists (cpp_symbols.py).
var gtCppExts = []string{".cc", ".cpp", ".cxx", ".c++", ".h", ".hh", ".hpp", ".hxx", ".ipp", ".c"}

// cRun is what the per-file C/C++ ground-truth run learned.
type cRun struct {
	dir     string
	flags   []string          // the -gt command's flags (for clang -E)
	prelude map[string]string // rel file -> prelude path it was parsed with
	crashed map[string]bool   // the lister died on the file
	bad     map[string]bool   // parse errors, with and without a prelude
	why     map[string]string // rel file -> the lister's first error line
	// macros are the function-like macros #defined in the corpus and in
	// the -I directories (for the macro-expansion class).
	macros map[string]bool
	// names are the object-like macros that stand for one identifier
	// ("#define PB_DS_LU_NAME lu_map"), with their values.
	names map[string][]string
	tmp   string
	// live are the lines the ground truth's preprocessor kept, per file
	// (liveLines).
	live map[string]map[int]bool
}

// ourFileList is the files treenav found symbols in.
func ourFileList(o []sym) []string {
	seen := map[string]bool{}
	var fs []string
	for _, s := range o {
		if !seen[s.file] {
			seen[s.file] = true
			fs = append(fs, s.file)
		}
	}
	sort.Strings(fs)
	return fs
}

// gtFileResult is one lister run on one file.
type gtFileResult struct {
	Out      []byte
	Errs     bool // diag_errors reported
	Crashed  bool
	ErrFirst string
}

// runCFamilyGroundTruth runs cmdline on each C/C++ file under dir and
// returns the symbols of the files that parsed without errors (retrying a
// failing file with an includer context when context is set).
func runCFamilyGroundTruth(cmdline, dir string, context bool) ([]sym, *cRun, error) {
	args := strings.Fields(cmdline)
	run := &cRun{dir: dir, prelude: map[string]string{}, crashed: map[string]bool{}, bad: map[string]bool{}, why: map[string]string{}}
	for _, a := range args[1:] {
		if strings.HasPrefix(a, "-") {
			run.flags = append(run.flags, a)
		}
	}
	var files []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if p != dir && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		for _, e := range gtCppExts {
			if strings.HasSuffix(p, e) {
				files = append(files, p)
				break
			}
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	sort.Strings(files)
	if run.tmp, err = os.MkdirTemp("", "fidelity-ctx-"); err != nil {
		return nil, nil, err
	}
	results := make([]gtFileResult, len(files))
	parallel(len(files), func(i int) { results[i] = runGTFile(args, files[i], "") })

	var g *includeGraph
	retried, rescued := 0, 0
	for i, f := range files {
		r := &results[i]
		if !r.Errs && !r.Crashed || !context {
			continue
		}
		if g == nil {
			g = newIncludeGraph(dir)
		}
		pre := g.prelude(f, run.tmp)
		if pre == "" {
			continue
		}
		retried++
		r2 := runGTFile(args, f, pre)
		if !r2.Errs && !r2.Crashed {
			rescued++
			*r = r2
			rel, _ := filepath.Rel(dir, f)
			run.prelude[filepath.ToSlash(rel)] = pre
		}
	}
	if context {
		fmt.Fprintf(os.Stderr, "fidelity: %d files with ground-truth errors retried with an includer context, %d of them parsed cleanly\n", retried, rescued)
	}

	var syms []sym
	forward := 0
	for i, f := range files {
		rel, _ := filepath.Rel(dir, f)
		rel = filepath.ToSlash(rel)
		r := results[i]
		switch {
		case r.Crashed:
			run.crashed[rel] = true
			run.why[rel] = "the lister crashed"
			continue
		case r.Errs:
			run.bad[rel] = true
			run.why[rel] = r.ErrFirst
			continue
		}
		sc := bufio.NewScanner(bytes.NewReader(r.Out))
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			var s gtSymbol
			if json.Unmarshal(sc.Bytes(), &s) != nil {
				continue
			}
			fam := gtFamily(s.Kind)
			if s.Name == "" || strings.HasPrefix(s.Name, "<") || fam == "type" && s.Definition != nil && !*s.Definition {
				forward++
				continue
			}
			syms = append(syms, sym{key: key{rel, normName(s.Name), s.Start, fam}, kind: s.Kind, end: s.End})
		}
	}
	if forward > 0 {
		fmt.Fprintf(os.Stderr, "fidelity: %d ground-truth entries left out: unnamed, or forward declarations of types\n", forward)
	}
	run.macros, run.names = scanMacros(append([]string{dir, "/usr/include", "/usr/local/include"}, includeDirs(run.flags)...))
	return syms, run, nil
}

// cacheDir, when set (-cache), keeps the ground truth's and the
// preprocessor's output per file, keyed by the command, the file's and the
// prelude's contents: reruns after a change to treenav take seconds.
var cacheDir string

// cached returns the cached value for the key's parts, or computes and
// stores it.
func cached(v any, compute func(), parts ...string) {
	if cacheDir == "" {
		compute()
		return
	}
	h := sha256.New()
	for _, p := range parts {
		io.WriteString(h, p)
		h.Write([]byte{0})
	}
	path := filepath.Join(cacheDir, hex.EncodeToString(h.Sum(nil))[:32]+".json")
	if b, err := os.ReadFile(path); err == nil && json.Unmarshal(b, v) == nil {
		return
	}
	compute()
	if b, err := json.Marshal(v); err == nil {
		os.MkdirAll(cacheDir, 0o755)
		os.WriteFile(path, b, 0o644)
	}
}

func fileContent(p string) string {
	b, _ := os.ReadFile(p)
	return string(b)
}

// runGTFile runs the lister on one file, with -include prelude if given
// (joined: gt-cpp takes every argument not starting with "-" as a path).
func runGTFile(args []string, file, prelude string) gtFileResult {
	var r gtFileResult
	cached(&r, func() { r = runGTFileNow(args, file, prelude) },
		"gt", strings.Join(args, " "), file, fileContent(file), fileContent(prelude))
	return r
}

func runGTFileNow(args []string, file, prelude string) gtFileResult {
	a := append([]string{}, args[1:]...)
	if prelude != "" {
		a = append(a, "-include"+prelude)
	}
	a = append(a, file)
	c := exec.Command(args[0], a...)
	var stderr bytes.Buffer
	c.Stderr = &stderr
	out, err := c.Output()
	r := gtFileResult{Out: out}
	if strings.Contains(stderr.String(), "Traceback") || err != nil && len(out) == 0 {
		r.Crashed = true
	}
	if i := strings.Index(stderr.String(), "diag_errors:"); i >= 0 {
		r.Errs = true
		r.ErrFirst = strings.SplitN(stderr.String()[i:], "\n", 2)[0]
	}
	return r
}

// parallel calls f(0..n-1) on NumCPU goroutines.
func parallel(n int, f func(i int)) {
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < runtime.NumCPU(); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
}

func includeDirs(flags []string) []string {
	var ds []string
	for _, f := range flags {
		if d, ok := strings.CutPrefix(f, "-I"); ok && d != "" {
			ds = append(ds, d)
		}
	}
	return ds
}

var (
	includeLine = regexp.MustCompile(`^\s*#\s*include\s*[<"]([^>"]+)[>"]`)
	defineFn    = regexp.MustCompile(`(?m)^\s*#\s*define\s+([A-Za-z_]\w*)\(`)
	defineName  = regexp.MustCompile(`(?m)^\s*#\s*define\s+([A-Za-z_]\w*)[ \t]+([A-Za-z_]\w*)[ \t]*$`)
	condOpen    = regexp.MustCompile(`^\s*#\s*if`)
	condClose   = regexp.MustCompile(`^\s*#\s*endif`)
	guardIfndef = regexp.MustCompile(`^\s*#\s*ifndef\s+(\w+)`)
)

// scanMacros collects the names of function-like macros #defined in the
// files under dirs, and the object-like ones whose value is one
// identifier.
func scanMacros(dirs []string) (map[string]bool, map[string][]string) {
	fns, names := map[string]bool{}, map[string][]string{}
	seen := map[string]bool{}
	for _, d := range dirs {
		filepath.WalkDir(d, func(p string, e os.DirEntry, err error) error {
			if err != nil || e.IsDir() || seen[p] {
				return nil
			}
			seen[p] = true
			b, err := os.ReadFile(p)
			if err != nil || len(b) > 4<<20 || bytes.IndexByte(b, 0) >= 0 {
				return nil
			}
			for _, s := range defineFn.FindAllSubmatch(b, -1) {
				fns[string(s[1])] = true
			}
			for _, s := range defineName.FindAllSubmatch(b, -1) {
				names[string(s[1])] = append(names[string(s[1])], string(s[2]))
			}
			return nil
		})
	}
	return fns, names
}

// includeGraph records which files of a directory include which.
type includeGraph struct {
	dir       string
	includers map[string][]string // abs file -> abs files including it (sorted)
}

func newIncludeGraph(dir string) *includeGraph {
	g := &includeGraph{dir: dir, includers: map[string][]string{}}
	filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil || len(b) > 4<<20 || bytes.IndexByte(b, 0) >= 0 {
			return nil
		}
		for _, line := range strings.Split(string(b), "\n") {
			m := includeLine.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			for _, cand := range []string{filepath.Join(dir, m[1]), filepath.Join(filepath.Dir(p), m[1])} {
				if st, err := os.Stat(cand); err == nil && !st.IsDir() {
					g.includers[cand] = append(g.includers[cand], p)
					break
				}
			}
		}
		return nil
	})
	for k, v := range g.includers {
		sort.Slice(v, func(i, j int) bool { return includerRank(dir, v[i]) < includerRank(dir, v[j]) })
		g.includers[k] = v
	}
	return g
}

// includerRank prefers public headers (no extension, top level) over
// internal ones, then shorter paths, then name order.
func includerRank(dir, p string) string {
	rel, _ := filepath.Rel(dir, p)
	r := "1"
	if filepath.Ext(p) == "" {
		r = "0"
	}
	return fmt.Sprintf("%s%03d%s", r, strings.Count(rel, "/"), rel)
}

// prelude writes the includer context of file to a new file under tmp and
// returns its path ("" if nothing includes file): the context of its first
// includer, then that includer's text up to the line including file, with
// the #if groups still open there closed, and file's own include guard
// undefined (in case the context included it already).
func (g *includeGraph) prelude(file, tmp string) string {
	var parts []string
	seen := map[string]bool{file: true}
	cur := file
	for depth := 0; depth < 8; depth++ {
		inc := ""
		for _, p := range g.includers[cur] {
			if !seen[p] {
				inc = p
				break
			}
		}
		if inc == "" {
			break
		}
		seen[inc] = true
		text := prefixUntilInclude(inc, cur, g.dir)
		parts = append([]string{text}, parts...)
		if filepath.Ext(inc) == "" {
			break // a public header needs no context of its own
		}
		cur = inc
	}
	if len(parts) == 0 {
		return ""
	}
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p)
	}
	if guard := includeGuard(file); guard != "" {
		fmt.Fprintf(&b, "#undef %s\n", guard)
	}
	rel, _ := filepath.Rel(g.dir, file)
	out := filepath.Join(tmp, strings.ReplaceAll(filepath.ToSlash(rel), "/", "__")+".prelude.h")
	if os.WriteFile(out, []byte(b.String()), 0o644) != nil {
		return ""
	}
	return out
}

// prefixUntilInclude is inc's text before the line that includes file,
// with a #endif for every #if group open at that point.
func prefixUntilInclude(inc, file, dir string) string {
	b, _ := os.ReadFile(inc)
	var out strings.Builder
	open := 0
	for _, line := range strings.Split(string(b), "\n") {
		if m := includeLine.FindStringSubmatch(line); m != nil {
			if filepath.Join(dir, m[1]) == file || filepath.Join(filepath.Dir(inc), m[1]) == file {
				break
			}
		}
		switch {
		case condOpen.MatchString(line):
			open++
		case condClose.MatchString(line):
			open--
		}
		out.WriteString(line)
		out.WriteByte('\n')
	}
	for ; open > 0; open-- {
		out.WriteString("#endif\n")
	}
	return out.String()
}

// includeGuard is the macro of a header's "#ifndef X / #define X" guard.
func includeGuard(file string) string {
	b, _ := os.ReadFile(file)
	lines := strings.Split(string(b), "\n")
	for i, line := range lines {
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "//") || strings.HasPrefix(t, "/*") || strings.HasPrefix(t, "*") {
			continue
		}
		m := guardIfndef.FindStringSubmatch(line)
		if m == nil {
			return ""
		}
		for _, next := range lines[i+1 : min(i+4, len(lines))] {
			if regexp.MustCompile(`^\s*#\s*define\s+` + regexp.QuoteMeta(m[1]) + `\b`).MatchString(next) {
				return m[1]
			}
		}
		return ""
	}
	return ""
}

// liveLines runs the ground truth's preprocessor ("clang -E" with its
// flags and the file's prelude) and returns, per file, the lines whose
// tokens it kept: a line is live when the output line that stands for it
// is not blank. Lines of #if branches it skipped are not live (clang
// writes them as blank lines or jumps over them with a line marker).
func (run *cRun) liveLines(files []string, clang string) map[string]map[int]bool {
	live := make([]map[int]bool, len(files))
	parallel(len(files), func(i int) {
		rel := files[i]
		abs := filepath.Join(run.dir, filepath.FromSlash(rel))
		args := []string{"-E", "-Wno-everything"}
		if strings.HasSuffix(rel, ".c") {
			args = append(args, "-x", "c")
			for _, f := range run.flags {
				if !strings.HasPrefix(f, "-std=c++") {
					args = append(args, f)
				}
			}
		} else {
			args = append(args, "-x", "c++")
			args = append(args, run.flags...)
			if !hasStd(run.flags) {
				args = append(args, "-std=c++17") // gt-cpp's default
			}
		}
		keyArgs := strings.Join(args, " ")
		if p := run.prelude[rel]; p != "" {
			args = append(args, "-include", p)
		}
		args = append(args, abs)
		var res struct {
			OK    bool
			Lines []int
		}
		cached(&res, func() {
			out, err := exec.Command(clang, args...).Output()
			if err != nil && len(out) == 0 {
				return
			}
			res.OK = true
			for l := range parseLineMarkers(out, abs) {
				res.Lines = append(res.Lines, l)
			}
		}, "clang -E v2", keyArgs, abs, fileContent(abs), fileContent(run.prelude[rel]))
		if res.OK {
			live[i] = map[int]bool{}
			for _, l := range res.Lines {
				live[i][l] = true
			}
		}
	})
	m := map[string]map[int]bool{}
	for i, f := range files {
		if live[i] != nil {
			m[f] = live[i]
		}
	}
	return m
}

func hasStd(flags []string) bool {
	for _, f := range flags {
		if strings.HasPrefix(f, "-std") {
			return true
		}
	}
	return false
}

// lineMarker is clang's "# 12 "file" flags".
var lineMarker = regexp.MustCompile(`^# (\d+) "((?:[^"\\]|\\.)*)"`)

// parseLineMarkers reads preprocessed output and returns the lines of file
// that produced non-blank output.
func parseLineMarkers(out []byte, file string) map[int]bool {
	live := map[int]bool{}
	cur, line := "", 0
	for _, l := range strings.Split(string(out), "\n") {
		if m := lineMarker.FindStringSubmatch(l); m != nil {
			fmt.Sscan(m[1], &line)
			cur = m[2]
			continue
		}
		if cur == file && strings.TrimSpace(l) != "" {
			live[line] = true
		}
		line++
	}
	return live
}
