package main

// The -ctags mode compares treenav's symbols with Universal Ctags' tags
// for languages that have no ground-truth lister of their own (C#,
// Kotlin, Ruby, PHP, Lua, shell...). Ctags is a second opinion, not a
// ground truth: it is a regex-and-hand-parser tool with its own blind
// spots, so the report shows agreement both ways and lists the
// disagreements to be explained, not a recall to maximise.
//
//	go run ./cmd/fidelity -ctags -lang csharp DIR
//	go run ./cmd/fidelity -ctags -lang bash -ctags-lang Sh DIR
//
// A tag and a symbol agree when they are in the same file, have the same
// name (spaces removed) and the same kind family (type, callable, data,
// namespace, macro), and the tag's line is within the symbol's lines
// (ctags reports the line of the name, treenav the definition's extent).
// What is defined inside a function is left out unless -locals is given,
// but matches either way (ctags misplaces scopes). The disagreements come
// in three classes, listed apart: the other side has the name at that
// place in another family (a C# delegate is a method to ctags, a Ruby
// Struct.new a constant), has it in the family on other lines, or has no
// such name in the file.
//
// Universal Ctags 5.9 has no Scala or Swift parser.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index/walk"
	"github.com/treenav/treenav/parsers"
)

// ctagsLanguages maps treenav language names to ctags' --languages names.
var ctagsLanguages = map[string]string{
	"csharp": "C#", "kotlin": "Kotlin", "ruby": "Ruby", "php": "PHP", "lua": "Lua",
	"bash": "Sh", "elixir": "Elixir", "ocaml": "OCaml", "protobuf": "Protobuf",
	"sql": "SQL", "css": "CSS", "yaml": "Yaml", "java": "Java", "go": "Go",
	"python": "Python", "rust": "Rust", "typescript": "TypeScript", "javascript": "JavaScript",
}

// ctagsTag is one line of ctags' JSON output (--fields=+neKZ).
type ctagsTag struct {
	Type  string `json:"_type"`
	Name  string `json:"name"`
	Path  string `json:"path"`
	Line  int    `json:"line"`
	End   int    `json:"end"`
	Kind  string `json:"kind"`
	Scope string `json:"scope"`
	// ScopeKind is the kind of the enclosing tag ("class", "method").
	ScopeKind string `json:"scopeKind"`
}

// span is a tag or a symbol: where it is and what family it belongs to.
// local is set for what is defined inside a function (ctags tags local
// variables, lambdas and their parameters in some languages).
type span struct {
	file, name, family, kind string
	line, end                int
	local                    bool
}

// ctagsLangFamilies are kinds whose family depends on the language:
// Ruby's "accessor" (attr_reader and friends) and "alias" (alias,
// alias_method), PHP's "define" (define('X', 1)), and shell aliases,
// which treenav keeps as macros. Kinds not listed for a language fall to
// ctagsFamily (PHP's "alias" is a "use ... as" import, not compared).
var ctagsLangFamilies = map[string]map[string]string{
	"Ruby": {"accessor": "data", "alias": "callable"},
	"PHP":  {"define": "data"},
	"Sh":   {"alias": "macro"},
}

// ctagsFamily puts ctags' long kind names in families.
func ctagsFamily(kind string) string {
	switch kind {
	case "class", "interface", "struct", "enum", "record", "trait", "object", "typealias",
		"typedef", "type", "delegate", "annotation", "union", "protocol", "mixin":
		return "type"
	case "method", "function", "constructor", "singletonMethod", "subroutine", "procedure", "func":
		return "callable"
	case "field", "property", "event", "enumerator", "constant", "variable", "member",
		"enumConstant", "var", "const":
		return "data"
	case "namespace", "package", "module":
		return "namespace"
	}
	return ""
}

