package code

/*
#include <stdlib.h>
#include "tsapi.h"

typedef struct {
	TSNode node;
	uint32_t start_byte, end_byte;
	uint32_t start_row, end_row, end_col;
	uint16_t symbol;
	uint8_t named;
	// A visible anonymous node with children: named-sibling lookups look
	// inside it, a cursor does not.
	uint8_t irregular;
} tn_kid;

static void tn_fill(tn_kid *o, TSNode k) {
	TSPoint s = ts_node_start_point(k), e = ts_node_end_point(k);
	o->node = k;
	o->start_byte = ts_node_start_byte(k);
	o->end_byte = ts_node_end_byte(k);
	o->start_row = s.row;
	o->end_row = e.row;
	o->end_col = e.column;
	o->symbol = ts_node_symbol(k);
	o->named = ts_node_is_named(k);
	o->irregular = !o->named && ts_node_child_count(k) > 0;
}

// tn_children writes the visible children of parent (the children of
// hidden nodes in their place, as the node API counts them) to out, at
// most cap of them, and returns how many there are.
static uint32_t tn_children(TSNode parent, tn_kid *out, uint32_t cap) {
	TSTreeCursor c = ts_tree_cursor_new(parent);
	uint32_t n = 0;
	if (ts_tree_cursor_goto_first_child(&c)) {
		do {
			if (n < cap) {
				TSNode k = ts_tree_cursor_current_node(&c);
				// The cursor gives an extra (a comment) the alias of the
				// node it started at; extras have none.
				if (ts_node_is_extra(k)) k.context[3] = 0;
				tn_fill(&out[n], k);
			}
			n++;
		} while (ts_tree_cursor_goto_next_sibling(&c));
	}
	ts_tree_cursor_delete(&c);
	return n;
}

static void tn_node(TSNode n, tn_kid *out) { tn_fill(out, n); }

static tn_kid *tn_alloc(uint32_t n) { return malloc((size_t)n * sizeof(tn_kid)); }
*/
import "C"

import (
	"sort"
	"unsafe"

	sitter "github.com/smacker/go-tree-sitter"
)

// nav answers the parent and sibling questions of symbol completion for
// one tree without tree-sitter's node API, whose parent and sibling calls
// walk down from the root and along every earlier sibling: asked for each
// of a file's top-level declarations, they cost time quadratic in their
// number. nav reads each parent's children once, in one C call, and finds
// a node by descending from the root by byte range.
type nav struct {
	root  kid
	tree  unsafe.Pointer // the go-tree-sitter *Tree nodes are made for
	kids  map[kidKey]*kidList
	arena *kidArena
}

type kid = C.tn_kid

type kidKey struct {
	id    unsafe.Pointer
	start uint32
}

type kidList struct {
	kids      []kid // in C memory (the arena's)
	irregular bool
}

// level is one step of a node's path from the root: the node is
// list.kids[i], its parent the node of the level above.
type level struct {
	list *kidList
	i    int
}

// nodeMirror has the layout of go-tree-sitter's Node (TestNav checks it).
type nodeMirror struct {
	c C.TSNode
	t unsafe.Pointer
}

func cNode(n *sitter.Node) C.TSNode { return (*nodeMirror)(unsafe.Pointer(n)).c }

// newNav returns a nav over root's tree; close releases it.
func newNav(root *sitter.Node) *nav {
	nv := &nav{tree: (*nodeMirror)(unsafe.Pointer(root)).t, kids: map[kidKey]*kidList{}, arena: getArena()}
	C.tn_node(cNode(root), &nv.root)
	return nv
}

func (nv *nav) close() {
	putArena(nv.arena)
	nv.arena, nv.kids = nil, nil
}

// sitterNode makes a go-tree-sitter node of k, for hooks that take one.
func (nv *nav) sitterNode(k *kid) *sitter.Node {
	return (*sitter.Node)(unsafe.Pointer(&nodeMirror{c: k.node, t: nv.tree}))
}

