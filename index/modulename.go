package index

import (
	"bytes"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index/analysis"
)

// A query that asks for a module or package by its name ("json module",
// "package http", "textwrap module", "serde crate") names the file that is
// that module's page: a Python module's file (a package's __init__.py),
// the Go file that holds the package's doc comment, a Rust crate's lib.rs
// or a module's mod.rs, a JavaScript or TypeScript directory's index file.
// That file's root node gets a name match (modulePageMatch: twice that of
// a symbol named by the query), where it used to lose to every symbol
// whose name holds the word: "json package" led with PackageMetadata.json, "package
// http" with a struct named httpPkg in an example test. Its hot record
// carries the module name's signature in qual (hotOf), so the name filter
// passes only those roots; the words of such a query are not plain words
// (PlainFileWeight does not apply). A bare name ("json") is left as it
// was: it asks as often for the symbols named so.

// modulePageMatch is the name match of a module's page for a query that
// asks for the module (times moduleNamed's grade): twice a symbol's named
// by the query, since the query says it asks for a module. At 1 a symbol
// whose name holds the words led: "path module" led with javac's
// ModulePathIterator, "logging module" with the field LogRecord.module,
// "string module" with SECMODModuleStr (the 25k corpus).
const modulePageMatch = 2

// moduleAskWords are the words that, beside one name, ask for a module.
// Not "lib" or "mod": directories are named so ("lib sort" asks for sort
// under lib/ as often as for a library named sort).
var moduleAskWords = map[string]bool{
	"package": true, "pkg": true, "module": true, "library": true, "crate": true,
}

// moduleQuery is the module a query asks for: its name (the last part of
// a dotted or slashed name) and the path it is written under ("net/http"
// for "net/http package", "email.mime" → "email/mime"), or "" when the
// query is not one name beside a module word.
func moduleQuery(raw string) (name, under string) {
	words := analysis.SubjectWords(raw) // "what is the json module": json module
	if len(words) != 2 {
		return "", ""
	}
	var named string
	switch {
	case moduleAskWords[strings.ToLower(words[0])] && !moduleAskWords[strings.ToLower(words[1])]:
		named = words[1]
	case moduleAskWords[strings.ToLower(words[1])] && !moduleAskWords[strings.ToLower(words[0])]:
		named = words[0]
	default:
		return "", ""
	}
	named = strings.Trim(strings.ReplaceAll(strings.ReplaceAll(named, "::", "/"), ".", "/"), "/")
	for _, r := range named {
		if !(r == '_' || r == '-' || r == '/' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 0x7f) {
			return "", ""
		}
	}
	if named == "" {
		return "", ""
	}
	if i := strings.LastIndexByte(named, '/'); i >= 0 {
		return named[i+1:], named[:i]
	}
	return named, ""
}

// modulePathOf is the path of the module whose page document d's root
// is, its last element the module's name ("net/http" for net/http/doc.go,
// "json" for json/__init__.py, "email/mime/text" for email/mime/text.py),
// or "" when it is none. documented says whether the root has a module
// doc (its description field), which a Go package's page must have:
// every file of a package declares it, the one with the package comment
// documents it.
func modulePathOf(d *docMeta, documented bool) string {
	if d.ContentType != treenav.ContentCode {
		return ""
	}
	base := path.Base(d.Path)
	stem := strings.TrimSuffix(base, path.Ext(base))
	dir := path.Dir(d.Path)
	sansExt := strings.TrimSuffix(d.Path, path.Ext(base))
	if dir == "." || dir == "/" {
		dir = ""
	}
	switch d.Language {
	case "python":
		switch stem {
		case "__init__":
			return dir
		case "__main__":
			return ""
		}
		return sansExt
	case "go":
		if !documented || strings.HasSuffix(d.Path, "_test.go") {
			return ""
		}
		if d.Module != "" && d.Module != "main" && d.Module != path.Base(dir) {
			// package json in a directory named otherwise (v2/, a
			// version's directory): the package's name, under its
			// directory's parent.
			return path.Join(path.Dir(dir), d.Module)
		}
		return dir
	case "rust":
		switch stem {
		case "lib", "main":
			if path.Base(dir) == "src" {
				if up := path.Dir(dir); up != "." && up != "/" {
					return up // crate/src/lib.rs is the crate's
				}
				return ""
			}
			return dir
		case "mod":
			return dir
		}
		return sansExt
	case "java":
		// A package is its directory; package-info.java documents it.
		if base == "package-info.java" {
			return dir
		}
		return ""
	case "javascript", "typescript":
		if stem == "index" {
			return dir
		}
		return sansExt
	}
	return ""
}

// moduleNamed is how well the file root node n of segment s is the page
// of the module the query asks for (name, under: moduleQuery), as
// nameMatch grades: 1, or 0.5 for a Go file the host's build leaves out
// (encoding/json's v2_*.go files carry the package comment for the
// goexperiment.jsonv2 build, encode.go for the others: the host's, as
// references resolve to the definition the host builds), 0 for none.
func moduleNamed(s *segment, n uint32, name, under string) float64 {
	nm := s.node(n)
	if nm.kind() != treenav.KindFile || int(nm.doc) >= len(s.docs) {
		return 0
	}
	d := &s.docs[nm.doc]
	if !moduleMatches(modulePathOf(d, s.documented(n)), name, under) {
		return 0
	}
	// A Go file's constraint (its build line, its _os or _arch name) is
	// every symbol's: its first symbol's says it.
	if d.Language == "go" && n+1 < nm.end {
		if c := s.node(n + 1).constraint(); c != "" && !goMatchSource("x.go", []byte("//go:build "+c+"\n\npackage x\n")) {
			return 0.5
		}
	}
	return 1
}

