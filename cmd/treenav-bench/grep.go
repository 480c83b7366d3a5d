package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/treenav/treenav/index"
	"github.com/treenav/treenav/index/engine"
)

// The grep comparison: for each pattern of grepPatterns in each mode, the
// (path, line) set treenav's grep answers must be ripgrep's over the same
// files, and the bench times both. Regexes spell classes out ([0-9],
// [A-Za-z_]) where ripgrep's Unicode \d, \w, \s and \b would differ from
// RE2's ASCII ones.

// grepPattern is one pattern of the comparison.
type grepPattern struct {
	Pattern string `json:"pattern"`
	Regex   bool   `json:"regex"`
}

// grepPatterns: 20 literals and 20 regexes, selective and not, with and
// without a match in Go's and Python's sources.
var grepPatterns = []grepPattern{
	{"func (s *Server)", false},
	{"MaxShards", false},
	{"errors.New(", false},
	{"TODO", false},
	{"e", false},
	{"return nil, err", false},
	{"import", false},
	{"http.StatusOK", false},
	{"self.assert", false},
	{"def __init__(self", false},
	{"context.Context", false},
	{"sync.Mutex", false},
	{"[]byte(", false},
	{"raise ValueError", false},
	{"utf-8", false},
	{"retry_on_http_429", false},
	{`\n`, false},
	{"→", false},
	{"Copyright", false},
	{"panic(", false},
	{".", true},
	{`^func [A-Z][A-Za-z0-9_]*\(`, true},
	{`^[ \t]*//`, true},
	{`[0-9]{4,}`, true},
	{`(foo|bar)baz`, true},
	{`err != nil \{$`, true},
	{`def test_[a-z_]+`, true},
	{`class [A-Z][A-Za-z]*\(`, true},
	{`[A-Z]{2,}_[A-Z]+`, true},
	{`x+y`, true},
	{`int(8|16|32|64)`, true},
	{`^$`, true},
	{`go:(generate|build|linkname)`, true},
	{`0x[0-9a-fA-F]+`, true},
	{`"[^"]*\.go"`, true},
	{`(?i)deprecated`, true},
	{`[а-яА-Я]+`, true},
	{`Kelvin|kelvin`, true},
	{`a.*b.*c.*d.*e`, true},
	{`zzz[0-9]+qqq`, true},
}

// grepMode is how a pattern is matched: case-sensitive, -i or -w.
type grepMode struct {
	Name       string
	Fold, Word bool
}

var grepModes = []grepMode{{"case", false, false}, {"-i", true, false}, {"-w", false, true}}

// grepRow is one pattern in one mode.
type grepRow struct {
	Pattern   string   `json:"pattern"`
	Regex     bool     `json:"regex"`
	Mode      string   `json:"mode"`
	Lines     int      `json:"lines"` // matching lines, ripgrep's count
	Same      bool     `json:"same"`
	Diff      []string `json:"diff,omitempty"` // the first differences
	TreenavMs float64  `json:"treenav_ms"`     // median in-process Grep, default page
	RgMs      float64  `json:"rg_ms"`          // median rg wall time
	Speedup   float64  `json:"speedup"`
}

func (p grepPattern) request(m grepMode) index.GrepRequest {
	return index.GrepRequest{Pattern: p.Pattern, Regex: p.Regex, IgnoreCase: m.Fold, Word: m.Word}
}

// rgArgs runs ripgrep as the comparison needs: the given files only, as
// text (treenav reads what it indexes whole), no transcoding, no config.
func rgArgs(p grepPattern, m grepMode, files []string) []string {
	args := []string{"--no-config", "-a", "-E", "none", "-n", "--null", "--no-heading", "-j", "2"}
	if !p.Regex {
		args = append(args, "-F")
	}
	if m.Fold {
		args = append(args, "-i")
	} else {
		args = append(args, "-s")
	}
	if m.Word {
		args = append(args, "-w")
	}
	args = append(args, "-e", p.Pattern, "--")
	return append(args, files...)
}

