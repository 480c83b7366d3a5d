package index

import (
	"cmp"
	"slices"
)

// Where the mapped pages are. A loaded segment reads its tables in place
// from the snapshot's mapping (snapview.go), and the pages that queries
// touch count in the process's resident set. tableSpan names a stretch of
// the mapping by the table it holds, so that the bench (and whoever
// profiles memory) can say which tables a workload keeps resident: on
// the 25k-file corpus, after the bench's searches, nearly all of the node
// records and the references (docs/memory.md).

// tableSpan is one table's bytes in a loaded segment's mapping.
type tableSpan struct {
	name string
	b    []byte
}

// markTable records that d's bytes from offset from to its current
// offset hold table name.
func (d *dec) markTable(name string, from int) {
	if d.err == nil && from >= 0 && d.off > from {
		d.tables = append(d.tables, tableSpan{name, d.b[from:d.off]})
	}
}

// TableResidency is how much of one kind of table the loaded segments
// map, and how much of that is resident in the process.
type TableResidency struct {
	Table string `json:"table"`
	Bytes int64  `json:"bytes"`
	// Resident is the bytes of the table's pages that are in the
	// process's resident set; -1 where the system does not say
	// (outside Linux).
	Resident int64 `json:"resident_bytes"`
}

// MappedTables reports, by table and largest resident first, the tables
// the current view reads in place from its snapshot and how much of each
// is resident. Empty for an index built rather than loaded.
func (ix *Index) MappedTables() []TableResidency {
	v := ix.view()
	var spans []tableSpan
	for _, s := range v.segs {
		if s.inPlace() {
			spans = append(spans, s.tables...)
		}
	}
	res := residentOf(spans)
	at := map[string]int{} // table name to its index in out
	var out []TableResidency
	for i, t := range spans {
		k, ok := at[t.name]
		if !ok {
			k = len(out)
			at[t.name] = k
			out = append(out, TableResidency{Table: t.name})
		}
		r := &out[k]
		r.Bytes += int64(len(t.b))
		if res[i] < 0 || r.Resident < 0 {
			r.Resident = -1
		} else {
			r.Resident += res[i]
		}
	}
	slices.SortStableFunc(out, func(a, b TableResidency) int {
		return cmp.Or(cmp.Compare(b.Resident, a.Resident), cmp.Compare(b.Bytes, a.Bytes))
	})
	return out
}
