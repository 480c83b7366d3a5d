package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// run runs the CLI in-process and returns its exit status and output.
func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := (&cli{stdout: &out, stderr: &errb}).main(args)
	return code, out.String(), errb.String()
}

// keysOf returns the sorted keys of a JSON object.
func keysOf(t *testing.T, m map[string]any) string {
	t.Helper()
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return strings.Join(ks, ",")
}

// TestJSONContract checks the field names of every --json output against
// docs/design.md §5: tests and users depend on them.
func TestJSONContract(t *testing.T) {
	root := filepath.Join("testdata", "repo")
	for _, tc := range []struct {
		args     []string
		top      string
		listKey  string
		itemKeys string
	}{
		{[]string{"search", "--root", root, "--json", "token"}, "query,results,total", "results",
			"collection,doc_id,kind,language,line_end,line_start,node_id,path,score,snippet,title"},
		{[]string{"symbols", "--root", root, "--json", "Shutdown"}, "query,symbols,total", "symbols",
			"doc_id,kind,language,line_end,line_start,match,name,node_id,path,qualified_name,signature"},
		{[]string{"list", "--root", root, "--json"}, "documents,facet_counts,total", "documents",
			"collection,content_type,doc_id,facets,language,node_count,path,title"},
		{[]string{"tree", "--root", root, "--json", "web/server.go"}, "doc_id,nodes,title", "nodes",
			"kind,level,line_end,line_start,node_id,parent_id,title,word_count"},
		{[]string{"node", "--root", root, "--json", "web/server.go#Server.Shutdown"}, "nodes", "nodes",
			"children,content,content_line,doc_id,kind,language,line_end,line_start,node_id,parent_id,path,signature,title"},
		{[]string{"outline", "--root", root, "--format", "json"}, "files", "files", "language,path,symbols"},
		{[]string{"grep", "--root", root, "--json", "-w", "Shutdown"}, "matches,pattern,total_files,total_matches", "matches",
			"column,enclosing_id,line,path,text"},
		{[]string{"grep", "--root", root, "--json", "--context", "1", "Shutdown"}, "matches,pattern,total_files,total_matches", "matches",
			"after,before,column,enclosing_id,line,path,text"},
	} {
		code, out, errs := run(t, tc.args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", tc.args, code, errs)
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(out), &m); err != nil {
			t.Fatalf("%v: %v\n%s", tc.args, err, out)
		}
		// next_cursor and truncated appear only when they apply.
		delete(m, "next_cursor")
		delete(m, "truncated")
		if top := keysOf(t, m); top != tc.top {
			t.Errorf("%s: top-level keys %s, want %s", tc.args[0], top, tc.top)
		}
		items, _ := m[tc.listKey].([]any)
		if len(items) == 0 {
			t.Fatalf("%s: no %s", tc.args[0], tc.listKey)
		}
		if got := keysOf(t, items[0].(map[string]any)); got != tc.itemKeys {
			t.Errorf("%s: item keys %s, want %s", tc.args[0], got, tc.itemKeys)
		}
	}
}

