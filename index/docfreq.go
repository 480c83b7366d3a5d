package index

import (
	"math"
	"strings"
	"sync"
)

// dfTable keeps, for a view, the document frequencies that feedback
// looked up. Feedback weighs every distinct word of the best match's
// first 8 KB by its IDF, and each word's frequency is a dictionary
// search in every segment: on the 25k-file corpus (14 segments) a few
// hundred words took 5,000 searches, 1.2 ms of a 1.5 ms search for
// "namedtuple". Code repeats its words from one match to the next, so
// the view keeps what it counted. A view's segments do not change (an
// update makes a new view, and a new table), so neither do its
// frequencies; deleted documents' postings count until their segment is
// merged, as idf counts them.
type dfTable struct {
	mu sync.Mutex
	df map[string]int32
}

// dfTableMax bounds the words a view keeps (about 100 bytes each); past
// it the table starts over.
const dfTableMax = 1 << 16

// docFreqs sets df[i] to words[i]'s document frequency over the view
// (the postings of every segment's dictionary entry), from the table or
// counted and kept.
func (v *view) docFreqs(words []string, df []int) {
	t := &v.dfs
	var miss []int
	t.mu.Lock()
	for i, w := range words {
		if n, ok := t.df[w]; ok {
			df[i] = int(n)
		} else {
			miss = append(miss, i)
		}
	}
	t.mu.Unlock()
	if len(miss) == 0 {
		return
	}
	for _, i := range miss {
		df[i] = v.docFreq(words[i])
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.df == nil || len(t.df)+len(miss) > dfTableMax {
		t.df = make(map[string]int32, len(miss))
	}
	for _, i := range miss {
		// A word may be a view of a file's text: the table keeps a
		// copy, not the file.
		t.df[strings.Clone(words[i])] = int32(min(df[i], math.MaxInt32))
	}
}

// docFreq is term's document frequency over the view: its postings in
// every segment.
func (v *view) docFreq(term string) int {
	df := 0
	for _, s := range v.segs {
		if id := s.lookup(term); id >= 0 {
			df += s.postingCount(id)
		}
	}
	return df
}

// bm25IDF is BM25's IDF of a term with document frequency df among n
// nodes (0 for a term no node holds).
func bm25IDF(n float64, df int) float64 {
	if df == 0 {
		return 0
	}
	return math.Log(1 + (n-float64(df)+0.5)/(float64(df)+0.5))
}
