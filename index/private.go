package index

import "github.com/treenav/treenav/parsers"

// isPrivateSymbol reports whether a code symbol is private by its
// language's rules (parsers.IsPrivate), so that search and find_symbol rank
// it like internal code (Ranking.InternalWeight).
func isPrivateSymbol(lang string, n *nodeMeta) bool {
	return parsers.IsPrivate(lang, n.kind, n.name, qualifiedName(n), n.signature)
}
