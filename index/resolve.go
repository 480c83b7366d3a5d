package index

import (
	"path"
	"sort"
	"strings"

	"github.com/treenav/treenav"
)

// resolve finds a node by id: "doc_id#anchor", "doc_id" (the root), or
// a bare anchor ("Router.addRoute", "install/from-source") when only one
// document has it.
func (v *view) resolve(id string) (int, uint32, error) {
	id = strings.TrimSpace(id)
	if s, d, ok := v.doc(id); ok {
		return v.segIndex(s), d.nodeStart, nil
	}
	docID, anchor := treenav.SplitNodeID(id)
	if s, d, ok := v.doc(docID); ok && strings.Contains(id, "#") {
		for n := d.nodeStart; n < d.nodeEnd; n++ {
			if s.node(n).anchor() == anchor {
				return v.segIndex(s), n, nil
			}
		}
		return 0, 0, &NotFoundError{What: "node", ID: id, Closest: v.closestInDoc(s, d, anchor)}
	}
	// A bare anchor.
	bare := strings.TrimPrefix(id, "#")
	var found []nodeRef
	for si, s := range v.segs {
		i := sort.Search(len(s.anchors), func(k int) bool { return s.anchorOf(k) >= bare })
		for ; i < len(s.anchors) && s.anchorOf(i) == bare; i++ {
			n := s.anchors[i]
			if v.live(si, s.nodes[n].doc) {
				found = append(found, nodeRef{uint32(si), n})
			}
		}
	}
	if len(found) == 1 {
		return int(found[0].seg), found[0].node, nil
	}
	if len(found) > 1 {
		var ids []string
		for _, r := range found[:min(len(found), 8)] {
			s := v.segs[r.seg]
			ids = append(ids, nodeID(&s.docs[s.nodes[r.node].doc], s.node(r.node)))
		}
		sort.Strings(ids)
		return 0, 0, &NotFoundError{What: "node", ID: id, Why: "ambiguous: several documents have it; add the doc id prefix", Closest: ids}
	}
	return 0, 0, v.notFound("node", id)
}

func (v *view) segIndex(s *segment) int {
	for i, x := range v.segs {
		if x == s {
			return i
		}
	}
	return -1
}

// whyDirectory is a NotFoundError's Why for an id that names a directory.
const whyDirectory = "a directory: its files are the documents"

// notFound is the error for an id that matched nothing, with the closest
// valid ids; an id that names a directory says so.
func (v *view) notFound(what, id string) *NotFoundError {
	closest, dir := v.closest(id)
	why := ""
	if dir {
		why = whyDirectory
	}
	return &NotFoundError{What: what, ID: id, Why: why, Closest: closest}
}

// hasExt reports whether the last element of a path has an extension.
func hasExt(p string) bool {
	base := p[strings.LastIndexByte(p, '/')+1:]
	i := strings.LastIndexByte(base, '.')
	return i > 0 && i < len(base)-1
}

// LooksLikePath reports whether id, which has no '#', reads as a path: it
// has a '/', or ends in an extension some indexed document has ("server.go",
// not "json.Marshal").
func (ix *Index) LooksLikePath(id string) bool { return ix.view().looksLikePath(id) }

func (v *view) looksLikePath(id string) bool {
	if strings.Contains(id, "/") {
		return true
	}
	if !hasExt(id) {
		return false
	}
	ext := strings.ToLower(path.Ext(id))
	found := false
	v.eachDoc(func(d *docMeta) {
		found = found || strings.EqualFold(path.Ext(d.Path), ext)
	})
	return found
}
