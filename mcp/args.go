package mcp

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index"
)

// StringList is a parameter that takes one string or a list of strings:
// agents write {"language": "go"} as often as {"language": ["go", "rust"]},
// and both mean the same.
type StringList []string

// UnmarshalJSON accepts a string, a list of strings or null.
func (l *StringList) UnmarshalJSON(b []byte) error {
	var one string
	if err := json.Unmarshal(b, &one); err == nil {
		*l = nil
		if one != "" {
			*l = StringList{one}
		}
		return nil
	}
	var many []string
	if err := json.Unmarshal(b, &many); err != nil {
		return fmt.Errorf("want a string or a list of strings, got %s", b)
	}
	*l = many
	return nil
}

// stringListSchema is StringList's schema: a string or an array of strings.
func stringListSchema() *jsonschema.Schema {
	return &jsonschema.Schema{AnyOf: []*jsonschema.Schema{
		{Type: "string"},
		{Type: "array", Items: &jsonschema.Schema{Type: "string"}},
	}}
}

// Filters are facet filters: key → one value or a list of values (OR
// within a key, AND across keys).
type Filters map[string]StringList

func (f Filters) toIndex() map[string][]string {
	if len(f) == 0 {
		return nil
	}
	out := make(map[string][]string, len(f))
	for k, v := range f {
		out[k] = append([]string(nil), v...)
	}
	return out
}

// The tools' inputs. Field comments (jsonschema tags) are what the agent
// reads in the input schema, so they say what a value looks like.

// ListArgs are list_documents' parameters.
type ListArgs struct {
	Query      string     `json:"query,omitempty" jsonschema:"keep documents whose path or title contains every word of this text"`
	Tag        StringList `json:"tag,omitempty" jsonschema:"keep documents with this tag (the tags facet); one or a list"`
	Filters    Filters    `json:"filters,omitempty" jsonschema:"facet filters, key to one value or a list: {\"language\": \"go\"}; OR within a key, AND across keys; list_documents shows the keys and values in facet_counts"`
	Collection StringList `json:"collection,omitempty" jsonschema:"keep documents of this collection (one or a list)"`
	Limit      int        `json:"limit,omitempty" jsonschema:"documents per page"`
	Cursor     string     `json:"cursor,omitempty" jsonschema:"next_cursor of a previous call, to get the next page"`
	MaxChars   int        `json:"max_chars,omitempty" jsonschema:"bound on the size of the page in characters; a page cut short gives a next_cursor"`
}

// SearchArgs are search_documents' parameters.
type SearchArgs struct {
	Query      string     `json:"query" jsonschema:"words, identifiers or \"quoted phrases\" (literal: the node's text must hold them as written, case aside); camelCase and snake_case identifiers match their parts"`
	Filters    Filters    `json:"filters,omitempty" jsonschema:"facet filters, key to one value or a list: {\"language\": [\"go\", \"python\"], \"kind\": \"method\"}; OR within a key, AND across keys; kind filters the node itself (treenav's kinds or the language's own word, such as typedef), other keys (language, content_type, collection, frontmatter keys) its document; a key no document has, or a value that looks like a typo of an indexed one, is an error that lists the indexed ones; to leave tests out use tests, not a filter"`
	Collection StringList `json:"collection,omitempty" jsonschema:"search only this collection (one or a list)"`
	DocID      StringList `json:"doc_id,omitempty" jsonschema:"search only inside this document (one doc_id or a list)"`
	Path       StringList `json:"path,omitempty" jsonschema:"search only files whose path matches this glob (one or a list), relative to the root: \"src/**/*.go\", a directory (\"net/http\" is \"net/http/**\"), or without a '/' a file name at any depth (\"*.go\", \"server.go\"); \"!glob\" leaves out what it matches (\"!*_test.go\"); a glob outside every root is an error"`
	Tests      string     `json:"tests,omitempty" jsonschema:"include (the default), exclude or only: take in, leave out or keep only tests and test data (foo_test.go, test_foo.py, *.spec.ts, tests/, testdata/ and the like: the files ranking already puts after the code)"`
	Limit      int        `json:"limit,omitempty" jsonschema:"results per page"`
	Cursor     string     `json:"cursor,omitempty" jsonschema:"next_cursor of a previous call, to get the next page"`
	MaxChars   int        `json:"max_chars,omitempty" jsonschema:"bound on the size of the page in characters; a page cut short gives a next_cursor"`
}

