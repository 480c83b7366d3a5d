package main

// Reference mode: treenav's find_references against a gt-refs-* lister
// (../shared/groundtruth: go/types for Go, javac, the TypeScript language
// service, jedi). For each definition the lister prints, the references
// treenav finds (its target is the definition's node id, or PATH:LINE)
// are matched on (file, line, column) with the lister's; comments and
// prose (textual mentions) are left out, since the listers never see
// them. It prints recall of the true references among resolved and
// ambiguous ones, the precision of resolved ones, the share resolved, and
// the disagreements by class with examples.
//
//	go run ./cmd/fidelity -refs -lang go -gt-args './net/http/...' -path 'net/http/**' $(go env GOROOT)/src
//	go run ./cmd/fidelity -refs -lang go -gt-file gt.jsonl -path 'os/**' $(go env GOROOT)/src

import (
	"bufio"
	"encoding/json"
	"fmt"
	"go/build"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index"
	"github.com/treenav/treenav/index/engine"
	"github.com/treenav/treenav/parsers"
)

type gtRef struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Col  int    `json:"col"`
	Kind string `json:"kind"`
}

type gtDef struct {
	File      string  `json:"file"`
	Name      string  `json:"name"`
	Qualified string  `json:"qualified"`
	Kind      string  `json:"kind"`
	Line      int     `json:"line"`
	Col       int     `json:"col"`
	Refs      []gtRef `json:"refs"`
}

type refPos struct {
	file      string
	line, col int
}

type refsConfig struct {
	lang, gtCmd, gtArgs, gtFile, path string
	maxDefs, show                     int
}

