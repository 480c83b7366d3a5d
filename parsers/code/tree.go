package code

import (
	"bytes"
	"cmp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/treenav/treenav"
)

// nest links symbols (sorted by start, widest first) into a tree by range
// containment, attaches methods to their receiver types and computes
// qualified names.
func (l *Language) nest(syms []Symbol) {
	var stack []int
	for i := range syms {
		s := &syms[i]
		for len(stack) > 0 && !syms[stack[len(stack)-1]].contains(s) {
			stack = stack[:len(stack)-1]
		}
		s.parent = -1
		if len(stack) > 0 {
			s.parent = stack[len(stack)-1]
		}
		stack = append(stack, i)
	}

	if l.AttachReceivers {
		for i := range syms {
			if syms[i].Receiver == "" {
				continue
			}
			if t := l.findReceiver(syms, syms[i].parent, syms[i].Receiver); t >= 0 && t != i {
				syms[i].parent = t
			}
		}
	}
	if l.Adopt != nil {
		l.Adopt(syms)
	}
	for i := range syms {
		if p := syms[i].parent; p >= 0 && syms[i].Name != "" {
			syms[p].children = append(syms[p].children, i)
		}
	}
	for i := range syms {
		s := &syms[i]
		// A function directly inside a type is a method.
		if s.Kind == treenav.KindFunction && s.parent >= 0 && syms[s.parent].Kind.IsTypeLike() {
			s.Kind = treenav.KindMethod
		}
	}
	// Parents precede children in start order, except receivers attached
	// to a type defined later in the file; qualify in tree order.
	var qualify func(i int, prefix string)
	qualify = func(i int, prefix string) {
		s := &syms[i]
		parts := make([]string, 0, 4)
		if prefix != "" {
			parts = append(parts, prefix)
		}
		parts = append(parts, s.Scope...)
		if s.Receiver != "" && (s.parent < 0 || syms[s.parent].Name != s.Receiver) {
			parts = append(parts, s.Receiver)
		}
		parts = append(parts, s.Name)
		s.qualified = strings.Join(parts, ".")
		for _, c := range s.children {
			qualify(c, s.qualified)
		}
	}
	for i := range syms {
		if syms[i].parent < 0 && syms[i].Name != "" {
			qualify(i, "")
		}
	}
}

// findReceiver finds the type-like symbol named name (or one of the
// language's ReceiverKinds), preferring the siblings under parent, then any
// in the file.
func (l *Language) findReceiver(syms []Symbol, parent int, name string) int {
	best := -1
	for i := range syms {
		s := &syms[i]
		if s.Name != name || !s.Kind.IsTypeLike() && !slices.Contains(l.ReceiverKinds, s.Kind) {
			continue
		}
		if s.parent == parent {
			return i
		}
		if best < 0 {
			best = i
		}
	}
	return best
}