// TreeArgs are get_tree's parameters.
type TreeArgs struct {
	DocID    string `json:"doc_id" jsonschema:"the document: its path as listed by list_documents or search_documents (a node id also works)"`
	MaxDepth int    `json:"max_depth,omitempty" jsonschema:"show nodes down to this depth: 1 is top-level symbols or sections only; 0 or absent is all levels"`
	MaxNodes int    `json:"max_nodes,omitempty" jsonschema:"bound on the nodes shown; a longer outline keeps the levels that fit whole and says so"`
	MaxChars int    `json:"max_chars,omitempty" jsonschema:"bound on the size of the outline in characters; a longer outline keeps the levels that fit whole and says so"`
}

// NodeArgs are get_node_content's parameters.
type NodeArgs struct {
	DocID    string   `json:"doc_id,omitempty" jsonschema:"the document the node ids belong to; lets node_ids be bare anchors such as \"Server.Shutdown\""`
	NodeIDs  []string `json:"node_ids,omitempty" jsonschema:"node ids such as \"web/server.go#Server.Shutdown\" or \"docs/install.md#install/from-source\"; a bare anchor works when only one document has it, and where no node has the id a symbol's name or qualified name (\"http.Server.Shutdown\") or PATH:LINE"`
	NodeID   string   `json:"node_id,omitempty" jsonschema:"one node id (same as node_ids with one element)"`
	Lines    string   `json:"lines,omitempty" jsonschema:"read only part of the node: a range of the file's lines such as \"10-40\", \"10-\" or \"10\", clipped to the node, as written with its children"`
	MaxChars int      `json:"max_chars,omitempty" jsonschema:"bound on the size of the answer (its JSON: text, child lists and all) in characters"`
}

// NavigateArgs are navigate_tree's parameters.
type NavigateArgs struct {
	DocID    string `json:"doc_id,omitempty" jsonschema:"the document the node id belongs to; lets node_id be a bare anchor"`
	NodeID   string `json:"node_id" jsonschema:"the node whose subtree to return, e.g. \"web/server.go#Server\"; a doc_id alone is the whole document"`
	MaxDepth int    `json:"max_depth,omitempty" jsonschema:"outline descendants down to this depth below the node; 0 or absent is all"`
	MaxChars int    `json:"max_chars,omitempty" jsonschema:"bound on the size of the answer (its JSON: outline and text together) in characters"`
	MaxNodes int    `json:"max_nodes,omitempty" jsonschema:"bound on the descendants listed in the outline"`
}

// SymbolArgs are find_symbol's parameters.
type SymbolArgs struct {
	Query      string     `json:"query" jsonschema:"a symbol name (\"Shutdown\"), a qualified name (\"Server.Shutdown\"), a prefix or camel humps (\"gUT\" finds getUserToken)"`
	Kind       StringList `json:"kind,omitempty" jsonschema:"keep symbols of this kind (one or a list): class, interface, struct, enum, type, function, method, constructor, field, constant, variable, ..."`
	Language   StringList `json:"language,omitempty" jsonschema:"keep symbols of this language (one or a list): go, python, typescript, ..."`
	Path       StringList `json:"path,omitempty" jsonschema:"keep symbols in files whose path matches this glob (one or a list), relative to the root: \"internal/**\", a directory (\"net/http\" is \"net/http/**\"), or without a '/' a file name at any depth (\"*.go\", \"server.go\"); \"!glob\" leaves out what it matches (\"!*_test.go\"); a glob outside every root is an error"`
	Tests      string     `json:"tests,omitempty" jsonschema:"include (the default), exclude or only: take in, leave out or keep only tests and test data (foo_test.go, test_foo.py, *.spec.ts, tests/, testdata/ and the like: the files ranking already puts after the code)"`
	Collection StringList `json:"collection,omitempty" jsonschema:"keep symbols of this collection (one or a list)"`
	Limit      int        `json:"limit,omitempty" jsonschema:"number of symbols"`
	MaxChars   int        `json:"max_chars,omitempty" jsonschema:"bound on the size of the answer in characters"`
}

