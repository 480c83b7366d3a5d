package index

import (
	"encoding/json"
	"runtime"
	"strings"
	"testing"
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
