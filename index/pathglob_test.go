package index

import (
	"strings"
	"testing"
)

func TestMatchPathGlob(t *testing.T) {
	for _, tc := range []struct {
		glob, path string
		want       bool
	}{
		{"net/http/server.go", "net/http/server.go", true},
		{"net/http/*.go", "net/http/server.go", true},
		{"net/http/*.go", "net/http/httptest/server.go", false},
		{"**/http/*.go", "net/http/server.go", true},
		// A directory: everything under it.
		{"net/http", "net/http/server.go", true},
		{"net/http/", "net/http/server.go", true},
		{"net/http", "net/http/httptest/server.go", true},
		{"net/http", "net/httptest/server.go", false},
		{"net", "network/x.go", false},
		{"net/*", "net/http/server.go", true},
		{"net/ht*", "net/http/httptest/server.go", true},
		{"net/http/**", "net/http/server.go", true},
		// No '/': the base name, at any depth.
		{"*.go", "net/http/server.go", true},
		{"*.go", "docs/guide.md", false},
		{"server.go", "net/http/server.go", true},
		{"*_test.go", "net/http/server_test.go", true},
		{"serv?r.go", "net/http/server.go", true},
		{"{server,client}.go", "net/http/client.go", true},
		// A '/' anywhere but at the end anchors at the root.
		{"http/*.go", "net/http/server.go", false},
		{"http/server.go", "net/http/server.go", false},
		{"/net/http", "net/http/server.go", true},
		{"./net/http", "net/http/server.go", true},
		{"/server.go", "net/http/server.go", false},
		{"/*.go", "net/http/server.go", false},
		{"/*.go", "main.go", true},
		{"/", "net/http/server.go", true},
		{"http/", "net/http/server.go", false},
	} {
		if got := matchPathGlob(tc.glob, tc.path); got != tc.want {
			t.Errorf("matchPathGlob(%q, %q) = %v, want %v", tc.glob, tc.path, got, tc.want)
		}
	}
}

var globFiles = map[string]string{
	"net/http/server.go":          "package http\n\n// Server serves.\ntype Server struct{}\n\n// Shutdown stops the server gracefully.\nfunc (s *Server) Shutdown() {}\n",
	"net/http/httptest/server.go": "package httptest\n\n// Server is for tests.\ntype Server struct{}\n\n// Shutdown stops the test server.\nfunc (s *Server) Shutdown() {}\n",
	"net/httpx/conn.go":           "package httpx\n\n// Shutdown closes the connection.\nfunc Shutdown() {}\n",
	"net/rpc/server.go":           "package rpc\n\n// Server answers calls.\ntype Server struct{}\n\n// Shutdown stops answering.\nfunc (s *Server) Shutdown() {}\n",
	"docs/shutdown.md":            "# Shutdown\n\nHow to shut the server down.\n",
}

// A directory, and a glob without a '/', scope search and symbols as they
// scope gitignore and ripgrep: a directory takes in what is under it, a
// name matches at any depth.
func TestPathGlobDirectoryAndBaseName(t *testing.T) {
	ix := newTestIndex(t, globFiles)
	for _, tc := range []struct {
		glob string
		want []string // the documents of the results
	}{
		{"net/http", []string{"net/http/server.go", "net/http/httptest/server.go"}},
		{"net/http/", []string{"net/http/server.go", "net/http/httptest/server.go"}},
		{"net/http/*.go", []string{"net/http/server.go"}},
		{"*.go", []string{"net/http/server.go", "net/http/httptest/server.go", "net/httpx/conn.go", "net/rpc/server.go"}},
		{"server.go", []string{"net/http/server.go", "net/http/httptest/server.go", "net/rpc/server.go"}},
		{"*.md", []string{"docs/shutdown.md"}},
		{"**/http/*.go", []string{"net/http/server.go"}},
	} {
		sr, err := ix.Search(SearchRequest{Query: "shutdown", PathGlob: tc.glob})
		if err != nil {
			t.Errorf("search --path %q: %v", tc.glob, err)
			continue
		}
		var searched []string
		for _, r := range sr.Results {
			searched = append(searched, r.DocID)
		}
		if !sameDocs(searched, tc.want) {
			t.Errorf("search --path %q: documents %v, want %v", tc.glob, searched, tc.want)
		}
		if tc.glob == "*.md" {
			continue
		}
		sym, err := ix.Symbols(SymbolRequest{Query: "Shutdown", PathGlob: tc.glob})
		if err != nil {
			t.Errorf("symbols --path %q: %v", tc.glob, err)
			continue
		}
		var found []string
		for _, s := range sym.Symbols {
			found = append(found, s.NodeID[:strings.IndexByte(s.NodeID, '#')])
		}
		if !sameDocs(found, tc.want) {
			t.Errorf("symbols --path %q: documents %v, want %v", tc.glob, found, tc.want)
		}
	}
}