// OutlineArgs are get_outline's parameters.
type OutlineArgs struct {
	Path         StringList `json:"path" jsonschema:"a file, a directory (\"encoding/csv\") or a glob (\"src/**/*.ts\"), one or a list, relative to the root; \"!glob\" leaves out what it matches (\"!*_test.go\")"`
	ExportedOnly bool       `json:"exported_only,omitempty" jsonschema:"the public API only: leave out symbols private by their language's rule (Go's lowercase names, Python's _names, private members) and test files"`
	Signatures   *bool      `json:"signatures,omitempty" jsonschema:"show each symbol's signature; default true"`
	Depth        int        `json:"depth,omitempty" jsonschema:"symbols down to this depth: 1 is top-level only (types without their fields and methods); 0 or absent is all"`
	MaxChars     int        `json:"max_chars,omitempty" jsonschema:"bound on the size of the answer as text (what you read; its JSON is about three times larger) in characters; past it the public types and callables are kept first and the answer says what it left out"`
}

func (a OutlineArgs) request() index.OutlineRequest {
	return index.OutlineRequest{Paths: a.Path, OutlineOptions: treenav.OutlineOptions{ExportedOnly: a.ExportedOnly,
		NoSignatures: a.Signatures != nil && !*a.Signatures, Depth: a.Depth, MaxChars: max(a.MaxChars, 0)}}
}

// ChangesArgs are changed_symbols' parameters.
type ChangesArgs struct {
	Base     string `json:"base,omitempty" jsonschema:"the git revision to compare with (a branch, tag, HEAD~1, a commit hash); default HEAD"`
	Head     string `json:"head,omitempty" jsonschema:"the git revision to compare; default the files on disk (the work tree, uncommitted and untracked files included)"`
	Path     string `json:"path,omitempty" jsonschema:"keep files this path glob matches (a directory takes the files under it, a glob without / a file name at any depth)"`
	Bodies   bool   `json:"bodies,omitempty" jsonschema:"also list symbols whose code changed when their signature did not (body_changed)"`
	MaxChars int    `json:"max_chars,omitempty" jsonschema:"bound on the size of the answer in characters; the summary still counts every change"`
}

// GrepArgs are grep_documents' parameters.
type GrepArgs struct {
	Pattern       string     `json:"pattern" jsonschema:"the text to find, or with regex a regular expression (RE2 syntax)"`
	Regex         bool       `json:"regex,omitempty" jsonschema:"read pattern as a regular expression; default false: a literal string"`
	CaseSensitive *bool      `json:"case_sensitive,omitempty" jsonschema:"match letters' case exactly; default true"`
	Word          bool       `json:"word,omitempty" jsonschema:"keep matches that stand as whole words (no letter, digit or _ right before or after), as grep -w"`
	Path          StringList `json:"path,omitempty" jsonschema:"search only files whose path matches this glob (one or a list), relative to the root: \"src/**/*.go\", a directory (\"net/http\" is \"net/http/**\"), or without a '/' a file name at any depth (\"*.go\"); \"!glob\" leaves out what it matches (\"!*_test.go\")"`
	Tests         string     `json:"tests,omitempty" jsonschema:"include (the default), exclude or only: take in, leave out or keep only tests and test data, by the same rule as search_documents"`
	Language      StringList `json:"language,omitempty" jsonschema:"search only files of this language (one or a list): go, python, markdown, ..."`
	Collection    StringList `json:"collection,omitempty" jsonschema:"search only this collection (one or a list)"`
	Context       int        `json:"context,omitempty" jsonschema:"lines of context before and after each match, 0 to 5"`
	Limit         int        `json:"limit,omitempty" jsonschema:"matching lines per page"`
	Cursor        string     `json:"cursor,omitempty" jsonschema:"next_cursor of a previous call, to get the next page"`
	MaxChars      int        `json:"max_chars,omitempty" jsonschema:"bound on the size of the page in characters; a page cut short gives a next_cursor"`
}

// StatusArgs are index_status' parameters: none.
type StatusArgs struct{}

// The index requests. Each mirrors a CLI command's flags (cmd/treenav), so
// a tool call and its CLI command ask the index the same question.

func (a ListArgs) request() (index.ListRequest, error) {
	off, err := index.ParseCursor(a.Cursor)
	if err != nil {
		return index.ListRequest{}, err
	}
	f := a.Filters.toIndex()
	if len(a.Tag) > 0 {
		if f == nil {
			f = map[string][]string{}
		}
		f["tags"] = append(f["tags"], a.Tag...)
	}
	return index.ListRequest{Query: a.Query, Filters: f, Collections: a.Collection,
		Limit: a.Limit, Offset: off, MaxChars: a.MaxChars}, nil
}

