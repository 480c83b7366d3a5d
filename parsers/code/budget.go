package code

/*
#include "tsapi.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"sort"
	"time"
	"unsafe"

	sitter "github.com/smacker/go-tree-sitter"
)

// A file's extraction has a budget: definitions nested at most MaxNesting
// deep, at most matchLimit query matches in progress at once, and
// Budget of time for its parses and its query. Past any of them
// Extract fails with the reason (index_status lists the file among the
// failed ones) instead of taking time and memory that grow with the
// square of the nesting: a file of 8,000 nested Rust modules (111 KB)
// took 88 s, and one JavaScript file of 36,000 nested functions (780 KB)
// never finished, while the rest of the repository waited.
var (
	// MaxNesting is how deep definitions may nest in one file (a
	// module in a module, a class in a class). Real code stays under ten
	// levels; every level costs a walk of the levels above it.
	MaxNesting = 64
	// Budget is the time one file's parses and extraction may take.
	Budget = 20 * time.Second
)

// matchLimit bounds the query cursor's matches in progress at once
// (ts_query_cursor_set_match_limit): real code has a few dozen.
const matchLimit = 4096

// ErrTimeout is returned when a file takes longer than its Budget.
var ErrTimeout = errors.New("time budget exceeded")

// ErrTooDeep is returned when a file's definitions nest deeper than
// MaxNesting, or its query has more than matchLimit matches in progress.
var ErrTooDeep = errors.New("nesting too deep")

// budgetError is a budget's failure: its message says which limit, and
// errors.Is matches its kind (ErrTimeout or ErrTooDeep).
type budgetError struct {
	kind error
	msg  string
}

func (e *budgetError) Error() string        { return e.msg }
func (e *budgetError) Is(target error) bool { return target == e.kind }

func errTimeout(what string, d time.Duration) error {
	return &budgetError{ErrTimeout, fmt.Sprintf("%s budget of %v exceeded", what, d)}
}

func errTooDeep(limit int) error {
	return &budgetError{ErrTooDeep, fmt.Sprintf("nesting deeper than %d levels of definitions", limit)}
}

func errMatchLimit() error {
	return &budgetError{ErrTooDeep, fmt.Sprintf("nesting too deep: over %d query matches in progress at once", matchLimit)}
}

// budget is one extraction's deadline.
type budget struct {
	total    time.Duration
	deadline time.Time
	err      error // the first limit exceeded
}

func newBudget() *budget {
	return &budget{total: Budget, deadline: time.Now().Add(Budget)}
}

// over reports whether the time is up, recording the error.
func (b *budget) over() bool {
	if b.err != nil {
		return true
	}
	if time.Now().After(b.deadline) {
		b.err = errTimeout("parse and extraction", b.total)
		return true
	}
	return false
}

// arm gives parser p what is left of the time (tree-sitter's parse
// timeout), at least a millisecond so that an exhausted budget still
// fails the parse rather than disabling the limit.
func (b *budget) arm(p *sitter.Parser) {
	left := time.Until(b.deadline).Microseconds()
	p.SetOperationLimit(int(max(left, 1000)))
}

// limitMatches sets the query cursor's match limit.
func limitMatches(qc *sitter.QueryCursor) {
	c := *(**C.TSQueryCursor)(unsafe.Pointer(qc))
	C.ts_query_cursor_set_match_limit(c, matchLimit)
}

// exceededMatches reports whether the cursor dropped matches because of
// the limit.
func exceededMatches(qc *sitter.QueryCursor) bool {
	c := *(**C.TSQueryCursor)(unsafe.Pointer(qc))
	return bool(C.ts_query_cursor_did_exceed_match_limit(c))
}

// nestingDepth returns how deep the symbols' extents nest (1: none
// inside another), counting as Symbol.contains does, and stops counting
// past limit.
func nestingDepth(syms []Symbol, limit int) int {
	spans := make([][2]uint32, len(syms))
	for i := range syms {
		spans[i] = [2]uint32{syms[i].Start, syms[i].End}
	}
	sort.Slice(spans, func(i, j int) bool {
		if spans[i][0] != spans[j][0] {
			return spans[i][0] < spans[j][0]
		}
		return spans[i][1] > spans[j][1]
	})
	var stack [][2]uint32
	deepest := 0
	for _, s := range spans {
		for len(stack) > 0 {
			t := stack[len(stack)-1]
			if t != s && t[0] <= s[0] && s[1] <= t[1] {
				break
			}
			stack = stack[:len(stack)-1]
		}
		stack = append(stack, s)
		if deepest = max(deepest, len(stack)); deepest > limit {
			break
		}
	}
	return deepest
}

// openSpans follows the nesting of definitions as the query finds them,
// so that a file nested too deep fails after MaxNesting matches instead of
// after the query's walk of the whole tree, whose cost grows with the
// square of the depth. Matches come mostly in document order; one that
// comes out of order is not counted (nestingDepth counts every symbol
// once the query is done), so the depth is never over-counted.
type openSpans struct {
	stack [][2]uint32
}

// push adds the definition at [start, end) and returns how many of the
// open definitions hold it, itself included (0 for one out of order).
func (o *openSpans) push(start, end uint32) int {
	s := [2]uint32{start, end}
	if n := len(o.stack); n > 0 && start < o.stack[n-1][0] {
		return 0
	}
	for len(o.stack) > 0 {
		t := o.stack[len(o.stack)-1]
		if t != s && t[0] <= start && end <= t[1] {
			break
		}
		o.stack = o.stack[:len(o.stack)-1]
	}
	o.stack = append(o.stack, s)
	return len(o.stack)
}
