package index

import (
	"strings"
	"testing"
)

func TestStopWordQueriesSayWhy(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"docs/guide.md": "# Guide\n\nHow do I configure the proxy? It is the setting of the client and of the server.\n\n## Proxy\n\nSet the proxy in the config file to route the requests.\n",
		"todo.md":       "# To do\n\nThings to do: configure the proxy.\n",
		"a/is.go":       "package a\n\n// Is reports whether the error is target.\nfunc Is(err, target error) bool { return false }\n",
	})
	for _, q := range []string{"the of and to is", "how do I", "what is it"} {
		r, err := ix.Search(SearchRequest{Query: q})
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Results) != 0 || !strings.Contains(r.Note, "stop word") {
			t.Errorf("%q: %d results, note %q; want none and a note", q, len(r.Results), r.Note)
		}
		if text := r.Text(); !strings.HasPrefix(text, "Note: every word") {
			t.Errorf("%q: text %q", q, text)
		}
	}
	// Fillers alone are words unless a question opens the query.
	if r, err := ix.Search(SearchRequest{Query: "to do"}); err != nil || r.Note != "" || len(r.Results) == 0 {
		t.Errorf("to do: %v, note %q", err, r.Note)
	}
	r, err := ix.Search(SearchRequest{Query: "how do I set the proxy in the config"})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Results) == 0 || !strings.HasPrefix(r.Note, "searched for set proxy config:") {
		t.Errorf("mostly stop words: %d results, note %q", len(r.Results), r.Note)
	}
	// Not stop words only: no note; a lone stop word and code keep
	// finding the symbols so named.
	for _, q := range []string{"configure proxy", "Is", "a.Is", "to configure"} {
		r, err := ix.Search(SearchRequest{Query: q})
		if err != nil {
			t.Fatal(err)
		}
		if r.Note != "" || len(r.Results) == 0 {
			t.Errorf("%q: %d results, note %q", q, len(r.Results), r.Note)
		}
	}
}
