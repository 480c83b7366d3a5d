package index

import (
	"sort"
	"sync"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/parsers/markdown"
)

// linkGraph is the resolved link structure of one view: the index keeps
// each document's links as written, and resolves them against the whole
// collection on demand, so that a link to a file added later resolves as
// soon as that file is indexed.
type linkGraph struct {
	out  map[string][]treenav.Link // doc id -> resolved outgoing links (Target: a doc id or a path)
	back map[string][]treenav.Link // doc id -> links pointing at it (Source: the linking doc id)
}

type linkCache struct {
	mu    sync.Mutex
	gen   uint64
	graph *linkGraph
}

// Exister is implemented by sources that can tell whether a file exists
// (links to images and other non-indexed files resolve against the disk).
type Exister interface {
	Exists(collection, path string) bool
}

// links returns the view's link graph, computing it once per view.
func (ix *Index) links(v *view) *linkGraph {
	ix.linkc.mu.Lock()
	defer ix.linkc.mu.Unlock()
	if ix.linkc.graph != nil && ix.linkc.gen == v.gen {
		return ix.linkc.graph
	}
	var exister Exister
	if sp := ix.source.Load(); sp != nil {
		exister, _ = (*sp).(Exister)
	}
	g := &linkGraph{out: map[string][]treenav.Link{}, back: map[string][]treenav.Link{}}
	// Resolve per collection, over stubs of its markdown documents.
	byColl := map[string][]*treenav.Document{}
	ids := map[string]map[string]string{} // collection -> path -> doc id
	for _, id := range v.docIDs() {
		_, d, _ := v.doc(id)
		if ids[d.Collection] == nil {
			ids[d.Collection] = map[string]string{}
		}
		ids[d.Collection][d.Path] = d.DocID
		if d.ContentType != treenav.ContentMarkdown {
			continue
		}
		stub := &treenav.Document{DocID: d.DocID, Path: d.Path, Title: d.Title, Facets: d.Facets,
			Nodes: []treenav.Node{{Parent: -1, Links: append([]treenav.Link(nil), d.Links...)}}}
		byColl[d.Collection] = append(byColl[d.Collection], stub)
	}
	for coll, docs := range byColl {
		paths := ids[coll]
		markdown.Resolve(docs, func(rel string) bool {
			if _, ok := paths[rel]; ok {
				return true
			}
			return exister != nil && exister.Exists(coll, rel)
		})
		for _, d := range docs {
			for _, l := range d.Nodes[0].Links {
				if id, ok := paths[l.Target]; ok {
					l.Target = id
				}
				g.out[d.DocID] = append(g.out[d.DocID], l)
				bl := l
				bl.Source = d.DocID
				g.back[l.Target] = append(g.back[l.Target], bl)
			}
		}
	}
	for _, ls := range g.back {
		sort.SliceStable(ls, func(i, j int) bool {
			if ls[i].Source != ls[j].Source {
				return ls[i].Source < ls[j].Source
			}
			return ls[i].Line < ls[j].Line
		})
	}
	ix.linkc.gen, ix.linkc.graph = v.gen, g
	return g
}

// nodeLinks returns the resolved links written in node n's own lines (not
// in its children's).
func nodeLinks(g *linkGraph, s *segment, d *docMeta, n uint32) []treenav.Link {
	nm := s.node(n)
	var out []treenav.Link
	for _, l := range g.out[d.DocID] {
		if uint32(l.Line) < nm.lineStart || uint32(l.Line) > nm.lineEnd {
			continue
		}
		inChild := false
		s.children(n, func(c uint32) {
			cm := s.node(c)
			if uint32(l.Line) >= cm.lineStart && uint32(l.Line) <= cm.lineEnd && cm.kind() != treenav.KindCode {
				inChild = true
			}
		})
		if !inChild {
			out = append(out, l)
		}
	}
	return out
}
