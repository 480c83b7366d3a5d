// Command treenav indexes a repository's code and markdown into one tree of
// nodes and one search index, and serves them to agents (MCP) and people
// (this CLI). Run "treenav help" for the commands.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// command is one subcommand of the CLI.
type command struct {
	name    string
	usage   string // arguments after the command name
	summary string
	run     func(c *cli, args []string) error
}

var commands = map[string]*command{}

func register(c *command) { commands[c.name] = c }

// usageError is a mistake in how treenav was called: exit status 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// errNothing says a command produced nothing (the details are on stderr).
var errNothing = errors.New("nothing could be produced")

// cli carries the I/O streams so tests can run commands in-process.
type cli struct {
	stdin          io.Reader // nil: os.Stdin
	stdout, stderr io.Writer
}

func main() {
	os.Exit((&cli{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr}).main(os.Args[1:]))
}

func (c *cli) stdinOrDefault() io.Reader {
	if c.stdin == nil {
		return os.Stdin
	}
	return c.stdin
}

func (c *cli) main(args []string) int {
	isHelp := func(s string) bool { return s == "help" || s == "-h" || s == "--help" }
	if len(args) == 0 || isHelp(args[0]) {
		if len(args) > 1 && !isHelp(args[1]) {
			cmd, ok := commands[args[1]]
			if !ok {
				return c.unknownCommand(args[1])
			}
			fmt.Fprintf(c.stdout, "usage: treenav %s %s\n\n%s\n", cmd.name, cmd.usage, cmd.summary)
			return 0
		}
		c.help(c.stdout)
		return 0
	}
	cmd, ok := commands[args[0]]
	if !ok {
		return c.unknownCommand(args[0])
	}
	err := cmd.run(c, args[1:])
	var ue *usageError
	var pe *errPolicy
	switch {
	case err == nil:
		return 0
	case errors.As(err, &pe):
		fmt.Fprintf(c.stderr, "treenav %s: %s\n", cmd.name, pe.Error())
		return 3
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(c.stderr, "treenav %s: %s\nusage: treenav %s %s\n", cmd.name, ue.msg, cmd.name, cmd.usage)
		return 2
	case errors.Is(err, errNothing):
		return 1
	default:
		fmt.Fprintf(c.stderr, "treenav %s: %v\n", cmd.name, err)
		return 1
	}
}

// unknownCommand reports a command name that is none, with the list of
// commands, and returns the exit status of a usage error.
func (c *cli) unknownCommand(name string) int {
	fmt.Fprintf(c.stderr, "treenav: unknown command %q\n\n", name)
	c.help(c.stderr)
	return 2
}

func (c *cli) help(w io.Writer) {
	fmt.Fprintln(w, "treenav: navigate a repository's code and docs as trees of symbols and sections.")
	fmt.Fprintln(w, "\nusage: treenav <command> [--root DIR]... [flags] [args]\n\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-9s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun \"treenav help <command>\" or \"treenav <command> -h\" for a command's flags.")
}

// stringList is a repeatable string flag.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

// newFlags makes a command's flag set; errors are returned, not printed
// twice.
func (c *cli) newFlags(cmd string) *flag.FlagSet {
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(c.stderr)
	return fs
}

// parseFlags parses flags anywhere among the arguments ("search foo
// --limit 3" works) and returns the positional arguments. Everything after
// "--" is positional.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos, tail []string
	for i, a := range args {
		if a == "--" {
			args, tail = args[:i], args[i+1:]
			break
		}
	}
	// A bad flag is reported once, with the command's usage line (see
	// cli.main); the flag list is for -h.
	out := fs.Output()
	fs.SetOutput(io.Discard)
	defer fs.SetOutput(out)
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.SetOutput(out)
				if cmd := commands[fs.Name()]; cmd != nil {
					fmt.Fprintf(out, "usage: treenav %s %s\n\n%s\n\nflags:\n", cmd.name, cmd.usage, cmd.summary)
				}
				fs.PrintDefaults()
				return nil, err
			}
			return nil, &usageError{err.Error()}
		}
		args = fs.Args()
		if len(args) == 0 {
			return append(pos, tail...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}
