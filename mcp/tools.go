package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index"
	"github.com/treenav/treenav/index/engine"
	"github.com/treenav/treenav/index/walk"
)

// The tool descriptions are written for the agent that chooses among them:
// what each is for, when to use it instead of another, what comes next.
const (
	listDescription = `List the indexed documents (source files and markdown pages) with facet counts: how many documents per language, content_type, collection and frontmatter key such as tags. Use it to see what the repository holds and which filter values exist before filtering search_documents; to find where something is, search_documents or find_symbol is faster. Narrow by words of the path or title (query), tag, filters or collection. Pages of "limit" documents: pass next_cursor back as cursor for the next page.`

	searchDescription = `Rank code symbols and markdown sections by relevance to words (BM25): the first step when you do not know where something is. Identifiers, qualified names ("json.Marshal", "Server.Shutdown"), file names ("server.go") and prose all work; a module asked for by name ("json module", "package http") leads with the file that documents it. A "quoted phrase" is literal: only nodes whose text holds those words adjacent, in order, as written (case aside), or that it names ("errors.Is"), are returned: "retry_on_http_429", "compactor.Plan(". For every line holding a string, use grep_documents. Each result is one node: its node_id ("path#Qualified.name" for code such as "web/server.go#Server.Shutdown", "path#section/subsection" for markdown), kind, lines, score and a snippet; deprecated symbols say so ("deprecated": true) and rank below live ones, as tests, private symbols and internal or vendored code rank below the project's public code. Next: get_node_content(node_ids=[...]) to read results, or get_tree(doc_id) to see a result's document outline. Narrow with filters ({"language": "go", "kind": "method"}), collection, doc_id or a path glob. A query of stop words only ("how do I") answers nothing, with a "note" saying so; a word in a quarter or more of the nodes (a directory every file sits under) only ranks what the other words match, and the note names it. For a symbol whose name you know, find_symbol is more precise. Bounded by limit and max_chars; next_cursor gives the next page.`

	treeDescription = `Outline of one document without its text: the symbols of a source file (types, functions, methods, fields, nested by containment) or the sections of a markdown page (headings), each with node_id, kind, title, lines, word count and, for code, its signature. doc_id is a path, or a module's name for its file ("argparse"). Use it after search_documents or list_documents to see how a file is organized and pick the exact node to read with get_node_content. A large outline is cut to max_nodes (and max_chars) keeping whole levels (every top-level symbol) and says so; then read deeper with navigate_tree on a node, or use max_depth.`

	nodeDescription = `Text of one or more nodes (symbols or sections) by id, with path and line range: the precise read after search_documents, find_symbol or get_tree. The text is exactly as in the file (the first line keeps its indentation), so it can be the old text of an edit. A node's own text shows its short children as written (a struct's fields with their tags and comments, enum members, small code blocks) and replaces each longer child (a method, a subsection) by a one-line marker with the child's id: ask for those ids next, or use navigate_tree for a node with everything under it. lines ("10-40", relative to the file) reads only that part of a node, children included. Ids may be bare anchors ("Server.Shutdown") when doc_id is given or only one document has the anchor. Where no node has the id, a symbol's name or qualified name as find_symbol reads it ("http.Server.Shutdown", "json.Marshal") or PATH:LINE (a grep hit: the symbol there) works too, so one call reads a symbol you can name (the structured answer's "asked" says what you gave), and a name that several definitions have answers with their ids. An unknown id answers with the closest valid ids or symbols. Bounded by max_chars.`

	outlineDescription = `Outline of a package, directory or set of files in one call: every indexed file under path (a file, a directory such as "encoding/csv", a glob, or where no path matches a module's or package's name such as "argparse", "http" or "java.util.concurrent"), each with its symbols nested (types with their fields and methods) and their signatures, in treenav outline's JSON shape; "constraint" marks a symbol that exists only in some builds ("linux", "cfg(test)", "#ifdef _WIN32"). Use it to learn a package's API without reading its files; get_tree outlines one document with node ids. exported_only keeps the public API (no private symbols, none local to a function, no test files; a Python module's literal __all__ when it has one); depth 1 keeps top-level symbols. Past max_chars the public types and callables are kept first, fields and constants after, and "note" says what was left out (left_out per file) and which narrower call gets it.`

	navigateDescription = `A node with all its descendants: the outline of the subtree and its full text (a Go type with its fields and methods, a markdown section with all its subsections). Use it to read a whole class or chapter at once (node_id may be a symbol's name or qualified name, or PATH:LINE, as get_node_content reads them); use get_node_content to read one symbol or section alone, and get_tree for a document's outline without text. Bounded by max_chars (outline and text together; when the text must be cut, the outline, which names the children to navigate into, keeps most of the room) and max_nodes (outline); a cut answer says so, then navigate into a child.`

	symbolDescription = `Find code symbols by name, best match first: exact name, qualified name ("Server.Shutdown", or with its package or module as code calls it: "http.Server.Shutdown", "json.Marshal", "os.path.join"; "Server::shutdown" also works), prefix, camel humps ("gUT" finds getUserToken), substring. Filters apply to each symbol: kind ("method", "function", "struct", ...), language, path glob, collection. Returns node_id, kind, signature, file and lines, "deprecated": true for deprecated symbols (listed after live ones of the same match), "constraint" for a symbol that exists only in some builds ("linux", "cfg(test)", "#ifdef _WIN32"), "declaration": true for a prototype or overload signature whose body is elsewhere (listed after the definition); "match" says how each matched (exact, qualified, name: the name but another qualifier, prefix, camel, fuzzy); when a qualified name matched, other symbols of the same name are counted in "name_only_left_out", not listed; when nothing matches exactly or by qualified name, "note" says so first with the closest names ("closest") and the first one's symbols are listed first with "match": "closest": check them before trusting a weaker match; a module's or package's name ("argparse", "encoding/json") is said to be one, with its file or directory for get_outline. Read a symbol with get_node_content(node_ids=[node_id]). When you know what the code does but not its name, use search_documents.`

	changesDescription = `Which symbols a change touches, from git: by default your uncommitted edits (the files on disk against HEAD), or any two revisions (base, head). Per symbol: added, removed, signature_changed (old and new signature), kind_changed, visibility_changed (public or exported, by the language's rule), moved (same name, other file), deprecated (newly marked), and with bodies=true body_changed (the code changed, the signature did not); "public" says whether it is public API (not private, test, internal or vendored code). Use it before running tests or writing a summary of a change, or to review an API change between releases. Only the files the diff touches are parsed, so it answers fast even on large repositories. Read a changed symbol with get_node_content(node_ids=[node_id]). Bounded by max_chars; the summary counts every change.`

	grepDescription = `Every line that holds an exact string or matches a regular expression, like grep or ripgrep, with the symbol or section each line sits in (enclosing_id, a node_id to read with get_node_content). Use it when you need all the places a name or text occurs ("every line that mentions retry_on_http_429", "where is MaxShards read"), and to be sure of a zero; search_documents ranks by relevance instead. pattern is a literal string unless regex is true (RE2 syntax: no backreferences or lookaround; a match never spans lines). case_sensitive defaults to true; word keeps matches that stand as whole words, as grep -w. Narrow with path globs ("!glob" leaves out: "!*_test.go"), language, collection or tests (include, exclude or only, as search_documents); context adds up to 5 lines before and after each match. total_matches (matching lines) and total_files are exact even when the page is cut; pass next_cursor back as cursor for the next page. Bounded by limit and max_chars.`

	statusDescription = `How complete and current the index is: state (indexing or ready), files done out of total, documents, nodes, terms, languages, files skipped by reason (too large, binary, generated, ...) and the unsupported ones by extension (skipped_unsupported), files that failed to parse, documents parsed with warnings (syntax errors the parser recovered from: their outlines may miss symbols; get_tree shows where), last build and update time, indexed roots, and how many files changed on disk since the last update. Call it when results look incomplete or to see what was indexed.`
)

