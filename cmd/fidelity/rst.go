package main

// The rst mode compares treenav's reStructuredText section tree with
// docutils' (testdata/rst_sections.py, Debian's python3-docutils):
//
//	go run ./cmd/fidelity -lang rst DIR
//
// over the .rst, .rest and .rst.txt files under DIR (Sphinx ships its
// sources as .rst.txt under html/_sources: Debian's python3.11-doc and
// sphinx-doc packages are good corpora). A docutils section agrees when
// treenav has a section (not a directive node) starting on the same line,
// at the same level, with the same title text. Agreement is the agreeing
// sections over the larger of the two counts.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/parsers/rst"
)

type rstSection struct {
	File  string `json:"file"`
	Line  int    `json:"line"`
	Level int    `json:"level"`
	Title string `json:"title"`
	Error string `json:"error"`
}

func (s rstSection) key() string {
	return fmt.Sprintf("%s:%d:%d:%s", s.File, s.Line, s.Level, strings.Join(strings.Fields(s.Title), " "))
}

// rstFiles lists the files the lister reads.
func rstFiles(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != dir && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		n := d.Name()
		regular := d.Type().IsRegular()
		if d.Type()&fs.ModeSymlink != 0 { // the lister follows links to files
			st, err := os.Stat(p)
			regular = err == nil && st.Mode().IsRegular()
		}
		if regular && (strings.HasSuffix(n, ".rst") || strings.HasSuffix(n, ".rest") || strings.HasSuffix(n, ".rst.txt")) {
			rel, err := filepath.Rel(dir, p)
			if err != nil {
				return err
			}
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	return files, err
}

// rstOurs lists treenav's sections of the files.
func rstOurs(dir string, files []string) ([]rstSection, error) {
	var out []rstSection
	for _, f := range files {
		src, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f)))
		if err != nil {
			return nil, err
		}
		doc, err := rst.Parse(f, src)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		for _, n := range doc.Nodes {
			if n.Kind == treenav.KindSection && n.NativeKind == "" {
				out = append(out, rstSection{File: f, Line: n.LineStart, Level: n.Level, Title: n.Title})
			}
		}
	}
	return out, nil
}

func rstGroundTruth(cmdline, dir string) ([]rstSection, map[string]bool, error) {
	args := append(strings.Fields(cmdline), dir)
	c := exec.Command(args[0], args[1:]...)
	var stderr bytes.Buffer
	c.Stderr = &stderr
	out, err := c.Output()
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w\n%s", cmdline, err, stderr.String())
	}
	var ss []rstSection
	failed := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		var s rstSection
		if json.Unmarshal(sc.Bytes(), &s) != nil {
			continue
		}
		if s.Error != "" {
			failed[s.File] = true
			continue
		}
		ss = append(ss, s)
	}
	return ss, failed, sc.Err()
}

// runRst is the -lang rst mode.
func runRst(dir, gtCmd string, show int, jsonOut string) {
	if gtCmd == "" {
		gtCmd = "python3 cmd/fidelity/testdata/rst_sections.py"
	}
	files, err := rstFiles(dir)
	if err != nil {
		fail(err)
	}
	gt, failed, err := rstGroundTruth(gtCmd, dir)
	if err != nil {
		fail(err)
	}
	ours, err := rstOurs(dir, files)
	if err != nil {
		fail(err)
	}
	kept := ours[:0]
	for _, s := range ours {
		if !failed[s.File] {
			kept = append(kept, s)
		}
	}
	ours = kept
	r := compareRst(gt, ours)
	fmt.Printf("rst sections: %d files (%d docutils could not read), docutils %d, treenav %d, agree %d\n",
		len(files), len(failed), len(gt), len(ours), r.agree)
	fmt.Printf("recall %.4f  precision %.4f  agreement %.4f\n", r.recall, r.precision, r.agreement)
	printMisses("docutils only", r.gtOnly, show)
	printMisses("treenav only", r.oursOnly, show)
	if jsonOut != "" {
		b, _ := json.MarshalIndent(map[string]any{"lang": "rst", "dir": dir, "files": len(files),
			"docutils": len(gt), "treenav": len(ours), "agree": r.agree,
			"recall": r.recall, "precision": r.precision, "agreement": r.agreement}, "", "  ")
		if err := os.WriteFile(jsonOut, b, 0o644); err != nil {
			fail(err)
		}
	}
}

type rstResult struct {
	agree                        int
	recall, precision, agreement float64
	gtOnly, oursOnly             []rstSection
}

// compareRst matches sections on file, first line, level and title.
func compareRst(gt, ours []rstSection) rstResult {
	have := map[string]int{}
	for _, s := range ours {
		have[s.key()]++
	}
	var r rstResult
	for _, s := range gt {
		if have[s.key()] > 0 {
			have[s.key()]--
			r.agree++
		} else {
			r.gtOnly = append(r.gtOnly, s)
		}
	}
	want := map[string]int{}
	for _, s := range gt {
		want[s.key()]++
	}
	for _, s := range ours {
		if want[s.key()] > 0 {
			want[s.key()]--
		} else {
			r.oursOnly = append(r.oursOnly, s)
		}
	}
	r.recall = ratio(r.agree, len(gt))
	r.precision = ratio(r.agree, len(ours))
	r.agreement = ratio(r.agree, max(len(gt), len(ours)))
	return r
}

func printMisses(label string, ss []rstSection, show int) {
	sort.Slice(ss, func(i, j int) bool { return ss[i].key() < ss[j].key() })
	fmt.Printf("%s: %d\n", label, len(ss))
	for i, s := range ss {
		if i >= show {
			break
		}
		fmt.Printf("  %s:%d level %d %q\n", s.File, s.Line, s.Level, s.Title)
	}
}
