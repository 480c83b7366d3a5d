// Command fidelity measures how well treenav's symbol extraction agrees with
// a language's own parser. It runs a ground-truth lister from
// ../shared/groundtruth (gt-go, gt-python, gt-ts, gt-java, gt-rust, gt-cpp,
// on PATH after its setup.sh) over a directory, extracts the same files
// with treenav, and matches symbols on (file, name, start line, kind family)
// where the family is type-like or callable. It prints recall and precision
// per family and per ground-truth kind, then the misses of both sides.
//
//	go run ./cmd/fidelity -lang go $(go env GOROOT)/src
//	go run ./cmd/fidelity -lang cpp -gt 'gt-cpp -std=c++20 -I/usr/include/c++/12' /usr/include/c++/12
//	go run ./cmd/fidelity -lang markdown DIR    (headings against gt-markdown; see markdown.go)
//	go run ./cmd/fidelity -ctags -lang ruby DIR  (against Universal Ctags; see ctags.go)
//
// (gt-cpp takes "-I" joined to its directory: "-I DIR" makes DIR a path to
// list.)
//
// This is how to check a change to a query: run it before and after.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"unicode"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index/walk"
	"github.com/treenav/treenav/parsers"
)

type gtSymbol struct {
	File  string `json:"file"`
	Name  string `json:"name"`
	Kind  string `json:"kind"`
	Start int    `json:"start"`
	End   int    `json:"end"`
	// gt-rust: the line after the attributes, and the first doc line.
	ItemStart int `json:"item_start"`
	DocStart  int `json:"doc_start"`
	// Definition is false for declarations without a body (gt-cpp): a
	// forward "class A;" is not a type symbol for treenav.
	Definition *bool `json:"definition"`
}

// key identifies a symbol for matching.
type key struct {
	file   string
	name   string
	line   int
	family string
}

type sym struct {
	key
	kind string // the side's own kind
	end  int
}

func main() {
	lang := flag.String("lang", "", "language: go, python, typescript, java, rust, c, cpp, markdown")
	gtCmd := flag.String("gt", "", "ground-truth command (default gt-<lang>); the directory is appended")
	show := flag.Int("show", 20, "misses to list on each side")
	jsonOut := flag.String("json", "", "also write the summary as JSON to this file")
	ctags := flag.Bool("ctags", false, "compare with Universal Ctags instead of a ground-truth lister (see ctags.go)")
	ctagsLang := flag.String("ctags-lang", "", "ctags' name of the language (default: from -lang)")
	locals := flag.Bool("locals", false, "with -ctags, also compare what is defined inside functions")
	flag.Parse()
	if *lang == "" || flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: fidelity -lang LANG [-gt CMD] [-show N] [-json FILE] DIR")
		os.Exit(2)
	}
	dir, err := filepath.Abs(flag.Arg(0))
	if err != nil {
		fail(err)
	}
	if *ctags {
		runCtags(dir, *lang, *ctagsLang, *locals, *show, *jsonOut)
		return
	}
	if *lang == "markdown" {
		runMarkdown(dir, *gtCmd, *show, *jsonOut)
		return
	}
	cmd := *gtCmd
	if cmd == "" {
		cmd = "gt-" + map[string]string{"typescript": "ts", "javascript": "ts", "c": "cpp"}[*lang]
		if cmd == "gt-" {
			cmd = "gt-" + *lang
		}
	}
	gt, gtErrFiles, err := runGroundTruth(cmd, dir, *lang == "rust")
	if err != nil {
		fail(err)
	}
	ours, err := extract(dir, *lang)
	if err != nil {
		fail(err)
	}

	// Compare on files both sides saw, minus files the ground truth could
	// not parse cleanly.
	gtFiles, ourFiles := map[string]bool{}, map[string]bool{}
	for _, s := range gt {
		gtFiles[s.file] = true
	}
	for _, s := range ours {
		ourFiles[s.file] = true
	}
	common := func(f string) bool { return gtFiles[f] && ourFiles[f] && !gtErrFiles[f] }
	var g, o []sym
	for _, s := range gt {
		if common(s.file) && s.family != "" {
			g = append(g, s)
		}
	}
	for _, s := range ours {
		if common(s.file) && s.family != "" {
			o = append(o, s)
		}
	}
	nFiles := 0
	for f := range gtFiles {
		if common(f) {
			nFiles++
		}
	}
	g, o = alignAttributes(dir, g, o)
	report(*lang, dir, nFiles, len(gtErrFiles), g, o, *show, *jsonOut)
}

