package treenav

import "encoding/json"

// MarshalResult encodes a result as the CLI's --json prints it and as an MCP
// tool sends it in structuredContent, so that the two are equal byte for
// byte. The MCP SDK writes tool results with json.Marshal (compact, with
// <, > and & escaped as \u003c, \u003e, \u0026, whatever the transport's
// own encoder does), so this is json.Marshal too.
func MarshalResult(v any) ([]byte, error) { return json.Marshal(v) }

// The types below are the JSON contract of the CLI's --json output and of
// the MCP tools' structuredContent (see docs/design.md §5). Field names are a
// contract: tests and users depend on them.

// SearchResponse is the result of a search.
type SearchResponse struct {
	Query string `json:"query"`
	// Note says why a query of stop words answers nothing, or which
	// words a query that lost most of its words to them searched for.
	Note    string         `json:"note,omitempty"`
	Total   int            `json:"total"`
	Results []SearchResult `json:"results"`
	// NextCursor, when set, fetches the next page.
	NextCursor string `json:"next_cursor,omitempty"`
	Truncated  bool   `json:"truncated,omitempty"`
}

// SearchResult is one ranked node.
type SearchResult struct {
	NodeID     string  `json:"node_id"`
	DocID      string  `json:"doc_id"`
	Path       string  `json:"path"`
	Collection string  `json:"collection"`
	Title      string  `json:"title"`
	Kind       Kind    `json:"kind"`
	Language   string  `json:"language"`
	LineStart  int     `json:"line_start"`
	LineEnd    int     `json:"line_end"`
	Score      float64 `json:"score"`
	Snippet    string  `json:"snippet"`
	// Deprecated marks a code symbol its source marks deprecated.
	Deprecated bool `json:"deprecated,omitempty"`
}

// GrepResponse is the result of an exact text or regex search: every
// matching line, in path and line order. TotalMatches (matching lines)
// and TotalFiles are exact, whatever the page shows.
type GrepResponse struct {
	Pattern      string      `json:"pattern"`
	TotalMatches int         `json:"total_matches"`
	TotalFiles   int         `json:"total_files"`
	Matches      []GrepMatch `json:"matches"`
	// NextCursor, when set, fetches the next page.
	NextCursor string `json:"next_cursor,omitempty"`
}

// GrepMatch is one matching line.
type GrepMatch struct {
	Path   string `json:"path"`
	Line   int    `json:"line"`   // 1-based
	Column int    `json:"column"` // 1-based byte column of the first match in the line
	// Text is the line, cut around the match when it is long.
	Text string `json:"text"`
	// EnclosingID is the innermost symbol or section holding the line
	// (a node id), or the document's id when none does.
	EnclosingID string `json:"enclosing_id"`
	// Before and After are the context lines asked for.
	Before []string `json:"before,omitempty"`
	After  []string `json:"after,omitempty"`
}

// SymbolsResponse is the result of a symbol lookup.
type SymbolsResponse struct {
	Query string `json:"query,omitempty"`
	// Note says, when no symbol matched by exact or qualified name, that
	// none has the name asked for, with the closest names (Closest).
	Note      string   `json:"note,omitempty"`
	Closest   []string `json:"closest,omitempty"`
	Total     int      `json:"total"`
	Symbols   []Symbol `json:"symbols"`
	Truncated bool     `json:"truncated,omitempty"`
	// NameOnly counts the matches of a qualified query's last part alone
	// (another type's or package's Get for "labels.Labels.Get") that the
	// answer leaves out because symbols matched the qualified name: they
	// are in Total, and the bare name (NameOnlyQuery) lists them.
	NameOnly      int    `json:"name_only_left_out,omitempty"`
	NameOnlyQuery string `json:"name_only_query,omitempty"`
}