// readOnly marks every treenav tool: it reads the local index and changes
// nothing.
func readOnly(title string) *sdk.ToolAnnotations {
	no := false
	return &sdk.ToolAnnotations{Title: title, ReadOnlyHint: true, IdempotentHint: true, DestructiveHint: &no, OpenWorldHint: &no}
}

func (s *Server) addTools() {
	addTool(s, &sdk.Tool{Name: "list_documents", Description: listDescription, Annotations: readOnly("List documents")},
		inputSchema[ListArgs](map[string]int{"limit": index.DefaultListLimit, "max_chars": index.DefaultMaxChars}),
		func(a ListArgs) (*treenav.ListResponse, error) {
			req, err := a.request()
			if err != nil {
				return nil, err
			}
			return s.eng.List(req)
		})

	addTool(s, &sdk.Tool{Name: "search_documents", Description: searchDescription, Annotations: readOnly("Search code and docs")},
		inputSchema[SearchArgs](map[string]int{"limit": index.DefaultLimit, "max_chars": index.DefaultMaxChars}),
		func(a SearchArgs) (*treenav.SearchResponse, error) {
			req, err := a.request()
			if err != nil {
				return nil, err
			}
			return s.eng.Search(req)
		})

	addTool(s, &sdk.Tool{Name: "get_tree", Description: treeDescription, Annotations: readOnly("Document outline")},
		inputSchema[TreeArgs](map[string]int{"max_nodes": index.DefaultMaxNodes}),
		func(a TreeArgs) (*treenav.TreeResponse, error) {
			return s.eng.Tree(index.TreeRequest{DocID: a.DocID, MaxDepth: a.MaxDepth, MaxNodes: a.MaxNodes, MaxChars: a.MaxChars})
		})

	addTool(s, &sdk.Tool{Name: "get_outline", Description: outlineDescription, Annotations: readOnly("Outline a package")},
		outlineSchema(),
		func(a OutlineArgs) (*treenav.OutlineResponse, error) { return s.eng.Outline(a.request()) })

	addTool(s, &sdk.Tool{Name: "get_node_content", Description: nodeDescription, Annotations: readOnly("Read nodes")},
		inputSchema[NodeArgs](map[string]int{"max_chars": index.DefaultMaxChars}),
		func(a NodeArgs) (*treenav.NodesResponse, error) {
			req, err := a.request()
			if err != nil {
				return nil, err
			}
			return s.eng.Nodes(req)
		})

	addTool(s, &sdk.Tool{Name: "navigate_tree", Description: navigateDescription, Annotations: readOnly("Read a subtree")},
		inputSchema[NavigateArgs](map[string]int{"max_chars": index.DefaultMaxChars, "max_nodes": index.DefaultMaxNodes}),
		func(a NavigateArgs) (*treenav.NavigateResponse, error) {
			return s.eng.Navigate(index.NavigateRequest{ID: a.NodeID, DocID: a.DocID, MaxDepth: a.MaxDepth, MaxChars: a.MaxChars, MaxNodes: a.MaxNodes})
		})

	addTool(s, &sdk.Tool{Name: "find_symbol", Description: symbolDescription, Annotations: readOnly("Find symbols")},
		inputSchema[SymbolArgs](map[string]int{"limit": index.DefaultSymbolLimit, "max_chars": index.DefaultMaxChars}),
		func(a SymbolArgs) (*treenav.SymbolsResponse, error) {
			return s.eng.Symbols(index.SymbolRequest{Query: a.Query, Kinds: a.Kind, Languages: a.Language,
				PathGlobs: a.Path, Tests: index.TestScope(a.Tests), Collections: a.Collection, Limit: a.Limit, MaxChars: a.MaxChars})
		})

	s.addRefTools()

	addTool(s, &sdk.Tool{Name: "changed_symbols", Description: changesDescription, Annotations: readOnly("Changed symbols")},
		inputSchema[ChangesArgs](map[string]int{"max_chars": index.DefaultMaxChars}),
		func(a ChangesArgs) (*treenav.ChangesResponse, error) {
			return s.eng.ChangedSymbols(engine.ChangesRequest{Base: a.Base, Head: a.Head, Path: a.Path, Bodies: a.Bodies, MaxChars: a.MaxChars})
		})

	addTool(s, &sdk.Tool{Name: "grep_documents", Description: grepDescription, Annotations: readOnly("Grep code and docs")},
		grepSchema(),
		func(a GrepArgs) (*treenav.GrepResponse, error) {
			req, err := a.request()
			if err != nil {
				return nil, err
			}
			return s.eng.Grep(req)
		})

	addTool(s, &sdk.Tool{Name: "index_status", Description: statusDescription, Annotations: readOnly("Index status")},
		inputSchema[StatusArgs](nil),
		func(StatusArgs) (*StatusReport, error) {
			r := Report(s.eng, s.lastBuildErr())
			if r.State == "ready" {
				if err := r.WithFreshness(s.eng); err != nil {
					return nil, err
				}
			}
			return r, nil
		})
}

