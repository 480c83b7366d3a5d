package treenav

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// The Text methods render results compactly for a reader (a person at the
// CLI, or the model reading an MCP tool result): ids first, since they are
// what the next call needs.

// Texter is a result with a compact text form: what the CLI prints
// without --json, and what an MCP tool gives the model beside its
// structuredContent.
type Texter interface{ Text() string }

// Plural is noun for one thing and noun+"s" for any other number (the
// nouns treenav counts take an s).
func Plural(n int, noun string) string {
	if n == 1 {
		return noun
	}
	return noun + "s"
}

// Count renders a number of things: "1 result", "2 results".
func Count(n int, noun string) string { return strconv.Itoa(n) + " " + Plural(n, noun) }

// CountsLine renders counts as "go=120 markdown=14", largest first.
func CountsLine(m map[string]int) string {
	keys := KeysByCount(m)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + strconv.Itoa(m[k])
	}
	return strings.Join(parts, " ")
}

// KeysByCount lists m's keys, the largest count first, equal counts by
// key.
func KeysByCount(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	return keys
}

// Text renders search results, best first.
func (r *SearchResponse) Text() string {
	var b strings.Builder
	if r.Note != "" {
		fmt.Fprintf(&b, "Note: %s.\n", r.Note)
	}
	if len(r.Results) == 0 {
		fmt.Fprintf(&b, "No results for %q.\n", r.Query)
		return b.String()
	}
	fmt.Fprintf(&b, "%s for %q", Count(r.Total, "result"), r.Query)
	if len(r.Results) < r.Total {
		fmt.Fprintf(&b, " (showing %d)", len(r.Results))
	}
	b.WriteString(":\n")
	for i, res := range r.Results {
		dep := ""
		if res.Deprecated {
			dep = ", deprecated"
		}
		fmt.Fprintf(&b, "%d. %s  [%s, %s, L%d-%d, score %.2f%s]\n", i+1, res.NodeID, res.Kind, res.Language, res.LineStart, res.LineEnd, res.Score, dep)
		if res.Snippet != "" {
			fmt.Fprintf(&b, "   %s\n", res.Snippet)
		}
	}
	if r.Truncated {
		b.WriteString("(page cut short at max_chars)\n")
	}
	if r.NextCursor != "" {
		fmt.Fprintf(&b, "More results: pass cursor %q.\n", r.NextCursor)
	}
	return b.String()
}

// Text renders grep matches as grep does, path:line:column: text, each
// with the symbol or section that holds it; context lines use '-' as
// ripgrep does.
func (r *GrepResponse) Text() string {
	var b strings.Builder
	if r.TotalMatches == 0 {
		fmt.Fprintf(&b, "No line matches %q.\n", r.Pattern)
		return b.String()
	}
	fmt.Fprintf(&b, "%s in %s for %q", Count(r.TotalMatches, "matching line"), Count(r.TotalFiles, "file"), r.Pattern)
	if len(r.Matches) < r.TotalMatches {
		fmt.Fprintf(&b, " (showing %d)", len(r.Matches))
	}
	b.WriteString(":\n")
	for _, m := range r.Matches {
		for i, t := range m.Before {
			fmt.Fprintf(&b, "%s-%d- %s\n", m.Path, m.Line-len(m.Before)+i, t)
		}
		fmt.Fprintf(&b, "%s:%d:%d: %s", m.Path, m.Line, m.Column, m.Text)
		if _, anchor, ok := strings.Cut(m.EnclosingID, "#"); ok {
			fmt.Fprintf(&b, "  (in #%s)", anchor)
		}
		b.WriteByte('\n')
		for i, t := range m.After {
			fmt.Fprintf(&b, "%s-%d- %s\n", m.Path, m.Line+1+i, t)
		}
	}
	if r.NextCursor != "" {
		fmt.Fprintf(&b, "More matches: pass cursor %q.\n", r.NextCursor)
	}
	return b.String()
}

// declares reports whether a declaration in file decl is of a definition
// of the same name in file def: a Python stub only of its own module
// (typeshed's stdlib/json/decoder.pyi of json/decoder.py, not of
// simplejson/decoder.py), a C prototype or an overload of any. Two
// copies of a module that share no path (lib/argparse.py and
// stdlib/argparse.pyi) are not matched: the stub's signature is shown.
func declares(decl, def string) bool {
	stub, ok := strings.CutSuffix(decl, ".pyi")
	if !ok {
		return true
	}
	mod, ok := strings.CutSuffix(def, ".py")
	if !ok {
		return false
	}
	// One module path ends the other, part for part: where each is
	// installed differs, the package path does not.
	return stub == mod || strings.HasSuffix(stub, "/"+mod) || strings.HasSuffix(mod, "/"+stub)
}