// kindFamily puts treenav's kinds in the same families.
func kindFamily(k treenav.Kind) string {
	switch {
	case k.IsTypeLike():
		return "type"
	case k.IsCallable() && k != treenav.KindMacro:
		return "callable"
	case k == treenav.KindField || k == treenav.KindProperty || k == treenav.KindConstant || k == treenav.KindVariable:
		return "data"
	case k == treenav.KindNamespace || k == treenav.KindModule:
		return "namespace"
	case k == treenav.KindMacro:
		return "macro"
	}
	return ""
}

func runCtags(dir, lang, ctagsLang string, locals bool, show int, jsonOut string) {
	if ctagsLang == "" {
		ctagsLang = ctagsLanguages[lang]
	}
	if ctagsLang == "" {
		fail(fmt.Errorf("no ctags language for %q: give -ctags-lang", lang))
	}
	tags, skipped, err := runCtagsTool(dir, ctagsLang)
	if err != nil {
		fail(err)
	}
	ours, ourFiles, err := ourSpans(dir, lang)
	if err != nil {
		fail(err)
	}
	// Compare on the files both sides saw.
	// A file treenav parsed and found nothing in still counts: its tags
	// are disagreements (ctags lists what treenav leaves out).
	tagFiles := map[string]bool{}
	for _, t := range tags {
		tagFiles[t.file] = true
	}
	both := func(f string) bool { return tagFiles[f] && ourFiles[f] }
	// Without -locals, what is defined inside functions is left out on
	// both sides: ctags tags local variables, lambdas ("<lambda>") and
	// lambda parameters in some languages, treenav keeps local functions
	// and classes only.
	// A symbol one side thinks local still matches a symbol the other
	// side keeps (ctags puts a method in the scope of a method it failed
	// to close; treenav keeps "local function" statements), so matching
	// looks at all of them: tAll and oAll.
	var t, o, tAll, oAll []span
	var tLocal, oLocal int
	for _, s := range tags {
		if both(s.file) && s.family != "" {
			tAll = append(tAll, s)
			if s.local && !locals {
				tLocal++
				continue
			}
			t = append(t, s)
		}
	}
	for _, s := range ours {
		if both(s.file) && s.family != "" {
			oAll = append(oAll, s)
			if s.local && !locals {
				oLocal++
				continue
			}
			o = append(o, s)
		}
	}

	nFiles := 0
	for f := range tagFiles {
		if both(f) {
			nFiles++
		}
	}
	ctagsReport(lang, ctagsLang, dir, nFiles, len(tagFiles), len(ourFiles), t, o, tAll, oAll, skipped, show, jsonOut)
	if !locals {
		fmt.Printf("\nleft out as local (defined inside a function; -locals keeps them): ctags %d, treenav %d\n", tLocal, oLocal)
	}
}

// runCtagsTool runs ctags over dir for one language and returns its tags,
// and the count of tags of kinds outside the families.
func runCtagsTool(dir, ctagsLang string) ([]span, map[string]int, error) {
	c := exec.Command("ctags", "--output-format=json", "--fields=+neKZ", "--languages="+ctagsLang, "-R", "-f", "-", dir)
	var stderr bytes.Buffer
	c.Stderr = &stderr
	out, err := c.Output()
	if err != nil && len(out) == 0 {
		return nil, nil, fmt.Errorf("ctags: %v\n%s", err, stderr.String())
	}
	var tags []span
	skipped := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var t ctagsTag
		if json.Unmarshal(sc.Bytes(), &t) != nil || t.Type != "tag" {
			continue
		}
		rel, err := filepath.Rel(dir, t.Path)
		if err != nil {
			continue
		}
		fam, ok := ctagsLangFamilies[ctagsLang][t.Kind]
		if !ok {
			fam = ctagsFamily(t.Kind)
		}
		if fam == "" {
			skipped[t.Kind]++
			continue
		}
		end := t.End
		if end < t.Line {
			end = t.Line
		}
		local := ctagsFamily(t.ScopeKind) == "callable" || ctagsAnonymous.MatchString(t.Name)
		tags = append(tags, span{file: filepath.ToSlash(rel), name: ctagsName(t.Name), family: fam, kind: t.Kind, line: t.Line, end: end, local: local})
	}
	return tags, skipped, nil
}

