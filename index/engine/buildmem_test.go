package engine

import (
	"runtime/debug"
	"testing"
)

// TestLowerGC: a big build runs under buildGCPercent and restores the
// previous target when the last big build is done; a small one, a lower
// target already set, or GOGC in the environment are left alone.
func TestLowerGC(t *testing.T) {
	t.Setenv("GOGC", "")
	prev := debug.SetGCPercent(100)
	defer debug.SetGCPercent(prev)
	gcPercent := func() int { p := debug.SetGCPercent(-1); debug.SetGCPercent(p); return p }

	lowerGC(gcBuildBytes - 1)()
	if p := gcPercent(); p != 100 {
		t.Fatalf("a small build set GOGC %d", p)
	}
	r1 := lowerGC(gcBuildBytes)
	r2 := lowerGC(gcBuildBytes)
	if p := gcPercent(); p != buildGCPercent {
		t.Fatalf("during big builds GOGC %d, want %d", p, buildGCPercent)
	}
	r1()
	if p := gcPercent(); p != buildGCPercent {
		t.Fatalf("one of two big builds done: GOGC %d, want %d", p, buildGCPercent)
	}
	r2()
	if p := gcPercent(); p != 100 {
		t.Fatalf("after the big builds GOGC %d, want 100 back", p)
	}
	debug.SetGCPercent(20)
	lowerGC(gcBuildBytes)()
	if p := gcPercent(); p != 20 {
		t.Fatalf("a lower target was changed to %d", p)
	}
	debug.SetGCPercent(100)
	t.Setenv("GOGC", "200")
	r := lowerGC(gcBuildBytes)
	if p := gcPercent(); p != 100 {
		t.Fatalf("GOGC in the environment, yet the target became %d", p)
	}
	r()
}
