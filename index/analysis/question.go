package analysis

import "strings"

// questionWords open a question ("how to publish a scoped package", "what
// is a workspace"); questionFillers are the words that follow them before
// the subject. Neither says what the answer is about, but both count as
// query words: "how" and "do" would weigh like "proxy" in "how do I
// configure a proxy", and a node had to hold them for the full-coverage
// bonus, so "How npm install uses package-lock.json" outranked the proxy
// settings.
var (
	questionWords   = wordSet("how what why when where which who")
	questionFillers = wordSet("do does did can could should would will shall must may i we you is are was were be to a an the my our")
)

// withoutQuestion drops a question's opening from a query: a question
// word followed by at least one filler, and those fillers ("how do I",
// "what is a"), when words remain after them. A question word not
// followed by a filler is kept ("where clause", "how npm works"), and so
// is any query with a quote: a phrase is matched as typed. The name match
// still reads the query as typed (a heading "How to publish" matches it).
func withoutQuestion(q string) string {
	if strings.ContainsRune(q, '"') {
		return q
	}
	f := strings.Fields(q)
	if len(f) < 3 || !questionWords[strings.ToLower(f[0])] || !questionFillers[strings.ToLower(f[1])] {
		return q
	}
	i := 1
	for i < len(f) && questionFillers[strings.ToLower(f[i])] {
		i++
	}
	for _, w := range f[i:] {
		if !stopWords[strings.ToLower(w)] {
			return strings.Join(f[i:], " ")
		}
	}
	return q // "what is it": nothing but the question
}

// SubjectWords are the words of q, split at white space, that say what it
// is about: not stop words, nor, in a question, the question's words and
// fillers ("what does the textwrap module do": textwrap module). Tokens
// keep their punctuation ("net/http", "email.mime").
func SubjectWords(q string) []string {
	f := strings.Fields(strings.ReplaceAll(q, `"`, " "))
	question := len(f) > 0 && questionWords[strings.ToLower(f[0])]
	var out []string
	for _, w := range f {
		l := strings.ToLower(w)
		if stopWords[l] || question && (questionWords[l] || questionFillers[l]) {
			continue
		}
		out = append(out, w)
	}
	return out
}
