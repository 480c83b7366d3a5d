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
	v := ix.view()
	var advised int64
	seen := map[*snapshotFile]bool{}
	for _, s := range v.segs {
		// A live segment keeps its mapping, never retired while the
		// view refers to it (snapfile.go's keep): its pages are the
		// file's, clean, and dropping them loses nothing.
		for _, f := range []*snapshotFile{s.src, gramSrc(s), refSrc(s)} {
			if f != nil && !seen[f] {
				seen[f] = true
				advised += f.dropResident()
			}
		}
	}
	return advised
}

func gramSrc(s *segment) *snapshotFile {
	if s.grams == nil {
		return nil
	}
	return s.grams.src
}

func refSrc(s *segment) *snapshotFile {
	if s.refTable == nil {
		return nil
	}
	return s.refTable.src
}

// keptPools are the keptPools ReleaseIdle empties: every one.
var keptPools = []interface{ drain() }{&candidatePool, &sharePool, &scratchPool, &symHitPool, &scorePool}

// drain forgets the buffers p keeps.
func (p *keptPool[T]) drain() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for i, x := range p.free {
		keptBytes.Add(-p.size(x))
		p.free[i] = nil
	}
	p.free = p.free[:0]
}

// dropAll forgets every kept text.
func (t *grepText) dropAll() {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, e := range t.files {
		e.dropped.Store(true)
	}
	t.files, t.bytes = nil, 0
}

// dropAll forgets the files read.
func (c *contentCache) dropAll() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.files, c.order = nil, nil
}
