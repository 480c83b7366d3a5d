package analysis

import "sync"

// memoMax bounds a memo: a corpus's vocabulary is small next to its token
// count, and a stream of unique junk words must not grow it without end.
const memoMax = 1 << 20

// memo memoizes a pure function of a word (Stem, Segment) for every
// goroutine of a build: reads share a lock, and past memoMax words new
// ones are computed each time instead of kept.
type memo[V any] struct {
	mu sync.RWMutex
	m  map[string]V
}

func newMemo[V any]() *memo[V] { return &memo[V]{m: map[string]V{}} }

func (c *memo[V]) get(w string) (V, bool) {
	c.mu.RLock()
	v, ok := c.m[w]
	c.mu.RUnlock()
	return v, ok
}

func (c *memo[V]) put(w string, v V) {
	c.mu.Lock()
	if len(c.m) < memoMax {
		c.m[w] = v
	}
	c.mu.Unlock()
}
