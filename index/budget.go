package index

import (
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"github.com/treenav/treenav"
)

// Output bounds. Agents read every answer into a context window, and MCP
// clients refuse tool results over about 25k tokens, so every listing is
// cut well below that and says how to get the rest.

// maxLinks bounds each of a tree's links and backlinks.
const maxLinks = 100

// jsonSize is the size of v as the JSON that the CLI and MCP print: the
// measure of max_chars for listings.
func jsonSize(v any) int {
	b, err := json.Marshal(v)
	if err != nil {
		return 0
	}
	return len(b)
}

// charBudget counts the characters of a listing against a max_chars bound.
type charBudget struct {
	left int
}

func newCharBudget(maxChars int) charBudget {
	if maxChars <= 0 {
		maxChars = DefaultMaxChars
	}
	// A JSON array of k items adds k+1 characters: brackets and commas.
	return charBudget{left: maxChars - 1}
}

// reserve counts the answer's fields around its listing (the query echoed,
// the total, a next cursor), so that max_chars bounds the whole answer.
func (b *charBudget) reserve(envelope any) {
	b.left -= jsonSize(envelope)
}

// MaxQueryChars bounds a search or symbol query: the answer echoes it, and
// no name or question an agent asks about is longer.
const MaxQueryChars = 4096

// checkQueryLength rejects a query longer than MaxQueryChars.
func checkQueryLength(q string) error {
	if n := utf8.RuneCountInString(q); n > MaxQueryChars {
		return &BadRequestError{fmt.Sprintf("query is %d characters; at most %d", n, MaxQueryChars)}
	}
	return nil
}

// take reports whether an item of size n fits, and counts it if so. The
// first item always fits (shown is the number of items taken so far), so
// that a small budget still makes progress through a cursor.
func (b *charBudget) take(n, shown int) bool {
	n++ // the item's comma or bracket
	if n > b.left && shown > 0 {
		b.left = 0
		return false
	}
	b.left -= n
	return true
}

// maxNodes resolves a MaxNodes request field: 0 is the default, negative
// is no bound.
func maxNodes(n int) int {
	switch {
	case n == 0:
		return DefaultMaxNodes
	case n < 0:
		return 0
	}
	return n
}

// boundByDepth chooses which of an outline's nodes to keep within limit
// nodes: all nodes down to the deepest level that fits, so that an outline
// cut short still covers the whole document (every top-level symbol) rather
// than its first part. When even the first level under the root does not
// fit (a module of a hundred top-level names), the root and as many nodes
// of that level as fit are kept, those an agent navigates by first (minor
// false: types, callables and sections) and in document order among them:
// cutting by document order alone spent a small budget on a file's leading
// constants and imports. depths are the nodes' depths in document order,
// minor (nil: none) whether each is a minor node; keep[i] says whether
// node i is kept.
func boundByDepth(depths []int, minor []bool, limit int) (keep []bool, truncated bool) {
	keep = make([]bool, len(depths))
	if limit <= 0 || len(depths) <= limit {
		for i := range keep {
			keep[i] = true
		}
		return keep, false
	}
	minDep := depths[0]
	perDepth := map[int]int{}
	maxDep := 0
	for _, d := range depths {
		perDepth[d]++
		maxDep = max(maxDep, d)
		minDep = min(minDep, d)
	}
	level, total := minDep-1, 0
	for d := minDep; d <= maxDep; d++ {
		if total+perDepth[d] > limit {
			break
		}
		total += perDepth[d]
		level = d
	}
	// One node (a tree's root) and nothing under it, or nothing at all,
	// is no outline: the next level, partly.
	if total <= 1 {
		left := limit - total
		for pass := 0; pass < 2 && left > 0; pass++ {
			for i, d := range depths {
				if d == level+1 && !keep[i] && (pass == 1 || minor == nil || !minor[i]) {
					keep[i] = true
					if left--; left == 0 {
						break
					}
				}
			}
		}
		for i, d := range depths {
			keep[i] = keep[i] || d <= level
		}
		return keep, true
	}
	for i, d := range depths {
		keep[i] = d <= level
	}
	return keep, true
}

// minorNodes says, of an outline's nodes, which are minor: data (fields,
// variables, constants, properties) and anything else that is neither a
// type, a callable nor a section, what boundByDepth keeps last.
func minorNodes(s *segment, nodes []uint32) []bool {
	minor := make([]bool, len(nodes))
	for i, n := range nodes {
		k := s.node(n).kind()
		minor[i] = !(k.IsTypeLike() || k.IsCallable() || k == treenav.KindSection || k == treenav.KindFile)
	}
	return minor
}
