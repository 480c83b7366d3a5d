package code

import (
	"context"
	"errors"
	"fmt"
	"math"
	"path"
	"sort"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/treenav/treenav"
)

// Result is what Extract finds in one file.
type Result struct {
	// Nodes is the document tree: Nodes[0] is the file root, the others are
	// symbols in document order (a preorder walk).
	Nodes []treenav.Node
	// SyntaxErrors is set when tree-sitter recovered from errors;
	// ErrorLines are then the lines (1-based, inclusive) of the first one:
	// the text tree-sitter could not fit into the grammar.
	SyntaxErrors bool
	ErrorLines   [2]int
	// Module is the name the file declares for its module or package
	// (a @module capture: Go's package clause), "" when it declares none.
	Module string
	// Refs and Imports are the file's references and imports, for a
	// language with a reference extractor (Language.Refs).
	Refs    []treenav.Reference
	Imports []treenav.Import
}

// Extract parses src and returns its symbol tree. Syntax errors never fail
// the extraction: tree-sitter recovers and whatever parsed is returned. A
// file over its budget (see Budget and MaxNesting) fails with an error
// that matches ErrTimeout or ErrTooDeep and says which limit it passed.
func (l *Language) Extract(src []byte) (*Result, error) {
	return l.ExtractFile("", src)
}

// ExtractFile is Extract for the file at rel (a path with forward
// slashes): a symbol that is named after its file (Symbol.FileNamed) takes
// the file's module name, the base name without extension, or the
// directory's name for an index file.
func (l *Language) ExtractFile(rel string, src []byte) (*Result, error) {
	var refs refResult
	var mdoc moduleDocResult
	syms, module, errLines, err := l.symbols(src, fileModuleName(rel), &refs, &mdoc)
	if err != nil {
		return nil, err
	}
	rootDoc := mdoc.span
	if l.ModuleDocAsCode {
		rootDoc = [2]uint32{}
	}
	nodes := buildNodes(syms, src, rootDoc)
	nodes[0].Doc = mdoc.doc
	if strings.HasSuffix(rel, ".pyi") {
		// A stub file declares what a module defines elsewhere (its
		// .py beside it, or C): a lookup ranks the definition first.
		for i := 1; i < len(nodes); i++ {
			nodes[i].Declaration = true
		}
	}
	l.constrain(rel, src, nodes)
	SetEnclosing(nodes, refs.refs)
	return &Result{Nodes: nodes, SyntaxErrors: errLines[0] > 0, ErrorLines: errLines, Module: module,
		Refs: refs.refs, Imports: refs.imports}, nil
}

// fileModuleName is the name a file goes by as a module: "lib/router.js"
// is router, "lib/router/index.js" is router; "" for no path.
func fileModuleName(rel string) string {
	if rel == "" {
		return ""
	}
	base := path.Base(rel)
	if i := strings.LastIndexByte(base, '.'); i > 0 {
		base = base[:i]
	}
	if base == "index" {
		if d := path.Base(path.Dir(rel)); d != "." && d != "/" {
			return d
		}
	}
	return base
}

