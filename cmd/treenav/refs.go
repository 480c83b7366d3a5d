package main

import (
	"github.com/treenav/treenav/index"
)

func init() {
	register(&command{name: "refs", usage: "[--root DIR]... [--kind K]... [--include CONFIDENCE]... [--path [!]GLOB]... [--tests include|exclude|only] [--collection C] [--limit N] [--cursor C] [--max-chars N] [--json] TARGET",
		summary: "list the references to a definition (node id, name, qualified name or PATH:LINE[:COL])", run: (*cli).refs})
	register(&command{name: "calls", usage: "[--root DIR]... [--incoming|--outgoing|--direction D] [--depth N] [--path [!]GLOB]... [--tests include|exclude|only] [--limit N] [--max-chars N] [--json] TARGET",
		summary: "list a definition's callers or callees, grouped by symbol", run: (*cli).calls})
}

func (c *cli) refs(args []string) error {
	fs := c.newFlags("refs")
	cm := c.commonFlags(fs)
	limit := intFlag(fs, "limit", index.DefaultRefLimit, 1, "return `N` references at most", "")
	cursor := fs.String("cursor", "", "continue from a previous answer's next_cursor")
	var kinds, include, colls, globs stringList
	fs.Var(&kinds, "kind", "keep references of this kind (repeatable): call, type, import, inherit, read, write, other, doc")
	fs.Var(&include, "include", "keep references of this confidence (repeatable): resolved, ambiguous, textual")
	fs.Var(&colls, "collection", "look in this collection only (repeatable)")
	fs.Var(&globs, "path", "look only in files matching this glob (repeatable; \"!GLOB\" leaves out the files it matches)")
	tests := fs.String("tests", "", "include, exclude or only: take in, leave out or keep only references in tests")
	maxChars := intFlag(fs, "max-chars", index.DefaultMaxChars, 1, "bound the references' JSON size to `N` characters; a page cut short gives a next_cursor", "")
	args, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(args) != 1 {
		return usagef("want one TARGET")
	}
	e, err := c.engine(cm)
	if err != nil {
		return err
	}
	r, err := e.References(index.ReferencesRequest{Target: args[0], Kinds: kinds, Include: include,
		PathGlobs: globs, Tests: index.TestScope(*tests), Collections: colls, Limit: *limit, Cursor: *cursor, MaxChars: *maxChars})
	if err != nil {
		return queryErr(err)
	}
	return c.emit(cm, r)
}

func (c *cli) calls(args []string) error {
	fs := c.newFlags("calls")
	cm := c.commonFlags(fs)
	incoming := fs.Bool("incoming", false, "list the callers (the default)")
	outgoing := fs.Bool("outgoing", false, "list the callees")
	direction := fs.String("direction", "", "incoming or outgoing: --incoming or --outgoing spelled as get_call_hierarchy's parameter")
	depth := intFlag(fs, "depth", 1, 1, "follow callers (or callees) to depth `N` (1 to 3)", "")
	var globs stringList
	fs.Var(&globs, "path", "keep calls in files matching this glob, the callers' (incoming) or the callees' (outgoing) (repeatable; \"!GLOB\" leaves out the files it matches)")
	tests := fs.String("tests", "", "include, exclude or only: take in, leave out or keep only callers in tests (incoming) or test helpers called (outgoing)")
	limit := intFlag(fs, "limit", index.DefaultCallLimit, 1, "list `N` groups at most", "")
	maxChars := intFlag(fs, "max-chars", index.DefaultMaxChars, 1, "bound the answer's JSON size to `N` characters", "")
	args, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(args) != 1 {
		return usagef("want one TARGET")
	}
	switch *direction {
	case "":
	case "incoming":
		*incoming = true
	case "outgoing":
		*outgoing = true
	default:
		return usagef("--direction %q: want incoming or outgoing", *direction)
	}
	if *incoming && *outgoing {
		return usagef("--incoming or --outgoing, not both")
	}
	dir := "incoming"
	if *outgoing {
		dir = "outgoing"
	}
	e, err := c.engine(cm)
	if err != nil {
		return err
	}
	r, err := e.CallHierarchy(index.CallsRequest{Target: args[0], Direction: dir, Depth: *depth, Limit: *limit, MaxChars: *maxChars,
		PathGlobs: globs, Tests: index.TestScope(*tests)})
	if err != nil {
		return queryErr(err)
	}
	return c.emit(cm, r)
}
