package index

import (
	"strings"
	"testing"
)

// TestDirWordsRankThePackage: words that spell a directory's tail put
// its nodes first; without the bonus, what the words name elsewhere led.
func TestDirWordsRankThePackage(t *testing.T) {
	files := map[string]string{
		"src/os/exec/exec.go":                   "package exec\n\n// Cmd is an external command being prepared or run.\ntype Cmd struct{ Path string }\n\n// Command returns the Cmd to execute the named program.\nfunc Command(name string) *Cmd { return &Cmd{Path: name} }\n",
		"src/cmd/go/internal/toolchain/exec.go": "package toolchain\n\n// Exec execs the os toolchain.\nfunc Exec(os string) {}\n",
		"src/cmd/internal/script/cmds.go":       "package script\n\n// Exec runs an os exec command.\nfunc Exec(cmd string) {}\n",
		"src/os/file.go":                        "package os\n\n// File is an open file.\ntype File struct{}\n",
	}
	ix := newTestIndex(t, files)
	first := func(q string) string {
		t.Helper()
		r, err := ix.Search(SearchRequest{Query: q, Limit: 3})
		if err != nil || len(r.Results) == 0 {
			t.Fatalf("%s: %v, %d results", q, err, len(r.Results))
		}
		return r.Results[0].NodeID
	}
	for q, dir := range map[string]string{"os exec": "src/os/exec/", "OS Exec command": "src/os/exec/"} {
		if got := first(q); !strings.HasPrefix(got, dir) {
			t.Errorf("%q: first %s, want a node of %s", q, got, dir)
		}
	}
	// Not a directory's tail: no bonus, the same first result either way.
	withBonus := first("exec command")
	r := ix.Ranking()
	r.DirWordsBonus = 0
	ix.SetRanking(r)
	if got := first("exec command"); got != withBonus {
		t.Errorf("exec command: %s with the bonus, %s without", withBonus, got)
	}
	if got := first("os exec"); strings.HasPrefix(got, "src/os/exec/") {
		t.Logf("os exec leads with %s even without the bonus: the fixture does not show it", got)
		t.Fail()
	}
}