// ctagsAnonymous matches the names ctags gives what has none ("<lambda>"),
// not operators ("<=>", "<<").
var ctagsAnonymous = regexp.MustCompile(`^<[A-Za-z_][\w ]*>$`)

// ourSpans extracts dir's files of the language the way the outline
// command does, and returns the files it parsed.
func ourSpans(dir, lang string) ([]span, map[string]bool, error) {
	res, err := walk.Walk(dir, walk.Options{NoDefaultExcludes: true, MaxFileSize: 8 << 20})
	if err != nil {
		return nil, nil, err
	}
	var jobs []parsers.Job
	for _, f := range res.Files {
		jobs = append(jobs, parsers.Job{Rel: f.Rel, Abs: f.Abs, DocID: f.Rel})
	}
	var spans []span
	files := map[string]bool{}
	var mu sync.Mutex
	parsers.ParseAll(jobs, 0, nil, func(_ int, o parsers.Outcome) {
		mu.Lock()
		defer mu.Unlock()
		if o.Doc == nil || !sameFamilyLang(o.Doc.Language, lang) {
			return
		}
		files[o.Doc.Path] = true
		for i, n := range o.Doc.Nodes {
			if i == 0 || n.Language != "" {
				continue
			}
			local := n.Parent > 0 && o.Doc.Nodes[n.Parent].Kind.IsCallable()
			spans = append(spans, span{file: o.Doc.Path, name: ctagsName(n.Name), family: kindFamily(n.Kind), kind: kindLabel(n), line: n.LineStart, end: n.LineEnd, local: local})
		}
	})
	return spans, files, nil
}

// ctagsRow is one line of the agreement tables.
type ctagsRow struct {
	Name         string  `json:"name"`
	Ctags        int     `json:"ctags"`
	CtagsMatched int     `json:"ctags_matched"`
	CtagsAgree   float64 `json:"ctags_agreement"`
	Ours         int     `json:"treenav"`
	OursMatched  int     `json:"treenav_matched"`
	OursAgree    float64 `json:"treenav_agreement"`
}

