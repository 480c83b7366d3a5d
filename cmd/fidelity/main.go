// Command fidelity measures how well treenav's symbol extraction agrees with
// a language's own parser. It runs a ground-truth lister from
// ../shared/groundtruth (gt-go, gt-python, gt-ts, gt-java, gt-rust, gt-cpp,
// on PATH after its setup.sh) over a directory, extracts the same files
// with treenav, and matches symbols on (file, name, start line, kind family)
// where the family is type-like or callable. It prints recall and precision
// per family, raw and without the exclusion classes (what one side cannot
// see by construction, each counted: exclude.go), per ground-truth kind,
// then the misses of both sides.
//
//	go run ./cmd/fidelity -lang go $(go env GOROOT)/src
//	go run ./cmd/fidelity -lang rust /usr/share/cargo/registry
//	go run ./cmd/fidelity -lang cpp -cache /tmp/fidcache \
//	    -gt 'gt-cpp -std=c++20 -I/usr/include/c++/12 -I/usr/include/x86_64-linux-gnu/c++/12 -D_PSTL_PAR_BACKEND_SERIAL' \
//	    /usr/include/c++/12
//	go run ./cmd/fidelity -lang c -gt 'gt-cpp -xc -std=gnu11' DIR
//	go run ./cmd/fidelity -lang markdown DIR    (headings against gt-markdown; see markdown.go)
//	go run ./cmd/fidelity -lang rst DIR         (sections against docutils; see rst.go)
//	go run ./cmd/fidelity -lang sphinx-refs -code PYDIR DOCSDIR  (Sphinx roles against the code; see sphinxrefs.go)
//	go run ./cmd/fidelity -lang python -attrs DIR  (fields and variables; see pyattrs.go)
//	go run ./cmd/fidelity -refs -lang go -gt-args ./net/http/... -path 'net/http/**' DIR  (references: refs.go)
//	go run ./cmd/fidelity -refs -lang typescript -max-defs 400 DIR
//	    (DIR: a package's TypeScript sources, e.g. the src/ of `npm pack
//	    rxjs@7`; the lister reads tsconfig paths, not baseUrl, so a tree
//	    that imports 'types/X' from its baseUrl needs "paths": {"*": ["./*"]},
//	    and one that imports itself by its package name a path to its src)
//	go run ./cmd/fidelity -ctags -lang ruby DIR  (against Universal Ctags; see ctags.go)
//	NODE_PATH=DIR/node_modules go run ./cmd/fidelity -lang javascript -forms DIR
//	    (every way JavaScript names a function, per form, against the
//	    TypeScript compiler's parser: jsforms.cjs, jsforms.go)
//
// (gt-cpp takes "-I" and "-D" joined to their values: "-I DIR" makes DIR a
// path to list. "-xc" makes it read headers as C. For C and C++ the lister
// runs once per file, a header with errors is tried again after its
// includer's text, and clang -E tells which #if branches it saw:
// cfamily.go. libomp-14-dev gives clang the omp.h that libstdc++'s
// parallel/ headers include.)
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
	off  uint32 // treenav: the definition's first byte
}

