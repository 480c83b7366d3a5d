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

// TestOutlineMarkdown: outline shows a docs folder's heading tree: each
// heading an entry of kind section named by its text, nested as in the
// document, with its lines and the words of its own text; code blocks and
// their symbols stay out.
func TestOutlineMarkdown(t *testing.T) {
	root := t.TempDir()
	doc := "---\ntitle: Guide\n---\n# Guide\n\nIntro.\n\n## Install *it*\n\n```go\nfunc Main() {}\n```\n\n### From `source`\n\ntext\n\n## Usage\n"
	if err := os.MkdirAll(filepath.Join(root, "docs"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "docs", "guide.md"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := (&cli{stdout: &out, stderr: &errOut}).main([]string{"outline", "--root", root, "--format", "json"}); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var res treenav.OutlineResponse
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Files) != 1 || res.Files[0].Path != "docs/guide.md" || res.Files[0].Language != "markdown" {
		t.Fatalf("files %+v", res.Files)
	}
	var got []string
	var walk func(syms []treenav.OutlineSymbol, depth int)
	walk = func(syms []treenav.OutlineSymbol, depth int) {
		for _, s := range syms {
			got = append(got, strings.Repeat("  ", depth)+string(s.Kind)+" "+s.Name+" "+s.QualifiedName+" "+strconv.Itoa(s.LineStart)+"-"+strconv.Itoa(s.LineEnd)+" "+strconv.Itoa(s.WordCount))
			walk(s.Children, depth+1)
		}
	}
	walk(res.Files[0].Symbols, 0)
	want := []string{
		"section Guide guide 4-18 1",
		"  section Install it guide/install-it 8-17 2",
		"    section From source guide/install-it/from-source 14-17 1",
		"  section Usage guide/usage 18-18 0",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("outline\n got %q\nwant %q", got, want)
	}

	out.Reset()
	if code := (&cli{stdout: &out, stderr: &errOut}).main([]string{"outline", "--root", root, "--format", "markdown"}); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if !strings.Contains(out.String(), "    - section **From source** (L14-17, 1 word)\n") || !strings.Contains(out.String(), "  - section **Install it** (L8-17, 2 words)\n") {
		t.Errorf("markdown outline:\n%s", out.String())
	}
}
