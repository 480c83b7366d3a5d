package mcp

import (
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index"
)

const referencesDescription = `Who uses a definition: every reference to one function, method, type, field, variable or constant, across code and docs, with its confidence. target is a node id ("net/http/server.go#Server.Shutdown"), a name or qualified name as find_symbol reads it ("Server.Shutdown", "os.ReadFile", "net/http.Server.Shutdown"; several matches answer with their node ids to pick from), or PATH:LINE of the definition. Each reference: path, line, column, kind (call, type, import, inherit, read, write, other, doc), confidence (resolved: it names this definition and no other; ambiguous: this or another, the file alone cannot tell; textual: the name only, in a comment, string or prose, or a use the resolver could not tie), enclosing_id (the symbol or section it sits in: read it with get_node_content) and its line. counts are complete even when the page is cut: use them to say how many places a rename touches. Narrow with kinds, include (confidence levels), path glob, collection. Bounded by limit and max_chars; next_cursor gives the next page.`

// RefsArgs are find_references' parameters.
type RefsArgs struct {
	Target     string     `json:"target" jsonschema:"the definition: a node id, a name or qualified name (\"Server.Shutdown\", \"os.ReadFile\"), or PATH:LINE[:COL] of its name"`
	Kinds      StringList `json:"kinds,omitempty" jsonschema:"keep references of these kinds (one or a list): call, type, import, inherit, read, write, other, doc"`
	Include    StringList `json:"include,omitempty" jsonschema:"keep references of these confidence levels (one or a list): resolved, ambiguous, textual"`
	Path       string     `json:"path,omitempty" jsonschema:"look only in files whose path matches this glob"`
	Collection StringList `json:"collection,omitempty" jsonschema:"look only in this collection (one or a list)"`
	Limit      int        `json:"limit,omitempty" jsonschema:"number of references in the page"`
	Cursor     string     `json:"cursor,omitempty" jsonschema:"next_cursor from a previous answer, for the next page"`
	MaxChars   int        `json:"max_chars,omitempty" jsonschema:"bound on the size of the answer in characters"`
}

func (a RefsArgs) request() index.ReferencesRequest {
	return index.ReferencesRequest{Target: a.Target, Kinds: a.Kinds, Include: a.Include, PathGlob: a.Path,
		Collections: a.Collection, Limit: a.Limit, Cursor: a.Cursor, MaxChars: a.MaxChars}
}

// addRefTools registers find_references and get_call_hierarchy.
func (s *Server) addRefTools() {
	ix := s.eng.Index
	addTool(s, &sdk.Tool{Name: "find_references", Description: referencesDescription, Annotations: readOnly("Find references")},
		inputSchema[RefsArgs](map[string]int{"limit": index.DefaultRefLimit, "max_chars": index.DefaultMaxChars}),
		func(a RefsArgs) (*treenav.ReferencesResponse, error) {
			return ix().References(a.request())
		})
}
