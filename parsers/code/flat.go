package code

/*
#include <stdlib.h>
#include "tsapi.h"

uint16_t ts_tree_cursor_current_field_id(const TSTreeCursor *);

typedef struct {
	uint32_t start_byte, end_byte;
	uint32_t start_row, start_col;
	int32_t parent;
	uint16_t symbol;
	uint16_t field;
	uint8_t named;
	uint8_t lang;
} tn_flat;

// Go's flatNode has this layout: flat.go asserts the same numbers.
#include <stddef.h>
_Static_assert(sizeof(tn_flat) == 28, "tn_flat size");
_Static_assert(offsetof(tn_flat, parent) == 16, "tn_flat.parent");
_Static_assert(offsetof(tn_flat, symbol) == 20, "tn_flat.symbol");
_Static_assert(offsetof(tn_flat, field) == 22, "tn_flat.field");
_Static_assert(offsetof(tn_flat, named) == 24, "tn_flat.named");
_Static_assert(offsetof(tn_flat, lang) == 25, "tn_flat.lang");

// tn_flatten writes the nodes under root in preorder to out (at most cap)
// with their parent's index, and returns how many there are: the caller
// retries with a larger array when that is more than cap.
// With lean set, anonymous leaves (punctuation, keywords) are left out
// unless they stand in a field or are of symbol keep: a walker that reads
// named nodes, fields and that one token copies half the nodes.
static uint32_t tn_flatten(TSNode root, tn_flat *out, uint32_t cap, int lean, uint16_t keep, uint8_t lang) {
	TSTreeCursor c = ts_tree_cursor_new(root);
	uint32_t n = 0;
	int32_t parent = -1;
	for (;;) {
		TSNode k = ts_tree_cursor_current_node(&c);
		uint8_t named = ts_node_is_named(k);
		uint16_t field = ts_tree_cursor_current_field_id(&c);
		uint16_t sym = ts_node_symbol(k);
		if (!lean || named || field != 0 || sym == keep || ts_node_child_count(k) > 0) {
			if (n < cap) {
				TSPoint s = ts_node_start_point(k);
				out[n].start_byte = ts_node_start_byte(k);
				out[n].end_byte = ts_node_end_byte(k);
				out[n].start_row = s.row;
				out[n].start_col = s.column;
				out[n].parent = parent;
				out[n].symbol = sym;
				out[n].field = field;
				out[n].named = named;
				out[n].lang = lang;
			}
			n++;
		}
		if (ts_tree_cursor_goto_first_child(&c)) {
			parent = (int32_t)(n - 1);
			continue;
		}
		for (;;) {
			if (ts_tree_cursor_goto_next_sibling(&c)) break;
			if (!ts_tree_cursor_goto_parent(&c)) {
				ts_tree_cursor_delete(&c);
				return n;
			}
			// Back at the parent: its own parent is the new parent.
			parent = parent >= 0 && (uint32_t)parent < cap ? out[parent].parent : -1;
		}
	}
}

#include "tsinternal.h"

// tn_frame is a node whose children tn_flatten_direct is going through.
typedef struct {
	const Subtree *kids;
	uint32_t i, count, structural;
	Length pos; // where the next child starts
	const TSSymbol *aliases;
	const TSFieldMapEntry *fields, *fields_end;
	int32_t parent;   // index in out of the visible node the children belong to
	uint16_t inherit; // the field a child without one of its own takes (a hidden node's)
} tn_frame;

static inline void tn_frame_init(const struct TSLanguage *lang, tn_frame *f, Subtree s, Length pos, int32_t parent, uint16_t inherit) {
	f->kids = tn_subtree_children(s);
	f->count = tn_subtree_child_count(s);
	f->i = 0;
	f->structural = 0;
	f->pos = pos;
	uint16_t prod = tn_subtree_production_id(s);
	f->aliases = prod ? &lang->alias_sequences[prod * lang->max_alias_sequence_length] : NULL;
	f->fields = f->fields_end = NULL;
	if (lang->field_count > 0) {
		TSFieldMapSlice slice = lang->field_map_slices[prod];
		f->fields = &lang->field_map_entries[slice.index];
		f->fields_end = f->fields + slice.length;
	}
	f->parent = parent;
	f->inherit = inherit;
}

// tn_flatten_direct is tn_flatten reading the subtrees themselves instead
// of going through a tree cursor, which for every node rebuilds its
// parent's child iterator and walks up its stack for the field: the same
// nodes, fields, aliases and positions in the same order at a fraction
// of the cost. Returns 0xffffffff when it cannot allocate its stack.
static uint32_t tn_flatten_direct(TSNode root, tn_flat *out, uint32_t cap, int lean, uint16_t keep, uint8_t grammar) {
	const struct TSLanguage *lang = root.tree->language;
	Subtree rs = *(const Subtree *)root.id;
	uint32_t n = 0;
	{
		TSSymbol alias = (TSSymbol)root.context[3];
		TSSymbol sym = alias ? alias : tn_subtree_symbol(rs);
		uint8_t named = alias ? (alias == TN_SYM_ERROR ? 1 : lang->symbol_metadata[alias].named) : tn_subtree_named(rs);
		if (sym != TN_SYM_ERROR) sym = lang->public_symbol_map[sym];
		if (!lean || named || sym == keep || tn_subtree_visible_child_count(rs) > 0) {
			if (n < cap) {
				out[n].start_byte = root.context[0];
				out[n].end_byte = root.context[0] + tn_subtree_size(rs).bytes;
				out[n].start_row = root.context[1];
				out[n].start_col = root.context[2];
				out[n].parent = -1;
				out[n].symbol = sym;
				out[n].field = 0;
				out[n].named = named;
				out[n].lang = grammar;
			}
			n++;
		}
	}
	if (tn_subtree_visible_child_count(rs) == 0) return n;
	uint32_t depth = 0, room = 64;
	tn_frame *stack = malloc(room * sizeof(tn_frame));
	if (!stack) return 0xffffffff;
	Length rpos = {root.context[0], {root.context[1], root.context[2]}};
	tn_frame_init(lang, &stack[0], rs, rpos, 0, 0);
	depth = 1;
	while (depth > 0) {
		tn_frame *f = &stack[depth - 1];
		if (f->i == f->count) {
			depth--;
			continue;
		}
		Subtree c = f->kids[f->i];
		Length pos = f->pos;
		bool visible = tn_subtree_visible(c);
		bool extra = tn_subtree_extra(c);
		TSSymbol alias = 0;
		uint16_t field = 0;
		if (!extra) {
			uint32_t si = f->structural++;
			if (f->aliases) {
				alias = f->aliases[si];
				if (alias) visible = true;
			}
			for (const TSFieldMapEntry *m = f->fields; m < f->fields_end; m++) {
				if (!m->inherited && m->child_index == si) {
					field = m->field_id;
					break;
				}
			}
			if (!field) field = f->inherit;
		}
		Length size = tn_subtree_size(c);
		f->pos = tn_length_add(pos, size);
		f->i++;
		if (f->i < f->count) f->pos = tn_length_add(f->pos, tn_subtree_padding(f->kids[f->i]));
		uint32_t kids = tn_subtree_visible_child_count(c);
		int32_t parent = f->parent;
		uint16_t inherit = 0;
		if (visible) {
			TSSymbol sym = alias ? alias : tn_subtree_symbol(c);
			uint8_t named = alias ? (alias == TN_SYM_ERROR ? 1 : lang->symbol_metadata[alias].named) : tn_subtree_named(c);
			if (sym != TN_SYM_ERROR) sym = lang->public_symbol_map[sym];
			if (!lean || named || field != 0 || sym == keep || kids > 0) {
				if (n < cap) {
					out[n].start_byte = pos.bytes;
					out[n].end_byte = pos.bytes + size.bytes;
					out[n].start_row = pos.extent.row;
					out[n].start_col = pos.extent.column;
					out[n].parent = f->parent;
					out[n].symbol = sym;
					out[n].field = field;
					out[n].named = named;
					out[n].lang = grammar;
				}
				parent = (int32_t)n;
				n++;
			}
		} else {
			inherit = field;
		}
		if (kids == 0) continue;
		if (depth == room) {
			room *= 2;
			tn_frame *grown = realloc(stack, room * sizeof(tn_frame));
			if (!grown) {
				free(stack);
				return 0xffffffff;
			}
			stack = grown;
		}
		tn_frame_init(lang, &stack[depth], c, pos, parent, inherit);
		depth++;
	}
	free(stack);
	return n;
}

*/
import "C"

