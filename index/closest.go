package index

import (
	"sort"
	"strings"

	"github.com/treenav/treenav"
)

// closestInDoc suggests anchors of d that look like anchor.
func (v *view) closestInDoc(s *segment, d *docMeta, anchor string) []string {
	return bestIDs(anchorDistances(s, d, anchor), closestShown)
}

// anchorDistances scores each node of d by how far its anchor is from
// anchor: the edit distance, or less when it contains anchor's last part.
func anchorDistances(s *segment, d *docMeta, anchor string) []scoredID {
	var c []scoredID
	la := strings.ToLower(anchor)
	last := la[strings.LastIndexAny(la, "./")+1:]
	for n := d.nodeStart; n < d.nodeEnd; n++ {
		a := strings.ToLower(s.node(n).anchor())
		dist := treenav.EditDistance(la, a)
		if last != "" && strings.Contains(a, last) {
			dist = min(dist, 1+len(a)-len(last))
		}
		c = append(c, scoredID{id: nodeID(d, s.node(n)), d: dist})
	}
	return c
}

// closestShown is the number of ids suggested for one that matched
// nothing.
const closestShown = 5

// scoredID is a suggested id: the lower d, then tie, the better.
type scoredID struct {
	id     string
	d, tie int
}

// bestIDs returns the first n distinct ids of c, best first.
func bestIDs(c []scoredID, n int) []string {
	sort.Slice(c, func(i, j int) bool {
		if c[i].d != c[j].d {
			return c[i].d < c[j].d
		}
		if c[i].tie != c[j].tie {
			return c[i].tie < c[j].tie
		}
		return c[i].id < c[j].id
	})
	var out []string
	seen := map[string]bool{}
	for _, x := range c {
		if len(out) == n {
			break
		}
		if !seen[x.id] {
			seen[x.id] = true
			out = append(out, x.id)
		}
	}
	return out
}

// closest suggests ids for an id that matched nothing. An id that looks
// like a document's (a path: it has a '/' or a file extension that
// indexed files have, and no '#') gets document ids only
// (closestDocs); dir says it names a directory, whose documents are
// suggested. An id with a '#' gets node ids (closestNodes). A bare name
// gets the documents and symbols named like it (closestNames).
func (v *view) closest(id string) (ids []string, dir bool) {
	if strings.Contains(id, "#") {
		return v.closestNodes(id), false
	}
	if v.looksLikePath(id) {
		c, dir := v.closestDocs(id)
		// A '/' without an extension may still be a section anchor
		// ("install/from-source"): with no document near it, look there.
		if len(c) > 0 || hasExt(id) {
			return bestIDs(c, closestShown), dir
		}
	}
	return v.closestNames(id), false
}

// closestDocs scores the documents whose id or path is near p: by edit
// distance, as a whole or as its last parts ("http/server.go" is one
// step from net/http/server.go), and the documents under the directory
// p names (or one near it), direct children and non-tests first. dir
// says p names a directory exactly.
func (v *view) closestDocs(p string) (c []scoredID, dir bool) {
	q := strings.ToLower(strings.TrimPrefix(strings.TrimSpace(p), "./"))
	q = strings.TrimRight(strings.TrimLeft(q, "/"), "/")
	if q == "" {
		return nil, false
	}
	parts := strings.Count(q, "/") + 1
	limit := max(3, len(q)/3)
	// dist is the edit distance of q to s, or limit+1 past the limit.
	dist := func(s string) int { return treenav.EditDistanceWithin(q, s, limit) }
	// Documents share their directories: each is measured once (a big
	// repository has tens of thousands of files in a few thousand).
	dirDist := map[string]int{}
	distDir := func(a string, k int) int {
		d, ok := dirDist[a]
		if !ok {
			d = dist(a)
			if k > parts {
				d = min(d, 1+dist(lastParts(a, parts)))
			}
			dirDist[a] = d
		}
		return d
	}
	v.eachDoc(func(dm *docMeta) {
		best := scoredID{dm.DocID, limit + 1, 0}
		test := 0
		if isTestPath(dm.Path) {
			test = 1
		}
		names := [2]string{dm.DocID, dm.Path}
		for i, name := range names {
			if i == 1 && name == names[0] {
				break
			}
			l := strings.ToLower(name)
			n := strings.Count(l, "/") + 1
			try := func(d, tie int) {
				if d < best.d || d == best.d && tie < best.tie {
					best.d, best.tie = d, tie
				}
			}
			// The file: its whole path, or its last parts (the
			// leading ones left out cost one).
			try(dist(l), 2*n+test)
			if n > parts {
				try(1+dist(lastParts(l, parts)), 2*n+test)
			}
			// A directory it is under: the files right in it first.
			for j, k := 0, 1; k < n; k++ {
				j += strings.IndexByte(l[j:], '/') + 1
				a, below := l[:j-1], n-k
				d := distDir(a, k)
				if d == 0 && a == q {
					dir = true
				}
				try(d, 2*below+test)
			}
		}
		if best.d <= limit {
			c = append(c, best)
		}
	})
	return c, dir
}

