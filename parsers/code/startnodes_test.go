package code

import (
	"reflect"
	"testing"
)

// TestStartNodes checks, for every language that declares StartTypes,
// that running the query at the start nodes alone finds the symbols the
// query finds over the whole tree: on testdata and, when set, on
// $TREENAV_NAV_CORPUS (a directory).
func TestStartNodes(t *testing.T) {
	files, symbols := 0, 0
	eachCorpusFile(func(l *Language, p string, src []byte) {
		if len(l.StartTypes) == 0 {
			return
		}
		startWalkOff = true
		want, werr := l.Extract(src)
		startWalkOff = false
		got, gerr := l.Extract(src)
		files++
		if (werr != nil) != (gerr != nil) {
			t.Errorf("%s: error %v, over the whole tree %v", p, gerr, werr)
			return
		}
		if werr != nil {
			return
		}
		symbols += len(want.Nodes)
		if !reflect.DeepEqual(want, got) {
			t.Errorf("%s: symbols from the start nodes differ from the whole tree's", p)
			for i := range max(len(want.Nodes), len(got.Nodes)) {
				if i >= len(want.Nodes) || i >= len(got.Nodes) {
					t.Errorf("%d nodes, want %d", len(got.Nodes), len(want.Nodes))
					break
				}
				if !reflect.DeepEqual(want.Nodes[i], got.Nodes[i]) {
					t.Errorf("node %d:\n got %+v\nwant %+v", i, got.Nodes[i], want.Nodes[i])
					break
				}
			}
		}
	})
	if files == 0 {
		t.Fatal("no file of a language with StartTypes under testdata")
	}
	t.Logf("%d files, %d symbols", files, symbols)
}
