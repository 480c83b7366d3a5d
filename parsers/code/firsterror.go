package code

/*
#include "tsapi.h"

// tn_first_error follows, from root, the first child whose subtree has a
// syntax error (or is a missing node) down to an ERROR or missing node,
// or to a node none of whose children holds the error, and returns that
// node. A tree cursor steps from one child to the next, where the node
// API's child(i) walks from the first child every time: a flat ERROR node
// of 40,000 children took seconds.
static TSNode tn_first_error(TSNode root) {
	TSTreeCursor c = ts_tree_cursor_new(root);
	TSNode n = root;
	while (ts_node_has_error(n)) {
		if (ts_node_symbol(n) == (uint16_t)-1 || ts_node_is_missing(n)) break;
		bool found = false;
		if (ts_tree_cursor_goto_first_child(&c)) {
			do {
				TSNode k = ts_tree_cursor_current_node(&c);
				if (ts_node_has_error(k) || ts_node_is_missing(k)) {
					n = k;
					found = true;
					break;
				}
			} while (ts_tree_cursor_goto_next_sibling(&c));
		}
		if (!found) break;
	}
	ts_tree_cursor_delete(&c);
	return n;
}
*/
import "C"

import (
	sitter "github.com/smacker/go-tree-sitter"
)

// firstError returns the lines (1-based) of the first syntax error under
// root, following the children whose subtrees have one; zeros when there
// is none.
func firstError(root *sitter.Node) [2]int {
	if root == nil || !root.HasError() {
		return [2]int{}
	}
	n := C.tn_first_error(cNode(root))
	s, e := C.ts_node_start_point(n), C.ts_node_end_point(n)
	return [2]int{int(s.row) + 1, int(e.row) + 1}
}
