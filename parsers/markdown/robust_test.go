package markdown

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/treenav/treenav"
)

// FuzzParse feeds arbitrary bytes to Parse, as .md and as .mdx: it must not
// fail, crash or break the tree invariants.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/*")
	for _, p := range files {
		if !Match(p) {
			continue
		}
		src, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(false, src)
	}
	f.Add(true, []byte("import X from 'x'\n\n<Tabs>\n# A\n</Tabs>\n{/* c */}\n"))
	f.Add(false, []byte("\xef\xbb\xbf---\r\na: [\r\n---\r\n#\r\n```\n"))
	f.Fuzz(func(t *testing.T, mdx bool, data []byte) {
		rel := "dir/f.md"
		if mdx {
			rel = "dir/f.mdx"
		}
		doc, err := Parse(rel, data)
		if err != nil {
			t.Fatal(err)
		}
		checkInvariants(t, doc, data)
	})
}

// checkInvariants holds for every parse, valid input or not.
func checkInvariants(t testing.TB, doc *treenav.Document, src []byte) {
	t.Helper()
	nodes := doc.Nodes
	if len(nodes) == 0 {
		t.Fatal("no nodes")
	}
	r := &nodes[0]
	if r.Kind != treenav.KindFile || r.Parent != -1 || r.Anchor != "" || r.Level != 0 ||
		r.ByteStart != 0 || int(r.ByteEnd) != len(src) || r.LineStart != 1 {
		t.Fatalf("bad root: %+v", *r)
	}
	lines := bytes.Count(src, []byte("\n"))
	if len(src) > 0 && src[len(src)-1] != '\n' {
		lines++
	}
	lines = max(lines, 1)
	if r.LineEnd != lines {
		t.Errorf("root ends at line %d, file has %d", r.LineEnd, lines)
	}
	anchors := map[string]bool{}
	var all []treenav.Span
	for i := range nodes {
		n := &nodes[i]
		if n.ByteStart > n.ByteEnd || int(n.ByteEnd) > len(src) {
			t.Errorf("node %d %q: bytes %d-%d outside 0-%d", i, n.Anchor, n.ByteStart, n.ByteEnd, len(src))
		}
		if n.LineStart < 1 || n.LineStart > n.LineEnd || n.LineEnd > lines {
			t.Errorf("node %d %q: lines %d-%d outside 1-%d", i, n.Anchor, n.LineStart, n.LineEnd, lines)
		}
		if n.DocStart > n.ByteStart || n.DocLineStart > n.LineStart {
			t.Errorf("node %d %q: doc start %d after start %d", i, n.Anchor, n.DocStart, n.ByteStart)
		}
		if i > 0 {
			if n.Anchor == "" || anchors[n.Anchor] {
				t.Errorf("node %d: empty or repeated anchor %q", i, n.Anchor)
			}
			anchors[n.Anchor] = true
			if n.Parent < 0 || n.Parent >= i {
				t.Fatalf("node %d %q: parent %d does not come before it", i, n.Anchor, n.Parent)
			}
			// Sections and code blocks nest by range and come in document
			// order; symbols of a code block stay inside it, but a Go method
			// attached to its receiver type need not be inside the type.
			p := &nodes[n.Parent]
			if isSymbol(n) {
				p = &nodes[codeAncestor(nodes, i)]
			} else if nodes[i-1].ByteStart > n.ByteStart {
				t.Errorf("node %d %q: not in document order", i, n.Anchor)
			}
			if n.ByteStart < p.ByteStart || n.ByteEnd > p.ByteEnd {
				t.Errorf("node %d %q: bytes %d-%d outside parent %q %d-%d", i, n.Anchor, n.ByteStart, n.ByteEnd, p.Anchor, p.ByteStart, p.ByteEnd)
			}
			found := false
			for _, c := range nodes[n.Parent].Children {
				found = found || c == i
			}
			if !found {
				t.Errorf("node %d %q: missing from its parent's children", i, n.Anchor)
			}
		}
		if n.Kind == treenav.KindSection {
			if n.Level < 1 || n.Level > 6 {
				t.Errorf("node %d %q: heading level %d", i, n.Anchor, n.Level)
			}
			if p := &nodes[n.Parent]; p.Kind == treenav.KindSection && p.Level >= n.Level {
				t.Errorf("node %d %q: level %d under level %d", i, n.Anchor, n.Level, p.Level)
			}
		}
		if n.Kind != treenav.KindSection && n.Kind != treenav.KindFile && len(n.Spans) > 0 {
			t.Errorf("node %d %q (%s) has spans; its text is its section's", i, n.Anchor, n.Kind)
		}
		for k, c := range n.Children {
			if nodes[c].Parent != i || k > 0 && c <= n.Children[k-1] {
				t.Errorf("node %d %q: bad children %v", i, n.Anchor, n.Children)
			}
		}
		// Spans: ascending, disjoint, inside the node and before its
		// first subsection (a section's own text precedes its subsections).
		firstSub := n.ByteEnd
		for _, c := range n.Children {
			if nodes[c].Kind == treenav.KindSection {
				firstSub = nodes[c].ByteStart
				break
			}
		}
		for k, sp := range n.Spans {
			if sp.Start >= sp.End || sp.Start < n.ByteStart || sp.End > n.ByteEnd {
				t.Errorf("node %d %q: span %d-%d empty or outside %d-%d", i, n.Anchor, sp.Start, sp.End, n.ByteStart, n.ByteEnd)
			}
			if k > 0 && sp.Start < n.Spans[k-1].End {
				t.Errorf("node %d %q: spans not ascending at %d", i, n.Anchor, k)
			}
			if sp.End > firstSub {
				t.Errorf("node %d %q: span %d-%d reaches into its subsections (from %d)", i, n.Anchor, sp.Start, sp.End, firstSub)
			}
		}
		all = append(all, n.Spans...)
		for _, l := range n.Links {
			if l.Line < n.LineStart || l.Line > n.LineEnd || l.Target == "" {
				t.Errorf("node %d %q: link %+v outside L%d-%d", i, n.Anchor, l, n.LineStart, n.LineEnd)
			}
		}
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Start < all[j].Start })
	for k := 1; k < len(all); k++ {
		if all[k].Start < all[k-1].End {
			t.Errorf("spans %d-%d and %d-%d of different nodes overlap", all[k-1].Start, all[k-1].End, all[k].Start, all[k].End)
		}
	}
}

func isSymbol(n *treenav.Node) bool {
	return n.Kind != treenav.KindFile && n.Kind != treenav.KindSection && n.Kind != treenav.KindCode
}

// codeAncestor returns the code block a symbol node belongs to.
func codeAncestor(nodes []treenav.Node, i int) int {
	for nodes[i].Kind != treenav.KindCode && i > 0 {
		i = nodes[i].Parent
	}
	return i
}
