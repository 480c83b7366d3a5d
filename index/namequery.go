package index

import (
	"strings"

	"github.com/treenav/treenav/index/analysis"
)

// nameQueries are the ways a query can name a node, for the name-match
// bonus: its words without stop words, as the index reads them ("the
// router" names Router), and, when it has stop words, all of its words
// ("has prefix" names HasPrefix, "heartbeats and failure detection" the
// heading "Heartbeats and Failure Detection", "context with timeout"
// context.WithTimeout). Stop words carry no weight in BM25, but names
// and headings keep them.
type nameQueries struct {
	raw, dotted string
	forms       []nameForm
	// module and under are the module the query asks for by name
	// (moduleQuery), moduleSig its name's signature: the roots of that
	// module's page match as a symbol named by the query does.
	module, under string
	moduleSig     uint32
}

// nameForm is one reading of the query: its identifier (words run
// together, see query.identifier), its title words (see query.title) and
// their signatures for the name filter.
type nameForm struct {
	key, title string
	sigs       querySigs
}

func newNameQueries(q *analysis.Query, raw string) nameQueries {
	n := nameQueries{raw: raw, dotted: dottedQuery(raw)}
	if n.module, n.under = moduleQuery(raw); n.module != "" {
		n.moduleSig = nameSig(n.module)
	}
	key, title := q.Identifier(), q.Title()
	n.forms = append(n.forms, nameForm{key, title, newQuerySigs(raw, n.dotted, key, title)})
	// More words than the indexed reading: the query has stop words.
	if full := allWords(raw); strings.Count(full, " ") > strings.Count(title, " ") {
		fkey := strings.NewReplacer(" ", "", "_", "").Replace(full)
		n.forms = append(n.forms, nameForm{fkey, full, newQuerySigs(raw, n.dotted, fkey, full)})
	}
	return n
}

// allWords is every word of a query, stop words included, lowercased and
// single-spaced as headingWords reads a heading; quotes are spaces.
func allWords(raw string) string {
	return headingWords(strings.ReplaceAll(raw, `"`, " "))
}

// matchHot is the best name match of node of segment s, whose hot
// record is h, over the query's forms (see nameMatch), 0 when none names
// it.
func (n *nameQueries) matchHot(s *segment, node uint32, h *nodeHot) float64 {
	if n.moduleSig != 0 && h.qual == n.moduleSig && h.flags&hotCodeFile != 0 {
		if m := moduleNamed(s, node, n.module, n.under); m > 0 {
			return modulePageMatch * m
		}
	}
	best := 0.0
	for i := range n.forms {
		f := &n.forms[i]
		if !f.sigs.mayMatch(h) {
			continue
		}
		nm := s.node(node)
		d := &s.docs[nm.doc]
		m := nameMatch(nm, d.Path, languageOf(d, nm), d.Module, n.raw, n.dotted, f.key, f.title)
		if i == 0 && len(n.forms) > 1 {
			// Named without the stop words typed: "has prefix" reads
			// HasPrefix before it reads Prefix.
			m /= 2
		}
		best = max(best, m)
	}
	return best
}