func ctagsReport(lang, ctagsLang, dir string, nFiles, nTagFiles, nOurFiles int, tags, ours, tagsAll, oursAll []span, skipped map[string]int, show int, jsonOut string) {
	type gk struct{ file, name, family string }
	type nk struct{ file, name string }
	tagsBy, oursBy := map[gk][]span{}, map[gk][]span{}
	tagsByName, oursByName := map[nk][]span{}, map[nk][]span{}
	for _, s := range tagsAll {
		tagsBy[gk{s.file, s.name, s.family}] = append(tagsBy[gk{s.file, s.name, s.family}], s)
		tagsByName[nk{s.file, s.name}] = append(tagsByName[nk{s.file, s.name}], s)
	}
	for _, s := range oursAll {
		oursBy[gk{s.file, s.name, s.family}] = append(oursBy[gk{s.file, s.name, s.family}], s)
		oursByName[nk{s.file, s.name}] = append(oursByName[nk{s.file, s.name}], s)
	}
	// A tag agrees with a symbol whose lines contain the tag's line; a
	// symbol agrees with any tag whose line it contains.
	within := func(t, s span) bool { return t.line >= s.line && t.line <= s.end }
	fams, tagKinds, ourKinds := map[string]*ctagsRow{}, map[string]*ctagsRow{}, map[string]*ctagsRow{}
	get := func(m map[string]*ctagsRow, k string) *ctagsRow {
		if m[k] == nil {
			m[k] = &ctagsRow{Name: k}
		}
		return m[k]
	}
	// The disagreements fall in three classes: the other side has the
	// name at that place in another family (a delegate is a type here and
	// a method to ctags), has it in the family but on other lines, or has
	// no such name in the file at all.
	var tagOnly, ourOnly, tagFamily, ourFamily, tagLines, ourLines []span
	familyPairs := map[string]int{}
	for _, t := range tags {
		f, k := get(fams, t.family), get(tagKinds, t.kind)
		f.Ctags++
		k.Ctags++
		ok := false
		for _, s := range oursBy[gk{t.file, t.name, t.family}] {
			if within(t, s) {
				ok = true
				break
			}
		}
		if ok {
			f.CtagsMatched++
			k.CtagsMatched++
			continue
		}
		other := ""
		for _, s := range oursByName[nk{t.file, t.name}] {
			if within(t, s) {
				other = s.kind
				break
			}
		}
		switch {
		case other != "":
			tagFamily = append(tagFamily, t)
			familyPairs[t.kind+" -> "+other]++
		case len(oursBy[gk{t.file, t.name, t.family}]) > 0:
			tagLines = append(tagLines, t)
		default:
			tagOnly = append(tagOnly, t)
		}
	}
	for _, s := range ours {
		f, k := get(fams, s.family), get(ourKinds, s.kind)
		f.Ours++
		k.Ours++
		ok := false
		for _, t := range tagsBy[gk{s.file, s.name, s.family}] {
			if within(t, s) {
				ok = true
				break
			}
		}
		if ok {
			f.OursMatched++
			k.OursMatched++
			continue
		}
		other := false
		for _, t := range tagsByName[nk{s.file, s.name}] {
			if within(t, s) {
				other = true
				break
			}
		}
		switch {
		case other:
			ourFamily = append(ourFamily, s)
		case len(tagsBy[gk{s.file, s.name, s.family}]) > 0:
			ourLines = append(ourLines, s)
		default:
			ourOnly = append(ourOnly, s)
		}
	}
	fmt.Printf("# ctags comparison: %s (ctags %s) on %s\n\n", lang, ctagsLang, dir)
	fmt.Printf("%d files compared (ctags tagged %d, treenav parsed %d)\n\n", nFiles, nTagFiles, nOurFiles)
	fmt.Println("| family | ctags | found by treenav | agreement | treenav | found by ctags | agreement |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|")
	var total ctagsRow
	total.Name = "all"
	var famRows []*ctagsRow
	for _, name := range []string{"type", "callable", "data", "namespace", "macro"} {
		r := get(fams, name)
		total.Ctags += r.Ctags
		total.CtagsMatched += r.CtagsMatched
		total.Ours += r.Ours
		total.OursMatched += r.OursMatched
		printCtagsRow(r)
		famRows = append(famRows, r)
	}
	printCtagsRow(&total)
	famRows = append(famRows, &total)
	printKinds := func(title string, m map[string]*ctagsRow, mine bool) []*ctagsRow {
		fmt.Printf("\n| %s | count | agreed | agreement |\n|---|---:|---:|---:|\n", title)
		var names []string
		for k := range m {
			names = append(names, k)
		}
		sort.Strings(names)
		var rows []*ctagsRow
		for _, k := range names {
			r := m[k]
			n, a := r.Ctags, r.CtagsMatched
			if mine {
				n, a = r.Ours, r.OursMatched
			}
			if n == 0 {
				continue
			}
			fmt.Printf("| %s | %d | %d | %.4f |\n", k, n, a, ratio(a, n))
			rows = append(rows, r)
		}
		return rows
	}
	tagRows := printKinds("ctags kind", tagKinds, false)
	ourRows := printKinds("treenav kind", ourKinds, true)
	if len(skipped) > 0 {
		fmt.Printf("\nctags kinds outside the families (not compared): %s\n", countList(skipped))
	}
	fmt.Printf("\ndisagreements: ctags %d (other family %d, other lines %d, no such name %d), treenav %d (other family %d, other lines %d, no such name %d)\n",
		len(tagFamily)+len(tagLines)+len(tagOnly), len(tagFamily), len(tagLines), len(tagOnly),
		len(ourFamily)+len(ourLines)+len(ourOnly), len(ourFamily), len(ourLines), len(ourOnly))
	if len(familyPairs) > 0 {
		fmt.Printf("other family (ctags kind -> treenav kind): %s\n", countList(familyPairs))
	}
	listSpans("ctags other family (treenav has the name there, in another family)", tagFamily, show)
	listSpans("ctags other lines (treenav has the name and family elsewhere in the file)", tagLines, show)
	listSpans("treenav other lines (ctags has the name and family elsewhere in the file)", ourLines, show)
	listSpans("ctags only (no treenav symbol of that name and family around the tag's line)", tagOnly, show)
	listSpans("treenav only (no ctags tag of that name and family within the symbol)", ourOnly, show)
	if jsonOut != "" {
		b, _ := json.MarshalIndent(map[string]any{"lang": lang, "ctags_lang": ctagsLang, "dir": dir, "files": nFiles,
			"families": famRows, "ctags_kinds": tagRows, "treenav_kinds": ourRows,
			"disagreements": map[string]int{
				"ctags_other_family": len(tagFamily), "ctags_other_lines": len(tagLines), "ctags_only": len(tagOnly),
				"treenav_other_family": len(ourFamily), "treenav_other_lines": len(ourLines), "treenav_only": len(ourOnly),
			}}, "", "  ")
		if err := os.WriteFile(jsonOut, b, 0o644); err != nil {
			fail(err)
		}
	}
}