func runRefs(dir string, c refsConfig) {
	defs, err := loadGTRefs(dir, c)
	if err != nil {
		fail(err)
	}
	e, err := engine.NewEngine([]treenav.Collection{{Name: "fidelity", Root: dir}}, engine.EngineOptions{})
	if err != nil {
		fail(err)
	}
	// The index persists in the user's cache like the CLI's, so that a
	// second run parses only what changed.
	snap, err := e.SnapshotDir("")
	if err == nil {
		e.LoadSnapshot(snap)
	}
	if err := e.Build(); err != nil {
		fail(err)
	}
	if snap != "" {
		if err := e.SaveSnapshot(snap); err != nil {
			fmt.Fprintln(os.Stderr, "fidelity: snapshot:", err)
		}
	}
	ix := e.Index()
	var (
		gtTotal, found, resolvedTrue, resolvedAll, ambiguousAll int
		targetMissing, targetRefs                               int
		classes                                                 = map[string][]string{}
		excluded                                                = map[string]int{}
	)
	parsed := map[string]*treenav.Document{}
	docOf := func(rel string) *treenav.Document {
		if d, ok := parsed[rel]; ok {
			return d
		}
		src, err := os.ReadFile(filepath.Join(dir, rel))
		var d *treenav.Document
		if err == nil {
			d, _ = parsers.Parse(rel, rel, src)
		}
		parsed[rel] = d
		return d
	}
	lines := map[string][]string{}
	lineText := func(rel string, line int, trim ...bool) string {
		ls, ok := lines[rel]
		if !ok {
			src, err := os.ReadFile(filepath.Join(dir, rel))
			if err == nil {
				ls = strings.Split(string(src), "\n")
			}
			lines[rel] = ls
		}
		if line-1 < len(ls) && line > 0 {
			if len(trim) > 0 && !trim[0] {
				return ls[line-1]
			}
			return strings.TrimSpace(ls[line-1])
		}
		return ""
	}
	for _, d := range defs {
		rel, _ := filepath.Rel(dir, d.File)
		rel = filepath.ToSlash(rel)
		var truth = map[refPos]string{}
		for _, r := range d.Refs {
			rr, _ := filepath.Rel(dir, r.File)
			rr = filepath.ToSlash(rr)
			if c.path != "" && !globMatch(c.path, rr) {
				excluded["ground truth outside -path"]++
				continue
			}
			truth[refPos{rr, r.Line, r.Col}] = r.Kind
		}
		gtTotal += len(truth)
		resp, err := refsFor(ix, rel, d, c.path)
		if err != nil && !indexed(ix, rel) {
			excluded["definitions in files the index skips (generated, too large)"]++
			excluded["true references to them"] += len(truth)
			gtTotal -= len(truth)
			continue
		}
		if err != nil {
			targetMissing++
			targetRefs += len(truth)
			classes["target not found"] = append(classes["target not found"], fmt.Sprintf("%s:%d %s (%v)", rel, d.Line, d.Qualified, err))
			continue
		}
		ours := map[refPos]treenav.Confidence{}
		for _, h := range resp.References {
			if h.Confidence == treenav.Textual || h.Kind == treenav.RefDoc {
				continue
			}
			ours[refPos{h.Path, h.Line, gtColumn(c.lang, lineText(h.Path, h.Line, false), h.Column)}] = h.Confidence
		}
		for p, kind := range truth {
			conf, ok := ours[p]
			switch {
			case ok && conf == treenav.Resolved:
				found++
				resolvedTrue++
			case ok:
				found++
				classes["true, ambiguous"] = append(classes["true, ambiguous"], fmt.Sprintf("%s:%d:%d %s → %s  %s", p.file, p.line, p.col, kind, d.Qualified, lineText(p.file, p.line)))
			case !indexed(ix, p.file):
				gtTotal--
				excluded["true references in files the index skips"]++
			default:
				cls, what := "missed: no reference extracted there", ""
				if doc := docOf(p.file); doc != nil {
					for _, r := range doc.Refs {
						if r.Line == p.line && r.Column == p.col {
							switch {
							case r.QualType != "":
								cls = "missed: extracted with a typed qualifier, resolved elsewhere"
							case r.Qualifier != "":
								cls = "missed: extracted with an untyped qualifier, resolved elsewhere"
							default:
								cls = "missed: extracted unqualified, resolved elsewhere"
							}
							what = fmt.Sprintf(" [q=%s t=%s]", r.Qualifier, r.QualType)
							break
						}
					}
				}
				classes[cls] = append(classes[cls], fmt.Sprintf("%s:%d:%d %s → %s%s  %s", p.file, p.line, p.col, kind, d.Qualified, what, lineText(p.file, p.line)))
			}
		}
		for p, conf := range ours {
			if conf == treenav.Resolved {
				resolvedAll++
			} else {
				ambiguousAll++
			}
			if _, ok := truth[p]; ok {
				continue
			}
			if c.lang == "go" && strings.Contains("/"+p.file, "/testdata/") {
				excluded["ours in testdata (no package the lister loads)"]++
				if conf == treenav.Resolved {
					resolvedAll--
				}
				continue
			}
			if c.lang == "go" && !goFileBuilds(dir, p.file) {
				excluded["ours in a file outside the build configuration"]++
				if conf == treenav.Resolved {
					resolvedAll--
				}
				continue
			}
			if conf == treenav.Resolved {
				classes["false resolved"] = append(classes["false resolved"], fmt.Sprintf("%s:%d:%d → %s  %s", p.file, p.line, p.col, d.Qualified, lineText(p.file, p.line)))
			}
		}
	}
	fmt.Printf("reference fidelity, %s, %s (%d definitions, %d true references in scope)\n", c.lang, dir, len(defs), gtTotal)
	fmt.Printf("  recall (resolved+ambiguous): %.3f  (%d/%d)\n", ratio(found, gtTotal), found, gtTotal)
	fmt.Printf("  share resolved:              %.3f  (%d/%d)\n", ratio(resolvedTrue, gtTotal), resolvedTrue, gtTotal)
	fmt.Printf("  precision of resolved:       %.3f  (%d/%d)\n", ratio(resolvedTrue, resolvedAll), resolvedTrue, resolvedAll)
	fmt.Printf("  ambiguous listed:            %d\n", ambiguousAll)
	fmt.Printf("  targets not found:           %d (%d true references)\n", targetMissing, targetRefs)
	for k, n := range excluded {
		fmt.Printf("  excluded, %s: %d\n", k, n)
	}
	names := make([]string, 0, len(classes))
	for k := range classes {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool { return len(classes[names[i]]) > len(classes[names[j]]) })
	for _, k := range names {
		ex := classes[k]
		sort.Strings(ex)
		fmt.Printf("\n%s: %d\n", k, len(ex))
		for i, x := range ex {
			if i >= c.show {
				break
			}
			fmt.Println("  " + x)
		}
	}
}