// addTool registers a tool whose handler returns a result type: the
// model reads its Text (with a progress note while indexing), and
// structuredContent carries its JSON exactly as the CLI prints it.
//
// The SDK's typed tools would marshal the result, decode it into a map to
// apply schema defaults and marshal it again, sorting the keys; so the
// handler sets structuredContent itself and the output schema is given
// explicitly.
func addTool[In, Res any, PR interface {
	*Res
	treenav.Texter
}](s *Server, t *sdk.Tool, in *jsonschema.Schema, run func(In) (PR, error)) {
	t.InputSchema = in
	// Every tool but index_status (which is the progress) says while
	// the index is still being built.
	notes := t.Name != "index_status"
	out := outputSchema[Res]()
	if notes {
		out.Properties[indexingKey] = &jsonschema.Schema{Type: "string",
			Description: "set only while the server is still indexing: how far it is; results may be incomplete"}
	}
	out.Properties[ceilingKey] = &jsonschema.Schema{Type: "string",
		Description: "set only when the call asked for more than the server's ceiling on max_chars or max_nodes: what was lowered"}
	t.OutputSchema = out
	sdk.AddTool(s.mcp, t, func(ctx context.Context, req *sdk.CallToolRequest, args In) (*sdk.CallToolResult, any, error) {
		bounded := s.ceiling.clamp(&args)
		res, err := run(args)
		if err != nil {
			return s.errorResult(t.Name, err), nil, nil
		}
		b, err := treenav.MarshalResult(res)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: encoding the result: %w", t.Name, err)
		}
		text := res.Text()
		if bounded != "" {
			text += "(" + bounded + ")\n"
			b = withKey(b, ceilingKey, bounded)
		}
		if note := s.note(); note != "" && notes {
			text += "(" + note + ")\n"
			b = withIndexingNote(b, note)
		}
		return &sdk.CallToolResult{
			Content:           []sdk.Content{&sdk.TextContent{Text: text}},
			StructuredContent: json.RawMessage(b),
		}, nil, nil
	})
}

