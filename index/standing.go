package index

import (
	"github.com/treenav/treenav"
	"github.com/treenav/treenav/parsers"
)

// A document's or a symbol's standing: test code (isTestPath), internal
// or vendored code (isInternalPath), private symbols (isPrivateSymbol) and
// deprecated ones (isDeprecated). The rules are the languages' conventions
// and live in parsers/standing.go; the builder records them as hot flags
// (hot.go: buildHot) and view.standing weighs a result by them
// (Ranking.TestWeight, InternalWeight, DeprecatedWeight), in search and in
// find_symbol alike.

// isDeprecated reports whether code symbol n of src is marked deprecated
// (parsers.IsDeprecated). The flag is kept in snapshots: a change to what
// counts as deprecated needs a new snapshotVersion, or old snapshots keep
// the old flags.
func isDeprecated(src []byte, n *treenav.Node) bool { return parsers.IsDeprecated(src, n) }

// isPrivateSymbol reports whether a code symbol is private by its
// language's rules (parsers.IsPrivate), so that search and find_symbol rank
// it like internal code (Ranking.InternalWeight).
func isPrivateSymbol(lang string, n nodeMeta) bool {
	return parsers.IsPrivate(lang, n.kind(), n.name(), qualifiedName(n), n.signatureView())
}

// isInternalPath reports whether a path is internal or vendored code
// (parsers.IsInternalPath).
func isInternalPath(p string) bool { return parsers.IsInternalPath(p) }

// isTestPath reports whether a path is a test file or test data
// (parsers.IsTestPath).
func isTestPath(p string) bool { return parsers.IsTestPath(p) }

// standing is what a node's score is multiplied by for where it stands,
// whatever the query: tests, internal and deprecated code score less, and
// each collection by its weight.
func (v *view) standing(ref nodeRef, r *treenav.Ranking, weights map[string]float64) float64 {
	s := v.segs[ref.seg]
	return standingOf(s, ref.node, &s.hot[ref.node], r, weights)
}

// standingOf is view.standing of node of segment s, whose hot record is h.
func standingOf(s *segment, node uint32, h *nodeHot, r *treenav.Ranking, weights map[string]float64) float64 {
	return collectionWeighed(flagStanding(h.flags, r), s, node, weights)
}

// flagStanding is standingOf's part that the hot flags decide.
func flagStanding(flags uint8, r *treenav.Ranking) float64 {
	m := 1.0
	switch {
	case flags&hotTest != 0:
		m *= r.TestWeight
	case flags&hotInternal != 0:
		m *= r.InternalWeight
	}
	if flags&hotDeprecated != 0 {
		m *= r.DeprecatedWeight
	}
	return m
}

// collectionWeighed is m times the weight of node's collection, if it has
// one.
func collectionWeighed(m float64, s *segment, node uint32, weights map[string]float64) float64 {
	if len(weights) > 0 {
		if w, ok := weights[s.docs[s.norms[node].doc].Collection]; ok {
			m *= w
		}
	}
	return m
}

// standingTable is a search's flagStanding and askedOf by hot flags: both
// read nothing else, so a search works them out once for each of the 256
// flag bytes rather than once for each of its candidates (a common word's
// hundreds of thousands). An entry is the same product, in the same
// order, as the functions make it.
type standingTable struct {
	flag, asked [256]float64
}

func newStandingTable(r *treenav.Ranking, plain, tests, changes, action bool) *standingTable {
	t := &standingTable{}
	for f := range 256 {
		h := nodeHot{flags: uint8(f)}
		t.flag[f] = flagStanding(h.flags, r)
		t.asked[f] = askedOf(&h, r, plain, tests, changes, action)
	}
	return t
}

// askedOf is what a node's score is multiplied by for what the query asks:
// plain says the query is in plain words (analysis.PlainWords), tests
// that it asks for tests (analysis.AsksForTests). A question in plain
// words asks for code that does something: a code file's root, which
// matches it for the words of all its symbols, weighs
// Ranking.PlainFileWeight; fields, variables and constants, which hold
// what code does rather than do it, and re-exports, which repeat a
// definition ranked on its own, weigh Ranking.PlainDataWeight, and
// types (and Python's __init__, hot.go) Ranking.PlainTypeWeight, and
// Ranking.ActionTypeWeight once more
// when action says the query opens with the verb of an operation
// (analysis.ActionQuery); test code weighs Ranking.TestWeight once more
// unless the query asks for tests. Markdown sections and documents
// are left alone, but for changelogs and release notes, which weigh
// Ranking.ChangelogWeight whatever the query unless it asks for changes
// (analysis.AsksForChanges). Measured on the plain-language benchmark
// (index/testdata/nlbench) and the search-quality suite (issue 28). h is
// the node's hot record.
func askedOf(h *nodeHot, r *treenav.Ranking, plain, tests, changes, action bool) float64 {
	m := 1.0
	if h.flags&hotChangelog != 0 && !changes {
		// A changelog names every feature once per release: it matches
		// queries about the code without being what they ask for.
		m *= r.ChangelogWeight
	}
	if !plain {
		return m
	}
	if h.flags&hotCodeFile != 0 {
		m *= r.PlainFileWeight
	}
	// The kind from the hot flags: reading nodeMeta's kind was a cache
	// miss per candidate (asked took an eighth of a common word's search
	// on the 25k corpus).
	switch {
	case h.flags&hotData != 0:
		m *= r.PlainDataWeight
	case h.flags&hotType != 0:
		m *= r.PlainTypeWeight
		if action {
			m *= r.ActionTypeWeight
		}
	}
	if h.flags&hotTest != 0 && !tests {
		m *= r.TestWeight
	}
	return m
}