// lastParts is the last n slash-separated parts of p.
func lastParts(p string, n int) string {
	i := len(p)
	for ; n > 0 && i > 0; n-- {
		i = strings.LastIndexByte(p[:i], '/')
		if i < 0 {
			return p
		}
	}
	return p[i+1:]
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// closestNodes suggests node ids for id "doc#anchor" that matched
// nothing: anchors like anchor in doc, or in the documents nearest to
// it, then symbols named like anchor's last part elsewhere, those in
// documents named more like doc first.
func (v *view) closestNodes(id string) []string {
	docID, anchor := treenav.SplitNodeID(id)
	if docID == "" {
		return v.closestNames(anchor)
	}
	if s, d, ok := v.doc(docID); ok {
		return v.closestInDoc(s, d, anchor)
	}
	docs, _ := v.closestDocs(docID)
	near := bestIDs(docs, 3)
	var c []scoredID
	for rank, did := range near {
		s, d, _ := v.doc(did)
		for _, x := range anchorDistances(s, d, anchor) {
			c = append(c, scoredID{x.id, 1 + x.d, rank})
		}
	}
	la := strings.ToLower(anchor)
	v.eachNamed(lastName(anchor), func(d *docMeta, n nodeMeta) {
		sc := scoredID{nodeID(d, n), 3, treenav.EditDistance(strings.ToLower(docID), strings.ToLower(d.DocID))}
		if strings.ToLower(n.anchor()) == la {
			sc.d = 2
		}
		c = append(c, sc)
	})
	return bestIDs(c, closestShown)
}

// lastName is the last part of a qualified name or anchor: "Shutdown" of
// "Server.Shutdown".
func lastName(name string) string {
	return name[strings.LastIndexAny(name, "./#")+1:]
}

// eachNamed calls fn with (at most 200 per segment of) the live symbols
// named name, in any case.
func (v *view) eachNamed(name string, fn func(d *docMeta, n nodeMeta)) {
	if name == "" {
		return
	}
	lname := strings.ToLower(name)
	for si, s := range v.segs {
		// Collect widely, then sort: the suggestions must not depend
		// on how documents fell into segments.
		run := s.symsCalled(lname)
		for _, sym := range run[:min(len(run), 200)] {
			n := s.node(sym.node)
			if v.live(si, n.doc) {
				fn(&s.docs[n.doc], n)
			}
		}
	}
}

// closestNames suggests ids for a bare name ("Close", "Server.Shutdwn")
// that matched nothing: documents whose id looks like it, and symbols
// named like its last part.
func (v *view) closestNames(id string) []string {
	var c []scoredID
	ld := strings.ToLower(id)
	base := ld[strings.LastIndexByte(ld, '/')+1:]
	limit := max(3, len(ld)/3)
	v.eachDoc(func(dm *docMeta) {
		l := strings.ToLower(dm.DocID)
		d := treenav.EditDistanceWithin(ld, l, limit)
		if base != "" && strings.HasSuffix(l, base) {
			d = min(d, 2)
		}
		if d <= limit {
			c = append(c, scoredID{id: dm.DocID, d: d})
		}
	})
	v.eachNamed(lastName(id), func(d *docMeta, n nodeMeta) {
		c = append(c, scoredID{id: nodeID(d, n), d: 1})
	})
	return bestIDs(c, closestShown)
}
