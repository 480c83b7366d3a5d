package analysis

import (
	"strings"
	"unicode"
)

// maxQueryTerms bounds the analyzed terms of one query (a bitmask per node
// records which matched).
const maxQueryTerms = 32

// Query is a parsed search query: words, each analyzed into terms, and
// quoted phrases over consecutive words.
type Query struct {
	Words   []Word
	Terms   []Term
	Phrases [][]int // word indexes of each quoted phrase
	// Literals are the quoted phrases as typed: a result's text must
	// hold each (the index's phrase.go).
	Literals []string
	// Compounds maps a word to the compound it forms with the particle
	// after it ("sign out" → signout), as the indexer compounds text.
	Compounds map[int]string
}

// Word is one word as typed: "getUserToken", "tokens".
type Word struct {
	Text  string
	Terms []int // indexes into query.terms
	Whole int   // index of the whole-identifier term, -1 if single-part
	Parts []int // the part terms
	// Pos is the word's position in its run of text as the indexer
	// counts them (stop words and each part of an identifier take one):
	// a phrase's words are this far apart in the index too.
	Pos int
}

// Term is one analyzed term with the variants that can match it.
type Term struct {
	Text   string
	Word   int
	Weight float64 // whole identifiers 1, their parts share a discount
	Exact  bool    // no prefix expansions or synonyms: a stop word as a name
	// variants are computed per search: the exact term, prefix expansions
	// and synonyms, each with a multiplier.
}

