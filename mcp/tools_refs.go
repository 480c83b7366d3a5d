package mcp

import (
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index"
)

const referencesDescription = `Who uses a definition: every reference to one function, method, type, field, variable or constant, across code and docs, with its confidence. target is a node id ("net/http/server.go#Server.Shutdown"), a name or qualified name as find_symbol reads it ("Server.Shutdown", "os.ReadFile", "net/http.Server.Shutdown"; several matches answer with their node ids to pick from), or PATH:LINE of the definition. Each reference: path, line, column, kind (call, type, import, inherit, read, write, other, doc), confidence (resolved: it names this definition and no other; ambiguous: this or another, the file alone cannot tell; textual: the name only, in a comment, string or prose, or a use the resolver could not tie), enclosing_id (the symbol or section it sits in: read it with get_node_content) and its line. counts are complete even when the page is cut: use them to say how many places a rename touches; when most references are ambiguous, "note" says so and how to keep the resolved ones. A Python __init__'s references include the calls of its class. Narrow with kinds, include (confidence levels), path globs ("!*_test.go" leaves out), tests (exclude or only), collection. Bounded by limit and max_chars; next_cursor gives the next page.`

const callsDescription = `Call hierarchy of a function or method: its callers (direction "incoming", the default) or what it calls ("outgoing"), grouped by the calling (or called) symbol, each group with its call sites (path, line, column, confidence, the line's text), to depth 1-3 (callers of callers: each deeper group names the group it calls in "via"). Incoming calls include calls through an interface method the symbol implements, marked "via_interface": true; for an interface method, "implementations" lists the methods that implement it. target is read as find_references reads it. path and tests scope the calls (incoming: the callers' files; outgoing: the callees'). Use it to see what a change affects before making it, or what a handler does without reading its body. Incoming groups with a resolved call come first; when most calls are ambiguous, "note" says so. total_groups and total_calls count everything found; a cut answer says what it left out in "cut" (at most 10 call sites per group: find_references lists them all). Bounded by limit (groups) and max_chars.`

// CallsArgs are get_call_hierarchy's parameters.
type CallsArgs struct {
	Target    string     `json:"target" jsonschema:"the function or method: a node id, a name or qualified name, or PATH:LINE[:COL]"`
	Direction string     `json:"direction,omitempty" jsonschema:"incoming (callers, the default) or outgoing (callees)"`
	Depth     int        `json:"depth,omitempty" jsonschema:"how many levels to follow, 1 to 3 (default 1)"`
	Limit     int        `json:"limit,omitempty" jsonschema:"number of groups"`
	MaxChars  int        `json:"max_chars,omitempty" jsonschema:"bound on the size of the answer in characters"`
	Path      StringList `json:"path,omitempty" jsonschema:"keep calls in files matching this glob (one or a list): incoming, the callers' files; outgoing, the callees'; \"!glob\" leaves out what it matches (\"!*_test.go\"); a glob outside every root is an error"`
	Tests     string     `json:"tests,omitempty" jsonschema:"include (the default), exclude or only: take in, leave out or keep only tests and test data (callers in tests, or callees that are test helpers), by the same rule as search_documents"`
}

// RefsArgs are find_references' parameters.
type RefsArgs struct {
	Target     string     `json:"target" jsonschema:"the definition: a node id, a name or qualified name (\"Server.Shutdown\", \"os.ReadFile\", \"java.util.HashMap.resize\", \"std::vector::reserve\"), or PATH:LINE[:COL] of its name"`
	Kinds      StringList `json:"kinds,omitempty" jsonschema:"keep references of these kinds (one or a list): call, type, import, inherit, read, write, other, doc"`
	Include    StringList `json:"include,omitempty" jsonschema:"keep references of these confidence levels (one or a list): resolved, ambiguous, textual"`
	Path       StringList `json:"path,omitempty" jsonschema:"look only in files whose path matches this glob (one or a list), relative to the root: \"src/**/*.go\", a directory (\"net/http\" is \"net/http/**\"), or without a '/' a file name at any depth; \"!glob\" leaves out what it matches (\"!*_test.go\"); a glob outside every root is an error"`
	Tests      string     `json:"tests,omitempty" jsonschema:"include (the default), exclude or only: take in, leave out or keep only references in tests and test data, by the same rule as search_documents"`
	Collection StringList `json:"collection,omitempty" jsonschema:"look only in this collection (one or a list)"`
	Limit      int        `json:"limit,omitempty" jsonschema:"number of references in the page"`
	Cursor     string     `json:"cursor,omitempty" jsonschema:"next_cursor from a previous answer, for the next page"`
	MaxChars   int        `json:"max_chars,omitempty" jsonschema:"bound on the size of the answer in characters"`
}

func (a RefsArgs) request() index.ReferencesRequest {
	return index.ReferencesRequest{Target: a.Target, Kinds: a.Kinds, Include: a.Include, PathGlobs: a.Path,
		Tests: index.TestScope(a.Tests), Collections: a.Collection, Limit: a.Limit, Cursor: a.Cursor, MaxChars: a.MaxChars}
}

// addRefTools registers find_references and get_call_hierarchy.
func (s *Server) addRefTools() {
	addTool(s, &sdk.Tool{Name: "find_references", Description: referencesDescription, Annotations: readOnly("Find references")},
		inputSchema[RefsArgs](map[string]int{"limit": index.DefaultRefLimit, "max_chars": index.DefaultMaxChars}),
		func(a RefsArgs) (*treenav.ReferencesResponse, error) {
			return s.eng.References(a.request())
		})
	addTool(s, &sdk.Tool{Name: "get_call_hierarchy", Description: callsDescription, Annotations: readOnly("Call hierarchy")},
		inputSchema[CallsArgs](map[string]int{"limit": index.DefaultCallLimit, "max_chars": index.DefaultMaxChars}),
		func(a CallsArgs) (*treenav.CallHierarchyResponse, error) {
			return s.eng.CallHierarchy(index.CallsRequest{Target: a.Target, Direction: a.Direction, Depth: a.Depth, Limit: a.Limit, MaxChars: a.MaxChars,
				PathGlobs: a.Path, Tests: index.TestScope(a.Tests)})
		})
}
