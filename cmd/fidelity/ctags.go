package main

// The -ctags mode compares treenav's symbols with Universal Ctags' tags,
// a second opinion for languages without a ground-truth lister:
//
//	go run ./cmd/fidelity -ctags -lang ruby DIR
//
// Both sides read the same files: the ones treenav assigns to the
// language, handed to ctags with --language-force. A tag and a symbol
// agree when they are in the same file, have the same name (the last
// segment of a dotted, "::" or "\" name, without "$", ":" or a trailing
// "=" or "?"), and the tag's line falls within the symbol's lines; the strict
// count also wants the same kind family (type, module, callable, value).
// ctags is not ground truth: the report lists both sides' extras for a
// reader to classify.

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

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index/walk"
	"github.com/treenav/treenav/parsers"
)

// ctagsLanguages maps treenav language names to ctags parser names where
// they differ by more than capitalization.
var ctagsLanguages = map[string]string{
	"bash": "Sh", "csharp": "C#", "cpp": "C++", "php": "PHP", "sql": "SQL",
	"css": "CSS", "ocaml": "OCaml", "typescript": "TypeScript", "javascript": "JavaScript",
}

// ctagsKindOverride gives the family of a kind whose meaning depends on
// the language: PHP's "alias" is a "use" import, not a definition.
var ctagsKindOverride = map[string]string{
	"PHP/alias": "",
}

type ctagsTag struct {
	Type string `json:"_type"`
	Name string `json:"name"`
	Path string `json:"path"`
	Line int    `json:"line"`
	Kind string `json:"kind"`
}

// ctagsSym is one side's entry: a tag (line = end = its line) or a symbol.
type ctagsSym struct {
	file, name, kind, family string
	line, end                int
}

func runCtags(dir, lang, ctagsLang string, show int, jsonOut string) {
	if ctagsLang == "" {
		ctagsLang = ctagsLanguages[lang]
		if ctagsLang == "" && lang != "" {
			ctagsLang = strings.ToUpper(lang[:1]) + lang[1:]
		}
	}
	files, err := languageFiles(dir, lang)
	if err != nil {
		fail(err)
	}
	if len(files) == 0 {
		fail(fmt.Errorf("no %s files under %s", lang, dir))
	}
	tags, err := ctagsRun(dir, ctagsLang, files)
	if err != nil {
		fail(err)
	}
	ours, err := extract(dir, lang)
	if err != nil {
		fail(err)
	}
	var mine []ctagsSym
	for _, s := range ours {
		kind, _, _ := strings.Cut(s.kind, "/")
		mine = append(mine, ctagsSym{file: s.file, name: ctagsName(s.name), kind: s.kind,
			family: treenavFamily(treenav.Kind(kind)), line: s.line, end: s.end})
	}
	ctagsReport(lang, ctagsLang, dir, len(files), tags, mine, show, jsonOut)
}

// languageFiles lists the files under dir (relative, forward slashes)
// that treenav parses as lang.
func languageFiles(dir, lang string) ([]string, error) {
	res, err := walk.Walk(dir, walk.Options{NoDefaultExcludes: true, MaxFileSize: 8 << 20})
	if err != nil {
		return nil, err
	}
	var files []string
	head := make([]byte, 512)
	for _, f := range res.Files {
		fh, err := os.Open(f.Abs)
		if err != nil {
			continue
		}
		n, _ := fh.Read(head)
		fh.Close()
		if parsers.Kind(f.Rel, head[:n]) == lang {
			files = append(files, f.Rel)
		}
	}
	return files, nil
}

// ctagsRun runs ctags over the files and returns its tags with a family.
func ctagsRun(dir, ctagsLang string, files []string) ([]ctagsSym, error) {
	c := exec.Command("ctags", "--output-format=json", "--fields=+neKZ", "--language-force="+ctagsLang, "-L", "-", "-f", "-")
	c.Dir = dir
	c.Stdin = strings.NewReader(strings.Join(files, "\n") + "\n")
	var stderr bytes.Buffer
	c.Stderr = &stderr
	out, err := c.Output()
	if err != nil {
		return nil, fmt.Errorf("ctags: %w\n%s", err, stderr.String())
	}
	var tags []ctagsSym
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var t ctagsTag
		if json.Unmarshal(sc.Bytes(), &t) != nil || t.Type != "tag" {
			continue
		}
		kind := strings.ToLower(t.Kind)
		fam := ctagsFamily(kind)
		if f, ok := ctagsKindOverride[ctagsLang+"/"+kind]; ok {
			fam = f
		}
		tags = append(tags, ctagsSym{file: filepath.ToSlash(t.Path), name: ctagsName(t.Name), kind: kind,
			family: fam, line: t.Line, end: t.Line})
	}
	return tags, nil
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