func TestSearchText(t *testing.T) {
	code, out, _ := run(t, "search", "--root", filepath.Join("testdata", "repo"), "graceful", "shutdown", "--limit", "1")
	if code != 0 || !strings.Contains(out, "web/server.go#Server.Shutdown") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"nosuchcommand"},
		{"search"},
		{"search", "--limit", "x", "q"},
		{"outline", "--format", "yaml"},
		{"outline", "--diff", "HEAD", "--exported-only"},
		{"outline", "--depth", "-1"},
		{"tree"},
	} {
		if code, _, errs := run(t, args...); code != 2 || errs == "" {
			t.Errorf("%v: exit %d, stderr %q; want 2 and a message", args, code, errs)
		}
	}
	// Out-of-range numbers and an empty query fail with what is wrong,
	// said once, instead of falling back to a default.
	repo := filepath.Join("testdata", "repo")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"search", "--root", repo, "--limit", "0", "q"}, `invalid value "0" for flag -limit: must be at least 1`},
		{[]string{"search", "--root", repo, "--max-chars", "-3", "q"}, "must be at least 1"},
		{[]string{"symbols", "--root", repo, "--limit", "-1", "Server"}, "must be at least 1"},
		{[]string{"list", "--root", repo, "--limit", "0"}, "must be at least 1"},
		{[]string{"tree", "--root", repo, "--max-nodes", "-2", "web/server.go"}, "must be at least -1 (-1: no bound)"},
		{[]string{"navigate", "--root", repo, "--max-depth", "-1", "web/server.go#Server"}, "must be at least 0 (0: all)"},
		{[]string{"search", "--root", repo, " ", ""}, "empty query"},
	} {
		code, _, errs := run(t, tc.args...)
		if code != 2 || !strings.Contains(errs, tc.want) || strings.Count(errs, tc.want) != 1 {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q once", tc.args, code, errs, tc.want)
		}
	}
	// help for a command that does not exist fails as the command would.
	for _, args := range [][]string{{"help", "bogus"}, {"--help", "bogus"}, {"bogus"}} {
		code, out, errs := run(t, args...)
		if code != 2 || out != "" || !strings.Contains(errs, `unknown command "bogus"`) || !strings.Contains(errs, "  search ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2 and the command named, with the list", args, code, out, errs)
		}
	}
	for _, args := range [][]string{{"help"}, {"help", "search"}, {"help", "help"}, {"-h"}} {
		if code, out, _ := run(t, args...); code != 0 || !strings.Contains(out, "usage: treenav ") {
			t.Errorf("%v: exit %d, stdout %q; want 0 and usage", args, code, out)
		}
	}
	code, _, errs := run(t, "node", "--root", filepath.Join("testdata", "repo"), "web/server.go#Server.Shutdwn")
	if code != 1 || !strings.Contains(errs, "web/server.go#Server.Shutdown") {
		t.Errorf("unknown node: exit %d, stderr %q; want the closest id", code, errs)
	}
}

func TestOutlineDeterministicAndCtags(t *testing.T) {
	root := filepath.Join("testdata", "repo")
	_, a, _ := run(t, "outline", "--root", root, "--format", "ctags")
	_, b, _ := run(t, "outline", "--root", root, "--format", "ctags")
	if a != b {
		t.Fatal("ctags output differs between runs")
	}
	lines := strings.Split(strings.TrimSpace(a), "\n")
	var names []string
	for _, l := range lines {
		if strings.HasPrefix(l, "!_TAG_") {
			continue
		}
		f := strings.Split(l, "\t")
		if len(f) < 5 || !strings.HasSuffix(f[2], `;"`) || !strings.HasPrefix(f[3], "kind:") {
			t.Errorf("malformed tag line %q", l)
		}
		names = append(names, f[0])
	}
	if !sort.StringsAreSorted(names) {
		t.Errorf("tags not sorted: %v", names)
	}
	readtags, err := exec.LookPath("readtags")
	if err != nil {
		t.Skip("readtags not installed (Debian: universal-ctags); format checked above")
	}
	tags := filepath.Join(t.TempDir(), "tags")
	if err := os.WriteFile(tags, []byte(a), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(readtags, "-t", tags, "-l").Output()
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		listed = append(listed, strings.SplitN(l, "\t", 2)[0])
	}
	if !reflect.DeepEqual(listed, names) {
		t.Errorf("readtags lists %v, want %v", listed, names)
	}
	// Binary search by name works only on a correctly sorted file.
	out, err = exec.Command(readtags, "-t", tags, "-e", "Shutdown").Output()
	if err != nil || !strings.Contains(string(out), "web/server.go") || !strings.Contains(string(out), "struct:Server") {
		t.Errorf("readtags Shutdown: %v %q", err, out)
	}
}

