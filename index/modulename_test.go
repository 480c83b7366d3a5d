package index

import (
	"strings"
	"testing"
)

func TestModuleQuery(t *testing.T) {
	for _, tc := range []struct{ q, name, under string }{
		{"json module", "json", ""},
		{"package http", "http", ""},
		{"the textwrap module", "textwrap", ""},
		{"what does the textwrap module do", "textwrap", ""},
		{"where is the http package", "http", ""},
		{"how do I use the json module", "", ""},
		{"net/http package", "http", "net"},
		{"email.mime module", "mime", "email"},
		{"serde crate", "serde", ""},
		{"json", "", ""},
		{"module package", "", ""},
		{"parse json module", "", ""},
		{"package http(", "", ""},
		{"lib sort", "", ""}, // a directory named lib, as often as a library
	} {
		name, under := moduleQuery(tc.q)
		if name != tc.name || under != tc.under {
			t.Errorf("moduleQuery(%q) = %q, %q; want %q, %q", tc.q, name, under, tc.name, tc.under)
		}
	}
}

// A query that asks for a module or package by name leads with the file
// that is its page: the Go file with the package comment, a Python
// package's __init__.py or module file, a Rust crate's lib.rs, a
// directory's index.js; before, symbols holding the word won.
func TestModulePageFirst(t *testing.T) {
	files := map[string]string{
		"net/http/doc.go":    "// Package http provides HTTP client and server implementations.\npackage http\n",
		"net/http/server.go": "package http\n\n// Server serves HTTP.\ntype Server struct{}\n\n// Serve serves.\nfunc (s *Server) Serve() {}\n",
		"net/http/client.go": "package http\n\n// Client asks over HTTP.\ntype Client struct{}\n",
		// The package comment again, for one build only: the page
		// for every build leads.
		"encoding/xml/marshal.go":    "// Package xml implements a simple parser that understands name spaces\n// and reads and writes the elements of documents in a streaming way.\npackage xml\n\n// Marshal encodes.\nfunc Marshal(v any) {}\n",
		"encoding/xml/v2_marshal.go": "//go:build goexperiment.xmlv2\n\n// Package xml is XML.\npackage xml\n\n// Marshal encodes.\nfunc Marshal(v any) {}\n",
		"sync/example_test.go": "package sync_test\n\n// httpPkg is an HTTP package stand-in.\ntype httpPkg struct{}\n\n" +
			"func (httpPkg) Get(url string) {}\n",
		"json/__init__.py":                       "\"\"\"JSON encoder and decoder.\"\"\"\nfrom .decoder import JSONDecoder\n\ndef loads(s):\n    return JSONDecoder().decode(s)\n",
		"json/decoder.py":                        "class JSONDecoder:\n    def decode(self, s):\n        return s\n",
		"importlib/metadata.py":                  "class PackageMetadata:\n    @property\n    def json(self):\n        \"\"\"The package metadata as JSON.\"\"\"\n        return {}\n",
		"textwrap.py":                            "\"\"\"Text wrapping and filling.\"\"\"\n\ndef wrap(text):\n    return [text]\n",
		"argparse_user.py":                       "# The textwrap module is used only for formatting help.\nimport textwrap\n\ndef split_lines(text, width):\n    return textwrap.wrap(text)\n",
		"serde/src/lib.rs":                       "//! Serde is a framework for serializing data structures.\npub trait Serialize {}\n",
		"app/src/serde_use.rs":                   "/// Uses the crate.\npub fn use_serde() {}\n",
		"lib/router/index.js":                    "// The router.\nfunction route(path) { return path }\nmodule.exports = route\n",
		"java/util/concurrent/package-info.java": "/**\n * Utility classes commonly useful in concurrent programming.\n */\npackage java.util.concurrent;\n",
		"java/util/concurrent/Executor.java":     "package java.util.concurrent;\n\n/** Runs concurrent tasks, a concurrent package's core. */\npublic interface Executor {\n    void execute(Runnable command);\n}\n",
		"java/util/ConcurrentPackages.java":      "package java.util;\n\n/** Lists each concurrent package: the concurrent package of the JDK, the concurrent packages of libraries. */\npublic class ConcurrentPackages {}\n",
	}
	ix := newTestIndex(t, files)
	for _, tc := range []struct{ q, first string }{
		{"package http", "net/http/doc.go"},
		{"http package", "net/http/doc.go"},
		{"net/http package", "net/http/doc.go"},
		{"json package", "json/__init__.py"},
		{"json module", "json/__init__.py"},
		{"module textwrap", "textwrap.py"},
		{"serde crate", "serde/src/lib.rs"},
		{"router module", "lib/router/index.js"},
		{"package xml", "encoding/xml/marshal.go"},
		{"xml package", "encoding/xml/marshal.go"},
		{"java.util.concurrent package", "java/util/concurrent/package-info.java"},
		{"concurrent package", "java/util/concurrent/package-info.java"},
	} {
		r, err := ix.Search(SearchRequest{Query: tc.q, Limit: 3})
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Results) == 0 || r.Results[0].NodeID != tc.first {
			var got []string
			for _, x := range r.Results {
				got = append(got, x.NodeID)
			}
			t.Errorf("%q: got %v, want %s first", tc.q, got, tc.first)
		}
	}
}

