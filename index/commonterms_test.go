package index

import (
	"fmt"
	"strings"
	"testing"
)

// commonFixture is a repository whose every file sits under services/:
// "services" is in every node (through the path), "parse" and "config"
// in a few.
func commonFixture(t *testing.T) *Index {
	files := map[string]string{}
	for i := range 12 {
		files[fmt.Sprintf("services/svc%02d/handler.go", i)] = fmt.Sprintf(
			"package svc%02d\n\n// Handle answers request number %d.\nfunc Handle(n int) int { return n + %d }\n\n// Stop ends it.\nfunc Stop() {}\n", i, i, i)
	}
	files["services/conf/parse.go"] = "package conf\n\n// ParseConfig reads the config file.\nfunc ParseConfig(path string) error { return nil }\n\n// parseLine parses one line of config.\nfunc parseLine(s string) string { return s }\n"
	files["services/conf/load.go"] = "package conf\n\n// LoadConfig loads and validates the config.\nfunc LoadConfig() error { return ParseConfig(\"x\") }\n"
	files["services/net/retry.go"] = "package net\n\n// Retry tries again.\nfunc Retry() {}\n"
	return newTestIndex(t, files)
}

func TestCommonWordsOnlyRank(t *testing.T) {
	ix := commonFixture(t)
	search := func(q string, limit int, share float64) ([]string, int, string) {
		t.Helper()
		defer func(old float64) { commonShare = old }(commonShare)
		commonShare = share
		r, err := ix.Search(SearchRequest{Query: q, Limit: limit})
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, res := range r.Results {
			ids = append(ids, fmt.Sprintf("%s=%.4f", res.NodeID, res.Score))
		}
		return ids, r.Total, r.Note
	}

	// The other words match more than the page: "services" only ranks
	// them. The first results and their scores are those of the search
	// where it also selects, whether its postings are read in a row or
	// looked up node by node; the total counts what "parse config"
	// matches.
	want, allTotal, wantNote := search("services parse config", 3, 1)
	var got []string
	var total int
	var note string
	defer func(old int) { lookupPostings = old }(lookupPostings)
	for _, lookup := range []int{1 << 30, 1} {
		lookupPostings = lookup
		got, total, note = search("services parse config", 3, 0.25)
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("services parse config, lookupPostings %d:\n got %v\nwant %v", lookup, got, want)
		}
	}
	_, sel, _ := search("parse config", 3, 1)
	if total != sel || total >= allTotal {
		t.Errorf("total %d, want %d (what parse config matches; %d with services selecting)", total, sel, allTotal)
	}
	if !strings.Contains(note, `"services" (in 100% of the nodes)`) || wantNote != "" {
		t.Errorf("note %q (without the cutoff %q)", note, wantNote)
	}

	// Fewer matches than the page: searched as if no word were common.
	for _, q := range []string{"services retry", "services", "services nosuchword"} {
		got, total, note := search(q, 5, 0.25)
		want, wantTotal, _ := search(q, 5, 1)
		if strings.Join(got, " ") != strings.Join(want, " ") || total != wantTotal || note != "" {
			t.Errorf("%s: got %v (%d, note %q), want %v (%d)", q, got, total, note, want, wantTotal)
		}
	}

	// A quoted phrase's words select.
	if _, total, note := search(`"services" handle`, 3, 0.25); note != "" || total != allTotalOf(t, ix, `"services" handle`) {
		t.Errorf(`"services" handle: total %d, note %q`, total, note)
	}
}

// allTotalOf is the total of q with no word common.
func allTotalOf(t *testing.T, ix *Index, q string) int {
	t.Helper()
	defer func(old float64) { commonShare = old }(commonShare)
	commonShare = 1
	r, err := ix.Search(SearchRequest{Query: q, Limit: 3})
	if err != nil {
		t.Fatal(err)
	}
	return r.Total
}
