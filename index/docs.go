package index

import (
	"errors"
	"fmt"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index/walk"
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
			if s.nodes[n].anchor == anchor {
				return v.segIndex(s), n, nil
			}
		}
		return 0, 0, &NotFoundError{What: "node", ID: id, Closest: v.closestInDoc(s, d, anchor)}
	}
	// A bare anchor.
	bare := strings.TrimPrefix(id, "#")
	var found []nodeRef
	for si, s := range v.segs {
		i := sort.Search(len(s.anchors), func(k int) bool { return s.anchors[k].anchor >= bare })
		for ; i < len(s.anchors) && s.anchors[i].anchor == bare; i++ {
			n := s.anchors[i].node
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
			ids = append(ids, nodeID(&s.docs[s.nodes[r.node].doc], &s.nodes[r.node]))
		}
		sort.Strings(ids)
		return 0, 0, &NotFoundError{What: "node", ID: id + " (ambiguous: several documents have it; add the doc id prefix)", Closest: ids}
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
		a := strings.ToLower(s.nodes[n].anchor)
		dist := editDistance(la, a)
		if last != "" && strings.Contains(a, last) {
			dist = min(dist, 1+len(a)-len(last))
		}
		c = append(c, scoredID{id: nodeID(d, &s.nodes[n]), d: dist})
	}
	return c
}

// notFound is the error for an id that matched nothing, with the closest
// valid ids; an id that names a directory says so.
func (v *view) notFound(what, id string) *NotFoundError {
	closest, dir := v.closest(id)
	if dir {
		id += " (a directory: its files are the documents)"
	}
	return &NotFoundError{What: what, ID: id, Closest: closest}
}

// NotIndexedError reports an id that names a file the index left out on
// purpose or could not index: skipped by its content (generated, binary,
// minified) or its size, left out by its collection's globs, or failed to
// be read or parsed. Unlike an unknown id's error it suggests no other
// ids: it says why, and what would get the file indexed.
type NotIndexedError struct {
	What   string // "document" or "node", as in NotFoundError
	ID     string // the id asked for
	DocID  string // the id the file would have as a document
	Reason string // a walk.Skip* reason (generated, too_large, excluded ...), or "failed"
	Detail string // what the reason means and what to do about it
}

func (e *NotIndexedError) Error() string {
	return e.DocID + " is not indexed: " + e.Detail
}

// notIndexed turns err, the error of an id that matched nothing, into a
// NotIndexedError when the id's document part names a file the index
// knows it left out: a file it keeps a stamp of (skipped by content or
// size, failed), or, for an id that reads as a path, one the collection's
// globs leave out. Other errors, and ids the index knows nothing about,
// keep their error and its closest ids.
func (ix *Index) notIndexed(id string, err error) error {
	var nf *NotFoundError
	if !errors.As(err, &nf) || strings.Contains(nf.ID, " (ambiguous") {
		return err
	}
	id = strings.TrimSpace(id)
	docID, _ := treenav.SplitNodeID(id)
	docID = strings.TrimPrefix(docID, "./")
	if docID == "" {
		return err
	}
	v := ix.view()
	if _, _, ok := v.doc(docID); ok {
		return err // an indexed document: a node of it is unknown
	}
	ne := &NotIndexedError{What: nf.What, ID: id, DocID: docID}
	var src Source
	if p := ix.source.Load(); p != nil {
		src = *p
	}
	if sk, ok := ix.skippedFiles()[docID]; ok {
		ne.Reason, ne.Detail = sk.Reason, skipDetail(sk, docID, src)
	}
	if ne.Detail == "" && (strings.Contains(id, "#") || v.looksLikePath(docID)) {
		if g, ok := src.(globExplainer); ok {
			ne.Reason, ne.Detail = g.globExcluded(docID)
		}
	}
	if ne.Detail == "" {
		return err
	}
	return ne
}

