package treenav

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// configErrors unpacks the *ConfigError values of a joined error.
func configErrors(err error) []*ConfigError {
	var out []*ConfigError
	var walk func(error)
	walk = func(err error) {
		if j, ok := err.(interface{ Unwrap() []error }); ok {
			for _, e := range j.Unwrap() {
				walk(e)
			}
			return
		}
		var ce *ConfigError
		if errors.As(err, &ce) {
			out = append(out, ce)
		}
	}
	walk(err)
	return out
}

func TestParseConfigErrors(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "treenav.toml")
	if err := os.WriteFile(filepath.Join(dir, "afile"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "docs", "api"), 0o755); err != nil {
		t.Fatal(err)
	}
	col := func(extra string) string { return "[[collections]]\nname = \"c\"\nroot = \".\"\n" + extra }
	tests := []struct {
		name string
		toml string
		keys []string // the keys named by the errors, in order
		line int      // line of the first error, when not 0
		msg  string   // a substring of the message
	}{
		{"unknown top-level key", "colections = []\n", []string{"colections"}, 1, `did you mean "collections"`},
		{"unknown ranking knob", "[ranking]\nbm25_k1 = 1.0\nbm25_kk = 2.0\n", []string{"ranking.bm25_kk"}, 3, `did you mean "ranking.bm25_k1"`},
		{"unknown table reported once", "[foo]\nbar = 1\nbaz = 2\n", []string{"foo"}, 1, "unknown key"},
		{"key in the wrong case", "[ranking]\nBM25_K1 = 1.0\n", []string{"ranking.BM25_K1"}, 2, `did you mean "ranking.bm25_k1"`},
		{"unknown collection key", col("wieght = 2.0\n"), []string{"collections.wieght"}, 4, `did you mean "collections.weight"`},
		{"zero weight", col("weight = 0.0\n"), []string{"collections[0].weight"}, 4, "positive"},
		{"negative weight", col("weight = -1\n"), []string{"collections[0].weight"}, 4, "positive"},
		{"nan weight", col("weight = nan\n"), []string{"collections[0].weight"}, 4, "positive"},
		{"infinite weight", col("weight = inf\n"), []string{"collections[0].weight"}, 4, "positive"},
		{"second collection's weight", col("") + col("weight = -2.0\n"), []string{"collections[1].name", "collections[1].weight"}, 5, "also the name of collections[0]"},
		{"empty name", "[[collections]]\nname = \"\"\nroot = \".\"\n", []string{"collections[0].name"}, 2, "missing"},
		{"no name", "[[collections]]\nroot = \".\"\n", []string{"collections[0].name"}, 1, "missing"},
		{"bad name", "[[collections]]\nname = \"a/b\"\nroot = \".\"\n", []string{"collections[0].name"}, 2, "letters"},
		{"no root", "[[collections]]\nname = \"c\"\n", []string{"collections[0].root"}, 1, "missing"},
		{"root does not exist", "[[collections]]\nname = \"c\"\nroot = \"nope\"\n", []string{"collections[0].root"}, 3, "no such file"},
		{"root is a file", "[[collections]]\nname = \"c\"\nroot = \"afile\"\n", []string{"collections[0].root"}, 3, "not a directory"},
		{"bad include glob", col("include = [\"[a-\"]\n"), []string{"collections[0].include"}, 4, "not a valid doublestar pattern"},
		{"absolute exclude glob", col("exclude = [\"/x\"]\n"), []string{"collections[0].exclude"}, 4, "leading '/'"},
		{"empty glob", col("exclude = [\"\"]\n"), []string{"collections[0].exclude"}, 4, "empty"},
		{"bad generated glob", col("generated = [\"docs/[\"]\n"), []string{"collections[0].generated"}, 4, "not a valid doublestar pattern"},
		{"absolute generated glob", col("generated = [\"/docs/**\"]\n"), []string{"collections[0].generated"}, 4, "leading '/'"},
		{"empty generated glob", col("generated = [\"docs/**\", \"\"]\n"), []string{"collections[0].generated"}, 4, "empty"},
		// Globs that can match no path: the walk compares them with clean
		// paths relative to the root, files for include and generated.
		{"generated names a directory", col("generated = [\"docs\"]\n"), []string{"collections[0].generated"}, 4, `"docs" is a directory, and generated matches files; did you mean "docs/**"?`},
		{"generated names a subdirectory", col("generated = [\"docs/api\"]\n"), []string{"collections[0].generated"}, 4, `did you mean "docs/api/**"?`},
		{"include names a directory", col("include = [\"docs\"]\n"), []string{"collections[0].include"}, 4, `did you mean "docs/**"?`},
		{"generated with ./", col("generated = [\"./docs/**\"]\n"), []string{"collections[0].generated"}, 4, `did you mean "docs/**"?`},
		{"generated with ./ before a dot", col("generated = [\"./.github/*.md\"]\n"), []string{"collections[0].generated"}, 4, `did you mean ".github/*.md"?`},
		{"generated with ../", col("generated = [\"../docs/**\"]\n"), []string{"collections[0].generated"}, 4, "cannot reach outside it"},
		{"generated with !", col("generated = [\"docs/**\", \"!docs/zz.md\"]\n"), []string{"collections[0].generated"}, 4, `generated has no "!" negation`},
		{"generated with spaces", col("generated = [\"  docs/**\"]\n"), []string{"collections[0].generated"}, 4, `did you mean "docs/**"?`},
		{"generated with a trailing slash", col("generated = [\"docs/\"]\n"), []string{"collections[0].generated"}, 4, `did you mean "docs/**"?`},
		{"exclude with a trailing slash", col("exclude = [\"build/\"]\n"), []string{"collections[0].exclude"}, 4, `did you mean "build"?`},
		{"exclude with ./", col("exclude = [\"./build\"]\n"), []string{"collections[0].exclude"}, 4, `did you mean "build"?`},
		{"generated dot", col("generated = [\".\"]\n"), []string{"collections[0].generated"}, 4, `every path under the root is "**"`},
		{"generated as a string", col("generated = \"docs/**\"\n"), []string{"collections[0].generated"}, 4, `want a list of globs: generated = ["docs/**"]`},
		{"generated as a boolean", col("generated = true\n"), []string{"collections[0].generated"}, 4, "got a boolean"},
		{"generated with a number", col("generated = [\"docs/**\", 3]\n"), []string{"collections[0].generated"}, 4, "got an integer 3"},
		{"include as a string, second collection", col("") + "[[collections]]\nname = \"d\"\nroot = \".\"\ninclude = \"*.md\"\n", []string{"collections[1].include"}, 7, `include = ["*.md"]`},
		{"generated misspelt", col("generate = [\"docs/**\"]\n"), []string{"collections.generate"}, 4, `did you mean "collections.generated"`},
		{"generated outside a collection", "generated = [\"docs/**\"]\n", []string{"generated"}, 1, "unknown key"},
		{"inline collection", "collections = [{name = \"c\", root = \".\", weight = 0.0}]\n", []string{"collections[0].weight"}, 1, "positive"},
		{"bm25_b above 1", "[ranking]\nbm25_b = 1.5\n", []string{"ranking.bm25_b"}, 2, "[0, 1]"},
		{"bm25_b below 0", "[ranking]\nbm25_b = -0.1\n", []string{"ranking.bm25_b"}, 2, "[0, 1]"},
		{"negative k1", "[ranking]\nbm25_k1 = -1.0\n", []string{"ranking.bm25_k1"}, 2, ">= 0"},
		{"negative weights", "[ranking]\ntitle_weight = -1.0\npath_weight = -2.0\n", []string{"ranking.title_weight", "ranking.path_weight"}, 2, ">= 0"},
		{"prefix_penalty above 1", "[ranking]\nprefix_penalty = 1.5\n", []string{"ranking.prefix_penalty"}, 2, "[0, 1]"},
		{"negative prefix_penalty", "[ranking]\nprefix_penalty = -0.5\n", []string{"ranking.prefix_penalty"}, 2, "[0, 1]"},
		{"negative bonus", "[ranking]\nfull_coverage_bonus = -1.0\n", []string{"ranking.full_coverage_bonus"}, 2, ">= 0"},
		{"synonym_weight above 1", "[ranking]\nsynonym_weight = 2.0\n", []string{"ranking.synonym_weight"}, 2, "[0, 1]"},
		{"negative expansions", "[ranking]\nprefix_max_expansions = -1\n", []string{"ranking.prefix_max_expansions"}, 2, ">= 0"},
		{"zero min length", "[ranking]\nprefix_min_length = 0\n", []string{"ranking.prefix_min_length"}, 2, ">= 1"},
		{"too many feedback terms", "[ranking]\nfeedback_terms = 1000\n", []string{"ranking.feedback_terms"}, 2, "[0, 100]"},
		{"negative feedback margin", "[ranking]\nfeedback_margin = -1.0\n", []string{"ranking.feedback_margin"}, 2, ">= 0"},
		{"negative max_file_size", "[limits]\nmax_file_size = -1\n", []string{"limits.max_file_size"}, 2, "positive"},
		{"zero max_file_size", "[limits]\nmax_file_size = 0\n", []string{"limits.max_file_size"}, 2, "positive"},
		{"debounce without unit", "[server]\ndebounce = 200\n", []string{"server.debounce"}, 2, "with its unit"},
		{"negative debounce", "[server]\ndebounce = \"-1s\"\n", []string{"server.debounce"}, 2, "above 0"},
		{"huge debounce", "[server]\ndebounce = \"2h\"\n", []string{"server.debounce"}, 2, "at most 1m"},
		{"idle release without unit", "[server]\nidle_release = 60\n", []string{"server.idle_release"}, 2, "with its unit"},
		{"negative idle release", "[server]\nidle_release = \"-1s\"\n", []string{"server.idle_release"}, 2, "0 (never) or more"},
		{"http without port", "[server]\nhttp = \"localhost\"\n", []string{"server.http"}, 2, "host:port"},
		{"http port out of range", "[server]\nhttp = \"127.0.0.1:99999\"\n", []string{"server.http"}, 2, "bad port"},
		{"http url", "[server]\nhttp = \"http://localhost:8080\"\n", []string{"server.http"}, 2, "host:port"},
		{"token with a space", "[server]\ntoken = \"a b\"\n", []string{"server.token"}, 2, "spaces"},
		{"every problem at once", "[ranking]\nbm25_b = 2.0\n[limits]\nmax_file_size = -5\n[server]\nhttp = \"x\"\n",
			[]string{"ranking.bm25_b", "limits.max_file_size", "server.http"}, 2, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := ParseConfig([]byte(tt.toml), file)
			if err == nil {
				t.Fatalf("no error; config %+v", cfg)
			}
			errs := configErrors(err)
			var keys []string
			for _, e := range errs {
				keys = append(keys, e.Key)
			}
			if !slices.Equal(keys, tt.keys) {
				t.Fatalf("errors name %q, want %q\n%v", keys, tt.keys, err)
			}
			if tt.line != 0 && errs[0].Line != tt.line {
				t.Errorf("line %d, want %d: %v", errs[0].Line, tt.line, errs[0])
			}
			if !strings.Contains(errs[0].Error(), tt.msg) || !strings.HasPrefix(errs[0].Error(), file) {
				t.Errorf("message %q: want the file and %q", errs[0].Error(), tt.msg)
			}
		})
	}
}

