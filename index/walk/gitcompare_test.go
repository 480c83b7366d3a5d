package walk

import (
	"bytes"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// The tests in this file compare the walker's reading of .gitignore files
// with git itself on fixtures built at test time: the files a walk keeps
// must be exactly `git ls-files --others --exclude-standard`, and the files
// Ignored reports must be exactly `git ls-files --others --ignored
// --exclude-standard`. Default excludes are turned off (git does not know
// them) and the fixtures have no .ignore or .treenavignore files.

// gitFixtureIgnores are the ignore files of the hand-written fixture: each
// line exercises a rule of gitignore(5).
var gitFixtureIgnores = map[string]string{
	".gitignore": strings.Join([]string{
		"# a comment, then a blank line",
		"",
		`\#hash.txt`,
		`\!bang.txt`,
		"*.log",
		"!important.log",
		"/anchored.txt",
		"build/",
		"docs/**/*.tmp",
		"**/cache",
		"trailing.txt   ",
		`escaped\ `,
		"tab.txt\t",
		"*.o",
		"!keep/*.o",
		"logs/*",
		"!logs/keep/",
		"logs/keep/*",
		"!logs/keep/this.txt",
		"foo/**",
		"!foo/re.txt",
		"deep/**/z",
		"a?c.txt",
		"[abc]x.txt",
		"[!d]y.txt",
		"[[:digit:]]num.txt",
		"[]]bracket.txt",
		"ignored-dir/",
		"!ignored-dir/reincluded.txt",
		"!ignored-dir/",
		"*.bak",
		"/sub/only-here.txt",
		"name-everywhere",
		"dironly/",
		"star*/mid.txt",
		"**/twostar",
		"twotail/**",
		"a**b.txt",
		"back\\slash.txt",
		"bad[class.txt",
		"[z-a]rev.txt",
		"",
	}, "\n"),
	"sub/.gitignore": strings.Join([]string{
		"!*.log",
		"/local.txt",
		"nested/",
		"*.txt",
		"!keep.txt",
		"!/only-here.txt",
		"",
	}, "\n"),
	"sub/deeper/.gitignore": "!*.txt\nx/y/\n/abs/\n",
	"wl/.gitignore":         "*\n!*/\n!*.go\n",
	"crlf/.gitignore":       "a.txt\r\nb.txt \r\n",
	"bom/.gitignore":        "\xef\xbb\xbfbom.txt\n",
	"neg-only/.gitignore":   "!x.txt\n!\n/\n",
}

var gitFixtureFiles = []string{
	"#hash.txt", "!bang.txt", "plain.txt",
	"a.log", "sub/b.log", "important.log", "sub/deeper/c.log",
	"anchored.txt", "sub/anchored.txt",
	"build/out.txt", "src/build/x.go", "build.txt",
	"docs/a.tmp", "docs/x/y/b.tmp", "docs/a.md",
	"cache/x", "src/cache/y", "src/cachefile",
	"trailing.txt", "trailing.txt  x", "escaped ", "escaped", "tab.txt", "tab.txt\t",
	"a.o", "keep/b.o", "keep/deeper/c.o",
	"logs/a.txt", "logs/keep/this.txt", "logs/keep/that.txt",
	"foo/a.txt", "foo/re.txt", "foo/sub/re.txt",
	"deep/z", "deep/1/z", "deep/1/2/z", "deep/1/2/zz",
	"abc.txt", "a/c.txt", "axc.txt",
	"ax.txt", "dx.txt", "ay.txt", "dy.txt", "1num.txt", "anum.txt", "]bracket.txt",
	"ignored-dir/a.txt", "ignored-dir/reincluded.txt",
	"x.bak", "sub/only-here.txt", "only-here.txt",
	"name-everywhere", "sub/name-everywhere", "sub/name-everywhere-not",
	"dironly", "sub/dironly/f.txt",
	"stara/mid.txt", "star/mid.txt", "stara/b/mid.txt",
	"twostar", "x/y/twostar", "x/twostar/inner.txt",
	"twotail/a", "twotail/b/c", "twotailx",
	"ab.txt", "axxb.txt", "a/b.txt", "ax/yb.txt",
	"backslash.txt", `back\slash.txt`,
	"bad[class.txt", "rev.txt", "zrev.txt",
	"sub/local.txt", "sub/x/local.txt", "sub/nested/n.go", "sub/a.txt", "sub/keep.txt", "sub/x.go",
	"sub/deeper/d.txt", "sub/deeper/x/y/f.go", "sub/deeper/q/x/y/g.go", "sub/deeper/abs/h.go", "sub/deeper/q/abs/i.go",
	"wl/a.go", "wl/b.txt", "wl/d/e.go", "wl/d/f.md",
	"crlf/a.txt", "crlf/b.txt", "crlf/c.txt",
	"bom/bom.txt", "bom/other.txt",
	"neg-only/x.txt", "neg-only/y.txt",
	"excluded-by-info.txt", "sub/excluded-by-info.txt",
	"name with spaces.txt", "ünïcödé.txt",
}

func TestGitIgnoreMatchesGitFixture(t *testing.T) {
	dir := newGitRepo(t)
	for rel, content := range gitFixtureIgnores {
		writeFile(t, dir, rel, content)
	}
	for _, rel := range gitFixtureFiles {
		writeFile(t, dir, rel, "x\n")
	}
	writeFile(t, dir, ".git/info/exclude", "excluded-by-info.txt\n")
	kept, ignored := compareWithGit(t, dir, dir)
	if kept < 40 || ignored < 40 {
		t.Errorf("fixture too small: git keeps %d files and ignores %d", kept, ignored)
	}
	// A collection rooted in a subdirectory of the repository still
	// obeys the .gitignore files above it and info/exclude.
	compareWithGit(t, dir, filepath.Join(dir, "sub"))
	compareWithGit(t, dir, filepath.Join(dir, "sub", "deeper"))
}

// TestGitIgnoreWorktree checks a linked worktree, whose .git is a file and
// whose info/exclude lives in the main repository.
func TestGitIgnoreWorktree(t *testing.T) {
	dir := newGitRepo(t)
	writeFile(t, dir, "README.md", "x\n")
	runGit(t, dir, "add", "README.md")
	runGit(t, dir, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "init")
	writeFile(t, dir, ".git/info/exclude", "*.secret\n")
	wt := filepath.Join(t.TempDir(), "wt")
	runGit(t, dir, "worktree", "add", "-q", wt)
	writeFile(t, wt, ".gitignore", "*.log\n")
	for _, rel := range []string{"a.secret", "b.log", "c.go", "d/e.secret"} {
		writeFile(t, wt, rel, "x\n")
	}
	kept, ignored := compareWithGit(t, wt, wt)
	if ignored != 3 || kept != 2 {
		t.Errorf("git keeps %d files and ignores %d, want 2 and 3", kept, ignored)
	}
}

// TestGitIgnoreMatchesGitRandom compares with git on random patterns and
// paths over a small alphabet, which reaches corners (stars next to
// slashes, classes, escapes, negations at several depths) that hand-written
// cases miss. The seed is fixed so that a failure reproduces.
func TestGitIgnoreMatchesGitRandom(t *testing.T) {
	seeds := uint64(4)
	if s := os.Getenv("TREENAV_GITIGNORE_SEEDS"); s != "" {
		fmt.Sscan(s, &seeds)
	}
	for seed := uint64(1); seed <= seeds; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 42))
			dir := newGitRepo(t)
			dirs := []string{"", "a", "b", "a/b", "a/b/c", "ab"}
			seen := map[string]bool{}
			for _, d := range dirs {
				seen[filepath.ToSlash(filepath.Join(d, ".gitignore"))] = true
				var lines []string
				for range 2 + rng.IntN(8) {
					lines = append(lines, randomPattern(rng))
				}
				writeFile(t, dir, filepath.Join(d, ".gitignore"), strings.Join(lines, "\n")+"\n")
				t.Logf("%s/.gitignore:\n%s", d, strings.Join(lines, "\n"))
			}
			for range 300 {
				p := randomPath(rng)
				if seen[p] || conflicts(seen, p) {
					continue
				}
				seen[p] = true
				writeFile(t, dir, p, "x\n")
			}
			compareWithGit(t, dir, dir)
		})
	}
}

