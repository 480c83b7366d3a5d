package index

import (
	"fmt"
	"strings"

	"github.com/treenav/treenav"
)

// Tree returns a document's nodes in document order, without content.
func (ix *Index) Tree(req TreeRequest) (*treenav.TreeResponse, error) {
	v := ix.view()
	s, d, ok := v.doc(req.DocID)
	if !ok {
		// A node id is accepted: its document's tree is meant.
		si, node, err := v.resolve(req.DocID)
		switch {
		case err == nil:
			s = v.segs[si]
			d = &s.docs[s.nodes[node].doc]
		case strings.Contains(req.DocID, "#"):
			return nil, withAsked(req.DocID, err) // a node id: the nodes near it
		default:
			// A module's name ("argparse"): its one file, as
			// get_outline reads it (a Go package is a directory).
			if pages := v.modulePages(strings.TrimSpace(req.DocID)); len(pages) == 1 && !strings.HasSuffix(pages[0], "/") {
				s, d, ok = v.doc(pages[0])
			}
			if !ok {
				return nil, withAsked(req.DocID, v.notFound("document", strings.TrimSpace(req.DocID)))
			}
		}
	}
	resp := &treenav.TreeResponse{DocID: d.DocID, Title: d.Title, Nodes: []treenav.TreeNode{}, Warnings: d.Warnings}
	if g := ix.links(v); g != nil {
		resp.Links, resp.Backlinks = g.out[d.DocID], g.back[d.DocID]
		// A hub page can have thousands of links: keep the outline small.
		if len(resp.Links) > maxLinks || len(resp.Backlinks) > maxLinks {
			resp.Truncated = true
			resp.Links, resp.Backlinks = resp.Links[:min(len(resp.Links), maxLinks)], resp.Backlinks[:min(len(resp.Backlinks), maxLinks)]
		}
	}
	depth := map[uint32]int{}
	var nodes []uint32
	var depths []int
	for n := d.nodeStart; n < d.nodeEnd; n++ {
		nm := s.node(n)
		dep := 0
		if nm.parent >= 0 {
			dep = depth[uint32(nm.parent)] + 1
		}
		depth[n] = dep
		if req.MaxDepth > 0 && dep > req.MaxDepth {
			continue
		}
		nodes = append(nodes, n)
		depths = append(depths, dep)
	}
	minor := minorNodes(s, nodes)
	keep, truncated := boundByDepth(depths, minor, maxNodes(req.MaxNodes))
	for i, n := range nodes {
		if keep[i] {
			resp.Nodes = append(resp.Nodes, treeNode(s, d, n))
		}
	}
	if req.MaxChars > 0 && boundTreeChars(resp, req.MaxChars, s, d, nodes, depths, minor) {
		truncated = true
	}
	if truncated {
		resp.Truncated, resp.TotalNodes = true, len(nodes)
	}
	return resp, nil
}

func treeNode(s *segment, d *docMeta, n uint32) treenav.TreeNode {
	nm := s.node(n)
	parent := ""
	if nm.parent >= 0 {
		parent = nodeID(d, s.node(uint32(nm.parent)))
	}
	return treenav.TreeNode{
		NodeID: nodeID(d, nm), ParentID: parent, Kind: nm.kind(), Title: nm.title(),
		Level: int(nm.level), LineStart: int(nm.lineStart), LineEnd: int(nm.lineEnd),
		WordCount: int(nm.words), Deprecated: nm.deprecated, Declaration: nm.decl,
		Signature: nm.signature(), Constraint: nm.constraint(),
	}
}

