package code

import (
	sitter "github.com/smacker/go-tree-sitter"

	"github.com/treenav/treenav"
)

// pythonExpand finds by walking the tree what python.scm would find only
// at a high cost, the query being unable to skip what it cannot match
// before a predicate rejects it:
//   - assignments in module-level if/elif/else, try/except/else/finally
//     and with blocks, at any depth of them ("if TYPE_CHECKING:",
//     "except ImportError:"), as variables (pythonFixup gives them the
//     module-level kinds), not under 'if __name__ == "__main__":', which
//     holds a script's locals;
//   - attributes assigned on self (__init__'s first parameter) in a
//     method __init__, at any depth of its statements but not in nested
//     functions, classes or lambdas, as fields: the first assignment of
//     each name (pythonAdopt moves them to the class).
//
// Targets are names (attributes of self), flat tuples and lists of them,
// and chains (a = b = ...).
func pythonExpand(root *sitter.Node, src []byte, syms []Symbol) []Symbol {
	var out []Symbol
	pyModuleBlocks(root, src, false, &out)
	for i := range syms {
		s := &syms[i]
		if s.Name != "__init__" || s.Node == nil || s.Node.Type() != "function_definition" {
			continue
		}
		params := s.Node.ChildByFieldName("parameters")
		body := s.Node.ChildByFieldName("body")
		if params == nil || body == nil {
			continue
		}
		var first *sitter.Node // the first parameter; comments may come before it
		for j := 0; j < int(params.NamedChildCount()) && first == nil; j++ {
			if c := params.NamedChild(j); c.Type() != "comment" {
				first = c
			}
		}
		if first != nil && first.Type() == "typed_parameter" && first.NamedChildCount() > 0 {
			first = first.NamedChild(0)
		}
		if first == nil || first.Type() != "identifier" {
			continue
		}
		w := selfWalk{src: src, self: text(src, first), seen: map[string]bool{}}
		w.block(body, &out)
	}
	return out
}

// pyModuleBlocks adds the assignments of the blocks of the conditional
// statements among n's children (n a module or a block); in a block
// (cond), the assignments themselves too.
func pyModuleBlocks(n *sitter.Node, src []byte, cond bool, out *[]Symbol) {
	each(n, func(c, next *sitter.Node, comments [2]int) {
		switch c.Type() {
		case "expression_statement":
			if cond {
				pyAssignment(c, src, comments, next, func(t, _ *sitter.Node) bool {
					return t.Type() == "identifier" // not Constant.n = ...
				}, treenav.KindVariable, out)
			}
		case "if_statement":
			if cnd := c.ChildByFieldName("condition"); cnd != nil && pyMainGuard(text(src, cnd)) {
				return
			}
			for _, b := range pyBlocks(c) {
				pyModuleBlocks(b, src, true, out)
			}
		case "try_statement", "with_statement":
			for _, b := range pyBlocks(c) {
				pyModuleBlocks(b, src, true, out)
			}
		}
	})
}

// pyMainGuard reports whether a condition is "__name__ == ...".
func pyMainGuard(cond string) bool {
	const k = "__name__"
	if len(cond) < len(k) || cond[:len(k)] != k {
		return false
	}
	for i := len(k); i < len(cond); i++ {
		switch cond[i] {
		case ' ', '\t':
			continue
		case '=':
			return i+1 < len(cond) && cond[i+1] == '='
		}
		return false
	}
	return false
}

// pyBlocks returns the blocks of a compound statement: an if's
// consequence and its elif and else clauses', a try's body and its
// except, else and finally clauses', a with's, for's or while's body (and
// else).
func pyBlocks(n *sitter.Node) []*sitter.Node {
	var bs []*sitter.Node
	for i := 0; i < int(n.NamedChildCount()); i++ {
		c := n.NamedChild(i)
		switch c.Type() {
		case "block":
			bs = append(bs, c)
		case "elif_clause", "else_clause", "except_clause", "except_group_clause", "finally_clause":
			for j := 0; j < int(c.NamedChildCount()); j++ {
				if b := c.NamedChild(j); b.Type() == "block" {
					bs = append(bs, b)
				}
			}
		}
	}
	return bs
}

