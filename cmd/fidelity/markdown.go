package main

// The markdown mode compares treenav's heading tree with gt-markdown
// (markdown-it + yaml, ../shared/groundtruth/md_headings.cjs):
//
//	go run ./cmd/fidelity -lang markdown DIR
//
// npm packages make a good corpus: install a few dozen into a scratch
// folder (npm install --ignore-scripts jest webpack eslint fastify ...) and
// run on its node_modules; gt-markdown, like this mode, skips dot folders
// and node_modules below DIR.
//
// A ground-truth heading agrees when treenav has a section on the same line
// with the same level and the same text. markdown-it reports a heading's
// raw inline source and treenav its text without markup, so both sides are
// compared after normalizeHeading. The section's end line (the line before
// the next heading of the same or a higher level) is compared too, among
// agreeing headings.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/parsers"
)

type mdHeading struct {
	file  string
	line  int
	end   int
	level int
	name  string // as reported
	norm  string // normalized for comparison
}

// runMarkdown is the -lang markdown mode.
func runMarkdown(dir, gtCmd string, show int, jsonOut string) {
	if gtCmd == "" {
		gtCmd = "gt-markdown"
	}
	files, err := mdFiles(dir)
	if err != nil {
		fail(err)
	}
	gt, err := mdGroundTruth(gtCmd, dir)
	if err != nil {
		fail(err)
	}
	ours, warned := mdOurs(dir, files)
	reportMarkdown(dir, len(files), warned, gt, ours, show, jsonOut)
}

