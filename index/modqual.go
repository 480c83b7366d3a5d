package index

import (
	"path"
	"strings"
)

// moduleQualified reports whether raw names a symbol whose qualified name
// is qn by way of the module it is in, as code refers to it: Go's
// "json.Marshal" and "http.Server.Shutdown" (the package is the
// directory: encoding/json, net/http), Python's "os.path.join" and
// "json.dumps" (the module is the file, or the directory of an
// __init__.py), Java's "java.util.List", Rust's "crate::config::load"
// (Symbols and search read "::" as "."). The qualifier's parts must be
// the last directories of the document's path, with or without its
// file's stem (namesModule; lang is the symbol's language), and the
// symbol's part must be qn, both up to case only when fold is set:
// "Node.satisfies" is the method satisfies of the class Node, not
// exactly the function satisfies of a file node.js. The module
// the file declares (docModule: Go's package clause, "" for none) names
// it too: "json.Marshal" for Marshal in encoding/json/v2/.
func moduleQualified(raw, qn, docPath, lang, docModule string, fold bool) bool {
	if len(raw) <= len(qn)+1 || raw[len(raw)-len(qn)-1] != '.' {
		return false
	}
	if tail := raw[len(raw)-len(qn):]; tail != qn && !(fold && strings.EqualFold(tail, qn)) {
		return false
	}
	prefix := raw[:len(raw)-len(qn)-1]
	prefix = strings.TrimPrefix(prefix, "crate.")
	if prefix == "" {
		return false
	}
	return namesModule(docPath, lang, docModule, prefix, fold)
}

// namesModule reports whether the dot-separated module names the document
// at docPath: its last directories, with or without its file's stem, up
// to case. With the stem the module is the file (os/path.py); without,
// the package is the directory (encoding/json/encode.go). The stem counts
// only in languages whose files are modules (stemIsModule of lang, the
// symbol's language). The module the file declares, docModule, is one of
// a single part ("json" of encoding/json/v2/).
func namesModule(docPath, lang, docModule, module string, fold bool) bool {
	if docModule != "" && (docModule == module || fold && strings.EqualFold(docModule, module)) {
		return true
	}
	dir, file := path.Split(docPath)
	dir = strings.TrimSuffix(dir, "/")
	if stemIsModule(lang) && endsWithParts(dir+"/"+strings.TrimSuffix(file, path.Ext(file)), module, fold) {
		return true
	}
	return endsWithParts(dir, module, fold)
}

// stemIsModule reports whether a source file in language lang is a module
// of its own, named by its stem: Python's os/path.py, Rust's
// src/config.rs, a TypeScript or JavaScript file. In Go a package is its
// directory and log/slog/logger.go names no "slog.logger" (so
// "slog.Logger.With" is the method, not the function With in that
// file); a C or C++ file names no namespace; in Java, Kotlin, C#, Swift,
// Scala and PHP the file holds a class that is a symbol itself, already
// in the qualified name. Other languages keep both readings.
func stemIsModule(lang string) bool {
	switch lang {
	case "go", "c", "cpp", "java", "kotlin", "csharp", "swift", "scala", "php":
		return false
	}
	return true
}

// endsWithParts reports whether the slash-separated p ends with the
// dot-separated parts of q, each equal (up to case when fold is set).
func endsWithParts(p, q string, fold bool) bool {
	for q != "" {
		i := strings.LastIndexByte(q, '.')
		part := q[i+1:]
		q = q[:max(i, 0)]
		if part == "" || i == 0 {
			return false // "a..b", ".a"
		}
		j := strings.LastIndexByte(p, '/')
		if seg := p[j+1:]; seg != part && !(fold && strings.EqualFold(seg, part)) {
			return false
		}
		if j < 0 {
			return q == ""
		}
		p = p[:j]
	}
	return true
}

// dottedQuery is a search query read as a module-qualified name, with
// Rust's "::" and a "#" as dots ("crate::config::load",
// "Server#shutdown"), or "" when it is no such name: a single word with a
// dot inside, neither first nor last.
func dottedQuery(raw string) string {
	raw = strings.TrimSpace(raw)
	if strings.ContainsAny(raw, " \t\n\"") {
		return ""
	}
	raw = strings.ReplaceAll(raw, "::", ".")
	raw = strings.ReplaceAll(raw, "#", ".")
	if i := strings.IndexByte(raw, '.'); i <= 0 || raw[len(raw)-1] == '.' {
		return ""
	}
	return raw
}

