package analysis

import (
	"strings"
	"unicode"
)

// StopNote reads a search query for the words that say nothing about
// what it asks: stop words ("the", "of") and a question's opening ("how
// do I"). A query of two or more words that are all such words would
// match nearly every node; empty says to answer nothing, and note says
// why and what to try. A query that lost most of its words to them says
// in note which words were searched. A query with code punctuation or a
// quote is left alone: "errors.Is" and a "quoted phrase" mean what they
// say, and so does a lone stop word ("With": the symbols named so).
func StopNote(q string) (empty bool, note string) {
	if strings.ContainsAny(q, `".:#/()`) {
		return false, ""
	}
	words := strings.FieldsFunc(q, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' })
	if len(words) < 2 {
		return false, ""
	}
	// A question's fillers ("do", "can", "you") are words of their own
	// unless a question word opens the query: "to do" is a query.
	question := questionWords[strings.ToLower(words[0])]
	var searched []string
	for _, w := range strings.Fields(withoutQuestion(strings.Join(words, " "))) {
		l := strings.ToLower(w)
		if stopWords[l] || question && (questionWords[l] || questionFillers[l]) || len([]rune(w)) < 2 {
			continue
		}
		searched = append(searched, w)
	}
	switch {
	case len(searched) == 0:
		return true, "every word of the query is a stop word or a question's opening (" + strings.Join(words, " ") +
			"), which would match nearly everything: name what you look for (an identifier, a file name, the subject's own words)"
	case 2*len(searched) < len(words):
		return false, "searched for " + strings.Join(searched, " ") + ": the other words are stop words or a question's opening, which match nearly everything"
	}
	return false, ""
}