// TestMain keeps index snapshots written by the tests out of the user's
// cache directory.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "treenav-cli-test")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_CACHE_HOME", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func TestConfigAndRankFlags(t *testing.T) {
	dir := t.TempDir()
	root, _ := filepath.Abs(filepath.Join("testdata", "repo"))
	cfg := filepath.Join(dir, "treenav.toml")
	os.WriteFile(cfg, []byte("[[collections]]\nname = \"code\"\nroot = \""+root+"\"\n\n[ranking]\nbm25_kk = 1\n"), 0o644)
	code, _, errs := run(t, "search", "--config", cfg, "token")
	if code == 0 || !strings.Contains(errs, "ranking.bm25_kk") {
		t.Errorf("unknown key: exit %d, stderr %q; want the key named", code, errs)
	}
	os.WriteFile(cfg, []byte("[[collections]]\nname = \"code\"\nroot = \""+root+"\"\n"), 0o644)
	code, out, errs := run(t, "list", "--config", cfg, "--json")
	if code != 0 || !strings.Contains(out, `"collection":"code"`) && !strings.Contains(out, `"collection": "code"`) {
		t.Errorf("configured collection: exit %d, %s %s", code, out, errs)
	}
	if code, _, errs := run(t, "search", "--config", cfg, "--rank", "bm25_k9=1", "token"); code != 2 || !strings.Contains(errs, "bm25_k1") {
		t.Errorf("--rank unknown knob: exit %d, %q", code, errs)
	}
	// Values the [ranking] table refuses are refused here too, alike.
	for kv, want := range map[string]string{
		"bm25_b=2":            "--rank: ranking.bm25_b: must be within [0, 1], got 2",
		"bm25_k1=NaN":         "--rank: ranking.bm25_k1: must be a number >= 0, got NaN",
		"title_weight=Inf":    "--rank: ranking.title_weight: must be a number >= 0, got +Inf",
		"prefix_min_length=0": "--rank: ranking.prefix_min_length: must be >= 1, got 0",
	} {
		if code, _, errs := run(t, "search", "--config", cfg, "--rank", kv, "token"); code != 2 || !strings.Contains(errs, want) {
			t.Errorf("--rank %s: exit %d, stderr %q; want 2 and %q", kv, code, errs, want)
		}
	}
	// A knob changes scores: with title weight 0 a name-only match scores less.
	_, a, _ := run(t, "search", "--config", cfg, "--json", "RefreshToken")
	_, b, _ := run(t, "search", "--config", cfg, "--json", "--rank", "title_weight=0", "RefreshToken")
	if a == b {
		t.Error("--rank title_weight=0 did not change the result")
	}
}

// TestFlagHelp checks that "<command> -h" prints the usage line and the
// flags with their argument names, and exits 0.
func TestFlagHelp(t *testing.T) {
	code, _, errs := run(t, "search", "-h")
	for _, want := range []string{"usage: treenav search ", "flags:", "-limit N", "return N results at most (default 10)"} {
		if code != 0 || !strings.Contains(errs, want) {
			t.Errorf("search -h: exit %d, stderr %q; want 0 and %q", code, errs, want)
		}
	}
}

// TestStatusAfterSkippedFile: a command that finds a new file it does not
// index (binary, generated, or failing) saves that with the snapshot, so
// status does not report the file as added on disk ever after. Failed
// files take the same path (index.TestDiffReportsFailedFileAsFailed makes
// one); a generated file is one a test can make.
func TestStatusAfterSkippedFile(t *testing.T) {
	dir, idx := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.go"), []byte("package a\n\nfunc Alpha() {}\n"), 0o644)
	if code, _, errs := run(t, "index", "--root", dir, "--index-dir", idx, "--quiet"); code != 0 {
		t.Fatalf("index: %s", errs)
	}
	os.WriteFile(filepath.Join(dir, "z.go"), []byte("// Code generated by stringer. DO NOT EDIT.\n\npackage a\n"), 0o644)
	if code, _, errs := run(t, "symbols", "--root", dir, "--index-dir", idx, "Alpha"); code != 0 {
		t.Fatalf("symbols: %s", errs)
	}
	code, out, errs := run(t, "status", "--root", dir, "--index-dir", idx, "--json")
	if code != 0 {
		t.Fatalf("status: exit %d: %s", code, errs)
	}
	var st struct {
		Skipped   map[string]int
		Freshness struct{ Added int }
	}
	if err := json.Unmarshal([]byte(out), &st); err != nil {
		t.Fatal(err)
	}
	if st.Freshness.Added != 0 || st.Skipped["generated"] != 1 {
		t.Errorf("status: %d added, skipped %v; want 0 added and generated=1\n%s", st.Freshness.Added, st.Skipped, out)
	}
}

// TestStatusOmitsZeroTimes: status --json leaves out last_update when no
// watcher ever applied a change, instead of "0001-01-01T00:00:00Z".
func TestStatusOmitsZeroTimes(t *testing.T) {
	dir, idx := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.go"), []byte("package a\n\nfunc Alpha() {}\n"), 0o644)
	if code, _, errs := run(t, "index", "--root", dir, "--index-dir", idx, "--quiet"); code != 0 {
		t.Fatalf("index: %s", errs)
	}
	code, out, errs := run(t, "status", "--root", dir, "--index-dir", idx, "--json")
	if code != 0 {
		t.Fatalf("status: exit %d: %s", code, errs)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatal(err)
	}
	if _, ok := m["last_update"]; ok || strings.Contains(out, "0001-01-01") {
		t.Errorf("status --json has a zero time:\n%s", out)
	}
	if _, ok := m["last_build"].(string); !ok {
		t.Errorf("status --json lacks last_build:\n%s", out)
	}
}

