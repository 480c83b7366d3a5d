package engine

import (
	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index"
)

// The verbs: the one front door of the index for the CLI and the MCP
// server. Each asks the index; an id the index does not know that names a
// file the engine left out comes back as a NotIndexedError saying why
// (explain), and a read that finds its file changed since indexing
// re-indexes it and asks again (fresh).

// Search ranks the nodes that match req (index.Index.Search).
func (e *Engine) Search(req index.SearchRequest) (*treenav.SearchResponse, error) {
	r, err := e.ix.Search(req)
	return r, e.explain(err)
}

// Symbols finds symbols by name (index.Index.Symbols).
func (e *Engine) Symbols(req index.SymbolRequest) (*treenav.SymbolsResponse, error) {
	r, err := e.ix.Symbols(req)
	return r, e.explain(err)
}

// List lists the indexed documents with facet counts (index.Index.List).
func (e *Engine) List(req index.ListRequest) (*treenav.ListResponse, error) {
	r, err := e.ix.List(req)
	return r, e.explain(err)
}

// Tree returns a document's outline (index.Index.Tree).
func (e *Engine) Tree(req index.TreeRequest) (*treenav.TreeResponse, error) {
	r, err := e.ix.Tree(req)
	return r, e.explain(err)
}

// Nodes returns nodes' own content (index.Index.Nodes), re-indexing files
// that changed since indexing.
func (e *Engine) Nodes(req index.NodesRequest) (*treenav.NodesResponse, error) {
	return fresh(e, func() (*treenav.NodesResponse, error) {
		r, err := e.ix.Nodes(req)
		return r, e.explain(err)
	})
}

// Navigate returns a node with its descendants (index.Index.Navigate),
// re-indexing files that changed since indexing.
func (e *Engine) Navigate(req index.NavigateRequest) (*treenav.NavigateResponse, error) {
	return fresh(e, func() (*treenav.NavigateResponse, error) {
		r, err := e.ix.Navigate(req)
		return r, e.explain(err)
	})
}

// References lists the references to one definition
// (index.Index.References).
func (e *Engine) References(req index.ReferencesRequest) (*treenav.ReferencesResponse, error) {
	r, err := e.ix.References(req)
	return r, e.explain(err)
}

// CallHierarchy lists a function's callers or callees, grouped by symbol
// (index.Index.CallHierarchy).
func (e *Engine) CallHierarchy(req index.CallsRequest) (*treenav.CallHierarchyResponse, error) {
	r, err := e.ix.CallHierarchy(req)
	return r, e.explain(err)
}

// Stats returns the index's statistics (index.Index.Stats).
func (e *Engine) Stats() index.Stats { return e.ix.Stats() }

// SetRanking replaces the ranking knobs (index.Index.SetRanking).
func (e *Engine) SetRanking(r treenav.Ranking) { e.ix.SetRanking(r) }

// Grep finds every line of the indexed files that matches req
// (index.Index.GrepFresh), re-indexing the files that changed since
// indexing and asking again; a file still changing is left out.
func (e *Engine) Grep(req index.GrepRequest) (*treenav.GrepResponse, error) {
	return e.ix.GrepFresh(req, e)
}
