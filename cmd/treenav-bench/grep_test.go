package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGrepMatchesRipgrep: over the files treenav indexes, grep finds the
// same (path, line) set as ripgrep for every pattern of the bench, case-
// sensitive, -i and -w, on a part of Go's and of Python's standard
// library small enough for CI (the bench runs the whole of each).
func TestGrepMatchesRipgrep(t *testing.T) {
	if _, err := exec.LookPath("rg"); err != nil {
		t.Skip("rg (ripgrep) is not installed: apt-get install ripgrep")
	}
	var corpora []string
	if goroot, err := exec.Command("go", "env", "GOROOT").Output(); err == nil {
		corpora = append(corpora, filepath.Join(strings.TrimSpace(string(goroot)), "src", "net"))
	}
	if py, err := exec.Command("python3", "-c", `import sysconfig; print(sysconfig.get_paths()["stdlib"])`).Output(); err == nil {
		corpora = append(corpora, filepath.Join(strings.TrimSpace(string(py)), "email"))
	}
	ran := 0
	for _, dir := range corpora {
		if _, err := os.Stat(dir); err != nil {
			t.Logf("%s: %v; skipped", dir, err)
			continue
		}
		e, err := engineFor(dir)
		if err != nil {
			t.Fatal(err)
		}
		if err := e.Build(); err != nil {
			t.Fatal(err)
		}
		files, err := indexedFiles(e)
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: %d files, %v", dir, len(files), err)
		}
		root := e.Collections()[0].Root
		matched := 0
		for _, p := range grepPatterns {
			for _, m := range grepModes {
				row, err := compareGrep(e, root, files, p, m, 0)
				if err != nil {
					t.Fatal(err)
				}
				if !row.Same {
					t.Errorf("%s: %q (regex %v) %s: %s", filepath.Base(dir), p.Pattern, p.Regex, m.Name, strings.Join(row.Diff, "; "))
				}
				if row.Lines > 0 {
					matched++
				}
				ran++
			}
		}
		if matched < 30 {
			t.Errorf("%s: only %d pattern runs matched anything: the comparison says little", dir, matched)
		}
	}
	if ran == 0 {
		t.Skip("neither Go's nor Python's standard library is here")
	}
}
