package index

import (
	"errors"
	"strings"
	"testing"
)

// get_node_content and navigate_tree read, where no node has the id, a
// symbol's name or qualified name and PATH:LINE, as find_references
// reads its target: one call reads a symbol one can name.
func TestNodesByName(t *testing.T) {
	ix := newTestIndex(t, closestFiles)
	for _, tc := range []struct{ asked, id string }{
		{"http.Server.Shutdown", "net/http/server.go#Server.Shutdown"},
		{"net/http.Server.Shutdown", "net/http/server.go#Server.Shutdown"}, // import path and qualified name
		{"base.Go", "cmd/base/base.go#Go"},
		{"net/http/server.go:7", "net/http/server.go#Server.Shutdown"}, // a definition's line
		{"net/http/server.go:4", "net/http/server.go#Server"},
		{"Shutdown", "net/http/server.go#Server.Shutdown"}, // the one definition of the name
	} {
		r, err := ix.Nodes(NodesRequest{IDs: []string{tc.asked}})
		if err != nil {
			t.Errorf("node %q: %v", tc.asked, err)
			continue
		}
		if len(r.Nodes) != 1 || r.Nodes[0].NodeID != tc.id || r.Nodes[0].Asked != tc.asked {
			t.Errorf("node %q: %+v; want %s asked as %q", tc.asked, r.Nodes, tc.id, tc.asked)
			continue
		}
		if !strings.HasPrefix(r.Text(), "== "+tc.id+" ") {
			t.Errorf("node %q: the text does not start with the node's id:\n%s", tc.asked, r.Text())
		}
		nav, err := ix.Navigate(NavigateRequest{ID: tc.asked})
		if err != nil || nav.NodeID != tc.id || nav.Asked != tc.asked {
			t.Errorf("navigate %q: %v, %+v; want %s", tc.asked, err, nav, tc.id)
		}
	}
	// An id is an id: a bare anchor one document has answers without
	// "asked".
	r, err := ix.Nodes(NodesRequest{IDs: []string{"Server.Shutdown"}})
	if err != nil || len(r.Nodes) != 1 || r.Nodes[0].Asked != "" {
		t.Errorf("bare anchor: %v, %+v; want the node, not asked by name", err, r)
	}
	// A name several definitions have lists them.
	_, err = ix.Nodes(NodesRequest{IDs: []string{"Go"}})
	var amb *AmbiguousTargetError
	if !errors.As(err, &amb) || len(amb.Candidates) < 3 {
		t.Errorf("Go: %v; want the definitions named Go", err)
	}
	// A misspelled name gets the closest symbols.
	_, err = ix.Nodes(NodesRequest{IDs: []string{"http.Server.Shutdwn"}})
	if nf := notFound(t, "Shutdwn", err); len(nf.Closest) == 0 || nf.Closest[0] != "net/http/server.go#Server.Shutdown" {
		t.Errorf("Shutdwn: %v; want Server.Shutdown closest", err)
	}
	// A line past a file's end says so; a directory stays a directory.
	_, err = ix.Nodes(NodesRequest{IDs: []string{"net/http/server.go:99"}})
	if nf := notFound(t, "line 99", err); !strings.Contains(nf.Why, "past the end") {
		t.Errorf("line 99: %v; want past the end of the file", err)
	}
	_, err = ix.Nodes(NodesRequest{IDs: []string{"net/http"}})
	if nf := notFound(t, "net/http", err); nf.Why != whyDirectory {
		t.Errorf("net/http: %v; want a directory", err)
	}
	// A doc_id makes the id an anchor of that document: no name lookup.
	_, err = ix.Nodes(NodesRequest{DocID: "net/http/client.go", IDs: []string{"Server.Shutdown"}})
	notFound(t, "doc_id", err)
}

