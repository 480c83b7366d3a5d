package index

import (
	"testing"

	"github.com/treenav/treenav"
)

func TestDeclaredModule(t *testing.T) {
	for _, tc := range []struct{ path, module, want string }{
		{"encoding/json/v2/arshal.go", "json", "json"},
		{"encoding/json/encode.go", "json", ""},     // the path says it
		{"net/http/serve_test.go", "http_test", ""}, // http's tests
		{"results.go", "treenav", "treenav"},        // a module's root
		{"cmd/tool/main.go", "main", ""},
		{"web/Router/x.go", "router", ""}, // up to case
		{"a.py", "", ""},
	} {
		d := &treenav.Document{Path: tc.path, Module: tc.module}
		if got := declaredModule(d); got != tc.want {
			t.Errorf("declaredModule(%s, %q) = %q, want %q", tc.path, tc.module, got, tc.want)
		}
	}
}

// A Go package whose directory is not its name is found by the name code
// uses: a versioned directory (rand/v2) and a module's root directory.
// The module survives a snapshot's round trip.
func TestDeclaredModuleNamesSymbols(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"rand/v2/rand.go": "package rand\n\n// IntN returns a number in [0,n).\nfunc IntN(n int) int { return 0 }\n",
		"rand/rand.go":    "package rand\n\n// Intn returns a number in [0,n).\nfunc Intn(n int) int { return 0 }\n",
		"count.go":        "package tally\n\n// Count counts.\nfunc Count(n int) string { return \"\" }\n",
		"other/use.go":    "package other\n\n// Use calls Count.\nfunc Use() { tally.Count(1); Count := 2; _ = Count }\n",
	})
	check := func(ix *Index, when string) {
		t.Helper()
		syms, err := ix.Symbols(SymbolRequest{Query: "rand.IntN"})
		if err != nil || len(syms.Symbols) == 0 || syms.Symbols[0].NodeID != "rand/v2/rand.go#IntN" {
			t.Errorf("%s: symbols rand.IntN: %+v %v, want rand/v2/rand.go#IntN first", when, syms, err)
		}
		syms, err = ix.Symbols(SymbolRequest{Query: "tally.Count"})
		if err != nil || len(syms.Symbols) == 0 || syms.Symbols[0].NodeID != "count.go#Count" {
			t.Errorf("%s: symbols tally.Count: %+v %v, want count.go#Count first", when, syms, err)
		}
		res, err := ix.Search(SearchRequest{Query: "tally Count"})
		if err != nil || len(res.Results) == 0 || res.Results[0].NodeID != "count.go#Count" {
			t.Errorf("%s: search tally Count: %v %v, want count.go#Count first", when, ids(res), err)
		}
	}
	check(ix, "built")
	check(reloaded(t, ix), "after loading the snapshot")
}
