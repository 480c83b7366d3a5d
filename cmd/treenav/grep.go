package main

import (
	"strconv"

	"github.com/treenav/treenav/index"
)

func init() {
	register(&command{name: "grep", usage: "[--root DIR]... [--regex] [-i] [-w] [--path [!]GLOB]... [--tests include|exclude|only] [--lang L] [--collection C] [--context N] [--limit N] [--cursor C] [--max-chars N] [--json] PATTERN",
		summary: "print every line holding a string (or matching a regex, --regex), with the symbol it sits in", run: (*cli).grep})
}

func (c *cli) grep(args []string) error {
	fs := c.newFlags("grep")
	cm := c.commonFlags(fs)
	regex := fs.Bool("regex", false, "read PATTERN as a regular expression (RE2 syntax)")
	fold := fs.Bool("i", false, "ignore case")
	word := fs.Bool("w", false, "match whole words only")
	var globs, langs, colls stringList
	fs.Var(&globs, "path", "search only files matching this glob (repeatable; !GLOB leaves out what it matches)")
	tests := fs.String("tests", "", "include, exclude or only: take in, leave out or keep only tests")
	fs.Var(&langs, "lang", "search only files of this language (repeatable)")
	fs.Var(&colls, "collection", "search only this collection (repeatable)")
	context := intFlag(fs, "context", 0, 0, "show `N` lines before and after each match (at most 5)", "")
	limit := intFlag(fs, "limit", index.DefaultGrepLimit, 1, "print `N` matching lines at most", "")
	cursor := fs.String("cursor", "", "continue from a previous answer's next_cursor")
	maxChars := intFlag(fs, "max-chars", index.DefaultMaxChars, 1, "bound the answer's JSON size to `N` characters; a page cut short gives a next_cursor", "")
	args, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(args) != 1 {
		return usagef("want one PATTERN")
	}
	offset := 0
	if *cursor != "" {
		if offset, err = strconv.Atoi(*cursor); err != nil || offset < 0 {
			return usagef("bad --cursor %q", *cursor)
		}
	}
	e, err := c.engine(cm)
	if err != nil {
		return err
	}
	r, err := e.Grep(index.GrepRequest{Pattern: args[0], Regex: *regex, IgnoreCase: *fold, Word: *word,
		PathGlobs: globs, Tests: index.TestScope(*tests), Languages: langs, Collections: colls, Context: *context,
		Limit: *limit, Offset: offset, MaxChars: *maxChars})
	if err != nil {
		return queryErr(err)
	}
	return c.emit(cm, r)
}