// gtColumn converts treenav's byte column on a line into the lister's
// unit: UTF-16 code units for javac and the TypeScript service, code
// points for jedi, bytes for go/types.
func gtColumn(lang, line string, col int) int {
	if lang == "go" || col-1 > len(line) {
		return col
	}
	pre := line[:col-1]
	n := 0
	for _, r := range pre {
		n++
		if r >= 0x10000 && lang != "python" {
			n++
		}
	}
	return n + 1
}

// refsFor asks for all the references of a ground-truth definition: by
// node id (path and qualified name), else by PATH:LINE.
func refsFor(ix *index.Index, rel string, d gtDef, glob string) (*treenav.ReferencesResponse, error) {
	// The name's position first: a field and a method of one name share
	// a qualified name (the second is ~2).
	byPos := index.ReferencesRequest{Target: fmt.Sprintf("%s:%d:%d", rel, d.Line, d.Col), PathGlob: glob, Limit: 1 << 30, MaxChars: 1 << 40}
	if resp, err := ix.References(byPos); err == nil && resp.Symbol.Name == d.Name {
		return resp, nil
	}
	req := index.ReferencesRequest{Target: rel + "#" + d.Qualified, PathGlob: glob, Limit: 1 << 30, MaxChars: 1 << 40}
	resp, err := ix.References(req)
	if err == nil && resp.Symbol.LineStart <= d.Line {
		return resp, nil
	}
	req.Target = fmt.Sprintf("%s:%d", rel, d.Line)
	resp2, err2 := ix.References(req)
	if err2 != nil {
		if err != nil {
			return nil, err
		}
		return resp, nil
	}
	if resp2.Symbol.Name != d.Name {
		// The line's symbol is another (the function around a local the
		// lister counts as a definition): its references are not these.
		if err != nil {
			return nil, fmt.Errorf("no definition %s at line %d (%s there): %w", d.Name, d.Line, resp2.Symbol.QualifiedName, err)
		}
		return resp, nil
	}
	return resp2, nil
}

func loadGTRefs(dir string, c refsConfig) ([]gtDef, error) {
	var rd *bufio.Scanner
	if c.gtFile != "" {
		f, err := os.Open(c.gtFile)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		rd = bufio.NewScanner(f)
	} else {
		cmd := c.gtCmd
		if cmd == "" {
			cmd = "gt-refs-" + map[string]string{"typescript": "ts", "javascript": "ts"}[c.lang]
			if cmd == "gt-refs-" {
				cmd = "gt-refs-" + c.lang
			}
		}
		args := strings.Fields(cmd)
		if c.maxDefs > 0 {
			args = append(args, "--max-defs", fmt.Sprint(c.maxDefs))
		}
		args = append(args, dir)
		args = append(args, strings.Fields(c.gtArgs)...)
		x := exec.Command(args[0], args[1:]...)
		x.Stderr = os.Stderr
		out, err := x.Output()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", strings.Join(args, " "), err)
		}
		rd = bufio.NewScanner(strings.NewReader(string(out)))
	}
	rd.Buffer(make([]byte, 1<<20), 1<<28)
	var defs []gtDef
	for rd.Scan() {
		var d gtDef
		if err := json.Unmarshal(rd.Bytes(), &d); err != nil {
			return nil, fmt.Errorf("ground truth: %w", err)
		}
		defs = append(defs, d)
	}
	return defs, rd.Err()
}

var indexedCache = map[string]bool{}

// indexed: the index holds the file (it skips generated and large ones).
func indexed(ix *index.Index, rel string) bool {
	if ok, seen := indexedCache[rel]; seen {
		return ok
	}
	_, err := ix.Tree(index.TreeRequest{DocID: rel, MaxNodes: 1})
	indexedCache[rel] = err == nil
	return err == nil
}

// goFileBuilds: the file is part of the host's build configuration, the
// one gt-refs-go type-checks.
func goFileBuilds(dir, rel string) bool {
	ctx := build.Default
	ctx.CgoEnabled = false
	ok, err := ctx.MatchFile(filepath.Join(dir, filepath.Dir(rel)), filepath.Base(rel))
	return err != nil || ok
}

func globMatch(glob, p string) bool {
	if strings.HasSuffix(glob, "/**") {
		return strings.HasPrefix(p, strings.TrimSuffix(glob, "**"))
	}
	ok, _ := filepath.Match(glob, p)
	return ok
}
