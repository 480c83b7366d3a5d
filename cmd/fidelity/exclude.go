package main

// Exclusion classes: symbols one side cannot see by construction, so that
// a miss or an extra there says nothing about treenav's extraction. Each
// class is narrow and detected from the source or the ground truth's own
// output, never from a list of names. The report shows the raw numbers
// and the numbers without these classes, with a count per class (and how
// many of its symbols the other side had anyway): nothing is hidden.
//
// An excluded symbol leaves the comparison together with any symbol of
// the other side on the same key (file, name, line, family).

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/treenav/treenav/parsers/code"
)

// exclusion is one class and what it took out.
type exclusion struct {
	Name    string `json:"name"`
	Side    string `json:"side"` // "ground truth" or "treenav"
	Why     string `json:"why"`
	Count   int    `json:"count"`
	Matched int    `json:"matched"` // of Count, how many the other side had on the same key
	syms    []sym
}

// cClasses are the C and C++ classes (gt-cpp, libclang).
func cClasses() []*exclusion {
	return []*exclusion{
		{Name: "gt-no-position", Side: "ground truth",
			Why: "libclang gives no source line (line 0: abbreviated templates like `void begin(auto&) = delete;`); as many unmatched treenav symbols of the same file, name and family leave with them"},
		{Name: "gt-explicit-instantiation", Side: "ground truth",
			Why: "an explicit instantiation (`extern template class allocator<char>;`), which libclang reports as a class: it defines nothing"},
		{Name: "gt-in-function-body", Side: "ground truth",
			Why: "inside a function body (within a ground-truth callable's lines): gt-cpp lists a body's typedefs and local classes, an outline does not"},
		{Name: "gt-macro-expansion", Side: "ground truth",
			Why: "the ground truth's extent starts a line that is one call of a function-like macro #defined in the corpus, its -I dirs or /usr/include, not named after the symbol: the declaration exists only after expansion"},
		{Name: "tn-inactive-branch", Side: "treenav",
			Why: "first and last line are in an #if branch the ground truth's preprocessor skipped (clang -E with the same flags): treenav outlines every branch"},
		{Name: "tn-friend-definition", Side: "treenav",
			Why: "a friend function defined in a class body: gt-cpp does not descend into FRIEND_DECL"},
		{Name: "tn-concept", Side: "treenav",
			Why: "a C++20 concept: gt-cpp has no kind for CONCEPT_DECL"},
		{Name: "tn-alias-template", Side: "treenav",
			Why: "an alias template (`template<class T> using P = T*;`): gt-cpp has no kind for TYPE_ALIAS_TEMPLATE_DECL"},
	}
}

// rustClasses are the Rust classes (gt-rust, syn 1).
func rustClasses() []*exclusion {
	return []*exclusion{
		{Name: "tn-macro-body", Side: "treenav",
			Why: "inside a macro invocation's token tree (cfg_if!, s!, STRUCT!...), which treenav re-parses: syn keeps macro input as tokens"},
		{Name: "tn-foreign-item", Side: "treenav",
			Why: "inside an extern block (`extern \"C\" { fn f(); }`): gt-rust's visitor has no foreign-item methods"},
		{Name: "tn-unvisited-body", Side: "treenav",
			Why: "inside a const or static initializer or a trait method's default body: gt-rust's visit_item_const, visit_item_static and visit_item_trait do not descend there"},
	}
}

// tsClasses are the TypeScript classes (gt-ts).
func tsClasses() []*exclusion {
	return []*exclusion{
		{Name: "tn-bound-function", Side: "treenav",
			Why: "a function named by what it is bound to (a local variable, a property key, an assignment target, a registering call), by its own name in an expression, or a variable holding a function that is not a statement of the file (at the top of an IIFE or UMD wrapper, in an if block): gt-ts lists declarations, members and module-level variables only; jsforms.cjs, on the same compiler, lists these and confirms each one"},
	}
}

// boundForms are the forms of jsforms.cjs that gt-ts does not list.
var boundForms = map[string]bool{"nested-variable": true, "property": true, "exports": true,
	"module.exports": true, "prototype": true, "member": true, "assign": true, "route": true,
	"registration": true, "named-expression": true}

