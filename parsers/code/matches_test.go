package code

import (
	"reflect"
	"testing"
)

// TestMatchReader checks that extraction reading query matches in batches
// (matchReader) gives what go-tree-sitter's NextMatch gives, on every file
// under testdata (and TREENAV_NAV_CORPUS), also with batches so small
// that matches wait in held.
func TestMatchReader(t *testing.T) {
	files := 0
	eachCorpusFile(func(l *Language, path string, src []byte) {
		matchesByAPI = true
		want, werr := l.Extract(src)
		matchesByAPI = false
		if (werr != nil) || want == nil {
			return
		}
		files++
		for _, size := range [][2]int{{128, 1024}, {2, 3}, {1, 1}} {
			matchBatch, captureBatch = size[0], size[1]
			got, err := l.Extract(src)
			matchBatch, captureBatch = 128, 1024
			if err != nil {
				t.Fatalf("%s (batches %v): %v", path, size, err)
			}
			if !reflect.DeepEqual(want.Nodes, got.Nodes) {
				t.Fatalf("%s (batches %v): nodes differ from NextMatch's", path, size)
			}
		}
	})
	if files < 50 {
		t.Fatalf("%d files; testdata has more", files)
	}
	t.Logf("%d files agree", files)
}
