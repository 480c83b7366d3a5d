package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// gitDir makes a git repository in a temporary directory with files, and
// returns a function that runs git in it.
func gitDir(t *testing.T, files map[string]string) (string, func(args ...string)) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed: outline --diff reads git revisions")
	}
	dir := t.TempDir()
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
			"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	writeFiles(t, dir, files)
	git("init", "-q", "-b", "main")
	git("add", "-A")
	git("commit", "-q", "-m", "base")
	return dir, git
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for rel, src := range files {
		abs := filepath.Join(dir, rel)
		os.MkdirAll(filepath.Dir(abs), 0o755)
		if err := os.WriteFile(abs, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

var diffBase = map[string]string{
	"api/api.go":      "package api\n\n// Get gets.\nfunc Get(key string) string { return key }\n\n// Put puts.\nfunc Put(key, value string) {}\n\nfunc helper() {}\n",
	"api/api_test.go": "package api\n\nimport \"testing\"\n\nfunc TestGet(t *testing.T) {}\n",
}

// TestOutlineDiffExitPolicy checks --fail-on: exit 3 when a named change
// happened, 0 when only others did, 2 for an unknown change name.
func TestOutlineDiffExitPolicy(t *testing.T) {
	dir, _ := gitDir(t, diffBase)
	writeFiles(t, dir, map[string]string{
		"api/api.go":      "package api\n\n// Get gets.\nfunc Get(key string, def string) string { return key }\n",
		"api/api_test.go": "package api\n",
	})
	code, out, errs := run(t, "outline", "--root", dir, "--diff", "HEAD", "--fail-on", "removed-public")
	if code != 3 || !strings.Contains(errs, "1 removed (public)") {
		t.Errorf("removed-public: exit %d, stderr %q", code, errs)
	}
	var r struct {
		Changes []struct {
			Change        string
			QualifiedName string `json:"qualified_name"`
		}
		Summary struct {
			Changes int
			Public  int
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("the report is still printed on a policy failure: %v\n%s", err, out)
	}
	// Put (public) and helper (private) removed, Get's signature changed,
	// TestGet removed: a test is not public API.
	if r.Summary.Changes != 4 || r.Summary.Public != 2 {
		t.Errorf("summary %+v, want 4 changes, 2 public: %s", r.Summary, out)
	}
	if code, _, errs := run(t, "outline", "--root", dir, "--diff", "HEAD", "--fail-on", "kind-changed,deprecated-public"); code != 0 {
		t.Errorf("changes --fail-on does not name: exit %d (%s)", code, errs)
	}
	if code, _, errs := run(t, "outline", "--root", dir, "--diff", "HEAD", "--fail-on", "signature_changed"); code != 3 {
		t.Errorf("signature_changed with an underscore: exit %d (%s)", code, errs)
	}
	if code, _, errs := run(t, "outline", "--root", dir, "--diff", "HEAD", "--fail-on", "renamed"); code != 2 || !strings.Contains(errs, `unknown --fail-on change "renamed"`) {
		t.Errorf("unknown change: exit %d, %q", code, errs)
	}
	if code, _, errs := run(t, "outline", "--root", dir, "--fail-on", "removed"); code != 2 || !strings.Contains(errs, "need --diff") {
		t.Errorf("--fail-on without --diff: exit %d, %q", code, errs)
	}
	// Markdown for a pull request: public first, bounded.
	code, md, _ := run(t, "outline", "--root", dir, "--diff", "HEAD", "--format", "markdown", "--max-changes", "2")
	if code != 0 || !strings.Contains(md, "### Public API") || !strings.Contains(md, "and 2 more changes") ||
		strings.Index(md, "Put") > strings.Index(md, "more changes") {
		t.Errorf("markdown (exit %d):\n%s", code, md)
	}
}

// TestOutlineDiffNotGit checks the error for a directory outside git.
func TestOutlineDiffNotGit(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, diffBase)
	code, _, errs := run(t, "outline", "--root", dir, "--diff", "HEAD")
	if code != 1 || !strings.Contains(errs, "is not in a git repository") {
		t.Errorf("exit %d, %q", code, errs)
	}
}

// TestChangedSymbolsIsOutlineDiff: after an edit, changed_symbols over MCP
// lists the edited function, and its structuredContent is what
// "treenav outline --diff HEAD --format json" prints for the same tree.
func TestChangedSymbolsIsOutlineDiff(t *testing.T) {
	dir, _ := gitDir(t, diffBase)
	rc := startServe(t, "--root", dir, "--no-cache", "--watch=false")
	rc.initialize()
	rc.waitReady()
	writeFiles(t, dir, map[string]string{"api/api.go": strings.Replace(diffBase["api/api.go"], "func Put(key, value string)", "func Put(key, value string, ttl int)", 1)})
	res := rc.callTool("changed_symbols", map[string]any{})
	if res.IsError {
		t.Fatal(res.Content[0].Text)
	}
	if !strings.Contains(string(res.StructuredContent), `"change":"signature_changed","node_id":"api/api.go#Put"`) {
		t.Errorf("the edited function is not listed: %s", res.StructuredContent)
	}
	if !strings.Contains(res.Content[0].Text, "signature changed function `Put`") {
		t.Errorf("text: %s", res.Content[0].Text)
	}
	// The status says which commit and branch the root is at, and that
	// one file differs from it.
	st := rc.callTool("index_status", map[string]any{})
	if !regexp.MustCompile(`"git":\{"head":"[0-9a-f]{40}","branch":"main","changed_files":1\}`).Match(st.StructuredContent) {
		t.Errorf("index_status has no git state: %s", st.StructuredContent)
	}
	code, out, errs := run(t, "outline", "--root", dir, "--diff", "HEAD", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if got, want := []byte(res.StructuredContent), bytes.TrimSuffix([]byte(out), []byte("\n")); !bytes.Equal(got, want) {
		t.Errorf("changed_symbols differs from outline --diff HEAD --format json:\n%s\n%s", got, want)
	}
}