import (
	"sync"
	"unsafe"

	sitter "github.com/smacker/go-tree-sitter"
)

// flatNode is one node of a flatTree, as tn_flatten writes it (its C
// twin tn_flat; both sides assert the layout): no Go pointers, so
// the C walk writes the nodes straight into Go memory and the collector
// never scans them. Node types and field names are numbers into the
// grammar's tables (typ, field).
type flatNode struct {
	start, end uint32 // byte range
	row, col   uint32 // 0-based start position, col in bytes
	parent     int32  // index of the parent, -1 for the root
	sym        uint16 // public symbol: typ()
	fld        uint16 // field id in the parent, 0 for none: field()
	named      bool
	lang       uint8 // the grammar's number in grammarTabs
}

// flatNode's layout is tn_flat's, which the C side asserts: these fail
// to compile when a field moves.
var (
	_ = [1]struct{}{}[unsafe.Sizeof(flatNode{})-28]
	_ = [1]struct{}{}[unsafe.Offsetof(flatNode{}.parent)-16]
	_ = [1]struct{}{}[unsafe.Offsetof(flatNode{}.sym)-20]
	_ = [1]struct{}{}[unsafe.Offsetof(flatNode{}.fld)-22]
	_ = [1]struct{}{}[unsafe.Offsetof(flatNode{}.named)-24]
	_ = [1]struct{}{}[unsafe.Offsetof(flatNode{}.lang)-25]
)

