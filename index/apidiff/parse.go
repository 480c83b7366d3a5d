package apidiff

import (
	"errors"
	"io/fs"
	"runtime"
	"sync"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/parsers"
)

// Parsed is what one file gives: its outline and the symbols a diff
// compares, or why it has none. It is what the parse cache keeps.
type Parsed struct {
	Outline  treenav.OutlineFile
	Warnings []string // the parse's warnings (a syntax error it recovered from)
	Symbols  []Symbol
	Skip     string // why the file has no outline: a walk.Skip reason or "unsupported"
	Err      string // the parse failed (never cached)
}

// Symbol is one code symbol of one side of a diff.
type Symbol struct {
	NodeID     string
	Qualified  string // without a "~N" suffix
	Kind       treenav.Kind
	Language   string
	Path       string
	Line       int
	Signature  string
	Public     bool   // not private by the language's rule, nor in test, internal or vendored code
	Deprecated bool   // marked deprecated in its source
	Body       uint64 // a hash of the symbol's own text, children left out, spaces collapsed
}

// Source is one file to outline: its path relative to the root, its
// content, and its git blob id when git gave it (else it is computed, to
// share cache entries between the work tree and commits).
type Source struct {
	Rel string
	Src []byte
	OID string
	// Read, when Src is nil, reads the file (on the worker that parses
	// it: the walk's checked read); its error is the file's Err.
	Read func(rel string) ([]byte, error)
}

// ParseAll outlines files on all CPUs, through the cache when it is not
// nil, and returns what each gave, in order. filter (walk.Classify or a
// collection's) decides from the content whether to skip a file.
func ParseAll(files []Source, filter func(rel string, src []byte) string, cache *Cache) []Parsed {
	out := make([]Parsed, len(files))
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				out[i] = parseOne(files[i], filter, cache)
			}
		}()
	}
	for i := range files {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	return out
}

func parseOne(f Source, filter func(rel string, src []byte) string, cache *Cache) Parsed {
	if f.Src == nil && f.Read != nil {
		src, err := f.Read(f.Rel)
		if err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				return Parsed{Err: f.Rel + ": " + pe.Err.Error()}
			}
			return Parsed{Err: err.Error()}
		}
		f.Src = src
	}
	if parsers.Kind(f.Rel, f.Src) == "" {
		return Parsed{Skip: "unsupported"}
	}
	if filter != nil {
		if reason := filter(f.Rel, f.Src); reason != "" {
			return Parsed{Skip: reason}
		}
	}
	var key string
	if cache != nil {
		key = cache.key(f)
		if p, ok := cache.get(key); ok {
			p.Outline.Exports = parsers.ModuleExports(p.Outline.Language, f.Src, p.Outline.Symbols)
			return p
		}
	}
	doc, err := parsers.Parse(f.Rel, f.Rel, f.Src)
	if err != nil {
		return Parsed{Err: err.Error()}
	}
	p := Parsed{Outline: doc.Outline(), Warnings: doc.Warnings, Symbols: docSymbols(doc, f.Src)}
	if cache != nil {
		cache.put(key, p)
	}
	// Read from the source each time, not cached: the cache's entries
	// predate it.
	p.Outline.Exports = parsers.ModuleExports(p.Outline.Language, f.Src, p.Outline.Symbols)
	return p
}
