package main

// The -attrs mode (with -lang python) compares what gt-python does not
// list: Python's data definitions (module variables, also inside
// module-level if/try/with blocks such as "if TYPE_CHECKING:", class
// attributes and annotations, and the attributes __init__ assigns on
// self) with treenav's fields, constants, variables and type aliases,
// using py_attrs.py (CPython's ast) as the ground truth:
//
//	go run ./cmd/fidelity -lang python -attrs DIR
//
// A definition agrees when treenav has one of those kinds with the same
// name, the same enclosing class (qualified, "" for the module) and the
// same first line. Recall and precision are given per form (see
// py_attrs.py); a treenav symbol that matches nothing is put in the form
// its place suggests (module or class, indented or not, inside __init__).

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

// defaultAttrsCmd is the -attrs ground truth, run from the repository root.
const defaultAttrsCmd = "python3 cmd/fidelity/py_attrs.py"

// attrKey identifies a data definition for matching.
type attrKey struct {
	file, parent, name string
	line               int
}

type attr struct {
	attrKey
	form string
	kind string // treenav's, for the miss lists
}

// attrForms are py_attrs.py's forms, in report order.
var attrForms = []string{"module", "module_cond", "class_assign", "class_ann", "init_self"}

// runPyAttrs is the -attrs mode.
func runPyAttrs(dir, gtCmd string, show int, jsonOut string) {
	if gtCmd == "" {
		gtCmd = defaultAttrsCmd
	}
	gt, bad, err := pyAttrsGroundTruth(gtCmd, dir)
	if err != nil {
		fail(err)
	}
	ours, err := pyAttrsOurs(dir)
	if err != nil {
		fail(err)
	}
	gtFiles, ourFiles := map[string]bool{}, map[string]bool{}
	for _, a := range gt {
		gtFiles[a.file] = true
	}
	for _, a := range ours {
		ourFiles[a.file] = true
	}
	// A file with no data definition on one side is still compared when
	// the other side has some; only the ground truth's parse errors and
	// files of neither side are left out.
	common := func(f string) bool { return !bad[f] }
	gset := map[attrKey]string{}
	for _, a := range gt {
		if common(a.file) {
			gset[a.attrKey] = a.form
		}
	}
	oset := map[attrKey]bool{}
	for _, a := range ours {
		if common(a.file) {
			oset[a.attrKey] = true
		}
	}
	rows := map[string]*row{}
	get := func(f string) *row {
		if rows[f] == nil {
			rows[f] = &row{Name: f}
		}
		return rows[f]
	}
	var missed, extra []attr
	for k, form := range gset {
		r := get(form)
		r.GT++
		if oset[k] {
			r.Found++
		} else {
			missed = append(missed, attr{attrKey: k, form: form})
		}
	}
	seen := map[attrKey]bool{}
	for _, a := range ours {
		if !common(a.file) || seen[a.attrKey] {
			continue
		}
		seen[a.attrKey] = true
		form, ok := gset[a.attrKey]
		if !ok {
			form = a.form
			extra = append(extra, a)
		}
		r := get(form)
		r.Ours++
		if ok {
			r.Correct++
		}
	}
	total := &row{Name: "all"}
	var out []*row
	for _, f := range attrForms {
		r := get(f)
		r.Recall, r.Precision = ratio(r.Found, r.GT), ratio(r.Correct, r.Ours)
		total.GT += r.GT
		total.Found += r.Found
		total.Ours += r.Ours
		total.Correct += r.Correct
		out = append(out, r)
	}
	total.Recall, total.Precision = ratio(total.Found, total.GT), ratio(total.Correct, total.Ours)
	out = append(out, total)
	n := 0
	for f := range gtFiles {
		if common(f) {
			n++
		}
	}
	for f := range ourFiles {
		if common(f) && !gtFiles[f] {
			n++
		}
	}
	fmt.Printf("# fidelity: python data definitions on %s\n\n%d files compared (%d left out: ground-truth parse errors)\n\n", dir, n, len(bad))
	fmt.Println("| form | ground truth | found | recall | treenav | correct | precision |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|")
	for _, r := range out {
		printRow(r)
	}
	listAttrs("missed (in ground truth, not found by treenav)", missed, show)
	listAttrs("extra (found by treenav, not in ground truth)", extra, show)
	if jsonOut != "" {
		b, _ := json.MarshalIndent(map[string]any{"lang": "python", "mode": "attrs", "dir": dir, "files": n, "forms": out}, "", "  ")
		if err := os.WriteFile(jsonOut, b, 0o644); err != nil {
			fail(err)
		}
	}
}

func listAttrs(title string, as []attr, show int) {
	sort.Slice(as, func(i, j int) bool {
		a, b := as[i], as[j]
		if a.file != b.file {
			return a.file < b.file
		}
		return a.line < b.line
	})
	fmt.Printf("\n## %s: %d\n\n", title, len(as))
	for i, a := range as {
		if i == show {
			fmt.Printf("- ... %d more\n", len(as)-show)
			break
		}
		q := a.name
		if a.parent != "" {
			q = a.parent + "." + a.name
		}
		kind := a.form
		if a.kind != "" {
			kind += ", " + a.kind
		}
		fmt.Printf("- %s:%d %s (%s)\n", a.file, a.line, q, kind)
	}
}

