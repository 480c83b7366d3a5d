package treenav

import (
	"fmt"
	"strings"
)

// matchHeadings are the lines that start a run of weaker matches in the
// text form of find_symbol.
var matchHeadings = map[string]string{
	"name":   "name-only matches (same name, another qualifier)",
	"prefix": "prefix matches",
	"camel":  "camel-hump matches",
	"fuzzy":  "substring matches",
}

// writeMatchHeading starts a run of weaker matches at syms[i] with a
// heading, so that an agent sees where the exact hits end: "labels.Labels.Get"
// lists its qualified hits, then "name-only matches:" and the other Gets.
func writeMatchHeading(b *strings.Builder, syms []Symbol, i int) {
	m := syms[i].Match
	h, ok := matchHeadings[m]
	if !ok || i > 0 && syms[i-1].Match == m {
		return
	}
	fmt.Fprintf(b, "-- %s:\n", h)
}