// symbols runs the query over a fresh tree and returns the definitions,
// nested and qualified, and the module the file declares; mdoc (when not
// nil) receives the file's module doc (moduledoc.go). fileName names
// the symbols that are named after their file ("" keeps their own).
func (l *Language) symbols(src []byte, fileName string, refs *refResult, mdoc *moduleDocResult) ([]Symbol, string, [2]int, error) {
	if err := l.init(); err != nil {
		return nil, "", [2]int{}, err
	}
	p := l.getParser()
	defer l.putParser(p)
	b := newBudget()
	tree, err := l.parseWith(p, src, b)
	if err != nil {
		return nil, "", [2]int{}, err
	}
	defer tree.Close()
	root := tree.RootNode()

	var subtrees []*sitter.Tree
	defer func() {
		for _, t := range subtrees {
			t.Close()
		}
	}()
	var module string
	syms := l.treeSymbols(p, root, nil, src, 0, &subtrees, &module, b)
	if b.err != nil {
		return nil, "", [2]int{}, b.err
	}
	if l.Expand != nil {
		syms = append(syms, l.Expand(root, src, syms)...)
	}
	// Keep only named symbols; hooks run while nodes are still valid.
	out := syms[:0]
	clean := sigCleaner{src: src}
	for i, s := range syms {
		if i%64 == 0 && b.over() {
			return nil, "", [2]int{}, b.err
		}
		pre := s
		if l.Fixup != nil {
			l.Fixup(&s, src)
		}
		if s.Name != "" && l.mayHaveComment(s.Signature) {
			l.uncomment(&s, pre, &clean)
		}
		s.Node, s.NameNode, s.Host = nil, nil, nil
		if s.FileNamed && fileName != "" {
			s.Name = fileName
		}
		if s.Name != "" {
			out = append(out, s)
		}
	}
	syms = out
	if refs != nil {
		// After the hooks: a definition a Fixup dropped (a local the
		// query matched) names no symbol, its token may be a reference.
		refs.refs, refs.imports = l.extractRefs(root, src, syms)
	}
	sort.SliceStable(syms, func(i, j int) bool {
		a, b := &syms[i], &syms[j]
		if a.Start != b.Start {
			return a.Start < b.Start
		}
		if a.End != b.End {
			return a.End > b.End
		}
		return a.pattern < b.pattern
	})
	l.nest(syms)
	if mdoc != nil {
		mdoc.span, mdoc.doc = l.moduleDoc(root, src)
	}
	return syms, module, firstError(root), nil
}

// maxReparse bounds the nesting of @reparse nodes (a macro invocation in
// a macro body in a macro body).
const maxReparse = 3

// treeSymbols runs the query over one tree and completes its symbols, then
// parses the text inside each @reparse node again (a Rust macro body that
// holds items) and adds what it defines. Each body is the included range
// of its own parse: the file's byte offsets are kept, so nesting by
// containment works across trees, and no node can span two bodies (one
// parse over all bodies lets error recovery build items across them).
// Sub-trees are appended to subtrees and stay open until the hooks ran.
// The file's first @module capture is set in module. Past the budget b,
// it returns what it has and b.err says why.
func (l *Language) treeSymbols(p *sitter.Parser, root, host *sitter.Node, src []byte, depth int, subtrees *[]*sitter.Tree, module *string, b *budget) []Symbol {
	qc := sitter.NewQueryCursor()
	defer qc.Close()
	limitMatches(qc)
	roots := []*sitter.Node{root}
	if l.starts != nil && !startWalkOff {
		// The query runs at each node where a pattern may start, and
		// only there: it never walks the expressions in between.
		roots = l.startNodes(root)
		setMaxStartDepth(qc, 0)
	} else if l.MaxStartDepth > 0 {
		setMaxStartDepth(qc, l.MaxStartDepth)
	}
	syms, reparse := l.collect(qc, roots, src, module, b)
	if b.err != nil {
		return syms
	}
	// Completing a symbol walks the levels above it: check the nesting
	// before that cost, which grows with its square.
	if nestingDepth(syms, MaxNesting) > MaxNesting {
		b.err = errTooDeep(MaxNesting)
		return syms
	}
	nv := newNav(root)
	defer nv.close()
	var scratch []level
	for i := range syms {
		if i%256 == 0 && b.over() {
			return syms
		}
		syms[i].Host = host
		l.complete(&syms[i], src, nv, &scratch)
	}
	if depth >= maxReparse {
		return syms
	}
	done := map[uint32]bool{} // several patterns may capture one node
	for _, n := range reparse {
		if done[n.StartByte()] {
			continue
		}
		done[n.StartByte()] = true
		r, ok := innerRange(n)
		if !ok {
			continue
		}
		// Reading through a callback hands tree-sitter the body only;
		// ParseCtx would copy the whole file for every body.
		read := func(off uint32, _ sitter.Point) []byte {
			if off >= r.EndByte {
				return nil
			}
			return src[off:r.EndByte]
		}
		if b.over() {
			return syms
		}
		b.arm(p)
		p.SetIncludedRanges([]sitter.Range{r})
		sub, err := p.ParseInputCtx(context.Background(), nil, sitter.Input{Read: read, Encoding: sitter.InputEncodingUTF8})
		p.SetIncludedRanges([]sitter.Range{wholeFile})
		if err != nil {
			p.Reset() // over the time limit: keep what the file's tree gave
			continue
		}
		*subtrees = append(*subtrees, sub)
		syms = append(syms, l.treeSymbols(p, sub.RootNode(), n, src, depth+1, subtrees, module, b)...)
		if b.err != nil {
			return syms
		}
	}
	return syms
}