func treenavFamily(k treenav.Kind) string {
	switch {
	case k.IsTypeLike():
		return "type"
	case k == treenav.KindModule || k == treenav.KindNamespace:
		return "module"
	case k.IsCallable():
		return "callable"
	case k == treenav.KindConstant || k == treenav.KindVariable || k == treenav.KindField || k == treenav.KindProperty:
		return "value"
	}
	return ""
}

// ctagsFamily groups ctags kind names (the long names of --fields=+K);
// kinds that define nothing an agent looks up (heredoc labels, script
// references, RSpec blocks, locals, parameters) have none and are left
// out.
func ctagsFamily(kind string) string {
	switch kind {
	case "class", "interface", "trait", "enum", "struct", "record", "typedef", "type", "union",
		"object", "protocol", "enumtype", "annotation", "typealias", "extension", "category":
		return "type"
	case "module", "namespace", "package":
		return "module"
	case "function", "method", "singletonmethod", "alias", "constructor", "macro", "subroutine",
		"func", "procedure", "getter", "setter", "callable":
		return "callable"
	case "constant", "variable", "field", "property", "accessor", "define", "enumerator",
		"enumconstant", "member", "var", "const", "val":
		return "value"
	}
	return ""
}

type ctagsRow struct {
	Name        string  `json:"name"`
	Ctags       int     `json:"ctags"`
	Found       int     `json:"found"`
	FoundAny    int     `json:"found_any_kind"`
	Treenav     int     `json:"treenav"`
	Agreed      int     `json:"agreed"`
	AgreedAny   int     `json:"agreed_any_kind"`
	Recall      float64 `json:"ctags_found"`
	Precision   float64 `json:"treenav_confirmed"`
	RecallAny   float64 `json:"ctags_found_any_kind"`
	PrecisionAn float64 `json:"treenav_confirmed_any_kind"`
}

