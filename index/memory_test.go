package index

import (
	"encoding/json"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestStatsMemory: Stats reports the heap in use and reserved, the mapped
// bytes (the process's: what earlier tests' loaded indexes still map),
// and on Linux the resident set, under their own JSON names beside
// heap_bytes. TestSnapshotMappingLifetime sees a load's tables counted.
func TestStatsMemory(t *testing.T) {
	keep := make([]byte, 64<<20) // resident: the resident set must count it
	for i := range keep {
		keep[i] = 1
	}
	mapped := settledMapped()
	st := New().Stats()
	m := st.Memory
	if m.HeapInUse < 64<<20 || m.HeapSys < m.HeapInUse {
		t.Errorf("heap in use %d, reserved %d: want at least 64 MiB in use, reserved >= in use", m.HeapInUse, m.HeapSys)
	}
	if m.Mapped != uint64(mapped) {
		t.Errorf("mapped %d, want the %d bytes of the live mappings", m.Mapped, mapped)
	}
	if runtime.GOOS == "linux" && m.RSS < 64<<20 {
		t.Errorf("RSS %d, want at least the 64 MiB just written", m.RSS)
	}
	b, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{`"heap_bytes":`, `"heap_in_use_bytes":`, `"heap_sys_bytes":`, `"mapped_bytes":`} {
		if !strings.Contains(string(b), k) {
			t.Errorf("stats JSON lacks %s: %s", k, b)
		}
	}
	if runtime.GOOS == "linux" && !strings.Contains(string(b), `"rss_bytes":`) {
		t.Errorf("stats JSON lacks rss_bytes on Linux: %s", b)
	}
	runtime.KeepAlive(keep)
}

// TestAfterEachGC: f sees each collection's live heap, which a new 32 MiB
// of reachable memory raises; none is called once stop has returned, and
// f's false ends the watch.
func TestAfterEachGC(t *testing.T) {
	calls := make(chan uint64, 64)
	stop := AfterEachGC(func(live uint64) bool {
		select {
		case calls <- live:
		default:
		}
		return true
	})
	next := func(what string) uint64 {
		t.Helper()
		runtime.GC()
		select {
		case live := <-calls:
			return live
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: f not called after a collection", what)
			return 0
		}
	}
	before := next("first")
	keep := make([]byte, 32<<20)
	for len(calls) > 0 {
		<-calls
	}
	if after := next("grown"); after < before+32<<20-(4<<20) {
		t.Errorf("live heap %d after a reachable 32 MiB, was %d", after, before)
	}
	runtime.KeepAlive(keep)
	stop()
	for len(calls) > 0 {
		<-calls
	}
	runtime.GC()
	runtime.GC()
	time.Sleep(50 * time.Millisecond)
	if len(calls) > 0 {
		t.Errorf("f called %d times after stop", len(calls))
	}

	n := 0
	done := make(chan bool, 8)
	AfterEachGC(func(uint64) bool { n++; done <- true; return false })
	runtime.GC()
	<-done
	runtime.GC()
	runtime.GC()
	time.Sleep(50 * time.Millisecond)
	if len(done) > 0 || n != 1 {
		t.Errorf("f that returned false was called %d times", n)
	}
}
