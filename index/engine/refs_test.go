package engine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/treenav/treenav/index"
	"github.com/treenav/treenav/index/internal/testfiles"
)

// The references' resolution and storage are the index's and tested
// there (index/references_test.go); these tests are of what the engine
// adds: keeping them current through Refresh and the watcher.

// refsTree is the module index/references_test.go queries too.
var refsTree = testfiles.RefsTree()

// refsOf lists an answer's references as "path:line conf".
var refsOf = testfiles.RefsOf

// After an edit in the defining file (a rename) and in the using file
// (a removed import), the answers are those of a fresh build.
func TestReferencesFollowEdits(t *testing.T) {
	e, dir := newTestEngine(t, refsTree)
	src := strings.ReplaceAll(refsTree["a/a.go"], "func (s *Server) Shutdown()", "func (s *Server) Stop()")
	if err := os.WriteFile(filepath.Join(dir, "a/a.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := e.Refresh([]string{"a/a.go"}); err != nil {
		t.Fatal(err)
	}
	r, err := e.References(index.ReferencesRequest{Target: "a.Other.Shutdown"})
	if err != nil {
		t.Fatal(err)
	}
	// s.Shutdown() no longer resolves to a method of Server: its calls
	// are now candidates of any Shutdown.
	if r.Counts.Resolved != 0 || r.Counts.Ambiguous == 0 {
		t.Errorf("after the rename: %+v %v", r.Counts, refsOf(r))
	}
	fresh, _ := newTestEngine(t, map[string]string{"go.mod": refsTree["go.mod"], "a/a.go": src, "b/b.go": refsTree["b/b.go"]})
	r2, err := fresh.References(index.ReferencesRequest{Target: "a.Other.Shutdown"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(refsOf(r), ",") != strings.Join(refsOf(r2), ",") || r.Counts != r2.Counts {
		t.Errorf("refreshed %v %+v, fresh %v %+v", refsOf(r), r.Counts, refsOf(r2), r2.Counts)
	}
}
