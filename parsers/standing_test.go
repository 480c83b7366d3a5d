package parsers

import (
	"strings"
	"testing"
)

// isTestPathPlain is IsTestPath as it read before lowerPath: the same
// rules on strings.ToLower(p).
func isTestPathPlain(p string) bool {
	lp := strings.ToLower(p)
	for _, dir := range []string{"test/", "tests/", "testdata/", "__tests__/", "testing/fixtures/"} {
		if strings.HasPrefix(lp, dir) || strings.Contains(lp, "/"+dir) {
			return true
		}
	}
	base := lp[strings.LastIndexByte(lp, '/')+1:]
	stem := base
	if i := strings.IndexByte(base, '.'); i > 0 {
		stem = base[:i]
	}
	return strings.HasSuffix(stem, "_test") || strings.HasPrefix(stem, "test_") ||
		strings.Contains(base, ".test.") || strings.Contains(base, ".spec.") ||
		strings.HasSuffix(p[strings.LastIndexByte(p, '/')+1:], "Test.java") || strings.HasSuffix(stem, "_spec")
}

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
		if got, plain := IsTestPath(p), isTestPathPlain(p); got != plain {
			t.Errorf("IsTestPath(%q) = %v, the plain rules say %v", p, got, plain)
		}
	}
	if n := testing.AllocsPerRun(100, func() { IsTestPath("java.base/sun/security/Provider/KeyStoreTest.java") }); n != 0 {
		t.Errorf("IsTestPath allocates %v times for an ASCII path with capitals", n)
	}
}