func main() {
	lang := flag.String("lang", "", "language: go, python, typescript, java, rust, c, cpp, markdown")
	gtCmd := flag.String("gt", "", "ground-truth command (default gt-<lang>); the directory is appended")
	show := flag.Int("show", 20, "misses to list on each side")
	jsonOut := flag.String("json", "", "also write the summary as JSON to this file")
	ctags := flag.Bool("ctags", false, "compare with Universal Ctags instead of a ground-truth lister (see ctags.go)")
	ctagsLang := flag.String("ctags-lang", "", "ctags' name of the language (default: from -lang)")
	forms := flag.Bool("forms", false, "with -lang javascript: recall and precision per way of naming a function, against cmd/fidelity/jsforms.cjs (see jsforms.go)")
	locals := flag.Bool("locals", false, "with -ctags, also compare what is defined inside functions")
	attrs := flag.Bool("attrs", false, "with -lang python, compare data definitions (fields, attributes on self in __init__, variables) with py_attrs.py instead (see pyattrs.go)")
	includerCtx := flag.Bool("context", true, "C/C++: parse a header that has ground-truth errors again after the text of a header that includes it (see cfamily.go)")
	flag.StringVar(&cacheDir, "cache", "", "C/C++: keep the ground truth's and the preprocessor's output per file in this directory")
	flag.StringVar(&clangCommand, "clang", clangCommand, "C/C++: the clang that preprocesses with the ground truth's flags (see exclude.go)")
	codeDir := flag.String("code", "", "sphinx-refs: the Python code the docs document")
	refs := flag.Bool("refs", false, "compare find_references with a gt-refs-* lister (see refs.go)")
	var rc refsConfig
	flag.StringVar(&rc.gtArgs, "gt-args", "", "-refs: arguments after the directory (gt-refs-go's package patterns)")
	flag.StringVar(&rc.gtFile, "gt-file", "", "-refs: read the lister's output from this file instead of running it")
	flag.StringVar(&rc.path, "path", "", "-refs: compare only references in files under this glob (DIR/** form)")
	flag.IntVar(&rc.maxDefs, "max-defs", 300, "-refs: definitions the lister samples")
	flag.Parse()
	if *lang == "" || flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: fidelity -lang LANG [-gt CMD] [-show N] [-json FILE] DIR")
		os.Exit(2)
	}
	dir, err := filepath.Abs(flag.Arg(0))
	if err != nil {
		fail(err)
	}
	if *refs {
		rc.lang, rc.gtCmd, rc.show = *lang, *gtCmd, *show
		runRefs(dir, rc)
		return
	}
	if *ctags {
		runCtags(dir, *lang, *ctagsLang, *locals, *show, *jsonOut)
		return
	}
	if *forms {
		runJSForms(dir, *gtCmd, *show, *jsonOut)
		return
	}
	if *attrs {
		if *lang != "python" {
			fail(fmt.Errorf("-attrs is for -lang python"))
		}
		runPyAttrs(dir, *gtCmd, *show, *jsonOut)
		return
	}
	if *lang == "markdown" {
		runMarkdown(dir, *gtCmd, *show, *jsonOut)
		return
	}
	if *lang == "rst" {
		runRst(dir, *gtCmd, *show, *jsonOut)
		return
	}
	if *lang == "sphinx-refs" {
		runSphinxRefs(*codeDir, dir, *show)
		return
	}
	cmd := *gtCmd
	if cmd == "" {
		cmd = "gt-" + map[string]string{"typescript": "ts", "javascript": "ts", "c": "cpp"}[*lang]
		if cmd == "gt-" {
			cmd = "gt-" + *lang
		}
	}
	var gt []sym
	var gtErrFiles map[string]bool
	var run *cRun
	if *lang == "c" || *lang == "cpp" {
		gt, run, err = runCFamilyGroundTruth(cmd, dir, *includerCtx)
		if err != nil {
			fail(err)
		}
		defer os.RemoveAll(run.tmp)
		gtErrFiles = map[string]bool{}
		for f := range run.bad {
			gtErrFiles[f] = true
		}
		for f := range run.crashed {
			gtErrFiles[f] = true
		}
	} else {
		gt, gtErrFiles, err = runGroundTruth(cmd, dir, *lang == "rust")
		if err != nil {
			fail(err)
		}
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
	var live map[string]map[int]bool
	if run != nil {
		live = run.liveLines(ourFileList(o), clangCommand)
		run.live = live
	}
	g, o = alignAttributes(dir, g, o, live)
	if run != nil {
		o = alignMacroNames(g, o, run.names)
		g = alignPastedNames(dir, g, o)
	}
	g2, o2, classes := applyExclusions(*lang, dir, run, g, o)
	report(*lang, dir, nFiles, gtErrFiles, run, g, o, g2, o2, classes, *show, *jsonOut)
}

// attributeLine is a line holding nothing but attributes: "[[nodiscard]]",
// "__attribute__((pure))", a macro that stands for one
// ("_GLIBCXX_NODISCARD"), or the outer "template<...>" of an out-of-line
// member template.
var attributeLine = regexp.MustCompile(`^\s*(?:\[\[.*\]\]|__attribute__\s*\(\(.*\)\)|_*[A-Z][A-Z0-9_]*(?:\s*\(.*\))?|template\s*<.*>)\s*$`)

