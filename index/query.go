package index

import (
	"strings"
	"unicode"
)

// maxQueryTerms bounds the analyzed terms of one query (a bitmask per node
// records which matched).
const maxQueryTerms = 32

// query is a parsed search query: words, each analyzed into terms, and
// quoted phrases over consecutive words.
type query struct {
	words   []qword
	terms   []qterm
	phrases [][]int // word indexes of each quoted phrase
	// literals are the quoted phrases as typed: a result's text must
	// hold each (phrase.go).
	literals []string
	// compounds maps a word to the compound it forms with the particle
	// after it ("sign out" → signout), as the indexer compounds text.
	compounds map[int]string
}

// qword is one word as typed: "getUserToken", "tokens".
type qword struct {
	text  string
	terms []int // indexes into query.terms
	whole int   // index of the whole-identifier term, -1 if single-part
	parts []int // the part terms
	// pos is the word's position in its run of text as the indexer
	// counts them (stop words and each part of an identifier take one):
	// a phrase's words are this far apart in the index too.
	pos int
}

// qterm is one analyzed term with the variants that can match it.
type qterm struct {
	text   string
	word   int
	weight float64 // whole identifiers 1, their parts share a discount
	exact  bool    // no prefix expansions or synonyms: a stop word as a name
	// variants are computed per search: the exact term, prefix expansions
	// and synonyms, each with a multiplier.
}

// parseQuery splits q into words and quoted phrases and analyzes each word
// as the indexer did, without a question's opening (withoutQuestion).
func parseQuery(q string) *query {
	q = withoutQuestion(q)
	out := &query{}
	inQuote := false
	var phrase []int
	var quoted string // the text inside the open quote
	var stops []qword // stop words typed alone, for a query of nothing else
	for _, chunk := range splitQuotes(q) {
		if chunk == `"` {
			if inQuote && len(phrase) > 1 {
				out.phrases = append(out.phrases, phrase)
			}
			if inQuote && strings.TrimSpace(quoted) != "" {
				out.literals = append(out.literals, strings.TrimSpace(quoted))
			}
			quoted = ""
			inQuote, phrase = !inQuote, nil
			continue
		}
		if inQuote {
			quoted = chunk
		}
		before := len(out.words)
		analyzeWords([]byte(chunk), func(word string, terms []string, whole bool, pos int) {
			if len(out.terms)+len(terms) > maxQueryTerms {
				return
			}
			w := qword{text: word, whole: -1, pos: pos}
			wi := len(out.words)
			for i, t := range terms {
				ti := len(out.terms)
				weight := 1.0
				if whole && i > 0 {
					// Parts of an identifier support the whole: together
					// they weigh as much as one word.
					weight = 1 / float64(len(terms)-1)
				}
				out.terms = append(out.terms, qterm{text: t, word: wi, weight: weight})
				w.terms = append(w.terms, ti)
				if whole && i == 0 {
					w.whole = ti
				} else {
					w.parts = append(w.parts, ti)
				}
			}
			out.words = append(out.words, w)
		})
		if inQuote {
			for i := before; i < len(out.words); i++ {
				phrase = append(phrase, i)
			}
		}
		out.findCompounds(chunk, before)
		// (After the phrase and the compounds, which read the words as
		// the text has them: the name's stop word is in its title, not
		// next to its qualifier.)
		stops = out.codeStopWords(chunk, stops)
	}
	if len(out.terms) == 0 {
		// "With", "is": a query of stop words alone asks for the
		// symbols named so (see stopName).
		for _, w := range stops {
			out.addStopWord(w)
		}
	}
	return out
}

// codeStopWords adds to the query the stop words of chunk that are code:
// a stop word after a dot, "::" or "#" that follows a word ("errors.Is",
// "Logger::With"), as the term of the symbols named so (see stopName).
// It returns stops with the chunk's other stop-word names appended. Their
// positions are counted as the analyzer counts them.
func (q *query) codeStopWords(chunk string, stops []qword) []qword {
	text := []byte(chunk)
	var parts [16][2]int
	pos := 0
	for i := 0; ; {
		start, end := nextWord(text, i)
		if start == end {
			return stops
		}
		i = end
		word := text[start:end]
		if len(word) > maxTermLen {
			pos++
			continue
		}
		n := splitParts(word, parts[:])
		if key := stopName(string(word)); key != "" && n == 1 {
			w := qword{text: string(word), whole: -1, pos: pos}
			if afterQualifier(text, start) || capitalAfterLower(text, start) {
				q.addStopWord(w)
			} else {
				stops = append(stops, w)
			}
		}
		pos += n
	}
}