// ParseQuery splits q into words and quoted phrases and analyzes each word
// as the indexer did, without a question's opening (withoutQuestion).
func ParseQuery(q string) *Query {
	q = withoutQuestion(q)
	out := &Query{}
	inQuote := false
	var phrase []int
	var quoted string // the text inside the open quote
	var stops []Word  // stop words typed alone, for a query of nothing else
	for _, chunk := range splitQuotes(q) {
		if chunk == `"` {
			if inQuote && len(phrase) > 1 {
				out.Phrases = append(out.Phrases, phrase)
			}
			if inQuote && strings.TrimSpace(quoted) != "" {
				out.Literals = append(out.Literals, strings.TrimSpace(quoted))
			}
			quoted = ""
			inQuote, phrase = !inQuote, nil
			continue
		}
		if inQuote {
			quoted = chunk
		}
		before := len(out.Words)
		analyzeWords([]byte(chunk), func(word string, terms []string, whole bool, pos int) {
			if len(out.Terms)+len(terms) > maxQueryTerms {
				return
			}
			w := Word{Text: word, Whole: -1, Pos: pos}
			wi := len(out.Words)
			for i, t := range terms {
				ti := len(out.Terms)
				weight := 1.0
				if whole && i > 0 {
					// Parts of an identifier support the whole: together
					// they weigh as much as one word.
					weight = 1 / float64(len(terms)-1)
				}
				out.Terms = append(out.Terms, Term{Text: t, Word: wi, Weight: weight})
				w.Terms = append(w.Terms, ti)
				if whole && i == 0 {
					w.Whole = ti
				} else {
					w.Parts = append(w.Parts, ti)
				}
			}
			out.Words = append(out.Words, w)
		})
		if inQuote {
			for i := before; i < len(out.Words); i++ {
				phrase = append(phrase, i)
			}
		}
		out.findCompounds(chunk, before)
		// (After the phrase and the compounds, which read the words as
		// the text has them: the name's stop word is in its title, not
		// next to its qualifier.)
		stops = out.codeStopWords(chunk, stops)
	}
	if len(out.Terms) == 0 {
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
func (q *Query) codeStopWords(chunk string, stops []Word) []Word {
	text := []byte(chunk)
	var parts [16][2]int
	pos := 0
	for i := 0; ; {
		start, end := NextWord(text, i)
		if start == end {
			return stops
		}
		i = end
		word := text[start:end]
		if len(word) > MaxTermLen {
			pos++
			continue
		}
		n := SplitParts(word, parts[:])
		if key := StopName(string(word)); key != "" && n == 1 {
			w := Word{Text: string(word), Whole: -1, Pos: pos}
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
	return j >= 1 && IsWordByte(text[j-1])
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
	for j >= 0 && !IsWordByte(text[j]) {
		j--
	}
	if j < 0 {
		return false
	}
	for j > 0 && IsWordByte(text[j-1]) {
		j--
	}
	return text[j] >= 'a' && text[j] <= 'z'
}

// addStopWord adds a stop word of a name as a query word whose one term
// is the word lowercased, matched as is ("the" is no prefix of theme).
func (q *Query) addStopWord(w Word) {
	if len(q.Terms) >= maxQueryTerms {
		return
	}
	w.Terms = []int{len(q.Terms)}
	w.Parts = w.Terms
	q.Terms = append(q.Terms, Term{Text: strings.ToLower(w.Text), Word: len(q.Words), Weight: 1, Exact: true})
	q.Words = append(q.Words, w)
}

// findCompounds records the compounds of a chunk whose words start at
// out.words[first]: a word followed by a particle ("log in"), and the two
// words of a joined word ("white space", see joinedWords).
func (q *Query) findCompounds(chunk string, first int) {
	raw := strings.FieldsFunc(strings.ToLower(chunk), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_'
	})
	wi := first
	for i := 0; i+1 < len(raw) && wi < len(q.Words); i++ {
		w := q.Words[wi]
		if !strings.EqualFold(w.Text, raw[i]) {
			continue // a stop word or a dropped letter: not a query word
		}
		wi++
		if w.Whole < 0 && Particles[raw[i+1]] {
			if q.Compounds == nil {
				q.Compounds = map[int]string{}
			}
			q.Compounds[wi-1] = Stem(raw[i]) + raw[i+1]
		} else if w.Whole < 0 && Joins([]byte(raw[i]), []byte(raw[i+1])) {
			if q.Compounds == nil {
				q.Compounds = map[int]string{}
			}
			q.Compounds[wi-1] = Stem(raw[i] + raw[i+1])
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

// Identifier is the query's words run together, lowercased: the name a
// symbol would have if the query named it ("read file", "ReadFile" and
// "read_file" all give "readfile").
func (q *Query) Identifier() string {
	var b strings.Builder
	for _, w := range q.Words {
		b.WriteString(strings.ToLower(strings.ReplaceAll(w.Text, "_", "")))
	}
	return b.String()
}

// Title is the query's words lowercased and joined by single spaces, as
// headingWords reads a heading: "Error codes" matches the query "error
// codes".
func (q *Query) Title() string {
	parts := make([]string, 0, len(q.Words))
	for _, w := range q.Words {
		parts = append(parts, strings.ToLower(w.Text))
	}
	return strings.Join(parts, " ")
}

// CaseTwin is the whole-identifier term of the word as the other naming
// convention writes it: a snake_case word's parts run together as a
// camelCase name's whole term is indexed ("check_if_modified_since" →
// checkifmodifiedsince), and a camelCase word's parts joined by
// underscores ("checkIfModifiedSince" → check_if_modified_since). "" for
// a word of one part. A route or config key meets the handler named in
// the other convention, and the other way round.
func (w Word) CaseTwin() string {
	if w.Whole < 0 {
		return ""
	}
	if strings.IndexByte(w.Text, '_') >= 0 {
		return strings.ToLower(strings.ReplaceAll(w.Text, "_", ""))
	}
	var parts [16][2]int
	n := SplitParts([]byte(w.Text), parts[:])
	if n < 2 {
		return ""
	}
	var b strings.Builder
	for i, p := range parts[:n] {
		if i > 0 {
			b.WriteByte('_')
		}
		b.WriteString(strings.ToLower(w.Text[p[0]:p[1]]))
	}
	return b.String()
}
