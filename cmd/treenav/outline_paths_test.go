package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/treenav/treenav"
)

// outlineTree writes a root with one Python file, a directory holding
// only a text file and an empty directory.
func outlineTree(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	for _, d := range []string{"txt", "empty"} {
		if err := os.Mkdir(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, text := range map[string]string{
		"a.py":          "class A:\n    def f(self):\n        pass\n",
		"txt/notes.txt": "hello\n",
	} {
		if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// stderrLines splits stderr into its lines.
func stderrLines(s string) []string {
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// TestOutlineMissingPaths: a PATH that does not exist (a file that `git
// diff --name-only` lists because it was deleted) or holds no supported
// file is named on stderr, one line each, and left out; the other PATHs
// are still outlined, in every format, and the exit status is 0. Only
// when nothing could be outlined does the command fail.
func TestOutlineMissingPaths(t *testing.T) {
	root := outlineTree(t)
	wantErrs := []string{
		"treenav outline: missing.py: no such file or directory",
		"treenav outline: txt: no supported file (skipped: unsupported=1)",
	}
	for _, format := range []string{"json", "markdown", "ctags"} {
		code, out, errs := run(t, "outline", "--root", root, "--format", format, "a.py", "missing.py", "txt")
		if code != 0 || !strings.Contains(out, "a.py") || strings.Contains(out, "missing") || strings.Contains(out, "notes") {
			t.Fatalf("%s: exit %d, stdout %q, stderr %q; want 0 and a.py's outline alone", format, code, out, errs)
		}
		if got := stderrLines(errs); !reflect.DeepEqual(got, wantErrs) {
			t.Errorf("%s: stderr\n got %q\nwant %q", format, got, wantErrs)
		}
		if format == "json" {
			var res treenav.OutlineResponse
			if err := json.Unmarshal([]byte(out), &res); err != nil {
				t.Fatalf("json: %v\n%s", err, out)
			}
			if len(res.Files) != 1 || res.Files[0].Path != "a.py" || len(res.Files[0].Symbols) != 1 {
				t.Errorf("json: files %+v", res.Files)
			}
		}
	}

	// A file PATH of no supported language is named with the reason.
	code, out, errs := run(t, "outline", "--root", root, "--format", "ctags", "txt/notes.txt", "a.py")
	if code != 0 || !strings.Contains(out, "\ta.py\t") {
		t.Errorf("notes.txt, a.py: exit %d, stdout %q", code, out)
	}
	if want := []string{"treenav outline: txt/notes.txt: skipped: unsupported"}; !reflect.DeepEqual(stderrLines(errs), want) {
		t.Errorf("notes.txt, a.py: stderr %q, want %q", errs, want)
	}

	// So is a file over the size limit.
	code, _, errs = run(t, "outline", "--root", root, "--max-file-size", "5", "a.py")
	if want := "treenav outline: a.py: skipped: too_large (over 5 bytes, see --max-file-size)\ntreenav outline: no file could be outlined\n"; code != 1 || errs != want {
		t.Errorf("too large: exit %d, stderr %q, want 1 and %q", code, errs, want)
	}

	// Nothing to outline: exit 1, nothing on stdout, each PATH named.
	for _, format := range []string{"json", "markdown", "ctags"} {
		code, out, errs := run(t, "outline", "--root", root, "--format", format, "missing.py", "gone/b.go", "txt", "empty")
		want := []string{
			"treenav outline: missing.py: no such file or directory",
			"treenav outline: gone/b.go: no such file or directory",
			"treenav outline: txt: no supported file (skipped: unsupported=1)",
			"treenav outline: empty: no supported file",
			"treenav outline: no file could be outlined",
		}
		if code != 1 || out != "" || !reflect.DeepEqual(stderrLines(errs), want) {
			t.Errorf("%s, nothing to outline: exit %d, stdout %q, stderr\n got %q\nwant %q", format, code, out, stderrLines(errs), want)
		}
	}

	// A root with no supported file and no PATH has an empty outline
	// (exit 0), and stderr says why it is empty.
	code, out, errs = run(t, "outline", "--root", filepath.Join(root, "txt"))
	var res treenav.OutlineResponse
	if err := json.Unmarshal([]byte(out), &res); code != 0 || err != nil || len(res.Files) != 0 {
		t.Errorf("empty root: exit %d, %v, stdout %q", code, err, out)
	}
	if want := "treenav outline: no supported file under " + filepath.Join(root, "txt") + " (skipped: unsupported=1)\n"; errs != want {
		t.Errorf("empty root: stderr %q, want %q", errs, want)
	}
}
