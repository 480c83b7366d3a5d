package index

import (
	"fmt"
	"runtime"
	"runtime/debug"
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
//
// With one worker (or none) the segments are done in order in the
// caller's goroutine: the one loop a small query or a one-core machine
// runs, so that callers have a single path.
//
// A panic in a worker stops the others taking segments and is raised
// again in the caller, with the worker's stack: the server turns a
// request's panic into an error for that request (mcp's guard), which it
// cannot do for a goroutine of its own.
func onSegments(n, workers int, worker func(k int) func(si int)) {
	if workers <= 1 {
		do := worker(0)
		for si := range n {
			do(si)
		}
		return
	}
	var next atomic.Int32
	var failed atomic.Pointer[workerPanic]
	var wg sync.WaitGroup
	for k := range workers {
		wg.Go(func() {
			defer func() {
				if p := recover(); p != nil {
					failed.CompareAndSwap(nil, &workerPanic{p, debug.Stack()})
					next.Store(int32(n))
				}
			}()
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
	if p := failed.Load(); p != nil {
		panic(p)
	}
}

// workerPanic is a worker's panic raised again by onSegments.
type workerPanic struct {
	value any
	stack []byte
}

func (p *workerPanic) Error() string {
	return fmt.Sprintf("%v (in a segment worker:\n%s)", p.value, p.stack)
}