// typ is the node's type ("ERROR" for an error node).
func (n *flatNode) typ() string {
	if t := grammarTabs[n.lang]; t != nil && int(n.sym) < len(t.types) {
		return t.types[n.sym]
	}
	return "ERROR"
}

// field is the name of the node's field in its parent, "" for none.
func (n *flatNode) field() string {
	if t := grammarTabs[n.lang]; t != nil && int(n.fld) < len(t.fields) {
		return t.fields[n.fld]
	}
	return ""
}

// flatTree is a syntax tree copied out of tree-sitter in one C call, in
// preorder: the reference walkers look at every node, and going through
// the node API would cost several C calls (and a cached Go value) each.
type flatTree struct {
	nodes []flatNode
	src   []byte
	// next[i] is the index just past i's subtree: i's children are the
	// nodes from i+1 to next[i] whose parent is i.
	next []int32
	// g indexes the named children for gnode (newGTree), nil until then.
	g *gtree
	// bufs holds the arrays above, for release.
	bufs *flatBufs
}

// flatBufs are the arrays of a flatTree and its gtree, reused from one
// file to the next: fresh arrays for each file (with the pointerful
// nodes before them) were half the bytes BenchmarkGoRefs allocated.
type flatBufs struct {
	nodes      []flatNode
	next       []int32
	refs       []gnode
	namedStart []int32
	named      []int32
	fill       []int32
}

var flatPool = sync.Pool{New: func() any { return new(flatBufs) }}

// release hands t's arrays to the next flatten: neither t nor any gnode
// of it may be used after.
func (t *flatTree) release() {
	if t.bufs == nil {
		return
	}
	b := t.bufs
	*t = flatTree{} // what b.refs still points to holds no arrays
	flatPool.Put(b)
}

// flatten copies the tree under root. Node types and field names are
// interned through the language's tables.
func flatten(g *sitter.Language, root *sitter.Node, src []byte) *flatTree {
	return flattenWith(g, root, src, false, "")
}

// flattenLean is flatten without the anonymous leaves that stand in no
// field, but for those of type keep (Go's walker reads ":=").
func flattenLean(g *sitter.Language, root *sitter.Node, src []byte, keep string) *flatTree {
	return flattenWith(g, root, src, true, keep)
}

func flattenWith(g *sitter.Language, root *sitter.Node, src []byte, lean bool, keep string) *flatTree {
	return flattenBy(g, root, src, lean, keep, true)
}

