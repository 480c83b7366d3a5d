package engine

import (
	"github.com/treenav/treenav"

	"github.com/treenav/treenav/index/walk"
)

// unsupportedShown bounds the extensions index_status lists for the files
// no parser takes; the rest are summed as "other".
const unsupportedShown = 20

// topUnsupported keeps the unsupportedShown extensions with the most
// files (ties by name) and sums the others under "other", so that a user
// sees that 54 .rst files were not indexed without a list of every
// extension in the tree. Nil for none.
func topUnsupported(m map[string]int) map[string]int {
	if len(m) == 0 {
		return nil
	}
	if len(m) <= unsupportedShown {
		return m
	}
	keys := treenav.KeysByCount(m)
	out := make(map[string]int, unsupportedShown+1)
	for i, k := range keys {
		if i < unsupportedShown {
			out[k] = m[k]
		} else {
			out["other"] += m[k]
		}
	}
	return out
}

// countUnsupported adds a file skipped for reason to the unsupported
// files by extension when that is the reason (a file the parsers turned
// down when they read it).
func countUnsupported(byExt map[string]int, reason, rel string) {
	if reason == walk.SkipUnsupported {
		byExt[walk.UnsupportedKey(rel)]++
	}
}