// mdFiles lists the files gt-markdown reads: it skips entries whose name
// starts with "." and node_modules folders below the root, and takes
// names ending in .md, .mdx or .markdown (case-sensitive).
func mdFiles(dir string) ([]string, error) {
	ext := regexp.MustCompile(`\.(md|mdx|markdown)$`)
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != dir && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() && ext.MatchString(p) {
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

func mdGroundTruth(cmdline, dir string) ([]mdHeading, error) {
	args := append(strings.Fields(cmdline), dir)
	c := exec.Command(args[0], args[1:]...)
	var stderr bytes.Buffer
	c.Stderr = &stderr
	out, err := c.Output()
	if err != nil {
		return nil, fmt.Errorf("%s: %w\n%s", cmdline, err, stderr.String())
	}
	var hs []mdHeading
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		var h struct {
			File  string `json:"file"`
			Kind  string `json:"kind"`
			Name  string `json:"name"`
			Level int    `json:"level"`
			Start int    `json:"start"`
			End   int    `json:"end"`
		}
		if json.Unmarshal(sc.Bytes(), &h) != nil || h.Kind != "heading" {
			continue
		}
		rel, err := filepath.Rel(dir, h.File)
		if err != nil {
			continue
		}
		hs = append(hs, mdHeading{file: filepath.ToSlash(rel), line: h.Start, end: h.End,
			level: h.Level, name: h.Name, norm: normalizeGT(h.Name)})
	}
	return hs, sc.Err()
}

// mdOurs parses the files with treenav and returns their sections and the
// number of files with parse warnings.
func mdOurs(dir string, files []string) ([]mdHeading, int) {
	jobs := make([]parsers.Job, len(files))
	for i, f := range files {
		jobs[i] = parsers.Job{Rel: f, Abs: filepath.Join(dir, filepath.FromSlash(f)), DocID: f}
	}
	var hs []mdHeading
	warned := 0
	var mu sync.Mutex
	parsers.ParseAll(jobs, 0, nil, func(_ int, o parsers.Outcome) {
		mu.Lock()
		defer mu.Unlock()
		if o.Err != nil {
			fmt.Fprintln(os.Stderr, "fidelity:", o.Err)
			return
		}
		if o.Doc == nil || o.Doc.ContentType != treenav.ContentMarkdown {
			return
		}
		if len(o.Doc.Warnings) > 0 {
			warned++
		}
		for _, n := range o.Doc.Nodes {
			if n.Kind == treenav.KindSection {
				hs = append(hs, mdHeading{file: o.Doc.Path, line: n.LineStart, end: n.LineEnd,
					level: n.Level, name: n.Title, norm: words(n.Title)})
			}
		}
	})
	return hs, warned
}

// Markup in markdown-it's raw heading source, after code spans and escapes
// are set aside (see protect). The tag and link patterns follow
// CommonMark's definitions closely enough that "Array<string | Ignore>" or
// "x[method](a, b)" stay text.
var (
	reImage    = regexp.MustCompile(`!\[([^\]]*)\]\([^)]*\)`)
	reRefImage = regexp.MustCompile(`!\[([^\]]*)\]\[[^\]]*\]`)
	reLink     = regexp.MustCompile(`\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\(\s*(?:<[^<>]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+(?:"[^"]*"|'[^']*'|\([^()]*\)))?\s*\)`)
	reRefLink  = regexp.MustCompile(`\[([^\[\]]*)\]\[[^\[\]]*\]`)
	reAutolink = regexp.MustCompile(`<([a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^<>\s]*|[^<>\s@]+@[^<>\s@]+)>`)
	reCustomID = regexp.MustCompile(`\s*\{#[^\s{}]+\}$`)
	reTag      = regexp.MustCompile(`<[a-zA-Z][a-zA-Z0-9-]*(?:\s+[a-zA-Z_:][a-zA-Z0-9_.:-]*(?:\s*=\s*(?:[^\s"'=<>` + "`" + `]+|'[^']*'|"[^"]*"))?)*\s*/?>|</[a-zA-Z][a-zA-Z0-9-]*\s*>|<!--.*?-->`)
)

// normalizeGT reduces markdown-it's raw heading source to its words, the
// way treenav's titles are: link destinations, HTML tags and comments
// dropped, autolinks unwrapped, entities resolved. treenav leaves images
// out of a heading's text unless the heading has nothing else, and drops a
// trailing custom id ("{#install}"), so both are dropped here too.
func normalizeGT(raw string) string {
	if m := reCustomID.FindStringIndex(raw); m != nil && m[0] > 0 {
		raw = raw[:m[0]]
	}
	if n := markupFree(reRefImage.ReplaceAllString(reImage.ReplaceAllString(raw, ""), "")); n != "" {
		return n
	}
	return markupFree(reRefImage.ReplaceAllString(reImage.ReplaceAllString(raw, "$1"), "$1"))
}

func markupFree(s string) string {
	s, restore := protect(s)
	s = reLink.ReplaceAllString(s, "$1")
	s = reRefLink.ReplaceAllString(s, "$1")
	s = reAutolink.ReplaceAllString(s, "$1")
	s = reTag.ReplaceAllString(s, "")
	return words(restore(html.UnescapeString(s)))
}

// protect replaces code spans and backslash escapes with placeholders (one
// private-use rune each), so that the markup regexps do not read their
// text as links or tags; restore puts their literal text back.
func protect(s string) (string, func(string) string) {
	var kept []string
	var b strings.Builder
	for i := 0; i < len(s); {
		switch {
		case s[i] == '\\' && i+1 < len(s) && strings.IndexByte("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", s[i+1]) >= 0:
			kept = append(kept, s[i+1:i+2])
			b.WriteRune(rune(0xE000 + len(kept) - 1))
			i += 2
			continue
		case s[i] == '`':
			n := 0
			for i+n < len(s) && s[i+n] == '`' {
				n++
			}
			fence := s[i : i+n]
			if j := closingRun(s[i+n:], fence); j >= 0 {
				kept = append(kept, s[i+n:i+n+j])
				b.WriteRune(rune(0xE000 + len(kept) - 1))
				i += n + j + n
				continue
			}
			b.WriteString(fence)
			i += n
			continue
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String(), func(t string) string { return replacePlaceholders(t, kept) }
}

// closingRun finds a backtick run exactly as long as fence in s.
func closingRun(s, fence string) int {
	for i := 0; i < len(s); {
		if s[i] != '`' {
			i++
			continue
		}
		n := 0
		for i+n < len(s) && s[i+n] == '`' {
			n++
		}
		if n == len(fence) {
			return i
		}
		i += n
	}
	return -1
}

func replacePlaceholders(t string, kept []string) string {
	var b strings.Builder
	for _, r := range t {
		if k := int(r - 0xE000); k >= 0 && k < len(kept) {
			b.WriteString(kept[k])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// words drops emphasis and code markers, brackets and backslashes (escapes)
// and collapses whitespace; it is applied to both sides.
func words(s string) string {
	s = strings.Map(func(r rune) rune {
		switch r {
		case '*', '_', '`', '[', ']', '\\', '~', '!':
			return -1
		case '\u00a0':
			return ' '
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

type mdKey struct {
	file string
	line int
}

type mdDiff struct {
	class    string
	gt, ours *mdHeading
}

func reportMarkdown(dir string, nFiles, warned int, gt, ours []mdHeading, show int, jsonOut string) {
	byLine := map[mdKey]*mdHeading{}
	for i := range ours {
		byLine[mdKey{ours[i].file, ours[i].line}] = &ours[i]
	}
	gtLines := map[mdKey]bool{}
	agree, endAgree := 0, 0
	var diffs []mdDiff
	for i := range gt {
		g := &gt[i]
		gtLines[mdKey{g.file, g.line}] = true
		o := byLine[mdKey{g.file, g.line}]
		switch {
		case o == nil:
			diffs = append(diffs, mdDiff{"missed", g, nil})
		case o.level != g.level:
			diffs = append(diffs, mdDiff{"level", g, o})
		case o.norm != g.norm:
			diffs = append(diffs, mdDiff{"text", g, o})
		default:
			agree++
			if o.end == g.end {
				endAgree++
			} else {
				diffs = append(diffs, mdDiff{"end", g, o})
			}
		}
	}
	extra := 0
	for i := range ours {
		if !gtLines[mdKey{ours[i].file, ours[i].line}] {
			extra++
			diffs = append(diffs, mdDiff{"extra", nil, &ours[i]})
		}
	}
	files := map[string]bool{}
	for _, h := range gt {
		files[h.file] = true
	}
	fmt.Printf("# fidelity: markdown on %s\n\n", dir)
	fmt.Printf("%d markdown files (%d with headings in the ground truth; %d with treenav warnings)\n\n", nFiles, len(files), warned)
	fmt.Println("| measure | count | of | ratio |")
	fmt.Println("|---|---:|---:|---:|")
	fmt.Printf("| headings agreeing (line, level, text) | %d | %d gt | %.4f |\n", agree, len(gt), ratio(agree, len(gt)))
	fmt.Printf("| treenav headings that agree | %d | %d treenav | %.4f |\n", agree, len(ours), ratio(agree, len(ours)))
	fmt.Printf("| end line agrees (of agreeing) | %d | %d | %.4f |\n", endAgree, agree, ratio(endAgree, agree))
	counts := map[string]int{}
	for _, d := range diffs {
		counts[d.class]++
	}
	fmt.Println("\n| disagreement | count |\n|---|---:|")
	classes := []string{"missed", "level", "text", "extra", "end"}
	for _, c := range classes {
		fmt.Printf("| %s | %d |\n", c, counts[c])
	}
	sort.SliceStable(diffs, func(i, j int) bool {
		a, b := diffs[i], diffs[j]
		ha, hb := pick2(a), pick2(b)
		if ha.file != hb.file {
			return ha.file < hb.file
		}
		return ha.line < hb.line
	})
	for _, c := range classes {
		fmt.Printf("\n## %s: %d\n\n", c, counts[c])
		n := 0
		for _, d := range diffs {
			if d.class != c || n >= show {
				continue
			}
			n++
			h := pick2(d)
			fmt.Printf("- %s:%d", h.file, h.line)
			if d.gt != nil {
				fmt.Printf(" gt=h%d-%d %q", d.gt.level, d.gt.end, d.gt.name)
			}
			if d.ours != nil {
				fmt.Printf(" treenav=h%d-%d %q", d.ours.level, d.ours.end, d.ours.name)
			}
			fmt.Println()
		}
	}
	if jsonOut != "" {
		b, _ := json.MarshalIndent(map[string]any{"lang": "markdown", "dir": dir, "files": nFiles,
			"gt_headings": len(gt), "treenav_headings": len(ours), "agree": agree,
			"agreement": ratio(agree, len(gt)), "end_agree": endAgree, "extra": extra,
			"disagreements": counts}, "", "  ")
		if err := os.WriteFile(jsonOut, b, 0o644); err != nil {
			fail(err)
		}
	}
}

func pick2(d mdDiff) *mdHeading {
	if d.gt != nil {
		return d.gt
	}
	return d.ours
}