// Symbol is one code symbol found by name.
type Symbol struct {
	NodeID        string `json:"node_id"`
	DocID         string `json:"doc_id"`
	Path          string `json:"path"`
	Name          string `json:"name"`
	QualifiedName string `json:"qualified_name"`
	Kind          Kind   `json:"kind"`
	Language      string `json:"language"`
	LineStart     int    `json:"line_start"`
	LineEnd       int    `json:"line_end"`
	Signature     string `json:"signature"`
	Deprecated    bool   `json:"deprecated,omitempty"`
	// Declaration marks a symbol declared here and defined elsewhere (a C
	// or C++ prototype, a TypeScript overload signature): its body is in
	// the definition, listed before it.
	Declaration bool `json:"declaration,omitempty"`
	// Constraint is the build condition the symbol exists under, its
	// own or its enclosing symbol's (Node.Constraint): "linux",
	// "cfg(test)", "#ifdef _WIN32".
	Constraint string `json:"constraint,omitempty"`
	// Match says how the symbol matched the query: exact (its name, any
	// case), qualified (its qualified name or a dotted suffix of it),
	// name (a qualified query's last part only: another qualifier),
	// prefix, camel (camel humps) or fuzzy (substring).
	Match string `json:"match,omitempty"`
}

// ListResponse is the catalog of documents with facet counts.
type ListResponse struct {
	Total       int                       `json:"total"`
	Documents   []DocumentSummary         `json:"documents"`
	FacetCounts map[string]map[string]int `json:"facet_counts"`
	NextCursor  string                    `json:"next_cursor,omitempty"`
}

// DocumentSummary describes one document in a listing.
type DocumentSummary struct {
	DocID       string              `json:"doc_id"`
	Path        string              `json:"path"`
	Collection  string              `json:"collection"`
	Title       string              `json:"title"`
	ContentType ContentType         `json:"content_type"`
	Language    string              `json:"language"`
	NodeCount   int                 `json:"node_count"`
	Facets      map[string][]string `json:"facets"`
}

// TreeResponse is a document's outline: its nodes in document order,
// without content.
type TreeResponse struct {
	DocID     string     `json:"doc_id"`
	Title     string     `json:"title"`
	Nodes     []TreeNode `json:"nodes"`
	Truncated bool       `json:"truncated,omitempty"`
	// TotalNodes, set when the outline was cut, counts the nodes it has.
	TotalNodes int `json:"total_nodes,omitempty"`
	// Links are the document's resolved outgoing links (markdown); a
	// Target is a doc id when the target is indexed. Backlinks are the
	// links from other documents to this one (Source: their doc id).
	Links     []Link `json:"links,omitempty"`
	Backlinks []Link `json:"backlinks,omitempty"`
	// Warnings are problems met while parsing the document that did not
	// stop it (a syntax error the parser recovered from, malformed
	// frontmatter): the outline may miss what they hid.
	Warnings []string `json:"warnings,omitempty"`
}

// TreeNode is one node of an outline.
type TreeNode struct {
	NodeID    string `json:"node_id"`
	ParentID  string `json:"parent_id"`
	Kind      Kind   `json:"kind"`
	Title     string `json:"title"`
	Level     int    `json:"level"`
	LineStart int    `json:"line_start"`
	LineEnd   int    `json:"line_end"`
	WordCount int    `json:"word_count"`
	// Deprecated marks a code symbol its source marks deprecated.
	Deprecated bool `json:"deprecated,omitempty"`
	// Declaration marks a symbol declared here and defined elsewhere.
	Declaration bool `json:"declaration,omitempty"`
	// Signature is a code symbol's declaration line(s), as find_symbol
	// shows it: what an agent navigates by, without reading the node.
	Signature string `json:"signature,omitempty"`
	// Constraint is the build condition the symbol exists under
	// (Node.Constraint).
	Constraint string `json:"constraint,omitempty"`
}

// OutlineResponse is the symbol outline of a set of files.
type OutlineResponse struct {
	Files []OutlineFile `json:"files"`
	// Truncated is set when a max_chars budget left symbols out
	// (FitOutline): TotalSymbols counts those the request took in,
	// LeftOut those not shown, FilesLeftOut the files not shown at all,
	// and Note says what they are and how to get them.
	Truncated    bool   `json:"truncated,omitempty"`
	TotalSymbols int    `json:"total_symbols,omitempty"`
	LeftOut      int    `json:"left_out,omitempty"`
	FilesLeftOut int    `json:"files_left_out,omitempty"`
	Note         string `json:"note,omitempty"`
}