// rgLines runs ripgrep in root and returns its matching lines as
// "path:line", sorted, and its wall time.
func rgLines(root string, files []string, p grepPattern, m grepMode, keep bool) ([]string, time.Duration, error) {
	cmd := exec.Command("rg", rgArgs(p, m, files)...)
	cmd.Dir = root
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, 0, err
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return nil, 0, err
	}
	var lines []string
	if keep {
		br := bufio.NewReaderSize(out, 1<<20)
		for {
			l, err := br.ReadSlice('\n')
			if len(l) > 0 {
				if path, rest, ok := bytes.Cut(l, []byte{0}); ok {
					num, _, _ := bytes.Cut(rest, []byte{':'})
					lines = append(lines, string(path)+":"+string(num))
				}
			}
			if err == bufio.ErrBufferFull {
				// A long line: skip to its end.
				for err == bufio.ErrBufferFull {
					_, err = br.ReadSlice('\n')
				}
			}
			if err != nil {
				break
			}
		}
	} else {
		io.Copy(io.Discard, out)
	}
	err = cmd.Wait()
	d := time.Since(start)
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 1 {
		err = nil // no match
	}
	sort.Strings(lines)
	return lines, d, err
}

// treenavLines returns every line Grep finds, page by page, as
// "path:line", sorted.
func treenavLines(e *engine.Engine, req index.GrepRequest) ([]string, int, error) {
	var lines []string
	req.Limit, req.MaxChars = 200000, 1<<40
	total := 0
	for {
		r, err := e.Index().Grep(req)
		if err != nil {
			return nil, 0, err
		}
		total = r.TotalMatches
		for _, m := range r.Matches {
			lines = append(lines, m.Path+":"+strconv.Itoa(m.Line))
		}
		if r.NextCursor == "" {
			break
		}
		req.Offset, _ = strconv.Atoi(r.NextCursor)
	}
	sort.Strings(lines)
	return lines, total, nil
}

// indexedFiles lists the paths the engine indexed.
func indexedFiles(e *engine.Engine) ([]string, error) {
	r, err := e.Index().List(index.ListRequest{Limit: 1 << 30, MaxChars: 1 << 40})
	if err != nil {
		return nil, err
	}
	files := make([]string, 0, len(r.Documents))
	for _, d := range r.Documents {
		files = append(files, d.Path)
	}
	return files, nil
}

// compareGrep checks one pattern in one mode against ripgrep and, when
// rounds > 0, times both (median of rounds, after a warm-up run).
func compareGrep(e *engine.Engine, root string, files []string, p grepPattern, m grepMode, rounds int) (grepRow, error) {
	row := grepRow{Pattern: p.Pattern, Regex: p.Regex, Mode: m.Name}
	want, _, err := rgLines(root, files, p, m, true)
	if err != nil {
		return row, fmt.Errorf("rg %q: %w", p.Pattern, err)
	}
	got, total, err := treenavLines(e, p.request(m))
	if err != nil {
		return row, fmt.Errorf("grep %q: %w", p.Pattern, err)
	}
	row.Lines = len(want)
	row.Same = slices.Equal(got, want) && total == len(want)
	if !row.Same {
		row.Diff = diffLines(got, want, 5)
		if total != len(got) {
			row.Diff = append(row.Diff, fmt.Sprintf("total_matches %d, %d lines listed", total, len(got)))
		}
	}
	if rounds <= 0 {
		return row, nil
	}
	var tt, rt []float64
	for i := range rounds + 1 {
		start := time.Now()
		if _, err := e.Index().Grep(p.request(m)); err != nil {
			return row, err
		}
		d := time.Since(start)
		_, rd, err := rgLines(root, files, p, m, false)
		if err != nil {
			return row, err
		}
		if i > 0 {
			tt = append(tt, float64(d.Microseconds())/1000)
			rt = append(rt, float64(rd.Microseconds())/1000)
		}
	}
	row.TreenavMs, row.RgMs = median(tt), median(rt)
	if row.TreenavMs > 0 {
		row.Speedup = row.RgMs / row.TreenavMs
	}
	return row, nil
}