// attributeLine is a line holding nothing but attributes: "[[nodiscard]]",
// "__attribute__((pure))", a macro that stands for one
// ("_GLIBCXX_NODISCARD"), or the outer "template<...>" of an out-of-line
// member template.
var attributeLine = regexp.MustCompile(`^\s*(?:\[\[.*\]\]|__attribute__\s*\(\(.*\)\)|_*[A-Z][A-Z0-9_]*(?:\s*\(.*\))?|template\s*<.*>)\s*$`)

// alignAttributes moves treenav's start line to the ground truth's when
// they differ only by attribute lines above the declaration: treenav's
// range includes attributes (like decorators) and every template header,
// libclang's extent does not.
func alignAttributes(dir string, g, o []sym) ([]sym, []sym) {
	gset := map[key]bool{}
	for _, s := range g {
		gset[s.key] = true
	}
	lines := map[string][]string{}
	for i := range o {
		s := &o[i]
		if gset[s.key] {
			continue
		}
		for d := 1; d <= 4; d++ {
			k := s.key
			k.line += d
			if !gset[k] {
				continue
			}
			src, ok := lines[s.file]
			if !ok {
				b, _ := os.ReadFile(filepath.Join(dir, filepath.FromSlash(s.file)))
				src = strings.Split(string(b), "\n")
				lines[s.file] = src
			}
			all := true
			for l := s.line; l < k.line && all; l++ {
				all = l-1 < len(src) && attributeLine.MatchString(src[l-1])
			}
			if all {
				s.key = k
				break
			}
		}
	}
	return g, o
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "fidelity:", err)
	os.Exit(1)
}

// runGroundTruth runs the lister and returns its symbols and the files it
// reported errors for (they are left out of the comparison). With
// docInStart (gt-rust), starts that include doc comments are moved past
// them.
func runGroundTruth(cmdline, dir string, docInStart bool) ([]sym, map[string]bool, error) {
	args := append(strings.Fields(cmdline), dir)
	c := exec.Command(args[0], args[1:]...)
	var stderr bytes.Buffer
	c.Stderr = &stderr
	out, err := c.Output()
	if err != nil && len(out) == 0 {
		return nil, nil, fmt.Errorf("%s: %v\n%s", cmdline, err, stderr.String())
	}
	var syms []sym
	forward := 0
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	lines := fileLines{}
	for sc.Scan() {
		var s gtSymbol
		if json.Unmarshal(sc.Bytes(), &s) != nil {
			continue
		}
		rel, err := filepath.Rel(dir, s.File)
		if err != nil {
			continue
		}
		fam := gtFamily(s.Kind)
		if s.Name == "" || strings.HasPrefix(s.Name, "<") || fam == "type" && s.Definition != nil && !*s.Definition {
			// unnamed ("", "<deduction guide for T>") or a forward declaration
			forward++
			continue
		}
		if docInStart && s.DocStart > 0 && s.DocStart <= s.Start {
			s.Start = lines.skipDocs(s.File, s.Start, s.ItemStart)
		}
		syms = append(syms, sym{key: key{filepath.ToSlash(rel), normName(s.Name), s.Start, fam}, kind: s.Kind, end: s.End})
	}
	if forward > 0 {
		fmt.Fprintf(os.Stderr, "fidelity: %d ground-truth entries left out: unnamed, or forward declarations of types\n", forward)
	}
	bad := map[string]bool{}
	for _, line := range strings.Split(stderr.String(), "\n") {
		for _, f := range strings.FieldsFunc(line, func(r rune) bool {
			return r == ' ' || r == ':' || r == '"' || r == '\'' || r == ',' || r == '(' || r == ')'
		}) {
			if strings.HasPrefix(f, dir) {
				if rel, err := filepath.Rel(dir, f); err == nil {
					bad[filepath.ToSlash(rel)] = true
				}
			}
		}
	}
	return syms, bad, nil
}

// fileLines caches source lines for skipDocs.
type fileLines map[string][]string