// sameDocs reports whether got has the documents of want, each at least
// once, and no other.
func sameDocs(got, want []string) bool {
	set := map[string]bool{}
	for _, g := range got {
		set[g] = true
	}
	if len(set) != len(want) {
		return false
	}
	for _, w := range want {
		if !set[w] {
			return false
		}
	}
	return true
}

// A glob that would match below the root but matches nothing from it
// says so; one whose first part is nothing at the root (anchored with
// "/" or not) is an error too; a pattern that matches nothing anywhere
// is an empty result.
func TestPathGlobFromTheRoot(t *testing.T) {
	ix := newTestIndex(t, globFiles)
	for _, glob := range []string{"http/*.go", "http", "httptest/server.go"} {
		_, err := ix.Search(SearchRequest{Query: "shutdown", PathGlob: glob})
		wantBadRequest(t, "search "+glob, err, "matches no file", `did you mean "**/`+glob+`"`)
		_, err = ix.Symbols(SymbolRequest{Query: "Shutdown", PathGlob: glob})
		wantBadRequest(t, "symbols "+glob, err, "matches no file", `did you mean "**/`+glob+`"`)
	}
	// A first part that is nothing at the root: an error that lists
	// what the root holds, not an empty answer.
	_, err := ix.Search(SearchRequest{Query: "shutdown", PathGlob: "vendor/*.go"})
	wantBadRequest(t, "search vendor/*.go", err, "matches no file", "the root, which holds ")
	// A glob anchored at the root reads from its first part after the
	// anchor: an absolute path of another tree is nothing at the root,
	// and one that is right from the root is taken as it is.
	for _, tc := range []struct{ glob, want string }{
		{"/etc/**", "the root, which holds docs, net"},
		{"/root/src/app/*.go", "the root, which holds docs, net"},
		{"/http/*.go", `did you mean "**/http/*.go"`},
		{"./vendor", "the root, which holds docs, net"},
	} {
		_, err := ix.Search(SearchRequest{Query: "shutdown", PathGlob: tc.glob})
		wantBadRequest(t, "search "+tc.glob, err, "matches no file", tc.want)
		_, err = ix.Symbols(SymbolRequest{Query: "Shutdown", PathGlobs: []string{tc.glob}})
		wantBadRequest(t, "symbols "+tc.glob, err, "matches no file", tc.want)
		_, err = ix.Grep(GrepRequest{Pattern: "Shutdown", PathGlob: tc.glob})
		wantBadRequest(t, "grep "+tc.glob, err, "matches no file", tc.want)
	}
	for _, glob := range []string{"/net/http/server.go", "./net/**/*.go", "/"} {
		r, err := ix.Search(SearchRequest{Query: "shutdown", PathGlob: glob})
		if err != nil || len(r.Results) == 0 {
			t.Errorf("search --path %q: %v, %d results; want the files from the root", glob, err, len(r.Results))
		}
	}
	for _, glob := range []string{"*.rs", "**/vendor"} {
		r, err := ix.Search(SearchRequest{Query: "shutdown", PathGlob: glob})
		if err != nil || len(r.Results) != 0 {
			t.Errorf("search --path %q: %v, %d results; want none and no error", glob, err, len(r.Results))
		}
	}
}
