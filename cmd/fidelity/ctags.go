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
// namespace), and the tag's line is within the symbol's lines (ctags
// reports the line of the name, treenav the definition's extent).

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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
	ours, err := ourSpans(dir, lang)
	if err != nil {
		fail(err)
	}
	// Compare on the files both sides saw.
	tagFiles, ourFiles := map[string]bool{}, map[string]bool{}
	for _, t := range tags {
		tagFiles[t.file] = true
	}
	for _, s := range ours {
		ourFiles[s.file] = true
	}
	both := func(f string) bool { return tagFiles[f] && ourFiles[f] }
	// Without -locals, what is defined inside functions is left out on
	// both sides: ctags tags local variables, lambdas ("<lambda>") and
	// lambda parameters in some languages, treenav keeps local functions
	// and classes only.
	var t, o []span
	var tLocal, oLocal int
	for _, s := range tags {
		if both(s.file) && s.family != "" {
			if s.local && !locals {
				tLocal++
				continue
			}
			t = append(t, s)
		}
	}
	for _, s := range ours {
		if both(s.file) && s.family != "" {
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
	ctagsReport(lang, ctagsLang, dir, nFiles, len(tagFiles), len(ourFiles), t, o, skipped, show, jsonOut)
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
		fam := ctagsFamily(t.Kind)
		if fam == "" {
			skipped[t.Kind]++
			continue
		}
		end := t.End
		if end < t.Line {
			end = t.Line
		}
		local := ctagsFamily(t.ScopeKind) == "callable" || strings.HasPrefix(t.Name, "<")
		tags = append(tags, span{file: filepath.ToSlash(rel), name: ctagsName(t.Name), family: fam, kind: t.Kind, line: t.Line, end: end, local: local})
	}
	return tags, skipped, nil
}

// ourSpans extracts dir's files of the language the way the outline
// command does.
func ourSpans(dir, lang string) ([]span, error) {
	res, err := walk.Walk(dir, walk.Options{NoDefaultExcludes: true, MaxFileSize: 8 << 20})
	if err != nil {
		return nil, err
	}
	var jobs []parsers.Job
	for _, f := range res.Files {
		jobs = append(jobs, parsers.Job{Rel: f.Rel, Abs: f.Abs, DocID: f.Rel})
	}
	var spans []span
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
			local := n.Parent > 0 && o.Doc.Nodes[n.Parent].Kind.IsCallable()
			spans = append(spans, span{file: o.Doc.Path, name: ctagsName(n.Name), family: kindFamily(n.Kind), kind: kindLabel(n), line: n.LineStart, end: n.LineEnd, local: local})
		}
	})
	return spans, nil
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

func ctagsReport(lang, ctagsLang, dir string, nFiles, nTagFiles, nOurFiles int, tags, ours []span, skipped map[string]int, show int, jsonOut string) {
	type gk struct{ file, name, family string }
	tagsBy, oursBy := map[gk][]span{}, map[gk][]span{}
	for _, s := range tags {
		k := gk{s.file, s.name, s.family}
		tagsBy[k] = append(tagsBy[k], s)
	}
	for _, s := range ours {
		k := gk{s.file, s.name, s.family}
		oursBy[k] = append(oursBy[k], s)
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
	var tagOnly, ourOnly []span
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
		} else {
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
		} else {
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
	for _, name := range []string{"type", "callable", "data", "namespace"} {
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
			fmt.Printf("| %s | %d | %d | %.4f |\n", k, n, a, ratio(a, n))
			rows = append(rows, r)
		}
		return rows
	}
	tagRows := printKinds("ctags kind", tagKinds, false)
	ourRows := printKinds("treenav kind", ourKinds, true)
	if len(skipped) > 0 {
		var ks []string
		for k, n := range skipped {
			ks = append(ks, fmt.Sprintf("%s %d", k, n))
		}
		sort.Strings(ks)
		fmt.Printf("\nctags kinds outside the families (not compared): %s\n", strings.Join(ks, ", "))
	}
	listSpans("ctags only (no treenav symbol of that name and family around the tag's line)", tagOnly, show)
	listSpans("treenav only (no ctags tag of that name and family within the symbol)", ourOnly, show)
	if jsonOut != "" {
		b, _ := json.MarshalIndent(map[string]any{"lang": lang, "ctags_lang": ctagsLang, "dir": dir, "files": nFiles,
			"families": famRows, "ctags_kinds": tagRows, "treenav_kinds": ourRows}, "", "  ")
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
// a qualified name, without sigils.
func ctagsName(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexAny(s, `.:\#`); i >= 0 && i < len(s)-1 {
		s = s[i+1:]
	}
	s = strings.TrimPrefix(s, "$")
	// Ruby: an attr_writer is "name=" to ctags, and ctags drops the "?"
	// of aliased predicates ("alias eql? ==" is tagged "eql").
	if len(s) > 1 {
		s = strings.TrimRight(s, "=?")
	}
	return s
}