// moduleMatches reports whether the module whose path is mp (modulePathOf)
// is the one named name, written under the path under (moduleQuery).
func moduleMatches(mp, name, under string) bool {
	return mp != "" && strings.EqualFold(path.Base(mp), name) && (under == "" || pathEndsWith(path.Dir(mp), under))
}

// pathEndsWith reports whether p's last elements are under's ("net/http"
// ends "x/net/http" and "net/http", not "xnet/http"), case aside.
func pathEndsWith(p, under string) bool {
	if len(p) < len(under) || !strings.EqualFold(p[len(p)-len(under):], under) {
		return false
	}
	return len(p) == len(under) || p[len(p)-len(under)-1] == '/'
}

// documented reports whether node n has a description field (a file
// root: a module doc).
func (s *segment) documented(n uint32) bool {
	return int(n) < len(s.norms) && s.norms[n].fieldLen[treenav.FieldDescription] > 0
}

// maxModulePages is how many module pages a find_symbol note names.
const maxModulePages = 3

// moduleCache is a view's module pages by lowercased module name
// (modulePathOf of every live code document), built by the first
// find_symbol that names no symbol.
type moduleCache struct {
	once  sync.Once
	pages map[string][]modulePage
}

// modulePage is one page: its module path and what a note names it by
// (a Go package by its directory, a module by its file).
type modulePage struct {
	modPath, shown string
}

// moduleIndex returns the view's module pages by name.
func (v *view) moduleIndex() map[string][]modulePage {
	c := &v.modules
	c.once.Do(func() {
		c.pages = map[string][]modulePage{}
		seen := map[string]bool{}
		for si, s := range v.segs {
			for di := range s.docs {
				d := &s.docs[di]
				if d.ContentType != treenav.ContentCode || d.nodeStart >= d.nodeEnd || !v.live(si, uint32(di)) {
					continue
				}
				mp := modulePathOf(d, s.documented(d.nodeStart))
				if d.Language == "java" && path.Dir(d.Path) != "." {
					// A Java package is its directory, with or
					// without a package-info.java: named by its
					// dotted name, java.util.concurrent.atomic.
					mp = path.Dir(d.Path)
				}
				if mp == "" {
					continue
				}
				shown := d.Path
				if d.Language == "go" || d.Language == "java" {
					shown = path.Dir(d.Path) + "/" // the package: its directory
				}
				if seen[shown] {
					continue
				}
				seen[shown] = true
				k := strings.ToLower(path.Base(mp))
				c.pages[k] = append(c.pages[k], modulePage{mp, shown})
			}
		}
	})
	return c.pages
}

// modulePages are the pages of the modules named q ("argparse", "json",
// "encoding/json", "email.mime"), for find_symbol's note when no symbol
// has that name: at most maxModulePages, in path order.
func (v *view) modulePages(q string) []string {
	name, under := moduleQuery(q + " module")
	if name == "" {
		return nil
	}
	var out []string
	for _, p := range v.moduleIndex()[strings.ToLower(name)] {
		if moduleMatches(p.modPath, name, under) {
			out = append(out, p.shown)
		}
	}
	slices.Sort(out)
	return out[:min(len(out), maxModulePages)]
}

// modulePageSnippet is, for a result that is the page of the module the
// query asks for, the start of the module's own doc as its snippet: a
// Python module's docstring, Rust's //! lines (a Go package comment is
// where the query's words are, and the usual snippet finds it). The
// usual window goes where the query's words are densest: for "json
// module", json/__init__.py's imports of JSONDecoder and JSONEncoder,
// not the docstring that says what the module is. "" for other results.
func (ix *Index) modulePageSnippet(v *view, c candidate, names *nameQueries, maxChars int) string {
	if names == nil || names.module == "" {
		return ""
	}
	s := v.segs[c.ref.seg]
	n := s.node(c.ref.node)
	if n.kind() != treenav.KindFile || int(n.doc) >= len(s.docs) || moduleNamed(s, c.ref.node, names.module, names.under) == 0 {
		return ""
	}
	d := &s.docs[n.doc]
	if d.Language != "python" && d.Language != "rust" {
		return ""
	}
	src, err := ix.fileOf(d)
	if err != nil {
		return ""
	}
	return clip(collapse(string(leadingDoc(src, d.Language))), maxChars)
}

// leadingDoc is the module doc a Python or Rust file opens with, after a
// shebang, comments and blank lines (Python) or attributes (Rust): a
// docstring's text, or the //! lines; nil when it opens with code.
func leadingDoc(src []byte, lang string) []byte {
	var doc []byte
	for at := 0; at < len(src); {
		end := len(src)
		if i := bytes.IndexByte(src[at:], '\n'); i >= 0 {
			end = at + i
		}
		line, start := src[at:end], at
		at = end + 1
		t := bytes.TrimSpace(line)
		switch {
		case lang == "rust" && bytes.HasPrefix(t, []byte("//!")):
			doc = append(append(doc, t[3:]...), ' ')
			continue
		case lang == "rust" && doc != nil:
			return doc
		case len(t) == 0, lang == "python" && t[0] == '#', lang == "rust" && (bytes.HasPrefix(t, []byte("#![")) || bytes.HasPrefix(t, []byte("//"))):
			continue
		case lang == "python":
			body := bytes.TrimLeft(t, "rRuUbB")
			for _, q := range []string{`"""`, "'''", `"`, "'"} {
				if bytes.HasPrefix(body, []byte(q)) {
					from := start + bytes.Index(line, []byte(q)) + len(q)
					text := src[from:]
					if e := bytes.Index(text, []byte(q)); e >= 0 {
						text = text[:e]
					}
					return text
				}
			}
			return nil
		}
		return doc
	}
	return doc
}