// wholeFile is tree-sitter's default included range.
var wholeFile = sitter.Range{
	EndByte:  math.MaxUint32,
	EndPoint: sitter.Point{Row: math.MaxUint32, Column: math.MaxUint32},
}

// innerRange is a node's range without its opening and closing
// punctuation (the braces of a macro body).
func innerRange(n *sitter.Node) (sitter.Range, bool) {
	r := sitter.Range{StartByte: n.StartByte(), EndByte: n.EndByte(), StartPoint: n.StartPoint(), EndPoint: n.EndPoint()}
	if k := int(n.ChildCount()); k >= 2 {
		if c := n.Child(0); !c.IsNamed() {
			r.StartByte, r.StartPoint = c.EndByte(), c.EndPoint()
		}
		if c := n.Child(k - 1); !c.IsNamed() {
			r.EndByte, r.EndPoint = c.StartByte(), c.StartPoint()
		}
	}
	return r, r.EndByte > r.StartByte
}

// Parse returns the syntax tree the extractor queries: the grammar's
// parse of src, mended by the language's Repair hook if it has one. The
// caller closes the tree.
func (l *Language) Parse(src []byte) (*sitter.Tree, error) {
	p := l.getParser()
	defer l.putParser(p)
	return l.parseWith(p, src, newBudget())
}

// parseWith is Parse with a parser the caller holds (the extractor keeps it
// for @reparse bodies), within the time of budget b.
func (l *Language) parseWith(p *sitter.Parser, src []byte, b *budget) (*sitter.Tree, error) {
	if l.Preprocess != nil {
		// The grammar reads the preprocessed copy (same length and lines);
		// every text is still read from src.
		if pp := l.Preprocess(src); len(pp) == len(src) {
			src = pp
		}
	}
	b.arm(p)
	tree, err := p.ParseCtx(context.Background(), nil, src)
	if err != nil {
		if errors.Is(err, sitter.ErrOperationLimit) {
			return nil, errTimeout("parse", b.total)
		}
		return nil, fmt.Errorf("parse: %w", err)
	}
	if l.Repair != nil && tree.RootNode().HasError() {
		tree = l.reparse(p, tree, src, b)
	}
	return tree, nil
}

// maxRepairs bounds the reparses of one file: each pass of a Repair hook
// mends what the previous tree shows, which can uncover the next error.
const maxRepairs = 3

// reparse gives the language's Repair hook a few chances to mend syntax
// the grammar does not know. The hook returns a copy of the source of the
// same length (so offsets and lines are unchanged) or nil; the tree of the
// mended copy is kept, while every text (names, signatures, docs) is still
// read from src.
func (l *Language) reparse(p *sitter.Parser, tree *sitter.Tree, src []byte, b *budget) *sitter.Tree {
	cur := src
	for range maxRepairs {
		fixed := l.Repair(cur, tree.RootNode())
		if fixed == nil || len(fixed) != len(src) || b.over() {
			break
		}
		b.arm(p)
		t, err := p.ParseCtx(context.Background(), nil, fixed)
		if err != nil {
			break
		}
		tree.Close()
		tree, cur = t, fixed
		if !t.RootNode().HasError() {
			break
		}
	}
	return tree
}

