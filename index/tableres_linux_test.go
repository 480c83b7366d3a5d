package index

import (
	"syscall"
	"testing"
)

// TestMappedTables: a loaded index names the tables it reads in place,
// covering its segments' bytes, and says how much of each is resident:
// all of a table just read, none of it once its pages are dropped.
func TestMappedTables(t *testing.T) {
	ix, path := inPlaceFixture(t)
	loaded := New()
	if _, err := loaded.Load(path, "fp"); err != nil {
		t.Fatal(err)
	}
	loaded.SetSource(*ix.source.Load())
	if got := ix.MappedTables(); len(got) != 0 {
		t.Errorf("an index built in the heap maps tables: %+v", got)
	}
	byName := map[string]TableResidency{}
	var sum int64
	for _, r := range loaded.MappedTables() {
		byName[r.Table] = r
		sum += r.Bytes
	}
	for _, name := range []string{"node records", "node strings", "norms", "hot", "terms", "postings", "positions", "posting columns", "symbols", "trigrams", "references"} {
		if byName[name].Bytes <= 0 {
			t.Errorf("table %q: %+v, want some bytes", name, byName[name])
		}
	}
	// The tables are most of a snapshot: the rest is documents' metadata
	// and the headers.
	if seg := int64(len(loaded.view().segs[0].src.b)); sum > seg || 2*sum < seg {
		t.Errorf("the tables hold %d bytes of a %d-byte snapshot", sum, seg)
	}

	// Reading every byte of the positions makes all of them resident;
	// dropping their pages makes none of them (the pages they share
	// with the tables beside them included).
	s := loaded.view().segs[0]
	for _, c := range s.pos {
		tableSink += c
	}
	r := residentTable(loaded, "positions")
	if r.Resident != r.Bytes {
		t.Errorf("positions just read: %d of %d bytes resident", r.Resident, r.Bytes)
	}
	if err := syscall.Madvise(s.src.b, syscall.MADV_DONTNEED); err != nil { // the kernel rounds the length up to a page
		t.Fatal(err)
	}
	for _, r := range loaded.MappedTables() {
		if r.Resident != 0 {
			t.Errorf("table %q after its pages were dropped: %d of %d bytes resident", r.Table, r.Resident, r.Bytes)
		}
	}
}

// tableSink keeps the test's reads of a table from being optimized away:
// summed into a local that nothing used, the loop was dropped, and the
// positions were resident only when a neighbouring read had faulted them
// in (11 failures in 200 runs).
var tableSink byte

func residentTable(ix *Index, name string) TableResidency {
	for _, r := range ix.MappedTables() {
		if r.Table == name {
			return r
		}
	}
	return TableResidency{}
}