// skipDocs moves a gt-rust start past the doc comments it includes (syn
// turns /// into #[doc] attributes; treenav's line_start is the first
// attribute or item line, its doc_line the first doc line): from start, it
// skips blank lines, comments and #[doc] attributes, stopping at the item.
func (fl fileLines) skipDocs(file string, start, itemStart int) int {
	ls, ok := fl[file]
	if !ok {
		b, _ := os.ReadFile(file)
		ls = strings.Split(string(b), "\n")
		fl[file] = ls
	}
	depth := 0 // block comments nest in Rust
	line := start
	for ; line < itemStart && line <= len(ls); line++ {
		t := strings.TrimSpace(ls[line-1])
		switch {
		case depth > 0 || strings.HasPrefix(t, "/*"):
			depth += strings.Count(t, "/*") - strings.Count(t, "*/")
		case t == "", strings.HasPrefix(t, "//"), isDocAttr(t):
		default:
			return line
		}
	}
	return line
}

// isDocAttr matches a one-line #[doc = "..."] (not #[doc(hidden)]).
func isDocAttr(t string) bool {
	rest, ok := strings.CutPrefix(t, "#[doc")
	return ok && strings.HasPrefix(strings.TrimSpace(rest), "=") && strings.HasSuffix(t, "]")
}

// extract runs treenav over dir the way the outline command does.
func extract(dir, lang string) ([]sym, error) {
	res, err := walk.Walk(dir, walk.Options{NoDefaultExcludes: true, MaxFileSize: 8 << 20})
	if err != nil {
		return nil, err
	}
	var jobs []parsers.Job
	for _, f := range res.Files {
		jobs = append(jobs, parsers.Job{Rel: f.Rel, Abs: f.Abs, DocID: f.Rel})
	}
	var syms []sym
	var mu sync.Mutex
	parsers.ParseAll(jobs, 0, nil, func(_ int, o parsers.Outcome) {
		mu.Lock()
		defer mu.Unlock()
		if o.Doc == nil || !sameFamilyLang(o.Doc.Language, lang) {
			return
		}
		for i, n := range o.Doc.Nodes {
			if i == 0 || n.Language != "" {
				continue
			}
			syms = append(syms, sym{key: key{o.Doc.Path, normName(n.Name), n.LineStart, ourFamily(n.Kind)}, kind: kindLabel(n), end: n.LineEnd})
		}
	})
	return syms, nil
}

// kindLabel is the kind shown in the miss lists, with the native word
// ("function/extern") that often explains a class of extras.
func kindLabel(n treenav.Node) string {
	if n.NativeKind != "" {
		return string(n.Kind) + "/" + n.NativeKind
	}
	return string(n.Kind)
}

func sameFamilyLang(docLang, lang string) bool {
	switch lang {
	case "typescript", "javascript":
		return docLang == "typescript" || docLang == "javascript"
	case "c", "cpp":
		return docLang == "c" || docLang == "cpp"
	}
	return docLang == lang
}

// normName compares names without spaces ("operator ()") and without
// the template arguments libclang writes into some names ("~auto_ptr<_Tp>",
// "__atomic_base<type-parameter-0-0 *>", "operator coroutine_handle").
func normName(s string) string {
	s = strings.ReplaceAll(s, " ", "")
	rest, op := strings.CutPrefix(s, "operator")
	conversion := op && rest != "" && (rest[0] == '_' || unicode.IsLetter(rune(rest[0])))
	if i := strings.IndexByte(s, '<'); i > 0 && strings.HasSuffix(s, ">") && (!op || conversion) {
		s = s[:i]
	}
	return s
}

func gtFamily(kind string) string {
	switch kind {
	case "class", "interface", "enum", "struct", "type", "typedef", "type_alias",
		"union", "trait", "record", "annotation", "assoc_type":
		return "type"
	case "function", "method", "constructor", "destructor", "getter", "setter",
		"interface_method", "method_signature", "trait_method":
		return "callable"
	}
	return ""
}

func ourFamily(k treenav.Kind) string {
	switch {
	case k.IsTypeLike():
		return "type"
	case k == treenav.KindFunction || k == treenav.KindMethod || k == treenav.KindConstructor:
		return "callable"
	}
	return ""
}

