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
	// Note says, when most references are ambiguous, what they are and
	// how to keep the ones tied to this definition.
	Note string `json:"note,omitempty"`
}

// Text is the answer for a model: the symbol, the counts, then one line
// per line of references: the references of one line, of one kind and
// confidence, share it ("design.md:662:134,193 doc textual  ..."), for
// the line's text is the same.
func (r *ReferencesResponse) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s) %s:%d — %s: %d resolved, %d ambiguous, %d textual\n",
		r.Symbol.QualifiedName, r.Symbol.Kind, r.Symbol.Path, r.Symbol.LineStart,
		Count(r.Total, "reference"), r.Counts.Resolved, r.Counts.Ambiguous, r.Counts.Textual)
	if r.Note != "" {
		fmt.Fprintf(&b, "Note: %s.\n", r.Note)
	}
	for i := 0; i < len(r.References); {
		h := r.References[i]
		fmt.Fprintf(&b, "%s:%d:%d", h.Path, h.Line, h.Column)
		j := i + 1
		for ; j < len(r.References) && sameRefLine(&h, &r.References[j]); j++ {
			fmt.Fprintf(&b, ",%d", r.References[j].Column)
		}
		fmt.Fprintf(&b, " %s %s  %s\n", h.Kind, h.Confidence, h.Text)
		i = j
	}
	if r.NextCursor != "" {
		fmt.Fprintf(&b, "(%d shown; more with cursor %s)\n", len(r.References), r.NextCursor)
	}
	return b.String()
}

// sameRefLine reports whether b is on a's line with a's kind and
// confidence: the text form lists its column on a's line.
func sameRefLine(a, b *ReferenceHit) bool {
	return a.Path == b.Path && a.Line == b.Line && a.Kind == b.Kind && a.Confidence == b.Confidence && a.Text == b.Text
}

// CallSite is one call in a call hierarchy.
type CallSite struct {
	Path       string     `json:"path"`
	Line       int        `json:"line"`
	Column     int        `json:"column"`
	Confidence Confidence `json:"confidence"`
	// ViaInterface: the call names an interface method the symbol
	// implements (by its method set), not the symbol itself.
	ViaInterface bool   `json:"via_interface,omitempty"`
	Text         string `json:"text"`
}

// CallGroup is the calls of one caller (incoming) or to one callee
// (outgoing), at a depth from the symbol asked about.
type CallGroup struct {
	Symbol RefSymbol `json:"symbol"`
	// Depth is 1 for direct callers or callees, 2 for theirs, ...
	Depth int `json:"depth"`
	// Via is the node id of the group at depth-1 this one calls (incoming)
	// or is called by (outgoing); absent at depth 1.
	Via   string     `json:"via,omitempty"`
	Calls []CallSite `json:"calls"`
}

// CallHierarchyResponse is get_call_hierarchy's answer (treenav calls).
type CallHierarchyResponse struct {
	Symbol    RefSymbol `json:"symbol"`
	Direction string    `json:"direction"`
	Depth     int       `json:"depth"`
	// Implementations are, for an interface method, the methods of the
	// indexed types that implement its interface (by method names): a
	// call through the interface may reach any of them.
	Implementations []RefSymbol `json:"implementations,omitempty"`
	Groups          []CallGroup `json:"groups"`
	// TotalGroups and TotalCalls count everything found within the depth,
	// whatever was cut.
	TotalGroups int `json:"total_groups"`
	TotalCalls  int `json:"total_calls"`
	// Unresolved counts outgoing calls bound to no indexed definition, or
	// to more than a few (a package outside the index, a method of a
	// value of unknown type).
	Unresolved int `json:"unresolved,omitempty"`
	// NotCalls counts, incoming, the references to the definition itself
	// that are not calls (a method value registered as a handler, a
	// function passed as an argument, a type named): code that reaches it
	// without a call site, which find_references lists.
	NotCalls int `json:"not_calls,omitempty"`
	// Truncated says the groups or their calls were cut by limit or
	// max_chars; Cut says what was left out.
	Truncated bool   `json:"truncated,omitempty"`
	Cut       string `json:"cut,omitempty"`
	// Note says, when most direct calls are ambiguous, what they are;
	// groups with a resolved call come first.
	Note string `json:"note,omitempty"`
}

// Text is the hierarchy for a model: one line per group, its calls below.
func (r *CallHierarchyResponse) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s calls of %s (%s) %s:%d — %s, %s within depth %d\n",
		r.Direction, r.Symbol.QualifiedName, r.Symbol.Kind, r.Symbol.Path, r.Symbol.LineStart,
		Count(r.TotalGroups, "group"), Count(r.TotalCalls, "call"), r.Depth)
	if r.Note != "" {
		fmt.Fprintf(&b, "Note: %s.\n", r.Note)
	}
	for _, g := range r.Groups {
		fmt.Fprintf(&b, "%s%s (%s) %s:%d  [%s]\n", strings.Repeat("  ", g.Depth-1), g.Symbol.QualifiedName, g.Symbol.Kind, g.Symbol.Path, g.Symbol.LineStart, g.Symbol.NodeID)
		for _, c := range g.Calls {
			via := ""
			if c.ViaInterface {
				via = " via interface"
			}
			fmt.Fprintf(&b, "%s  %s:%d:%d %s%s  %s\n", strings.Repeat("  ", g.Depth-1), c.Path, c.Line, c.Column, c.Confidence, via, c.Text)
		}
	}
	for _, m := range r.Implementations {
		fmt.Fprintf(&b, "implemented by %s %s:%d  [%s]\n", m.QualifiedName, m.Path, m.LineStart, m.NodeID)
	}
	if r.Unresolved > 0 {
		fmt.Fprintf(&b, "(%s not resolved: to definitions outside the index, or on values of unknown type)\n", Count(r.Unresolved, "call"))
	}
	if r.NotCalls > 0 {
		verb := "are"
		if r.NotCalls == 1 {
			verb = "is"
		}
		fmt.Fprintf(&b, "(%s to it %s not calls, such as a method value or a function passed on: find_references lists them)\n", Count(r.NotCalls, "reference"), verb)
	}
	if r.Cut != "" {
		fmt.Fprintf(&b, "(cut: %s)\n", r.Cut)
	}
	return b.String()
}
