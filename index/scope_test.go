package index

import (
	"errors"
	"strings"
	"testing"
)

const scopePage = `---
title: Auth guide
type: guide
tags: [auth, tokens]
---

# Auth guide

Tokens are refreshed by the server.
`

const scopeC = "typedef struct point { int x; } point_t;\nint area(point_t *p);\n"

func newScopeEngine(t *testing.T) *Index {
	ix := newTestIndex(t, map[string]string{
		"web/server.go": serverGo, "auth/token.go": tokenGo,
		"docs/auth.md": scopePage, "geo/point.c": scopeC,
	})
	return ix
}

// wantBadRequest fails unless err is a BadRequestError whose message has
// every one of parts.
func wantBadRequest(t *testing.T, what string, err error, parts ...string) {
	t.Helper()
	var br *BadRequestError
	if !errors.As(err, &br) {
		t.Errorf("%s: got %v, want a bad request", what, err)
		return
	}
	for _, p := range parts {
		if !strings.Contains(br.Msg, p) {
			t.Errorf("%s: %q does not say %q", what, br.Msg, p)
		}
	}
}

func TestScopeMistakesAreBadRequests(t *testing.T) {
	ix := newScopeEngine(t)
	search := func(filters map[string][]string, colls ...string) error {
		_, err := ix.Search(SearchRequest{Query: "token", Filters: filters, Collections: colls})
		return err
	}
	wantBadRequest(t, "kind klass", search(map[string][]string{"kind": {"klass"}}), `"klass"`, `did you mean "class"`, "struct")
	wantBadRequest(t, "facet key lang", search(map[string][]string{"lang": {"go"}}), `did you mean "language"`)
	wantBadRequest(t, "facet key tag", search(map[string][]string{"tag": {"auth"}}), `did you mean "tags"`)
	wantBadRequest(t, "tags Auth", search(map[string][]string{"tags": {"Auth"}}), `did you mean "auth"`, "tokens (1)")
	wantBadRequest(t, "type guid", search(map[string][]string{"type": {"guid"}}), `did you mean "guide"`)
	wantBadRequest(t, "language pyhton", search(map[string][]string{"language": {"pyhton"}}), `"pyhton"`, "go (2)")
	wantBadRequest(t, "collection", search(nil, "tset"), `did you mean "test"`)
	wantBadRequest(t, "collection filter", search(map[string][]string{"collection": {"nope"}}), "test (4)")

	_, err := ix.Search(SearchRequest{Query: "token", DocIDs: []string{"token.go"}})
	var nf *NotFoundError
	if !errors.As(err, &nf) || len(nf.Closest) == 0 || nf.Closest[0] != "auth/token.go" {
		t.Errorf("doc token.go: got %v, want unknown document with auth/token.go closest", err)
	}

	_, err = ix.Symbols(SymbolRequest{Query: "Shutdown", Kinds: []string{"methd"}})
	wantBadRequest(t, "symbols kind methd", err, `did you mean "method"`)
	_, err = ix.Symbols(SymbolRequest{Query: "Shutdown", Languages: []string{"goo"}})
	wantBadRequest(t, "symbols language goo", err, `did you mean "go"`)
	_, err = ix.Symbols(SymbolRequest{Query: "Shutdown", Collections: []string{"nope"}})
	wantBadRequest(t, "symbols collection", err, "test")

	_, err = ix.List(ListRequest{Filters: map[string][]string{"tags": {"tokn"}}})
	wantBadRequest(t, "list tags tokn", err, `did you mean "tokens"`)

	// One message for a bad glob, quoted: "[" alone reads badly.
	_, err = ix.Symbols(SymbolRequest{Query: "Shutdown", PathGlob: "web/["})
	wantBadRequest(t, "symbols glob", err, `path glob "web/[" is not a valid pattern`)
	_, err = ix.Search(SearchRequest{Query: "token", PathGlob: "web/["})
	wantBadRequest(t, "search glob", err, `path glob "web/[" is not a valid pattern`)
}

func TestScopeValuesTheRepositoryLacksGiveEmptyResults(t *testing.T) {
	ix := newScopeEngine(t)
	for _, f := range []map[string][]string{
		{"language": {"rust"}},          // a language, not in this repository
		{"language": {"python", "go"}},  // OR: go has results
		{"tags": {"billing"}},           // no page has it, nor anything like it
		{"kind": {"typedef", "struct"}}, // the C grammar's own word, and treenav's
	} {
		if _, err := ix.Search(SearchRequest{Query: "token point", Filters: f}); err != nil {
			t.Errorf("%v: %v", f, err)
		}
	}
	// A key no page has can match nothing: an error listing the facets
	// (issue 29), and "test" points to the tests parameter.
	_, err := ix.Search(SearchRequest{Query: "token", Filters: map[string][]string{"owner": {"platform-team"}}})
	wantBadRequest(t, "owner", err, `no document has the facet "owner"; facets: `, "language")
	_, err = ix.Search(SearchRequest{Query: "token", Filters: map[string][]string{"test": {"false"}}})
	wantBadRequest(t, "test=false", err, `facet "test"`, "tests: exclude")
	r, _ := ix.Search(SearchRequest{Query: "token", Filters: map[string][]string{"language": {"rust"}}})
	if len(r.Results) != 0 {
		t.Errorf("language rust: %v", ids(r))
	}
}

func TestScopeLanguageNamesAsPeopleWriteThem(t *testing.T) {
	ix := newScopeEngine(t)
	for _, l := range []string{"go", "golang", "Go", "GoLang"} {
		r, err := ix.Search(SearchRequest{Query: "token", Filters: map[string][]string{"language": {l}}})
		if err != nil || len(r.Results) == 0 {
			t.Errorf("search language %q: %v, %v", l, err, ids(r))
			continue
		}
		for _, x := range r.Results {
			if x.Language != "go" {
				t.Errorf("language %q let %s (%s) through", l, x.NodeID, x.Language)
			}
		}
		s, err := ix.Symbols(SymbolRequest{Query: "Shutdown", Languages: []string{l}})
		if err != nil || len(s.Symbols) == 0 {
			t.Errorf("symbols language %q: %v, %v", l, err, s)
		}
	}
}

func TestScopeKindFilterTakesTheLanguagesOwnWord(t *testing.T) {
	ix := newScopeEngine(t)
	r, err := ix.Search(SearchRequest{Query: "point", Filters: map[string][]string{"kind": {"typedef"}}})
	if err != nil {
		t.Fatal(err)
	}
	if got := ids(r); len(got) != 1 || got[0] != "geo/point.c#point_t" {
		t.Errorf("kind typedef: %v, want geo/point.c#point_t alone", got)
	}
	s, err := ix.Symbols(SymbolRequest{Query: "point", Kinds: []string{"typedef"}})
	if err != nil || len(s.Symbols) != 1 || s.Symbols[0].Name != "point_t" {
		t.Errorf("symbols kind typedef: %v, %+v", err, s)
	}
}
