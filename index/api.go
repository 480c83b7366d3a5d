package index

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
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
	// PathGlobs are more path globs; a glob "!glob" leaves out the files
	// it matches (pathScope).
	PathGlobs []string
	// Tests takes tests in (""), out or alone (TestScope).
	Tests  TestScope
	Limit  int // default 10
	Offset int
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
		return 0, &BadRequestError{Msg: fmt.Sprintf("bad cursor %s: pass next_cursor from a previous answer unchanged", QuoteInput(c))}
	}
	return n, nil
}

// SymbolRequest looks up code symbols by name.
type SymbolRequest struct {
	Query string
	// Kinds, Languages and PathGlob filter each symbol (not its file):
	// kind "method" keeps methods even in a file that also has functions.
	Kinds     []string
	Languages []string
	PathGlob  string
	// PathGlobs are more path globs; "!glob" excludes (pathScope).
	PathGlobs []string
	// Tests takes tests in (""), out or alone (TestScope).
	Tests       TestScope
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
	// MaxChars bounds the outline's JSON size (0: no bound but MaxNodes);
	// a longer outline keeps the levels that fit whole (boundTreeChars).
	MaxChars int
}

// DefaultMaxNodes bounds the outline of get_tree and navigate_tree: about
// 30k characters of JSON, 10k tokens at worst.
const DefaultMaxNodes = 150

// NodesRequest asks for the content of nodes.
type NodesRequest struct {
	IDs      []string
	DocID    string // optional: ids without a doc prefix are taken in this document
	MaxChars int    // bound of the whole answer's JSON; 0 means DefaultMaxChars
	// Lines, when set, reads only these lines of each node (relative to
	// the file), exactly as written, children included (linesText).
	Lines *LineRange
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
	What string // "document" or "node"
	ID   string // the id asked for
	// Why says more than that the id names nothing, when more is known
	// ("a directory: its files are the documents").
	Why     string
	Closest []string // nearest valid ids, best first
	// Asked is the id as the request gave it, set by the queries whose
	// id may name a file the index left out on purpose: the engine
	// explains those (index/engine: NotIndexedError).
	Asked string
}

func (e *NotFoundError) Error() string {
	msg := fmt.Sprintf("unknown %s id %s", e.What, QuoteInput(e.ID))
	if e.Why != "" {
		msg += " (" + e.Why + ")"
	}
	if len(e.Closest) == 0 {
		return msg
	}
	return msg + "; closest: " + strings.Join(e.Closest, ", ")
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

// GrepRequest is an exact text or regex search over the indexed files:
// every line that matches, with the symbol or section it sits in.
type GrepRequest struct {
	Pattern string
	// Regex reads Pattern as a regular expression (RE2 syntax, Go's
	// regexp); otherwise it is a literal string.
	Regex bool
	// IgnoreCase matches letters in any case (Unicode simple folding).
	IgnoreCase bool
	// Word keeps matches with no word character (letter, mark, digit,
	// connector) right before or after them, as ripgrep's -w.
	Word bool
	// PathGlob, PathGlobs ("!glob" leaves out), Languages, Collections
	// and Tests scope the search as search's do.
	PathGlob    string
	PathGlobs   []string
	Languages   []string
	Collections []string
	Tests       TestScope
	// Context is how many lines before and after each match to show
	// (0-MaxGrepContext).
	Context int
	Limit   int // matches per page; 0: DefaultGrepLimit
	Offset  int
	// MaxChars bounds the answer's JSON size (default DefaultMaxChars).
	MaxChars int
}

// DefaultGrepLimit is the matches of a page when a request does not say.
const DefaultGrepLimit = 50

// MaxGrepContext bounds GrepRequest.Context.
const MaxGrepContext = 5

// Refresher re-indexes documents whose files changed since they were
// indexed. The engine implements it (Engine.Refresh), as it does Source:
// GrepFresh hands it the files a grep found changed.
type Refresher interface {
	Refresh(docIDs []string) error
}

// Source reads a document's file. The index keeps no file contents: node
// text is read back on demand and checked against the content hash taken
// when the file was indexed.
type Source interface {
	ReadFile(collection, path string) ([]byte, error)
}

// StampedSource is a Source whose reads also say the size and
// modification time (unix nanoseconds) of the file they read, from the
// open file: the index then hashes a file's content once while that
// stamp holds (verifiedReads).
type StampedSource interface {
	ReadFileStamped(collection, path string) (src []byte, size, modTime int64, err error)
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

// maxQuoted bounds the bytes of one input that an error message echoes.
const maxQuoted = 200

// QuoteInput quotes an input (an id, a query, a glob, a filter value, a
// cursor) for an error message: whole when short, else its first
// maxQuoted bytes and how long it was, so that an error is never as large
// as the input that caused it.
func QuoteInput(s string) string {
	if len(s) <= maxQuoted {
		return strconv.Quote(s)
	}
	cut := maxQuoted
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + fmt.Sprintf("…(%d bytes)", len(s))
}
