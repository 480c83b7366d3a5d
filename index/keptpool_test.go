package index

import (
	"runtime"
	"testing"
)

// TestKeptPoolOutlivesCollections: what a keptPool holds is there after
// collections (a sync.Pool's is gone after two), up to keptBuffers
// buffers; a candidate slice larger than keptCandidates is not kept.
func TestKeptPoolOutlivesCollections(t *testing.T) {
	var p keptPool[[]int]
	var put []*[]int
	for range keptBuffers + 2 {
		b := p.get()
		*b = make([]int, 0, 8)
		put = append(put, b)
	}
	for _, b := range put {
		p.put(b)
	}
	runtime.GC()
	runtime.GC()
	seen := map[*[]int]bool{}
	for range keptBuffers {
		b := p.get()
		if cap(*b) != 8 {
			t.Fatalf("got a new buffer after collections (cap %d), want a kept one", cap(*b))
		}
		seen[b] = true
	}
	if len(seen) != keptBuffers {
		t.Errorf("%d distinct kept buffers, want %d", len(seen), keptBuffers)
	}
	if b := p.get(); cap(*b) != 0 {
		t.Errorf("pool kept more than keptBuffers = %d buffers", keptBuffers)
	}

	var cp candidates
	big := make([]candidate, 0, keptCandidates+1)
	cp.put(&big)
	if b := cp.get(); cap(*b) != 0 {
		t.Errorf("a slice of %d candidates was kept, want it dropped", cap(*b))
	}
	small := make([]candidate, 3, 16)
	cp.put(&small)
	if b := cp.get(); cap(*b) != 16 || len(*b) != 0 {
		t.Errorf("kept slice: len %d cap %d, want 0 and 16", len(*b), cap(*b))
	}
}
