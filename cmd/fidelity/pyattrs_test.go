package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"testing"

	"github.com/treenav/treenav"
)

// TestPyAttrsAgree runs py_attrs.py (CPython's ast) and treenav over the
// parser's testdata of Python data definitions: every form agrees, in
// both directions.
func TestPyAttrsAgree(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed: py_attrs.py cannot run")
	}
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join("..", "..", "parsers", "code", "testdata", "python", "forms.py"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "forms.py"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	gt, bad, err := pyAttrsGroundTruth("python3 py_attrs.py", dir)
	if err != nil || len(bad) > 0 {
		t.Fatalf("py_attrs.py: %v, parse errors %v", err, bad)
	}
	ours, err := pyAttrsOurs(dir)
	if err != nil {
		t.Fatal(err)
	}
	keys := func(as []attr) []string {
		var out []string
		for _, a := range as {
			out = append(out, a.parent+"."+a.name+"@"+strconv.Itoa(a.line))
		}
		sort.Strings(out)
		return out
	}
	g, o := keys(gt), keys(ours)
	forms := map[string]bool{}
	for _, a := range gt {
		forms[a.form] = true
	}
	if len(forms) != len(attrForms) {
		t.Errorf("testdata has forms %v, want all of %v", forms, attrForms)
	}
	if len(g) != len(o) {
		t.Fatalf("ground truth %d definitions, treenav %d:\n%v\n%v", len(g), len(o), g, o)
	}
	for i := range g {
		if g[i] != o[i] {
			t.Errorf("ground truth %s, treenav %s", g[i], o[i])
		}
	}
}

// A property written as a decorated def is the method gt-python lists, and
// its setter has the property's name.
func TestPyCallable(t *testing.T) {
	for _, tc := range []struct {
		n              treenav.Node
		name, fam      string
		wantName, want string
	}{
		{treenav.Node{Kind: treenav.KindProperty, Name: "flags", Signature: "@property def flags(self)"}, "flags", "", "flags", "callable"},
		{treenav.Node{Kind: treenav.KindProperty, Name: "label", Signature: "label = property(get)"}, "label", "", "label", ""},
		{treenav.Node{Kind: treenav.KindMethod, NativeKind: "setter", Name: "setter", QualifiedName: "Task.flags.setter"}, "setter", "callable", "flags", "callable"},
		{treenav.Node{Kind: treenav.KindMethod, Name: "run", QualifiedName: "Task.run"}, "run", "callable", "run", "callable"},
	} {
		if name, fam := pyCallable(tc.n, tc.name, tc.fam); name != tc.wantName || fam != tc.want {
			t.Errorf("%s: got %s/%s, want %s/%s", tc.n.QualifiedName, name, fam, tc.wantName, tc.want)
		}
	}
}