// Text renders symbols, one per line.
func (r *SymbolsResponse) Text() string {
	var b strings.Builder
	if r.Note != "" {
		b.WriteString(r.Note + ".\n")
	}
	if len(r.Symbols) == 0 {
		if r.Note == "" {
			fmt.Fprintf(&b, "No symbol matches %q.\n", r.Query)
		}
		return b.String()
	}
	// The qualified names of the definitions listed so far: a
	// declaration of one of them (a C prototype, a .pyi stub, an
	// overload signature) is listed without its signature, which mostly
	// repeats the definition's (the JSON has it).
	defined := map[string][]string{} // kind and qualified name → paths
	for i, s := range r.Symbols {
		writeMatchHeading(&b, r.Symbols, i)
		fmt.Fprintf(&b, "%s %s  %s:%d-%d", s.Kind, s.QualifiedName, s.Path, s.LineStart, s.LineEnd)
		if s.Deprecated {
			b.WriteString("  (deprecated)")
		}
		key := string(s.Kind) + " " + s.QualifiedName
		repeat := false
		if s.Declaration {
			repeat = slices.ContainsFunc(defined[key], func(p string) bool { return declares(s.Path, p) })
			b.WriteString("  (declaration)")
		} else {
			defined[key] = append(defined[key], s.Path)
		}
		if s.Constraint != "" {
			fmt.Fprintf(&b, "  [%s]", s.Constraint)
		}
		switch {
		case repeat:
			b.WriteString("  of the definition above")
		case s.Signature != "":
			fmt.Fprintf(&b, "  %s", s.Signature)
		}
		b.WriteByte('\n')
		if s.NodeID != s.Path+"#"+s.QualifiedName {
			fmt.Fprintf(&b, "  id: %s\n", s.NodeID)
		}
	}
	if r.Truncated {
		fmt.Fprintf(&b, "(%d of %d shown; narrow by kind, language or path, or raise limit or max_chars)\n", len(r.Symbols), r.Total-r.NameOnly)
	}
	if r.NameOnly > 0 {
		fmt.Fprintf(&b, "(%s named %s in other types or packages left out; find_symbol %q lists them)\n", Count(r.NameOnly, "more symbol"), r.NameOnlyQuery, r.NameOnlyQuery)
	}
	return b.String()
}

// Text renders a document listing and its facet counts.
func (r *ListResponse) Text() string {
	var b strings.Builder
	b.WriteString(Count(r.Total, "document"))
	if len(r.Documents) < r.Total {
		fmt.Fprintf(&b, " (showing %d)", len(r.Documents))
	}
	if len(r.Documents) == 0 {
		b.WriteString(".\n")
	} else {
		b.WriteString(":\n")
	}
	for _, d := range r.Documents {
		fmt.Fprintf(&b, "%s  [%s, %s]", d.DocID, d.Language, Count(d.NodeCount, "node"))
		if d.Title != "" && d.Title != d.Path && !strings.HasSuffix(d.Path, "/"+d.Title) && d.Title != d.Path {
			fmt.Fprintf(&b, "  %s", d.Title)
		}
		b.WriteByte('\n')
	}
	if len(r.FacetCounts) > 0 {
		b.WriteString("facets:\n")
		keys := make([]string, 0, len(r.FacetCounts))
		for k := range r.FacetCounts {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			vals := r.FacetCounts[k]
			names := make([]string, 0, len(vals))
			for v := range vals {
				names = append(names, v)
			}
			sort.Slice(names, func(i, j int) bool {
				if vals[names[i]] != vals[names[j]] {
					return vals[names[i]] > vals[names[j]]
				}
				return names[i] < names[j]
			})
			parts := make([]string, len(names))
			for i, n := range names {
				parts[i] = fmt.Sprintf("%s=%d", n, vals[n])
			}
			fmt.Fprintf(&b, "  %s: %s\n", k, strings.Join(parts, " "))
		}
	}
	if r.NextCursor != "" {
		fmt.Fprintf(&b, "More documents: pass cursor %q.\n", r.NextCursor)
	}
	return b.String()
}