// flattenBy copies the tree with tn_flatten_direct, or with direct false
// through the public tree cursor API (tn_flatten): the reference the
// direct walk is tested against.
func flattenBy(g *sitter.Language, root *sitter.Node, src []byte, lean bool, keep string, direct bool) *flatTree {
	keepSym, leanFlag := C.uint16_t(0xffff), C.int(0)
	if lean {
		leanFlag = 1
		if sym, ok := anonymousSymbol(g, keep); ok {
			keepSym = C.uint16_t(sym)
		}
	}
	gid := grammarID(g)
	bufs := flatPool.Get().(*flatBufs)
	if want := len(src)/3 + 64; cap(bufs.nodes) < want {
		bufs.nodes = make([]flatNode, want)
	}
	var nodes []flatNode
	var n uint32
	troot := cNode(root)
	for {
		nodes = bufs.nodes[:cap(bufs.nodes)]
		cap := uint32(len(nodes))
		buf := (*C.tn_flat)(unsafe.Pointer(&nodes[0]))
		if direct {
			n = uint32(C.tn_flatten_direct(troot, buf, C.uint32_t(cap), leanFlag, keepSym, C.uint8_t(gid)))
			if n == 0xffffffff { // out of memory for its stack: the cursor needs none
				direct = false
				n = uint32(C.tn_flatten(troot, buf, C.uint32_t(cap), leanFlag, keepSym, C.uint8_t(gid)))
			}
		} else {
			n = uint32(C.tn_flatten(troot, buf, C.uint32_t(cap), leanFlag, keepSym, C.uint8_t(gid)))
		}
		if n <= cap {
			break
		}
		bufs.nodes = make([]flatNode, n)
	}
	if cap(bufs.next) < int(n) {
		bufs.next = make([]int32, n)
	}
	t := &flatTree{nodes: nodes[:n:n], src: src, next: bufs.next[:n], bufs: bufs}
	// Subtree ends: a node's subtree ends where the next node that is not
	// its descendant starts.
	for i := len(t.nodes) - 1; i >= 0; i-- {
		t.next[i] = int32(len(t.nodes))
	}
	var stack []int32
	for i := range t.nodes {
		p := t.nodes[i].parent
		for len(stack) > 0 && stack[len(stack)-1] != p {
			t.next[stack[len(stack)-1]] = int32(i)
			stack = stack[:len(stack)-1]
		}
		stack = append(stack, int32(i))
	}
	return t
}

// text is the source text of node i.
func (t *flatTree) text(i int) string {
	n := &t.nodes[i]
	if n.end > uint32(len(t.src)) || n.start > n.end {
		return ""
	}
	return string(t.src[n.start:n.end])
}

// kids returns the children of node i.
func (t *flatTree) kids(i int) []int {
	var out []int
	for j := i + 1; j < int(t.next[i]); j = int(t.next[j]) {
		out = append(out, j)
	}
	return out
}

// child returns i's first child in field f, or -1.
func (t *flatTree) child(i int, f string) int {
	for j := i + 1; j < int(t.next[i]); j = int(t.next[j]) {
		if t.nodes[j].field() == f {
			return j
		}
	}
	return -1
}

// childOfType returns i's first child of type typ, or -1.
func (t *flatTree) childOfType(i int, typ string) int {
	for j := i + 1; j < int(t.next[i]); j = int(t.next[j]) {
		if t.nodes[j].typ() == typ {
			return j
		}
	}
	return -1
}

// namedKids returns i's named children.
func (t *flatTree) namedKids(i int) []int {
	var out []int
	for j := i + 1; j < int(t.next[i]); j = int(t.next[j]) {
		if t.nodes[j].named {
			out = append(out, j)
		}
	}
	return out
}

// enclosing maps each node to the nearest node at or above it whose type
// is(typ) holds (a class around a method), -1 for none.
func (t *flatTree) enclosing(is func(typ string) bool) []int32 {
	at := make([]int32, len(t.nodes))
	for i := range t.nodes {
		switch {
		case is(t.nodes[i].typ()):
			at[i] = int32(i)
		case t.nodes[i].parent >= 0:
			at[i] = at[t.nodes[i].parent]
		default:
			at[i] = -1
		}
	}
	return at
}

