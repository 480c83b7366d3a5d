package index

import (
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
)

// keptPool is a free list of a search's large buffers (candidates,
// per-segment accumulators, find_symbol's hits) that, unlike sync.Pool,
// the collector does not empty. A sync.Pool loses what it holds within
// two collections, and a server under its memory bound (engine's
// servingLimit) collects every few queries: a common word's search then
// allocated its buffers anew, tens of megabytes for "base64 encoding" on
// the 25k-file corpus, and the allocation ran a collection beside the
// search on a 2-core machine (its scoring 40-45 ms instead of 12-15 in a
// mixed sequence of the bench's searches and lookups).
//
// What the pools keep is bounded twice: each holds at most keptBuffers
// buffers, and all of them together at most keptBudget bytes (as size
// reports them); a buffer put past either is left to the collector, as
// sync.Pool would leave it, and the next search allocates again.
type keptPool[T any] struct {
	mu   sync.Mutex
	free []*T
	// size is a buffer's bytes, for keptBudget.
	size func(*T) int64
}

// keptBuffers is how many buffers a keptPool holds: one a search's worker
// and one for a search running beside it.
var keptBuffers = runtime.GOMAXPROCS(0) + 1

// keptBudget bounds the bytes all keptPools hold together: the 25k-file
// corpus's broadest searches keep about 40 MB; a bigger index's are
// allocated per search past it.
var keptBudget int64 = 64 << 20

// keptBytes is what the keptPools hold now.
var keptBytes atomic.Int64

// get returns a kept buffer, or a new one.
func (p *keptPool[T]) get() *T {
	p.mu.Lock()
	defer p.mu.Unlock()
	if n := len(p.free); n > 0 {
		x := p.free[n-1]
		p.free[n-1] = nil
		p.free = p.free[:n-1]
		keptBytes.Add(-p.size(x))
		return x
	}
	return new(T)
}

// put keeps x for a later get unless the pool is full or the pools'
// budget would be passed.
func (p *keptPool[T]) put(x *T) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.free) >= keptBuffers {
		return
	}
	n := p.size(x)
	if keptBytes.Add(n) > keptBudget {
		keptBytes.Add(-n)
		return
	}
	p.free = append(p.free, x)
}

// sliceBytes is the bytes of a slice's array.
func sliceBytes[E any](s *[]E) int64 {
	var e E
	return int64(cap(*s)) * int64(unsafe.Sizeof(e))
}

// keptCandidates is the most entries a kept slice may hold (24 MB of
// search candidates): more is a rare search's, allocated again the next
// time.
const keptCandidates = 1 << 20

// keptPools are every keptPool, for ReleaseIdle to empty: a new pool is
// listed here.
var keptPools = []interface{ drain() }{&candidatePool, &sharePool, &scratchPool, &symHitPool, &scorePool}

// drain forgets the buffers p keeps.
func (p *keptPool[T]) drain() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for i, x := range p.free {
		keptBytes.Add(-p.size(x))
		p.free[i] = nil
	}
	p.free = p.free[:0]
}

// newSlicePool is a keptPool of slices of E.
func newSlicePool[E any]() keptPool[[]E] { return keptPool[[]E]{size: sliceBytes[E]} }

// putSlice keeps the slice *s, emptied, in p, unless it holds more than
// keptCandidates entries.
func putSlice[E any](p *keptPool[[]E], s *[]E) {
	if cap(*s) > keptCandidates {
		return
	}
	*s = (*s)[:0]
	p.put(s)
}
