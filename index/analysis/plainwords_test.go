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