// moduleWords reports whether the query's words name a symbol by its
// module and name, as an agent says a qualified name in words: "utf8
// decode rune" for DecodeRune in unicode/utf8/, "sort slice stable" for
// SliceStable in sort/slice.go, "http server shutdown" for Server.Shutdown
// in net/http/. The last one to three words run together are the name
// (what the name filter's word signatures pass), the words before them
// the module's last path parts (namesModule), then
// optionally the end of the symbol's qualifier.
func moduleWords(n nodeMeta, docPath, lang, docModule, title string) bool {
	first, _, more := strings.Cut(title, " ")
	if !more || n.name() == "" || !hasPathPart(docPath, first) && !strings.EqualFold(docModule, first) {
		// (Checked first, without allocating: the name filter passes
		// every String method for a query ending in "string".)
		return false
	}
	words := strings.Split(title, " ")
	name := nameSig(n.name())
	qual := "" // "Server" of Server.Shutdown
	if qn := qualifiedName(n); len(qn) > len(n.name()) && qn[len(qn)-len(n.name())-1] == '.' && strings.HasSuffix(qn, n.name()) {
		qual = qn[:len(qn)-len(n.name())-1]
	}
	for m := 1; m <= 3 && m < len(words); m++ {
		last := strings.Join(words[len(words)-m:], "")
		if wordsSig(last) != name || !cutLowerEqual(n.name(), last) {
			continue
		}
		rest := words[:len(words)-m]
		for k := 1; k <= len(rest); k++ {
			if !namesModule(docPath, lang, docModule, strings.Join(rest[:k], "."), true) {
				continue
			}
			if mid := strings.Join(rest[k:], ""); mid == "" || qualifierEnds(qual, mid) {
				return true
			}
		}
	}
	return false
}

// hasPathPart reports whether a directory of p, or its file's stem, is
// word up to case.
func hasPathPart(p, word string) bool {
	p = strings.TrimSuffix(p, path.Ext(p))
	for p != "" {
		part, rest, _ := strings.Cut(p, "/")
		if strings.EqualFold(part, word) {
			return true
		}
		p = rest
	}
	return false
}

// qualifierEnds reports whether a symbol's qualifier ("Server" of
// Server.Shutdown, "pkg.Outer.Inner") ends with parts that, run together,
// lowercased and without dots and underscores, give mid.
func qualifierEnds(qual, mid string) bool {
	for qual != "" {
		if cutLowerEqual(qual, mid) {
			return true
		}
		i := strings.IndexByte(qual, '.')
		if i < 0 {
			return false
		}
		qual = qual[i+1:]
	}
	return false
}

// fileNamed is 1 when q is a document's path or a final part of it
// ("server.go", "http/server.go" for net/http/server.go), 0.5 when it is
// up to case, else 0. Only a query with a dot or a slash can name a file.
func fileNamed(docPath, q string) float64 {
	if q == "" || !strings.ContainsAny(q, "./") || strings.ContainsAny(q, " \t") || len(q) > len(docPath) {
		return 0
	}
	tail := docPath[len(docPath)-len(q):]
	if len(q) < len(docPath) && docPath[len(docPath)-len(q)-1] != '/' {
		return 0 // "erver.go" is no part of net/http/server.go
	}
	switch {
	case tail == q:
		return 1
	case strings.EqualFold(tail, q):
		return 0.5
	}
	return 0
}

// fileExtension reports whether ext (without its dot) is a common file
// extension, so that a query ending ".ext" names a file ("package.json",
// "index.html"), not a symbol named ext under a qualifier.
func fileExtension(ext string) bool {
	switch strings.ToLower(ext) {
	case "md", "mdx", "txt", "rst", "json", "yaml", "yml", "toml", "xml", "html", "htm", "css", "scss",
		"go", "py", "pyi", "js", "mjs", "cjs", "jsx", "ts", "tsx", "rs", "java", "kt", "c", "h", "cc", "cpp", "hpp",
		"cs", "rb", "php", "swift", "scala", "sh", "lua", "sql", "proto", "lock", "mod", "sum", "cfg", "ini", "conf":
		return true
	}
	return false
}
