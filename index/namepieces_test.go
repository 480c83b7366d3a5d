package index

import (
	"testing"
)

// TestNamePiecesSearch checks that a code symbol's run-together name is
// found by the words it is made of, and that prose is not split: a
// markdown section that writes the name, or a word the vocabulary lacks,
// is found by the whole word only.
func TestNamePiecesSearch(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"pathutil.py": `def splitext(p):
    i = p.rfind('.')
    return p[:i], p[i:]


def gettempdir():
    return '/tmp'
`,
		"notes.md": `# Notes

Call gettempdir before anything else, and ask for consent.
`,
	})
	for _, tc := range []struct {
		query string
		want  []string // the results' node ids, in any order
	}{
		// ext is an abbreviation of extension (wordforms.go).
		{"file extension", []string{"pathutil.py#splitext"}},
		{"temporary directory", []string{"pathutil.py#gettempdir"}},
		{"gettempdir", []string{"pathutil.py#gettempdir", "notes.md", "notes.md#notes"}},
		// As a code name, consent would split into con and sent; prose
		// is not split.
		{"sent", nil},
	} {
		resp, err := ix.Search(SearchRequest{Query: tc.query, Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]bool{}
		for _, r := range resp.Results {
			got[r.NodeID] = true
		}
		for _, id := range tc.want {
			if !got[id] {
				t.Errorf("%q: %s not among %v", tc.query, id, got)
			}
		}
		if len(got) != len(tc.want) {
			t.Errorf("%q: got %v, want %v", tc.query, got, tc.want)
		}
	}
}
