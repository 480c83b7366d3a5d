package index

import (
	"math"
	"strconv"
	"strings"

	"github.com/treenav/treenav/index/analysis"
)

// Common words. A query word in most of the index's nodes (the directory
// every file of a repository sits under, "include" on a tree of C
// headers, "test" where tests are most of the code) matches them all,
// through the path field if nothing else, and search scored and weighed
// every one: "include stdio printf" took 27-38 ms on the 25k-file corpus
// where "stdio printf" took 1, and a directory word 264-650 ms on the
// 75k one. Such a term's IDF is near zero (ln 2 for half the nodes,
// against 8 to 12 for a term a few hundred nodes hold), so a node that
// only it matches ranks below the nodes the query's other words match.
// As Lucene's common-terms query did, a query word in at least
// commonShare of the nodes only ranks the nodes the query's other words
// match: it adds its score to them, exactly as before, and matches no
// node of its own. The answer says so (its note) and counts those nodes
// alone in its total.
//
// When the other words match fewer nodes than the page asks for, the
// search is made again without the cutoff (Search): a short answer is
// never the cutoff's doing. A query of common words only is searched as
// it always was, and a quoted phrase's words always select.

// commonShare is the share of the view's nodes a word must be in to be
// common.
var commonShare = 0.25

// commonTerms marks the variants of the query's common words (rankOnly)
// and reports whether it marked any. A word is common when each of its
// terms, as typed, is in at least commonShare of the nodes (its prefix
// expansions and synonyms then only rank too), it is in no quoted phrase,
// and another word of the query is not common and some node holds it.
func (v *view) commonTerms(q *analysis.Query, variants [][]variant) bool {
	if commonShare >= 1 {
		return false
	}
	n := v.idfNodes()
	cut := bm25IDF(n, int(math.Ceil(commonShare*n)))
	var common []int // words
	selective := false
	for wi, w := range q.Words {
		isCommon, held := len(w.Terms) > 0, false
		for _, ti := range w.Terms {
			exact := false
			for _, va := range variants[ti] {
				if va.term == q.Terms[ti].Text {
					exact = va.idf <= cut && va.nodes == nil
				}
				for _, id := range va.ids {
					held = held || id >= 0
				}
			}
			isCommon = isCommon && exact
		}
		switch {
		case isCommon:
			common = append(common, wi)
		case held:
			selective = true
		}
	}
	if len(common) == 0 || !selective {
		return false
	}
	for _, wi := range common {
		for _, ti := range q.Words[wi].Terms {
			for vi := range variants[ti] {
				variants[ti][vi].rankOnly = true
			}
		}
	}
	return true
}

// clearCommon unmarks the common variants: every variant selects.
func clearCommon(variants [][]variant) {
	for ti := range variants {
		for vi := range variants[ti] {
			variants[ti][vi].rankOnly = false
		}
	}
}

// selectNodes marks in sel (reused, cleared) the nodes of segment s (number
// si) that a variant other than a common one holds.
func selectNodes(sel bitset, s *segment, si int, variants [][]variant) bitset {
	words := (len(s.nodes) + 63) / 64
	if cap(sel) < words {
		sel = make(bitset, words)
	}
	sel = sel[:words]
	clear(sel)
	var ids [gatherBlock]uint32
	for _, vs := range variants {
		for _, va := range vs {
			if va.rankOnly || va.ids[si] < 0 {
				continue
			}
			it := s.postings(va.ids[si])
			for {
				nodes := ids[:it.next(ids[:])]
				if len(nodes) == 0 {
					break
				}
				for _, node := range nodes {
					sel.set(node)
				}
			}
		}
	}
	return sel
}

// commonNote names the query's common words (commonTerms), each with
// the share of the nodes that hold it as typed.
func commonNote(v *view, q *analysis.Query, variants [][]variant) string {
	n := v.idfNodes()
	var words []string
	for _, w := range q.Words {
		share := -1.0
		for _, ti := range w.Terms {
			for _, va := range variants[ti] {
				if va.rankOnly && va.term == q.Terms[ti].Text {
					// bm25IDF inverted: the share of the nodes.
					share = max(share, min(1, ((n+1)/math.Exp(va.idf)-0.5)/n))
				}
			}
		}
		if share >= 0 {
			words = append(words, strconv.Quote(w.Text)+" (in "+strconv.Itoa(int(math.Round(100*share)))+"% of the nodes)")
		}
	}
	if len(words) == 0 {
		return ""
	}
	return strings.Join(words, ", ") + ": too common to select results; ranks those the other words match (the total counts those)"
}

// joinNotes is two notes as one.
func joinNotes(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "; " + b
}
