package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index"
	"github.com/treenav/treenav/index/engine"
)

// TestOutlineJSONIsGetOutline: outline --json over a root prints what
// get_outline answers (Index.Outline's result, as structuredContent)
// over an index of the same root, byte for byte, with and without a
// budget.
func TestOutlineJSONIsGetOutline(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", "..", "fixtures", "mcp"))
	if err != nil {
		t.Fatal(err)
	}
	eng, err := engine.NewEngine([]treenav.Collection{{Name: "fixture", Root: root}}, engine.EngineOptions{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if err := eng.Build(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		opts treenav.OutlineOptions
	}{
		{nil, treenav.OutlineOptions{}},
		{[]string{"--exported-only"}, treenav.OutlineOptions{ExportedOnly: true}},
		{[]string{"--max-chars", "500"}, treenav.OutlineOptions{MaxChars: 500}},
		{[]string{"--depth", "1", "--no-signatures"}, treenav.OutlineOptions{Depth: 1, NoSignatures: true}},
	} {
		args := append([]string{"outline", "--root", root, "--no-cache", "--json"}, tc.args...)
		code, out, errs := run(t, append(args, "web", "widgets")...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", tc.args, code, errs)
		}
		want, err := eng.Index().Outline(index.OutlineRequest{Paths: []string{"web", "widgets"}, OutlineOptions: tc.opts})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := treenav.MarshalResult(want)
		if strings.TrimSuffix(out, "\n") != string(b) {
			t.Errorf("%v: outline --json differs from get_outline:\n%s\n%s", tc.args, out, b)
		}
		if tc.opts.MaxChars > 0 {
			var r treenav.OutlineResponse
			if err := json.Unmarshal(b, &r); err != nil {
				t.Fatal(err)
			}
			if len(r.Text()) > tc.opts.MaxChars || !r.Truncated || r.LeftOut == 0 || !strings.Contains(errs, "left out") {
				t.Errorf("a budget of %d: %d characters, %+v; stderr %s", tc.opts.MaxChars, len(r.Text()), r, errs)
			}
		}
	}
}

// TestOutlineExportsPythonAll: a Python module's literal __all__ is its
// API for --exported-only and get_outline's exported_only alike: the
// helpers it leaves out are not shown, a module without one keeps the
// underscore rule.
func TestOutlineExportsPythonAll(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"pkg/codec.py": "__all__ = ['encode', 'Codec']\n\nFLAGS = 1\n\n\ndef encode(x):\n    return x\n\n\ndef helper(x):\n    return x\n\n\nclass Codec:\n    def run(self):\n        return 1\n",
		"pkg/plain.py": "LIMIT = 2\n\n\ndef public():\n    return 1\n\n\ndef _private():\n    return 2\n",
	})
	eng, err := engine.NewEngine([]treenav.Collection{{Name: "t", Root: root}}, engine.EngineOptions{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := eng.Build(); err != nil {
		t.Fatal(err)
	}
	code, out, errs := run(t, "outline", "--root", root, "--no-cache", "--json", "--exported-only", "pkg")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want, err := eng.Index().Outline(index.OutlineRequest{Paths: []string{"pkg"}, OutlineOptions: treenav.OutlineOptions{ExportedOnly: true}})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := treenav.MarshalResult(want)
	if strings.TrimSuffix(out, "\n") != string(b) {
		t.Errorf("outline --json --exported-only differs from get_outline:\n%s\n%s", out, b)
	}
	var got []string
	for _, f := range want.Files {
		for _, s := range f.Symbols {
			got = append(got, f.Path+":"+s.Name)
		}
	}
	if g := strings.Join(got, " "); g != "pkg/codec.py:encode pkg/codec.py:Codec pkg/plain.py:LIMIT pkg/plain.py:public" {
		t.Errorf("exported symbols: %s", g)
	}
}