func (a SearchArgs) request() (index.SearchRequest, error) {
	off, err := index.ParseCursor(a.Cursor)
	if err != nil {
		return index.SearchRequest{}, err
	}
	if strings.TrimSpace(a.Query) == "" {
		return index.SearchRequest{}, &index.BadRequestError{Msg: "empty query: give words or identifiers to search for (list_documents lists documents without one)"}
	}
	return index.SearchRequest{Query: a.Query, Filters: a.Filters.toIndex(), Collections: a.Collection,
		DocIDs: a.DocID, PathGlobs: a.Path, Tests: index.TestScope(a.Tests), Limit: a.Limit, Offset: off, MaxChars: a.MaxChars}, nil
}

func (a GrepArgs) request() (index.GrepRequest, error) {
	off, err := index.ParseCursor(a.Cursor)
	if err != nil {
		return index.GrepRequest{}, err
	}
	return index.GrepRequest{Pattern: a.Pattern, Regex: a.Regex, IgnoreCase: a.CaseSensitive != nil && !*a.CaseSensitive,
		Word: a.Word, PathGlobs: a.Path, Tests: index.TestScope(a.Tests), Languages: a.Language, Collections: a.Collection, Context: a.Context,
		Limit: a.Limit, Offset: off, MaxChars: a.MaxChars}, nil
}

func (a NodeArgs) request() (index.NodesRequest, error) {
	ids := append([]string(nil), a.NodeIDs...)
	if a.NodeID != "" {
		ids = append(ids, a.NodeID)
	}
	if len(ids) == 0 {
		return index.NodesRequest{}, &index.BadRequestError{Msg: "no node id: pass node_ids, e.g. [\"web/server.go#Server.Shutdown\"] (get_tree lists a document's ids)"}
	}
	lines, err := index.ParseLineRange(a.Lines)
	if err != nil {
		return index.NodesRequest{}, err
	}
	return index.NodesRequest{IDs: ids, DocID: a.DocID, MaxChars: a.MaxChars, Lines: lines}, nil
}

// inputSchema infers In's schema (StringList as string-or-list; fields
// without omitempty required) and sets the defaults and minimums of the
// named properties.
func inputSchema[In any](defaults map[string]int) *jsonschema.Schema {
	s, err := jsonschema.For[In](&jsonschema.ForOptions{TypeSchemas: map[reflect.Type]*jsonschema.Schema{
		reflect.TypeFor[StringList](): stringListSchema(),
	}})
	if err != nil {
		panic(fmt.Sprintf("input schema of %T: %v", *new(In), err))
	}
	for _, p := range s.Properties {
		// A Go slice is inferred as ["null", "array"]; tool callers (and
		// clients that convert arguments by "type") expect plain "array".
		if len(p.Types) == 2 && p.Types[0] == "null" {
			p.Type, p.Types = p.Types[1], nil
		}
	}
	for name, v := range defaults {
		p := s.Properties[name]
		if p == nil {
			panic(fmt.Sprintf("input schema of %T: no property %q", *new(In), name))
		}
		p.Default = json.RawMessage(strconv.Itoa(v))
		one := 1.0
		p.Minimum = &one
	}
	return s
}

// grepSchema is grep_documents' input schema: case_sensitive defaults to
// true, context runs from 0 to MaxGrepContext.
func grepSchema() *jsonschema.Schema {
	s := inputSchema[GrepArgs](map[string]int{"limit": index.DefaultGrepLimit, "max_chars": index.DefaultMaxChars})
	s.Properties["case_sensitive"].Default = json.RawMessage("true")
	lo, hi := 0.0, float64(index.MaxGrepContext)
	s.Properties["context"].Minimum, s.Properties["context"].Maximum = &lo, &hi
	return s
}

// outlineSchema is get_outline's input schema: signatures defaults to
// true.
func outlineSchema() *jsonschema.Schema {
	s := inputSchema[OutlineArgs](map[string]int{"max_chars": index.DefaultMaxChars})
	s.Properties["signatures"].Default = json.RawMessage("true")
	return s
}

// outputSchema infers the schema of a result type. An outline's symbol
// holds symbols, a cycle inference does not follow: it is described.
func outputSchema[Out any]() *jsonschema.Schema {
	s, err := jsonschema.For[Out](&jsonschema.ForOptions{TypeSchemas: map[reflect.Type]*jsonschema.Schema{
		reflect.TypeFor[treenav.OutlineSymbol](): {Type: "object", Description: "a symbol: name, qualified_name, kind, line_start, line_end, signature, word_count, declaration, constraint, and its children, symbols of the same shape"},
	}})
	if err != nil {
		panic(fmt.Sprintf("output schema of %T: %v", *new(Out), err))
	}
	return s
}
