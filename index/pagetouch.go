package index

import "unsafe"

// writeEachPage stores the zero value in one element of every memory page
// of s (every element is zero already: s is freshly made).
//
// Memory fresh from the kernel that is read before it is written is
// mapped to the shared zero page; the first write to each page then
// copies it (a write-protect fault) and flushes the old mapping from the
// TLB of every core running the process, an interrupt to each. A
// search's per-node accumulators are read before they are written
// (scoreSegment reads a node's current score, then raises it), so the
// first search after a start made two faults a page and an interrupt per
// page to the other core: on the 25k-file corpus, 305 of the first
// search's samples (76 ms of CPU on two cores) were those flushes.
// Written first, a page takes one fault and no flush.
func writeEachPage[T any](s []T) {
	var zero T
	size := int(unsafe.Sizeof(zero))
	if size == 0 || len(s) == 0 {
		return
	}
	// A step of at most a page's bytes lands in every page at least once.
	step := max(1, pageBytes/size)
	for i := 0; i < len(s); i += step {
		s[i] = zero
	}
	s[len(s)-1] = zero
}

// pageBytes is the smallest page size of the machines treenav runs on.
const pageBytes = 4096
