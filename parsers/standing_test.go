package parsers

import (
	"strings"
	"testing"
)

// TestIsTestPath checks the test-path rules on paths of every kind, and
// that lowerPath lowercases as strings.ToLower does without allocating
// for an ASCII path.
func TestIsTestPath(t *testing.T) {
	cases := map[string]bool{
		"net/http/server_test.go":                     true,
		"net/http/server.go":                          false,
		"Lib/Test/test_os.py":                         true,
		"lib/test_os.py":                              true,
		"src/Foo.Test.ts":                             true,
		"src/foo.spec.js":                             true,
		"java.base/java/util/ListTest.java":           true,
		"java.base/java/util/LISTTEST.JAVA":           false, // Test.java is matched as written
		"pkg/TestData/x.json":                         true,
		"pkg/__Tests__/a.js":                          true,
		"README.md":                                   false,
		"Contest/main.go":                             false,
		"Ünïcode/Tests/ö.py":                          true,
		"docs/Testing/Fixtures/x.md":                  true,
		strings.Repeat("Dir/", 70) + "Widget_Test.go": true,
		strings.Repeat("dir/", 70) + "widget.go":      false,
		"spec/foo_spec.rb":                            true,
	}
	for p, want := range cases {
		if got := IsTestPath(p); got != want {
			t.Errorf("IsTestPath(%q) = %v, want %v", p, got, want)
		}
		var buf [256]byte
		if lp := lowerPath(p, &buf); lp != strings.ToLower(p) {
			t.Errorf("lowerPath(%q) = %q", p, lp)
		}
		// The rules on strings.ToLower's copy, as before lowerPath.
		if got, plain := IsTestPath(p), isTestPathLower(p, strings.ToLower(p)); got != plain {
			t.Errorf("IsTestPath(%q) = %v, on strings.ToLower's copy %v", p, got, plain)
		}
	}
	if n := testing.AllocsPerRun(100, func() { IsTestPath("java.base/sun/security/Provider/KeyStoreTest.java") }); n != 0 {
		t.Errorf("IsTestPath allocates %v times for an ASCII path with capitals", n)
	}
}
