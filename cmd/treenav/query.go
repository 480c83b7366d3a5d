package main

import (
	"bufio"
	"errors"
	"io"
	"strings"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index"
)

func init() {
	register(&command{name: "search", usage: "[--root DIR]... [--limit N] [--cursor C] [--max-chars N] [--filter KEY=VALUE]... [--collection C] [--doc DOC_ID] [--path [!]GLOB]... [--tests include|exclude|only] [--json] QUERY...",
		summary: "rank sections and symbols by relevance to a query (BM25)", run: (*cli).search})
	register(&command{name: "symbols", usage: "[--root DIR]... [--kind K] [--lang L] [--path [!]GLOB]... [--tests include|exclude|only] [--collection C] [--limit N] [--max-chars N] [--json] NAME",
		summary: "find code symbols by name (exact, qualified, prefix, camel humps)", run: (*cli).symbols})
	register(&command{name: "list", usage: "[--root DIR]... [--tag T]... [--filter KEY=VALUE]... [--collection C] [--limit N] [--cursor C] [--max-chars N] [--json] [QUERY]",
		summary: "list indexed documents with facet counts", run: (*cli).list})
	register(&command{name: "tree", usage: "[--root DIR]... [--max-depth N] [--max-nodes N] [--max-chars N] [--json] DOC_ID",
		summary: "show a document's outline: its sections or symbols with lines", run: (*cli).tree})
	register(&command{name: "node", usage: "[--root DIR]... [--doc DOC_ID] [--lines N-M] [--max-chars N] [--json] NODE_ID...",
		summary: "print nodes' own content (children shown as one-line markers); a NODE_ID may be a symbol's name or PATH:LINE", run: (*cli).node})
	register(&command{name: "navigate", usage: "[--root DIR]... [--doc DOC_ID] [--max-depth N] [--max-chars N] [--max-nodes N] [--json] NODE_ID",
		summary: "print a node with all its descendants", run: (*cli).navigate})
}

// emit prints a result as text or, with --json, as the MCP tool's
// structuredContent: one line of compact JSON, byte for byte.
func (c *cli) emit(cm *common, r treenav.Texter) error {
	w := bufio.NewWriter(c.stdout)
	defer w.Flush()
	if cm.json {
		b, err := treenav.MarshalResult(r)
		if err != nil {
			return err
		}
		w.Write(b)
		return w.WriteByte('\n')
	}
	_, err := io.WriteString(w, r.Text())
	return err
}

// queryErr turns index errors into messages that say what to do.
func queryErr(err error) error {
	var nf *index.NotFoundError
	var br *index.BadRequestError
	switch {
	case errors.As(err, &nf):
		return err
	case errors.As(err, &br):
		return usagef("%s", br.Msg)
	}
	return err
}

func (c *cli) search(args []string) error {
	fs := c.newFlags("search")
	cm := c.commonFlags(fs)
	limit := intFlag(fs, "limit", index.DefaultLimit, 1, "return `N` results at most", "")
	cursor := fs.String("cursor", "", "continue from a previous result's next_cursor")
	filters := filterFlag{}
	fs.Var(filters, "filter", "KEY=VALUE facet filter (repeatable; OR within a key, AND across keys)")
	var colls, docs stringList
	fs.Var(&colls, "collection", "search only this collection (repeatable)")
	fs.Var(&docs, "doc", "search only this document (repeatable)")
	var globs stringList
	fs.Var(&globs, "path", "search only files matching this glob (repeatable; \"!GLOB\" leaves out the files it matches)")
	tests := fs.String("tests", "", "include, exclude or only: take in, leave out or keep only tests")
	maxChars := intFlag(fs, "max-chars", index.DefaultMaxChars, 1, "bound the results' JSON size to `N` characters; a page cut short gives a next_cursor", "")
	args, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(args) == 0 {
		return usagef("missing QUERY")
	}
	if strings.TrimSpace(strings.Join(args, "")) == "" {
		return usagef("empty query: give words or identifiers to search for (treenav list lists documents without one)")
	}
	offset, err := index.ParseCursor(*cursor)
	if err != nil {
		return usagef("bad --cursor %s", index.QuoteInput(*cursor))
	}
	e, err := c.engine(cm)
	if err != nil {
		return err
	}
	r, err := e.Search(index.SearchRequest{Query: strings.Join(args, " "), Filters: filters,
		Collections: colls, DocIDs: docs, PathGlobs: globs, Tests: index.TestScope(*tests), Limit: *limit, Offset: offset, MaxChars: *maxChars})
	if err != nil {
		return queryErr(err)
	}
	return c.emit(cm, r)
}