func (nv *nav) children(k *kid) *kidList {
	key := kidKey{k.node.id, uint32(k.start_byte)}
	if l, ok := nv.kids[key]; ok {
		return l
	}
	a := nv.arena
	free := a.free()
	n := int(C.tn_children(k.node, free.ptr, C.uint32_t(free.n)))
	if n > free.n {
		free = a.grow(n)
		C.tn_children(k.node, free.ptr, C.uint32_t(free.n))
	}
	l := &kidList{kids: unsafe.Slice(free.ptr, free.n)[:n:n]}
	a.used += n
	for i := range l.kids {
		if l.kids[i].irregular != 0 {
			l.irregular = true
		}
	}
	nv.kids[key] = l
	return l
}

// kidArena hands out C memory for kid lists: the lists hold tree-sitter
// nodes, which must not be handed back to C from Go memory without cgo
// checking every one of them. Arenas are reused across files.
type kidArena struct {
	chunks []kidChunk // the last is being filled
	used   int        // kids used in the last chunk
}

type kidChunk struct {
	ptr *kid
	n   int
}

const kidChunkSize = 1024

func (a *kidArena) free() kidChunk {
	c := a.chunks[len(a.chunks)-1]
	return kidChunk{(*kid)(unsafe.Add(unsafe.Pointer(c.ptr), uintptr(a.used)*unsafe.Sizeof(kid{}))), c.n - a.used}
}

// grow starts a chunk of at least n kids.
func (a *kidArena) grow(n int) kidChunk {
	n = max(n, kidChunkSize)
	c := kidChunk{C.tn_alloc(C.uint32_t(n)), n}
	a.chunks = append(a.chunks, c)
	a.used = 0
	return c
}

var arenas freeList[*kidArena]

func getArena() *kidArena {
	return arenas.get(func() *kidArena {
		a := &kidArena{}
		a.grow(kidChunkSize)
		return a
	})
}

// putArena keeps the arena's first chunk for the next file and frees the
// others (a large file's).
func putArena(a *kidArena) {
	for _, c := range a.chunks[1:] {
		C.free(unsafe.Pointer(c.ptr))
	}
	a.chunks, a.used = a.chunks[:1], 0
	arenas.put(a)
}

// path returns the levels from the root's children down to n, or false
// when n cannot be found by its range (an empty node, or the root itself):
// the caller then asks tree-sitter.
func (nv *nav) path(n *sitter.Node, out []level) ([]level, bool) {
	c := cNode(n)
	start, end := uint32(C.ts_node_start_byte(c)), uint32(C.ts_node_end_byte(c))
	if end <= start || c.id == nv.root.node.id {
		return out, false
	}
	cur := &nv.root
	for {
		l := nv.children(cur)
		ks := l.kids
		i := sort.Search(len(ks), func(j int) bool { return uint32(ks[j].start_byte) > start }) - 1
		if i < 0 {
			return out, false
		}
		k := &ks[i]
		out = append(out, level{l, i})
		if k.node.id == c.id && uint32(k.start_byte) == start {
			return out, true
		}
		if uint32(k.end_byte) < end || k.end_byte <= k.start_byte {
			return out, false
		}
		cur = k
	}
}

// node is the node of a path's level (the root for -1).
func (nv *nav) node(path []level, at int) *kid {
	if at < 0 {
		return &nv.root
	}
	return &path[at].list.kids[path[at].i]
}

// prevNamed returns the index of the named sibling before kids[i], or -1.
func prevNamed(kids []kid, i int) int {
	for i--; i >= 0; i-- {
		if kids[i].named != 0 {
			return i
		}
	}
	return -1
}

// kidEndRow is endRow for a kid.
func kidEndRow(k *kid) uint32 {
	if k.end_col == 0 && k.end_row > k.start_row {
		return uint32(k.end_row) - 1
	}
	return uint32(k.end_row)
}
