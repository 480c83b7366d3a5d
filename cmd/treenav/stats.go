package main

import "github.com/treenav/treenav/mcp"

func init() {
	register(&command{name: "stats", usage: "[--root DIR]... [--json]",
		summary: "index, then report what the index holds (the MCP index_status tool)", run: (*cli).stats})
}

// stats is the MCP index_status tool at the command line: the same
// report, after the index is brought up to date.
func (c *cli) stats(args []string) error {
	fs := c.newFlags("stats")
	cm := c.commonFlags(fs)
	args, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(args) > 0 {
		return usagef("unexpected argument %q", args[0])
	}
	e, err := c.engine(cm)
	if err != nil {
		return err
	}
	return c.emit(cm, mcp.Report(e, nil))
}