// A name with its module before it, as find_symbol reads it (Java's
// package, Python's module path), names its definition for
// get_node_content and find_references alike; misspelled, it gets the
// symbol closest by name, not the file its package spells.
func TestNodesByModuleQualifiedName(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"java/util/HashMap.java":        "package java.util;\n\npublic class HashMap {\n    final void resize() {}\n    public Object get(Object key) { resize(); return null; }\n}\n",
		"java/lang/StackBuffer.java":    "package java.lang;\n\nclass StackBuffer {\n    void resize() {}\n}\n",
		"os/path.py":                    "def join(a, *p):\n    return a\n",
		"shutil.py":                     "def join(a):\n    return a\n",
		"java/util/concurrent/Map.java": "package java.util.concurrent;\n\npublic class Map {\n    void resize() {}\n}\n",
		"lib/store.hpp":                 "namespace app {\nclass Store {\npublic:\n    void flush() {}\n};\n}\n",
		"lib/other.hpp":                 "namespace web {\nclass Store {\npublic:\n    void flush() {}\n};\n}\n",
		"src/config.rs":                 "pub fn load() {}\n",
		"src/other.rs":                  "pub fn load() {}\n",
		// A module bound to a name by platform (os.path), and a name
		// its module imports from another (genericpath's exists).
		"osmod/__init__.py":   "import sys\nif sys.platform == 'win32':\n    import ntish as path\nelse:\n    import posixish as path\n",
		"posixish.py":         "from genericish import *\n\ndef join(a, *p):\n    return a\n",
		"ntish.py":            "from genericish import *\n\ndef join(a, *p):\n    return a\n",
		"genericish.py":       "def exists(path):\n    return True\n",
		"java/util/List.java": "package java.util;\n\npublic class List {\n    public boolean add(Object e) { return true; }\n    public void add(int index, Object e) {}\n}\n",
	})
	for _, tc := range []struct{ asked, id string }{
		{"java.util.HashMap.resize", "java/util/HashMap.java#HashMap.resize"},
		{"util.HashMap.resize", "java/util/HashMap.java#HashMap.resize"},
		{"java.lang.StackBuffer.resize", "java/lang/StackBuffer.java#StackBuffer.resize"},
		{"os.path.join", "os/path.py#join"},
		{"app::Store::flush", "lib/store.hpp#app.Store.flush"}, // C++ and Rust paths, as find_symbol reads them
		{"::app::Store::flush", "lib/store.hpp#app.Store.flush"},
		{"crate::config::load", "src/config.rs#load"},
		{"osmod.path.join", "posixish.py#join"}, // the host's (not Windows)
		{"osmod.path.exists", "genericish.py#exists"},
	} {
		r, err := ix.Nodes(NodesRequest{IDs: []string{tc.asked}})
		if err != nil || len(r.Nodes) != 1 || r.Nodes[0].NodeID != tc.id {
			t.Errorf("node %q: %v, %+v; want %s", tc.asked, err, r, tc.id)
		}
		refs, err := ix.References(ReferencesRequest{Target: tc.asked})
		if err != nil || refs.Symbol.NodeID != tc.id {
			t.Errorf("references of %q: %v, %+v; want those of %s", tc.asked, err, refs, tc.id)
		}
	}
	// find_symbol reads a Python name through its modules too.
	for _, tc := range []struct{ q, id string }{{"osmod.path.join", "posixish.py#join"}, {"osmod.path.exists", "genericish.py#exists"}} {
		r, err := ix.Symbols(SymbolRequest{Query: tc.q})
		if err != nil || len(r.Symbols) == 0 || r.Symbols[0].NodeID != tc.id || r.Symbols[0].Match != MatchQualified {
			t.Errorf("find_symbol %q: %v, %+v; want %s first, qualified", tc.q, err, r, tc.id)
		}
	}
	_, err := ix.Nodes(NodesRequest{IDs: []string{"java.util.HashMap.resze"}})
	if nf := notFound(t, "resze", err); len(nf.Closest) == 0 || nf.Closest[0] != "java/util/HashMap.java#HashMap.resize" {
		t.Errorf("java.util.HashMap.resze: %v; want HashMap.resize closest", err)
	}
	// Overloads are told apart by their signatures, which their ids
	// (add, add~2) do not.
	_, err = ix.References(ReferencesRequest{Target: "java.util.List.add"})
	if err == nil || !strings.Contains(err.Error(), "List.add (public boolean add(Object e))") || !strings.Contains(err.Error(), "List.add~2 (public void add(int index, Object e))") {
		t.Errorf("java.util.List.add: %v; want the overloads with their signatures", err)
	}
	// A file is not a definition: find_references says so and names its
	// symbols.
	_, err = ix.References(ReferencesRequest{Target: "java/util/HashMap.java"})
	if nf := notFound(t, "a file", err); !strings.Contains(nf.Why, "a file") || len(nf.Closest) == 0 || nf.Closest[0] != "java/util/HashMap.java#HashMap" {
		t.Errorf("references of a file: %v; want why and its symbols", err)
	}
	// A file's path misspelled keeps the ids closest in spelling.
	_, err = ix.Nodes(NodesRequest{IDs: []string{"java/util/HashMapp.java"}})
	if nf := notFound(t, "HashMapp.java", err); len(nf.Closest) == 0 || nf.Closest[0] != "java/util/HashMap.java" {
		t.Errorf("java/util/HashMapp.java: %v; want the file closest", err)
	}
}
