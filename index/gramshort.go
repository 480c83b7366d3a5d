package index

import (
	"slices"
	"strings"
	"sync"
)

// Short strings: a pattern whose required strings are all shorter than a
// trigram ([а-я]+ needs one byte of 0xd0 or 0xd1 then another, x+y needs
// "xy") gives no trigram query, and every file used to be read. The
// trigram keys still tell which files hold a byte or a pair of bytes: a
// file holds "xy" when one of its trigrams starts or ends with it (a file
// of three bytes or more), so one pass over a segment's keys finds the
// files, without a change to the index. The pass costs a few hundred
// microseconds; when the postings it finds are too many to be worth
// decoding (a common pair, such as "//" or "e"), every file is read as
// before.

// shortQuery returns the query of the strings one of which every match
// holds, when the trigram analysis found none: the best of the exact,
// prefix and suffix sets, each string cut to its first (suffixes: last)
// two bytes. Nil when no set helps: one holds the empty string, or is
// too large.
func (info *regexpInfo) shortQuery() *gramQuery {
	var best stringSet
	bestLen := 0
	for i, set := range []stringSet{info.exact, info.prefix, info.suffix} {
		if set == nil || len(set) > maxSet {
			continue
		}
		n := set.minLen()
		if n == 0 || n <= bestLen {
			continue
		}
		cut := make(stringSet, 0, len(set))
		for _, s := range set {
			switch {
			case len(s) <= 2:
			case i == 2:
				s = s[len(s)-2:]
			default:
				s = s[:2]
			}
			cut = append(cut, s)
		}
		best, bestLen = cut, n
	}
	if best == nil {
		return nil
	}
	slices.Sort(best)
	return &gramQuery{op: gramShort, short: slices.Compact(best)}
}

// shortPostingBudget bounds the posting bytes a short query decodes, per
// document of the segment: past it the strings are too common to narrow
// the files much, and decoding them costs more than it saves.
const shortPostingBudget = 12

// shortTextPerByte: a short query may also decode one posting byte per
// this many bytes of the segment's text.
const shortTextPerByte = 32

// evalShort returns the units of s that hold one of the strings (one
// or two bytes each, lowercased as the index is), or all when that is
// too costly to tell.
func (q *gramQuery) evalShort(s *segment) (docs []uint32, all bool) {
	g := s.grams
	if g == nil {
		return nil, true
	}
	var single [256]bool
	var pair [1 << 16 / 64]uint64
	for _, str := range q.short {
		if len(str) == 1 {
			single[str[0]] = true
		} else {
			k := uint32(str[0])<<8 | uint32(str[1])
			pair[k>>6] |= 1 << (k & 63)
		}
	}
	hasPair := func(k uint32) bool { return pair[k>>6]&(1<<(k&63)) != 0 }
	// The budget: a posting byte decoded costs about what a few dozen
	// bytes of text scanned do, so decoding pays while the postings are
	// a small part of the text they can spare reading.
	sh := s.shortStats()
	budget := uint32(min(max(shortPostingBudget*int64(max(g.numUnits(len(s.docs)), 64)), sh.text/shortTextPerByte), 1<<31))
	var hits []int
	var size uint32
	if singles := slices.ContainsFunc(q.short, func(s string) bool { return len(s) == 1 }); !singles {
		// Pairs only: the keys that start with one are a range of the
		// sorted keys, those that end with one a key per first byte,
		// found by binary search rather than a pass over every key.
		for _, str := range q.short {
			xy := uint32(str[0])<<8 | uint32(str[1])
			lo, _ := slices.BinarySearch(g.keys, xy<<8)
			for i := lo; i < len(g.keys) && g.keys[i]>>8 == xy; i++ {
				hits = append(hits, i)
			}
			for a := range uint32(256) {
				if i, ok := slices.BinarySearch(g.keys, a<<16|xy); ok {
					hits = append(hits, i)
				}
			}
		}
		slices.Sort(hits)
		hits = slices.Compact(hits)
		for _, i := range hits {
			if size += g.offs[i+1] - g.offs[i]; size > budget {
				return nil, true
			}
		}
	} else {
		for i, k := range g.keys {
			a, b, c := k>>16, k>>8&0xff, k&0xff
			if single[a] || single[b] || single[c] || hasPair(k>>8) || hasPair(k&0xffff) {
				size += g.offs[i+1] - g.offs[i]
				if size > budget {
					return nil, true
				}
				hits = append(hits, i)
			}
		}
	}
	limit := uint32(g.numUnits(len(s.docs)))
	in := make(bitset, (limit+63)/64)
	for _, i := range hits {
		markDocs(g.data[g.offs[i]:g.offs[i+1]], limit, in)
	}
	// A file shorter than a trigram has no keys: it may hold them.
	for _, d := range sh.tiny {
		u, _ := g.docUnits(d)
		in.set(u)
	}
	return in.appendTo(docs), false
}

// shortStats is what short queries need of a segment's documents.
type shortStats struct {
	once sync.Once
	text int64    // bytes of all documents
	tiny []uint32 // documents shorter than a trigram
}

// shortStats is what short queries need of s's documents, summed once.
func (s *segment) shortStats() *shortStats {
	s.short.once.Do(func() {
		for i := range s.docs {
			s.short.text += s.docs[i].Size
			if s.docs[i].Size < 3 {
				s.short.tiny = append(s.short.tiny, uint32(i))
			}
		}
	})
	return &s.short
}

// shortString writes a short query for tests and debugging.
func (q *gramQuery) shortString() string {
	parts := make([]string, len(q.short))
	for i, s := range q.short {
		parts[i] = strconvQuote(s)
	}
	return "short(" + strings.Join(parts, "|") + ")"
}
