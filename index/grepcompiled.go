package index

import "sync"

// Compiled patterns, kept. Compiling a pattern for grep (its regexp, its
// line DFAs, its trigram query) takes 15-115 µs (-w 'class
// [A-Z][A-Za-z]*\(' the most), which is most of a grep that finds no
// candidate (20-40 µs on Python's stdlib); and an agent pages through
// one pattern's matches (cursor), narrows it by path, or asks again
// after an edit, each time with the same pattern. A compiled pattern is
// read only once made (each grep's workers clone its DFAs, grepScratch),
// so one serves every grep that asks for it: kept, 0.1-0.2 µs.

// grepCompiledKey is what a compiled pattern depends on.
type grepCompiledKey struct {
	pattern           string
	regex, fold, word bool
}

// grepCompiled is a compiled pattern: its matcher and the trigram query
// of the files that can match it.
type grepCompiled struct {
	m *grepMatcher
	q *gramQuery
}

// grepCompiledMax bounds the patterns kept, grepCompiledMaxLen the length
// of one: the set is emptied when full, and a longer pattern (a pasted
// block) is compiled each time.
const (
	grepCompiledMax    = 64
	grepCompiledMaxLen = 1024
)

var grepCompiledSet struct {
	mu sync.Mutex
	m  map[grepCompiledKey]grepCompiled
}

// compiledGrep is compileGrep's matcher and gramQueryOf's query for req,
// from the kept ones when req's pattern was compiled before. A pattern
// that does not compile is not kept: its error is made again.
func compiledGrep(req GrepRequest) (*grepMatcher, *gramQuery, error) {
	key := grepCompiledKey{req.Pattern, req.Regex, req.IgnoreCase, req.Word}
	keep := len(req.Pattern) <= grepCompiledMaxLen
	if keep {
		grepCompiledSet.mu.Lock()
		c, ok := grepCompiledSet.m[key]
		grepCompiledSet.mu.Unlock()
		if ok {
			return c.m, c.q, nil
		}
	}
	m, re, err := compileGrep(req)
	if err != nil {
		return nil, nil, err
	}
	q := gramQueryOf(re)
	if req.Word {
		if w := wordEndQuery(re); w != nil {
			q = q.and(w)
		}
	}
	c := grepCompiled{m, q}
	if keep {
		grepCompiledSet.mu.Lock()
		if grepCompiledSet.m == nil || len(grepCompiledSet.m) >= grepCompiledMax {
			grepCompiledSet.m = map[grepCompiledKey]grepCompiled{}
		}
		grepCompiledSet.m[key] = c
		grepCompiledSet.mu.Unlock()
	}
	return c.m, c.q, nil
}
