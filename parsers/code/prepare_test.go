package code

import "testing"

// TestPrepareCompilesQueries: Prepare compiles a language's symbol query
// ahead of its first file, for every registered language.
func TestPrepareCompilesQueries(t *testing.T) {
	for _, name := range Languages() {
		l := Lookup(name)
		if err := l.Prepare(); err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if l.query == nil {
			t.Errorf("%s: Prepare left the query uncompiled", name)
		}
	}
}
