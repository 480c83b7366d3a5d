package index

import (
	"fmt"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// pathScope is a request's path globs: a file is taken in when one of
// the positive globs matches it (or there are none) and none of the
// "!glob" exclusions does ("!*_test.go", "!vendor/**"). Each glob reads
// as matchPathGlob reads it.
type pathScope struct {
	include, exclude []string
}

// compilePathScope reads glob and globs, each a positive glob or a
// "!glob" exclusion, into a scope (nil for none). A positive glob that
// matches no file the way a mistake does is an error (checkPathGlob).
func (v *view) compilePathScope(glob string, globs []string) (*pathScope, error) {
	all := globs
	if glob != "" {
		all = append([]string{glob}, globs...)
	}
	ps := &pathScope{}
	for _, g := range all {
		g = strings.TrimSpace(g)
		if g == "" {
			continue
		}
		if neg, ok := strings.CutPrefix(g, "!"); ok {
			if neg == "" || !doublestar.ValidatePattern(neg) {
				return nil, &BadRequestError{"path glob " + QuoteInput(g) + " is not a valid exclusion: want \"!\" and a glob, such as \"!*_test.go\""}
			}
			ps.exclude = append(ps.exclude, neg)
			continue
		}
		if err := v.checkPathGlob(g); err != nil {
			return nil, err
		}
		ps.include = append(ps.include, g)
	}
	if len(ps.include) == 0 && len(ps.exclude) == 0 {
		return nil, nil
	}
	return ps, nil
}

// match reports whether the scope takes in the file at p.
func (ps *pathScope) match(p string) bool {
	if ps == nil {
		return true
	}
	for _, g := range ps.exclude {
		if matchPathGlob(g, p) {
			return false
		}
	}
	if len(ps.include) == 0 {
		return true
	}
	for _, g := range ps.include {
		if matchPathGlob(g, p) {
			return true
		}
	}
	return false
}

// outsideRoots is the error of a path glob that matches no file and whose
// first part is no file or directory at the root ("/etc/**" of another
// tree, "src/**" where there is no src): it lists what the root holds.
func outsideRoots(glob string, roots map[string]bool) error {
	names := sortedKeys(roots)
	shown := names
	if len(shown) > scopeValuesShown {
		shown = shown[:scopeValuesShown]
	}
	list := strings.Join(shown, ", ")
	if len(names) > len(shown) {
		list += ", ..."
	}
	return &BadRequestError{fmt.Sprintf("path glob %s matches no file: globs are relative to the root, which holds %s", QuoteInput(glob), list)}
}

// unknownFacet is the error of a filter key no document has: it can only
// answer nothing. It lists the facets there are; a key that reads as a
// test switch ("test", "tests") points to the tests parameter. "tags",
// a parameter of its own (list_documents' tag), is a key of every index
// even where no page has a tag yet: no result, no error.
func unknownFacet(k string, known map[string]int) error {
	if k == "tags" {
		return nil
	}
	msg := fmt.Sprintf("no document has the facet %q; facets: %s", k, strings.Join(sortedKeys(known), ", "))
	if l := strings.ToLower(k); l == "test" || l == "tests" || l == "is_test" {
		msg += " (to leave tests out or keep only tests, use tests: exclude or only)"
	}
	return &BadRequestError{msg}
}
