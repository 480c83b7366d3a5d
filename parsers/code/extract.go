package code

import (
	"context"
	"errors"
	"fmt"
	"sort"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/treenav/treenav"
)

// ErrTimeout is returned when a file takes longer than the parse limit.
var ErrTimeout = errors.New("parse time limit exceeded")

// Result is what Extract finds in one file.
type Result struct {
	// Nodes is the document tree: Nodes[0] is the file root, the others are
	// symbols in document order (a preorder walk).
	Nodes []treenav.Node
	// SyntaxErrors is set when tree-sitter recovered from errors.
	SyntaxErrors bool
}

// Extract parses src and returns its symbol tree. Syntax errors never fail
// the extraction: tree-sitter recovers and whatever parsed is returned.
func (l *Language) Extract(src []byte) (*Result, error) {
	syms, hasErr, err := l.symbols(src)
	if err != nil {
		return nil, err
	}
	return &Result{Nodes: buildNodes(syms, src), SyntaxErrors: hasErr}, nil
}

// symbols runs the query over a fresh tree and returns the definitions,
// nested and qualified.
func (l *Language) symbols(src []byte) ([]Symbol, bool, error) {
	if err := l.init(); err != nil {
		return nil, false, err
	}
	p := l.getParser()
	defer l.putParser(p)
	parsed := src
	if l.Preprocess != nil {
		if pp := l.Preprocess(src); len(pp) == len(src) {
			parsed = pp
		}
	}
	tree, err := p.ParseCtx(context.Background(), nil, parsed)
	if err != nil {
		if errors.Is(err, sitter.ErrOperationLimit) {
			return nil, false, ErrTimeout
		}
		return nil, false, fmt.Errorf("parse: %w", err)
	}
	defer tree.Close()
	root := tree.RootNode()

	qc := sitter.NewQueryCursor()
	defer qc.Close()
	qc.Exec(l.query.q, root)

	syms := l.collect(qc, src)
	for i := range syms {
		l.complete(&syms[i], src)
	}
	// Keep only named symbols; hooks run while nodes are still valid.
	out := syms[:0]
	for _, s := range syms {
		if l.Fixup != nil {
			l.Fixup(&s, src)
		}
		s.Node, s.NameNode = nil, nil
		if s.Name != "" {
			out = append(out, s)
		}
	}
	syms = out
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
	return syms, root.HasError(), nil
}

// collect turns query matches into symbols, one per distinct name: when
// several patterns capture the same name, the widest definition wins.
func (l *Language) collect(qc *sitter.QueryCursor, src []byte) []Symbol {
	cq := l.query
	var syms []Symbol
	seen := map[uint32]int{} // name (or definition) start byte -> index in syms
	for {
		m, ok := qc.NextMatch()
		if !ok {
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
			}
		}
		if def == nil {
			continue
		}
		s.Node = def
		s.pattern = m.PatternIndex
		s.Start, s.End = def.StartByte(), def.EndByte()
		key := s.Start
		if s.NameNode != nil {
			key = s.NameNode.StartByte()
			s.Name = text(src, s.NameNode)
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
	return syms
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
// doc comment, signature and scoped name.
func (l *Language) complete(s *Symbol, src []byte) {
	def := s.Node
	n := def
	for {
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
	for prev := n.PrevNamedSibling(); prev != nil && l.leading[prev.Type()]; prev = prev.PrevNamedSibling() {
		first = prev
	}
	s.Start, s.End = first.StartByte(), n.EndByte()
	s.StartRow, s.EndRow = first.StartPoint().Row, endRow(n)
	s.DocStart, s.DocRow = s.Start, s.StartRow

	if s.docInside[1] == 0 {
		if c := l.docComments(first); c != nil {
			s.DocStart, s.DocRow = c.StartByte(), c.StartPoint().Row
			s.Doc = cleanDoc(string(src[s.DocStart:s.Start]))
		}
	}

	// The signature starts at the wrapper ("export", "template<...>",
	// "type") but not at leading attributes.
	if s.bodyStart > n.StartByte() {
		s.Signature = signature(src[n.StartByte():s.bodyStart])
	} else {
		s.Signature = signature(src[n.StartByte():n.EndByte()])
	}

	if l.ScopeSeparator != "" {
		s.Scope, s.Name = splitScope(s.Name, l.ScopeSeparator)
	}
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
