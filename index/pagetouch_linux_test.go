package index

import (
	"syscall"
	"testing"
	"unsafe"
)

// minorFaults is the process's minor page faults so far.
func minorFaults(t *testing.T) int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return ru.Minflt
}

// freshAccs maps n accumulators of memory the process never touched, as
// the heap's fresh spans are.
func freshAccs(t *testing.T, n int) []nodeAcc {
	size := n * int(unsafe.Sizeof(nodeAcc{}))
	b, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		t.Skip("no anonymous mapping:", err)
	}
	// No huge pages: their one fault a 2 MB page would hide the count.
	_ = syscall.Madvise(b, syscall.MADV_NOHUGEPAGE)
	t.Cleanup(func() { syscall.Munmap(b) })
	return unsafe.Slice((*nodeAcc)(unsafe.Pointer(&b[0])), n)
}

// readThenWrite is scoreSegment's use of an accumulator: read, then
// raised.
func readThenWrite(accs []nodeAcc) {
	for i := range accs {
		if accs[i].cur == 0 {
			accs[i].cur = 1
		}
	}
}

// TestWriteEachPageSparesTheSecondFault checks that accumulators written
// once a page before use fault once a page, where read first they fault
// twice (the zero page, then its copy on the first write).
func TestWriteEachPageSparesTheSecondFault(t *testing.T) {
	const n = 1 << 20 // 16 MB, 4,096 pages
	pages := int64(n * int(unsafe.Sizeof(nodeAcc{})) / pageBytes)

	cold := freshAccs(t, n)
	f0 := minorFaults(t)
	readThenWrite(cold)
	readFirst := minorFaults(t) - f0

	warm := freshAccs(t, n)
	f1 := minorFaults(t)
	writeEachPage(warm)
	touched := minorFaults(t) - f1
	f2 := minorFaults(t)
	readThenWrite(warm)
	after := minorFaults(t) - f2

	t.Logf("%d pages: read first %d faults; written first %d, then %d", pages, readFirst, touched, after)
	if readFirst < pages*3/2 {
		t.Skipf("read-first use faulted %d times for %d pages: this kernel does not map the zero page, nothing to compare", readFirst, pages)
	}
	if after > pages/16 {
		t.Errorf("after writeEachPage, use faulted %d times for %d pages: pages were left untouched", after, pages)
	}
	if touched > pages*5/4 {
		t.Errorf("writeEachPage faulted %d times for %d pages: want about one a page", touched, pages)
	}
	for i := range warm {
		if warm[i] != (nodeAcc{cur: 1}) {
			t.Fatalf("accumulator %d = %+v after use", i, warm[i])
		}
	}
}
