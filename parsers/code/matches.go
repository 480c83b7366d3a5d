package code

/*
#include <stdlib.h>
#include "tsapi.h"

typedef struct { uint16_t pattern; uint16_t count; uint32_t first; } tn_match;

// tn_batch is what one tn_next_matches call reads: matches, their
// captures, and a match whose captures did not fit (held), whose captures
// stay valid until the cursor moves on.
typedef struct {
	tn_match ms[128];
	TSQueryCapture cs[1024];
	TSQueryMatch held;
	uint32_t nc;
	int has_held;
} tn_batch;

static tn_batch *tn_batch_new(void) { return malloc(sizeof(tn_batch)); }

// tn_next_matches reads the cursor's next matches into b (at most mcap
// matches, ccap captures) and returns how many matches it wrote.
static uint32_t tn_next_matches(TSQueryCursor *qc, tn_batch *b, uint32_t mcap, uint32_t ccap) {
	uint32_t n = 0, c = 0;
	b->has_held = 0;
	while (n < mcap) {
		TSQueryMatch m;
		if (!ts_query_cursor_next_match(qc, &m)) break;
		if (c + m.capture_count > ccap) {
			b->held = m;
			b->has_held = 1;
			break;
		}
		b->ms[n].pattern = m.pattern_index;
		b->ms[n].count = m.capture_count;
		b->ms[n].first = c;
		for (uint16_t i = 0; i < m.capture_count; i++) b->cs[c++] = m.captures[i];
		n++;
	}
	b->nc = c;
	return n;
}
*/
import "C"

import (
	"unsafe"

	sitter "github.com/smacker/go-tree-sitter"
)

// matchBatch and captureBatch bound what one call reads (at most
// tn_batch's arrays); tests lower them to make matches wait in held.
var matchBatch, captureBatch = 128, 1024

// matchesByAPI makes collect read matches through go-tree-sitter's
// NextMatch: tests compare the two ways.
var matchesByAPI = false

// batches are the C buffers of matchReaders, reused.
var batches freeList[*C.tn_batch]

// matchReader reads a query cursor's matches many at a time, in one cgo
// call into C memory, where go-tree-sitter's NextMatch makes a call per
// match and a Go node (and a node-cache map entry) per capture. The match
// it returns is reused by the next call; its capture nodes stay valid.
// close returns its buffer.
type matchReader struct {
	qc   *C.TSQueryCursor
	tree unsafe.Pointer // go-tree-sitter *Tree of the nodes
	b    *C.tn_batch
	n, i int  // matches read, next to return
	held bool // a match that did not fit waits in b.held
	done bool // the cursor has no more matches
	m    sitter.QueryMatch
}

// reset starts reading the matches of qc, just executed at root.
func (r *matchReader) reset(qc *sitter.QueryCursor, root *sitter.Node) {
	if r.b == nil {
		r.b = batches.get(func() *C.tn_batch { return C.tn_batch_new() })
	}
	r.qc = *(**C.TSQueryCursor)(unsafe.Pointer(qc))
	r.tree = (*nodeMirror)(unsafe.Pointer(root)).t
	r.n, r.i, r.held, r.done = 0, 0, false, false
}

func (r *matchReader) close() {
	if r.b != nil {
		batches.put(r.b)
		r.b = nil
	}
}

// next returns the next match, false when there is none.
func (r *matchReader) next() (*sitter.QueryMatch, bool) {
	for r.i == r.n {
		if r.held {
			r.held = false
			h := &r.b.held
			r.fill(uint16(h.pattern_index), unsafe.Slice(h.captures, int(h.capture_count)))
			return &r.m, true
		}
		if r.done {
			return nil, false
		}
		mcap := min(matchBatch, len(r.b.ms))
		r.n = int(C.tn_next_matches(r.qc, r.b, C.uint32_t(mcap), C.uint32_t(min(captureBatch, len(r.b.cs)))))
		r.i = 0
		r.held = r.b.has_held != 0
		r.done = r.n < mcap && !r.held
	}
	m := &r.b.ms[r.i]
	r.i++
	r.fill(uint16(m.pattern), r.b.cs[m.first:m.first+C.uint32_t(m.count)])
	return &r.m, true
}

// fill makes r.m the match of pattern with captures caps, with a Go node
// per capture (from one allocation).
func (r *matchReader) fill(pattern uint16, caps []C.TSQueryCapture) {
	r.m.PatternIndex = pattern
	r.m.Captures = r.m.Captures[:0]
	nodes := make([]nodeMirror, len(caps))
	for i := range caps {
		nodes[i] = nodeMirror{c: caps[i].node, t: r.tree}
		r.m.Captures = append(r.m.Captures, sitter.QueryCapture{Index: uint32(caps[i].index), Node: (*sitter.Node)(unsafe.Pointer(&nodes[i]))})
	}
}
