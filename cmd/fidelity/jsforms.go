package main

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
)

// jsFunction is one line of jsforms.cjs: a JavaScript function with a
// name derivable from how it is written, and the form that names it.
type jsFunction struct {
	File  string `json:"file"`
	Name  string `json:"name"`
	Form  string `json:"form"`
	Start int    `json:"start"` // the naming construct's first line
	Fn    int    `json:"fn"`    // the function's first line
	End   int    `json:"end"`
	// TopLevel: the naming construct is a statement of the file (or of a
	// namespace), the only variables gt-ts lists.
	TopLevel bool `json:"toplevel"`
	Error    bool `json:"error"` // the file did not parse cleanly
}

// runJSFormsLister runs jsforms.cjs (or gtCmd) over dir: the functions it
// lists, with paths relative to dir, and the files it could not parse.
func runJSFormsLister(gtCmd, dir string) ([]jsFunction, map[string]bool, error) {
	if gtCmd == "" {
		gtCmd = "node cmd/fidelity/jsforms.cjs"
	}
	args := append(strings.Fields(gtCmd), dir)
	c := exec.Command(args[0], args[1:]...)
	c.Stderr = os.Stderr
	out, err := c.Output()
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", gtCmd, err)
	}
	var gt []jsFunction
	bad := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var f jsFunction
		if json.Unmarshal(sc.Bytes(), &f) != nil {
			continue
		}
		rel, err := filepath.Rel(dir, f.File)
		if err != nil {
			continue
		}
		f.File = filepath.ToSlash(rel)
		if f.Error {
			bad[f.File] = true
			continue
		}
		gt = append(gt, f)
	}
	return gt, bad, nil
}

// formRow is the recall and precision of one form.
type formRow struct {
	Form      string  `json:"form"`
	GT        int     `json:"gt"`
	Found     int     `json:"found"`
	Recall    float64 `json:"recall"`
	Extra     int     `json:"extra"`
	Precision float64 `json:"precision"`
}

// runJSForms compares treenav's JavaScript callables with jsforms.cjs, the
// TypeScript compiler's list of every named function-like node (-forms):
// a ground-truth function is found when treenav has a callable of the same
// name in the same file starting between the naming construct's first
// line and the function's. Recall is per form; treenav's callables that
// match nothing are extras, counted against the form of the ground truth
// whose function starts on their line (else "none"), so each form's
// precision is found / (found + its extras).
func runJSForms(dir, gtCmd string, show int, jsonOut string) {
	gt, bad, err := runJSFormsLister(gtCmd, dir)
	if err != nil {
		fail(err)
	}
	ours, err := extract(dir, "javascript")
	if err != nil {
		fail(err)
	}
	type slot struct {
		file, name string
	}
	byName := map[slot][]int{} // treenav callables by file and name
	fnAt := map[string]map[int]string{}
	files := map[string]bool{}
	for _, f := range gt {
		files[f.File] = true
		if fnAt[f.File] == nil {
			fnAt[f.File] = map[int]string{}
		}
		if _, ok := fnAt[f.File][f.Fn]; !ok {
			fnAt[f.File][f.Fn] = f.Form
		}
	}
	var o []sym
	for _, s := range ours {
		// Overload and interface signatures have no body: not functions.
		bodyless := strings.HasSuffix(s.kind, "/signature") || strings.HasSuffix(s.kind, "/abstract")
		if s.family == "callable" && !bodyless && files[s.file] && !bad[s.file] {
			byName[slot{s.file, s.name}] = append(byName[slot{s.file, s.name}], len(o))
			o = append(o, s)
		}
	}
	used := make([]bool, len(o))
	rows := map[string]*formRow{}
	rowOf := func(form string) *formRow {
		if rows[form] == nil {
			rows[form] = &formRow{Form: form}
		}
		return rows[form]
	}
	var missed []jsFunction
	for _, f := range gt {
		r := rowOf(f.Form)
		r.GT++
		hit := -1
		for _, i := range byName[slot{f.File, normName(f.Name)}] {
			if !used[i] && o[i].line >= f.Start && o[i].line <= f.Fn {
				hit = i
				break
			}
		}
		if hit < 0 {
			missed = append(missed, f)
			continue
		}
		used[hit] = true
		r.Found++
	}
	var extras []sym
	for i, s := range o {
		if used[i] {
			continue
		}
		form, ok := fnAt[s.file][s.line]
		if !ok {
			form = "none"
		}
		rowOf(form).Extra++
		extras = append(extras, s)
	}
	var forms []string
	total := formRow{Form: "all"}
	for k, r := range rows {
		forms = append(forms, k)
		total.GT += r.GT
		total.Found += r.Found
		total.Extra += r.Extra
	}
	sort.Strings(forms)
	finish := func(r *formRow) {
		if r.GT > 0 {
			r.Recall = float64(r.Found) / float64(r.GT)
		}
		if r.Found+r.Extra > 0 {
			r.Precision = float64(r.Found) / float64(r.Found+r.Extra)
		}
	}
	fmt.Printf("# JavaScript forms: treenav against jsforms.cjs on %s\n\n%d files compared (%d left out: parse errors)\n\n", dir, len(files), len(bad))
	fmt.Println("| form | ground truth | found | recall | extra | precision |")
	fmt.Println("|---|---:|---:|---:|---:|---:|")
	var list []formRow
	for _, k := range forms {
		r := rows[k]
		finish(r)
		list = append(list, *r)
		fmt.Printf("| %s | %d | %d | %.3f | %d | %.3f |\n", r.Form, r.GT, r.Found, r.Recall, r.Extra, r.Precision)
	}
	finish(&total)
	fmt.Printf("| **all** | %d | %d | %.3f | %d | %.3f |\n", total.GT, total.Found, total.Recall, total.Extra, total.Precision)
	fmt.Printf("\n## missed (%d)\n\n", len(missed))
	for i, f := range missed {
		if i == show {
			break
		}
		fmt.Printf("- %s:%d %s (%s)\n", f.File, f.Start, f.Name, f.Form)
	}
	fmt.Printf("\n## extra (%d)\n\n", len(extras))
	for i, s := range extras {
		if i == show {
			break
		}
		fmt.Printf("- %s:%d %s (%s)\n", s.file, s.line, s.name, s.kind)
	}
	if jsonOut != "" {
		b, err := json.MarshalIndent(map[string]any{"dir": dir, "files": len(files), "forms": list, "total": total}, "", "  ")
		if err == nil {
			err = os.WriteFile(jsonOut, b, 0o644)
		}
		if err != nil {
			fail(err)
		}
	}
}