// OutlineFile is one file's symbols (or, for markdown, sections).
type OutlineFile struct {
	Path     string          `json:"path"`
	Language string          `json:"language"`
	Symbols  []OutlineSymbol `json:"symbols"`
	// LeftOut is the number of the file's symbols a budget left out.
	LeftOut int `json:"left_out,omitempty"`
	// Exports are the top-level names the module declares as its API
	// (parsers.ModuleExports: Python's literal __all__), nil when it
	// declares none; FitOutline's ExportedOnly keeps only those. Not
	// part of the answer.
	Exports []string `json:"-"`
}

// OutlineSymbol is one symbol with its children.
type OutlineSymbol struct {
	Name          string `json:"name"`
	QualifiedName string `json:"qualified_name"`
	Kind          Kind   `json:"kind"`
	LineStart     int    `json:"line_start"`
	LineEnd       int    `json:"line_end"`
	Signature     string `json:"signature"`
	// WordCount is the words of the node's own text (a section without
	// its subsections).
	WordCount int `json:"word_count"`
	// Declaration marks a symbol declared here and defined elsewhere (a C
	// or C++ prototype, a TypeScript overload signature).
	Declaration bool `json:"declaration,omitempty"`
	// Constraint is the build condition the symbol exists under
	// (Node.Constraint): "linux", "cfg(test)", "#ifdef _WIN32".
	Constraint string          `json:"constraint,omitempty"`
	Children   []OutlineSymbol `json:"children"`
}

// Outline returns the document's symbol tree (sections for markdown). Code
// blocks of markdown documents are left out; symbols found inside them are
// not the document's own.
func (d *Document) Outline() OutlineFile {
	f := OutlineFile{Path: d.Path, Language: d.Language, Symbols: []OutlineSymbol{}}
	var build func(i int) OutlineSymbol
	build = func(i int) OutlineSymbol {
		n := &d.Nodes[i]
		name, q := n.Name, n.QualifiedName
		if name == "" {
			name, q = n.Title, n.Anchor
		}
		s := OutlineSymbol{Name: name, QualifiedName: q, Kind: n.Kind,
			LineStart: n.LineStart, LineEnd: n.LineEnd, Signature: n.Signature,
			WordCount: n.WordCount, Declaration: n.Declaration, Constraint: n.Constraint, Children: []OutlineSymbol{}}
		for _, c := range n.Children {
			if d.Nodes[c].Kind != KindCode {
				s.Children = append(s.Children, build(c))
			}
		}
		return s
	}
	if len(d.Nodes) > 0 {
		for _, c := range d.Nodes[0].Children {
			if d.Nodes[c].Kind != KindCode {
				f.Symbols = append(f.Symbols, build(c))
			}
		}
	}
	return f
}

// NodesResponse is the content of one or more nodes.
type NodesResponse struct {
	Nodes     []NodeContent `json:"nodes"`
	Truncated bool          `json:"truncated,omitempty"`
}

// NodeContent is a node with its own content: its text without its
// children's, each child replaced by a one-line marker naming its id.
type NodeContent struct {
	NodeID string `json:"node_id"`
	// Asked is what the request gave for this node when it was not its
	// id: a symbol's name or qualified name, or PATH:LINE.
	Asked     string `json:"asked,omitempty"`
	DocID     string `json:"doc_id"`
	Path      string `json:"path"`
	ParentID  string `json:"parent_id"`
	Kind      Kind   `json:"kind"`
	Title     string `json:"title"`
	Language  string `json:"language"`
	LineStart int    `json:"line_start"`
	LineEnd   int    `json:"line_end"`
	// ContentLine is the line Content starts on, when it starts above
	// line_start: a symbol's doc comment or attributes come with it, and
	// line_start is its declaration's line.
	ContentLine int `json:"content_line,omitempty"`
	// Lines is the range of the file's lines Content holds when a lines
	// range was asked ("10-40"): those lines as written, children
	// included.
	Lines     string `json:"lines,omitempty"`
	Signature string `json:"signature,omitempty"`
	Content   string `json:"content"`
	// Children are the ids of the node's children, in order.
	Children []string `json:"children"`
	// TotalChildren is the number of children when the list was cut to
	// bound the answer (get_tree or navigate_tree lists them all).
	TotalChildren int  `json:"total_children,omitempty"`
	Truncated     bool `json:"truncated,omitempty"`
	// Links are the resolved links written in this node's own text.
	Links []Link `json:"links,omitempty"`
}

