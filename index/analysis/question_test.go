package analysis

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