// each calls f for every named child of n that is no comment, with the
// statement after it (nil at the end or past a comment line) and the byte range of the run
// of comments directly above it ({-1, 0}: none): no blank line between
// them and it, and the first not trailing code on its line.
func each(n *sitter.Node, f func(c, next *sitter.Node, comments [2]int)) {
	var prev *sitter.Node
	run := [2]int{-1, 0}
	var runRow uint32
	// A cursor, not NamedChild(i), which counts from the first child:
	// a module can have thousands of statements.
	var kids []*sitter.Node
	c := sitter.NewTreeCursor(n)
	for ok := c.GoToFirstChild(); ok; ok = c.GoToNextSibling() {
		if k := c.CurrentNode(); k.IsNamed() {
			kids = append(kids, k)
		}
	}
	c.Close()
	for i, c := range kids {
		if c.Type() == "comment" {
			trailing := prev != nil && endRow(prev) == c.StartPoint().Row
			switch {
			case trailing:
				run = [2]int{-1, 0}
			case run[0] >= 0 && runRow+1 == c.StartPoint().Row:
				run[1], runRow = int(c.EndByte()), endRow(c)
			default:
				run, runRow = [2]int{int(c.StartByte()), int(c.EndByte())}, endRow(c)
			}
			continue
		}
		comments := [2]int{-1, 0}
		if run[0] >= 0 && runRow+1 >= c.StartPoint().Row {
			comments = run
		}
		var next *sitter.Node
		for j := i + 1; j < len(kids); j++ {
			if kids[j].Type() != "comment" {
				next = kids[j]
				break
			}
			if kids[j].StartPoint().Row != endRow(c) {
				break // a comment line between: next is not right after
			}
		}
		f(c, next, comments)
		prev, run = c, [2]int{-1, 0}
	}
}

// pyAssignment adds a symbol for each target of the assignment that stmt
// (an expression_statement) holds that ok accepts: the target's name node
// is the identifier (or the attribute's name).
func pyAssignment(stmt *sitter.Node, src []byte, comments [2]int, next *sitter.Node, ok func(a, name *sitter.Node) bool, kind treenav.Kind, out *[]Symbol) {
	if stmt.NamedChildCount() != 1 {
		return
	}
	a := stmt.NamedChild(0)
	if a.Type() != "assignment" {
		return
	}
	for as := a; as != nil && as.Type() == "assignment"; as = as.ChildByFieldName("right") {
		left := as.ChildByFieldName("left")
		if left == nil {
			break
		}
		targets := []*sitter.Node{left}
		if t := left.Type(); t == "pattern_list" || t == "tuple_pattern" || t == "list_pattern" {
			targets = targets[:0]
			for i := 0; i < int(left.NamedChildCount()); i++ {
				targets = append(targets, left.NamedChild(i))
			}
		}
		for _, t := range targets {
			name := t
			if t.Type() == "attribute" {
				name = t.ChildByFieldName("attribute")
			}
			if name == nil || !ok(t, name) {
				continue
			}
			*out = append(*out, pyDataSymbol(stmt, a, name, src, comments, next, kind))
		}
	}
}

// pyDataSymbol is the symbol of one target of an assignment statement.
func pyDataSymbol(stmt, a, name *sitter.Node, src []byte, comments [2]int, next *sitter.Node, kind treenav.Kind) Symbol {
	s := Symbol{Kind: kind, Name: text(src, name), Node: a, NameNode: name}
	s.Start, s.End = stmt.StartByte(), stmt.EndByte()
	s.StartRow, s.EndRow = stmt.StartPoint().Row, endRow(stmt)
	s.DocStart, s.DocRow = s.Start, s.StartRow
	s.sigStart, s.sigEnd = s.Start, s.End
	if next != nil && next.Type() == "expression_statement" && next.NamedChildCount() == 1 && next.NamedChild(0).Type() == "string" {
		str := next.NamedChild(0)
		s.docInside = [2]uint32{str.StartByte(), str.EndByte()}
		s.Doc = cleanDoc(text(src, str))
	} else if comments[0] >= 0 {
		s.DocStart = uint32(comments[0])
		s.DocRow = s.StartRow - uint32(countLines(src[comments[0]:s.Start]))
		s.Doc = cleanDoc(string(src[s.DocStart:s.Start]))
	}
	return s
}

// countLines counts the line breaks in b.
func countLines(b []byte) int {
	n := 0
	for _, c := range b {
		if c == '\n' {
			n++
		}
	}
	return n
}

// selfWalk collects the attributes __init__ assigns on self.
type selfWalk struct {
	src  []byte
	self string
	seen map[string]bool
}

func (w *selfWalk) block(b *sitter.Node, out *[]Symbol) {
	each(b, func(c, next *sitter.Node, comments [2]int) {
		switch c.Type() {
		case "expression_statement":
			pyAssignment(c, w.src, comments, next, func(t, name *sitter.Node) bool {
				if t.Type() != "attribute" {
					return false
				}
				obj := t.ChildByFieldName("object")
				if obj == nil || obj.Type() != "identifier" || text(w.src, obj) != w.self {
					return false
				}
				n := text(w.src, name)
				if w.seen[n] {
					return false
				}
				w.seen[n] = true
				return true
			}, treenav.KindField, out)
		case "if_statement", "try_statement", "with_statement", "for_statement", "while_statement":
			for _, blk := range pyBlocks(c) {
				w.block(blk, out)
			}
		}
	})
}
