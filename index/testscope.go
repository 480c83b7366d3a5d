package index

// TestScope says whether a search or a symbol lookup takes in tests: the
// files parsers.IsTestPath calls tests or test data (foo_test.go,
// test_foo.py, *.spec.ts, tests/ and testdata/ directories, ...), the
// same rule by which ranking puts tests after the code they test.
type TestScope string

// The test scopes; "" is TestsInclude.
const (
	TestsInclude TestScope = "include" // tests and the rest (the default)
	TestsExclude TestScope = "exclude" // no tests
	TestsOnly    TestScope = "only"    // tests only
)

// checkTestScope rejects a scope other than include, exclude or only.
func checkTestScope(t TestScope) error {
	switch t {
	case "", TestsInclude, TestsExclude, TestsOnly:
		return nil
	}
	return &BadRequestError{"tests " + QuoteInput(string(t)) + ": want include, exclude or only"}
}

// keeps reports whether the scope takes in document d.
func (t TestScope) keeps(d *docMeta) bool {
	switch t {
	case TestsExclude:
		return !d.test
	case TestsOnly:
		return d.test
	}
	return true
}

// narrows reports whether the scope leaves documents out.
func (t TestScope) narrows() bool { return t == TestsExclude || t == TestsOnly }