// indexingKey is the structuredContent field that says, while the server
// is still indexing, how far it is: clients that read only the
// structured result see it too. A complete index's answers do not have
// it, and are the CLI's --json output byte for byte.
const indexingKey = "indexing"

// withIndexingNote adds the indexing note to a result's JSON object.
func withIndexingNote(obj []byte, note string) []byte { return withKey(obj, indexingKey, note) }

// errorResult reports a failed call as a tool error (isError), which the
// model sees, with what to do next.
func (s *Server) errorResult(tool string, err error) *sdk.CallToolResult {
	msg := errorText(err)
	if note := s.note(); note != "" {
		msg += "\n(" + note + "; the id may not be indexed yet)"
	}
	s.log.Debug("tool error", "tool", tool, "err", err)
	r := &sdk.CallToolResult{}
	r.SetError(errors.New(msg))
	return r
}

// errorText turns an index error into a message that says what to do.
func errorText(err error) string {
	var nf *index.NotFoundError
	var ni *engine.NotIndexedError
	var br *index.BadRequestError
	switch {
	case errors.As(err, &ni):
		msg := ni.Error()
		switch ni.Reason {
		case walk.SkipGenerated, walk.SkipTooLarge, walk.SkipExcluded:
			// What would index the file is configuration, which a
			// server reads once.
			msg += " (treenav serve reads its configuration when it starts: restart it after the change)"
		}
		return msg + "."
	case errors.As(err, &nf):
		var b strings.Builder
		fmt.Fprintf(&b, "unknown %s id %s", nf.What, index.QuoteInput(nf.ID))
		if nf.Why != "" {
			fmt.Fprintf(&b, " (%s)", nf.Why)
		}
		if len(nf.Closest) > 0 {
			fmt.Fprintf(&b, ". Closest valid ids: %s. Retry with one of them", strings.Join(nf.Closest, ", "))
		} else {
			b.WriteString(", and no similar id is indexed")
		}
		if nf.What == "document" {
			b.WriteString("; list_documents and search_documents give document ids.")
		} else {
			b.WriteString("; get_tree(doc_id) lists a document's node ids, search_documents and find_symbol find them.")
		}
		return b.String()
	case errors.As(err, &br):
		return "bad request: " + br.Msg
	}
	return err.Error()
}