// boundFunctions runs jsforms.cjs over dir and returns a test for the
// treenav callables it confirms as functions of a bound form (on the same
// file, name and a line between the binding's and the function's). With
// no lister at hand the class is empty.
func boundFunctions(dir string) func(s sym) bool {
	gt, _, err := runJSFormsLister("", dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "fidelity: tn-bound-function left empty:", err)
		return func(sym) bool { return false }
	}
	type slot struct{ file, name string }
	spans := map[slot][][2]int{}
	for _, f := range gt {
		if boundForms[f.Form] || f.Form == "variable" && !f.TopLevel {
			k := slot{f.File, normName(f.Name)}
			spans[k] = append(spans[k], [2]int{f.Start, f.Fn})
		}
	}
	return func(s sym) bool {
		if s.family != "callable" {
			return false
		}
		for _, sp := range spans[slot{s.file, s.name}] {
			if s.line >= sp[0] && s.line <= sp[1] {
				return true
			}
		}
		return false
	}
}

// pythonClasses are Python's classes (gt-python, CPython's ast).
func pythonClasses() []*exclusion {
	return []*exclusion{
		{Name: "tn-assigned-type", Side: "treenav",
			Why: "a type alias or NewType (X: TypeAlias = ..., X = NewType(...), type X = ...): gt-python lists classes and defs only; -attrs compares assignments"},
	}
}

// applyExclusions classifies both sides and returns what is left.
func applyExclusions(lang, dir string, run *cRun, g, o []sym) ([]sym, []sym, []*exclusion) {
	var classes []*exclusion
	gtTest := map[string]func(s sym) bool{}
	ourTest := map[string]func(s sym) bool{}
	switch lang {
	case "c", "cpp":
		classes = cClasses()
		cc := newCClassifier(dir, run, g, o)
		gtTest["gt-no-position"] = func(s sym) bool { return s.line <= 0 }
		gtTest["gt-explicit-instantiation"] = cc.explicitInstantiation
		gtTest["gt-in-function-body"] = cc.inFunctionBody
		gtTest["gt-macro-expansion"] = cc.macroExpansion
		ourTest["tn-inactive-branch"] = cc.inactive
		ourTest["tn-friend-definition"] = func(s sym) bool { return strings.HasSuffix(s.kind, "/friend") }
		ourTest["tn-concept"] = func(s sym) bool { return strings.HasSuffix(s.kind, "/concept") }
		ourTest["tn-alias-template"] = cc.aliasTemplate
	case "rust":
		classes = rustClasses()
		rc := newRustClassifier(dir, o)
		ourTest["tn-macro-body"] = rc.inMacro
		ourTest["tn-foreign-item"] = rc.foreign
		ourTest["tn-unvisited-body"] = rc.unvisited
	case "typescript", "javascript":
		classes = tsClasses()
		ourTest["tn-bound-function"] = boundFunctions(dir)
	case "python":
		classes = pythonClasses()
		ourTest["tn-assigned-type"] = func(s sym) bool {
			return s.kind == "type/alias" || s.kind == "type/newtype"
		}
	default:
		return g, o, nil
	}
	gKeys, oKeys := map[key]bool{}, map[key]bool{}
	for _, s := range g {
		gKeys[s.key] = true
	}
	for _, s := range o {
		oKeys[s.key] = true
	}
	drop := map[key]bool{}
	// gt-no-position has no line to match on: it takes treenav's symbols
	// of the same file, name and family with it.
	type nameKey struct{ file, name, family string }
	dropName := map[nameKey]int{}
	nk := func(s sym) nameKey { return nameKey{s.file, s.name, s.family} }
	gDone := make([]bool, len(g))
	oDone := make([]bool, len(o))
	for _, c := range classes {
		if t := gtTest[c.Name]; t != nil {
			for i, s := range g {
				if !gDone[i] && t(s) {
					gDone[i] = true
					c.Count++
					if oKeys[s.key] {
						c.Matched++
						s.kind += ", matched"
					}
					c.syms = append(c.syms, s)
					drop[s.key] = true
					if c.Name == "gt-no-position" {
						dropName[nk(s)]++
					}
				}
			}
		}
		if t := ourTest[c.Name]; t != nil {
			for i, s := range o {
				if !oDone[i] && t(s) {
					oDone[i] = true
					c.Count++
					if gKeys[s.key] {
						c.Matched++
						s.kind += ", matched"
					}
					c.syms = append(c.syms, s)
					drop[s.key] = true
				}
			}
		}
	}
	var g2, o2 []sym
	for _, s := range g {
		if !drop[s.key] {
			g2 = append(g2, s)
		}
	}
	for _, s := range o {
		if drop[s.key] {
			continue
		}
		if dropName[nk(s)] > 0 && !gKeys[s.key] {
			dropName[nk(s)]--
			for _, c := range classes {
				if c.Name == "gt-no-position" {
					c.Matched++
				}
			}
			continue
		}
		o2 = append(o2, s)
	}
	return g2, o2, classes
}

