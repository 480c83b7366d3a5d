package code

import sitter "github.com/smacker/go-tree-sitter"

// gnode is a node of a flatTree with the few methods of *sitter.Node a
// reference walker written against the node API uses (the Go walker):
// each of those is a C call through go-tree-sitter, and NamedChild(i) in
// C walks the siblings before i, so a walk over a file's every node cost
// more than its parse. Here the tree is copied out in one C call
// (flatten) and every method is a lookup.
type gnode struct {
	t *flatTree
	i int32
}

// gtree is a flatTree with its nodes as gnodes and each node's named
// children listed once.
type gtree struct {
	*flatTree
	refs       []gnode
	namedStart []int32 // node i's named children: named[namedStart[i]:namedStart[i+1]]
	named      []int32
}

// newGTree indexes t's named children.
func newGTree(t *flatTree) *gtree {
	b := t.bufs
	if b == nil {
		b = new(flatBufs)
	}
	n := len(t.nodes)
	if cap(b.refs) < n {
		b.refs = make([]gnode, n)
	}
	if cap(b.namedStart) < n+1 {
		b.namedStart = make([]int32, n+1)
	}
	if cap(b.fill) < n {
		b.fill = make([]int32, n)
	}
	g := &gtree{flatTree: t, refs: b.refs[:n], namedStart: b.namedStart[:n+1]}
	clear(g.namedStart)
	for i := range t.nodes {
		g.refs[i] = gnode{t: t, i: int32(i)}
		if p := t.nodes[i].parent; p >= 0 && t.nodes[i].named {
			g.namedStart[p+1]++
		}
	}
	for i := 1; i < len(g.namedStart); i++ {
		g.namedStart[i] += g.namedStart[i-1]
	}
	if total := int(g.namedStart[n]); cap(b.named) < total {
		b.named = make([]int32, total)
	}
	g.named = b.named[:g.namedStart[n]]
	fill := b.fill[:n]
	clear(fill)
	for i := range t.nodes { // preorder: each parent's children in order
		if p := t.nodes[i].parent; p >= 0 && t.nodes[i].named {
			g.named[g.namedStart[p]+fill[p]] = int32(i)
			fill[p]++
		}
	}
	t.g = g
	return g
}

// node is node i, nil for -1.
func (t *flatTree) gnodeAt(i int) *gnode {
	if i < 0 || i >= len(t.nodes) {
		return nil
	}
	return &t.g.refs[i]
}

func (n *gnode) meta() *flatNode { return &n.t.nodes[n.i] }

// StartByte is the node's first byte.
func (n *gnode) StartByte() uint32 { return n.meta().start }

// EndByte is the byte just past the node.
func (n *gnode) EndByte() uint32 { return n.meta().end }

// StartPoint is the node's 0-based start row and byte column.
func (n *gnode) StartPoint() sitter.Point {
	m := n.meta()
	return sitter.Point{Row: m.row, Column: m.col}
}

// Type is the node's type.
func (n *gnode) Type() string { return n.meta().typ() }

// IsNamed reports whether the node is named (not punctuation).
func (n *gnode) IsNamed() bool { return n.meta().named }

// Parent is the node's parent, nil for the root.
func (n *gnode) Parent() *gnode { return n.t.gnodeAt(int(n.meta().parent)) }

// Equal reports whether n and m are the same node.
func (n *gnode) Equal(m *gnode) bool { return m != nil && n.t == m.t && n.i == m.i }

// NamedChildCount is the number of named children.
func (n *gnode) NamedChildCount() uint32 {
	g := n.t.g
	return uint32(g.namedStart[n.i+1] - g.namedStart[n.i])
}

// NamedChild is the k-th named child, nil past the last.
func (n *gnode) NamedChild(k int) *gnode {
	g := n.t.g
	a, b := g.namedStart[n.i], g.namedStart[n.i+1]
	if k < 0 || int32(k) >= b-a {
		return nil
	}
	return &g.refs[g.named[a+int32(k)]]
}

// ChildCount is the number of children, named or not.
func (n *gnode) ChildCount() uint32 {
	c := uint32(0)
	for j := n.i + 1; j < n.t.next[n.i]; j = n.t.next[j] {
		c++
	}
	return c
}

// Child is the k-th child, named or not; nil past the last.
func (n *gnode) Child(k int) *gnode {
	for j := n.i + 1; j < n.t.next[n.i]; j = n.t.next[j] {
		if k == 0 {
			return n.t.gnodeAt(int(j))
		}
		k--
	}
	return nil
}

// ChildByFieldName is the first child in field name, nil for none.
func (n *gnode) ChildByFieldName(name string) *gnode {
	return n.t.gnodeAt(n.t.child(int(n.i), name))
}

// fieldKids are n's children in field name (FieldChildren on a gnode).
func fieldKids(n *gnode, name string) []*gnode {
	var out []*gnode
	for j := n.i + 1; j < n.t.next[n.i]; j = n.t.next[j] {
		if n.t.nodes[j].field() == name {
			out = append(out, n.t.gnodeAt(int(j)))
		}
	}
	return out
}
