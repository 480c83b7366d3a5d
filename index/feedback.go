package index

import (
	"math"
	"slices"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index/analysis"
)

const (
	// feedbackMaxBytes bounds the text of the best match that feedback
	// reads.
	feedbackMaxBytes = 8 << 10
	// feedbackWindow is how many of the first results feedback rescores,
	// the same for every page (Search reranks at least this many).
	feedbackWindow = 50
)

// feedback is pseudo-relevance feedback over the first results, sorted
// best first (see Ranking.FeedbackWeight): when the best match clearly
// leads (its score at least FeedbackMargin times the next), its own words
// are evidence of what the query is about, and each other result gains
// FeedbackWeight times its BM25F score for the best match's most
// distinctive words (tf·idf, up to FeedbackTerms, weighted relative to
// the first). An exact heading's subsections, the code it documents
// and the runbook that cites it share its vocabulary; a result that shares
// only the query's words does not. It reorders results the query found
// (every result still contains a query word, every snippet a match), and
// reports whether it changed any score.
func (ix *Index) feedback(v *view, top []candidate, inQuery map[string]bool, r *treenav.Ranking, weights map[string]float64) bool {
	if len(top) < 2 || r.FeedbackWeight <= 0 || r.FeedbackTerms <= 0 || top[0].score < r.FeedbackMargin*top[1].score {
		return false
	}
	terms := ix.feedbackTerms(v, top[0].ref, inQuery, r.FeedbackTerms)
	if len(terms) == 0 {
		return false
	}
	w, bAvg := v.fieldNorms(r)
	k1, b := r.K1, r.B
	tids := make([]int, len(terms))
	seg := -1
	changed := false
	for i := 1; i < len(top); i++ {
		c := &top[i]
		s := v.segs[c.ref.seg]
		if int(c.ref.seg) != seg {
			seg = int(c.ref.seg)
			for j, t := range terms {
				tids[j] = s.lookup(t.term)
			}
		}
		nn := &s.norms[c.ref.node]
		sum := 0.0
		for j, t := range terms {
			if tids[j] < 0 {
				continue
			}
			if p := s.findPosting(tids[j], c.ref.node); p >= 0 {
				tfw := fieldTF(s.tf(uint32(p)), nn, &w, &bAvg, b)
				sum += t.weight * t.idf * (k1 + 1) * tfw / (k1 + tfw)
			}
		}
		if sum > 0 {
			// Weighed like the query's own score: tests, internal and
			// deprecated code stay behind the public API.
			c.score += r.FeedbackWeight * sum * v.standing(c.ref, r, weights)
			changed = true
		}
	}
	return changed
}

// feedbackTerm is one word of the best match that feedback looks for.
type feedbackTerm struct {
	term   string
	idf    float64
	weight float64 // tf·idf relative to the first term's
}

// feedbackTerms returns up to maxTerms of node ref's most distinctive own
// words that the query does not already look for (inQuery: its terms and
// their variants): by (1 + ln tf)·idf, from its first feedbackMaxBytes of
// text.
func (ix *Index) feedbackTerms(v *view, ref nodeRef, inQuery map[string]bool, maxTerms int) []feedbackTerm {
	s := v.segs[ref.seg]
	src, err := ix.fileOf(&s.docs[s.nodes[ref.node].doc])
	if err != nil {
		return nil
	}
	tf := map[string]int{}
	budget := feedbackMaxBytes
	for _, rg := range ownRanges(s, ref.node) {
		start, end := int(rg[0]), min(int(rg[1]), len(src))
		end = min(end, start+budget)
		if start >= end {
			continue
		}
		budget -= end - start
		analysis.AnalyzeCompounds(src[start:end], 0, func(term string, _, _, _ int) {
			if !inQuery[term] && len(term) > 2 {
				tf[term]++
			}
		})
	}
	words := make([]string, 0, len(tf))
	for t := range tf {
		words = append(words, t)
	}
	df := make([]int, len(words))
	v.docFreqs(words, df)
	n := v.idfNodes()
	var terms []feedbackTerm
	for i, t := range words {
		if w := bm25IDF(n, df[i]); w > 0 {
			terms = append(terms, feedbackTerm{t, w, (1 + math.Log(float64(tf[t]))) * w})
		}
	}
	slices.SortFunc(terms, func(a, b feedbackTerm) int {
		if a.weight != b.weight {
			if a.weight > b.weight {
				return -1
			}
			return 1
		}
		if a.term < b.term {
			return -1
		}
		return 1
	})
	terms = terms[:min(len(terms), maxTerms)]
	for i := len(terms) - 1; i >= 0; i-- {
		terms[i].weight /= terms[0].weight
	}
	return terms
}
