package index

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/treenav/treenav"
)

// ReferencesRequest asks for the references to one definition
// (find_references, treenav refs).
type ReferencesRequest struct {
	// Target is a node id, a name or qualified name (as find_symbol reads
	// it), a Go import path and qualified name, or PATH:LINE[:COL].
	Target string
	// Kinds keeps the references of these kinds (treenav.RefKinds);
	// Include keeps these confidence levels. Empty: all.
	Kinds   []string
	Include []string
	// PathGlob, PathGlobs and Collections scope where references are
	// looked for; a glob of PathGlobs may be a "!glob" exclusion (as
	// SearchRequest's). Tests takes tests in (""), out or alone.
	PathGlob    string
	PathGlobs   []string
	Tests       TestScope
	Collections []string
	Limit       int // default DefaultRefLimit
	Cursor      string
	MaxChars    int // bounds the references' JSON (default DefaultMaxChars)
}

// DefaultRefLimit is the page size of references when a request does not say.
const DefaultRefLimit = 50

// maxRefText bounds a reference's line of text.
const maxRefText = 160

// refHit is one classified reference before paging.
type refHit struct {
	seg, doc uint32
	ref      uint32
	conf     treenav.Confidence
}

// References answers find_references: the target definition, the counts
// of all its references by confidence, and one page of them in path,
// line and column order. References resolve now, against this view's
// definitions and each file's imports: no answer depends on the order of
// the edits that led here.
func (ix *Index) References(req ReferencesRequest) (*treenav.ReferencesResponse, error) {
	v := ix.view()
	q := v.takeRefQuery(ix, false)
	defer v.doneRefQuery(q)
	target, err := q.resolveTarget(req.Target)
	if err != nil {
		return nil, err
	}
	kinds, err := checkRefKinds(req.Kinds)
	if err != nil {
		return nil, err
	}
	include, err := checkConfidences(req.Include)
	if err != nil {
		return nil, err
	}
	keep, err := v.refScope(req.PathGlob, req.PathGlobs, req.Tests, req.Collections)
	if err != nil {
		return nil, err
	}
	offset, err := ParseCursor(req.Cursor)
	if err != nil {
		return nil, err
	}
	limit := req.Limit
	if limit <= 0 {
		limit = DefaultRefLimit
	}
	maxChars := req.MaxChars
	if maxChars <= 0 {
		maxChars = DefaultMaxChars
	}

	_, tn, td := q.node(target)
	resp := &treenav.ReferencesResponse{
		Symbol: treenav.RefSymbol{
			NodeID: nodeID(td, tn), Name: tn.name(), QualifiedName: qualifiedName(tn),
			Kind: tn.kind(), Path: td.Path, LineStart: int(tn.lineStart),
		},
		References: []treenav.ReferenceHit{},
	}
	hits := q.referencesTo(target, keep)
	kept := hits[:0]
	for _, h := range hits {
		d := &v.segs[h.seg].docs[h.doc]
		if kinds != nil && !kinds[d.refs.kind(h.ref)] {
			continue
		}
		if include != nil && !include[h.conf] {
			continue
		}
		switch h.conf {
		case treenav.Resolved:
			resp.Counts.Resolved++
		case treenav.Ambiguous:
			resp.Counts.Ambiguous++
		default:
			resp.Counts.Textual++
		}
		kept = append(kept, h)
	}
	hits = kept
	resp.Total = len(hits)
	if include == nil {
		resp.Note = q.ambiguityNote(tn, resp.Counts, "references", `include ["resolved"] keeps the %d that are tied to this one`)
	}
	// Each hit's key is read once, not at every comparison (a name's
	// references can be tens of thousands).
	keyed := make([]keyedHit, len(hits))
	for i, h := range hits {
		keyed[i] = keyedHit{q.hitKey(h), h}
	}
	sort.Slice(keyed, func(i, j int) bool {
		a, b := &keyed[i].key, &keyed[j].key
		if a.path != b.path {
			return a.path < b.path
		}
		if a.line != b.line {
			return a.line < b.line
		}
		return a.col < b.col
	})
	for i := range keyed {
		hits[i] = keyed[i].hit
	}
	if offset > len(hits) {
		offset = len(hits)
	}
	used := 0
	for i := offset; i < len(hits); i++ {
		if len(resp.References) >= limit {
			resp.NextCursor = strconv.Itoa(i)
			break
		}
		h := ix.refHitOf(v, hits[i])
		size := len(h.Path) + len(h.Text) + len(h.EnclosingID) + 100
		if used+size > maxChars && len(resp.References) > 0 {
			resp.NextCursor = strconv.Itoa(i)
			break
		}
		used += size
		resp.References = append(resp.References, h)
	}
	return resp, nil
}