// smallModules are a Go package of two files, one with the package
// comment, and a Python module.
var smallModules = map[string]string{
	"net/http/doc.go":    "// Package http provides HTTP.\npackage http\n",
	"net/http/server.go": "package http\n\n// Server serves.\ntype Server struct{}\n",
	"textwrap.py":        "\"\"\"Text wrapping.\"\"\"\n\ndef wrap(text):\n    return [text]\n",
	// Java packages, one with a package-info.java and one without.
	"src/main/java/java/util/concurrent/package-info.java": "/**\n * Utility classes commonly useful in concurrent programming.\n */\npackage java.util.concurrent;\n",
	"src/main/java/java/util/concurrent/Executor.java":     "package java.util.concurrent;\n\n/** Runs concurrent tasks. */\npublic interface Executor {\n    void execute(Runnable command);\n}\n",
	"src/main/java/com/acme/util/Strings.java":             "package com.acme.util;\n\npublic class Strings {\n    public static String trim(String s) { return s; }\n}\n",
	"src/main/java/com/acme/util/Lists.java":               "package com.acme.util;\n\npublic class Lists {}\n",
}

// find_symbol on a module's name, which no symbol has, says it is a
// module and where.
func TestSymbolsNameAModule(t *testing.T) {
	ix := newTestIndex(t, smallModules)
	for _, tc := range []struct{ q, want string }{
		{"textwrap", "textwrap is a module: textwrap.py"},
		{"net/http", "net/http is a package: net/http/"},
		{"http", "http is a package: net/http/"},
		{"com.acme.util", "com.acme.util is a package: src/main/java/com/acme/util/"},
	} {
		r, err := ix.Symbols(SymbolRequest{Query: tc.q})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(r.Note, tc.want) {
			t.Errorf("find_symbol %q: note %q, want it to say %q", tc.q, r.Note, tc.want)
		}
	}
	// A name symbols have gets no such note.
	if r, _ := ix.Symbols(SymbolRequest{Query: "wrap"}); strings.Contains(r.Note, "module") {
		t.Errorf("wrap: note %q", r.Note)
	}
}

// Which file is a module's page, by language.
func TestModulePathOf(t *testing.T) {
	for _, tc := range []struct {
		path, lang, module string
		documented         bool
		want               string
	}{
		{"net/http/doc.go", "go", "http", true, "net/http"},
		{"net/http/server.go", "go", "http", false, ""}, // no package comment
		{"net/http/doc_test.go", "go", "http_test", true, ""},
		{"encoding/json/v2/doc.go", "go", "json", true, "encoding/json/json"},
		{"cmd/go/main.go", "go", "main", true, "cmd/go"},
		{"json/__init__.py", "python", "", false, "json"},
		{"email/mime/text.py", "python", "", false, "email/mime/text"},
		{"pkg/__main__.py", "python", "", false, ""},
		{"serde/src/lib.rs", "rust", "", false, "serde"},
		{"src/net/mod.rs", "rust", "", false, "src/net"},
		{"src/parse.rs", "rust", "", false, "src/parse"},
		{"lib/router/index.js", "javascript", "", false, "lib/router"},
		{"lib/util.ts", "typescript", "", false, "lib/util"},
		{"Foo.java", "java", "", true, ""},
		{"src/com/acme/util/Strings.java", "java", "", true, ""},
		{"src/com/acme/util/package-info.java", "java", "", true, "src/com/acme/util"},
	} {
		d := &docMeta{Path: tc.path, Language: tc.lang, Module: tc.module, ContentType: "code"}
		if got := modulePathOf(d, tc.documented); got != tc.want {
			t.Errorf("modulePathOf(%s) = %q, want %q", tc.path, got, tc.want)
		}
	}
}

