package index

import (
	"strings"
	"testing"
)

const authMD = `---
title: Authentication Guide
description: How clients log in and refresh tokens.
aliases: [login-guide, signin]
tags: [auth, security]
type: guide
---
# Authentication Guide

Intro text. See [the API](../api/reference.md) and [[Glossary]].

## Token Refresh

Tokens expire after an hour; call refreshToken before expiry.

### Rotation

Rotate keys monthly. ![[diagram.png]]

## Errors

` + "```go\nfunc ValidateSession(tok string) error { return nil }\n```\n"

const glossaryMD = `---
title: Glossary
---
# Glossary

## JWT

A JSON Web Token.
`

const referenceMD = `# API Reference

## POST /auth/token

Issues a token. Back to the [auth guide](../guides/auth.md).
`

func TestMarkdownInIndex(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"guides/auth.md":     authMD,
		"guides/glossary.md": glossaryMD,
		"guides/diagram.png": "\x89PNG not really",
		"api/reference.md":   referenceMD,
	})
	// Aliases and the description are searchable.
	r, _ := ix.Search(SearchRequest{Query: "signin"})
	if got := ids(r); len(got) == 0 || got[0] != "guides/auth.md" {
		t.Errorf("alias search: %v", got)
	}
	// A section by its words, with a snippet containing a match.
	r, _ = ix.Search(SearchRequest{Query: "token expiry refresh"})
	if got := ids(r); len(got) == 0 || got[0] != "guides/auth.md#authentication-guide/token-refresh" {
		t.Errorf("section search: %v", got)
	} else if !strings.Contains(strings.ToLower(r.Results[0].Snippet), "expir") {
		t.Errorf("snippet %q has no match", r.Results[0].Snippet)
	}
	// A symbol shown in a fenced block finds the document.
	r, _ = ix.Search(SearchRequest{Query: "ValidateSession"})
	if got := ids(r); len(got) == 0 || !strings.HasPrefix(got[0], "guides/auth.md#") {
		t.Errorf("fenced symbol search: %v", got)
	}
	// Facet filters from frontmatter.
	r, _ = ix.Search(SearchRequest{Query: "token", Filters: map[string][]string{"type": {"guide"}}})
	for _, x := range r.Results {
		if x.DocID != "guides/auth.md" {
			t.Errorf("type=guide let %s through", x.NodeID)
		}
	}
	// Tree, links and backlinks.
	tr, err := ix.Tree(TreeRequest{DocID: "guides/auth.md"})
	if err != nil {
		t.Fatal(err)
	}
	var titles []string
	for _, n := range tr.Nodes {
		titles = append(titles, string(n.Kind)+":"+n.Title)
	}
	if got := strings.Join(titles, ","); !strings.HasPrefix(got, "file:Authentication Guide,section:Authentication Guide,section:Token Refresh,section:Rotation,section:Errors") {
		t.Errorf("tree: %s", got)
	}
	var targets []string
	for _, l := range tr.Links {
		targets = append(targets, l.Kind+":"+l.Target)
	}
	if got := strings.Join(targets, ","); got != "markdown:api/reference.md,wiki:guides/glossary.md,embed:guides/diagram.png" {
		t.Errorf("links: %s", got)
	}
	if len(tr.Backlinks) != 1 || tr.Backlinks[0].Source != "api/reference.md" {
		t.Errorf("backlinks: %+v", tr.Backlinks)
	}
	// A section's own content excludes its subsections; its links are its own.
	nr, err := ix.Nodes(NodesRequest{IDs: []string{"guides/auth.md#authentication-guide/token-refresh"}})
	if err != nil {
		t.Fatal(err)
	}
	c := nr.Nodes[0].Content
	if !strings.Contains(c, "Tokens expire") || strings.Contains(c, "Rotate keys") || !strings.Contains(c, "→ guides/auth.md#authentication-guide/token-refresh/rotation") {
		t.Errorf("section content: %q", c)
	}
	nr, _ = ix.Nodes(NodesRequest{IDs: []string{"guides/auth.md#authentication-guide/token-refresh/rotation"}})
	if len(nr.Nodes[0].Links) != 1 || nr.Nodes[0].Links[0].Kind != "embed" {
		t.Errorf("node links: %+v", nr.Nodes[0].Links)
	}
	// The listing counts frontmatter facets.
	lr, _ := ix.List(ListRequest{})
	if lr.FacetCounts["tags"]["auth"] != 1 || lr.FacetCounts["content_type"]["markdown"] != 3 {
		t.Errorf("facet counts: %v", lr.FacetCounts)
	}
}
