package parsers

import "testing"

func TestIsChangelogPath(t *testing.T) {
	for p, want := range map[string]bool{
		"CHANGELOG.md":              true,
		"pkg/CHANGES.rst":           true,
		"HISTORY.md":                true,
		"NEWS":                      true,
		"docs/release-notes/1.2.md": true,
		"CHANGELOG-1.x.md":          true,
		"changelog-v2.md":           true,
		"changelog/unreleased.md":   true,
		"src/changes.go":            false, // code is never a changelog
		"src/changelog/parse.go":    false,
		"src/news_feed.py":          false,
		"docs/history-of-rome.md":   false,
		"docs/historical.md":        false,
		"README.md":                 false,
		"newsletter.md":             false,
	} {
		if got := IsChangelogPath(p); got != want {
			t.Errorf("IsChangelogPath(%q) = %v, want %v", p, got, want)
		}
	}
}
