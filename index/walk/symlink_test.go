package walk

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("cannot make symbolic links here: %v", err)
	}
}

func TestWalkSymlinks(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	outside := tree(t, map[string]string{"secret.go": "", "d/x.go": ""})
	root := tree(t, map[string]string{
		".gitignore":        "build/\n",
		"src/a.go":          "",
		"build/api/gen.go":  "",
		"build/api/more.go": "",
		"build/other/o.go":  "",
		"notes/n.md":        "",
	})
	// Leaving the root: never.
	symlink(t, filepath.Join(outside, "secret.go"), filepath.Join(root, "out-file.go"))
	symlink(t, filepath.Join(outside, "d"), filepath.Join(root, "out-dir"))
	symlink(t, "../../../../../../../../../../etc", filepath.Join(root, "src", "etc"))
	// Loops and dangling links.
	symlink(t, ".", filepath.Join(root, "self"))
	symlink(t, "..", filepath.Join(root, "src", "up"))
	symlink(t, "loop-b", filepath.Join(root, "loop-a"))
	symlink(t, "loop-a", filepath.Join(root, "loop-b"))
	symlink(t, "missing.go", filepath.Join(root, "dangling.go"))
	// Inside the root, to something indexed anyway: skipped as duplicates.
	symlink(t, "src/a.go", filepath.Join(root, "alias.go"))
	symlink(t, "src", filepath.Join(root, "src-alias"))
	// Inside the root, to an ignored directory: followed once, under the
	// link's path; a second link to the same place and a link back up
	// inside it are not.
	symlink(t, "../build/api", filepath.Join(root, "docs", "api"))
	symlink(t, "../build/api", filepath.Join(root, "docs", "api2"))
	symlink(t, "..", filepath.Join(root, "build", "api", "parent"))
	symlink(t, "../notes/n.md", filepath.Join(root, "build", "api", "n.md"))

	w, err := New(root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := w.Walk("")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{".gitignore", "docs/api/gen.go", "docs/api/more.go", "docs/api/parent/other/o.go", "notes/n.md", "src/a.go"}
	if got := rels(res); !slices.Equal(got, want) {
		t.Errorf("files = %q\nwant    %q", got, want)
	}
	// out-file.go, out-dir, src/etc, self, src/up, loop-a, loop-b,
	// dangling.go, alias.go, src-alias, docs/api/n.md (duplicate of
	// notes/n.md); docs/api2 and docs/api/parent/api (already entered)
	// count as directories.
	if n := res.Skipped[SkipSymlink]; n != 11 {
		t.Errorf("Skipped[symlink] = %d, want 11 (%v)", n, res.Skipped)
	}
	if n := res.SkippedDirs[SkipSymlink]; n != 2 {
		t.Errorf("SkippedDirs[symlink] = %d, want 2 (%v)", n, res.SkippedDirs)
	}
	for _, f := range res.Files {
		if f.Rel == "docs/api/gen.go" && f.Abs != filepath.Join(root, "docs", "api", "gen.go") {
			t.Errorf("Abs of a file under a followed link = %s", f.Abs)
		}
	}
	if _, reason, err := w.Check("out-file.go"); err != nil || reason != SkipSymlink {
		t.Errorf("Check(out-file.go) = %q, %v; want symlink", reason, err)
	}
}

// TestWalkRootBehindSymlink checks that a root reached through a link is
// walked, and that links inside it pointing into it by its real path are
// judged inside.
func TestWalkRootBehindSymlink(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	real := tree(t, map[string]string{"a.go": "", ".gitignore": "gen/\n", "gen/g.go": ""})
	symlink(t, filepath.Join(real, "gen"), filepath.Join(real, "g"))
	link := filepath.Join(t.TempDir(), "root")
	symlink(t, real, link)
	res := mustWalk(t, link, Options{})
	want := []string{".gitignore", "a.go", "g/g.go"}
	if got := rels(res); !slices.Equal(got, want) {
		t.Errorf("files = %q, want %q", got, want)
	}
}

// TestWalkSymlinksDeterministic checks that when several links lead into
// the same ignored directory, the one walked is the first in path order,
// whatever the scheduling of the concurrent walk.
func TestWalkSymlinksDeterministic(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	files := map[string]string{".gitignore": "/gen/\n", "gen/g.go": ""}
	for _, d := range []string{"a", "b", "c", "d", "e", "f"} {
		for _, sub := range []string{"1", "2", "3"} {
			files[d+"/"+sub+"/f.go"] = ""
		}
	}
	root := tree(t, files)
	for _, l := range []string{"f/3/gen", "c/2/gen", "e/gen", "b/1/gen"} {
		symlink(t, strings.Repeat("../", strings.Count(l, "/"))+"gen", filepath.Join(root, l))
	}
	for range 10 {
		res := mustWalk(t, root, Options{})
		var linked []string
		for _, f := range res.Files {
			if strings.HasSuffix(f.Rel, "gen/g.go") {
				linked = append(linked, f.Rel)
			}
		}
		if !slices.Equal(linked, []string{"b/1/gen/g.go"}) {
			t.Fatalf("walked through %q, want only b/1/gen", linked)
		}
		if n := res.SkippedDirs[SkipSymlink]; n != 3 {
			t.Fatalf("SkippedDirs[symlink] = %d, want 3", n)
		}
	}
}