// alignAttributes moves treenav's start line to the ground truth's when
// they differ only by attribute lines above the declaration: treenav's
// range includes attributes (like decorators) and every template header,
// libclang's extent does not. For C and C++ (live is set) the lines in
// between may also be a template header spread over several lines,
// preprocessor directives, and lines of an #if branch the ground truth's
// preprocessor skipped ("constexpr" under "#if __cplusplus > 202002L"
// above a destructor).
func alignAttributes(dir string, g, o []sym, live map[string]map[int]bool) ([]sym, []sym) {
	gset := map[key]bool{}
	for _, s := range g {
		gset[s.key] = true
	}
	lines := fileLines{}
	for i := range o {
		s := &o[i]
		if gset[s.key] {
			continue
		}
		for d := 1; d <= 12; d++ {
			k := s.key
			k.line += d
			if !gset[k] {
				// The other way: the ground truth's extent starts at an
				// attribute macro treenav left out ("__LIBTASN1_PURE__"
				// alone on the line above "extern ...").
				k.line = s.line - d
				lv, ok := live[s.file]
				if d > 4 || k.line < 1 || !ok || !gset[k] {
					continue
				}
				if src := lines.get(filepath.Join(dir, filepath.FromSlash(s.file))); s.line-1 <= len(src) && declarationHead(src, k.line, s.line, lv) {
					s.key = k
					alignments["starts moved past attributes and template headers"]++
					break
				}
				continue
			}
			src := lines.get(filepath.Join(dir, filepath.FromSlash(s.file)))
			if k.line-1 > len(src) || k.line > s.end {
				break // the ground truth's start must lie inside the symbol
			}
			all := true
			for l := s.line; l < k.line && all; l++ {
				all = attributeLine.MatchString(src[l-1])
			}
			if lv, ok := live[s.file]; ok && !all {
				all = declarationHead(src, s.line, k.line, lv)
			}
			if all {
				s.key = k
				alignments["starts moved past attributes and template headers"]++
				break
			}
		}
	}
	return g, o
}

// alignments counts what the align steps changed, for the report.
var alignments = map[string]int{}

// alignMacroNames gives a treenav symbol whose name is an object-like
// macro ("class PB_DS_LU_NAME", "~PB_DS_LU_NAME()") the macro's value
// when the ground truth has that name on the same line: the source spells
// the name through the macro, libclang reports it expanded.
func alignMacroNames(g, o []sym, names map[string][]string) []sym {
	gset := map[key]bool{}
	for _, s := range g {
		gset[s.key] = true
	}
	for i := range o {
		s := &o[i]
		if gset[s.key] {
			continue
		}
		name, tilde := strings.CutPrefix(s.name, "~")
		for _, v := range names[name] {
			k := s.key
			k.name = v
			if tilde {
				k.name = "~" + v
			}
			if gset[k] {
				s.key = k
				alignments["names spelled by a macro"]++
				break
			}
		}
	}
	return o
}

// alignPastedNames gives a ground-truth symbol whose name is nowhere in
// its source lines (made by token pasting: "NCURSES_SP_NAME(cbreak)" is
// cbreak_sp, "TRANS(Close)" is _X11TransClose) the name of the treenav
// symbol of the same family on the same line, when that name is part of
// it: the same declaration, named as far as the source spells it.
func alignPastedNames(dir string, g, o []sym) []sym {
	oset := map[key]bool{}
	type lineKey struct {
		file   string
		line   int
		family string
	}
	byLine := map[lineKey][]string{}
	for _, s := range o {
		oset[s.key] = true
		k := lineKey{s.file, s.line, s.family}
		byLine[k] = append(byLine[k], s.name)
	}
	lines := fileLines{}
	for i := range g {
		s := &g[i]
		if oset[s.key] || s.line <= 0 {
			continue
		}
		src := lines.get(filepath.Join(dir, filepath.FromSlash(s.file)))
		if s.end > len(src) || s.end < s.line {
			continue
		}
		text := strings.Join(src[s.line-1:s.end], "\n")
		if containsWord(text, s.name) {
			continue
		}
		for _, n := range byLine[lineKey{s.file, s.line, s.family}] {
			if n != s.name && len(n) >= 2 && strings.Contains(s.name, n) && containsWord(text, n) {
				s.name = n
				alignments["names made by token pasting"]++
				break
			}
		}
	}
	return g
}

