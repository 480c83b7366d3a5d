package index

import (
	"fmt"
	"strings"

	"github.com/treenav/treenav"
)

// minNodeChars is the least room worth giving a further node of a
// get_node_content answer: with less, the node is left for another call.
const minNodeChars = 400

// Nodes returns each node's own content (children replaced by markers),
// each node once, in the order first asked. MaxChars bounds the whole
// answer: a node that does not fit has its child list and its text cut
// (fitNode), and the nodes after it that leave no room are not answered.
func (ix *Index) Nodes(req NodesRequest) (*treenav.NodesResponse, error) {
	v := ix.view()
	budget := req.MaxChars
	if budget <= 0 {
		budget = DefaultMaxChars
	}
	resp := &treenav.NodesResponse{Nodes: []treenav.NodeContent{}}
	left := budget - jsonSize(&treenav.NodesResponse{Nodes: resp.Nodes, Truncated: true})
	asked, answered := map[string]bool{}, map[string]bool{}
	for _, id := range req.IDs {
		if asked[id] {
			continue
		}
		asked[id] = true
		if len(resp.Nodes) > 0 && left < minNodeChars {
			resp.Truncated = true
			break
		}
		full := id
		if req.DocID != "" && !strings.HasPrefix(id, req.DocID) {
			full = req.DocID + "#" + strings.TrimPrefix(id, "#")
		}
		si, n, byName, err := ix.resolveNode(v, full)
		if err != nil {
			return nil, withAsked(full, err)
		}
		s := v.segs[si]
		nm := s.node(n)
		d := &s.docs[nm.doc]
		nc := treenav.NodeContent{
			NodeID: nodeID(d, nm), DocID: d.DocID, Path: d.Path, Kind: nm.kind(), Title: nm.title(),
			Language: languageOf(d, nm), LineStart: int(nm.lineStart), LineEnd: int(nm.lineEnd),
			ContentLine: contentLine(nm), Signature: nm.signature(), Children: []string{},
		}
		if byName {
			nc.Asked = full
		}
		if answered[nc.NodeID] {
			continue // the same node by another id
		}
		answered[nc.NodeID] = true
		if nm.parent >= 0 {
			nc.ParentID = nodeID(d, s.node(uint32(nm.parent)))
		}
		s.children(n, func(c uint32) { nc.Children = append(nc.Children, nodeID(d, s.node(c))) })
		if d.ContentType == treenav.ContentMarkdown {
			nc.Links = nodeLinks(ix.links(v), s, d, n)
		}
		src, err := ix.fileOf(d)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", nc.NodeID, err)
		}
		if req.Lines != nil {
			text, from, to, err := linesText(nm, nc.NodeID, src, *req.Lines)
			if err != nil {
				return nil, err
			}
			nc.Content, nc.Lines, nc.ContentLine = text, fmt.Sprintf("%d-%d", from, to), 0
			if from < nc.LineStart {
				nc.ContentLine = from
			}
		} else {
			nc.Content = ownText(s, d, n, src)
		}
		if size := jsonSize(&nc) + 1; size > left {
			fitNode(&nc, left-1)
			resp.Truncated = true
		}
		left -= jsonSize(&nc) + 1
		resp.Nodes = append(resp.Nodes, nc)
	}
	return resp, nil
}

// fitNode cuts a node's answer to about n characters of JSON, as
// Navigate cuts its outline and text: the child list gets what the text
// leaves but at least three quarters of the room (the children's ids say
// what to ask for next), the text the rest; total_children says how many
// children there are when the list is cut.
func fitNode(nc *treenav.NodeContent, n int) {
	text, kids := nc.Content, nc.Children
	nc.Truncated, nc.Content, nc.Children = true, "", []string{}
	nc.TotalChildren = len(kids)
	avail := n - jsonSize(nc)
	kidsBudget := max(avail*3/4, avail-jsonSize(text))
	used := 0
	for _, k := range kids {
		size := jsonSize(k) + 1
		if used+size > kidsBudget {
			break
		}
		nc.Children = append(nc.Children, k)
		used += size
	}
	if len(nc.Children) == len(kids) {
		nc.TotalChildren = 0
	}
	nc.Content = clipJSON(text, avail-used, func(shown int) string {
		return fmt.Sprintf("\n… [truncated: %d of %d characters shown; ask for a child node or a smaller part]", shown, len(text))
	})
	// A room too small for the text's note takes it from the list.
	over := jsonSize(nc) - n
	for over > 0 && len(nc.Children) > 0 {
		last := len(nc.Children) - 1
		over -= jsonSize(nc.Children[last]) + 1
		nc.Children = nc.Children[:last]
		nc.TotalChildren = len(kids)
	}
}

// ownText is node n's text as in the file, its first line's
// indentation included, without its children: each child that lies
// inside it is replaced by one marker line naming its kind, title, lines
// and id, but for the short ones (inlineChild), shown as written.
func ownText(s *segment, d *docMeta, n uint32, src []byte) string {
	nm := s.node(n)
	var b strings.Builder
	end := min(nm.byteEnd, uint32(len(src)))
	pos := min(lineStartOf(src, nm.docStart), end)
	s.children(n, func(c uint32) {
		cm := s.node(c)
		if cm.docStart < pos || cm.byteEnd > end || cm.docStart >= cm.byteEnd || inlineChild(cm) {
			return
		}
		// The marker takes the child's indentation once.
		b.Write(src[pos:max(pos, lineStartOf(src, cm.docStart))])
		fmt.Fprintf(&b, "%s… %s %q (lines %d-%d) → %s\n", indentAt(src, cm.byteStart), cm.kind(), cm.title(), cm.lineStart, cm.lineEnd, nodeID(d, cm))
		pos = cm.byteEnd
		// Skip the rest of the child's last line (a trailing newline).
		if pos < end && src[pos] == '\n' {
			pos++
		}
	})
	if pos < end {
		b.Write(src[pos:end])
	}
	return strings.TrimRight(b.String(), "\n")
}

// indentAt is the whitespace that starts the line containing offset.
func indentAt(src []byte, off uint32) string {
	start := int(off)
	for start > 0 && src[start-1] != '\n' {
		start--
	}
	end := start
	for end < len(src) && (src[end] == ' ' || src[end] == '\t') {
		end++
	}
	return string(src[start:end])
}

// clipLines cuts text to at most n bytes, at a line end when one is near.
func clipLines(text string, n int) string {
	if len(text) <= n {
		return text
	}
	cut := text[:n]
	if i := strings.LastIndexByte(cut, '\n'); i > n/2 {
		return cut[:i]
	}
	return clip(text, n)
}

// contentLine is the line a node's text starts on when that is above its
// line_start (a doc comment, attributes), 0 otherwise.
func contentLine(nm nodeMeta) int {
	if nm.docLine > 0 && nm.docLine < nm.lineStart {
		return int(nm.docLine)
	}
	return 0
}
