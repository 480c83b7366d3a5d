package index

import (
	"strings"
	"testing"
)

// Parse warnings reach the outline and the index statistics: an agent
// reading an outline with a hole must be told there may be one.
func TestParseWarningsAreShown(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"ok.go":        "package p\n\nfunc A() {}\n",
		"broken.go":    "package p\n\nfunc A() {}\n\nfunc B( {\n}\n",
		"x_test.go":    "package p\n\nfunc T( {\n",
		"docs/page.md": "---\ntitle: [unclosed\n---\n# Page\n",
	})
	for id, want := range map[string]string{"broken.go": "syntax error at line 5", "docs/page.md": "frontmatter", "ok.go": ""} {
		tr, err := ix.Tree(TreeRequest{DocID: id})
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Join(tr.Warnings, "; ")
		if want == "" && got != "" || !strings.Contains(got, want) {
			t.Errorf("%s: warnings %q, want %q", id, got, want)
		}
	}
	st := ix.Stats()
	if st.Warned != 3 || strings.Join(st.WarnedExamples, " ") != "broken.go docs/page.md x_test.go" {
		t.Errorf("stats: %d warned, examples %v; want 3, the test file last", st.Warned, st.WarnedExamples)
	}
}
