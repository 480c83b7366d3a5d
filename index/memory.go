package index

import (
	"bytes"
	"os"
	"runtime"
	"runtime/metrics"
	"strconv"
	"sync"
	"time"
)

// Memory is what the process holds, by kind, as index_status reports it:
// the Go heap, which grows with what the index decodes and builds; memory
// the index maps from its snapshot (read in place by the operating
// system, paged in as queries touch it); and the resident set, which is
// what the machine pays for all of it.
type Memory struct {
	// HeapInUse is the Go heap's spans in use (runtime.MemStats.HeapInuse):
	// live objects and the garbage not yet collected.
	HeapInUse uint64 `json:"heap_in_use_bytes"`
	// HeapSys is the heap address space the runtime holds
	// (HeapSys): in use, idle, and released back to the system.
	HeapSys uint64 `json:"heap_sys_bytes"`
	// Mapped is the bytes of the snapshot tables (postings, positions,
	// trigrams, nodes, norms, symbols, anchors) that loaded indexes read
	// in place from a memory mapping of their snapshot rather than from
	// the heap: the operating system
	// pages in what queries read, and only that counts in RSS. 0 for an
	// index built rather than loaded, and where the snapshot is read into
	// the heap (outside Linux).
	Mapped uint64 `json:"mapped_bytes"`
	// RSS is the process's resident set (/proc/self/statm); absent
	// where the system does not say (outside Linux).
	RSS uint64 `json:"rss_bytes,omitempty"`
	// RSSFile is the part of RSS that is pages of files mapped into the
	// process (statm's shared pages): the program's code and the pages of
	// the snapshot (and spill files) that queries have read. They are
	// clean: the system drops them under memory pressure and reads them
	// again from the page cache or the disk. RSS less RSSFile is what
	// the process alone holds (the heap, stacks, the parsers' memory).
	RSSFile uint64 `json:"rss_file_bytes,omitempty"`
}

// ReadMemory reports the process's memory now. It reads the runtime's
// statistics (a short stop of the world) and, on Linux, /proc/self/statm.
func ReadMemory() Memory {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return memoryOf(&ms)
}

func memoryOf(ms *runtime.MemStats) Memory {
	rss, file := residentBytes()
	return Memory{HeapInUse: ms.HeapInuse, HeapSys: ms.HeapSys, Mapped: uint64(max(0, mappedBytes.Load())), RSS: rss, RSSFile: file}
}

// residentBytes is the resident set size from /proc/self/statm (its
// second field, in pages) and of it the pages shared with files (its
// third), or 0 where there is no such file.
func residentBytes() (rss, file uint64) {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0, 0
	}
	f := bytes.Fields(b)
	if len(f) < 3 {
		return 0, 0
	}
	pages, err := strconv.ParseUint(string(f[1]), 10, 64)
	if err != nil {
		return 0, 0
	}
	shared, err := strconv.ParseUint(string(f[2]), 10, 64)
	if err != nil || shared > pages {
		shared = 0
	}
	page := uint64(os.Getpagesize())
	return pages * page, shared * page
}

// LiveHeap is the bytes the last collection found reachable
// (runtime/metrics' /gc/heap/live:bytes); false where the runtime does not
// say.
func LiveHeap() (uint64, bool) {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0, false
	}
	return s[0].Value.Uint64(), true
}

// WatchLiveHeap calls f with the live heap (the bytes the last collection
// found reachable, runtime/metrics' /gc/heap/live:bytes) every interval,
// on its own goroutine, until stop; f returns false to stop early. The
// engine bounds a big build's memory with it, the bench profiles a build
// at its peak.
func WatchLiveHeap(every time.Duration, f func(live uint64) bool) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
			}
			live, ok := LiveHeap()
			if !ok || !f(live) {
				return
			}
		}
	}()
	var once sync.Once
	return func() { once.Do(func() { close(done); wg.Wait() }) }
}
