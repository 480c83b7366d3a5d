package engine

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index/walk"
)

// Origin says how a process made its engine's collections and size limit:
// from which configuration file, and whether the command line overrode
// them. The answer for a file skipped as generated or as too large tells
// what would index it, and that is only true when it names the file in
// use and says when --root has replaced the configured collections.
type Origin struct {
	// ConfigFile is the absolute path of the configuration file read;
	// "" when there was none.
	ConfigFile string
	// RootFlag says the collections are the --root directories, which
	// replace the configured collections, their generated lists included.
	RootFlag bool
	// Configured are the configuration file's collections, with
	// absolute roots: with RootFlag, the ones ignored.
	Configured []treenav.Collection
	// MaxFileSizeFlag says --max-file-size set the size limit, over the
	// configuration's limits.max_file_size.
	MaxFileSizeFlag bool
	// Relative names files relative to the working directory when they
	// are under it, as a command line does; otherwise (a server, whose
	// client does not share its working directory) paths are absolute.
	Relative bool
}

// show is how a message names the absolute path p.
func (o *Origin) show(p string) string {
	if o.Relative {
		if wd, err := os.Getwd(); err == nil {
			if r, err := filepath.Rel(wd, p); err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
				return r
			}
		}
	}
	return p
}

// configFile names the configuration file in use or, when there is none,
// the one that would be read.
func (o *Origin) configFile() (name string, exists bool) {
	if o.ConfigFile != "" {
		return o.show(o.ConfigFile), true
	}
	name = treenav.ConfigFileName + " in the working directory"
	if wd, err := os.Getwd(); err == nil {
		name = o.show(filepath.Join(wd, treenav.ConfigFileName))
	}
	return name + " (or a file that --config names)", false
}

// rootFor is how a new [[collections]] table of the configuration file
// would write the root dir: relative to the file's directory (the working
// directory for a file to create) when it is under it, else absolute.
func (o *Origin) rootFor(dir string) string {
	base := filepath.Dir(o.ConfigFile)
	if o.ConfigFile == "" {
		wd, err := os.Getwd()
		if err != nil {
			return filepath.ToSlash(dir)
		}
		base = wd
	}
	if r, err := filepath.Rel(base, dir); err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(r)
	}
	return filepath.ToSlash(dir)
}

// sameDir reports whether a and b, absolute, are one directory.
func sameDir(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	ra, err1 := filepath.EvalSymlinks(a)
	rb, err2 := filepath.EvalSymlinks(b)
	return err1 == nil && err2 == nil && ra == rb
}

// generatedExample is the setting that would name rel: the file itself,
// and a glob of its directory.
func generatedExample(rel string) string {
	example := fmt.Sprintf("generated = [%q]", rel)
	if dir := path.Dir(rel); dir != "." {
		example += fmt.Sprintf(", or a glob such as generated = [%q]", dir+"/**")
	}
	return example
}

// generatedAdvice says what would index the file of docID, skipped as
// generated: the configuration of its collection to change, told as this
// process was started.
func (e *Engine) generatedAdvice(docID string) string {
	c, rel, ok := e.fileOfID(docID)
	o := e.opts.Origin
	if !ok || o == nil {
		where := "its collection's [[collections]] table in the configuration file"
		if ok && len(e.colls) > 1 {
			where = fmt.Sprintf("the [[collections]] table of %q in the configuration file", c.Name)
		}
		if !ok {
			rel = docID
		}
		return "to index it, list it under generated = [...] in " + where + ": " + generatedExample(rel)
	}
	file, exists := o.configFile()
	if !o.RootFlag && exists {
		for _, cc := range o.Configured {
			if cc.Name == c.Name {
				return fmt.Sprintf("to index it, list it under generated = [...] in the [[collections]] table of %q in %s: %s", c.Name, file, generatedExample(rel))
			}
		}
	}
	if o.RootFlag {
		// The configuration's table for this root, if any, is not read.
		for _, cc := range o.Configured {
			if !sameDir(cc.Root, c.Root) {
				continue
			}
			table := fmt.Sprintf("the [[collections]] table of %q in %s", cc.Name, file)
			opts := walk.Options{Generated: cc.Generated}
			if opts.KeepGenerated(rel) {
				return fmt.Sprintf("--root replaces the configured collections, so %s, whose generated = %s names this file, is ignored; to index it, run treenav without --root, so that it reads the collections of %s",
					table, quoteList(cc.Generated), file)
			}
			return fmt.Sprintf("--root replaces the configured collections, so %s, which has this root, is ignored; to index it, list the file under generated = [...] in that table (%s), and run treenav without --root",
				table, generatedExample(rel))
		}
		table := fmt.Sprintf("name = %q, root = %q, %s", c.Name, o.rootFor(c.Root), generatedExample(rel))
		if exists {
			return fmt.Sprintf("--root replaces the configured collections, and %s has none for this root; to index it, add a [[collections]] table for it to that file (%s), and run treenav without --root", file, table)
		}
		return fmt.Sprintf("the collections come from --root, and no configuration file was read; to index it, write a [[collections]] table for this root (%s) in %s, and run treenav without --root", table, file)
	}
	// No configured collection: the working directory is the one collection.
	table := fmt.Sprintf("name = %q, root = %q, %s", c.Name, o.rootFor(c.Root), generatedExample(rel))
	if exists {
		return fmt.Sprintf("%s has no [[collections]] table, so the working directory is the one collection; to index it, add a table for it to that file: %s", file, table)
	}
	return fmt.Sprintf("no configuration file was read, so the working directory is the one collection; to index it, write a [[collections]] table for it in %s: %s", file, table)
}

// sizeAdvice says what would index a file skipped as too large.
func (e *Engine) sizeAdvice() string {
	o := e.opts.Origin
	switch {
	case o == nil:
		return "raise limits.max_file_size in the configuration file, or pass --max-file-size"
	case o.MaxFileSizeFlag:
		return "pass a larger --max-file-size (it overrides limits.max_file_size)"
	}
	file, exists := o.configFile()
	if exists {
		return "raise limits.max_file_size in " + file + ", or pass --max-file-size"
	}
	return "pass --max-file-size, or set limits.max_file_size in " + file
}

// quoteList writes ss as a TOML array of strings: ["a", "b"].
func quoteList(ss []string) string { return "[" + quoteAll(ss) + "]" }

// quoteAll quotes each of ss, separated by commas: "a", "b".
func quoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = strconv.Quote(s)
	}
	return strings.Join(q, ", ")
}
