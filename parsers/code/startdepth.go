package code

/*
#include "tsapi.h"
*/
import "C"

import (
	"unsafe"

	sitter "github.com/smacker/go-tree-sitter"
)

// setMaxStartDepth stops a query cursor from starting matches below depth
// (the root is depth 0): a language whose definitions all sit near the top
// of the tree (Go: package-level declarations) then never walks function
// bodies, most of a file's nodes, which makes the query several times
// cheaper. go-tree-sitter does not wrap this tree-sitter call; its
// QueryCursor keeps the C cursor as its first field, which
// TestMaxStartDepth checks against the go-tree-sitter version in go.mod.
func setMaxStartDepth(qc *sitter.QueryCursor, depth uint32) {
	c := *(**C.TSQueryCursor)(unsafe.Pointer(qc))
	C.ts_query_cursor_set_max_start_depth(c, C.uint32_t(depth))
}