// afterQualifier reports whether the word at text[start:] follows a word
// and a dot, "::" or "#": the last part of a qualified name.
func afterQualifier(text []byte, start int) bool {
	j := start - 1
	if j < 1 {
		return false
	}
	switch text[j] {
	case '.', '#':
	case ':':
		if text[j-1] != ':' {
			return false
		}
		j--
	default:
		return false
	}
	return j >= 1 && isWordByte(text[j-1])
}

// capitalAfterLower reports whether the word at text[start:] is
// capitalized after a word that is not: "errors Is", "slog With", a name
// said as code says it. (In "Heartbeats And Failure Detection" every word
// is capitalized: a title, not code.)
func capitalAfterLower(text []byte, start int) bool {
	if c := text[start]; c < 'A' || c > 'Z' {
		return false
	}
	j := start - 1
	for j >= 0 && !isWordByte(text[j]) {
		j--
	}
	if j < 0 {
		return false
	}
	for j > 0 && isWordByte(text[j-1]) {
		j--
	}
	return text[j] >= 'a' && text[j] <= 'z'
}

// addStopWord adds a stop word of a name as a query word whose one term
// is the word lowercased, matched as is ("the" is no prefix of theme).
func (q *query) addStopWord(w qword) {
	if len(q.terms) >= maxQueryTerms {
		return
	}
	w.terms = []int{len(q.terms)}
	w.parts = w.terms
	q.terms = append(q.terms, qterm{text: strings.ToLower(w.text), word: len(q.words), weight: 1, exact: true})
	q.words = append(q.words, w)
}

// findCompounds records the compounds of a chunk whose words start at
// out.words[first]: a word followed by a particle ("log in"), and the two
// words of a joined word ("white space", see joinedWords).
func (q *query) findCompounds(chunk string, first int) {
	raw := strings.FieldsFunc(strings.ToLower(chunk), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_'
	})
	wi := first
	for i := 0; i+1 < len(raw) && wi < len(q.words); i++ {
		w := q.words[wi]
		if !strings.EqualFold(w.text, raw[i]) {
			continue // a stop word or a dropped letter: not a query word
		}
		wi++
		if w.whole < 0 && particles[raw[i+1]] {
			if q.compounds == nil {
				q.compounds = map[int]string{}
			}
			q.compounds[wi-1] = stem(raw[i]) + raw[i+1]
		} else if w.whole < 0 && joins([]byte(raw[i]), []byte(raw[i+1])) {
			if q.compounds == nil {
				q.compounds = map[int]string{}
			}
			q.compounds[wi-1] = stem(raw[i] + raw[i+1])
		}
	}
}

// splitQuotes splits s into runs of text and `"` markers.
func splitQuotes(s string) []string {
	var out []string
	for {
		i := strings.IndexByte(s, '"')
		if i < 0 {
			if s != "" {
				out = append(out, s)
			}
			return out
		}
		if i > 0 {
			out = append(out, s[:i])
		}
		out = append(out, `"`)
		s = s[i+1:]
	}
}

// analyzeWords runs the analyzer over text and groups its terms by source
// word: fn gets the word, its terms (the whole identifier first when the
// word has several parts), whether the first term is that whole, and the
// word's position.
func analyzeWords(text []byte, fn func(word string, terms []string, whole bool, pos int)) {
	type tok struct {
		term            string
		pos, start, end int
	}
	var toks []tok
	analyze(text, 0, func(term string, pos, start, end int) {
		toks = append(toks, tok{term, pos, start, end})
	})
	for i := 0; i < len(toks); {
		// A whole identifier spans its parts; a lone word spans itself.
		j := i + 1
		for j < len(toks) && toks[j].end <= toks[i].end && toks[j].start >= toks[i].start {
			j++
		}
		terms := make([]string, 0, j-i)
		seen := map[string]bool{}
		for _, t := range toks[i:j] {
			if !seen[t.term] {
				seen[t.term] = true
				terms = append(terms, t.term)
			}
		}
		fn(string(text[toks[i].start:toks[i].end]), terms, j-i > 1, toks[i].pos)
		i = j
	}
}

// identifier is the query's words run together, lowercased: the name a
// symbol would have if the query named it ("read file", "ReadFile" and
// "read_file" all give "readfile").
func (q *query) identifier() string {
	var b strings.Builder
	for _, w := range q.words {
		b.WriteString(strings.ToLower(strings.ReplaceAll(w.text, "_", "")))
	}
	return b.String()
}

// title is the query's words lowercased and joined by single spaces, as
// headingWords reads a heading: "Error codes" matches the query "error
// codes".
func (q *query) title() string {
	parts := make([]string, 0, len(q.words))
	for _, w := range q.words {
		parts = append(parts, strings.ToLower(w.text))
	}
	return strings.Join(parts, " ")
}