func printCtagsRow(r *ctagsRow) {
	r.CtagsAgree, r.OursAgree = ratio(r.CtagsMatched, r.Ctags), ratio(r.OursMatched, r.Ours)
	fmt.Printf("| %s | %d | %d | %.4f | %d | %d | %.4f |\n", r.Name, r.Ctags, r.CtagsMatched, r.CtagsAgree, r.Ours, r.OursMatched, r.OursAgree)
}

// listSpans prints a sample spread over the list.
func listSpans(title string, spans []span, show int) {
	fmt.Printf("\n## %s: %d\n\n", title, len(spans))
	sort.Slice(spans, func(i, j int) bool {
		if spans[i].file != spans[j].file {
			return spans[i].file < spans[j].file
		}
		return spans[i].line < spans[j].line
	})
	step := 1
	if show > 0 && len(spans) > show {
		step = len(spans) / show
	}
	for i, n := 0, 0; i < len(spans) && n < show; i, n = i+step, n+1 {
		s := spans[i]
		fmt.Printf("- %s:%d-%d %s (%s)\n", s.file, s.line, s.end, s.name, s.kind)
	}
}

// ctagsName reduces a name to what both sides write: the last segment of
// a qualified name, without sigils or spaces ("operator <" is
// "operator<").
func ctagsName(s string) string {
	s = strings.Join(strings.Fields(s), "")
	// Lua: M["textDocument/rename"] is named by its key.
	if m := ctagsStringKey.FindStringSubmatch(s); m != nil {
		return m[1]
	}
	if i := strings.LastIndexAny(s, `.:\#`); i >= 0 && i < len(s)-1 {
		s = s[i+1:]
	}
	s = strings.TrimPrefix(s, "$")
	// C#: an indexer is "this" to ctags, "this[]" to treenav.
	if s == "this[]" {
		s = "this"
	}
	// Ruby: an attr_writer is "name=" to ctags, and ctags drops the "?"
	// and "!" of aliases ("alias eql? ==" is tagged "eql", "alias map!
	// collect!" "map"); operators ("==", "[]=", "<=>") keep theirs.
	if n := len(s); n > 1 && strings.IndexByte("=?!", s[n-1]) >= 0 && isWordByte(s[n-2]) {
		s = s[:n-1]
	}
	return s
}

// ctagsStringKey matches a name written as a table's string key.
var ctagsStringKey = regexp.MustCompile(`^[\w.]*\[["']([^"']*)["']\]$`)

func isWordByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= 0x80
}

// countList renders counts as "key n, key n", in sorted order.
func countList(m map[string]int) string {
	var ks []string
	for k, n := range m {
		ks = append(ks, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(ks)
	return strings.Join(ks, ", ")
}