// cClassifier holds what the C/C++ classes look at.
type cClassifier struct {
	dir       string
	run       *cRun
	callables map[string][]sym // file -> ground-truth callables
	lines     fileLines
	live      map[string]map[int]bool
}

func newCClassifier(dir string, run *cRun, g, o []sym) *cClassifier {
	cc := &cClassifier{dir: dir, run: run, callables: map[string][]sym{}, lines: fileLines{}}
	for _, s := range g {
		if s.family == "callable" && s.end > s.line {
			cc.callables[s.file] = append(cc.callables[s.file], s)
		}
	}
	if run != nil {
		cc.live = run.live
	}
	return cc
}

// clangCommand runs the preprocessor for tn-inactive-branch.
var clangCommand = "clang"

// inFunctionBody: strictly inside a ground-truth callable's line range.
func (cc *cClassifier) inFunctionBody(s sym) bool {
	for _, c := range cc.callables[s.file] {
		if c.line <= s.line && s.end <= c.end && (c.line < s.line || s.end < c.end) {
			return true
		}
	}
	return false
}

// macroCall matches the start of a call "NAME(".
var macroCall = regexp.MustCompile(`^\s*([A-Za-z_]\w*)\s*\(`)

// macroExpansion: the symbol's first line starts a call of a
// function-like macro that is not named after the symbol (a constructor
// "A(int);" is), and the call, with an optional ";", is all there is
// from there to the end of its last line. libclang's extent of an
// expansion may stop inside the call's arguments
// ("PNG_EXPORT(7, void, png_set_x, (png_structrp p,\n int n));").
func (cc *cClassifier) macroExpansion(s sym) bool {
	if cc.run == nil || s.line <= 0 {
		return false
	}
	ls := cc.lines.get(filepath.Join(cc.dir, filepath.FromSlash(s.file)))
	if s.line > len(ls) {
		return false
	}
	text := strings.Join(ls[s.line-1:min(len(ls), s.line+40)], "\n")
	text = strings.ReplaceAll(text, "\\\n", " ")
	m := macroCall.FindStringSubmatchIndex(text)
	if m == nil {
		return false
	}
	name := text[m[2]:m[3]]
	if name == s.name || !cc.run.macros[name] {
		return false
	}
	depth, i := 0, m[1]-1
	for ; i < len(text); i++ {
		switch text[i] {
		case '(':
			depth++
		case ')':
			depth--
		}
		if depth == 0 {
			break
		}
	}
	if depth != 0 {
		return false
	}
	// What follows the call on its last line and on the extent's
	// remaining lines.
	rest := text[i+1:]
	callEnd := s.line + strings.Count(text[:i], "\n")
	k := strings.IndexByte(rest, '\n')
	for l := callEnd; k >= 0 && l < s.end; l++ {
		next := strings.IndexByte(rest[k+1:], '\n')
		if next < 0 {
			k = -1
			break
		}
		k += 1 + next
	}
	if k >= 0 {
		rest = rest[:k]
	}
	rest = strings.TrimSpace(rest)
	return rest == "" || rest == ";"
}

// explicitInstantiation: a ground-truth class whose extent is an explicit
// instantiation, "[extern] template class|struct NAME<...>;".
func (cc *cClassifier) explicitInstantiation(s sym) bool {
	if s.family != "type" || s.line <= 0 {
		return false
	}
	ls := cc.lines.get(filepath.Join(cc.dir, filepath.FromSlash(s.file)))
	if s.end > len(ls) || s.end < s.line {
		return false
	}
	return explicitInst.MatchString(strings.Join(ls[s.line-1:s.end], " "))
}

