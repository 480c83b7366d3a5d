package index

import (
	"runtime"
	"sync"
)

// keptPool is a free list of a search's large buffers (candidates,
// per-segment accumulators) that, unlike sync.Pool, the collector does
// not empty. A sync.Pool loses what it holds within two collections, and
// a server under its memory bound (engine's servingLimit) collects every
// few queries: a common word's search then allocated its buffers anew,
// tens of megabytes for "base64 encoding" on the 25k-file corpus, and
// the allocation ran a collection beside the search on a 2-core machine
// (its scoring 40-45 ms instead of 12-15 in a mixed sequence of the
// bench's searches and lookups). A pool keeps at most keptBuffers
// buffers, and put drops a buffer its caller judges too large to keep
// (fits), so what it holds stays bounded by the largest searches' needs.
type keptPool[T any] struct {
	mu   sync.Mutex
	free []*T
}

// keptBuffers is how many buffers a keptPool holds: one a search's worker
// and one for a search running beside it.
var keptBuffers = runtime.GOMAXPROCS(0) + 1

// get returns a kept buffer, or a new one.
func (p *keptPool[T]) get() *T {
	p.mu.Lock()
	defer p.mu.Unlock()
	if n := len(p.free); n > 0 {
		x := p.free[n-1]
		p.free[n-1] = nil
		p.free = p.free[:n-1]
		return x
	}
	return new(T)
}

// put keeps x for a later get unless the pool is full.
func (p *keptPool[T]) put(x *T) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.free) < keptBuffers {
		p.free = append(p.free, x)
	}
}