// containsWord reports whether w occurs in t as a whole identifier.
func containsWord(t, w string) bool {
	for i := 0; ; {
		j := strings.Index(t[i:], w)
		if j < 0 {
			return false
		}
		j += i
		before := j == 0 || !isIdentByte(t[j-1])
		after := j+len(w) >= len(t) || !isIdentByte(t[j+len(w)])
		if before && after {
			return true
		}
		i = j + 1
	}
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// declarationHead reports whether lines [from, to) of a C or C++ file hold
// nothing but what may precede a declaration's libclang extent: template
// headers, [[attributes]], __attribute__((...)), macros in capitals (with
// arguments), comments, preprocessor lines and lines not live.
func declarationHead(src []string, from, to int, live map[int]bool) bool {
	var b strings.Builder
	for l := from; l < to; l++ {
		t := strings.TrimSpace(src[l-1])
		if t == "" || strings.HasPrefix(t, "//") || strings.HasPrefix(t, "#") || !live[l] {
			continue
		}
		b.WriteString(t)
		b.WriteByte(' ')
	}
	t := b.String()
	for {
		t = strings.TrimLeft(t, " \t")
		switch {
		case t == "":
			return true
		case strings.HasPrefix(t, "template"):
			t = strings.TrimLeft(t[len("template"):], " ")
			if t = skipBalanced(t, '<', '>'); t == "\x00" {
				return false
			}
		case strings.HasPrefix(t, "[["):
			k := strings.Index(t, "]]")
			if k < 0 {
				return false
			}
			t = t[k+2:]
		default:
			m := headWord.FindString(t)
			if m == "" {
				return false
			}
			t = strings.TrimLeft(t[len(m):], " ")
			if strings.HasPrefix(t, "(") {
				if t = skipBalanced(t, '(', ')'); t == "\x00" {
					return false
				}
			}
		}
	}
}

// headWord is a word that may lead a declaration head: a macro in
// capitals or a GNU attribute keyword.
var headWord = regexp.MustCompile(`^(?:_*[A-Z][A-Z0-9_]*\b|__attribute__\b|__extension__\b)`)

// skipBalanced skips a bracketed group at the start of t ("\x00" if t
// does not start with open or the group does not close).
func skipBalanced(t string, open, close byte) string {
	if t == "" || t[0] != open {
		return "\x00"
	}
	depth := 0
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case open:
			depth++
		case close:
			depth--
			if depth == 0 {
				return t[i+1:]
			}
		}
	}
	return "\x00"
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
			name, fam := normName(n.Name), ourFamily(n.Kind)
			if lang == "python" {
				name, fam = pyCallable(n, name, fam)
			}
			syms = append(syms, sym{key: key{o.Doc.Path, name, n.LineStart, fam}, kind: kindLabel(n), end: n.LineEnd, off: n.ByteStart})
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
// "__atomic_base<type-parameter-0-0 *>"). Conversion functions compare as
// "operator (conversion)": libclang names them by the canonical target type
// ("operator type-parameter-0-0", "operator long"), the source by the type
// as written ("operator __int_type", "operator streamoff").
func normName(s string) string {
	if rest, ok := strings.CutPrefix(s, "operator "); ok && rest != "" && (rest[0] == '_' || unicode.IsLetter(rune(rest[0]))) {
		w := strings.FieldsFunc(rest, func(r rune) bool { return r == ' ' || r == '[' })[0]
		if w != "new" && w != "delete" && w != "co_await" {
			return "operator(conversion)"
		}
	}
	s = strings.ReplaceAll(s, " ", "")
	if i := strings.IndexByte(s, '<'); i > 0 && strings.HasSuffix(s, ">") && !strings.HasPrefix(s, "operator") {
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

// stats are the family and kind rows of one comparison, with what did
// not match.
type stats struct {
	fams, kinds           map[string]*row
	total                 row
	missed, extra, endDif []sym
}

func compare(g, o []sym) *stats {
	st := &stats{fams: map[string]*row{}, kinds: map[string]*row{}, total: row{Name: "all"}}
	gset := map[key]bool{}
	for _, s := range g {
		gset[s.key] = true
	}
	oset := map[key]int{} // key -> our end line
	for _, s := range o {
		oset[s.key] = s.end
	}
	get := func(m map[string]*row, k string) *row {
		if m[k] == nil {
			m[k] = &row{Name: k}
		}
		return m[k]
	}
	for _, s := range g {
		f, k := get(st.fams, s.family), get(st.kinds, s.kind)
		f.GT++
		k.GT++
		if end, ok := oset[s.key]; ok {
			f.Found++
			k.Found++
			if end != s.end {
				st.endDif = append(st.endDif, s)
			}
		} else {
			st.missed = append(st.missed, s)
		}
	}
	for _, s := range o {
		f := get(st.fams, s.family)
		f.Ours++
		if gset[s.key] {
			f.Correct++
		} else {
			st.extra = append(st.extra, s)
		}
	}
	for _, name := range []string{"type", "callable"} {
		r := get(st.fams, name)
		st.total.GT += r.GT
		st.total.Found += r.Found
		st.total.Ours += r.Ours
		st.total.Correct += r.Correct
		r.Recall, r.Precision = ratio(r.Found, r.GT), ratio(r.Correct, r.Ours)
	}
	st.total.Recall, st.total.Precision = ratio(st.total.Found, st.total.GT), ratio(st.total.Correct, st.total.Ours)
	for _, r := range st.kinds {
		r.Recall = ratio(r.Found, r.GT)
	}
	return st
}

func (st *stats) printFamilies() {
	fmt.Println("| family | ground truth | found | recall | treenav | correct | precision |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|")
	printRow(st.fams["type"])
	printRow(st.fams["callable"])
	printRow(&st.total)
}

func (st *stats) families() []*row { return []*row{st.fams["type"], st.fams["callable"], &st.total} }

func report(lang, dir string, nFiles int, errFiles map[string]bool, run *cRun, g, o, g2, o2 []sym, classes []*exclusion, show int, jsonOut string) {
	raw, st := compare(g, o), compare(g2, o2)
	fmt.Printf("# fidelity: %s on %s\n\n%d files compared (%d left out: ground-truth parse errors", lang, dir, nFiles, len(errFiles))
	if run != nil {
		fmt.Printf("; %d of them crashed the lister; %d files compared only with an includer context", len(run.crashed), len(run.prelude))
	}
	fmt.Printf(")\n")
	var an []string
	for k := range alignments {
		an = append(an, k)
	}
	sort.Strings(an)
	for _, k := range an {
		fmt.Printf("aligned before matching: %d %s\n", alignments[k], k)
	}
	fmt.Printf("\n## raw\n\n")
	raw.printFamilies()
	if len(classes) > 0 {
		fmt.Printf("\n## without the exclusion classes\n\n")
		st.printFamilies()
		fmt.Println("\n| exclusion class | side | symbols | of which matched | why |")
		fmt.Println("|---|---|---:|---:|---|")
		for _, c := range classes {
			fmt.Printf("| %s | %s | %d | %d | %s |\n", c.Name, c.Side, c.Count, c.Matched, c.Why)
		}
	}
	fmt.Println("\n| ground-truth kind | count | found | recall |")
	fmt.Println("|---|---:|---:|---:|")
	var kn []string
	for k := range st.kinds {
		kn = append(kn, k)
	}
	sort.Strings(kn)
	var krows []*row
	for _, k := range kn {
		r := st.kinds[k]
		krows = append(krows, r)
		fmt.Printf("| %s | %d | %d | %.4f |\n", k, r.GT, r.Found, r.Recall)
	}
	fmt.Printf("\nend line differs on %d of %d matched symbols\n", len(st.endDif), st.total.Found)
	listMisses("missed (in ground truth, not found by treenav)", st.missed, show)
	listMisses("extra (found by treenav, not in ground truth)", st.extra, show)
	listMisses("end line differs (ground truth's range shown)", st.endDif, show)
	for _, c := range classes {
		listMisses("excluded, "+c.Name, c.syms, show)
	}
	if run != nil && len(run.why) > 0 {
		var fs []string
		for f := range run.why {
			fs = append(fs, f)
		}
		sort.Strings(fs)
		fmt.Printf("\n## left out: %d\n\n", len(fs))
		for i, f := range fs {
			if i == show {
				break
			}
			fmt.Printf("- %s: %s\n", f, strings.TrimPrefix(run.why[f], "diag_errors: "+filepath.Join(dir, f)+": "))
		}
	}
	if jsonOut != "" {
		b, _ := json.MarshalIndent(map[string]any{"lang": lang, "dir": dir, "files": nFiles,
			"raw": raw.families(), "families": st.families(), "exclusions": classes, "kinds": krows}, "", "  ")
		if err := os.WriteFile(jsonOut, b, 0o644); err != nil {
			fail(err)
		}
	}
}

func printRow(r *row) {
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
