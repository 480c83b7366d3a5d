package index

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// The index's interface in one place: the requests its queries take,
// their defaults, and the errors they return. The answers are the shared
// model's (treenav.SearchResponse, TreeResponse, ...: results.go).

// SearchRequest is a ranked search over nodes.
type SearchRequest struct {
	Query string
	// Filters keep nodes whose document has, for every key, one of the
	// values (OR within a key, AND across keys). The key "kind" filters
	// on the node's own kind; "collection", "language", "content_type" and
	// every frontmatter key are document facets.
	Filters map[string][]string
	// Collections, DocIDs and PathGlob scope the search.
	Collections []string
	DocIDs      []string
	PathGlob    string
	Limit       int // default 10
	Offset      int
	// SnippetChars bounds each snippet (default 240).
	SnippetChars int
	// MaxChars bounds the results' JSON size (default DefaultMaxChars):
	// the page stops early, with a cursor to the rest, when it would pass.
	MaxChars int
}

// DefaultLimit is the number of results when a request does not say.
const DefaultLimit = 10

// ParseCursor reads a next_cursor, as the CLI's --cursor and the tools'
// cursor argument pass it back: an offset into the ranked or listed
// results ("" is the start).
func ParseCursor(c string) (int, error) {
	if c == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(c)
	if err != nil || n < 0 {
		return 0, &BadRequestError{Msg: fmt.Sprintf("bad cursor %q: pass next_cursor from a previous answer unchanged", c)}
	}
	return n, nil
}

// SymbolRequest looks up code symbols by name.
type SymbolRequest struct {
	Query string
	// Kinds, Languages and PathGlob filter each symbol (not its file):
	// kind "method" keeps methods even in a file that also has functions.
	Kinds       []string
	Languages   []string
	PathGlob    string
	Collections []string
	Limit       int // default 20
	// MaxChars bounds the symbols' JSON size (default DefaultMaxChars).
	MaxChars int
}

// DefaultSymbolLimit is the number of symbols when a request does not say.
const DefaultSymbolLimit = 20

// ListRequest selects documents.
type ListRequest struct {
	// Query keeps documents whose path or title contains every word.
	Query       string
	Filters     map[string][]string
	Collections []string
	Limit       int // default 50
	Offset      int
	// MaxChars bounds the documents' JSON size (default DefaultMaxChars):
	// the page stops early, with a cursor to the rest, when it would pass.
	MaxChars int
}

// DefaultListLimit is the number of documents per page.
const DefaultListLimit = 50

// TreeRequest asks for a document's outline.
type TreeRequest struct {
	DocID    string
	MaxDepth int // 0: all levels; 1: the root's children only, ...
	// MaxNodes bounds the outline (0: DefaultMaxNodes, negative: no
	// bound). A longer outline keeps the levels that fit whole.
	MaxNodes int
}

// DefaultMaxNodes bounds the outline of get_tree and navigate_tree: about
// 30k characters of JSON, 10k tokens at worst.
const DefaultMaxNodes = 150

// NodesRequest asks for the content of nodes.
type NodesRequest struct {
	IDs      []string
	DocID    string // optional: ids without a doc prefix are taken in this document
	MaxChars int    // total content bound; 0 means DefaultMaxChars
}

// DefaultMaxChars bounds the text of node and navigate responses: about
// 5k tokens, far below what clients accept.
const DefaultMaxChars = 20000

// NavigateRequest asks for a node and all its descendants.
type NavigateRequest struct {
	ID       string
	DocID    string
	MaxDepth int // 0: all
	MaxChars int // 0: DefaultMaxChars
	MaxNodes int // outline bound; 0: DefaultMaxNodes, negative: none
}

// NotFoundError reports an unknown document or node id, with the closest
// valid ids so that a caller (often an agent) can correct itself.
type NotFoundError struct {
	What    string   // "document" or "node"
	ID      string   // the id asked for
	Closest []string // nearest valid ids, best first
	// Asked is the id as the request gave it, set by the queries whose
	// id may name a file the index left out on purpose: the engine
	// explains those (index/engine: NotIndexedError).
	Asked string
}

func (e *NotFoundError) Error() string {
	if len(e.Closest) == 0 {
		return fmt.Sprintf("unknown %s id %q", e.What, e.ID)
	}
	return fmt.Sprintf("unknown %s id %q; closest: %s", e.What, e.ID, strings.Join(e.Closest, ", "))
}

// withAsked records on err, when it is a NotFoundError, the id the request
// gave, for the engine to explain; other errors are returned as they are.
func withAsked(id string, err error) error {
	if nf, ok := errors.AsType[*NotFoundError](err); ok {
		nf.Asked = id
	}
	return err
}

// BadRequestError reports an invalid request parameter.
type BadRequestError struct{ Msg string }

func (e *BadRequestError) Error() string { return e.Msg }

// Source reads a document's file. The index keeps no file contents: node
// text is read back on demand and checked against the content hash taken
// when the file was indexed.
type Source interface {
	ReadFile(collection, path string) ([]byte, error)
}

// ErrStale is returned when a file changed since it was indexed: its
// recorded byte ranges no longer describe it. Callers re-index the file
// (see Engine) and ask again.
var ErrStale = errors.New("file changed since it was indexed")

// StaleError names the document whose file changed; it matches ErrStale.
type StaleError struct{ DocID, Path string }

func (e *StaleError) Error() string { return e.Path + ": " + ErrStale.Error() }

// Is makes errors.Is(err, ErrStale) true.
func (e *StaleError) Is(target error) bool { return target == ErrStale }