// failureSource is implemented by sources (the Engine) that keep the
// errors of the files that failed to be indexed.
type failureSource interface {
	failure(docID string) string
}

// globExplainer is implemented by sources (the Engine) that know the
// collections' globs: why a path is left out by them, if it is.
type globExplainer interface {
	globExcluded(docID string) (reason, detail string)
}

// skipAdvisor is implemented by sources (the Engine) that know how their
// collections and size limit were configured: what would index a file
// skipped as generated or as too large.
type skipAdvisor interface {
	generatedAdvice(docID string) string
	sizeAdvice() string
}

// skipDetail says what a stamp's reason means for the file, and what
// would get it indexed; "" for a stamp that is no reason (an indexed
// file's "same content").
func skipDetail(sk skipStamp, docID string, src Source) string {
	adv, _ := src.(skipAdvisor)
	switch sk.Reason {
	case walk.SkipGenerated:
		advice := "to index it, list it under generated = [...] in its collection's [[collections]] table in the configuration file: " + generatedExample(docID)
		if adv != nil {
			advice = adv.generatedAdvice(docID)
		}
		return "skipped as generated (its opening comments carry a generator's marker, such as \"Code generated ... DO NOT EDIT\" or \"@generated\"); " + advice
	case walk.SkipBinary:
		return "skipped as binary (it has a NUL byte near its start)"
	case walk.SkipMinified:
		return "skipped as minified (a bundle: \".min.\" in its name, or lines of over 300 bytes on average)"
	case walk.SkipUnsupported:
		return "it is of no language treenav parses (no known extension, name or shebang)"
	case walk.SkipTooLarge:
		advice := "raise limits.max_file_size in the configuration file, or pass --max-file-size"
		if adv != nil {
			advice = adv.sizeAdvice()
		}
		return fmt.Sprintf("skipped as too large (%d bytes, over the size limit); to index it, %s", sk.Size, advice)
	case failedReason:
		msg := "it could not be read or parsed when last indexed"
		if fs, ok := src.(failureSource); ok {
			if e := fs.failure(docID); e != "" {
				msg += ": " + e
			}
		}
		return msg + "; index_status lists the files that failed"
	}
	return ""
}

// failure is the error the last build or the watcher kept for a file that
// failed to be indexed, if the status still holds it.
func (e *Engine) failure(docID string) string {
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, fe := range e.status.Errors {
		if fe.Path == docID {
			return fe.Error
		}
	}
	return ""
}

// globExcluded says whether the include or exclude globs of the document
// id's collection leave its path out (walk.Options.GlobExcluded: from the
// path alone, no file is read).
func (e *Engine) globExcluded(docID string) (reason, detail string) {
	c, rel, ok := e.fileOfID(docID)
	if !ok || rel == "" {
		return "", ""
	}
	opts := e.walkOptions(*c)
	pattern, excluded := opts.GlobExcluded(rel)
	switch {
	case !excluded:
		return "", ""
	case pattern != "":
		return walk.SkipExcluded, fmt.Sprintf("its collection's exclude pattern %q leaves it out", pattern)
	}
	return walk.SkipExcluded, fmt.Sprintf("its collection's include globs (%s) do not match it", quoteAll(c.Include))
}

func quoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = strconv.Quote(s)
	}
	return strings.Join(q, ", ")
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

// hasExt reports whether the last element of a path has an extension.
func hasExt(p string) bool {
	base := p[strings.LastIndexByte(p, '/')+1:]
	i := strings.LastIndexByte(base, '.')
	return i > 0 && i < len(base)-1
}

