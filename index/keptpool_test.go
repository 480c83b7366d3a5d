package index

import (
	"runtime"
	"testing"
)

// TestKeptPoolOutlivesCollections: what a keptPool holds is there after
// collections (a sync.Pool's is gone after two), up to keptBuffers
// buffers; a candidate slice larger than keptCandidates is not kept.
func TestKeptPoolOutlivesCollections(t *testing.T) {
	p := keptPool[[]int]{size: sliceBytes[int]}
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

	cp := newSlicePool[candidate]()
	big := make([]candidate, 0, keptCandidates+1)
	putSlice(&cp, &big)
	if b := cp.get(); cap(*b) != 0 {
		t.Errorf("a slice of %d candidates was kept, want it dropped", cap(*b))
	}
	small := make([]candidate, 3, 16)
	putSlice(&cp, &small)
	if b := cp.get(); cap(*b) != 16 || len(*b) != 0 {
		t.Errorf("kept slice: len %d cap %d, want 0 and 16", len(*b), cap(*b))
	}
}

// TestKeptPoolsShareABudget: the pools together keep at most keptBudget
// bytes; a buffer past it is dropped, and one taken out frees its share.
func TestKeptPoolsShareABudget(t *testing.T) {
	defer func(b int64) { keptBudget = b }(keptBudget)
	keptBudget = keptBytes.Load() + 1000*8
	a := keptPool[[]int64]{size: sliceBytes[int64]}
	b := keptPool[[]int64]{size: sliceBytes[int64]}
	x, y := make([]int64, 0, 600), make([]int64, 0, 600)
	a.put(&x)
	b.put(&y) // 1,200 of 1,000 words: dropped
	if got := a.get(); cap(*got) != 600 {
		t.Fatalf("a kept cap %d, want 600", cap(*got))
	}
	if got := b.get(); cap(*got) != 0 {
		t.Errorf("b kept a buffer past the budget (cap %d)", cap(*got))
	}
	// a's buffer is out: the budget has room for b's now.
	b.put(&y)
	if got := b.get(); cap(*got) != 600 {
		t.Errorf("b did not keep its buffer once a's was taken (cap %d)", cap(*got))
	}
}