// TestGlobsAccepted: the checks of globs that match no path leave alone
// the globs that do: a bare name matches a file name at any depth, and an
// exclude pattern may name a directory.
func TestGlobsAccepted(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "docs", "api"), 0o755); err != nil {
		t.Fatal(err)
	}
	data := "[[collections]]\nname = \"c\"\nroot = \".\"\n" +
		"include = [\"**/*.md\", \"docs/**\", \"Makefile\", \"**/*.go\"]\n" +
		"exclude = [\"docs/api\", \"testdata\", \"**/*_test.go\"]\n" +
		"generated = [\"docs/**\", \"docs/*\", \"docs/api/**\", \"Makefile\", \"*.pb.go\", \"**/zz_*.go\"]\n"
	cfg, err := ParseConfig([]byte(data), filepath.Join(dir, "treenav.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if got := cfg.Collections[0].Generated; len(got) != 6 {
		t.Errorf("generated %q", got)
	}
}

// TestParseConfigDecodeErrors covers what the TOML library rejects itself;
// its messages still name the line and the key.
func TestParseConfigDecodeErrors(t *testing.T) {
	tests := []struct {
		name, toml string
		want       []string
	}{
		{"syntax", "[ranking\nbm25_b = 1\n", []string{"treenav.toml", "line "}},
		{"bad duration", "[server]\ndebounce = \"soon\"\n", []string{"line 2", "server.debounce", "soon"}},
		{"wrong type", "[limits]\nmax_file_size = \"big\"\n", []string{"line 2", "limits.max_file_size"}},
		{"wrong type in a collection", "[[collections]]\nname = 3\n", []string{"collections.name"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseConfig([]byte(tt.toml), "treenav.toml")
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

func TestParseConfigValues(t *testing.T) {
	dir := t.TempDir()
	home := t.TempDir()
	t.Setenv("HOME", home)
	for _, d := range []string{"docs", "code"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(home, "notes"), 0o755); err != nil {
		t.Fatal(err)
	}
	data := `
[[collections]]
name = "docs"
root = "docs"
weight = 2.5
include = ["**/*.md"]

[[collections]]
name = "code"
root = "./code/"
exclude = ["testdata", "**/*_test.go"]
generated = ["docs/**", "*_string.go"]

[[collections]]
name = "notes"
root = "~/notes"

[ranking]
bm25_b = 0.0
synonyms = false
title_weight = 4.0

[index]
dir = "cache"

[server]
watch = false
debounce = "1s"
http = "127.0.0.1:8080"
`
	cfg, err := ParseConfig([]byte(data), filepath.Join(dir, "treenav.toml"))
	if err != nil {
		t.Fatal(err)
	}
	want := []Collection{
		{Name: "docs", Root: filepath.Join(dir, "docs"), Weight: 2.5, Include: []string{"**/*.md"}},
		{Name: "code", Root: filepath.Join(dir, "code"), Weight: 1, Exclude: []string{"testdata", "**/*_test.go"}, Generated: []string{"docs/**", "*_string.go"}},
		{Name: "notes", Root: filepath.Join(home, "notes"), Weight: 1},
	}
	for i := range want {
		g, w := cfg.Collections[i], want[i]
		if g.Name != w.Name || g.Root != w.Root || g.Weight != w.Weight || !slices.Equal(g.Include, w.Include) || !slices.Equal(g.Exclude, w.Exclude) || !slices.Equal(g.Generated, w.Generated) {
			t.Errorf("collection %d = %+v, want %+v", i, g, w)
		}
	}
	r := DefaultRanking()
	r.B, r.Synonyms, r.TitleWeight = 0, false, 4
	if cfg.Ranking != r {
		t.Errorf("ranking = %+v\nwant      %+v", cfg.Ranking, r)
	}
	if cfg.Limits.MaxFileSize != DefaultMaxFileSize {
		t.Errorf("max_file_size = %d", cfg.Limits.MaxFileSize)
	}
	if cfg.Index.Dir != filepath.Join(dir, "cache") {
		t.Errorf("index.dir = %q", cfg.Index.Dir)
	}
	if cfg.Server.Watch == nil || *cfg.Server.Watch || cfg.Server.Debounce != time.Second || cfg.Server.HTTP != "127.0.0.1:8080" {
		t.Errorf("server = %+v", cfg.Server)
	}
	if cfg.Server.IdleRelease != DefaultIdleRelease {
		t.Errorf("idle_release not set: %v, want the default %v", cfg.Server.IdleRelease, DefaultIdleRelease)
	}
	cfg, err = ParseConfig([]byte("[server]\nidle_release = \"0s\"\n"), filepath.Join(dir, "treenav.toml"))
	if err != nil || cfg.Server.IdleRelease != 0 {
		t.Errorf("idle_release = \"0s\": %v %v", err, cfg.Server.IdleRelease)
	}
}

func TestLoadConfigPrecedence(t *testing.T) {
	type files struct{ explicit, cwd, user bool }
	tests := []struct {
		name     string
		have     files
		explicit string // "" | "exists" | "missing"
		want     string // which file is read: "explicit", "cwd", "user", "" for none
		wantErr  bool
	}{
		{"explicit beats the others", files{true, true, true}, "exists", "explicit", false},
		{"working directory beats user dir", files{false, true, true}, "", "cwd", false},
		{"user dir", files{false, false, true}, "", "user", false},
		{"none", files{}, "", "", false},
		{"explicit missing is an error", files{false, true, true}, "missing", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cwd, home, other := t.TempDir(), t.TempDir(), t.TempDir()
			t.Chdir(cwd)
			t.Setenv("HOME", home)
			t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "xdg"))
			t.Setenv("AppData", filepath.Join(home, "appdata"))
			userDir, err := os.UserConfigDir()
			if err != nil {
				t.Fatal(err)
			}
			// Each file sets a different max_file_size, to tell them apart.
			sizes := map[string]int64{"explicit": 111, "cwd": 222, "user": 333}
			paths := map[string]string{
				"explicit": filepath.Join(other, "my.toml"),
				"cwd":      filepath.Join(cwd, ConfigFileName),
				"user":     filepath.Join(userDir, "treenav", "config.toml"),
			}
			for which, ok := range map[string]bool{"explicit": tt.have.explicit, "cwd": tt.have.cwd, "user": tt.have.user} {
				if !ok {
					continue
				}
				if err := os.MkdirAll(filepath.Dir(paths[which]), 0o755); err != nil {
					t.Fatal(err)
				}
				data := []byte("[limits]\nmax_file_size = " + strconv.FormatInt(sizes[which], 10) + "\n")
				if err := os.WriteFile(paths[which], data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			explicit := ""
			switch tt.explicit {
			case "exists":
				explicit = paths["explicit"]
			case "missing":
				explicit = filepath.Join(other, "nope.toml")
			}
			cfg, used, err := LoadConfig(explicit)
			if tt.wantErr {
				if err == nil || !errors.Is(err, os.ErrNotExist) {
					t.Fatalf("err = %v, want a not-exist error", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			wantPath, wantSize := "", int64(DefaultMaxFileSize)
			if tt.want != "" {
				wantPath, wantSize = paths[tt.want], sizes[tt.want]
			}
			if used != wantPath || cfg.Limits.MaxFileSize != wantSize {
				t.Errorf("read %q (max_file_size %d), want %q (%d)", used, cfg.Limits.MaxFileSize, wantPath, wantSize)
			}
		})
	}
}

// TestLoadConfigBrokenFileDoesNotFallBack checks that a bad treenav.toml
// is an error, not a reason to read the user's file instead.
func TestLoadConfigBrokenFileDoesNotFallBack(t *testing.T) {
	cwd, home := t.TempDir(), t.TempDir()
	t.Chdir(cwd)
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", home)
	if err := os.WriteFile(ConfigFileName, []byte("[ranking]\nbm25_b = 7.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	userDir, _ := os.UserConfigDir()
	if err := os.MkdirAll(filepath.Join(userDir, "treenav"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(userDir, "treenav", "config.toml"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	_, used, err := LoadConfig("")
	if err == nil || used != filepath.Join(cwd, ConfigFileName) {
		t.Errorf("LoadConfig = %q, %v; want an error about %s", used, err, ConfigFileName)
	}
}

func TestResolve(t *testing.T) {
	parent := t.TempDir()
	a := filepath.Join(parent, "x", "proj")
	b := filepath.Join(parent, "y", "proj")
	c := filepath.Join(parent, "my project")
	for _, d := range []string{a, b, c} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	file := filepath.Join(parent, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}

	cfg := DefaultConfig()
	if err := cfg.Resolve([]string{a, b, c}); err != nil {
		t.Fatal(err)
	}
	want := []Collection{{Name: "proj", Root: a, Weight: 1}, {Name: "proj-2", Root: b, Weight: 1}, {Name: "my-project", Root: c, Weight: 1}}
	if len(cfg.Collections) != len(want) {
		t.Fatalf("collections = %+v", cfg.Collections)
	}
	for i := range want {
		if g := cfg.Collections[i]; g.Name != want[i].Name || g.Root != want[i].Root || g.Weight != 1 {
			t.Errorf("collection %d = %+v, want %+v", i, g, want[i])
		}
	}

	// The same root twice, however written, is one collection: the
	// first.
	t.Run("duplicates", func(t *testing.T) {
		t.Chdir(parent)
		cfg := DefaultConfig()
		if err := cfg.Resolve([]string{"x/proj", a, "./x/proj/", "x//proj/../proj", "y/proj", b + "/"}); err != nil {
			t.Fatal(err)
		}
		want := []Collection{{Name: "proj", Root: a, Weight: 1}, {Name: "proj-2", Root: b, Weight: 1}}
		if !slices.EqualFunc(cfg.Collections, want, func(x, y Collection) bool {
			return x.Name == y.Name && x.Root == y.Root && x.Weight == y.Weight
		}) {
			t.Errorf("collections = %+v, want %+v", cfg.Collections, want)
		}
	})

	// Roots on the command line replace configured collections; without
	// them the configured ones stay.
	cfg.Collections = []Collection{{Name: "docs", Root: c, Weight: 3}}
	if err := cfg.Resolve(nil); err != nil || len(cfg.Collections) != 1 || cfg.Collections[0].Name != "docs" {
		t.Errorf("Resolve(nil) with collections: %+v, %v", cfg.Collections, err)
	}
	if err := cfg.Resolve([]string{a}); err != nil || len(cfg.Collections) != 1 || cfg.Collections[0].Name != "proj" {
		t.Errorf("Resolve(a) with collections: %+v, %v", cfg.Collections, err)
	}

	// Neither: the working directory.
	t.Chdir(a)
	cfg = DefaultConfig()
	if err := cfg.Resolve(nil); err != nil || len(cfg.Collections) != 1 || cfg.Collections[0].Name != "proj" || cfg.Collections[0].Root != a {
		t.Errorf("Resolve(nil) = %+v, %v", cfg.Collections, err)
	}

	for _, bad := range []string{filepath.Join(parent, "missing"), file} {
		if err := DefaultConfig().Resolve([]string{bad}); err == nil {
			t.Errorf("Resolve(%s): no error", bad)
		}
	}
}

func TestRootName(t *testing.T) {
	for dir, want := range map[string]string{
		"/":                 "root",
		"/src/treenav":      "treenav",
		"/src/treenav/":     "treenav",
		"/src/my project":   "my-project",
		"/home/u/.dotfiles": "dotfiles",
		"/x/文档":             "文档",
		"/x/a:b":            "a-b",
	} {
		if got := RootName(filepath.FromSlash(dir)); got != want {
			t.Errorf("RootName(%q) = %q, want %q", dir, got, want)
		}
	}
}

// TestRankingSetChecksLikeConfig: --rank KEY=VALUE (Ranking.Set) accepts
// exactly the values the [ranking] table accepts, and refuses the others
// with the same message; it once took bm25_b = 2, NaN and Inf.
func TestRankingSetChecksLikeConfig(t *testing.T) {
	file := filepath.Join(t.TempDir(), "treenav.toml")
	for _, tc := range []struct{ key, value string }{
		{"bm25_b", "2.0"}, {"bm25_b", "0.5"}, {"bm25_b", "-0.1"}, {"bm25_b", "nan"},
		{"bm25_k1", "nan"}, {"bm25_k1", "inf"}, {"bm25_k1", "-inf"}, {"bm25_k1", "3.5"},
		{"title_weight", "inf"}, {"title_weight", "0.0"}, {"prefix_penalty", "1.5"},
		{"synonym_weight", "nan"}, {"symbol_rollup", "1.0"}, {"test_weight", "2.0"},
		{"prefix_min_length", "0"}, {"prefix_min_length", "2"}, {"prefix_max_expansions", "-1"},
		{"prefix_max_expansions", "0"}, {"feedback_terms", "101"}, {"feedback_terms", "-1"},
		{"feedback_terms", "0"}, {"feedback_weight", "nan"}, {"feedback_margin", "2"},
	} {
		_, cerr := ParseConfig([]byte("[ranking]\n"+tc.key+" = "+tc.value+"\n"), file)
		r := DefaultRanking()
		serr := r.Set(tc.key, tc.value)
		if (cerr == nil) != (serr == nil) {
			t.Errorf("%s=%s: config error %v, --rank error %v; want both or neither", tc.key, tc.value, cerr, serr)
			continue
		}
		if cerr == nil {
			continue
		}
		// The config names file, line and key; --rank the key and the same message.
		if ce := configErrors(cerr); len(ce) != 1 || !strings.HasSuffix(cerr.Error(), serr.Error()) {
			t.Errorf("%s=%s: config says %q, --rank says %q; want the same message", tc.key, tc.value, cerr, serr)
		}
	}
}
