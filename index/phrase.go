package index

import (
	"regexp"
	"regexp/syntax"
	"strings"
)

// A quoted phrase in a search query is literal: its words adjacent, in
// order, as written, case aside ("retry_on_http_429", "compactor.Plan(").
// The ranked candidates are the nodes that have the phrase's terms; these
// keep those whose text holds it: the trigram index rules out most
// documents without reading them, and the others' own text (with the
// node's title and the document's path) is read and matched.

// literalPhrase is a quoted phrase compiled for matching: words as
// written, any run of white space between them.
type literalPhrase struct {
	re *regexp.Regexp
	// fold matches the phrase's ASCII words faster than re, on the text
	// it is usable for (phrasefold.go); nil for other words.
	fold  *foldWords
	grams *gramQuery
	docs  map[uint32]map[uint32]bool // segment -> documents the trigrams allow; nil: all
	seen  map[uint32]bool            // segments evaluated
	// name is the phrase as a qualified name ("::" read as "."), when
	// it is one word: "errors.Is" names Is in package errors, whose
	// text never spells it so.
	name string
}

// names reports whether the phrase is the node's qualified name, alone
// or with its module as code refers to it.
func (p *literalPhrase) names(n nodeMeta, d *docMeta) bool {
	if p.name == "" || n.name() == "" {
		return false
	}
	qn := n.qualified()
	if qn == "" {
		qn = n.anchor()
	}
	return strings.EqualFold(p.name, qn) || strings.EqualFold(p.name, n.name()) ||
		moduleQualified(p.name, qn, d.Path, languageOf(d, n), d.Module, true)
}

func compilePhrase(text string) *literalPhrase {
	words := strings.Fields(text)
	for i, w := range words {
		words[i] = regexp.QuoteMeta(w)
	}
	expr := strings.Join(words, `\s+`)
	re, err := syntax.Parse(expr, syntax.Perl|syntax.FoldCase)
	if err != nil {
		return nil // quoted metacharacters always parse
	}
	p := &literalPhrase{re: regexp.MustCompile("(?i)" + expr), fold: newFoldWords(strings.Fields(text)), grams: gramQueryOf(re),
		docs: map[uint32]map[uint32]bool{}, seen: map[uint32]bool{}}
	if len(words) == 1 {
		p.name = strings.ReplaceAll(text, "::", ".")
	}
	return p
}

// allows reports whether document di of segment si may hold the phrase.
func (p *literalPhrase) allows(v *view, si, di uint32) bool {
	if !p.seen[si] {
		p.seen[si] = true
		units, all := p.grams.eval(v.segs[si])
		if !all {
			docs := v.segs[si].grams.unitDocs(units)
			set := make(map[uint32]bool, len(docs))
			for _, d := range docs {
				set[d] = true
			}
			p.docs[si] = set
		}
	}
	set, ok := p.docs[si]
	return !ok || set[di]
}

// keepLiterals keeps the candidates whose text holds every literal, in
// their order.
func (ix *Index) keepLiterals(v *view, cands []candidate, literals []string) []candidate {
	if len(literals) == 0 {
		return cands
	}
	var phrases []*literalPhrase
	for _, l := range literals {
		if p := compilePhrase(l); p != nil {
			phrases = append(phrases, p)
		}
	}
	out := cands[:0]
	for _, c := range cands {
		s := v.segs[c.ref.seg]
		n := s.node(c.ref.node)
		d := &s.docs[n.doc]
		ok := true
		var src []byte
		read := false
		for _, p := range phrases {
			if p.names(n, d) {
				continue
			}
			if !p.allows(v, c.ref.seg, n.doc) {
				ok = false
				break
			}
			if p.re.MatchString(n.title()) || p.re.MatchString(d.Path) {
				continue
			}
			if !read {
				src, _ = ix.fileOf(d)
				read = true
			}
			if src == nil || !p.holds(src, ownRanges(s, c.ref.node)) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, c)
		}
	}
	return out
}

// holds reports whether one of the ranges of src holds the phrase. Each
// range is checked for the wide folds apart: a file of a hundred
// candidate nodes was scanned whole for them at each.
func (p *literalPhrase) holds(src []byte, ranges [][2]uint32) bool {
	for _, r := range ranges {
		if int(r[1]) > len(src) || r[0] > r[1] {
			continue
		}
		text := src[r[0]:r[1]]
		if p.fold != nil && p.fold.usable(text) {
			if p.fold.match(text) {
				return true
			}
		} else if p.re.Match(text) {
			return true
		}
	}
	return false
}
