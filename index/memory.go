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
	// Retired is the memory that keeps the string blobs (node names,
	// anchors and titles, dictionary terms, reference names) of
	// snapshots no loaded segment reads any more readable, for the
	// strings made from them that answers and caches may still hold: a
	// mapping goes when its last segment does (an update rewrote most
	// of them, a build merged its spilled segments), all but those
	// pages, which stay as a copy. Absent while no mapping has gone.
	Retired uint64 `json:"retired_bytes,omitempty"`
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
	return Memory{HeapInUse: ms.HeapInuse, HeapSys: ms.HeapSys, Mapped: uint64(max(0, mappedBytes.Load())),
		Retired: uint64(max(0, retiredBytes.Load())), RSS: rss, RSSFile: file}
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

// AfterEachGC calls f with the live heap after each collection, until
// stop or f returns false: a cleanup attached to an unreachable sentinel
// runs once a collection has found it so, and arms the next. A server's
// memory bound follows the live heap by it (engine/servemem.go): polled
// once a second, the bound lagged the heap that a warm start's first
// queries grow (tables built on first use), and for that second the
// collector ran back to back under a limit set for the loaded heap alone.
// f runs on the runtime's cleanup goroutine: it must be quick and must
// not wait for a collection. After stop, f is not called again.
func AfterEachGC(f func(live uint64) bool) (stop func()) {
	w := &gcWatch{f: f}
	w.arm()
	return func() {
		w.mu.Lock()
		w.stopped = true
		w.mu.Unlock()
	}
}

// gcWatch is AfterEachGC's state: mu orders a call of f with stop, so
// that none starts once stop has returned.
type gcWatch struct {
	mu      sync.Mutex
	stopped bool
	f       func(live uint64) bool
}

// gcSentinel is the object whose collection AfterEachGC waits for; the
// pointer keeps it out of the tiny allocator, whose blocks are freed
// together and may never be.
type gcSentinel struct{ _ *byte }

func (w *gcWatch) arm() {
	runtime.AddCleanup(new(gcSentinel), func(w *gcWatch) {
		w.mu.Lock()
		defer w.mu.Unlock()
		if w.stopped {
			return
		}
		if live, ok := LiveHeap(); !ok || !w.f(live) {
			w.stopped = true
			return
		}
		w.arm()
	}, w)
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