// looksLikePath reports whether id, which has no '#', reads as a path: it
// has a '/', or ends in an extension some indexed document has ("server.go",
// not "json.Marshal").
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
	dist := func(s string) int {
		if abs(len(s)-len(q)) > limit {
			return limit + 1
		}
		return editDistance(q, s)
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
				d := dist(a)
				if k > parts {
					d = min(d, 1+dist(lastParts(a, parts)))
				}
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
	v.eachNamed(lastName(anchor), func(d *docMeta, n *nodeMeta) {
		sc := scoredID{nodeID(d, n), 3, editDistance(strings.ToLower(docID), strings.ToLower(d.DocID))}
		if strings.ToLower(n.anchor) == la {
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
func (v *view) eachNamed(name string, fn func(d *docMeta, n *nodeMeta)) {
	if name == "" {
		return
	}
	lname := strings.ToLower(name)
	for si, s := range v.segs {
		i := sort.Search(len(s.syms), func(k int) bool { return s.syms[k].lower >= lname })
		// Collect widely, then sort: the suggestions must not depend
		// on how documents fell into segments.
		for k := 0; i < len(s.syms) && s.syms[i].lower == lname && k < 200; i, k = i+1, k+1 {
			n := &s.nodes[s.syms[i].node]
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
	v.eachDoc(func(dm *docMeta) {
		l := strings.ToLower(dm.DocID)
		d := editDistance(ld, l)
		if base != "" && strings.HasSuffix(l, base) {
			d = min(d, 2)
		}
		if d <= max(3, len(ld)/3) {
			c = append(c, scoredID{id: dm.DocID, d: d})
		}
	})
	v.eachNamed(lastName(id), func(d *docMeta, n *nodeMeta) {
		c = append(c, scoredID{id: nodeID(d, n), d: 1})
	})
	return bestIDs(c, closestShown)
}

// editDistance is the Levenshtein distance, bounded to keep long ids cheap.
func editDistance(a, b string) int {
	if len(a) > 200 || len(b) > 200 {
		return max(len(a), len(b))
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// TreeRequest asks for a document's outline.
type TreeRequest struct {
	DocID    string
	MaxDepth int // 0: all levels; 1: the root's children only, ...
	// MaxNodes bounds the outline (0: DefaultMaxNodes, negative: no
	// bound). A longer outline keeps the levels that fit whole.
	MaxNodes int
	// MaxChars bounds the outline's JSON size (0: no bound but MaxNodes);
	// a longer outline keeps the levels that fit whole (boundTreeChars).
	MaxChars int
}

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
			return nil, ix.notIndexed(req.DocID, err) // a node id: the nodes near it
		default:
			return nil, ix.notIndexed(req.DocID, v.notFound("document", strings.TrimSpace(req.DocID)))
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
		nm := &s.nodes[n]
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
	keep, truncated := boundByDepth(depths, maxNodes(req.MaxNodes))
	for i, n := range nodes {
		if keep[i] {
			resp.Nodes = append(resp.Nodes, treeNode(s, d, n))
		}
	}
	if req.MaxChars > 0 && boundTreeChars(resp, req.MaxChars, s, d, nodes, depths) {
		truncated = true
	}
	if truncated {
		resp.Truncated, resp.TotalNodes = true, len(nodes)
	}
	return resp, nil
}

func treeNode(s *segment, d *docMeta, n uint32) treenav.TreeNode {
	nm := &s.nodes[n]
	parent := ""
	if nm.parent >= 0 {
		parent = nodeID(d, &s.nodes[nm.parent])
	}
	return treenav.TreeNode{
		NodeID: nodeID(d, nm), ParentID: parent, Kind: nm.kind, Title: nm.title,
		Level: int(nm.level), LineStart: int(nm.lineStart), LineEnd: int(nm.lineEnd),
		WordCount: int(nm.words), Deprecated: nm.deprecated, Declaration: nm.decl,
		Signature: nm.signature,
	}
}

// DefaultMaxChars bounds the text of node and navigate responses: about
// 5k tokens, far below what clients accept.
const DefaultMaxChars = 20000

// NodesRequest asks for the content of nodes.
type NodesRequest struct {
	IDs      []string
	DocID    string // optional: ids without a doc prefix are taken in this document
	MaxChars int    // bound of the whole answer's JSON; 0 means DefaultMaxChars
}

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
		si, n, err := v.resolve(full)
		if err != nil {
			return nil, ix.notIndexed(full, err)
		}
		s := v.segs[si]
		nm := &s.nodes[n]
		d := &s.docs[nm.doc]
		nc := treenav.NodeContent{
			NodeID: nodeID(d, nm), DocID: d.DocID, Path: d.Path, Kind: nm.kind, Title: nm.title,
			Language: languageOf(d, nm), LineStart: int(nm.lineStart), LineEnd: int(nm.lineEnd),
			ContentLine: contentLine(nm), Signature: nm.signature, Children: []string{},
		}
		if answered[nc.NodeID] {
			continue // the same node by another id
		}
		answered[nc.NodeID] = true
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
		nc.Content = ownText(s, d, n, src)
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

// NavigateRequest asks for a node and all its descendants.
type NavigateRequest struct {
	ID       string
	DocID    string
	MaxDepth int // 0: all
	MaxChars int // 0: DefaultMaxChars
	MaxNodes int // outline bound; 0: DefaultMaxNodes, negative: none
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
	si, n, err := v.resolve(id)
	if err != nil {
		return nil, ix.notIndexed(id, err)
	}
	s := v.segs[si]
	nm := &s.nodes[n]
	d := &s.docs[nm.doc]
	resp := &treenav.NavigateResponse{
		NodeID: nodeID(d, nm), DocID: d.DocID, Path: d.Path, Kind: nm.kind, Title: nm.title,
		LineStart: int(nm.lineStart), LineEnd: int(nm.lineEnd), ContentLine: contentLine(nm), Nodes: []treenav.TreeNode{},
	}
	depth := map[uint32]int{n: 0}
	var outside []uint32 // descendants not inside the node's range
	var nodes []uint32
	var depths []int
	for c := n + 1; c < nm.end; c++ {
		cm := &s.nodes[c]
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
		cm := &s.nodes[c]
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
	keep, truncated := boundOutline(depths, sizes, maxNodes(req.MaxNodes), outlineBudget)
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
func boundOutline(depths, sizes []int, limit, budget int) (keep []bool, truncated bool) {
	if limit <= 0 || limit > len(depths) {
		limit = len(depths)
	}
	for {
		keep, truncated = boundByDepth(depths, limit)
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
func isOutside(s *segment, p uint32, nm *nodeMeta) bool {
	pm := &s.nodes[p]
	return pm.docStart < nm.docStart || pm.byteEnd > nm.byteEnd
}

// ListRequest selects documents.
type ListRequest struct {
	// Query keeps documents whose path or title contains every word.
	Query       string
	Filters     map[string][]string
	Collections []string
	Limit       int // default 50
	Offset      int
	// MaxChars bounds the documents' JSON size (default DefaultMaxChars):
	// the page stops early, with a cursor to the rest, when it would pass.
	MaxChars int
}

// DefaultListLimit is the number of documents per page.
const DefaultListLimit = 50

// facetValuesShown bounds each facet's value counts in a listing.
const facetValuesShown = 25

// List returns the catalog of documents with facet counts over all the
// documents that match (not only the page).
func (ix *Index) List(req ListRequest) (*treenav.ListResponse, error) {
	v := ix.view()
	f, err := v.compileFilter(SearchRequest{Filters: req.Filters, Collections: req.Collections})
	if err != nil {
		return nil, err
	}
	if f.kinds != nil {
		return nil, &BadRequestError{"kind is a node filter; list_documents filters documents (use search or find_symbol)"}
	}
	words := strings.Fields(strings.ToLower(req.Query))
	limit := req.Limit
	if limit <= 0 {
		limit = DefaultListLimit
	}
	resp := &treenav.ListResponse{Documents: []treenav.DocumentSummary{}, FacetCounts: map[string]map[string]int{}}
	var matched []string
	for _, id := range v.docIDs() {
		_, d, _ := v.doc(id)
		if !f.docOK(d) {
			continue
		}
		if len(words) > 0 {
			hay := strings.ToLower(d.Path + " " + d.Title)
			ok := true
			for _, w := range words {
				if !strings.Contains(hay, w) {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
		}
		matched = append(matched, id)
		countFacets(resp.FacetCounts, d)
	}
	resp.Total = len(matched)
	// max_chars bounds the whole answer. The facet counts, which cover
	// every matching document, take at most half of it: fewer values per
	// key until they fit.
	budget := newCharBudget(req.MaxChars)
	counts := resp.FacetCounts
	for shown := facetValuesShown; ; shown = shown * 2 / 5 {
		resp.FacetCounts = map[string]map[string]int{}
		for k, vals := range counts {
			if top := topValues(vals, shown); len(top) > 0 {
				resp.FacetCounts[k] = top
			}
		}
		if shown == 0 || jsonSize(resp) <= budget.left/2 {
			break
		}
	}
	resp.NextCursor = strconv.Itoa(resp.Total)
	budget.reserve(resp)
	resp.NextCursor = ""
	for _, id := range matched[min(req.Offset, len(matched)):] {
		s, d, _ := v.doc(id)
		sum := summary(s, d)
		if len(resp.Documents) >= limit || !budget.take(jsonSize(sum), len(resp.Documents)) {
			break
		}
		resp.Documents = append(resp.Documents, sum)
	}
	if next := req.Offset + len(resp.Documents); next < resp.Total {
		resp.NextCursor = strconv.Itoa(next)
	}
	return resp, nil
}

// eachFacet calls fn with each facet value of document d: its
// collection, language and content type, which every document has (as
// facetMatch reads them), and its frontmatter's.
func eachFacet(d *docMeta, fn func(key, val string)) {
	fn("collection", d.Collection)
	if d.Language != "" {
		fn("language", d.Language)
	}
	if d.ContentType != "" {
		fn("content_type", string(d.ContentType))
	}
	for k, vals := range d.Facets {
		switch k {
		case "collection", "language", "content_type":
			continue
		}
		for _, val := range vals {
			fn(k, val)
		}
	}
}

// countFacets adds a document's facets to the counts. Free-text keys
// (title, description, aliases) are left out: every value would be unique.
func countFacets(counts map[string]map[string]int, d *docMeta) {
	eachFacet(d, func(k, val string) {
		switch k {
		case "title", "description", "aliases":
			return
		}
		if counts[k] == nil {
			counts[k] = map[string]int{}
		}
		counts[k][val]++
	})
}

func topValues(vals map[string]int, n int) map[string]int {
	if len(vals) <= n {
		return vals
	}
	type kv struct {
		k string
		v int
	}
	var all []kv
	for k, c := range vals {
		all = append(all, kv{k, c})
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].v != all[j].v {
			return all[i].v > all[j].v
		}
		return all[i].k < all[j].k
	})
	out := map[string]int{}
	for _, x := range all[:n] {
		out[x.k] = x.v
	}
	return out
}

func summary(s *segment, d *docMeta) treenav.DocumentSummary {
	facets := d.Facets
	if facets == nil {
		facets = map[string][]string{}
	}
	return treenav.DocumentSummary{
		DocID: d.DocID, Path: d.Path, Collection: d.Collection, Title: d.Title,
		ContentType: d.ContentType, Language: d.Language,
		NodeCount: int(d.nodeEnd - d.nodeStart), Facets: facets,
	}
}

// contentLine is the line a node's text starts on when that is above its
// line_start (a doc comment, attributes), 0 otherwise.
func contentLine(nm *nodeMeta) int {
	if nm.docLine > 0 && nm.docLine < nm.lineStart {
		return int(nm.docLine)
	}
	return 0
}
