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

// A server's bound follows its live heap both ways, stays under the
// user's limit, yields to a build's bound while one runs, and takes over
// again when the build is done.
func TestBoundServingHeap(t *testing.T) {
	old := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(old)
	// waitLimit polls the limit until ok says it is right.
	waitLimit := func(what string, ok func(int64) bool) int64 {
		t.Helper()
		var l int64
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			if l = debug.SetMemoryLimit(-1); ok(l) {
				return l
			}
		}
		t.Errorf("%s: limit %d", what, l)
		return l
	}

	debug.SetMemoryLimit(math.MaxInt64)
	runtime.GC()
	stop := boundServingHeap()
	if again := boundServingHeap(); again == nil {
		t.Fatal("a second start returned no stop")
	}
	small := waitLimit("small heap", func(l int64) bool {
		return l < math.MaxInt64 && l >= int64(liveHeap())+servingHeadroom
	})

	// A live heap of 256 MB more raises the limit to at least that
	// and half of it again...
	big := make([]byte, 256<<20)
	for i := range big {
		big[i] = byte(i)
	}
	runtime.GC()
	grown := waitLimit("grown heap", func(l int64) bool { return l >= (256<<20)*3/2 && l > small })
	// ...while a build runs, the build's bound rules...
	stopBuild := boundBuildHeap()
	runtime.GC()
	time.Sleep(100 * time.Millisecond)
	if l := debug.SetMemoryLimit(-1); l < grown-grown/16 {
		t.Errorf("during a build the serving bound lowered the limit to %d (was %d)", l, grown)
	}
	runtime.KeepAlive(big)
	big = nil
	stopBuild()
	// ...and once the heap is freed the serving limit comes down.
	runtime.GC()
	waitLimit("freed heap", func(l int64) bool { return l < grown-(128<<20) })
	if l := debug.SetMemoryLimit(-1); l == math.MaxInt64 {
		t.Errorf("after the build the serving bound is gone")
	}
	stop()
	if l := debug.SetMemoryLimit(-1); l != math.MaxInt64 {
		t.Errorf("after stop the limit is %d, want the user's (none)", l)
	}

	// A user's limit is never raised.
	user := int64(32 << 20)
	debug.SetMemoryLimit(user)
	stop = boundServingHeap()
	if l := debug.SetMemoryLimit(-1); l > user {
		t.Errorf("user limit %d raised to %d", user, l)
	}
	stop()
	if l := debug.SetMemoryLimit(-1); l != user {
		t.Errorf("after stop the limit is %d, want the user's %d", l, user)
	}
}

func TestServingLimit(t *testing.T) {
	for _, c := range []struct {
		live, other uint64
		user, work  int64
		want        int64
	}{
		{0, 0, math.MaxInt64, 0, servingHeadroom},
		{100 << 20, 10 << 20, math.MaxInt64, 0, 110<<20 + servingHeadroom},
		{800 << 20, 20 << 20, math.MaxInt64, 0, 1220 << 20},
		{800 << 20, 20 << 20, math.MaxInt64, 100 << 20, 1220 << 20},
		// A search of every node needs more than half the live heap.
		{300 << 20, 20 << 20, math.MaxInt64, 240 << 20, 560 << 20},
		{800 << 20, 20 << 20, 1 << 30, 0, 1 << 30},
		{math.MaxUint64, 0, math.MaxInt64, 0, math.MaxInt64/4 + math.MaxInt64/8},
	} {
		if got := servingLimit(c.live, c.other, c.user, c.work); got != c.want {
			t.Errorf("servingLimit(%d, %d, %d, %d) = %d, want %d", c.live, c.other, c.user, c.work, got, c.want)
		}
	}
}
