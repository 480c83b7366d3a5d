package engine

import (
	"testing"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index"
)

// A search scoped to a file the index left out says why, as tree and node
// do, instead of calling the id unknown and suggesting another file.
func TestSearchInSkippedDocumentSaysWhy(t *testing.T) {
	e := engineFor(t, treenav.Collection{Name: "sdk", Root: generatedTree(t)})
	_, err := e.Search(index.SearchRequest{Query: "session", DocIDs: []string{"docs/server.md"}})
	notIndexedErr(t, "search doc_id", err, "generated", "docs/server.md is not indexed")
	// An id the index knows nothing of keeps its closest ids.
	_, err = e.Search(index.SearchRequest{Query: "session", DocIDs: []string{"docs/nope.md"}})
	if _, ok := err.(*index.NotFoundError); !ok {
		t.Errorf("unknown doc_id: %v (%T), want a NotFoundError", err, err)
	}
}
