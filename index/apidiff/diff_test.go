package apidiff

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/treenav/treenav"
)

// gitRepo makes a repository in a temporary directory; each call of
// commit writes files (content "" deletes a file), and commits them.
type gitRepo struct {
	t   *testing.T
	dir string
}

func newGitRepo(t *testing.T) *gitRepo {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed: the API diff reads git revisions")
	}
	r := &gitRepo{t: t, dir: t.TempDir()}
	r.git("init", "-q", "-b", "main")
	return r
}

func (r *gitRepo) git(args ...string) string {
	r.t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = r.dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_NOSYSTEM=1", "HOME="+r.dir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		r.t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

func (r *gitRepo) write(files map[string]string) {
	r.t.Helper()
	for rel, src := range files {
		abs := filepath.Join(r.dir, rel)
		if src == "" {
			os.Remove(abs)
			continue
		}
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			r.t.Fatal(err)
		}
		if err := os.WriteFile(abs, []byte(src), 0o644); err != nil {
			r.t.Fatal(err)
		}
	}
}

func (r *gitRepo) commit(msg string, files map[string]string) {
	r.t.Helper()
	r.write(files)
	r.git("add", "-A")
	r.git("commit", "-q", "-m", msg)
}

// changeSet lists a report's changes as "change qualified_name path" lines,
// sorted, with old_path after an arrow when there is one.
func changeSet(r *treenav.ChangesResponse) []string {
	var out []string
	for _, c := range r.Changes {
		s := c.Change + " " + c.QualifiedName + " " + c.Path
		if c.OldPath != "" {
			s += " <- " + c.OldPath
		}
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

var baseFiles = map[string]string{
	"store/store.go": `package store

// Open opens a store.
func Open(name string) error { return nil }

// Close closes it.
func Close() {}

// Helper is used elsewhere.
func Helper() int { return 1 }

// Legacy is still there.
func Legacy() {}

func compute(x int) int { return x * 2 }

// Shape is a shape.
type Shape struct{ W int }

// Util moves to util.go.
func Util() {}
`,
	"store/util.go": "package store\n",
	"lib/names.py": `def greet(name):
    return "hi " + name


class Box:
    def put(self, item):
        pass
`,
	"lib/old_name.py": `def renamed_file_func(a):
    return a


def also_here():
    pass
`,
	"web/app.ts": `export function route(path: string): void {}

export class Server {
  listen(port: number): void {}
  private reset(): void {}
}
`,
	"web/legacy.js": "function handler(req) {\n  return req;\n}\n",
	"src/Main.java": `package demo;

public class Main {
    public void run(int times) {}
    public void stop() {}
}
`,
	"src/lib.rs":       "pub fn parse(input: &str) -> u32 {\n    0\n}\n",
	"native/util.c":    "int add(int a, int b) {\n    return a + b;\n}\n",
	"native/shape.cpp": "namespace geo {\nclass Circle {\npublic:\n    double area() const { return 0; }\n};\n}\n",
	"README.md":        "# Title\n\nText.\n",
}

// TestDiffChangeKinds drives every change kind through a real repository:
// a signature change in each core language, a removal, an addition, a
// kind change, a visibility change, a deprecation, a move, a renamed
// file and a body change, between two commits and against the work tree.
func TestDiffChangeKinds(t *testing.T) {
	r := newGitRepo(t)
	r.commit("base", baseFiles)
	r.git("tag", "v1")
	r.git("checkout", "-q", "-b", "feature")
	r.git("mv", "lib/old_name.py", "lib/new_name.py")
	r.commit("feature", map[string]string{
		"store/store.go": `package store

// Open opens a store.
func Open(name string, flag int) error { return nil }

// Helper is used elsewhere.
func Helper() int { return 2 }

// Legacy is still there.
//
// Deprecated: use Open.
func Legacy() {}

func compute(x int) int { return x * 2 }

// Shape is a shape.
type Shape interface{ Area() int }

// Sync is new.
func Sync() {}
`,
		"store/util.go": "package store\n\n// Util moved here.\nfunc Util() {}\n",
		"lib/names.py": `def greet(name, punctuation="!"):
    return "hi " + name


class Box:
    def put(self, item, *, force=False):
        pass
`,
		"lib/new_name.py": `def renamed_file_func(a):
    return a


def also_here():
    pass
`,
		"web/app.ts": `export function route(path: string, method: string): void {}

export class Server {
  listen(port: number): void {}
  reset(): void {}
}
`,
		"web/legacy.js": "function handler(req, res) {\n  return req;\n}\n",
		"src/Main.java": `package demo;

public class Main {
    public void run(int times, boolean dry) {}
    private void stop() {}
}
`,
		"src/lib.rs":       "pub fn parse(input: &str, strict: bool) -> u32 {\n    0\n}\n",
		"native/util.c":    "long add(long a, long b) {\n    return a + b;\n}\n",
		"native/shape.cpp": "namespace geo {\nclass Circle {\npublic:\n    double area(int precision) const { return 0; }\n};\n}\n",
		"README.md":        "# Title\n\nOther text.\n",
	})

	resp, err := Diff(Options{Root: r.dir, Base: "v1", Head: "feature", Bodies: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"added Sync store/store.go",
		"body_changed Helper store/store.go",
		"deprecated Legacy store/store.go",
		"kind_changed Shape store/store.go",
		"moved Util store/util.go <- store/store.go",
		"removed Close store/store.go",
		"signature_changed Box.put lib/names.py",
		"signature_changed geo.Circle.area native/shape.cpp",
		"signature_changed Main.run src/Main.java",
		"signature_changed Open store/store.go",
		"signature_changed Shape store/store.go",
		"signature_changed Server.reset web/app.ts",
		"signature_changed add native/util.c",
		"signature_changed greet lib/names.py",
		"signature_changed handler web/legacy.js",
		"signature_changed parse src/lib.rs",
		"signature_changed route web/app.ts",
		"visibility_changed Main.stop src/Main.java",
		"signature_changed Main.stop src/Main.java",
		"visibility_changed Server.reset web/app.ts",
		// Shape's field W went with the struct.
		"removed Shape.W store/store.go",
		// The interface's method is new.
		"added Shape.Area store/store.go",
	}
	sort.Strings(want)
	got := changeSet(resp)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("changes v1..feature:\n got:\n  %s\n want:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
	for _, c := range resp.Changes {
		switch c.QualifiedName {
		case "compute":
			t.Errorf("compute is unchanged but reported: %+v", c)
		case "renamed_file_func", "also_here":
			t.Errorf("a renamed file's unchanged symbols are reported: %+v", c)
		case "Close":
			if !c.Public || c.OldSignature != "func Close()" || c.NodeID != "store/store.go#Close" {
				t.Errorf("removed Close: %+v", c)
			}
		case "Open":
			if c.OldSignature != "func Open(name string) error" || c.Signature != "func Open(name string, flag int) error" {
				t.Errorf("Open's signatures: %+v", c)
			}
		}
		if c.Change == treenav.ChangeKindChanged && (c.OldKind != treenav.KindStruct || c.Kind != treenav.KindInterface) {
			t.Errorf("kind change: %+v", c)
		}
		// Main.stop became private; Server.reset, private before, public.
		if c.Change == treenav.ChangeVisibilityChanged && c.Public != (c.QualifiedName == "Server.reset") {
			t.Errorf("%s: visibility reported as public=%v: %+v", c.QualifiedName, c.Public, c)
		}
	}
	s := resp.Summary
	if s.Changes != len(want) || s.ByKind[treenav.ChangeRemoved] != 2 || s.PublicByKind[treenav.ChangeRemoved] != 2 {
		t.Errorf("summary: %+v", s)
	}
	if resp.BaseCommit != r.git("rev-parse", "v1") || resp.HeadCommit != r.git("rev-parse", "feature") {
		t.Errorf("commits: %s %s", resp.BaseCommit, resp.HeadCommit)
	}

	// Without --bodies, a body edit is no change.
	resp, err = Diff(Options{Root: r.dir, Base: "v1", Head: "feature"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range resp.Changes {
		if c.Change == treenav.ChangeBodyChanged {
			t.Errorf("body change reported without Bodies: %+v", c)
		}
	}

	// The work tree against HEAD: an edit and an untracked file.
	r.write(map[string]string{
		"store/util.go": "package store\n\n// Util moved here.\nfunc Util(verbose bool) {}\n",
		"store/new.go":  "package store\n\n// Fresh is untracked.\nfunc Fresh() {}\n",
	})
	resp, err = Diff(Options{Root: r.dir})
	if err != nil {
		t.Fatal(err)
	}
	repo, err := Open(r.dir)
	if err != nil {
		t.Fatal(err)
	}
	if st, err := repo.State(); err != nil || st.Branch != "feature" || st.Head != r.git("rev-parse", "HEAD") || st.Changed != 2 {
		t.Errorf("state: %+v, %v; want branch feature, 2 changed files", st, err)
	}
	got = changeSet(resp)
	want = []string{"added Fresh store/new.go", "signature_changed Util store/util.go"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("work tree vs HEAD: got %q, want %q", got, want)
	}
	if resp.Head != WorkingTree || resp.HeadCommit != "" {
		t.Errorf("head: %q %q", resp.Head, resp.HeadCommit)
	}

	// A path glob keeps the files it names.
	resp, err = Diff(Options{Root: r.dir, Base: "v1", Head: "feature", Paths: []string{"*.py"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range resp.Changes {
		if !strings.HasSuffix(c.Path, ".py") {
			t.Errorf("--path *.py kept %s", c.Path)
		}
	}
	if len(resp.Changes) != 2 {
		t.Errorf("--path *.py: %d changes, want 2 (greet, Box.put)", len(resp.Changes))
	}
}

// TestDiffSubdirectoryRoot checks a root below the repository's top: paths
// are relative to the root, and files outside it are not compared.
func TestDiffSubdirectoryRoot(t *testing.T) {
	r := newGitRepo(t)
	r.commit("base", baseFiles)
	r.commit("edit", map[string]string{
		"store/store.go": strings.Replace(baseFiles["store/store.go"], "func Close() {}", "func Close(force bool) {}", 1),
		"src/lib.rs":     "pub fn parse(input: &str, strict: bool) -> u32 {\n    0\n}\n",
	})
	resp, err := Diff(Options{Root: filepath.Join(r.dir, "store"), Base: "HEAD~1", Head: "HEAD"})
	if err != nil {
		t.Fatal(err)
	}
	got := changeSet(resp)
	if len(got) != 1 || got[0] != "signature_changed Close store.go" {
		t.Errorf("root store/: got %q, want only Close in store.go", got)
	}
}

// TestDiffErrors checks the messages for a directory outside git and an
// unknown revision.
func TestDiffErrors(t *testing.T) {
	r := newGitRepo(t)
	r.commit("base", baseFiles)
	if _, err := Diff(Options{Root: r.dir, Base: "no-such-branch"}); err == nil || !strings.Contains(err.Error(), `unknown revision "no-such-branch"`) {
		t.Errorf("unknown revision: %v", err)
	}
	if _, err := Diff(Options{Root: r.dir, Base: "--output=/tmp/x"}); err == nil {
		t.Error("a revision that looks like an option was accepted")
	}
	plain := t.TempDir()
	if _, err := Diff(Options{Root: plain}); err == nil || !strings.Contains(err.Error(), ErrNotRepository.Error()) {
		t.Errorf("not a repository: %v", err)
	}
}

// TestDiffDeterministic checks that the same diff gives the same bytes.
func TestDiffDeterministic(t *testing.T) {
	r := newGitRepo(t)
	r.commit("base", baseFiles)
	files := map[string]string{}
	for rel, src := range baseFiles {
		files[rel] = strings.ReplaceAll(src, "(", "(extra int, ")
	}
	r.commit("edit all", files)
	var first []byte
	for i := range 3 {
		resp, err := Diff(Options{Root: r.dir, Base: "HEAD~1", Head: "HEAD"})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := treenav.MarshalResult(resp)
		if i == 0 {
			first = b
		} else if string(b) != string(first) {
			t.Fatal("two runs of one diff differ")
		}
	}
}