// buildNodes lays the symbols out as document nodes: the root first, then a
// preorder walk with children in source order. rootDoc is the span of the
// file's module doc, its root's description (empty for none).
func buildNodes(syms []Symbol, src []byte, rootDoc [2]uint32) []treenav.Node {
	nodes := make([]treenav.Node, 0, len(syms)+1)
	lines := bytes.Count(src, []byte{'\n'})
	if len(src) > 0 && src[len(src)-1] != '\n' {
		lines++
	}
	nodes = append(nodes, treenav.Node{
		Parent:    -1,
		Kind:      treenav.KindFile,
		LineStart: 1, LineEnd: max(lines, 1),
		ByteStart: 0, ByteEnd: uint32(len(src)),
		DocLineStart: 1,
	})
	var top []int
	for i := range syms {
		if syms[i].parent < 0 && syms[i].Name != "" { // Adopt drops by clearing the name
			top = append(top, i)
		}
		sortByStart(syms, syms[i].children)
	}
	// A name's bare anchor goes to its first definition; "~2", "~3", ...
	// number the others in document order. Declarations (overloads,
	// prototypes) give the bare anchor up when the name has a definition
	// in the file, so that the id an agent writes from a name is the
	// implementation's.
	anchors := map[string]int{} // the last "~N" given
	bare := map[string]bool{}   // the bare anchor is given
	var defined map[string]bool
	for i := range syms {
		if syms[i].Declaration {
			defined = map[string]bool{}
			for j := range syms {
				if !syms[j].Declaration {
					defined[syms[j].qualified] = true
				}
			}
			break
		}
	}
	docInside := make([][2]uint32, 1, len(syms)+1)
	docInside[0] = rootDoc
	var emit func(i, parent, level int)
	emit = func(i, parent, level int) {
		s := &syms[i]
		anchor := s.qualified
		if bare[anchor] || s.Declaration && defined[anchor] {
			// A name that is taken is made unique by what the symbol is
			// (a property's setter: "A.x.setter") before its position
			// ("A.x~2"), so that ids survive an insertion above them.
			if acc := accessorWord(s.NativeKind); acc != "" && !bare[anchor+"."+acc] {
				anchor += "." + acc
			} else {
				n := max(anchors[anchor], 1) + 1
				anchors[anchor] = n
				anchor += "~" + strconv.Itoa(n)
			}
		}
		bare[anchor] = true
		idx := len(nodes)
		nodes = append(nodes, treenav.Node{
			Anchor:        anchor,
			Parent:        parent,
			Kind:          s.Kind,
			NativeKind:    s.NativeKind,
			Title:         s.Name,
			Level:         level,
			LineStart:     int(s.StartRow) + 1,
			LineEnd:       int(s.EndRow) + 1,
			ByteStart:     s.Start,
			ByteEnd:       s.End,
			DocStart:      s.DocStart,
			DocLineStart:  int(s.DocRow) + 1,
			Name:          s.Name,
			QualifiedName: s.qualified,
			Signature:     s.Signature,
			Doc:           s.Doc,
			Declaration:   s.Declaration,
		})
		docInside = append(docInside, s.docInside)
		nodes[parent].Children = append(nodes[parent].Children, idx)
		for _, c := range s.children {
			emit(c, idx, level+1)
		}
	}
	for _, i := range top {
		emit(i, 0, 1)
	}
	for i := range nodes {
		n := &nodes[i]
		n.Spans = ownSpans(nodes, i, docInside[i])
		n.WordCount = countWords(src, n.Spans)
	}
	return nodes
}

// accessorWord is the word that tells a property's accessors apart in
// their ids when they share a name: getter, setter or deleter, from the
// symbol's native kind ("getter", "method.setter"); "" for anything else.
func accessorWord(native string) string {
	if i := strings.LastIndexByte(native, '.'); i >= 0 {
		native = native[i+1:]
	}
	switch native {
	case "getter", "setter", "deleter":
		return native
	}
	return ""
}

func sortByStart(syms []Symbol, idx []int) {
	sort.SliceStable(idx, func(a, b int) bool { return syms[idx[a]].Start < syms[idx[b]].Start })
}

// ownSpans is node i's content minus its descendants', split into the doc
// (description) and the code around it. Descendants, not only children:
// a Go method attached to its receiver type is the type's child but lies
// in the file's text outside the type, and the file must not index it a
// second time.
func ownSpans(nodes []treenav.Node, i int, docInside [2]uint32) []treenav.Span {
	n := &nodes[i]
	start, end := n.ContentStart(), n.ByteEnd
	var holes [][2]uint32
	sorted := true
	var walk func(children []int)
	walk = func(children []int) {
		for _, c := range children {
			cs, ce := nodes[c].ContentStart(), nodes[c].ByteEnd
			if cs >= start && ce <= end {
				if len(holes) > 0 && cs < holes[len(holes)-1][0] {
					sorted = false
				}
				holes = append(holes, [2]uint32{cs, ce})
			}
			walk(nodes[c].Children)
		}
	}
	walk(n.Children)
	if !sorted {
		slices.SortFunc(holes, func(a, b [2]uint32) int { return cmp.Compare(a[0], b[0]) })
	}
	var spans []treenav.Span
	add := func(a, b uint32, f treenav.Field) {
		if b > a {
			spans = append(spans, treenav.Span{Start: a, End: b, Field: f})
		}
	}
	// Doc ranges (the comment above, the docstring inside) are prose; the
	// rest is code.
	var docs [][2]uint32
	if n.DocStart < n.ByteStart {
		docs = append(docs, [2]uint32{n.DocStart, n.ByteStart})
	}
	if docInside[1] > docInside[0] {
		docs = append(docs, docInside)
	}
	pos := start
	emitRange := func(a, b uint32) { // a..b is free of holes; split by docs
		for _, d := range docs {
			if d[1] <= a || d[0] >= b {
				continue
			}
			da, db := max(d[0], a), min(d[1], b)
			add(a, da, treenav.FieldCode)
			add(da, db, treenav.FieldDescription)
			a = db
		}
		add(a, b, treenav.FieldCode)
	}
	for _, h := range holes {
		if h[0] > pos {
			emitRange(pos, h[0])
		}
		pos = max(pos, h[1])
	}
	if end > pos {
		emitRange(pos, end)
	}
	return spans
}