// collect turns query matches into symbols, one per distinct name: when
// several patterns capture the same name, the widest definition wins. It
// also returns the @reparse nodes, and sets module to the first @module
// capture's text if it is not set. Past the budget b (time, or matches
// dropped by the cursor's match limit) it stops, and b.err says why.
func (l *Language) collect(qc *sitter.QueryCursor, roots []*sitter.Node, src []byte, module *string, b *budget) ([]Symbol, []*sitter.Node) {
	cq := l.query
	var syms []Symbol
	var reparse []*sitter.Node
	seen := map[uint32]int{} // name (or definition) start byte -> index in syms
	var open openSpans       // to stop at the first definition nested too deep
	// The matches of the query run at each root in turn.
	ri, started, dropped := 0, false, false
	var mr matchReader
	defer mr.close()
	next := func() (*sitter.QueryMatch, bool) {
		for ri < len(roots) {
			if !started {
				qc.Exec(cq.q, roots[ri])
				mr.reset(qc, roots[ri])
				started = true
			}
			if matchesByAPI {
				if m, ok := qc.NextMatch(); ok {
					return m, true
				}
			} else if m, ok := mr.next(); ok {
				return m, true
			}
			// Exec clears the flag: read it for each root.
			dropped = dropped || exceededMatches(qc)
			ri, started = ri+1, false
		}
		return nil, false
	}
	for count := 0; ; count++ {
		if count%256 == 0 && b.over() {
			break
		}
		m, ok := next()
		if !ok {
			if dropped {
				b.err = errMatchLimit()
			}
			break
		}
		if !cq.accept(m, src) {
			continue
		}
		var s Symbol
		var def *sitter.Node
		for _, c := range m.Captures {
			info := cq.captures[c.Index]
			switch info.role {
			case roleDefinition:
				if def == nil {
					def = c.Node
					s.Kind, s.NativeKind = info.kind, info.native
				}
			case roleName:
				if s.NameNode == nil {
					s.NameNode = c.Node
				}
			case roleReceiver:
				if s.Receiver == "" {
					s.Receiver = receiverName(text(src, c.Node))
				}
			case roleBody:
				if s.bodyStart == 0 {
					s.bodyStart = c.Node.StartByte()
				}
			case roleDoc:
				if s.docInside[1] == 0 {
					s.docInside = [2]uint32{c.Node.StartByte(), c.Node.EndByte()}
					s.Doc = cleanDoc(text(src, c.Node))
				}
			case roleReparse:
				reparse = append(reparse, c.Node)
			case roleModule:
				if *module == "" {
					*module = text(src, c.Node)
				}
			case roleDeclaration:
				s.Declaration = true
			}
		}
		if def == nil {
			continue
		}
		s.Node = def
		s.pattern = m.PatternIndex
		s.Start, s.End = def.StartByte(), def.EndByte()
		if open.push(s.Start, s.End) > MaxNesting {
			b.err = errTooDeep(MaxNesting)
			break
		}
		key := s.Start
		if s.NameNode != nil {
			key = s.NameNode.StartByte()
			s.Name = text(src, s.NameNode)
			s.nameStart, s.nameEnd = key, s.NameNode.EndByte()
		}
		if i, dup := seen[key]; dup {
			old := &syms[i]
			ws, wo := s.End-s.Start, old.End-old.Start
			if ws < wo || ws == wo && s.pattern > old.pattern {
				mergeMissing(old, &s)
				continue
			}
			mergeMissing(&s, old)
			syms[i] = s
			continue
		}
		seen[key] = len(syms)
		syms = append(syms, s)
	}
	return syms, reparse
}

// mergeMissing copies into dst the optional captures that only src has, so
// a wide wrapper pattern still gets the body or docstring of a narrow one.
func mergeMissing(dst, src *Symbol) {
	if dst.bodyStart == 0 {
		dst.bodyStart = src.bodyStart
	}
	if dst.docInside[1] == 0 {
		dst.docInside, dst.Doc = src.docInside, src.Doc
	}
	if dst.Receiver == "" {
		dst.Receiver = src.Receiver
	}
}

