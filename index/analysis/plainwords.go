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