type row struct {
	Name      string  `json:"name"`
	GT        int     `json:"gt"`
	Found     int     `json:"found"`
	Recall    float64 `json:"recall"`
	Ours      int     `json:"ours,omitempty"`
	Correct   int     `json:"correct,omitempty"`
	Precision float64 `json:"precision,omitempty"`
}

func report(lang, dir string, nFiles, nErr int, g, o []sym, show int, jsonOut string) {
	gset := map[key]bool{}
	for _, s := range g {
		gset[s.key] = true
	}
	oset := map[key]int{} // key -> our end line
	for _, s := range o {
		oset[s.key] = s.end
	}
	fams := map[string]*row{}
	kinds := map[string]*row{}
	get := func(m map[string]*row, k string) *row {
		if m[k] == nil {
			m[k] = &row{Name: k}
		}
		return m[k]
	}
	var missed, extra, endDiff []sym
	for _, s := range g {
		f, k := get(fams, s.family), get(kinds, s.kind)
		f.GT++
		k.GT++
		if end, ok := oset[s.key]; ok {
			f.Found++
			k.Found++
			if end != s.end {
				endDiff = append(endDiff, s)
			}
		} else {
			missed = append(missed, s)
		}
	}
	for _, s := range o {
		f := get(fams, s.family)
		f.Ours++
		if gset[s.key] {
			f.Correct++
		} else {
			extra = append(extra, s)
		}
	}
	fmt.Printf("# fidelity: %s on %s\n\n%d files compared (%d left out: ground-truth parse errors)\n\n", lang, dir, nFiles, nErr)
	fmt.Println("| family | ground truth | found | recall | treenav | correct | precision |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|")
	var total row
	total.Name = "all"
	for _, name := range []string{"type", "callable"} {
		r := get(fams, name)
		total.GT += r.GT
		total.Found += r.Found
		total.Ours += r.Ours
		total.Correct += r.Correct
		printRow(r)
	}
	printRow(&total)
	fmt.Println("\n| ground-truth kind | count | found | recall |")
	fmt.Println("|---|---:|---:|---:|")
	var kn []string
	for k := range kinds {
		kn = append(kn, k)
	}
	sort.Strings(kn)
	var krows []*row
	for _, k := range kn {
		r := kinds[k]
		r.Recall = ratio(r.Found, r.GT)
		krows = append(krows, r)
		fmt.Printf("| %s | %d | %d | %.4f |\n", k, r.GT, r.Found, r.Recall)
	}
	fmt.Printf("\nend line differs on %d of %d matched symbols\n", len(endDiff), total.Found)
	listMisses("missed (in ground truth, not found by treenav)", missed, show)
	listMisses("extra (found by treenav, not in ground truth)", extra, show)
	listMisses("end line differs (ground truth's range shown)", endDiff, show)
	if jsonOut != "" {
		b, _ := json.MarshalIndent(map[string]any{"lang": lang, "dir": dir, "files": nFiles,
			"families": []*row{fams["type"], fams["callable"], &total}, "kinds": krows}, "", "  ")
		if err := os.WriteFile(jsonOut, b, 0o644); err != nil {
			fail(err)
		}
	}
}

func printRow(r *row) {
	r.Recall, r.Precision = ratio(r.Found, r.GT), ratio(r.Correct, r.Ours)
	fmt.Printf("| %s | %d | %d | %.4f | %d | %d | %.4f |\n", r.Name, r.GT, r.Found, r.Recall, r.Ours, r.Correct, r.Precision)
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

func listMisses(title string, syms []sym, show int) {
	fmt.Printf("\n## %s: %d\n\n", title, len(syms))
	sort.Slice(syms, func(i, j int) bool {
		if syms[i].file != syms[j].file {
			return syms[i].file < syms[j].file
		}
		return syms[i].line < syms[j].line
	})
	// Spread the sample over the list rather than the first files only.
	step := 1
	if show > 0 && len(syms) > show {
		step = len(syms) / show
	}
	for i, n := 0, 0; i < len(syms) && n < show; i, n = i+step, n+1 {
		s := syms[i]
		fmt.Printf("- %s:%d-%d %s (%s)\n", s.file, s.line, s.end, s.name, s.kind)
	}
}