// Text renders an outline, indented by depth.
func (r *TreeResponse) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s", r.DocID)
	if r.Title != "" && r.Title != r.DocID {
		fmt.Fprintf(&b, " — %s", r.Title)
	}
	b.WriteByte('\n')
	depth := map[string]int{}
	for _, n := range r.Nodes {
		d := 0
		if n.ParentID != "" {
			d = depth[n.ParentID] + 1
		}
		depth[n.NodeID] = d
		if n.ParentID == "" {
			continue // the root is the header line
		}
		anchor := n.NodeID
		if i := strings.Index(anchor, "#"); i >= 0 {
			anchor = anchor[i:]
		}
		dep := ""
		if n.Deprecated {
			dep = "  (deprecated)"
		}
		if n.Declaration {
			dep += "  (declaration)"
		}
		if n.Constraint != "" {
			dep += "  [" + n.Constraint + "]"
		}
		if n.Signature != "" {
			dep += "  " + strings.Join(strings.Fields(n.Signature), " ")
		}
		fmt.Fprintf(&b, "%s%s %s  L%d-%d  %s  %s%s\n", strings.Repeat("  ", d-1), n.Kind, n.Title, n.LineStart, n.LineEnd, Count(n.WordCount, "word"), anchor, dep)
	}
	if r.TotalNodes > len(r.Nodes) {
		fmt.Fprintf(&b, "(outline cut: %d of %s shown; get the rest of a node with navigate_tree, or raise max_nodes or max_chars)\n", len(r.Nodes), Count(r.TotalNodes, "node"))
	}
	for _, w := range r.Warnings {
		fmt.Fprintf(&b, "warning: %s\n", w)
	}
	writeLinks(&b, "links", r.Links, false)
	writeLinks(&b, "backlinks", r.Backlinks, true)
	if r.Truncated && r.TotalNodes <= len(r.Nodes) {
		b.WriteString("(links cut short)\n")
	}
	return b.String()
}

// writeLinks lists links under a heading: targets, or sources for
// backlinks.
func writeLinks(b *strings.Builder, title string, links []Link, sources bool) {
	if len(links) == 0 {
		return
	}
	fmt.Fprintf(b, "%s:\n", title)
	for _, l := range links {
		if sources {
			fmt.Fprintf(b, "  %s:%d (%s)\n", l.Source, l.Line, l.Kind)
		} else {
			fmt.Fprintf(b, "  %s (%s, line %d)\n", l.Target, l.Kind, l.Line)
		}
	}
}

// Text renders nodes with their content.
func (r *NodesResponse) Text() string {
	var b strings.Builder
	for i, n := range r.Nodes {
		if i > 0 {
			b.WriteString("\n")
		}
		from := textFrom(n.ContentLine)
		if n.Lines != "" {
			from = ", lines " + n.Lines + " as written"
		}
		fmt.Fprintf(&b, "== %s  [%s, %s, L%d-%d%s]\n", n.NodeID, n.Kind, n.Path, n.LineStart, n.LineEnd, from)
		b.WriteString(n.Content)
		b.WriteByte('\n')
		if n.TotalChildren > len(n.Children) {
			fmt.Fprintf(&b, "(%s, %d of them in children: get_tree or navigate_tree lists them all)\n", Count(n.TotalChildren, "child node"), len(n.Children))
		}
		writeLinks(&b, "links", n.Links, false)
	}
	if r.Truncated {
		b.WriteString("(output truncated at max_chars; ask for fewer nodes or child nodes)\n")
	}
	return b.String()
}

// Text renders a subtree: its outline, then its text.
func (r *NavigateResponse) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "== %s  [%s, %s, L%d-%d%s]\n", r.NodeID, r.Kind, r.Path, r.LineStart, r.LineEnd, textFrom(r.ContentLine))
	if len(r.Nodes) > 0 {
		b.WriteString("descendants:\n")
		for _, n := range r.Nodes {
			fmt.Fprintf(&b, "  %s %s  L%d-%d  %s\n", n.Kind, n.Title, n.LineStart, n.LineEnd, n.NodeID)
		}
		if r.TotalNodes > len(r.Nodes) {
			fmt.Fprintf(&b, "  (%d of %s listed; navigate into one for its own)\n", len(r.Nodes), Count(r.TotalNodes, "descendant"))
		}
		b.WriteString("content:\n")
	}
	b.WriteString(r.Content)
	b.WriteByte('\n')
	return b.String()
}

// textFrom says where a node's text starts when that is above its
// line_start (ContentLine), "" otherwise.
func textFrom(contentLine int) string {
	if contentLine == 0 {
		return ""
	}
	return fmt.Sprintf(", text from L%d", contentLine)
}
