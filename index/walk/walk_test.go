package walk

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// tree writes files (relative path → content) under a new temporary
// directory and returns it. A ".git" directory entry ("x/.git/") makes an
// empty git directory.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for rel, content := range files {
		if strings.HasSuffix(rel, "/") {
			if err := os.MkdirAll(filepath.Join(root, rel), 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		writeFile(t, root, rel, content)
	}
	return root
}

func rels(res *Result) []string {
	var out []string
	for _, f := range res.Files {
		out = append(out, f.Rel)
	}
	return out
}

func mustWalk(t *testing.T, root string, opts Options) *Result {
	t.Helper()
	res, err := Walk(root, opts)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestWalkPrecedenceOfIgnoreFiles(t *testing.T) {
	root := tree(t, map[string]string{
		".git/":          "",
		".gitignore":     "gen/\n*.log\nsecret.txt\n",
		".ignore":        "!gen/\nnotes/\n",
		".treenavignore": "!vendor/\nnotes/keep.md\ngen/big.go\n",
		"gen/a.go":       "",
		"gen/big.go":     "",
		"a.log":          "",
		"sub/.gitignore": "!*.log\n",
		"sub/b.log":      "",
		"sub/.ignore":    "*.log\n",
		"notes/x.md":     "",
		"vendor/v.go":    "",
		"secret.txt":     "",
		"main.go":        "",
	})
	res := mustWalk(t, root, Options{})
	want := []string{".gitignore", ".ignore", ".treenavignore", "gen/a.go", "main.go", "sub/.gitignore", "sub/.ignore", "vendor/v.go"}
	// gen/ is re-included by .ignore over .gitignore; gen/big.go ignored by
	// .treenavignore; sub/b.log re-included by sub/.gitignore but ignored
	// again by sub/.ignore, which outranks any .gitignore; vendor/ is a
	// default exclude re-included by .treenavignore.
	if got := rels(res); !slices.Equal(got, want) {
		t.Errorf("files = %q\nwant    %q", got, want)
	}
	wantSkipped := map[string]int{SkipIgnored: 4} // gen/big.go, a.log, sub/b.log, secret.txt
	if !reflect.DeepEqual(res.Skipped, wantSkipped) {
		t.Errorf("Skipped = %v, want %v", res.Skipped, wantSkipped)
	}
	wantDirs := map[string]int{SkipIgnored: 1, SkipDefault: 1} // notes/, .git/
	if !reflect.DeepEqual(res.SkippedDirs, wantDirs) {
		t.Errorf("SkippedDirs = %v, want %v", res.SkippedDirs, wantDirs)
	}
}

func TestWalkDefaultExcludes(t *testing.T) {
	files := map[string]string{
		"node_modules/x/index.js":      "",
		"web/node_modules/y.js":        "",
		"vendor/golang.org/x/a.go":     "",
		"pkg/__pycache__/m.pyc":        "",
		"app.egg-info/PKG-INFO":        "",
		".venv/lib/site.py":            "",
		"env/pyvenv.cfg":               "home = /usr/bin\n",
		"env/lib/os.py":                "",
		"Lib/venv/__init__.py":         "",
		"src/go/build/build.go":        "",
		"crates/x/target/CACHEDIR.TAG": cacheDirSignature + "\n# cargo\n",
		"crates/x/target/debug/out.rs": "",
		"notcache/CACHEDIR.TAG":        "something else\n",
		"notcache/kept.go":             "",
		"build/script.sh":              "",
		"dist/bundle.js":               "",
		"docs/build/conf.py":           "",
		"coverage/coverage.py":         "",
		"bin/tool":                     "",
		"main.go":                      "",
	}
	kept := []string{"Lib/venv/__init__.py", "bin/tool", "coverage/coverage.py", "docs/build/conf.py", "main.go",
		"notcache/CACHEDIR.TAG", "notcache/kept.go", "src/go/build/build.go"}

	t.Run("outside git", func(t *testing.T) {
		res := mustWalk(t, tree(t, files), Options{})
		// Build outputs at the root are skipped outside a repository.
		if got := rels(res); !slices.Equal(got, kept) {
			t.Errorf("files = %q\nwant    %q", got, kept)
		}
		if n := res.SkippedDirs[SkipDefault]; n != 10 {
			t.Errorf("SkippedDirs[default] = %d, want 10 (%v)", n, res.SkippedDirs)
		}
	})
	t.Run("inside git", func(t *testing.T) {
		files := maps(files, map[string]string{".git/": ""})
		res := mustWalk(t, tree(t, files), Options{})
		// A repository's .gitignore decides about build/ and dist/.
		want := append([]string{"build/script.sh"}, kept...)
		want = append(want, "dist/bundle.js")
		slices.Sort(want)
		if got := rels(res); !slices.Equal(got, want) {
			t.Errorf("files = %q\nwant    %q", got, want)
		}
	})
	t.Run("no default excludes", func(t *testing.T) {
		files := maps(files, map[string]string{".git/": "", ".git/config": "", "sub/.git": "gitdir: ../.git/modules/sub\n"})
		res := mustWalk(t, tree(t, files), Options{NoDefaultExcludes: true})
		for _, f := range res.Files {
			if strings.HasPrefix(f.Rel, ".git/") || strings.HasSuffix(f.Rel, "/.git") {
				t.Errorf("version control metadata walked: %s", f.Rel)
			}
		}
		// All but the .git/ directory entry, .git/config and sub/.git.
		if got := len(res.Files); got != len(files)-3 {
			t.Errorf("got %d files, want %d: %q", got, len(files)-3, rels(res))
		}
	})
}

func maps(a, b map[string]string) map[string]string {
	m := map[string]string{}
	for k, v := range a {
		m[k] = v
	}
	for k, v := range b {
		m[k] = v
	}
	return m
}

func TestWalkNestedRepository(t *testing.T) {
	root := tree(t, map[string]string{
		".git/":                 "",
		".gitignore":            "*.txt\n",
		".ignore":               "*.tmp\n",
		"a.txt":                 "",
		"lib/.git/info/exclude": "*.md\n",
		"lib/b.txt":             "",
		"lib/c.md":              "",
		"lib/d.tmp":             "",
		"lib/e.go":              "",
		"plain/f.txt":           "",
	})
	res := mustWalk(t, root, Options{})
	// In lib/, a repository of its own, the outer .gitignore no longer
	// applies but lib's info/exclude does; .ignore files still apply.
	want := []string{".gitignore", ".ignore", "lib/b.txt", "lib/e.go"}
	if got := rels(res); !slices.Equal(got, want) {
		t.Errorf("files = %q\nwant    %q", got, want)
	}
}

func TestWalkGlobsAndSize(t *testing.T) {
	root := tree(t, map[string]string{
		"a.go":              "package a\n",
		"big.go":            strings.Repeat("x", 100),
		"doc/x.md":          "",
		"doc/testdata/y.go": "",
		"testdata/z.go":     "",
		"internal/q/q.go":   "",
		"internal/q/q.txt":  "",
		"internal/q/gen.go": "",
	})
	res := mustWalk(t, root, Options{
		MaxFileSize: 50,
		Include:     []string{"**/*.go", "doc/**"},
		Exclude:     []string{"testdata", "internal/**/gen.go"},
	})
	want := []string{"a.go", "doc/x.md", "internal/q/q.go"}
	if got := rels(res); !slices.Equal(got, want) {
		t.Errorf("files = %q\nwant    %q", got, want)
	}
	wantSkipped := map[string]int{SkipExcluded: 2, SkipTooLarge: 1} // q.txt, gen.go; big.go
	if !reflect.DeepEqual(res.Skipped, wantSkipped) {
		t.Errorf("Skipped = %v, want %v", res.Skipped, wantSkipped)
	}
	if want := map[string]int{SkipExcluded: 2}; !reflect.DeepEqual(res.SkippedDirs, want) {
		t.Errorf("SkippedDirs = %v, want %v", res.SkippedDirs, want)
	}
	if len(res.TooLarge) != 1 || res.TooLarge[0].Rel != "big.go" || res.TooLarge[0].Size != 100 || res.TooLarge[0].ModTime == 0 {
		t.Errorf("TooLarge = %+v, want big.go with its size and time", res.TooLarge)
	}
	for _, bad := range []Options{{Include: []string{"[a-"}}, {Generated: []string{"[a-"}}} {
		if _, err := Walk(root, bad); err == nil {
			t.Errorf("bad glob accepted: %+v", bad)
		}
	}
}

func TestWalkSingleFileAndSub(t *testing.T) {
	root := tree(t, map[string]string{
		".gitignore": "out/\n",
		"a/b/c.go":   "",
		"a/b/d.go":   "",
		"a/e.go":     "",
		"a/out/f.go": "",
	})
	res := mustWalk(t, filepath.Join(root, "a", "e.go"), Options{})
	if got := rels(res); !slices.Equal(got, []string{"e.go"}) {
		t.Errorf("single file: %q", got)
	}
	w, err := New(root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	sub, err := w.Walk("a/b")
	if err != nil {
		t.Fatal(err)
	}
	if got := rels(sub); !slices.Equal(got, []string{"a/b/c.go", "a/b/d.go"}) {
		t.Errorf("Walk(a/b) = %q", got)
	}
	ign, err := w.Walk("a/out")
	if err != nil {
		t.Fatal(err)
	}
	if len(ign.Files) != 0 || ign.SkippedDirs[SkipIgnored] != 1 {
		t.Errorf("Walk of an ignored directory = %q, %v", rels(ign), ign.SkippedDirs)
	}
}

func TestReasonCheckAndInvalidate(t *testing.T) {
	root := tree(t, map[string]string{
		".gitignore":          "logs/\n",
		"logs/a.go":           "",
		"src/x.go":            "package x\n",
		"src/big.go":          strings.Repeat("x", 200),
		"node_modules/m/i.js": "",
		"venv2/pyvenv.cfg":    "",
	})
	w, err := New(root, Options{MaxFileSize: 100, Exclude: []string{"*.gen.go"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		rel   string
		isDir bool
		want  string
	}{
		{"src/x.go", false, ""},
		{"src", true, ""},
		{"logs", true, SkipIgnored},
		{"logs/a.go", false, SkipIgnored},
		{"logs/deep/new.go", false, SkipIgnored}, // need not exist
		{"node_modules/m/i.js", false, SkipDefault},
		{"venv2/lib/os.py", false, SkipDefault},
		{".git/config", false, SkipDefault},
		{"src/y.gen.go", false, SkipExcluded},
		{"./src//x.go", false, ""},
		{"", true, ""},
	} {
		if got := w.Reason(tt.rel, tt.isDir); got != tt.want {
			t.Errorf("Reason(%q, %v) = %q, want %q", tt.rel, tt.isDir, got, tt.want)
		}
	}

	f, reason, err := w.Check("src/x.go")
	if err != nil || reason != "" || f.Rel != "src/x.go" || f.Size != 10 || f.Abs != filepath.Join(root, "src", "x.go") {
		t.Errorf("Check(src/x.go) = %+v, %q, %v", f, reason, err)
	}
	if f, reason, err := w.Check("src/big.go"); err != nil || reason != SkipTooLarge || f.Rel != "src/big.go" || f.Size <= 100 {
		t.Errorf("Check(src/big.go) = %+v, %q, %v; want too_large, with the file", f, reason, err)
	}
	if _, _, err := w.Check("src/gone.go"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Check of a missing file: err = %v", err)
	}

	// A watcher sees src/.gitignore appear: until Invalidate the walker
	// keeps what it read; then it obeys the new file.
	writeFile(t, root, "src/.gitignore", "x.go\n")
	if w.Ignored("src/x.go", false) {
		t.Error("rules re-read without Invalidate")
	}
	dir, ok := RulesChanged("src/.gitignore")
	if !ok || dir != "src" {
		t.Fatalf("RulesChanged(src/.gitignore) = %q, %v", dir, ok)
	}
	w.Invalidate(dir)
	if !w.Ignored("src/x.go", false) {
		t.Error("new src/.gitignore not obeyed after Invalidate")
	}
	if _, ok := RulesChanged("src/x.go"); ok {
		t.Error("RulesChanged(src/x.go) = true")
	}
	if dir, ok := RulesChanged(".treenavignore"); !ok || dir != "" {
		t.Errorf("RulesChanged(.treenavignore) = %q, %v", dir, ok)
	}
}

func TestWalkFromSubdirectoryOfRepository(t *testing.T) {
	repo := tree(t, map[string]string{
		".git/info/exclude": "*.secret\n",
		".gitignore":        "docs/_site/\n*.log\n",
		".ignore":           "docs/drafts/\n",
		"docs/a.md":         "",
		"docs/b.log":        "",
		"docs/c.secret":     "",
		"docs/_site/i.html": "",
		"docs/drafts/d.md":  "",
	})
	res := mustWalk(t, filepath.Join(repo, "docs"), Options{})
	if got := rels(res); !slices.Equal(got, []string{"a.md"}) {
		t.Errorf("files = %q, want [a.md]", got)
	}
}

// TestWalkKeep: files Keep refuses are counted as unsupported and not
// examined (a file too large for the limit is not reported as such);
// excluded files are still counted as excluded.
func TestWalkKeep(t *testing.T) {
	root := tree(t, map[string]string{
		"a.go":        "package a\n",
		"notes.txt":   strings.Repeat("x", 100), // too large, but refused first
		"b/c.go":      "package c\n",
		"b/d.bin":     "",
		"skip/e.go":   "",
		"skip/f.data": "",
	})
	var asked []string
	res := mustWalk(t, root, Options{
		MaxFileSize: 50,
		Exclude:     []string{"skip"},
		Keep: func(rel string) bool {
			asked = append(asked, rel)
			return strings.HasSuffix(rel, ".go")
		},
	})
	if got, want := rels(res), []string{"a.go", "b/c.go"}; !slices.Equal(got, want) {
		t.Errorf("files = %q, want %q", got, want)
	}
	if want := map[string]int{SkipUnsupported: 2}; !reflect.DeepEqual(res.Skipped, want) {
		t.Errorf("Skipped = %v, want %v", res.Skipped, want)
	}
	slices.Sort(asked)
	if want := []string{"a.go", "b/c.go", "b/d.bin", "notes.txt"}; !slices.Equal(asked, want) {
		t.Errorf("Keep asked about %q, want %q (not about excluded files)", asked, want)
	}
}
