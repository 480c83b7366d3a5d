package index

import (
	"sort"

	"github.com/treenav/treenav"
)

// boundTreeChars cuts a document outline whose JSON passes maxChars to
// the most nodes that fit, chosen as max_nodes chooses them
// (boundByDepth: whole levels first). nodes and depths are the outline's
// candidates; it reports whether it cut.
func boundTreeChars(resp *treenav.TreeResponse, maxChars int, s *segment, d *docMeta, nodes []uint32, depths []int, minor []bool) bool {
	if jsonSize(resp) <= maxChars {
		return false
	}
	resp.Truncated, resp.TotalNodes = true, len(nodes)
	outline := func(k int) []treenav.TreeNode {
		out := []treenav.TreeNode{}
		if k == 0 {
			return out // (boundByDepth reads 0 as no bound)
		}
		keep, _ := boundByDepth(depths, minor, k)
		for i, n := range nodes {
			if keep[i] {
				out = append(out, treeNode(s, d, n))
			}
		}
		return out
	}
	shown := len(resp.Nodes)
	// The largest k below what is shown whose outline fits; none may.
	k := sort.Search(shown, func(k int) bool {
		r := *resp
		r.Nodes = outline(k + 1)
		return jsonSize(&r) > maxChars
	})
	resp.Nodes = outline(k)
	return true
}
