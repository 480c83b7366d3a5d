package code

import (
	"context"
)

// ParseOnly parses src with the language's grammar and discards the tree:
// the bare tree-sitter cost, against which the benchmark measures the full
// extraction and indexing.
func (l *Language) ParseOnly(src []byte) error {
	p := l.getParser()
	defer l.putParser(p)
	tree, err := p.ParseCtx(context.Background(), nil, src)
	if err != nil {
		return err
	}
	tree.Close()
	return nil
}
