package index

import (
	"strings"

	"github.com/treenav/treenav"
)

// tierName is a qualified query's weak hit: the symbol has the query's
// last part as its name, but not its qualifier ("labels.Labels.Get"
// finding some other type's Get). It ranks with the substrings, after
// the camel humps (a qualified query has neither).
const tierName = tierSubstring

// Match kinds, the "match" field of a find_symbol result: how the symbol
// matched the query. A case-insensitive exact or qualified match counts
// as exact or qualified.
const (
	MatchExact     = "exact"
	MatchQualified = "qualified"
	MatchName      = "name"
	MatchPrefix    = "prefix"
	MatchCamel     = "camel"
	MatchFuzzy     = "fuzzy"
	// MatchClosest marks, when no symbol has the name asked for, the
	// symbols of the closest name (the note's first suggestion).
	MatchClosest = "closest"
)

// matchOf names a hit's tier for the answer; qualified says the query
// was qualified, where the substring tier holds the name-only hits.
func matchOf(tier int, qualified bool) string {
	switch tier {
	case tierExact, tierExactFold:
		return MatchExact
	case tierQualified, tierQualifiedFold:
		return MatchQualified
	case tierPrefix, tierPrefixFold:
		return MatchPrefix
	case tierHump:
		return MatchCamel
	}
	if qualified {
		return MatchName
	}
	return MatchFuzzy
}

// symbolSuggestionsShown is the number of did-you-mean names.
const symbolSuggestionsShown = 5

// symbolNote says, when no hit matched exactly or by qualified name, that
// no symbol has the name asked for, with the closest names (for a
// qualified query, the closest qualified names): what an agent that
// mistyped a name needs before any weak hit. A query that completes to
// names (prefix or camel hits: "Wri" for Write) gets no suggestions: the
// completions are what was meant.
// filtered says a kind, language, path or collection filter applied: the
// name may exist outside them.
func (v *view) symbolNote(q, name string, qualified, filtered bool, hits []symHit) (note string, closest []string) {
	completed := false // a prefix or camel hit: the likelier meaning
	for _, h := range hits {
		if h.tier <= tierQualifiedFold {
			return "", nil
		}
		completed = completed || h.tier == tierPrefix || h.tier == tierPrefixFold || h.tier == tierHump
	}
	if !completed {
		closest = v.closestSymbols(q, name, qualified || filtered)
	}
	note = "no symbol is named " + q
	if filtered {
		note += " within the filters"
	}
	if len(closest) > 0 {
		note += "; closest: " + strings.Join(closest, ", ")
	}
	if pages := v.modulePages(q); len(pages) > 0 {
		// "argparse", "encoding/json": a module, not a symbol.
		what := "module"
		if strings.HasSuffix(pages[0], "/") {
			what = "package" // Go's, by its directory
		}
		note += "; " + q + " is a " + what + ": " + strings.Join(pages, ", ") + " (get_outline reads its API)"
	}
	return note, closest
}

// closestSymbols suggests symbol names near name by edit distance (the
// same measure and order as the closest ids of an unknown node id); for
// a qualified query, the qualified names of the symbols so named (or
// named near it), scored by the distance of their last parts to q.
func (v *view) closestSymbols(q, name string, qualified bool) []string {
	lname := strings.ToLower(name)
	limit := max(1, min(3, len(lname)/4))
	var bag [128]uint8 // the query's letters, for bagDistance
	ascii := true
	for i := 0; i < len(lname); i++ {
		if c := lname[i]; c < 128 && bag[c] < 255 {
			bag[c]++
		} else {
			ascii = false
		}
	}
	qmask := letterMask(lname)
	// Each segment's names and their letter masks, made on every core
	// the first time (the loop below reads the segments in order).
	onSegments(len(v.segs), v.segmentWorkers(), func(int) func(si int) {
		return func(si int) { v.segs[si].names().lettersOf() }
	})
	var names []scoredID // distinct names near name, any case
	seen := map[string]bool{}
	for si, s := range v.segs {
		ns := s.names()
		letters := ns.lettersOf()
		for k := 0; k < len(ns.first)-1; k++ {
			lo := int(ns.first[k])
			low := ns.name(k)
			// The cheap tests first: a map lookup hashes the name, and
			// most of the view's names fail on their length or letters.
			if abs(len(low)-len(lname)) > limit || lettersApart(letters[k], qmask) > limit {
				continue
			}
			if ascii && bagDistance(&bag, len(lname), low, limit) > limit {
				continue // cheaply: editDistance is at least as far
			}
			if seen[low] {
				continue
			}
			d := treenav.EditDistanceWithin(lname, low, limit)
			if d > limit || d == 0 && !qualified {
				continue
			}
			// The name as written, of a live symbol.
			for _, e := range s.syms[lo:int(ns.first[k+1])] {
				n := s.node(e.node)
				if v.live(si, n.doc) {
					seen[low] = true
					names = append(names, scoredID{id: n.name(), d: d})
					break
				}
			}
		}
	}
	if !qualified {
		return bestIDs(names, symbolSuggestionsShown)
	}
	lq := strings.ToLower(q)
	parts := strings.Count(q, ".") + 1
	var c []scoredID
	for _, nm := range bestIDs(names, 20) {
		v.eachNamed(nm, func(d *docMeta, n nodeMeta) {
			qn := qualifiedName(n)
			lqn := strings.ToLower(qn)
			id, dist := qn, treenav.EditDistance(lq, lastDotted(lqn, parts))
			// A qualifier longer than the qualified name may start with
			// the module ("csv.Reader.RedAll": csv is the package of
			// Reader.ReadAll): compare the rest, and suggest the name
			// with the module, as the query wrote it.
			if own := strings.Count(qn, ".") + 1; parts > own {
				module := q[:len(q)-len(lastDotted(q, own))-1]
				if namesModule(d.Path, languageOf(d, n), d.Module, strings.TrimPrefix(module, "crate."), true) {
					if md := treenav.EditDistance(lastDotted(lq, own), lqn); md < dist {
						id, dist = module+"."+qn, md
					}
				}
			}
			if dist <= max(2, len(lq)/4) {
				c = append(c, scoredID{id: id, d: dist})
			}
		})
	}
	return bestIDs(c, symbolSuggestionsShown)
}

// lastDotted is the last n dot-separated parts of a qualified name.
func lastDotted(qn string, n int) string {
	i := len(qn)
	for ; n > 0 && i > 0; n-- {
		i = strings.LastIndexByte(qn[:i], '.')
		if i < 0 {
			return qn
		}
	}
	return qn[i+1:]
}

// bagDistance is a lower bound of the edit distance between the query
// whose ASCII letters bag counts and s: the larger of the letters one has
// more of than the other, each way (a substitution fixes one of each).
// Bytes outside ASCII count as differences of s only, which may
// overstate it; it returns 0 then, leaving editDistance to judge. It
// stops once the letters s has more of pass limit, and returns that
// count (still a lower bound, and above limit): closestSymbols reads
// every name of the view near the query's length, and most differ in
// their first letters.
func bagDistance(bag *[128]uint8, n int, s string, limit int) int {
	var seen [128]uint8
	more := 0 // letters of s beyond the query's count of them
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 128 {
			return 0
		}
		if seen[c] < 255 {
			seen[c]++
		}
		if seen[c] > bag[c] {
			if more++; more > limit {
				return more
			}
		}
	}
	less := n - (len(s) - more) // letters of the query s lacks (n: its length)
	return max(more, less)
}