// NavigateResponse is a node with all its descendants: their outline and
// the full text of the subtree.
type NavigateResponse struct {
	NodeID string `json:"node_id"`
	// Asked is what the request gave when it was not the node's id (a
	// symbol's name or qualified name, or PATH:LINE).
	Asked     string `json:"asked,omitempty"`
	DocID     string `json:"doc_id"`
	Path      string `json:"path"`
	Kind      Kind   `json:"kind"`
	Title     string `json:"title"`
	LineStart int    `json:"line_start"`
	LineEnd   int    `json:"line_end"`
	// ContentLine is the line Content starts on, when it starts above
	// line_start (see NodeContent).
	ContentLine int        `json:"content_line,omitempty"`
	Nodes       []TreeNode `json:"nodes"`
	Content     string     `json:"content"`
	Truncated   bool       `json:"truncated,omitempty"`
	// TotalNodes, set when the outline of descendants was cut, counts them.
	TotalNodes int `json:"total_nodes,omitempty"`
}

// ChangesResponse is the API change report between two revisions (treenav
// outline --diff, the changed_symbols tool): the symbols of the files the
// diff touches, compared on both sides.
type ChangesResponse struct {
	Base       string         `json:"base"`        // the base revision as given
	BaseCommit string         `json:"base_commit"` // its commit hash
	Head       string         `json:"head"`        // the head revision as given, or "working tree"
	HeadCommit string         `json:"head_commit,omitempty"`
	Changes    []SymbolChange `json:"changes"`
	Summary    ChangesSummary `json:"summary"`
	// Truncated says changes were cut to fit max_chars; Summary still
	// counts them all.
	Truncated bool `json:"truncated,omitempty"`
}

// The change kinds of a SymbolChange.
const (
	ChangeAdded             = "added"
	ChangeRemoved           = "removed"
	ChangeSignatureChanged  = "signature_changed"
	ChangeKindChanged       = "kind_changed"
	ChangeVisibilityChanged = "visibility_changed"
	ChangeMoved             = "moved"
	ChangeDeprecated        = "deprecated"
	ChangeBodyChanged       = "body_changed"
)

// ChangeKinds lists the change kinds in the order reports group them.
var ChangeKinds = []string{ChangeRemoved, ChangeSignatureChanged, ChangeKindChanged, ChangeVisibilityChanged,
	ChangeDeprecated, ChangeMoved, ChangeAdded, ChangeBodyChanged}

// SymbolChange is one change to one symbol. A removed symbol is described
// as it was (its base path, line and id); every other change as it is now.
type SymbolChange struct {
	Change        string `json:"change"`
	NodeID        string `json:"node_id"`
	QualifiedName string `json:"qualified_name"`
	Kind          Kind   `json:"kind"`
	OldKind       Kind   `json:"old_kind,omitempty"` // for kind_changed
	Language      string `json:"language"`
	Path          string `json:"path"`
	OldPath       string `json:"old_path,omitempty"` // moved, or in a renamed file
	LineStart     int    `json:"line_start"`
	// Public says the symbol is part of the public API: not private by its
	// language's rule, and not in test, internal or vendored code. For a
	// visibility change it says the new side.
	Public       bool   `json:"public"`
	OldSignature string `json:"old_signature,omitempty"`
	Signature    string `json:"signature,omitempty"`
}

// ChangesSummary counts a report's changes.
type ChangesSummary struct {
	Files   int            `json:"files"`   // files the diff touches that were outlined on either side
	Changes int            `json:"changes"` // all changes
	Public  int            `json:"public"`  // changes to the public API
	ByKind  map[string]int `json:"by_change"`
	// PublicByKind counts the public changes of each kind.
	PublicByKind map[string]int `json:"public_by_change"`
	// Skipped counts the files the diff touches that were not outlined
	// (unsupported, ignored, generated, too large), by reason.
	Skipped map[string]int `json:"skipped,omitempty"`
}
