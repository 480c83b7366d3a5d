package index

import (
	"github.com/treenav/treenav"
	"github.com/treenav/treenav/parsers"
)

// isDeprecated reports whether code symbol n of src is marked deprecated
// (parsers.IsDeprecated). The flag is kept in snapshots: a change to what
// counts as deprecated needs a new snapshotVersion, or old snapshots keep
// the old flags.
func isDeprecated(src []byte, n *treenav.Node) bool { return parsers.IsDeprecated(src, n) }
