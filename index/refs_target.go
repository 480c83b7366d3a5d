package index

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/treenav/treenav"
)

// AmbiguousTargetError is a target that names several definitions: it
// lists them so that the caller picks one by node id.
type AmbiguousTargetError struct {
	Target     string
	Candidates []string // node ids, sorted
	// Signatures, beside Candidates, are the signatures of overloads,
	// whose ids alone do not tell them apart ("" for the others).
	Signatures []string
	More       int // candidates left out of the list
}

func (e *AmbiguousTargetError) Error() string {
	more := ""
	if e.More > 0 {
		more = fmt.Sprintf(" (and %d more)", e.More)
	}
	shown := make([]string, len(e.Candidates))
	for i, id := range e.Candidates {
		shown[i] = id
		if i < len(e.Signatures) && e.Signatures[i] != "" {
			shown[i] += " (" + e.Signatures[i] + ")"
		}
	}
	return fmt.Sprintf("%s names %d definitions; name one by its node id: %s%s",
		QuoteInput(e.Target), len(e.Candidates)+e.More, strings.Join(shown, ", "), more)
}

var pathLineRE = regexp.MustCompile(`^(.+?):([0-9]+)(?::([0-9]+))?$`)

// resolveTarget finds the definition a references or call hierarchy
// request is about: a node id, PATH:LINE[:COL] of the definition's name
// (1-based), a Go import path and qualified name (net/http.Server.Shutdown),
// or a name or qualified name as find_symbol reads it, with the module
// before it (java.util.HashMap.resize, os.path.join).
func (q *refQuery) resolveTarget(target string) (nodeRef, error) {
	v := q.v
	t := strings.TrimSpace(target)
	if t == "" {
		return nodeRef{}, &BadRequestError{"empty target: give a node id, a name or PATH:LINE"}
	}
	if err := checkQueryLength(t); err != nil {
		return nodeRef{}, err
	}
	if strings.Contains(t, "#") {
		si, n, err := v.resolve(t)
		if err != nil {
			return nodeRef{}, err
		}
		return nodeRef{uint32(si), n}, nil
	}
	if m := pathLineRE.FindStringSubmatch(t); m != nil {
		line, _ := strconv.Atoi(m[2])
		if r, ok := q.atLine(m[1], line); ok {
			return r, nil
		}
		if si, d, ok := q.docByPath(m[1]); ok {
			why, near := q.nearLine(si, d, line)
			return nodeRef{}, &NotFoundError{What: "symbol", ID: t, Why: why, Closest: near}
		}
		return nodeRef{}, v.notFound("document", m[1])
	}
	var found []nodeRef
	if i := strings.LastIndexByte(t, '/'); i >= 0 {
		// A Go import path, then the qualified name.
		rest := t[i+1:]
		if dot := strings.IndexByte(rest, '.'); dot > 0 {
			pkgPath, qual := t[:i+1+dot], rest[dot+1:]
			name := qual[strings.LastIndexByte(qual, '.')+1:]
			g := v.goPackages()
			for _, c := range q.named(name) {
				_, n, d := q.node(c)
				if d.Language == "go" && qualifiedName(n) == qual && g.importDir(d.Collection, docDir(d), pkgPath) == docDir(d) {
					found = append(found, c)
				}
			}
		}
	} else {
		// C++'s and Rust's paths as find_symbol reads them:
		// std::vector::push_back is std.vector.push_back.
		qt := strings.ReplaceAll(strings.TrimPrefix(t, "::"), "::", ".")
		name := qt[strings.LastIndexByte(qt, '.')+1:]
		var exact, loose []nodeRef
		for _, c := range q.named(name) {
			_, n, d := q.node(c)
			qn := qualifiedName(n)
			switch {
			case qn == qt:
				exact = append(exact, c)
			case strings.HasSuffix(qn, "."+qt),
				// By its module, as find_symbol reads it: Go's
				// json.Marshal, Java's java.util.HashMap.resize,
				// Python's json.dumps.
				moduleQualified(qt, qn, d.Path, languageOf(d, n), d.Module, false):
				loose = append(loose, c)
			}
		}
		found = exact
		if len(found) == 0 {
			found = loose
		}
		if len(found) == 0 {
			// os.path.join: through the modules that import it.
			found = q.pythonDotted(qt)
		}
	}
	found = dropDeclarations(q, found)
	found = preferSource(q, found)
	found = preferPublic(q, found)
	if len(found) > 1 {
		// One definition per platform (os.File.Close in file_plan9.go and
		// file_posix.go): the one the host builds, as references resolve.
		if host := q.preferHost(found); len(host) == 1 {
			found = host
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		if si, d, ok := q.docByPath(t); ok {
			// A file: its definitions are what references are of.
			return nodeRef{}, &NotFoundError{What: "symbol", ID: t, Closest: q.topSymbols(si, d),
				Why: "a file, not a definition: name one of its symbols (PATH#Name) or give PATH:LINE"}
		}
		var closest []string
		if q.ix != nil {
			closest = q.ix.closestSymbols(t)
		}
		return nodeRef{}, &NotFoundError{What: "symbol", ID: t, Closest: closest}
	}
	type cand struct{ id, sig string }
	cands := make([]cand, 0, len(found))
	bases := map[string]int{}
	for _, c := range found {
		_, n, d := q.node(c)
		id := nodeID(d, n)
		cands = append(cands, cand{id, n.signature()})
		bases[overloadBase(id)]++
	}
	sort.Slice(cands, func(i, j int) bool { return cands[i].id < cands[j].id })
	e := &AmbiguousTargetError{Target: t}
	for _, c := range cands[:min(len(cands), 10)] {
		e.Candidates = append(e.Candidates, c.id)
		sig := ""
		if bases[overloadBase(c.id)] > 1 {
			// Overloads: their ids (add, add~2) do not tell them
			// apart; their signatures do.
			sig = clip(collapse(c.sig), 100)
		}
		e.Signatures = append(e.Signatures, sig)
	}
	e.More = len(cands) - len(e.Candidates)
	return nodeRef{}, e
}

// overloadBase is a node id without the ~N that tells overloads apart.
func overloadBase(id string) string {
	if i := strings.LastIndexByte(id, '~'); i > strings.LastIndexByte(id, '#') {
		return id[:i]
	}
	return id
}

// dropDeclarations keeps the definitions of a name declared and defined
// (a C prototype and its body): the one with a body is the target.
func dropDeclarations(q *refQuery, found []nodeRef) []nodeRef {
	var defs []nodeRef
	for _, c := range found {
		if _, n, _ := q.node(c); !n.decl {
			defs = append(defs, c)
		}
	}
	if len(defs) > 0 {
		return defs
	}
	return found
}

// preferSource keeps, of several definitions, those in source files
// when the others are in documents' code blocks: a design doc's sketch
// of ClientSession.CallTool is not the method the code calls, and naming
// it made every references and calls request by name ambiguous.
func preferSource(q *refQuery, found []nodeRef) []nodeRef {
	if len(found) < 2 {
		return found
	}
	var code []nodeRef
	for _, c := range found {
		if _, _, d := q.node(c); d.ContentType == treenav.ContentCode {
			code = append(code, c)
		}
	}
	if len(code) > 0 {
		return code
	}
	return found
}

// preferPublic keeps, of several definitions, the one that is not in a
// test or an internal path when it is the only one: "sync.Mutex.Lock" is
// sync/mutex.go's, not internal/sync/mutex.go's, as find_symbol lists
// it first. Several public ones stay, for the caller to choose.
func preferPublic(q *refQuery, found []nodeRef) []nodeRef {
	if len(found) < 2 {
		return found
	}
	var public []nodeRef
	for _, c := range found {
		s, n, d := q.node(c)
		if !d.test && !n.deprecated && s.hot[c.node].flags&hotInternal == 0 {
			public = append(public, c)
		}
	}
	if len(public) == 1 {
		return public
	}
	return found
}

// packageName is the name code refers to a document's package by.
func (q *refQuery) packageName(d *docMeta) string {
	if d.Module != "" {
		return d.Module
	}
	dir := docDir(d)
	return dir[strings.LastIndexByte(dir, '/')+1:]
}

// closestSymbols is the node ids find_symbol gives for a target that
// named no definition.
func (ix *Index) closestSymbols(t string) []string {
	resp, err := ix.Symbols(SymbolRequest{Query: t, Limit: 5})
	if err != nil {
		return nil
	}
	var ids []string
	for _, s := range resp.Symbols {
		ids = append(ids, s.NodeID)
	}
	return ids
}

func (q *refQuery) docByPath(p string) (int, *docMeta, bool) {
	p = strings.TrimPrefix(p, "./")
	for si, s := range q.v.segs {
		for di := range s.docs {
			if d := &s.docs[di]; (d.Path == p || d.DocID == p) && q.v.live(si, uint32(di)) {
				return si, d, true
			}
		}
	}
	return 0, nil, false
}

// topSymbols is the ids of the first nearLineShown named nodes at the top
// of document d (of segment si), in the file's order.
func (q *refQuery) topSymbols(si int, d *docMeta) []string {
	s := q.v.segs[si]
	var ids []string
	for n := d.nodeStart + 1; n < d.nodeEnd && len(ids) < nearLineShown; n = max(n+1, s.node(n).end) {
		if nm := s.node(n); nm.name() != "" {
			ids = append(ids, nodeID(d, nm))
		}
	}
	return ids
}

// nearLineShown bounds the definitions nearLine names.
const nearLineShown = 3

// nearLine says why line of document d (of segment si) holds no
// definition, and names the definitions nearest to it (node ids, nearest
// first; a tie to the one above).
func (q *refQuery) nearLine(si int, d *docMeta, line int) (string, []string) {
	s := q.v.segs[si]
	why := fmt.Sprintf("no definition starts at or holds line %d", line)
	if last := int(s.node(d.nodeStart).lineEnd); line > last {
		why = fmt.Sprintf("past the end of the file, which has %d lines", last)
	} else if line < 1 {
		why = "lines start at 1"
	}
	type near struct {
		n    uint32
		dist int
	}
	var ns []near
	for n := d.nodeStart + 1; n < d.nodeEnd; n++ {
		nm := s.node(n)
		if nm.name() == "" {
			continue
		}
		dist := 0
		if line < int(nm.lineStart) {
			dist = int(nm.lineStart) - line
		} else if line > int(nm.lineEnd) {
			dist = line - int(nm.lineEnd)
		}
		ns = append(ns, near{n, dist})
	}
	slices.SortStableFunc(ns, func(a, b near) int { return a.dist - b.dist })
	var ids []string
	for _, x := range ns[:min(len(ns), nearLineShown)] {
		ids = append(ids, nodeID(d, s.node(x.n)))
	}
	return why, ids
}

// atLine is the innermost symbol of the file at p whose definition
// starts at line (or, failing that, holds it).
func (q *refQuery) atLine(p string, line int) (nodeRef, bool) {
	si, d, ok := q.docByPath(p)
	if !ok {
		return nodeRef{}, false
	}
	s := q.v.segs[si]
	best, holds := -1, -1
	for n := d.nodeStart + 1; n < d.nodeEnd; n++ {
		nm := s.node(n)
		if nm.name() == "" {
			continue
		}
		if int(nm.lineStart) == line {
			best = int(n)
		}
		if int(nm.lineStart) <= line && line <= int(nm.lineEnd) {
			holds = int(n)
		}
	}
	if best < 0 {
		best = holds
	}
	if best < 0 {
		return nodeRef{}, false
	}
	return nodeRef{uint32(si), uint32(best)}, true
}