// Navigate returns a node's subtree: the outline of its descendants and the
// full text of the subtree (descendants attached from elsewhere in the file,
// such as Go methods of a type, included).
func (ix *Index) Navigate(req NavigateRequest) (*treenav.NavigateResponse, error) {
	v := ix.view()
	id := req.ID
	if req.DocID != "" && !strings.HasPrefix(id, req.DocID) {
		id = req.DocID + "#" + strings.TrimPrefix(id, "#")
	}
	si, n, byName, err := ix.resolveNode(v, id)
	if err != nil {
		return nil, withAsked(id, err)
	}
	s := v.segs[si]
	nm := s.node(n)
	d := &s.docs[nm.doc]
	asked := ""
	if byName {
		asked = id
	}
	resp := &treenav.NavigateResponse{Asked: asked,
		NodeID: nodeID(d, nm), DocID: d.DocID, Path: d.Path, Kind: nm.kind(), Title: nm.title(),
		LineStart: int(nm.lineStart), LineEnd: int(nm.lineEnd), ContentLine: contentLine(nm), Nodes: []treenav.TreeNode{},
	}
	depth := map[uint32]int{n: 0}
	var outside []uint32 // descendants not inside the node's range
	var nodes []uint32
	var depths []int
	for c := n + 1; c < nm.end; c++ {
		cm := s.node(c)
		dep := depth[uint32(cm.parent)] + 1
		depth[c] = dep
		if cm.docStart < nm.docStart || cm.byteEnd > nm.byteEnd {
			if p := uint32(cm.parent); p == n || !isOutside(s, p, nm) {
				outside = append(outside, c)
			}
		}
		if req.MaxDepth > 0 && dep > req.MaxDepth {
			continue
		}
		nodes = append(nodes, c)
		depths = append(depths, dep)
	}
	src, err := ix.fileOf(d)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", resp.NodeID, err)
	}
	var b strings.Builder
	b.Write(src[nm.docStart:min(nm.byteEnd, uint32(len(src)))])
	for _, c := range outside {
		cm := s.node(c)
		fmt.Fprintf(&b, "\n\n// %s (lines %d-%d)\n", nodeID(d, cm), cm.lineStart, cm.lineEnd)
		b.Write(src[cm.docStart:min(cm.byteEnd, uint32(len(src)))])
	}
	text := b.String()

	// max_chars bounds the whole answer: the envelope, then the outline,
	// which gets what the text leaves but at least three quarters (when
	// the text is cut, the outline names the children to navigate into
	// for the rest), then the text.
	budget := req.MaxChars
	if budget <= 0 {
		budget = DefaultMaxChars
	}
	all := make([]treenav.TreeNode, len(nodes))
	sizes := make([]int, len(nodes))
	for i, c := range nodes {
		all[i] = treeNode(s, d, c)
		sizes[i] = jsonSize(all[i]) + 1
	}
	if limit := maxNodes(req.MaxNodes); len(text) <= budget && (limit <= 0 || len(nodes) <= limit) {
		whole := *resp
		whole.Nodes, whole.Content = all, text
		if jsonSize(&whole) <= budget {
			return &whole, nil
		}
	}
	budget -= jsonSize(resp) + len(`,"truncated":true,"total_nodes":`) + 10
	outlineBudget := max(budget*3/4, budget-jsonSize(text))
	keep, truncated := boundOutline(depths, minorNodes(s, nodes), sizes, maxNodes(req.MaxNodes), outlineBudget)
	outline := 0
	for i := range nodes {
		if keep[i] {
			resp.Nodes = append(resp.Nodes, all[i])
			outline += sizes[i]
		}
	}
	if truncated {
		resp.Truncated, resp.TotalNodes = true, len(nodes)
	}
	resp.Content = clipContent(text, budget-outline)
	if resp.Content != text {
		resp.Truncated = true
	}
	return resp, nil
}

// boundOutline keeps the outline within limit nodes (boundByDepth: whole
// levels first) and within budget characters of JSON (sizes[i] is node
// i's), cutting the node count until it fits.
func boundOutline(depths []int, minor []bool, sizes []int, limit, budget int) (keep []bool, truncated bool) {
	if limit <= 0 || limit > len(depths) {
		limit = len(depths)
	}
	for {
		keep, truncated = boundByDepth(depths, minor, limit)
		total, kept := 0, 0
		for i, k := range keep {
			if k {
				total += sizes[i]
				kept++
			}
		}
		if total <= budget || kept == 0 {
			return keep, truncated || kept < len(depths)
		}
		// Shrink in proportion, by one node at least.
		limit = min(kept-1, kept*budget/total)
		if limit <= 0 {
			return make([]bool, len(depths)), len(depths) > 0
		}
	}
}

// clipContent cuts text at a line end so that its JSON string, with the
// truncation note, stays within n characters.
func clipContent(text string, n int) string {
	return clipJSON(text, n, func(shown int) string {
		return fmt.Sprintf("\n… [truncated: %d of %d characters shown; navigate to a child node for the rest]", shown, len(text))
	})
}

// clipJSON cuts text at a line end so that its JSON string, with the note
// of how much is shown, stays within n characters.
func clipJSON(text string, n int, note func(shown int) string) string {
	if jsonSize(text) <= n {
		return text
	}
	want := n - len(note(len(text))) - 2
	for want > 0 {
		cut := clipLines(text, want)
		out := cut + note(len(cut))
		size := jsonSize(out)
		if size <= n {
			return out
		}
		want -= max(size-n, 1)
	}
	return note(0)
}

// isOutside reports whether node p lies outside node nm's range.
func isOutside(s *segment, p uint32, nm nodeMeta) bool {
	pm := s.node(p)
	return pm.docStart < nm.docStart || pm.byteEnd > nm.byteEnd
}
