package index

import (
	"strings"
	"testing"
)

// A changelog names every feature once per release: a query about the
// code finds the code first, one about changes the changelog.
func TestSearchChangelogBelowCode(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"CHANGELOG.md": "# Changelog\n\n## 7.3.0\n\n### Features\n\n- retry: retry accepts a delay; retry with delay resets the delay after a success\n\n## 7.2.0\n\n- retry: retry delay can be a function\n",
		"src/retry.ts": "// retry resubscribes to the source after an error, after a delay.\nexport function retry(count: number, delay: number) {\n  return count + delay;\n}\n",
	})
	first := func(q string) string {
		t.Helper()
		r, err := ix.Search(SearchRequest{Query: q, Limit: 5})
		if err != nil || len(r.Results) == 0 {
			t.Fatalf("%q: %v %+v", q, err, r)
		}
		return r.Results[0].NodeID
	}
	if got := first("retry with delay"); got != "src/retry.ts#retry" {
		t.Errorf("retry with delay: first %s, want the function", got)
	}
	if got := first("retry delay release"); !strings.HasPrefix(got, "CHANGELOG.md") {
		t.Errorf("retry delay release: first %s, want the changelog", got)
	}
	// Without the weight the changelog leads: the test measures it (with
	// the names-spelled bonus off, which also lifts the function retry).
	r := ix.Ranking()
	r.ChangelogWeight = 1
	r.NameWordsBonus = 0
	ix.SetRanking(r)
	if got := first("retry with delay"); !strings.HasPrefix(got, "CHANGELOG.md") {
		t.Errorf("the changelog does not lead even at weight 1 (%s): the fixture no longer tests the weight", got)
	}
}
