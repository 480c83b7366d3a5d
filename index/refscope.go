package index

// refScope is the documents a find_references or call hierarchy request
// looks in: its path globs (a "!glob" leaves out what it matches), its
// test scope and its collections. Each is checked first, so that a glob
// outside every root, a test scope other than include, exclude or only,
// or an unknown collection is an error, not an empty answer.
func (v *view) refScope(glob string, globs []string, tests TestScope, colls []string) (func(*docMeta) bool, error) {
	ps, err := v.compilePathScope(glob, globs)
	if err != nil {
		return nil, err
	}
	if err := checkTestScope(tests); err != nil {
		return nil, err
	}
	if len(colls) > 0 {
		if err := v.scope().checkCollections(colls); err != nil {
			return nil, err
		}
	}
	set := toSet(colls)
	return func(d *docMeta) bool {
		return (set == nil || set[d.Collection]) && tests.keeps(d) && ps.match(d.Path)
	}, nil
}
