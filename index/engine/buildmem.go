package engine

import "runtime/debug"

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