// ambiguityNote is the note of an answer whose references are mostly
// ambiguous (at least ambiguousNoteMin, four times the resolved ones):
// uses on values of unknown type or through an interface, which may
// reach any definition of the name, as an agent about to read 189 of
// them for Future.__init__ needs to be told first. what names them
// ("references", "calls"); keep says how to keep the resolved ones
// (with a %d for their count), when there are some.
func (q *refQuery) ambiguityNote(tn nodeMeta, c treenav.RefCounts, what, keep string) string {
	if c.Ambiguous < ambiguousNoteMin || c.Ambiguous < 4*c.Resolved {
		return ""
	}
	defs := len(q.named(tn.name()))
	tail := "none is tied to this one"
	if c.Resolved > 0 {
		tail = fmt.Sprintf(keep, c.Resolved)
	}
	return fmt.Sprintf("the %d ambiguous %s may reach any of the %d definitions named %s (a use on a value of unknown type, or through an interface); %s",
		c.Ambiguous, what, defs, tn.name(), tail)
}

// ambiguousNoteMin is the fewest ambiguous references that get a note.
const ambiguousNoteMin = 50

type hitKey struct {
	path      string
	line, col uint32
}

// keyedHit is a hit with its sort key.
type keyedHit struct {
	key hitKey
	hit refHit
}

func (q *refQuery) hitKey(h refHit) hitKey {
	d := &q.v.segs[h.seg].docs[h.doc]
	line, col := d.refs.at(h.ref)
	return hitKey{d.Path, line, col}
}

// referencesTo classifies every reference named like the target in the
// documents keep accepts.
func (q *refQuery) referencesTo(target nodeRef, keep func(d *docMeta) bool) []refHit {
	_, tn, td := q.node(target)
	var hits []refHit
	// The target's own name, then the other names it is bound to
	// (ES imports under another name), whose references count only when
	// they resolve to it.
	names := append([]string{tn.name()}, q.esAliases(tn, td)...)
	workers := q.v.segmentWorkers()
	for ni, name := range names {
		// A common name's references (toString's, __init__'s: tens of
		// thousands on the 25k-file corpus), each resolved, on every
		// core; the hits in segment order, as one loop finds them.
		w := workers
		if q.v.refsNamedCount(name) < parallelRefs {
			w = 1
		}
		per := make([][]refHit, len(q.v.segs))
		forks := make([]*refQuery, w)
		onSegments(len(q.v.segs), w, func(k int) func(si int) {
			wq := q
			if k > 0 {
				wq = q.fork()
				forks[k] = wq
			}
			return func(si int) { per[si] = wq.segmentHits(nil, si, name, ni == 0, target, keep) }
		})
		for _, f := range forks[1:] {
			q.v.doneRefQuery(f)
		}
		for _, h := range per {
			hits = append(hits, h...)
		}
	}
	// A Python class's __init__ runs when the class is called: the calls
	// that resolve to the class (ArgumentParser(...),
	// argparse.ArgumentParser(...)) are calls of its __init__, which
	// otherwise listed none of them, only other classes' super().__init__.
	if cls, ok := q.pyInitClass(target); ok {
		for _, c := range q.pyInheritors(cls) {
			_, cn, _ := q.node(c)
			for si := range q.v.segs {
				at := len(hits)
				hits = q.segmentHits(hits, si, cn.name(), false, c, keep)
				hits = append(hits[:at], q.hitsOfKind(hits[at:], treenav.RefCall)...)
			}
		}
	}
	return hits
}

// hitsOfKind keeps, in place, the hits of references of kind k.
func (q *refQuery) hitsOfKind(hits []refHit, k treenav.RefKind) []refHit {
	kept := hits[:0]
	for _, h := range hits {
		if q.v.segs[h.seg].docs[h.doc].refs.kind(h.ref) == k {
			kept = append(kept, h)
		}
	}
	return kept
}

// pyMaxInheritors bounds the classes whose calls a Python __init__'s
// references take: its class and the subclasses that inherit it.
const pyMaxInheritors = 64

// pyInheritors is cls and, breadth first, the subclasses that inherit
// its __init__ (they define none of their own): class MyParser(
// ArgumentParser) with no __init__ runs ArgumentParser's when called.
// A subclass is one whose base list names cls and resolves to it alone.
func (q *refQuery) pyInheritors(cls nodeRef) []nodeRef {
	out := []nodeRef{cls}
	seen := map[nodeRef]bool{cls: true}
	everywhere := func(*docMeta) bool { return true }
	for i := 0; i < len(out) && len(out) < pyMaxInheritors; i++ {
		_, cn, _ := q.node(out[i])
		for si := range q.v.segs {
			for _, h := range q.hitsOfKind(q.segmentHits(nil, si, cn.name(), false, out[i], everywhere), treenav.RefInherit) {
				s := q.v.segs[si]
				d := &s.docs[h.doc]
				sub := d.nodeStart + d.refs.rec(h.ref).encl
				if h.conf != treenav.Resolved || len(out) >= pyMaxInheritors || sub >= d.nodeEnd ||
					s.node(sub).kind() != treenav.KindClass || seen[nodeRef{uint32(si), sub}] {
					continue
				}
				own := false
				s.children(sub, func(k uint32) { own = own || s.node(k).name() == "__init__" })
				if !own {
					seen[nodeRef{uint32(si), sub}] = true
					out = append(out, nodeRef{uint32(si), sub})
				}
			}
		}
	}
	return out
}