var explicitInst = regexp.MustCompile(`^\s*(?:extern\s+)?template\s+(?:class|struct|union)\s+[^{;]*;\s*$`)

// aliasTemplate: a treenav "using" alias whose definition starts with
// "template".
func (cc *cClassifier) aliasTemplate(s sym) bool {
	if !strings.HasSuffix(s.kind, "/using") {
		return false
	}
	b, err := os.ReadFile(filepath.Join(cc.dir, filepath.FromSlash(s.file)))
	if err != nil || int(s.off) >= len(b) {
		return false
	}
	return bytes.HasPrefix(b[s.off:], []byte("template"))
}

// inactive: the symbol's first and last lines produced no preprocessor
// output for the ground truth's configuration.
func (cc *cClassifier) inactive(s sym) bool {
	live, ok := cc.live[s.file]
	if !ok {
		return false
	}
	return !live[s.line] && !live[s.end]
}

func (fl fileLines) get(file string) []string {
	ls, ok := fl[file]
	if !ok {
		b, _ := os.ReadFile(file)
		ls = strings.Split(string(b), "\n")
		fl[file] = ls
	}
	return ls
}

// rustClassifier knows, per file, the byte ranges of macro invocation
// token trees and extern blocks, from a plain tree-sitter parse.
type rustClassifier struct {
	macros, foreigns, bodies map[string][][2]uint32
}

func newRustClassifier(dir string, o []sym) *rustClassifier {
	rc := &rustClassifier{macros: map[string][][2]uint32{}, foreigns: map[string][][2]uint32{}, bodies: map[string][][2]uint32{}}
	files := map[string]bool{}
	for _, s := range o {
		files[s.file] = true
	}
	grammar := code.Lookup("rust").Grammar()
	for f := range files {
		src, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f)))
		if err != nil {
			continue
		}
		p := sitter.NewParser()
		p.SetLanguage(grammar)
		tree, err := p.ParseCtx(context.Background(), nil, src)
		p.Close()
		if err != nil {
			continue
		}
		var walk func(n *sitter.Node)
		walk = func(n *sitter.Node) {
			switch n.Type() {
			case "macro_invocation":
				for i := 0; i < int(n.NamedChildCount()); i++ {
					if c := n.NamedChild(i); c.Type() == "token_tree" {
						rc.macros[f] = append(rc.macros[f], [2]uint32{c.StartByte(), c.EndByte()})
					}
				}
				return // what is inside is tokens
			case "foreign_mod_item":
				rc.foreigns[f] = append(rc.foreigns[f], [2]uint32{n.StartByte(), n.EndByte()})
			case "const_item", "static_item":
				if v := n.ChildByFieldName("value"); v != nil {
					rc.bodies[f] = append(rc.bodies[f], [2]uint32{v.StartByte(), v.EndByte()})
				}
			case "trait_item":
				if b := n.ChildByFieldName("body"); b != nil {
					for i := 0; i < int(b.NamedChildCount()); i++ {
						if fn := b.NamedChild(i); fn.Type() == "function_item" {
							if body := fn.ChildByFieldName("body"); body != nil {
								rc.bodies[f] = append(rc.bodies[f], [2]uint32{body.StartByte(), body.EndByte()})
							}
						}
					}
				}
			}
			for i := 0; i < int(n.NamedChildCount()); i++ {
				walk(n.NamedChild(i))
			}
		}
		walk(tree.RootNode())
		tree.Close()
	}
	return rc
}

func within(rs [][2]uint32, off uint32) bool {
	for _, r := range rs {
		if r[0] <= off && off < r[1] {
			return true
		}
	}
	return false
}

// inMacro: the symbol starts inside a macro invocation's token tree.
func (rc *rustClassifier) inMacro(s sym) bool { return within(rc.macros[s.file], s.off) }

// unvisited: the symbol starts inside a const or static initializer or a
// trait method's default body.
func (rc *rustClassifier) unvisited(s sym) bool { return within(rc.bodies[s.file], s.off) }

// foreign: the symbol starts inside an extern block (including one that
// treenav found in a macro body: the token tree re-parsed).
func (rc *rustClassifier) foreign(s sym) bool {
	return within(rc.foreigns[s.file], s.off) || strings.HasSuffix(s.kind, "/extern")
}