// get_outline takes a module's name where no path matches: its pages.
func TestOutlineOfAModule(t *testing.T) {
	ix := newTestIndex(t, smallModules)
	for _, tc := range []struct {
		path  string
		files []string
	}{
		{"textwrap", []string{"textwrap.py"}},
		{"http", []string{"net/http/doc.go", "net/http/server.go"}},
		{"com.acme.util", []string{"src/main/java/com/acme/util/Lists.java", "src/main/java/com/acme/util/Strings.java"}},
		{"java.util.concurrent", []string{"src/main/java/java/util/concurrent/Executor.java", "src/main/java/java/util/concurrent/package-info.java"}},
	} {
		r, err := ix.Outline(OutlineRequest{Paths: []string{tc.path}})
		if err != nil {
			t.Fatalf("%s: %v", tc.path, err)
		}
		var got []string
		for _, f := range r.Files {
			got = append(got, f.Path)
		}
		if strings.Join(got, " ") != strings.Join(tc.files, " ") {
			t.Errorf("outline %q: %v, want %v", tc.path, got, tc.files)
		}
	}
	if _, err := ix.Outline(OutlineRequest{Paths: []string{"nowhere"}}); err == nil {
		t.Error("outline of nothing: no error")
	}
}

// get_tree takes a module's name for its one file.
func TestTreeOfAModule(t *testing.T) {
	ix := newTestIndex(t, smallModules)
	r, err := ix.Tree(TreeRequest{DocID: "textwrap"})
	if err != nil || r.DocID != "textwrap.py" {
		t.Fatalf("tree textwrap: %v, %+v; want textwrap.py", err, r)
	}
	// A package is a directory: still unknown as a document.
	if _, err := ix.Tree(TreeRequest{DocID: "http"}); err == nil {
		t.Error("tree http: no error; a Go package is no document")
	}
}

// A module page's snippet is its own doc, not where the query's words
// are densest; leadingDoc reads a Python docstring (either quotes, after
// a shebang and comments) and Rust's //! lines.
func TestModulePageSnippet(t *testing.T) {
	for _, tc := range []struct{ lang, src, want string }{
		{"python", "#!/usr/bin/env python3\n# Copyright.\n\n'''Single quotes.'''\nimport os\n", "Single quotes."},
		{"python", "r\"\"\"Raw doc\nover lines.\"\"\"\n", "Raw doc\nover lines."},
		{"python", "import os\n\"\"\"Not a docstring.\"\"\"\n", ""},
		{"rust", "#![allow(x)]\n//! The crate.\n//! More.\nuse std::fmt;\n", " The crate.  More. "},
		{"rust", "// A plain comment.\nfn main() {}\n", ""},
	} {
		if got := string(leadingDoc([]byte(tc.src), tc.lang)); got != tc.want {
			t.Errorf("leadingDoc(%q) = %q, want %q", tc.src, got, tc.want)
		}
	}
	ix := newTestIndex(t, map[string]string{
		"json/__init__.py": "\"\"\"JSON encoding and decoding for Python.\"\"\"\n__all__ = ['dumps', 'JSONDecoder', 'JSONEncoder', 'JSONDecodeError']\n" +
			"from .decoder import JSONDecoder, JSONDecodeError\nfrom .encoder import JSONEncoder\n",
	})
	r, err := ix.Search(SearchRequest{Query: "json module", Limit: 1})
	if err != nil || len(r.Results) != 1 || r.Results[0].Snippet != "JSON encoding and decoding for Python." {
		t.Errorf("json module: %v %+v; want the docstring as the snippet", err, r)
	}
}
