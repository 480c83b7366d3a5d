package engine

import (
	"math"
	"runtime/debug"
	"sync"
	"time"

	"github.com/treenav/treenav/index"
)

// What a long-lived process does about a build's garbage (issue 26):
// once a build is done, its garbage (parse trees, posting buffers copied
// into the segment) stays resident until the runtime's scavenger returns
// it, slowly, while the server answers from a far smaller live heap.
//
// Tried and not kept: running big builds at GOGC=50. On the 25k-file
// corpus of the bench it lowered the cold build's peak RSS by 5 to 19%
// between runs for 7 to 13% more CPU, and on the 75k-file corpus not at
// all (6.61 GB before, 6.64 GB with it): the peak is what is live when
// the builders finish, not the collector's headroom.

// releaseBuildBytes is the source size from which a long-lived process
// returns a build's garbage to the system when it is done (one
// collection and a scavenge).
var releaseBuildBytes int64 = 64 << 20

// releaseGarbage returns the heap's free memory to the system (a
// collection, then the runtime's scavenge): after a build of
// releaseBuildBytes or more, or the first build after a snapshot load,
// whose garbage would otherwise stay resident for minutes while the
// server answers from a far smaller live heap.
func releaseGarbage() { debug.FreeOSMemory() }

// boundBuildHeap holds a big build's Go memory (heap, free spans not yet
// returned, runtime structures) to its live heap plus half of it (at
// least buildHeadroom) with a soft memory limit that follows the live
// heap as it grows, until stop. With the collector's default alone, a
// build's resident set rose to 2.5 times its live heap: the heap goal is
// twice the live heap at the last collection, and the spans freed after
// a collection stay resident until the runtime's background scavenger
// returns them, slowly. Under a limit the collector runs sooner and the
// scavenger returns freed spans at once. A limit the user set
// (GOMEMLIMIT) is never raised. On the 25k-file corpus of the bench
// (issue 26), builds run in turn: peak RSS 3.63 -> 2.55 GB for 15% more
// CPU (77.6 -> 89.0 s); on GOROOT 699 -> 622 MB for 3 to 5% more. A limit
// of twice the live heap saved less (3.33 GB), 1.75 times 3.09 GB.
func boundBuildHeap() (stop func()) {
	bound.mu.Lock()
	defer bound.mu.Unlock()
	bound.builds++
	if bound.builds == 1 {
		// The first of the builds that run at once (engines of one
		// process) starts the limit; the last one's stop lifts it (or
		// hands over to a server's bound).
		if !bound.serving {
			bound.user = debug.SetMemoryLimit(-1)
		}
		bound.stop = index.WatchLiveHeap(50*time.Millisecond, followLiveHeap(bound.user))
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			bound.mu.Lock()
			defer bound.mu.Unlock()
			bound.builds--
			if bound.builds == 0 {
				bound.stop()
				debug.SetMemoryLimit(bound.user)
				if bound.serving {
					// A server's bound takes over from the build's.
					bound.servingSet = 0
					followServing(liveHeap(), otherMemory())
				}
			}
		})
	}
}

// bound is the state of the limit boundBuildHeap keeps.
var bound struct {
	mu     sync.Mutex
	builds int    // the builds running under it
	user   int64  // the limit before the first of them
	stop   func() // ends the watch of the live heap
	// serving is set once a server's bound runs (servemem.go), and
	// servingSet is the limit it set last (0: none yet).
	serving    bool
	servingSet int64
	// searchWork is the most a search of the largest index served holds
	// while it runs (noteServed).
	searchWork int64
}

// followLiveHeap is what the watch of the live heap does: raise the
// memory limit to the live heap plus half (at least buildHeadroom), never
// above user.
func followLiveHeap(user int64) func(live uint64) bool {
	var set int64
	return func(live uint64) bool {
		limit := min(halfAbove(live, buildHeadroom), user)
		if limit > set {
			debug.SetMemoryLimit(limit)
			set = limit
		}
		return true
	}
}

// halfAbove is the live heap plus half of it, at least headroom more:
// the limit the build's and the server's bounds keep (the server adds the
// runtime's other memory).
func halfAbove(live uint64, headroom int64) int64 {
	l := int64(min(live, math.MaxInt64/4))
	return l + max(l/2, headroom)
}

// buildHeadroom is the least a bounded build's limit leaves above its
// live heap: a build's first collections, and a small one's, run at the
// collector's own pace.
const buildHeadroom = 256 << 20