func ctagsReport(lang, ctagsLang, dir string, nFiles int, tags, mine []ctagsSym, show int, jsonOut string) {
	type nameKey struct{ file, name string }
	byName := map[nameKey][]int{} // our symbols by file and name
	for i, s := range mine {
		k := nameKey{s.file, s.name}
		byName[k] = append(byName[k], i)
	}
	tagsByName := map[nameKey][]int{}
	for i, t := range tags {
		if t.family == "" {
			continue
		}
		k := nameKey{t.file, t.name}
		tagsByName[k] = append(tagsByName[k], i)
	}
	// match reports whether tag t falls in symbol s, strictly (same
	// family) or on name and line only.
	match := func(t, s ctagsSym) (strict, any bool) {
		in := s.line <= t.line && t.line <= s.end
		return in && s.family == t.family, in
	}

	fams := map[string]*ctagsRow{}
	kinds := map[string]*ctagsRow{}
	get := func(m map[string]*ctagsRow, k string) *ctagsRow {
		if m[k] == nil {
			m[k] = &ctagsRow{Name: k}
		}
		return m[k]
	}
	ignored := map[string]int{}
	var ctagsOnly, kindDiffers, treenavOnly []ctagsSym
	for _, t := range tags {
		if t.family == "" {
			ignored[t.kind]++
			continue
		}
		f, k := get(fams, t.family), get(kinds, t.kind)
		f.Ctags++
		k.Ctags++
		strict, any := false, false
		for _, i := range byName[nameKey{t.file, t.name}] {
			s, a := match(t, mine[i])
			strict, any = strict || s, any || a
		}
		if strict {
			f.Found++
			k.Found++
		}
		if any {
			f.FoundAny++
			k.FoundAny++
		}
		switch {
		case !any:
			ctagsOnly = append(ctagsOnly, t)
		case !strict:
			kindDiffers = append(kindDiffers, t)
		}
	}
	for _, s := range mine {
		if s.family == "" {
			continue
		}
		f := get(fams, s.family)
		f.Treenav++
		strict, any := false, false
		for _, i := range tagsByName[nameKey{s.file, s.name}] {
			st, a := match(tags[i], s)
			strict, any = strict || st, any || a
		}
		if strict {
			f.Agreed++
		}
		if any {
			f.AgreedAny++
		} else {
			treenavOnly = append(treenavOnly, s)
		}
	}

	fmt.Printf("# ctags comparison: %s (ctags %s) on %s\n\n%d files\n\n", lang, ctagsLang, dir, nFiles)
	fmt.Println("A ctags tag is found when treenav has a symbol of that name whose lines contain the tag's line; strict counts also want the same kind family.")
	fmt.Println()
	fmt.Println("| family | ctags tags | found (strict) | found (any kind) | treenav symbols | confirmed by ctags (strict) | (any kind) |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|")
	total := &ctagsRow{Name: "all"}
	var rows []*ctagsRow
	for _, name := range []string{"type", "module", "callable", "value"} {
		r := get(fams, name)
		total.Ctags += r.Ctags
		total.Found += r.Found
		total.FoundAny += r.FoundAny
		total.Treenav += r.Treenav
		total.Agreed += r.Agreed
		total.AgreedAny += r.AgreedAny
		rows = append(rows, r)
	}
	rows = append(rows, total)
	for _, r := range rows {
		r.Recall, r.RecallAny = ratio(r.Found, r.Ctags), ratio(r.FoundAny, r.Ctags)
		r.Precision, r.PrecisionAn = ratio(r.Agreed, r.Treenav), ratio(r.AgreedAny, r.Treenav)
		fmt.Printf("| %s | %d | %d (%.3f) | %d (%.3f) | %d | %d (%.3f) | %d (%.3f) |\n", r.Name, r.Ctags,
			r.Found, r.Recall, r.FoundAny, r.RecallAny, r.Treenav, r.Agreed, r.Precision, r.AgreedAny, r.PrecisionAn)
	}
	fmt.Println("\n| ctags kind | tags | found (strict) | found (any kind) |")
	fmt.Println("|---|---:|---:|---:|")
	var kn []string
	for k := range kinds {
		kn = append(kn, k)
	}
	sort.Strings(kn)
	for _, k := range kn {
		r := kinds[k]
		fmt.Printf("| %s | %d | %d | %d |\n", k, r.Ctags, r.Found, r.FoundAny)
	}
	if len(ignored) > 0 {
		var parts []string
		for k, n := range ignored {
			parts = append(parts, fmt.Sprintf("%s %d", k, n))
		}
		sort.Strings(parts)
		fmt.Printf("\nctags kinds left out (no family): %s\n", strings.Join(parts, ", "))
	}
	listCtags("ctags only (no treenav symbol of that name around the line)", ctagsOnly, show)
	listCtags("same name and place, other kind family (ctags kind shown)", kindDiffers, show)
	listCtags("treenav only (no ctags tag of that name within the symbol)", treenavOnly, show)
	if jsonOut != "" {
		b, _ := json.MarshalIndent(map[string]any{"lang": lang, "ctags_lang": ctagsLang, "dir": dir,
			"files": nFiles, "families": rows}, "", "  ")
		if err := os.WriteFile(jsonOut, b, 0o644); err != nil {
			fail(err)
		}
	}
}

func listCtags(title string, syms []ctagsSym, show int) {
	fmt.Printf("\n## %s: %d\n\n", title, len(syms))
	sort.Slice(syms, func(i, j int) bool {
		if syms[i].file != syms[j].file {
			return syms[i].file < syms[j].file
		}
		return syms[i].line < syms[j].line
	})
	step := 1
	if show > 0 && len(syms) > show {
		step = len(syms) / show
	}
	for i, n := 0, 0; i < len(syms) && n < show; i, n = i+step, n+1 {
		s := syms[i]
		fmt.Printf("- %s:%d %s (%s)\n", s.file, s.line, s.name, s.kind)
	}
}
