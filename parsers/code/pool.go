package code

import (
	sitter "github.com/smacker/go-tree-sitter"
)

// getParser takes a parser for the language from its pool; putParser returns
// it. One parser serves one goroutine at a time, so parallel parsing uses one
// parser per worker without creating a parser per file.
//
// A pooled parser is only ever given context.Background(). Given a
// context that can be cancelled, go-tree-sitter watches it from a
// goroutine that may set the parser's cancellation flag after the parse
// has finished (both channels ready when the context is cancelled
// later); nothing clears the flag then, and every later parse with that
// parser fails at once, as if over its time limit. A test that parsed
// with t.Context() left such a parser in the TypeScript pool, and the
// next TypeScript test failed with "parse budget of 20s exceeded" on a
// loaded machine.
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
