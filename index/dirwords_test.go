package index

import (
	"strings"
	"testing"
)

// TestDirWordsRankThePackage: words that spell a directory's tail, or a
// module file's path without its extension, put its nodes first;
// without the bonus, what the words name elsewhere led.
func TestDirWordsRankThePackage(t *testing.T) {
	for _, c := range []struct {
		files   map[string]string
		queries map[string]string // query → the prefix of the first result's id
		also    map[string]string // the same, for queries that lead there without the bonus too
		same    string            // a query that spells nothing
	}{
		{
			files: map[string]string{
				"src/os/exec/exec.go":                   "package exec\n\n// Cmd is an external command being prepared or run.\ntype Cmd struct{ Path string }\n\n// Command returns the Cmd to execute the named program.\nfunc Command(name string) *Cmd { return &Cmd{Path: name} }\n",
				"src/cmd/go/internal/toolchain/exec.go": "package toolchain\n\n// Exec execs the os toolchain.\nfunc Exec(os string) {}\n",
				"src/cmd/internal/script/cmds.go":       "package script\n\n// Exec runs an os exec command.\nfunc Exec(cmd string) {}\n",
				"src/os/file.go":                        "package os\n\n// File is an open file.\ntype File struct{}\n",
			},
			queries: map[string]string{"os exec": "src/os/exec/"},
			also:    map[string]string{"OS Exec command": "src/os/exec/"},
			same:    "exec command",
		},
		{
			files: map[string]string{
				"lib/json/decoder.py": "class Reader:\n    \"\"\"Reads a document.\"\"\"\n\n    def read(self, s):\n        return s\n",
				"lib/codec/tools.py":  "def load_text(s):\n    \"\"\"Loads text with the json decoder: a json decoder reads it.\"\"\"\n    return s\n",
			},
			queries: map[string]string{"json decoder": "lib/json/decoder.py#"},
			same:    "load text",
		},
	} {
		ix := newTestIndex(t, c.files)
		first := func(q string) string {
			t.Helper()
			r, err := ix.Search(SearchRequest{Query: q, Limit: 3})
			if err != nil || len(r.Results) == 0 {
				t.Fatalf("%s: %v, %d results", q, err, len(r.Results))
			}
			return r.Results[0].NodeID
		}
		for _, m := range []map[string]string{c.queries, c.also} {
			for q, want := range m {
				if got := first(q); !strings.HasPrefix(got, want) {
					t.Errorf("%q: first %s, want a node of %s", q, got, want)
				}
			}
		}
		// Without the bonus: a query that spells nothing answers alike,
		// and the others led with something else.
		withBonus := first(c.same)
		r := ix.Ranking()
		r.DirWordsBonus = 0
		ix.SetRanking(r)
		if got := first(c.same); got != withBonus {
			t.Errorf("%s: %s with the bonus, %s without", c.same, withBonus, got)
		}
		for q, want := range c.queries {
			if got := first(q); strings.HasPrefix(got, want) {
				t.Errorf("%q leads with %s even without the bonus: the fixture does not show it", q, got)
			}
		}
	}
}

func TestTailsOf(t *testing.T) {
	for p, want := range map[string]string{
		"exec":                 "",
		"os/exec":              "os/exec",
		"src/os/exec":          "os/exec src/os/exec",
		"a/b/c/d":              "c/d b/c/d a/b/c/d",
		"x/a/b/c/d":            "c/d b/c/d a/b/c/d",
		"json/decoder":         "json/decoder",
		"lib/python3/json/dec": "json/dec python3/json/dec lib/python3/json/dec",
	} {
		if got := strings.Join(tailsOf(p, nil), " "); got != want {
			t.Errorf("tailsOf(%q) = %q, want %q", p, got, want)
		}
	}
}
