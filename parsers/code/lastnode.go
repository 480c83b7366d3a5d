package code

/*
#include <stdlib.h>
#include <string.h>
#include "tsapi.h"

// tn_last_child writes to *out the last visible child of n whose type is
// typ when skip is 0, or, when skip is 1, the last that is not of type typ
// and not empty; it returns 0 when there is none. One pass of a cursor:
// tree-sitter's ts_node_child(i) walks the earlier children every call.
static int tn_last_child(TSNode n, const char *typ, int skip, TSNode *out) {
	TSTreeCursor c = ts_tree_cursor_new(n);
	int found = 0;
	if (ts_tree_cursor_goto_first_child(&c)) {
		do {
			TSNode k = ts_tree_cursor_current_node(&c);
			// The cursor gives an extra (a comment) the alias of the node
			// it started at; extras have none (as in nav.go).
			if (ts_node_is_extra(k)) k.context[3] = 0;
			int is = strcmp(ts_node_type(k), typ) == 0;
			if (skip ? !is && ts_node_end_byte(k) > ts_node_start_byte(k) : is) {
				*out = k;
				found = 1;
			}
		} while (ts_tree_cursor_goto_next_sibling(&c));
	}
	ts_tree_cursor_delete(&c);
	return found;
}

// tn_last_code follows tn_last_child(skip) down from n while there is one.
static TSNode tn_last_code(TSNode n, const char *comment) {
	TSNode k;
	while (tn_last_child(n, comment, 1, &k)) n = k;
	return n;
}
*/
import "C"

import (
	"sync"
	"unsafe"

	sitter "github.com/smacker/go-tree-sitter"
)

// lastChildOfType returns n's last direct child of type typ (named or
// not), or nil.
func lastChildOfType(n *sitter.Node, typ string) *sitter.Node {
	var k C.TSNode
	if C.tn_last_child(cNode(n), cName(typ), 0, &k) == 0 {
		return nil
	}
	return mirrorNode(n, k)
}

// lastCode returns the last descendant of n, at any depth, that is not a
// comment of type comment (nor inside one) and not empty: the end of n's
// code when trailing comments are part of its tree.
func lastCode(n *sitter.Node, comment string) *sitter.Node {
	return mirrorNode(n, C.tn_last_code(cNode(n), cName(comment)))
}

// cNames holds the node type names passed to C, each made once and kept:
// callers pass a few constant names.
var cNames struct {
	sync.Mutex
	m map[string]*C.char
}

func cName(s string) *C.char {
	cNames.Lock()
	defer cNames.Unlock()
	p, ok := cNames.m[s]
	if !ok {
		if cNames.m == nil {
			cNames.m = map[string]*C.char{}
		}
		p = C.CString(s)
		cNames.m[s] = p
	}
	return p
}

// mirrorNode is a go-tree-sitter Node for k, of the tree of n.
func mirrorNode(n *sitter.Node, k C.TSNode) *sitter.Node {
	tree := (*nodeMirror)(unsafe.Pointer(n)).t
	return (*sitter.Node)(unsafe.Pointer(&nodeMirror{c: k, t: tree}))
}
