package index

import (
	"sort"
	"strings"
	"testing"
)

const configPy = `import dataclasses


class Config:
    """Settings."""

    # The address to listen on.
    addr: str = "127.0.0.1"
    port: int = 8080

    def load(self, path):
        """Load the settings from path."""
        with open(path) as f:
            for line in f:
                key, _, value = line.partition("=")
                setattr(self, key.strip(), value.strip())
        return self
`

const tagsGo = `package cfg

// Options are the server's options.
type Options struct {
	// Addr is the address to listen on.
	Addr string ` + "`json:\"addr\" yaml:\"addr\"`" + `
	Port int    ` + "`json:\"port\"`" + `
}
`

// TestNodeTextInlinesShortChildren: a node's own text shows its short
// children (fields with their comments and tags) as written, marks its
// long ones, and starts with its first line's indentation, so that it
// can be the old text of an edit.
func TestNodeTextInlinesShortChildren(t *testing.T) {
	e := newTestIndex(t, map[string]string{"config.py": configPy, "cfg/options.go": tagsGo})
	nr, err := e.Nodes(NodesRequest{IDs: []string{"config.py#Config", "cfg/options.go#Options", "config.py#Config.load"}})
	if err != nil {
		t.Fatal(err)
	}
	cls := nr.Nodes[0].Content
	if !strings.Contains(cls, "    # The address to listen on.\n    addr: str = \"127.0.0.1\"\n    port: int = 8080") {
		t.Errorf("class text should show its short fields as written:\n%s", cls)
	}
	if !strings.Contains(cls, "\n    … method \"load\"") || strings.Contains(cls, "partition") {
		t.Errorf("class text should mark its long method:\n%s", cls)
	}
	if st := nr.Nodes[1].Content; !strings.Contains(st, "\t// Addr is the address to listen on.\n\tAddr string `json:\"addr\" yaml:\"addr\"`") || strings.Contains(st, "…") {
		t.Errorf("struct text should show its fields, comments and tags:\n%s", st)
	}
	load := nr.Nodes[2].Content
	if !strings.HasPrefix(load, "    def load(self, path):") || !strings.Contains(configPy, load) {
		t.Errorf("a method's text should be the file's, indentation included:\n%q", load)
	}
}

// TestNodeLines: a lines range reads that part of a node as written,
// children included, clipped to the node; a range outside it is an error
// that says the node's lines.
func TestNodeLines(t *testing.T) {
	e := newTestIndex(t, map[string]string{"config.py": configPy})
	r, err := ParseLineRange("13-15")
	if err != nil {
		t.Fatal(err)
	}
	nr, err := e.Nodes(NodesRequest{IDs: []string{"config.py#Config"}, Lines: r})
	if err != nil {
		t.Fatal(err)
	}
	want := "        with open(path) as f:\n            for line in f:\n                key, _, value = line.partition(\"=\")"
	if n := nr.Nodes[0]; n.Content != want || n.Lines != "13-15" {
		t.Errorf("lines 13-15: %q (%s), want %q", n.Content, n.Lines, want)
	}
	r, _ = ParseLineRange("15-")
	nr, err = e.Nodes(NodesRequest{IDs: []string{"config.py#Config.load"}, Lines: r})
	if err != nil {
		t.Fatal(err)
	}
	if n := nr.Nodes[0]; n.Lines != "15-17" || !strings.HasSuffix(n.Content, "        return self") {
		t.Errorf("lines 15-: %q (%s)", n.Content, n.Lines)
	}
	r, _ = ParseLineRange("1-2")
	if _, err := e.Nodes(NodesRequest{IDs: []string{"config.py#Config.load"}, Lines: r}); err == nil || !strings.Contains(err.Error(), "runs from line 11 to 17") {
		t.Errorf("a range outside the node: %v", err)
	}
	for _, bad := range []string{"x", "0-3", "5-2", "-4"} {
		if _, err := ParseLineRange(bad); err == nil {
			t.Errorf("ParseLineRange(%q) took it", bad)
		}
	}
}

// TestSymbolConstraint: find_symbol says the build condition a symbol
// exists under, a method its type's.
func TestSymbolConstraint(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"fd/fd_linux.go":   "package fd\n\ntype FD struct{ n int }\n\nfunc (f *FD) Close() error { return nil }\n",
		"fd/fd_windows.go": "package fd\n\ntype FD struct{ h uintptr }\n\nfunc (f *FD) Close() error { return nil }\n",
		"fd/fd.go":         "package fd\n\nfunc Open() *FD { return nil }\n",
	})
	for q, want := range map[string]string{"FD.Close": "fd/fd_linux.go=linux fd/fd_windows.go=windows", "Open": "fd/fd.go="} {
		r, err := ix.Symbols(SymbolRequest{Query: q})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, s := range r.Symbols {
			got = append(got, s.Path+"="+s.Constraint)
		}
		sort.Strings(got)
		if g := strings.Join(got, " "); g != want {
			t.Errorf("%s: %s, want %s", q, g, want)
		}
	}
}