// complete computes a symbol's extent (wrappers and leading attributes), its
// doc comment, signature and scoped name. nv answers its questions about
// the tree; for the rare node it cannot place (an empty one, the root, a
// parent with unusual children) tree-sitter's node API answers them
// (completeByAPI), with the same results.
func (l *Language) complete(s *Symbol, src []byte, nv *nav, scratch *[]level) {
	if len(l.wrapper) == 0 && len(l.leading) == 0 && len(l.comment) == 0 {
		// No parent or sibling lookups: the definition is the extent.
		def := s.Node
		start, end := def.StartByte(), def.EndByte()
		row := def.StartPoint().Row
		l.setExtent(s, src, extent{start, end, start, row, endRow(def), -1, 0})
		return
	}
	path, ok := nv.path(s.Node, (*scratch)[:0])
	*scratch = path
	if ok && !completeByAPIOnly {
		if e, ok := l.extentByNav(s, src, nv, path); ok {
			l.setExtent(s, src, e)
			return
		}
	}
	l.completeByAPI(s, src)
}

// completeByAPIOnly makes complete ask tree-sitter's node API every
// time: tests compare the two ways.
var completeByAPIOnly = false

// extent is what complete finds: the node n (the definition or the
// wrapper that took its place) and the first node of the extent (n or a
// leading sibling), and where the doc comment above starts (-1: none).
type extent struct {
	nStart, nEnd         uint32
	firstStart, firstRow uint32
	endRow               uint32
	doc                  int
	docRow               uint32
}

// setExtent sets what complete computes from an extent.
func (l *Language) setExtent(s *Symbol, src []byte, e extent) {
	s.Start, s.End = e.firstStart, e.nEnd
	s.StartRow, s.EndRow = e.firstRow, e.endRow
	s.DocStart, s.DocRow = s.Start, s.StartRow
	if e.doc >= 0 {
		s.DocStart, s.DocRow = uint32(e.doc), e.docRow
		s.Doc = cleanDoc(string(src[s.DocStart:s.Start]))
	}
	// The signature starts at the wrapper ("export", "template<...>",
	// "type") but not at leading attributes.
	s.sigStart, s.sigEnd = e.nStart, e.nEnd
	if s.bodyStart > e.nStart {
		s.sigEnd = s.bodyStart
	}
	s.Signature = signature(src[s.sigStart:s.sigEnd])
	if l.ScopeSeparator != "" {
		s.Scope, s.Name = splitScope(s.Name, l.ScopeSeparator)
	}
}

// extentByNav is completeByAPI's search through nav. It reports false
// when a lookup needs tree-sitter's own answer (a parent whose children
// nav does not list as the node API does).
func (l *Language) extentByNav(s *Symbol, src []byte, nv *nav, path []level) (extent, bool) {
	at := len(path) - 1 // the level of n
	n := nv.node(path, at)
	for len(l.wrapper) > 0 && at >= 0 {
		p := nv.node(path, at-1)
		if !l.syms.wrapper(uint16(p.symbol)) {
			break
		}
		if path[at].list.irregular {
			return extent{}, false
		}
		if !l.soleDefinitionKid(path[at].list.kids, n) {
			break
		}
		if l.WrapperOK != nil && !l.WrapperOK(nv.sitterNode(p), nv.sitterNode(n), src) {
			break
		}
		at--
		n = p
	}
	e := extent{
		nStart: uint32(n.start_byte), nEnd: uint32(n.end_byte),
		firstStart: uint32(n.start_byte), firstRow: uint32(n.start_row),
		endRow: kidEndRow(n), doc: -1,
	}
	if at < 0 {
		return e, true // the root has no siblings
	}
	if path[at].list.irregular {
		return extent{}, false
	}
	kids := path[at].list.kids
	fi := path[at].i
	for len(l.leading) > 0 {
		j := prevNamed(kids, fi)
		if j < 0 || !l.syms.leading(uint16(kids[j].symbol)) {
			break
		}
		fi = j
	}
	first := &kids[fi]
	e.firstStart, e.firstRow = uint32(first.start_byte), uint32(first.start_row)
	if s.docInside[1] == 0 && len(l.comment) > 0 {
		// The run of comments directly above first (docComments).
		row := e.firstRow
		for j := prevNamed(kids, fi); j >= 0 && l.syms.comment(uint16(kids[j].symbol)); j = prevNamed(kids, j) {
			c := &kids[j]
			if kidEndRow(c)+1 < row {
				break
			}
			// A comment that trails code on its line belongs to that code.
			if j > 0 && kidEndRow(&kids[j-1]) == uint32(c.start_row) {
				break
			}
			e.doc, e.docRow = int(c.start_byte), uint32(c.start_row)
			row = e.docRow
		}
	}
	return e, true
}

