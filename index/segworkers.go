package index

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// segmentWorkers is how many workers a query's work over the view's
// segments may use: one a core, at most one a segment.
func (v *view) segmentWorkers() int {
	return min(runtime.GOMAXPROCS(0), len(v.segs))
}

// onSegments does the work of segments 0..n-1 on workers goroutines,
// each taking the next segment not taken: segments differ in size, and a
// fixed split left one worker idle. worker(k) is called once in worker k
// and returns what it does with each segment it takes, with state of its
// own (a query's memos are not shared between goroutines).
func onSegments(n, workers int, worker func(k int) func(si int)) {
	var next atomic.Int32
	var wg sync.WaitGroup
	for k := range workers {
		wg.Go(func() {
			do := worker(k)
			for {
				si := int(next.Add(1)) - 1
				if si >= n {
					return
				}
				do(si)
			}
		})
	}
	wg.Wait()
}