// pyInitClass is the class whose __init__ target is, for a Python
// method __init__ directly in a class.
func (q *refQuery) pyInitClass(target nodeRef) (nodeRef, bool) {
	s, tn, td := q.node(target)
	if tn.name() != "__init__" || languageOf(td, tn) != "python" || tn.parent < 0 {
		return nodeRef{}, false
	}
	if s.node(uint32(tn.parent)).kind() != treenav.KindClass {
		return nodeRef{}, false
	}
	return nodeRef{target.seg, uint32(tn.parent)}, true
}

// parallelRefs is how many references named like a target find_references
// must classify before segments are classified side by side.
var parallelRefs = 256

// segmentHits appends the references named name of segment si that may
// name target to hits; a textual mention counts only under the target's
// own name.
func (q *refQuery) segmentHits(hits []refHit, si int, name string, own bool, target nodeRef, keep func(d *docMeta) bool) []refHit {
	_, tn, td := q.node(target)
	q.namedRefs(si, name, func(d *docMeta, doc, ref uint32) {
		if !keep(d) {
			return
		}
		r := d.refs.reference(int(ref))
		conf, ok := q.classify(si, d, &r, target, tn, td)
		if ok && (own || conf != treenav.Textual) {
			hits = append(hits, refHit{seg: uint32(si), doc: doc, ref: ref, conf: conf})
		}
	})
	return hits
}

// refsNamedCount is how many references of the view's segments are
// named name, the dead documents' included.
func (v *view) refsNamedCount(name string) int {
	n := 0
	for _, s := range v.segs {
		n += countRefs(s.refsNamed(name))
	}
	return n
}

// namedRefs calls f with each reference named name in a live document of
// segment si (its document, the document's number and the reference's
// index in it), in the segment's order.
func (q *refQuery) namedRefs(si int, name string, f func(d *docMeta, doc, ref uint32)) {
	s := q.v.segs[si]
	doc := uint32(0)
	eachRef(s.refsNamed(name), func(g uint32) {
		ref, ok := s.refTable.locate(g, &doc)
		if ok && q.v.live(si, doc) {
			f(&s.docs[doc], doc, ref)
		}
	})
}

// classify says whether reference r may name the target, and how surely.
func (q *refQuery) classify(si int, d *docMeta, r *treenav.Reference, target nodeRef, tn nodeMeta, td *docMeta) (treenav.Confidence, bool) {
	if r.Textual {
		if !q.mentionFits(r, tn, td) {
			return "", false
		}
		if d.ContentType == treenav.ContentMarkdown && r.Qualifier != "" {
			return q.docMention(r), true
		}
		return treenav.Textual, true
	}
	if ans := refAnswerers[d.Language]; ans != nil {
		if fam := langFamily(d.Language); fam != "" && fam != langFamily(languageOf(td, tn)) {
			// The resolver of d's language family answers only with
			// definitions of that family, and an unresolved name is
			// kept only in the target's own language: a Java or
			// Python reference never reaches a Go definition, so it
			// is not resolved to find that out (on a corpus of
			// several languages most of a common name's references
			// are of the others).
			return "", false
		}
		a := ans(q, si, d, r)
		if c := a.confidenceOf(target); c != "" {
			return c, c != treenav.Ambiguous || !testOnly(d, td)
		}
		if !a.empty() {
			return "", false
		}
		return treenav.Textual, d.Language == languageOf(td, tn) && untyped(r)
	}
	cands := q.candidates(si, d, r)
	if len(cands) == 0 {
		// Unresolved: the name only, when nothing says it is another's.
		return treenav.Textual, d.Language == languageOf(td, tn) && r.Qualifier == "" && r.QualType == ""
	}
	if !slices.Contains(cands, target) {
		return "", false
	}
	if res := q.resolvedAmong(d, r, cands); len(res) == 1 && res[0] == target {
		return treenav.Resolved, true
	}
	return treenav.Ambiguous, !testOnly(d, td)
}