// soleDefinitionKid is soleDefinition over the children of the wrapper.
func (l *Language) soleDefinitionKid(kids []kid, n *kid) bool {
	var last *kid
	for i := range kids {
		c := &kids[i]
		if c.named == 0 {
			continue
		}
		if l.syms.comment(uint16(c.symbol)) {
			continue
		}
		if l.syms.name(uint16(c.symbol)) == l.syms.name(uint16(n.symbol)) && c.start_byte != n.start_byte {
			return false
		}
		last = c
	}
	return last != nil && last.start_byte == n.start_byte && last.end_byte == n.end_byte
}

// completeByAPI is complete through tree-sitter's node API.
func (l *Language) completeByAPI(s *Symbol, src []byte) {
	def := s.Node
	n := def
	// Parent and sibling lookups walk down from the root (quadratic on
	// deeply nested input): skip them when the language has no wrappers,
	// leading types or comment types.
	for len(l.wrapper) > 0 {
		p := n.Parent()
		if p == nil || !l.wrapper[p.Type()] || !l.soleDefinition(p, n) {
			break
		}
		if l.WrapperOK != nil && !l.WrapperOK(p, n, src) {
			break
		}
		n = p
	}
	first := n
	for prev := n; len(l.leading) > 0; {
		if prev = prev.PrevNamedSibling(); prev == nil || !l.leading[prev.Type()] {
			break
		}
		first = prev
	}
	e := extent{
		nStart: n.StartByte(), nEnd: n.EndByte(),
		firstStart: first.StartByte(), firstRow: first.StartPoint().Row,
		endRow: endRow(n), doc: -1,
	}
	if s.docInside[1] == 0 {
		if c := l.docComments(first); c != nil {
			e.doc, e.docRow = int(c.StartByte()), c.StartPoint().Row
		}
	}
	l.setExtent(s, src, e)
}

// soleDefinition reports whether n is the last named, non-comment child of
// wrapper p and the only child of its type there.
func (l *Language) soleDefinition(p, n *sitter.Node) bool {
	typ := n.Type()
	var last *sitter.Node
	count := int(p.NamedChildCount())
	for i := 0; i < count; i++ {
		c := p.NamedChild(i)
		ct := c.Type()
		if l.comment[ct] {
			continue
		}
		if ct == typ && c.StartByte() != n.StartByte() {
			return false
		}
		last = c
	}
	return last != nil && last.StartByte() == n.StartByte() && last.EndByte() == n.EndByte()
}

// docComments returns the first comment of the run of comments directly
// above n (no blank line between them and n), or nil.
func (l *Language) docComments(n *sitter.Node) *sitter.Node {
	if len(l.comment) == 0 {
		return nil
	}
	var first *sitter.Node
	row := n.StartPoint().Row
	for c := n.PrevNamedSibling(); c != nil && l.comment[c.Type()]; c = c.PrevNamedSibling() {
		if endRow(c)+1 < row {
			break
		}
		// A comment that trails code on its line belongs to that code.
		if prev := c.PrevSibling(); prev != nil && endRow(prev) == c.StartPoint().Row {
			break
		}
		first = c
		row = c.StartPoint().Row
	}
	return first
}

// endRow is the row of a node's last character; a node ending at column 0
// (a trailing newline) ends on the row before.
func endRow(n *sitter.Node) uint32 {
	p := n.EndPoint()
	if p.Column == 0 && p.Row > n.StartPoint().Row {
		return p.Row - 1
	}
	return p.Row
}

func text(src []byte, n *sitter.Node) string {
	return string(src[n.StartByte():n.EndByte()])
}