func randomPattern(rng *rand.Rand) string {
	atoms := []string{"a", "b", "c", "ab", "*", "**", "?", "/", "[ab]", "[!a]", "[a-b]", `\a`, "x", "*.t", ".t"}
	var b strings.Builder
	if rng.IntN(4) == 0 {
		b.WriteString("!")
	}
	if rng.IntN(4) == 0 {
		b.WriteString("/")
	}
	for {
		for range 1 + rng.IntN(4) {
			b.WriteString(atoms[rng.IntN(len(atoms))])
		}
		// A pattern of stars and slashes alone ignores nearly everything.
		if strings.Trim(b.String(), "!/*") != "" {
			break
		}
	}
	if rng.IntN(4) == 0 {
		b.WriteString("/")
	}
	return b.String()
}

func randomPath(rng *rand.Rand) string {
	names := []string{"a", "b", "c", "ab", "x", "a.t", "b.t", "abc", "ba", "x.t"}
	var parts []string
	for range 1 + rng.IntN(4) {
		parts = append(parts, names[rng.IntN(len(names))])
	}
	return strings.Join(parts, "/")
}

// conflicts reports whether p cannot coexist with the files already made:
// a file cannot also be a directory.
func conflicts(seen map[string]bool, p string) bool {
	for q := range seen {
		if strings.HasPrefix(q, p+"/") || strings.HasPrefix(p, q+"/") {
			return true
		}
	}
	return false
}

