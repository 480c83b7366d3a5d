package index

import (
	"testing"

	"github.com/treenav/treenav/parsers"
)

// TestDocFreqsKeptAlike checks that the frequencies a view keeps for
// feedback are those its segments count, counted or kept, and that a new
// view (an update) counts its own.
func TestDocFreqsKeptAlike(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"a.go": "package a\n\n// Parse parses a config.\nfunc Parse() {}\n\n// Load loads a config.\nfunc Load() {}\n",
		"b.py": "def parse(config):\n    return config\n",
	})
	v := ix.view()
	words := []string{"config", "pars", "load", "nosuchword"}
	want := make([]int, len(words))
	for i, w := range words {
		want[i] = v.docFreq(w)
	}
	if want[0] == 0 || want[3] != 0 {
		t.Fatalf("setup: frequencies %v", want)
	}
	for round := range 2 {
		// Words that are views of a buffer the caller reuses.
		buf := []byte("config pars load nosuchword")
		ws := []string{string(buf[0:6]), string(buf[7:11]), string(buf[12:16]), string(buf[17:])}
		got := make([]int, len(ws))
		v.docFreqs(ws, got)
		for i := range ws {
			if got[i] != want[i] {
				t.Errorf("round %d: %q has frequency %d, want %d", round, ws[i], got[i], want[i])
			}
		}
	}
	if n := len(v.dfs.df); n != len(words) {
		t.Errorf("the view keeps %d words, want %d", n, len(words))
	}
	if v.dfs.df["config"] != int32(want[0]) {
		t.Errorf("kept %d for config, want %d", v.dfs.df["config"], want[0])
	}
	// An update's view counts its own.
	src := []byte("package c\n\n// config config\nfunc C() {}\n")
	doc, err := parsers.Parse("c.go", "c.go", src)
	if err != nil {
		t.Fatal(err)
	}
	doc.Collection = "test"
	ix.Apply([]Input{{Doc: doc, Src: src}}, nil)
	v2 := ix.view()
	got := make([]int, 1)
	v2.docFreqs([]string{"config"}, got)
	if v2 == v || got[0] != v2.docFreq("config") || got[0] <= want[0] {
		t.Errorf("after an update config's frequency is %d (counted %d, before %d)", got[0], v2.docFreq("config"), want[0])
	}
}