// testOnly reports whether a reference in document d cannot reach a
// definition in td by a guess: td is a test file (or test data) and d is
// not, and code outside tests does not call into them. A name several
// definitions share is a guess among them: json.loads's s.startswith(...)
// was an ambiguous call of a protocol class's startswith in
// test/test_typing.py. A reference resolved to a test's definition
// stays. Not in Go, whose resolver goes by packages, and where a package
// in a directory named test is code like any other (cmd/go/internal/test
// is the go test command).
func testOnly(d, td *docMeta) bool { return td.test && !d.test && d.Language != "go" }

// resolvedAmong is the one of a reference's candidates it resolves to:
// the only one, or of definitions of one name in files for different
// platforms, the one this host builds (as go/types would say here; the
// others stay candidates); nil when several remain.
func (q *refQuery) resolvedAmong(d *docMeta, r *treenav.Reference, cands []nodeRef) []nodeRef {
	if len(cands) == 1 {
		return cands
	}
	if len(cands) > 1 {
		if host := q.preferHostOf(d, r, cands); len(host) == 1 {
			return host
		}
	}
	return nil
}

// docMention is the confidence of a qualified mention in a document:
// resolved when the target is the one definition its qualifier fits,
// ambiguous when several fit.
func (q *refQuery) docMention(r *treenav.Reference) treenav.Confidence {
	fits := 0
	for _, c := range q.named(r.Name) {
		if _, n, d := q.node(c); q.mentionFits(r, n, d) {
			fits++
		}
	}
	if fits == 1 {
		return treenav.Resolved
	}
	return treenav.Ambiguous
}

// mentionFits: a textual mention names the target when its qualifier, if
// any, ends with the target's parent or package.
func (q *refQuery) mentionFits(r *treenav.Reference, tn nodeMeta, td *docMeta) bool {
	if r.Qualifier == "" {
		return true
	}
	qn := qualifiedName(tn)
	parent := ""
	if i := strings.LastIndexByte(qn, '.'); i >= 0 {
		parent = qn[:i]
	}
	qual := r.Qualifier
	if parent != "" && (qual == parent || strings.HasSuffix(qual, "."+parent)) {
		return true
	}
	pkg := q.packageName(td)
	return qual == pkg || strings.HasSuffix(qual, "/"+pkg) || (parent != "" && qual == pkg+"."+parent)
}

// refHitOf renders one reference with its line of text.
func (ix *Index) refHitOf(v *view, h refHit) treenav.ReferenceHit {
	s := v.segs[h.seg]
	d := &s.docs[h.doc]
	r := d.refs.rec(h.ref)
	encl := d.nodeStart + r.encl
	if encl >= d.nodeEnd {
		encl = d.nodeStart
	}
	out := treenav.ReferenceHit{
		Path: d.Path, Line: int(r.line), Column: int(r.col),
		Kind: treenav.RefKinds[r.kind], Confidence: h.conf,
		EnclosingID: nodeID(d, s.node(encl)),
	}
	if src, err := ix.fileOf(d); err == nil {
		out.Text = clip(strings.TrimSpace(lineOf(src, int(r.line))), maxRefText)
	}
	return out
}

// lineOf is line n (1-based) of src, without its newline.
func lineOf(src []byte, n int) string {
	for i := 1; i < n; i++ {
		j := bytes.IndexByte(src, '\n')
		if j < 0 {
			return ""
		}
		src = src[j+1:]
	}
	if j := bytes.IndexByte(src, '\n'); j >= 0 {
		src = src[:j]
	}
	return string(bytes.TrimRight(src, "\r"))
}

func checkRefKinds(ks []string) (map[treenav.RefKind]bool, error) {
	if len(ks) == 0 {
		return nil, nil
	}
	out := map[treenav.RefKind]bool{}
	for _, k := range ks {
		ok := false
		for _, rk := range treenav.RefKinds {
			if string(rk) == k {
				ok = true
			}
		}
		if !ok {
			names := make([]string, len(treenav.RefKinds))
			for i, rk := range treenav.RefKinds {
				names[i] = string(rk)
			}
			return nil, &BadRequestError{"unknown reference kind " + QuoteInput(k) + "; kinds: " + strings.Join(names, ", ")}
		}
		out[treenav.RefKind(k)] = true
	}
	return out, nil
}

func checkConfidences(cs []string) (map[treenav.Confidence]bool, error) {
	if len(cs) == 0 {
		return nil, nil
	}
	out := map[treenav.Confidence]bool{}
	for _, c := range cs {
		switch treenav.Confidence(c) {
		case treenav.Resolved, treenav.Ambiguous, treenav.Textual:
			out[treenav.Confidence(c)] = true
		default:
			return nil, &BadRequestError{"unknown confidence " + QuoteInput(c) + "; include: resolved, ambiguous, textual"}
		}
	}
	return out, nil
}
