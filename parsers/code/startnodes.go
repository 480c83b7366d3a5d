package code

/*
#include "tsapi.h"

// tn_start_nodes walks the tree under root in preorder and writes to out
// (at most cap of them) the nodes whose symbol is flagged 1 (a query
// pattern may start there). It descends only into nodes flagged 2 (they
// may hold such nodes), ERROR nodes and nodes with an error inside, and
// returns how many start nodes there are.
static uint32_t tn_start_nodes(TSNode root, const uint8_t *flags, uint32_t nflags, TSNode *out, uint32_t cap) {
	TSTreeCursor c = ts_tree_cursor_new(root);
	uint32_t n = 0;
	for (;;) {
		TSNode node = ts_tree_cursor_current_node(&c);
		uint16_t s = ts_node_symbol(node);
		uint8_t f = s < nflags ? flags[s] : 0;
		if (f & 1) {
			if (n < cap) out[n] = node;
			n++;
		}
		bool down = (f & 2) || s == (uint16_t)-1 || ts_node_has_error(node);
		if (down && ts_tree_cursor_goto_first_child(&c)) continue;
		while (!ts_tree_cursor_goto_next_sibling(&c)) {
			if (!ts_tree_cursor_goto_parent(&c)) {
				ts_tree_cursor_delete(&c);
				return n;
			}
		}
	}
}
*/
import "C"

import (
	"unsafe"

	sitter "github.com/smacker/go-tree-sitter"
)

// startWalkOff makes extraction run the query over the whole tree even
// for a language with StartTypes: tests compare the two ways.
var startWalkOff = false

// Flags of startTable.
const (
	startHere   = 1 // a pattern of the query may start at this node type
	startInside = 2 // nodes of this type may hold start nodes
)

// newStartTable maps each of a grammar's symbols to its flags, by name.
func newStartTable(g *sitter.Language, start, inside []string) []uint8 {
	if len(start) == 0 {
		return nil
	}
	s, in := set(start), set(inside)
	t := make([]uint8, int(g.SymbolCount()))
	for i := range t {
		name := g.SymbolName(sitter.Symbol(i))
		if s[name] {
			t[i] |= startHere
		}
		if in[name] {
			t[i] |= startInside
		}
	}
	return t
}

// startNodes returns the nodes under root (root included) where a query
// pattern may start, in preorder, reached through the node types the
// language says may hold them.
func (l *Language) startNodes(root *sitter.Node) []*sitter.Node {
	var buf [256]C.TSNode
	out := buf[:]
	flags := (*C.uint8_t)(unsafe.Pointer(&l.starts[0]))
	n := int(C.tn_start_nodes(cNode(root), flags, C.uint32_t(len(l.starts)), &out[0], C.uint32_t(len(out))))
	if n > len(out) {
		out = make([]C.TSNode, n)
		C.tn_start_nodes(cNode(root), flags, C.uint32_t(len(l.starts)), &out[0], C.uint32_t(len(out)))
	}
	nodes := make([]*sitter.Node, n)
	for i := range n {
		nodes[i] = mirrorNode(root, out[i])
	}
	return nodes
}
