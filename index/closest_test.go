package index

import (
	"errors"
	"strings"
	"testing"
)

// closestFiles has, as Go's tree does, more symbols named Go (the
// extension of every file) than suggestions are shown, in documents whose
// ids sort before net/http/server.go.
var closestFiles = map[string]string{
	"cmd/cgo/main.go": `package main

type FuncType struct{}

func (f *FuncType) Go() {}

type Name struct{}

func (n *Name) Go() {}

type Type struct{}

func (t *Type) Go() {}
`,
	"cmd/base/base.go":            "package base\n\nfunc Go() {}\n",
	"cmd/syntax/tok.go":           "package syntax\n\nconst Go = 1\n",
	"cmd/vet/go.go":               "package vet\n\nfunc Go() {}\n",
	"net/http/server.go":          "package http\n\n// Server serves.\ntype Server struct{}\n\n// Shutdown stops it.\nfunc (s *Server) Shutdown() {}\n",
	"net/http/client.go":          "package http\n\n// Client asks.\ntype Client struct{}\n",
	"net/http/client_test.go":     "package http\n\nfunc TestClient() {}\n",
	"net/http/httptest/server.go": "package httptest\n\ntype Server struct{}\n",
	"net/rpc/server.go":           "package rpc\n\ntype Server struct{}\n",
}

func notFound(t *testing.T, what string, err error) *NotFoundError {
	t.Helper()
	var nf *NotFoundError
	if !errors.As(err, &nf) {
		t.Fatalf("%s: got %v, want a NotFoundError", what, err)
	}
	return nf
}

// A mistyped document id gets documents, the nearest first, not the
// symbols named like its extension.
func TestClosestToADocIDAreDocuments(t *testing.T) {
	ix := newTestIndex(t, closestFiles)
	for _, tc := range []struct{ id, first string }{
		{"net/http/servr.go", "net/http/server.go"},
		{"http/server.go", "net/http/server.go"},    // the leading directories left out
		{"net/htp/server.go", "net/http/server.go"}, // a typo in a directory
		{"http/servr.go", "net/http/server.go"},
		{"client.go", "net/http/client.go"}, // a base name: no '/', an extension
	} {
		_, err := ix.Tree(TreeRequest{DocID: tc.id})
		nf := notFound(t, tc.id, err)
		if nf.What != "document" || len(nf.Closest) == 0 || nf.Closest[0] != tc.first {
			t.Errorf("tree %q: %v; want %s first", tc.id, err, tc.first)
		}
		for _, c := range nf.Closest {
			if strings.Contains(c, "#") {
				t.Errorf("tree %q suggests the node %s for a document id", tc.id, c)
			}
		}
		// Every path to the same error: node ids, navigate, a search's doc_id.
		_, err = ix.Nodes(NodesRequest{IDs: []string{tc.id}})
		if nf := notFound(t, tc.id, err); len(nf.Closest) == 0 || nf.Closest[0] != tc.first {
			t.Errorf("node %q: %v; want %s first", tc.id, err, tc.first)
		}
		_, err = ix.Search(SearchRequest{Query: "server", DocIDs: []string{tc.id}})
		if nf := notFound(t, tc.id, err); len(nf.Closest) == 0 || nf.Closest[0] != tc.first {
			t.Errorf("search doc_id %q: %v; want %s first", tc.id, err, tc.first)
		}
	}
}

// A directory gets a few of its documents, those right in it and not
// tests first, and the error says it is a directory.
func TestClosestToADirectoryAreItsDocuments(t *testing.T) {
	ix := newTestIndex(t, closestFiles)
	for _, dir := range []string{"net/http", "net/http/"} {
		_, err := ix.Tree(TreeRequest{DocID: dir})
		nf := notFound(t, dir, err)
		want := []string{"net/http/client.go", "net/http/server.go", "net/http/client_test.go", "net/http/httptest/server.go"}
		if strings.Join(nf.Closest, " ") != strings.Join(want, " ") {
			t.Errorf("tree %q: closest %v, want %v", dir, nf.Closest, want)
		}
		if !strings.Contains(nf.Error(), "directory") {
			t.Errorf("tree %q: %q does not say it is a directory", dir, nf.Error())
		}
	}
}

// A node id with a '#' gets nodes: of its document, or of the documents
// nearest to its document part.
func TestClosestToANodeIDAreNodes(t *testing.T) {
	ix := newTestIndex(t, closestFiles)
	for _, id := range []string{"net/http/server.go#Server.Shutdwn", "net/htp/server.go#Server.Shutdown", "server.go#Server.Shutdown"} {
		_, err := ix.Nodes(NodesRequest{IDs: []string{id}})
		if nf := notFound(t, id, err); len(nf.Closest) == 0 || nf.Closest[0] != "net/http/server.go#Server.Shutdown" {
			t.Errorf("node %q: %v; want net/http/server.go#Server.Shutdown first", id, err)
		}
		// tree takes a node id for its document: the error is the node's.
		_, err = ix.Tree(TreeRequest{DocID: id})
		if nf := notFound(t, id, err); nf.What != "node" || len(nf.Closest) == 0 || nf.Closest[0] != "net/http/server.go#Server.Shutdown" {
			t.Errorf("tree %q: %v; want the node net/http/server.go#Server.Shutdown first", id, err)
		}
	}
	// A bare name misspelled still gets the symbols named nearly so
	// (the name itself reads the one definition: TestNodesByName).
	_, err := ix.Nodes(NodesRequest{IDs: []string{"Shutdwn"}})
	if nf := notFound(t, "Shutdwn", err); len(nf.Closest) == 0 || nf.Closest[0] != "net/http/server.go#Server.Shutdown" {
		t.Errorf("bare Shutdwn: %v; want net/http/server.go#Server.Shutdown", err)
	}
}