func (c *cli) symbols(args []string) error {
	fs := c.newFlags("symbols")
	cm := c.commonFlags(fs)
	limit := intFlag(fs, "limit", index.DefaultSymbolLimit, 1, "return `N` symbols at most", "")
	var kinds, langs stringList
	fs.Var(&kinds, "kind", "keep symbols of this kind (repeatable): class, method, function, ...")
	fs.Var(&langs, "lang", "keep symbols of this language (repeatable)")
	var globs stringList
	fs.Var(&globs, "path", "keep symbols in files matching this glob (repeatable; \"!GLOB\" leaves out the files it matches)")
	tests := fs.String("tests", "", "include, exclude or only: take in, leave out or keep only tests")
	var colls stringList
	fs.Var(&colls, "collection", "keep symbols of this collection (repeatable)")
	maxChars := intFlag(fs, "max-chars", index.DefaultMaxChars, 1, "bound the symbols' JSON size to `N` characters", "")
	args, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(args) != 1 {
		return usagef("want one NAME")
	}
	e, err := c.engine(cm)
	if err != nil {
		return err
	}
	r, err := e.Symbols(index.SymbolRequest{Query: args[0], Kinds: kinds, Languages: langs, PathGlobs: globs, Tests: index.TestScope(*tests),
		Collections: colls, Limit: *limit, MaxChars: *maxChars})
	if err != nil {
		return queryErr(err)
	}
	return c.emit(cm, r)
}

func (c *cli) list(args []string) error {
	fs := c.newFlags("list")
	cm := c.commonFlags(fs)
	limit := intFlag(fs, "limit", index.DefaultListLimit, 1, "list `N` documents at most", "")
	cursor := fs.String("cursor", "", "continue from a previous listing's next_cursor")
	filters := filterFlag{}
	fs.Var(filters, "filter", "KEY=VALUE facet filter (repeatable)")
	var colls, tags stringList
	fs.Var(&colls, "collection", "list only this collection (repeatable)")
	fs.Var(&tags, "tag", "list only documents with this tag (repeatable; the tags facet)")
	maxChars := intFlag(fs, "max-chars", index.DefaultMaxChars, 1, "bound the listing's JSON size to `N` characters; a page cut short gives a next_cursor", "")
	args, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	offset, err := index.ParseCursor(*cursor)
	if err != nil {
		return usagef("bad --cursor %s", index.QuoteInput(*cursor))
	}
	e, err := c.engine(cm)
	if err != nil {
		return err
	}
	if len(tags) > 0 {
		filters["tags"] = append(filters["tags"], tags...)
	}
	r, err := e.List(index.ListRequest{Query: strings.Join(args, " "), Filters: filters, Collections: colls,
		Limit: *limit, Offset: offset, MaxChars: *maxChars})
	if err != nil {
		return queryErr(err)
	}
	return c.emit(cm, r)
}

func (c *cli) tree(args []string) error {
	fs := c.newFlags("tree")
	cm := c.commonFlags(fs)
	depth := intFlag(fs, "max-depth", 0, 0, "show nodes down to depth `N` (0: all)", " (0: all)")
	maxNodes := intFlag(fs, "max-nodes", index.DefaultMaxNodes, -1, "show `N` nodes at most (-1: no bound)", " (-1: no bound)")
	maxChars := intFlag(fs, "max-chars", 0, 0, "bound the outline's JSON size to `N` characters (0: only --max-nodes)", " (0: only --max-nodes)")
	args, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(args) != 1 {
		return usagef("want one DOC_ID")
	}
	e, err := c.engine(cm)
	if err != nil {
		return err
	}
	r, err := e.Tree(index.TreeRequest{DocID: args[0], MaxDepth: *depth, MaxNodes: *maxNodes, MaxChars: *maxChars})
	if err != nil {
		return queryErr(err)
	}
	return c.emit(cm, r)
}

func (c *cli) node(args []string) error {
	fs := c.newFlags("node")
	cm := c.commonFlags(fs)
	doc := fs.String("doc", "", "document the NODE_IDs belong to (lets ids omit the doc prefix)")
	maxChars := intFlag(fs, "max-chars", index.DefaultMaxChars, 1, "bound the answer's JSON size to `N` characters", "")
	lines := fs.String("lines", "", "read only these lines of each node (`N-M`, N- or N, relative to the file), as written, children included")
	args, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(args) == 0 {
		return usagef("missing NODE_ID")
	}
	lr, err := index.ParseLineRange(*lines)
	if err != nil {
		return queryErr(err)
	}
	e, err := c.engine(cm)
	if err != nil {
		return err
	}
	r, err := e.Nodes(index.NodesRequest{IDs: args, DocID: *doc, MaxChars: *maxChars, Lines: lr})
	if err != nil {
		return queryErr(err)
	}
	return c.emit(cm, r)
}

func (c *cli) navigate(args []string) error {
	fs := c.newFlags("navigate")
	cm := c.commonFlags(fs)
	doc := fs.String("doc", "", "document the NODE_ID belongs to")
	depth := intFlag(fs, "max-depth", 0, 0, "outline descendants down to depth `N` (0: all)", " (0: all)")
	maxChars := intFlag(fs, "max-chars", index.DefaultMaxChars, 1, "bound the answer's JSON size to `N` characters", "")
	maxNodes := intFlag(fs, "max-nodes", index.DefaultMaxNodes, -1, "list `N` descendants at most (-1: no bound)", " (-1: no bound)")
	args, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(args) != 1 {
		return usagef("want one NODE_ID")
	}
	e, err := c.engine(cm)
	if err != nil {
		return err
	}
	r, err := e.Navigate(index.NavigateRequest{ID: args[0], DocID: *doc, MaxDepth: *depth, MaxChars: *maxChars, MaxNodes: *maxNodes})
	if err != nil {
		return queryErr(err)
	}
	return c.emit(cm, r)
}
