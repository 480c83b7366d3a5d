package index

import (
	"fmt"
	"strings"

	"github.com/treenav/treenav"
)

// Nodes returns each node's own content (children replaced by markers).
func (ix *Index) Nodes(req NodesRequest) (*treenav.NodesResponse, error) {
	v := ix.view()
	budget := req.MaxChars
	if budget <= 0 {
		budget = DefaultMaxChars
	}
	resp := &treenav.NodesResponse{Nodes: []treenav.NodeContent{}}
	for _, id := range req.IDs {
		full := id
		if req.DocID != "" && !strings.HasPrefix(id, req.DocID) {
			full = req.DocID + "#" + strings.TrimPrefix(id, "#")
		}
		si, n, err := v.resolve(full)
		if err != nil {
			return nil, withAsked(full, err)
		}
		s := v.segs[si]
		nm := &s.nodes[n]
		d := &s.docs[nm.doc]
		nc := treenav.NodeContent{
			NodeID: nodeID(d, nm), DocID: d.DocID, Path: d.Path, Kind: nm.kind, Title: nm.title,
			Language: languageOf(d, nm), LineStart: int(nm.lineStart), LineEnd: int(nm.lineEnd),
			ContentLine: contentLine(nm), Signature: nm.signature, Children: []string{},
		}
		if nm.parent >= 0 {
			nc.ParentID = nodeID(d, &s.nodes[nm.parent])
		}
		s.children(n, func(c uint32) { nc.Children = append(nc.Children, nodeID(d, &s.nodes[c])) })
		if d.ContentType == treenav.ContentMarkdown {
			nc.Links = nodeLinks(ix.links(v), s, d, n)
		}
		src, err := ix.fileOf(d)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", nc.NodeID, err)
		}
		text := ownText(s, d, n, src)
		if len(text) > budget {
			text = clipLines(text, budget) + fmt.Sprintf("\n… [truncated: %d of %d characters shown; ask for a child node or a smaller part]", budget, len(text))
			nc.Truncated, resp.Truncated = true, true
		}
		budget -= len(text)
		nc.Content = text
		resp.Nodes = append(resp.Nodes, nc)
		if budget <= 0 {
			resp.Truncated = true
			break
		}
	}
	return resp, nil
}

// ownText is node n's text without its children, each child that lies
// inside it replaced by one marker line naming its kind, title, lines and
// id.
func ownText(s *segment, d *docMeta, n uint32, src []byte) string {
	nm := &s.nodes[n]
	var b strings.Builder
	pos := nm.docStart
	end := min(nm.byteEnd, uint32(len(src)))
	s.children(n, func(c uint32) {
		cm := &s.nodes[c]
		if cm.docStart < pos || cm.byteEnd > end || cm.docStart >= cm.byteEnd {
			return
		}
		b.Write(src[pos:cm.docStart])
		fmt.Fprintf(&b, "%s… %s %q (lines %d-%d) → %s\n", indentAt(src, cm.byteStart), cm.kind, cm.title, cm.lineStart, cm.lineEnd, nodeID(d, cm))
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
func contentLine(nm *nodeMeta) int {
	if nm.docLine > 0 && nm.docLine < nm.lineStart {
		return int(nm.docLine)
	}
	return 0
}