// nameText is the text of node i's "name" child, "" for none (or i < 0).
func (t *flatTree) nameText(i int) string {
	if i < 0 {
		return ""
	}
	if n := t.child(i, "name"); n >= 0 {
		return t.text(n)
	}
	return ""
}

// parentOf is node i's parent, -1 for the root.
func (t *flatTree) parentOf(i int) int { return int(t.nodes[i].parent) }

var (
	symbolNamesMu sync.Mutex
	symbolNameTab = map[unsafe.Pointer][]string{}
	fieldNameTab  = map[unsafe.Pointer][]string{}
	anonSymbolTab = map[anonKey]uint16{}
)

// languageKey is the C grammar behind g: the grammar packages' GetLanguage
// makes a new *sitter.Language at each call, so that a table keyed by it
// grew by one entry a file (24 MB over GOROOT).
func languageKey(g *sitter.Language) unsafe.Pointer {
	return (*struct{ ptr unsafe.Pointer })(unsafe.Pointer(g)).ptr
}

// symbolNames is the grammar's node type by symbol number.
func symbolNames(g *sitter.Language) []string {
	symbolNamesMu.Lock()
	defer symbolNamesMu.Unlock()
	key := languageKey(g)
	if t, ok := symbolNameTab[key]; ok {
		return t
	}
	n := int(g.SymbolCount())
	t := make([]string, n)
	for i := range n {
		t[i] = g.SymbolName(sitter.Symbol(i))
	}
	symbolNameTab[key] = t
	return t
}

// anonymousSymbol is the symbol of the grammar's anonymous token name
// (":="), looked up once per grammar and name: flattenLean asks for it
// for every file.
func anonymousSymbol(g *sitter.Language, name string) (uint16, bool) {
	key := anonKey{languageKey(g), name}
	symbolNamesMu.Lock()
	sym, ok := anonSymbolTab[key]
	symbolNamesMu.Unlock()
	if ok {
		return sym, sym != 0xffff
	}
	sym = 0xffff
	for i, n := range symbolNames(g) {
		if n == name && g.SymbolType(sitter.Symbol(i)) == sitter.SymbolTypeAnonymous {
			sym = uint16(i)
			break
		}
	}
	symbolNamesMu.Lock()
	anonSymbolTab[key] = sym
	symbolNamesMu.Unlock()
	return sym, sym != 0xffff
}

type anonKey struct {
	lang unsafe.Pointer
	name string
}

// fieldNames is the grammar's field name by field id (0 is no field).
func fieldNames(g *sitter.Language) []string {
	symbolNamesMu.Lock()
	defer symbolNamesMu.Unlock()
	key := languageKey(g)
	if t, ok := fieldNameTab[key]; ok {
		return t
	}
	// Field ids run from 1 up; past the last, the name is empty.
	t := []string{""}
	for i := 1; ; i++ {
		f := g.FieldName(i)
		if f == "" {
			break
		}
		t = append(t, f)
	}
	fieldNameTab[key] = t
	return t
}

// grammarTab is one grammar's node types by public symbol and field names
// by id, as flatNode's typ and field read them.
type grammarTab struct {
	types, fields []string
}

// grammarTabs holds the grammars' tables by the number grammarID gives
// them. An entry is written once, under symbolNamesMu, before the first
// node that carries its number exists.
var (
	grammarTabs [256]*grammarTab
	grammarIDs  = map[unsafe.Pointer]uint8{}
)

// grammarID is g's number in grammarTabs, its tables made at the first
// call.
func grammarID(g *sitter.Language) uint8 {
	key := languageKey(g)
	symbolNamesMu.Lock()
	id, ok := grammarIDs[key]
	symbolNamesMu.Unlock()
	if ok {
		return id
	}
	tab := &grammarTab{types: symbolNames(g), fields: fieldNames(g)}
	symbolNamesMu.Lock()
	defer symbolNamesMu.Unlock()
	if id, ok := grammarIDs[key]; ok {
		return id
	}
	if len(grammarIDs) >= len(grammarTabs) {
		panic("parsers/code: more than 256 tree-sitter grammars")
	}
	id = uint8(len(grammarIDs))
	grammarTabs[id] = tab
	grammarIDs[key] = id
	return id
}
