package analysis

import (
	"math/bits"
	"strings"
)

// NameWords is how many of a plain-language query's words a symbol's name
// spells, when the query spells all of the name: every part of the name
// ("MultiWriter": multi, writer; "isdir", "abspath": run together) is
// made of the query's words, as written, by their stem, an abbreviation
// (str, tmp), a synonym (dir for directory), or a leading cut of a long
// word (multi of multiple, abs of absolute), with stop words and a few
// prefixes that say little of their own (get, has) between them. 0
// when a part is left over: "call function n times" is spelled by times,
// not by before; "check if path is a directory" by isdir.
//
// A question in words names what it asks for in its own words; a name
// those words spell is likely the one (issue 28). Search weighs it for
// plain-language queries (Ranking.NameWordsBonus).
func NameWords(name string, q *Query) int { return NewNameSpeller(q).Name(name) }

// NameSpeller spells names and titles with one query's words: made once
// per search, it answers for each of the first results.
type NameSpeller struct{ words []nameWord }

// NewNameSpeller prepares the words of q.
func NewNameSpeller(q *Query) *NameSpeller {
	if len(q.Words) > maxQueryTerms {
		return &NameSpeller{}
	}
	return &NameSpeller{words: nameQueryWords(q)}
}

// Words is how many words (not stop words) the query has.
func (sp *NameSpeller) Words() int { return len(sp.words) }

// Name is NameWords of a name.
func (sp *NameSpeller) Name(name string) int {
	if i := strings.LastIndexAny(name, ".:#"); i >= 0 {
		name = name[i+1:]
	}
	m, _ := sp.nameMask(name)
	return bits.OnesCount32(m)
}

// Member is Name of a member, counting also the words that spell its
// owner's name (Arrays of Arrays.asList) when they spell all of it: 0
// when the member's own name is not spelled.
func (sp *NameSpeller) Member(name, owner string) int {
	m, ok := sp.nameMask(name)
	if !ok || m == 0 {
		return 0
	}
	if i := strings.LastIndexAny(owner, ".:#"); i >= 0 {
		owner = owner[i+1:]
	}
	if om, ok := sp.nameMask(owner); ok {
		m |= om
	}
	return bits.OnesCount32(m)
}

// nameMask is the words spelling name, and whether they spell all of it.
func (sp *NameSpeller) nameMask(name string) (uint32, bool) {
	words := sp.words
	if name == "" || len(words) == 0 {
		return 0, false
	}
	var parts [16][2]int
	b := []byte(name)
	n := SplitParts(b, parts[:])
	var mask uint32
	for _, p := range parts[:n] {
		part := strings.ToLower(string(b[p[0]:p[1]]))
		m, ok := spellPart(part, words)
		if !ok {
			return 0, false
		}
		mask |= m
	}
	return mask, true
}

// TitleWords is NameWords for a section's title, a run of words:
// "Heartbeats and failure detection" is spelled by a query that holds
// heartbeat, failure and detection, whatever else it holds.
func TitleWords(title string, q *Query) int { return NewNameSpeller(q).Title(title) }

// Title is TitleWords of a title.
func (sp *NameSpeller) Title(title string) int {
	words := sp.words
	if len(words) == 0 {
		return 0
	}
	var mask uint32
	seen := false
	for _, f := range strings.FieldsFunc(strings.ToLower(title), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r >= 0x80)
	}) {
		m, ok := spellPart(f, words)
		if !ok {
			return 0
		}
		mask |= m
		seen = true
	}
	if !seen {
		return 0
	}
	return bits.OnesCount32(mask)
}

// nameWord is one query word as a name may spell it.
type nameWord struct {
	text  string   // lowercased, as typed
	stems []string // its terms and their synonyms' (stems)
	abbrs []string // the abbreviations of its stems (tmp of temp)
}

func nameQueryWords(q *Query) []nameWord {
	var out []nameWord
	for _, w := range q.Words {
		if len(w.Terms) == 0 {
			continue // a stop word
		}
		nw := nameWord{text: strings.ToLower(w.Text)}
		for _, ti := range w.Terms {
			t := q.Terms[ti].Text
			nw.stems = append(nw.stems, t)
			nw.stems = append(nw.stems, Synonyms[t]...)
		}
		for a, full := range abbreviations {
			for _, st := range nw.stems {
				if full == st {
					nw.abbrs = append(nw.abbrs, a)
				}
			}
		}
		out = append(out, nw)
	}
	return out
}

// nameFillers are the words a name may hold between the query's without
// their counting, besides stop words (stopWords): prefixes that name no
// operation of their own. make, set, new and do were measured and left
// out: "check if path is a directory" spelled makedirs as well as isdir,
// and with them the benchmark read 0.002-0.004 lower in Go, Python and
// Java (the same in TS/JS).
var nameFillers = wordSet(`get has`)

// maxSpelledPart bounds the parts of a name spellPart looks at: a longer
// run of letters (a minified or generated name) is no name a question
// spells, and the search over its pieces grows with its square.
const maxSpelledPart = 48

// spellPart reports whether part is a run of the words' spellings and
// fillers, and which words (a bit each) the run with the most of them
// spells.
func spellPart(part string, words []nameWord) (uint32, bool) {
	n := len(part)
	if n > maxSpelledPart {
		return 0, false
	}
	// No piece is longer than the longest spelling of a word or filler.
	longest := 8
	for _, w := range words {
		longest = max(longest, len(w.text))
		for _, s := range w.stems {
			longest = max(longest, len(s)+3)
		}
	}
	// best[i]: the words of the best spelling of part[:i]; ok[i]: one
	// exists.
	best := make([]uint32, n+1)
	ok := make([]bool, n+1)
	ok[0] = true
	for i := 0; i < n; i++ {
		if !ok[i] {
			continue
		}
		for j := i + 1; j <= min(n, i+longest); j++ {
			piece := part[i:j]
			var m uint32
			switch {
			case isDigits(piece) && j-i == 1:
				// "2" of int2str: a filler
			case j-i >= 2 && (stopWords[piece] || nameFillers[piece]):
			default:
				wi := spellsWord(piece, words)
				if wi < 0 {
					continue
				}
				m = 1 << uint(wi)
			}
			if nm := best[i] | m; !ok[j] || bits.OnesCount32(nm) > bits.OnesCount32(best[j]) {
				best[j], ok[j] = nm, true
			}
		}
	}
	if !ok[n] || best[n] == 0 && !allFiller(part) {
		return 0, ok[n]
	}
	return best[n], true
}

func allFiller(part string) bool { return stopWords[part] || nameFillers[part] || isDigits(part) }

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// spellsWord is the index of the word piece spells, or -1: the word as
// written; a form of it (its stem or a synonym's, then at most three
// letters of an ending: writers of writer); an abbreviation of it; or
// its first three letters or more, of a word of five or more. Pieces are
// compared, not stemmed: a search tries every piece of its first
// results' names.
func spellsWord(piece string, words []nameWord) int {
	if len(piece) < 2 {
		return -1
	}
	for wi, w := range words {
		if piece == w.text {
			return wi
		}
		for _, s := range w.stems {
			if piece == s || len(s) >= 3 && strings.HasPrefix(piece, s) && len(piece)-len(s) <= 3 {
				return wi
			}
		}
		for _, a := range w.abbrs {
			if piece == a {
				return wi
			}
		}
		if len(piece) >= 3 && len(w.text) >= 5 && strings.HasPrefix(w.text, piece) {
			return wi
		}
	}
	return -1
}
