package treenav

import (
	"strings"
	"testing"
)

// testRules: lowercase names are private, *_test.go files are tests,
// internal/ is internal.
var testRules = OutlineRules{
	Private:  func(_ string, _ Kind, name, _, _ string) bool { return name != "" && name[0] >= 'a' && name[0] <= 'z' },
	Test:     func(p string) bool { return strings.HasSuffix(p, "_test.go") },
	Internal: func(p string) bool { return strings.HasPrefix(p, "internal/") },
}

func sym(name string, kind Kind, line int, kids ...OutlineSymbol) OutlineSymbol {
	if kids == nil {
		kids = []OutlineSymbol{}
	}
	return OutlineSymbol{Name: name, QualifiedName: name, Kind: kind, LineStart: line, LineEnd: line,
		Signature: string(kind) + " " + name + strings.Repeat(" x", 10), Children: kids}
}

func outlineFiles() []OutlineFile {
	return []OutlineFile{
		{Path: "a.go", Language: "go", Symbols: []OutlineSymbol{
			sym("MaxSize", KindConstant, 1),
			sym("Server", KindStruct, 3, sym("Addr", KindField, 4), sym("Serve", KindMethod, 6), sym("helper", KindMethod, 8)),
			sym("run", KindFunction, 10),
		}},
		{Path: "a_test.go", Language: "go", Symbols: []OutlineSymbol{sym("TestServe", KindFunction, 1)}},
		{Path: "b.go", Language: "go", Symbols: []OutlineSymbol{sym("New", KindFunction, 1), sym("Version", KindVariable, 2)}},
		{Path: "internal/c.go", Language: "go", Symbols: []OutlineSymbol{sym("Do", KindFunction, 1)}},
	}
}

// names lists an outline's symbols as path:name, depth first.
func names(r *OutlineResponse) []string {
	var out []string
	var walk func(p string, syms []OutlineSymbol)
	walk = func(p string, syms []OutlineSymbol) {
		for _, s := range syms {
			out = append(out, p+":"+s.Name)
			walk(p, s.Children)
		}
	}
	for _, f := range r.Files {
		walk(f.Path, f.Symbols)
	}
	return out
}

func TestFitOutlineOptions(t *testing.T) {
	r := FitOutline(outlineFiles(), OutlineOptions{ExportedOnly: true}, testRules)
	got := strings.Join(names(r), " ")
	want := "a.go:MaxSize a.go:Server a.go:Addr a.go:Serve b.go:New b.go:Version internal/c.go:Do"
	if got != want || r.Truncated {
		t.Errorf("exported only:\n got %s\nwant %s", got, want)
	}
	r = FitOutline(outlineFiles(), OutlineOptions{Depth: 1, NoSignatures: true}, testRules)
	for _, f := range r.Files {
		for _, s := range f.Symbols {
			if len(s.Children) > 0 || s.Signature != "" {
				t.Errorf("depth 1 without signatures: %+v", s)
			}
		}
	}
	if n := len(names(r)); n != 7 {
		t.Errorf("depth 1: %d symbols, want 7", n)
	}
}

// TestFitOutlineBudget: past the budget, public types and callables are
// kept before fields, constants, private, internal and test code; a
// child never without its parent; the text fits; what is left out is
// counted per file and named in the note.
func TestFitOutlineBudget(t *testing.T) {
	full := FitOutline(outlineFiles(), OutlineOptions{}, testRules)
	size := len(full.Text())
	var prev []string
	for budget := size - 1; budget > 0; budget -= 40 {
		r := FitOutline(outlineFiles(), OutlineOptions{MaxChars: budget}, testRules)
		text := r.Text()
		if len(text) > budget && len(r.Files) > 0 {
			t.Fatalf("budget %d: %d characters:\n%s", budget, len(text), text)
		}
		got := names(r)
		if !r.Truncated || r.TotalSymbols != 10 || r.LeftOut != 10-len(got) {
			t.Fatalf("budget %d: counts %+v", budget, r)
		}
		perFile := 0
		for _, f := range r.Files {
			perFile += f.LeftOut
		}
		if perFile > r.LeftOut || !strings.Contains(r.Note, "left out") {
			t.Errorf("budget %d: left out %d, per file %d, note %q", budget, r.LeftOut, perFile, r.Note)
		}
		// A smaller budget keeps a subset, in rank order.
		for _, n := range got {
			if prev != nil && !contains(prev, n) {
				t.Errorf("budget %d keeps %s, which a larger one left out", budget, n)
			}
		}
		prev = got
		// Shallow first; fields, constants and variables count one
		// level deeper; private and internal, then tests, after.
		rank := []string{"a.go:Server", "b.go:New", "a.go:MaxSize", "a.go:Serve", "b.go:Version", "a.go:Addr",
			"a.go:run", "internal/c.go:Do", "a.go:helper", "a_test.go:TestServe"}
		for i, n := range rank {
			if !contains(got, n) {
				for _, later := range rank[i+1:] {
					if contains(got, later) {
						t.Errorf("budget %d keeps %s but not %s: %v", budget, later, n, got)
					}
				}
				break
			}
		}
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// TestFitOutlineExportedLeavesLocals: what a function holds (a Python
// nested def, a closure) is local to it and leaves with ExportedOnly; a
// type's members stay.
func TestFitOutlineExportedLeavesLocals(t *testing.T) {
	files := []OutlineFile{{Path: "enc.py", Language: "python", Symbols: []OutlineSymbol{
		sym("Encode", KindFunction, 1, sym("Replace", KindFunction, 2)),
		sym("Encoder", KindClass, 5, sym("Iterencode", KindMethod, 6, sym("Floatstr", KindFunction, 7)), sym("Indent", KindField, 9)),
	}}}
	got := strings.Join(names(FitOutline(files, OutlineOptions{ExportedOnly: true}, testRules)), " ")
	if want := "enc.py:Encode enc.py:Encoder enc.py:Iterencode enc.py:Indent"; got != want {
		t.Errorf("exported only:\n got %s\nwant %s", got, want)
	}
	all := strings.Join(names(FitOutline(files, OutlineOptions{}, testRules)), " ")
	if !strings.Contains(all, "enc.py:Replace") || !strings.Contains(all, "enc.py:Floatstr") {
		t.Errorf("without exported only, the locals stay: %s", all)
	}
}
