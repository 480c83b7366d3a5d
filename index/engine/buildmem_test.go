package engine

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// boundBuildHeap sets a soft memory limit while a build runs, never above
// one the user set, and gives the old limit back when it stops.
func TestBoundBuildHeap(t *testing.T) {
	old := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(old)
	for _, user := range []int64{math.MaxInt64, 3 << 30, 64 << 20} {
		debug.SetMemoryLimit(user)
		runtime.GC() // a live heap figure to follow
		stop := boundBuildHeap()
		deadline := time.Now().Add(5 * time.Second)
		var during int64
		for time.Now().Before(deadline) {
			if during = debug.SetMemoryLimit(-1); during != user || user == 64<<20 {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		stop()
		if user == math.MaxInt64 && (during == math.MaxInt64 || during < buildHeadroom) {
			t.Errorf("no user limit: %d while building, want a limit of at least %d", during, buildHeadroom)
		}
		if during > user {
			t.Errorf("user limit %d raised to %d", user, during)
		}
		if after := debug.SetMemoryLimit(-1); after != user {
			t.Errorf("after the build the limit is %d, want the user's %d back", after, user)
		}
	}
}

// Builds that overlap (two engines of one process) share the limit: the
// user's comes back when the last one stops, whatever the order.
func TestBoundBuildHeapOverlapping(t *testing.T) {
	old := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(old)
	debug.SetMemoryLimit(math.MaxInt64)
	runtime.GC()
	stopA := boundBuildHeap()
	time.Sleep(120 * time.Millisecond)
	stopB := boundBuildHeap()
	stopA()
	if l := debug.SetMemoryLimit(-1); l == math.MaxInt64 {
		t.Errorf("one build still runs, and the limit is lifted")
	}
	stopB()
	stopB() // a second call does nothing
	if l := debug.SetMemoryLimit(-1); l != math.MaxInt64 {
		t.Errorf("after both builds the limit is %d, want none (%d)", l, int64(math.MaxInt64))
	}
}
