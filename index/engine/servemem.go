package engine

import (
	"math"
	"runtime/debug"
	"runtime/metrics"

	"github.com/treenav/treenav/index"
)

// A server's memory between builds (issue 26). With the collector's
// default (GOGC=100) a server's heap grows to twice its live heap between
// collections, and the spans freed by a collection stay resident until
// the background scavenger returns them: on the bench's 25k-file corpus
// a warm-started server that had answered a few hundred queries held
// 1.39 GB of heap for about 0.8 GB live. Once its first build is done, a
// server (EngineOptions.ReleaseMemory) keeps a soft memory limit of its
// live heap plus half (at least servingHeadroom), following the live
// heap both ways, never above a limit the user set (GOMEMLIMIT). A big
// build's own bound (buildmem.go) takes over while it runs.

// servingHeadroom is the least the serving limit leaves above the live
// heap: a small index's queries and updates run at the collector's own
// pace.
const servingHeadroom = 64 << 20

// servingLimit is the memory limit for a server whose live heap is live,
// whose Go memory besides the heap (stacks, the collector's and the
// runtime's own) is other and whose largest search holds work while it
// runs: live plus half, at least servingHeadroom and work above it, plus
// other (the limit counts all of the runtime's memory), never above user.
func servingLimit(live, other uint64, user, work int64) int64 {
	return min(halfAbove(live, max(servingHeadroom, work))+int64(min(other, math.MaxInt64/4)), user)
}

// searchBytesPerNode is what a search that matches every node holds
// while it runs, a node: its candidate (24 bytes, in a slice that grows
// by doubling), its score in the copy kthScore selects from, and the
// workers' shares. A search of a common word or a path every file
// shares ("Copy" on the 75k-file corpus: 3.75 M candidates) holds about
// that, and the headroom half the live heap leaves does not scale with
// it: once the node strings were read in place, the 75k corpus's live
// heap fell by a third, its headroom with it, and that search ran the
// collector back to back (0.61 s at best instead of 0.25).
const searchBytesPerNode = 64

// noteServed records the nodes of an index a server answers from: the
// serving limit leaves room for a search of all of them (the largest
// index the process serves).
func noteServed(nodes int) {
	bound.mu.Lock()
	defer bound.mu.Unlock()
	bound.searchWork = max(bound.searchWork, int64(nodes)*searchBytesPerNode)
}

// boundServingHeap starts the serving bound, once per process (the limit
// is the process's, whatever the number of engines); stop lifts it and
// gives the user's limit back (tests; a server keeps it for its life).
// A second call while it runs does nothing and returns a stop that does
// nothing.
func boundServingHeap() (stop func()) {
	bound.mu.Lock()
	defer bound.mu.Unlock()
	if bound.serving {
		return func() {}
	}
	bound.serving = true
	if bound.builds == 0 {
		bound.user = debug.SetMemoryLimit(-1)
	}
	bound.servingSet = 0
	followServing(liveHeap(), otherMemory())
	// After each collection, not on a clock: a bound read once a second
	// lagged the heap a warm start's first queries grow, and the
	// collector ran back to back under the loaded heap's limit (25k-file
	// corpus: the first round of the bench's queries 1.01-1.02 s in all,
	// 0.68-0.72 s read every 100 ms).
	end := index.AfterEachGC(func(live uint64) bool {
		bound.mu.Lock()
		defer bound.mu.Unlock()
		if bound.builds == 0 {
			followServing(live, otherMemory())
		}
		return true
	})
	return func() {
		end()
		bound.mu.Lock()
		defer bound.mu.Unlock()
		bound.serving = false
		if bound.builds == 0 {
			debug.SetMemoryLimit(bound.user)
		}
	}
}

// followServing sets the serving limit for live when it moved by more
// than a sixteenth from the last one set (bound.mu held): the live heap
// of a server moves a little with every collection.
func followServing(live, other uint64) {
	limit := servingLimit(live, other, bound.user, bound.searchWork)
	if set := bound.servingSet; set > 0 && limit > set-set/16 && limit < set+set/16 {
		return
	}
	debug.SetMemoryLimit(limit)
	bound.servingSet = limit
}

// otherMemory is the Go runtime's memory that is not heap: what the
// memory limit counts besides it (all of the runtime's memory but the
// heap's spans, and those returned to the system).
func otherMemory() uint64 {
	s := []metrics.Sample{
		{Name: "/memory/classes/total:bytes"},
		{Name: "/memory/classes/heap/released:bytes"},
		{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/memory/classes/heap/unused:bytes"},
		{Name: "/memory/classes/heap/free:bytes"},
	}
	metrics.Read(s)
	for _, x := range s {
		if x.Value.Kind() != metrics.KindUint64 {
			return 0
		}
	}
	total := s[0].Value.Uint64()
	heap := s[1].Value.Uint64() + s[2].Value.Uint64() + s[3].Value.Uint64() + s[4].Value.Uint64()
	if heap > total {
		return 0
	}
	return total - heap
}

// liveHeap is the live heap at the last collection; 0 before the first.
func liveHeap() uint64 {
	live, _ := index.LiveHeap()
	return live
}
