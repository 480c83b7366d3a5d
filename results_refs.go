package treenav

import (
	"fmt"
	"strings"
)

// RefSymbol is the definition a references answer is about.
type RefSymbol struct {
	NodeID        string `json:"node_id"`
	Name          string `json:"name"`
	QualifiedName string `json:"qualified_name"`
	Kind          Kind   `json:"kind"`
	Path          string `json:"path"`
	LineStart     int    `json:"line_start"`
}

// RefCounts counts a symbol's references by confidence, over all of
// them, whatever page was returned.
type RefCounts struct {
	Resolved  int `json:"resolved"`
	Ambiguous int `json:"ambiguous"`
	Textual   int `json:"textual"`
}

// ReferenceHit is one reference in an answer.
type ReferenceHit struct {
	Path       string     `json:"path"`
	Line       int        `json:"line"`
	Column     int        `json:"column"`
	Kind       RefKind    `json:"kind"`
	Confidence Confidence `json:"confidence"`
	// EnclosingID is the node id of the symbol or section the reference
	// sits in.
	EnclosingID string `json:"enclosing_id"`
	// Text is the reference's line, trimmed and bounded.
	Text string `json:"text"`
}

// ReferencesResponse is find_references' answer (treenav refs): the
// definition, complete counts, and one page of references in path, line
// and column order.
type ReferencesResponse struct {
	Symbol     RefSymbol      `json:"symbol"`
	Total      int            `json:"total"`
	Counts     RefCounts      `json:"counts"`
	References []ReferenceHit `json:"references"`
	NextCursor string         `json:"next_cursor,omitempty"`
}

// Text is the answer for a model: the symbol, the counts, then one line
// per reference.
func (r *ReferencesResponse) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s) %s:%d — %d references: %d resolved, %d ambiguous, %d textual\n",
		r.Symbol.QualifiedName, r.Symbol.Kind, r.Symbol.Path, r.Symbol.LineStart,
		r.Total, r.Counts.Resolved, r.Counts.Ambiguous, r.Counts.Textual)
	for _, h := range r.References {
		fmt.Fprintf(&b, "%s:%d:%d %s %s  %s\n", h.Path, h.Line, h.Column, h.Kind, h.Confidence, h.Text)
	}
	if r.NextCursor != "" {
		fmt.Fprintf(&b, "(%d shown; more with cursor %s)\n", len(r.References), r.NextCursor)
	}
	return b.String()
}