// pyAttrsGroundTruth runs py_attrs.py and returns its definitions and the
// files it could not parse.
func pyAttrsGroundTruth(cmdline, dir string) ([]attr, map[string]bool, error) {
	args := append(strings.Fields(cmdline), dir)
	c := exec.Command(args[0], args[1:]...)
	var stderr bytes.Buffer
	c.Stderr = &stderr
	out, err := c.Output()
	if err != nil && len(out) == 0 {
		return nil, nil, fmt.Errorf("%s: %w\n%s", cmdline, err, stderr.String())
	}
	var as []attr
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var v struct {
			File, Name, Parent, Form string
			Line                     int
		}
		if json.Unmarshal(sc.Bytes(), &v) != nil {
			continue
		}
		rel, err := filepath.Rel(dir, v.File)
		if err != nil {
			continue
		}
		as = append(as, attr{attrKey: attrKey{filepath.ToSlash(rel), v.Parent, v.Name, v.Line}, form: v.Form})
	}
	bad := map[string]bool{}
	for _, line := range strings.Split(stderr.String(), "\n") {
		if rest, ok := strings.CutPrefix(line, "parse error: "); ok {
			if f, _, ok := strings.Cut(rest, ": "); ok {
				if rel, err := filepath.Rel(dir, f); err == nil {
					bad[filepath.ToSlash(rel)] = true
				}
			}
		}
	}
	return as, bad, nil
}

// pyAttrsOurs extracts the Python files under dir and returns their
// fields, constants, variables, type aliases and properties made by an
// assignment, each with the form its place suggests.
func pyAttrsOurs(dir string) ([]attr, error) {
	res, err := walk.Walk(dir, walk.Options{NoDefaultExcludes: true, MaxFileSize: 8 << 20})
	if err != nil {
		return nil, err
	}
	var jobs []parsers.Job
	for _, f := range res.Files {
		jobs = append(jobs, parsers.Job{Rel: f.Rel, Abs: f.Abs, DocID: f.Rel})
	}
	var as []attr
	var mu sync.Mutex
	parsers.ParseAll(jobs, 0, nil, func(_ int, o parsers.Outcome) {
		// py_attrs.py reads .py files only (no stubs, no scripts).
		if o.Doc == nil || o.Doc.Language != "python" || !strings.HasSuffix(o.Doc.Path, ".py") {
			return
		}
		found := pyDocAttrs(o.Doc.Path, o.Doc.Nodes, o.Src)
		mu.Lock()
		as = append(as, found...)
		mu.Unlock()
	})
	return as, nil
}

// pyDocAttrs lists one document's data definitions.
func pyDocAttrs(path string, nodes []treenav.Node, src []byte) []attr {
	var lines []string
	var as []attr
	for i, n := range nodes {
		if i == 0 || !isDataNode(n) {
			continue
		}
		p := &nodes[n.Parent]
		parent := strings.TrimSuffix(n.QualifiedName, "."+n.Name)
		if n.Parent == 0 || parent == n.QualifiedName {
			parent = ""
		}
		form := "module"
		switch {
		case n.Parent != 0 && p.Kind == treenav.KindClass:
			form = "class_assign"
			if inInit(nodes, p, &n) {
				form = "init_self"
			} else if strings.Contains(strings.SplitN(n.Signature, "=", 2)[0], ":") {
				form = "class_ann"
			}
		case n.Parent != 0:
			form = "other"
		default:
			if lines == nil {
				lines = strings.Split(string(src), "\n")
			}
			if l := n.LineStart - 1; l < len(lines) && strings.TrimLeft(lines[l], " \t") != lines[l] {
				form = "module_cond"
			}
		}
		kind := string(n.Kind)
		if n.NativeKind != "" {
			kind += "/" + n.NativeKind
		}
		as = append(as, attr{attrKey: attrKey{path, parent, n.Name, n.LineStart}, form: form, kind: kind})
	}
	return as
}

// isDataNode: a Python symbol made by an assignment or an annotation.
func isDataNode(n treenav.Node) bool {
	switch n.Kind {
	case treenav.KindField, treenav.KindConstant, treenav.KindVariable:
		return true
	case treenav.KindType:
		return n.NativeKind == "alias" && !strings.HasPrefix(n.Signature, "type ") || n.NativeKind == "newtype"
	case treenav.KindProperty:
		return !strings.Contains(n.Signature, "def ")
	}
	return false
}

// inInit reports whether n lies inside a method __init__ of class p.
func inInit(nodes []treenav.Node, p, n *treenav.Node) bool {
	for _, c := range p.Children {
		m := &nodes[c]
		if m.Name == "__init__" && m.ByteStart <= n.ByteStart && n.ByteEnd <= m.ByteEnd {
			return true
		}
	}
	return false
}

// pyCallable compares Python's properties as the defs they are written
// as: a property made by a decorated def is a callable (gt-python lists
// it as a method), and its setter, deleter or getter, which treenav names
// by the part (flags.setter), has the property's name.
func pyCallable(n treenav.Node, name, fam string) (string, string) {
	switch {
	case n.Kind == treenav.KindProperty && strings.Contains(n.Signature, "def "):
		return name, "callable"
	case n.Kind == treenav.KindMethod && (n.NativeKind == "setter" || n.NativeKind == "deleter" || n.NativeKind == "getter"):
		q := strings.Split(n.QualifiedName, ".")
		if len(q) >= 2 && q[len(q)-1] == n.Name {
			return q[len(q)-2], fam
		}
	}
	return name, fam
}
