package engine

import (
	"os"
	"runtime/debug"
	"sync"
)

// What a build does about the Go garbage collector (issue 26). A build's
// heap is mostly what it keeps (posting buffers, node lists), and with
// the default GOGC of 100 the heap may grow to twice what is live before
// a collection: peak RSS is about 2.5 times the index being built. And
// once a build is done, the garbage of it (parse trees, posting buffers
// copied into the segment) stays resident until the runtime's scavenger
// returns it, slowly.

// gcBuildBytes is the source size from which a build runs under
// buildGCPercent, unless GOGC is set in the environment. The lower target
// costs CPU (more collections: the 25k-file corpus's build took 7% more
// CPU) for a lower peak (2.69 -> 2.32 GB there): below this size the peak
// stays under a gigabyte and the build's speed is what counts.
var gcBuildBytes int64 = 256 << 20

// buildGCPercent is the collector's target (as GOGC) while a build of
// gcBuildBytes or more runs.
const buildGCPercent = 50

// releaseBuildBytes is the source size from which a long-lived process
// returns a build's garbage to the system when it is done (one
// collection and a scavenge).
var releaseBuildBytes int64 = 64 << 20

var (
	gcMu     sync.Mutex
	gcBuilds int // builds under buildGCPercent running
	gcSaved  int // the GC percent before the first of them
)

// lowerGC sets buildGCPercent for a build of srcBytes of source, from
// gcBuildBytes, and returns what restores the previous target once the
// last such build running is done. A lower target already set is kept.
func lowerGC(srcBytes int64) (restore func()) {
	if srcBytes < gcBuildBytes || os.Getenv("GOGC") != "" {
		return func() {}
	}
	gcMu.Lock()
	defer gcMu.Unlock()
	if gcBuilds == 0 {
		gcSaved = debug.SetGCPercent(buildGCPercent)
		if gcSaved < buildGCPercent {
			debug.SetGCPercent(gcSaved) // lower already, or off: the program's choice
		}
	}
	gcBuilds++
	return func() {
		gcMu.Lock()
		defer gcMu.Unlock()
		if gcBuilds--; gcBuilds == 0 {
			debug.SetGCPercent(gcSaved)
		}
	}
}

// releaseGarbage returns the heap's free memory to the system (a
// collection, then the runtime's scavenge): after a build of
// releaseBuildBytes or more, or the first build after a snapshot load,
// whose garbage would otherwise stay resident for minutes while the
// server answers from a far smaller live heap.
func releaseGarbage() { debug.FreeOSMemory() }
