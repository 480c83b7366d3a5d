package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/treenav/treenav"
)

// TestOutlineProse: outline lists reStructuredText and AsciiDoc sections
// as it lists markdown's (the object directives of rst too), and a .txt
// file is outlined only when it is reStructuredText by its content.
func TestOutlineProse(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"docs/guide.rst":      "=====\nGuide\n=====\n\nIntro.\n\nInstall\n=======\n\n.. setting:: CACHE_DIR\n\n   Where the cache lives.\n\nUsage\n=====\n\n.. code-block:: go\n\n   func Main() {}\n",
		"docs/api.adoc":       "= API\n:keywords: api\n\n== Endpoints\n\ntext\n\n----\n== not a title\n----\n\n=== Users\n\nmore\n",
		"docs/notes.txt":      "Notes\n=====\n\nJust text, no markup.\n",
		"docs/sphinx.rst.txt": "Sphinx page\n===========\n\n.. note:: a note\n",
	}
	for rel, src := range files {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var out, errOut bytes.Buffer
	if code := (&cli{stdout: &out, stderr: &errOut}).main([]string{"outline", "--root", root, "--format", "json"}); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var res treenav.OutlineResponse
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatal(err)
	}
	var got []string
	var walk func(syms []treenav.OutlineSymbol, depth int)
	walk = func(syms []treenav.OutlineSymbol, depth int) {
		for _, s := range syms {
			got = append(got, strings.Repeat("  ", depth)+string(s.Kind)+" "+s.Name+" "+s.QualifiedName+" "+strconv.Itoa(s.LineStart)+"-"+strconv.Itoa(s.LineEnd))
			walk(s.Children, depth+1)
		}
	}
	for _, f := range res.Files {
		got = append(got, f.Path+" "+f.Language)
		walk(f.Symbols, 1)
	}
	want := []string{
		"docs/api.adoc asciidoc",
		"  section API api 1-14",
		"    section Endpoints api/endpoints 4-14",
		"      section Users api/endpoints/users 12-14",
		"docs/guide.rst rst",
		"  section Guide guide 1-19",
		"    section Install guide/install 7-13",
		"      section CACHE_DIR guide/install/cache_dir 10-12",
		"    section Usage guide/usage 14-19",
		"docs/sphinx.rst.txt rst",
		"  section Sphinx page sphinx-page 1-4",
		"    section note sphinx-page/note 4-4",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("outline\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