// compareWithGit checks both sides for a walk of root, a directory of the
// repository dir: what the walk keeps and what Ignored reports, against
// git's lists of untracked files. It returns the sizes of git's lists.
func compareWithGit(t *testing.T, dir, root string) (kept, ignored int) {
	t.Helper()
	// Run in root, git lists paths relative to it, as the walk does.
	gitKept := gitList(t, root, "ls-files", "-z", "--others", "--exclude-standard")
	gitIgnored := gitList(t, root, "ls-files", "-z", "--others", "--ignored", "--exclude-standard")

	w, err := New(root, Options{NoDefaultExcludes: true})
	if err != nil {
		t.Fatal(err)
	}
	res, err := w.Walk("")
	if err != nil {
		t.Fatal(err)
	}
	// Tracked files are outside git's untracked lists (and outside
	// gitignore's reach): leave them out of the comparison.
	tracked := toSet(gitList(t, root, "ls-files", "-z"))
	var walked []string
	for _, f := range res.Files {
		if !tracked[f.Rel] {
			walked = append(walked, f.Rel)
		}
	}
	diffLists(t, root+": kept by walk", walked, gitKept)

	var reported []string
	for _, rel := range allFiles(t, root) {
		if !tracked[rel] && w.Ignored(rel, false) {
			reported = append(reported, rel)
		}
	}
	diffLists(t, root+": reported Ignored", reported, gitIgnored)
	t.Logf("%s: %d kept, %d ignored by git", root, len(gitKept), len(gitIgnored))
	return len(gitKept), len(gitIgnored)
}

func diffLists(t *testing.T, what string, got, want []string) {
	t.Helper()
	sort.Strings(got)
	sort.Strings(want)
	g, wnt := toSet(got), toSet(want)
	var extra, missing []string
	for _, p := range got {
		if !wnt[p] {
			extra = append(extra, p)
		}
	}
	for _, p := range want {
		if !g[p] {
			missing = append(missing, p)
		}
	}
	if len(extra)+len(missing) > 0 {
		t.Errorf("%s differs from git:\n  only treenav: %q\n  only git:     %q", what, extra, missing)
	}
}

// allFiles lists every file of dir but .git, without any rule.
func allFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Name() == ".git" {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// newGitRepo makes an empty repository in a temporary directory, with git
// isolated from the user's and the system's configuration (no global
// excludes file), or skips the test if git is not installed.
func newGitRepo(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not on PATH: cannot compare ignore rules with git")
	}
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", home)
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	t.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(home, "gitconfig"))
	dir := t.TempDir()
	runGit(t, dir, "init", "-q", ".")
	return dir
}

func runGit(t *testing.T, dir string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return out
}

func gitList(t *testing.T, dir string, args ...string) []string {
	t.Helper()
	var out []string
	for _, p := range strings.Split(string(runGit(t, dir, args...)), "\x00") {
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

func writeFile(t *testing.T, root, rel, content string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
