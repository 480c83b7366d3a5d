package index

import "testing"

func TestWithoutQuestion(t *testing.T) {
	for q, want := range map[string]string{
		"how to publish a scoped package": "publish a scoped package",
		"How do I configure a proxy":      "configure a proxy",
		"what is a workspace":             "workspace",
		"why does the build fail":         "build fail",
		// A question word not followed by a filler is a word.
		"where clause":          "where clause",
		"how npm install works": "how npm install works",
		"when to retry":         "retry",
		// Nothing but the question, a short query, or a phrase: as typed.
		"what is it":                 "what is it",
		"how to":                     "how to",
		`how to "publish a package"`: `how to "publish a package"`,
	} {
		if got := withoutQuestion(q); got != want {
			t.Errorf("withoutQuestion(%q) = %q, want %q", q, got, want)
		}
	}
}

// TestQuestionQuery: a question's opening words do not decide the
// ranking. "how" and "do" counted as query words, so a heading that held
// them ("How npm install uses package-lock.json") took the full-coverage
// bonus and outranked the section the question is about.
func TestQuestionQuery(t *testing.T) {
	e, _ := newTestEngine(t, map[string]string{
		"docs/install.md": "# npm install\n\n## How npm install uses package-lock.json\n\nHow the lock file is read, and what you can do to publish or configure it.\n",
		"docs/scope.md":   "# Scopes\n\n## Publishing scoped packages\n\nScoped packages are published privately by default; pass --access public.\n",
		"docs/config.md":  "# Config\n\n## proxy\n\nA proxy to use for outgoing http requests. Configure it per registry.\n",
	})
	wantFirst(t, e.Index(), "how to publish a scoped package", "docs/scope.md#scopes/publishing-scoped-packages")
	wantFirst(t, e.Index(), "how do I configure a proxy", "docs/config.md#config/proxy")
}
