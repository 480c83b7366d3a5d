package analysis

import "testing"

func TestPlainWords(t *testing.T) {
	for q, want := range map[string]bool{
		"read file line by line": true,
		"convert int to string":  true,
		"Read file":              true, // a capital first letter is prose
		"validate utf8 encoding": true,
		"query_range":            false,
		"queryRange handler":     false,
		"os.ReadFile":            false,
		"std::vector":            false,
		"parse(url)":             false,
		`"exact phrase"`:         false,
		"internal/api":           false,
		"   ":                    false,
	} {
		if got := PlainWords(q); got != want {
			t.Errorf("PlainWords(%q) = %v, want %v", q, got, want)
		}
	}
}

func TestAsksForTests(t *testing.T) {
	for q, want := range map[string]bool{
		"tests for the parser":   true,
		"example of json decode": true,
		"Benchmark, sorting":     true,
		"read file line by line": false,
		"latest release":         false,
	} {
		if got := AsksForTests(q); got != want {
			t.Errorf("AsksForTests(%q) = %v, want %v", q, got, want)
		}
	}
}

func TestAsksForChanges(t *testing.T) {
	for q, want := range map[string]bool{
		"breaking changes in version 7": true,
		"what was fixed in the release": true,
		"migration to v2?":              true,
		"retry with delay":              false,
		"share replay reference count":  false,
	} {
		if got := AsksForChanges(q); got != want {
			t.Errorf("AsksForChanges(%q) = %v, want %v", q, got, want)
		}
	}
}

func TestActionQuery(t *testing.T) {
	for q, want := range map[string]bool{
		"convert array to list":   true,
		"Parse json string":       true,
		"check if file exists":    true,
		"cursor-based pagination": false, // a noun phrase
		"token bucket algorithm":  false,
		"parse ReadFile":          false, // an identifier: not plain words
		"":                        false,
		"retry":                   false, // a keyword alone
		"how to parse json":       false, // a question's opening, not a verb
	} {
		if got := ActionQuery(q); got != want {
			t.Errorf("ActionQuery(%q) = %v, want %v", q, got, want)
		}
	}
}

func TestAsksForReleases(t *testing.T) {
	for q, want := range map[string]bool{
		"retry delay release":               true,
		"breaking changes in 7.0":           true,
		"sort versions in descending order": false,
		"version greater than all in range": false,
		"read file line by line":            false,
	} {
		if got := AsksForReleases(q); got != want {
			t.Errorf("AsksForReleases(%q) = %v, want %v", q, got, want)
		}
	}
}