// A file with a syntax error is still outlined, and stderr says where the
// error is: the outline may miss the symbols there.
func TestOutlineWarnsOfSyntaxErrors(t *testing.T) {
	root := t.TempDir()
	os.WriteFile(filepath.Join(root, "ok.go"), []byte("package p\n\nfunc A() {}\n"), 0o644)
	os.WriteFile(filepath.Join(root, "broken.go"), []byte("package p\n\nfunc A() {}\n\nfunc B( {\n}\n"), 0o644)
	code, out, errs := run(t, "outline", "--root", root, "--format", "ctags")
	if code != 0 || !strings.Contains(out, "broken.go") || !strings.Contains(out, "ok.go") {
		t.Fatalf("exit %d, stdout %q", code, out)
	}
	if !strings.Contains(errs, "broken.go: warning: syntax error at line 5") || strings.Contains(errs, "ok.go") {
		t.Errorf("stderr %q", errs)
	}
}

// TestIndexTextCountsOne: a count of one takes the singular ("1 document",
// not "1 documents"), in treenav index's summary as in search's.
func TestIndexTextCountsOne(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.md"), []byte("# Alpha\n"), 0o644)
	code, out, errs := run(t, "index", "--root", dir, "--index-dir", t.TempDir(), "--quiet")
	if code != 0 || !strings.Contains(out, "indexed 1 document, 2 nodes, ") {
		t.Errorf("index: exit %d: %s%s", code, out, errs)
	}
	code, out, errs = run(t, "search", "--root", filepath.Join("testdata", "repo"), "--no-cache", "graceful")
	if code != 0 || !strings.Contains(out, `1 result for "graceful"`) {
		t.Errorf("search: exit %d: %s%s", code, out, errs)
	}
}

// TestEmptyIndexSaysSo: a root with nothing treenav reads says so instead
// of printing an empty languages line and an empty listing.
func TestEmptyIndexSaysSo(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("hello\n"), 0o644)
	idx := t.TempDir()
	code, out, errs := run(t, "index", "--root", dir, "--index-dir", idx, "--quiet")
	if code != 0 || !strings.Contains(out, "languages: none (") || !strings.Contains(out, "skipped: unsupported=1") {
		t.Errorf("index: exit %d: %s%s", code, out, errs)
	}
	code, out, errs = run(t, "list", "--root", dir, "--index-dir", idx)
	if code != 0 || out != "0 documents.\n" {
		t.Errorf("list: exit %d: %q%s", code, out, errs)
	}
}

// TestDeclarationsAreMarked: a C prototype is listed after its definition
// and says it is a declaration, in symbols, tree and outline, text and
// JSON, so that an agent does not take it for the body; the text does not
// repeat the signature the definition above it showed.
func TestDeclarationsAreMarked(t *testing.T) {
	root := t.TempDir()
	os.WriteFile(filepath.Join(root, "add.h"), []byte("int add(int a, int b);\n"), 0o644)
	os.WriteFile(filepath.Join(root, "add.c"), []byte("int add(int a, int b) { return a + b; }\n"), 0o644)
	code, out, errs := run(t, "symbols", "--root", root, "--no-cache", "add")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 2 || !strings.Contains(lines[0], "add.c:1") || strings.Contains(lines[0], "(declaration)") ||
		!strings.Contains(lines[1], "add.h:1-1  (declaration)  of the definition above") {
		t.Errorf("symbols: exit %d: %s%s", code, out, errs)
	}
	_, out, _ = run(t, "symbols", "--root", root, "--no-cache", "--json", "add")
	var syms struct{ Symbols []map[string]any }
	if err := json.Unmarshal([]byte(out), &syms); err != nil || len(syms.Symbols) != 2 ||
		syms.Symbols[0]["declaration"] != nil || syms.Symbols[1]["declaration"] != true {
		t.Errorf("symbols --json: %v: %s", err, out)
	}
	if _, out, _ = run(t, "tree", "--root", root, "--no-cache", "add.h"); !strings.Contains(out, "#add  (declaration)") {
		t.Errorf("tree: %s", out)
	}
	if _, out, _ = run(t, "outline", "--root", root, "--format", "markdown", "add.h"); !strings.Contains(out, "(L1-1, declaration)") {
		t.Errorf("outline markdown: %s", out)
	}
	if _, out, _ = run(t, "outline", "--root", root, "add.c", "add.h"); strings.Count(out, `"declaration": true`) != 1 {
		t.Errorf("outline json: %s", out)
	}
}
