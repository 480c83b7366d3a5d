package analysis

import "strings"

// PlainWords reports whether a query is written in plain words only, as
// people ask before they know any name ("read file line by line"): no
// word is shaped like an identifier (an underscore, a dot, "::", a slash,
// a parenthesis, a capital past its first letter) and none is quoted.
// Such a query asks for code that does something, rarely for a file, a
// test or a field.
func PlainWords(q string) bool {
	if strings.ContainsAny(q, `_.:/()"#<>[]{}`) {
		return false
	}
	for _, w := range strings.Fields(q) {
		for i, c := range w {
			if i > 0 && 'A' <= c && c <= 'Z' {
				return false
			}
		}
	}
	return strings.TrimSpace(q) != ""
}

// testWords say that a query asks for tests or examples.
var testWords = wordSet("test tests testing unittest unittests example examples benchmark benchmarks spec specs fixture fixtures mock mocks")

// AsksForTests reports whether a query names tests or examples: then
// they are what it asks for, not something to rank below the code.
func AsksForTests(q string) bool { return hasWordOf(q, testWords) }

// changeWords say that a query asks about changes: releases, versions,
// what broke or was fixed.
var changeWords = wordSet("change changes changed changelog changelogs release releases released version versions breaking migrate migration migrating upgrade upgrading upgraded regression fixed deprecated deprecation history news")

// AsksForChanges reports whether a query asks about changes: then
// changelogs and release notes are what it asks for, not something to
// rank below the code and docs.
func AsksForChanges(q string) bool { return hasWordOf(q, changeWords) }

// AsksForReleases is AsksForChanges without the words version and
// versions, which name what a package like semver is about as often as a
// release: "sort versions in descending order" asks for code.
func AsksForReleases(q string) bool { return hasWordOf(q, releaseWords) }

var releaseWords = func() map[string]bool {
	m := map[string]bool{}
	for w := range changeWords {
		if w != "version" && w != "versions" {
			m[w] = true
		}
	}
	return m
}()

// hasWordOf reports whether a word of q, in any case and without the
// punctuation that may end it, is in set.
func hasWordOf(q string, set map[string]bool) bool {
	for _, w := range strings.Fields(strings.ToLower(q)) {
		if set[strings.Trim(w, ",;:?!")] {
			return true
		}
	}
	return false
}

// actionVerbs are the verbs a plain-language query about code opens with
// when it asks for an operation ("convert array to list", "check if file
// exists", "parse json string"): what answers it is a function or a
// method, rather than the type its words also name.
var actionVerbs = wordSet("add append build calculate cancel check clean clear close collect combine compare compile " +
	"compress compute concatenate connect convert copy count create decode decompress decrypt delete deserialize " +
	"detect download emit encode encrypt escape evaluate execute expand extract fetch fill filter find flatten flush " +
	"format generate get handle hash insert iterate join list load lookup make map match measure merge move negate " +
	"normalize open pad parse peek pick print quote read receive register reload remove rename render repeat replace " +
	"reset resolve retry reverse round run sample save scan schedule search send serialize set shuffle sign sort split " +
	"start stop strip swap tokenize transform trim truncate unescape unquote update upload validate verify wait walk " +
	"wrap write zip")

// ActionQuery reports whether q is in plain words (PlainWords), two or
// more, the first a verb of actionVerbs: a request for an operation. A
// word alone ("retry") is a keyword, not a request.
func ActionQuery(q string) bool {
	if !PlainWords(q) {
		return false
	}
	f := strings.Fields(q)
	return len(f) > 1 && actionVerbs[strings.ToLower(f[0])]
}