// diffLines names up to n lines one side has and the other lacks.
func diffLines(got, want []string, n int) []string {
	var out []string
	i, j := 0, 0
	for (i < len(got) || j < len(want)) && len(out) < n {
		switch {
		case j >= len(want) || i < len(got) && got[i] < want[j]:
			out = append(out, "treenav only: "+got[i])
			i++
		case i >= len(got) || want[j] < got[i]:
			out = append(out, "rg only: "+want[j])
			j++
		default:
			i++
			j++
		}
	}
	return out
}

// grepReport is the grep phase of one corpus.
type grepReport struct {
	Rows []grepRow `json:"rows"`
}

// grepPhase loads the snapshot and compares every pattern and mode with
// ripgrep, timing both.
func grepPhase(dir, snap string, rounds int) (*grepReport, error) {
	e, err := engineFor(dir)
	if err != nil {
		return nil, err
	}
	if ok, err := e.LoadSnapshot(snap); err != nil || !ok {
		return nil, fmt.Errorf("load snapshot: %v", err)
	}
	if err := e.Build(); err != nil {
		return nil, err
	}
	files, err := indexedFiles(e)
	if err != nil {
		return nil, err
	}
	root := e.Collections()[0].Root
	r := &grepReport{}
	for _, p := range grepPatterns {
		for _, m := range grepModes {
			row, err := compareGrep(e, root, files, p, m, rounds)
			if err != nil {
				return nil, err
			}
			r.Rows = append(r.Rows, row)
		}
	}
	return r, nil
}

// printGrepTable prints each corpus's comparison and its summary: the
// smallest speedup over selective patterns (under 1,000 lines) and over
// all, and the patterns whose answer differs.
func printGrepTable(rs []corpusResult) {
	for _, r := range rs {
		if len(r.Grep) == 0 {
			continue
		}
		fmt.Printf("\ngrep vs rg on %s (%d files):\n\n", r.Name, r.Files)
		fmt.Println("| pattern | mode | lines | same | treenav ms | rg ms | rg/treenav |")
		fmt.Println("|---|---|---:|---|---:|---:|---:|")
		minSel, minAll, same, slower := 0.0, 0.0, 0, 0
		var sel []float64
		for i, row := range r.Grep {
			p := row.Pattern
			if row.Regex {
				p = "/" + p + "/"
			}
			fmt.Printf("| `%s` | %s | %d | %v | %.2f | %.1f | %.1f |\n", strings.ReplaceAll(p, "|", `\|`), row.Mode, row.Lines, row.Same, row.TreenavMs, row.RgMs, row.Speedup)
			if row.Same {
				same++
			}
			if i == 0 || row.Speedup < minAll {
				minAll = row.Speedup
			}
			if row.Lines < 1000 && (minSel == 0 || row.Speedup < minSel) {
				minSel = row.Speedup
			}
			if row.Lines < 1000 {
				sel = append(sel, row.Speedup)
			}
			if row.Speedup < 1 {
				slower++
			}
		}
		fast := 0
		for _, x := range sel {
			if x >= 20 {
				fast++
			}
		}
		fmt.Printf("\n%d of %d answers equal rg's; rg/treenav at least %.1f on selective patterns (< 1,000 lines), %.1f on all\n",
			same, len(r.Grep), minSel, minAll)
		fmt.Printf("selective: median rg/treenav %.1f, %d of %d runs at least 20x; %d of %d runs slower than rg\n",
			median(sel), fast, len(sel), slower, len(r.Grep))
		for _, row := range r.Grep {
			if !row.Same {
				fmt.Printf("differs: %q %s: %s\n", row.Pattern, row.Mode, strings.Join(row.Diff, "; "))
			}
		}
	}
}
