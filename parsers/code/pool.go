package code

import (
	sitter "github.com/smacker/go-tree-sitter"
)

// getParser takes a parser for the language from its pool; putParser returns
// it. One parser serves one goroutine at a time, so parallel parsing uses one
// parser per worker without creating a parser per file.
func (l *Language) getParser() *sitter.Parser {
	if p, ok := l.pool.Get().(*sitter.Parser); ok {
		return p
	}
	p := sitter.NewParser()
	p.SetLanguage(l.Grammar())
	// Tree-sitter is linear in practice; the limit exists so that a
	// pathological input can never hang an indexing run. Extraction
	// arms it with what is left of a file's budget.
	p.SetOperationLimit(int(Budget.Microseconds()))
	return p
}

func (l *Language) putParser(p *sitter.Parser) {
	p.Reset()
	// An extraction armed it with what was left of its budget.
	p.SetOperationLimit(int(Budget.Microseconds()))
	l.pool.Put(p)
}
