package index

// ReleaseIdle gives back what an index holds for the next queries and a
// server idle between requests need not keep: the buffers searches keep
// for the next (the keptPools), the texts grep and snippets keep (read
// again, and checked, by the next that needs them), and the resident
// pages of the snapshot's tables. The mappings stay: the next query
// faults what it reads back in from the page cache, a minor fault a few
// pages. It returns the bytes of mapping whose pages it dropped. Safe
// beside queries, which then only read some pages back sooner.
func (ix *Index) ReleaseIdle() int64 {
	for _, p := range keptPools {
		p.drain()
	}
	ix.grepTxt.dropAll()
	ix.cache.dropAll()
	ix.view().refCache.queries.dropAll()
	var advised int64
	seen := map[*snapshotFile]bool{}
	for _, s := range ix.view().segs {
		// A loaded segment's trigrams and references read the same
		// mapping as its tables (snapfile.go's keep sets the three),
		// which the view's segments keep from retire: its pages are the
		// file's, clean, and dropping them loses nothing.
		if f := s.src; f != nil && !seen[f] {
			seen[f] = true
			advised += f.dropResident()
		}
	}
	return advised
}
