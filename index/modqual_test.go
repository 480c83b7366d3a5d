package index

import (
	"path"
	"testing"

	"github.com/treenav/treenav"
)

// testLanguage is the language of a test's file path, by its extension.
func testLanguage(p string) string {
	return map[string]string{".go": "go", ".py": "python", ".rs": "rust", ".ts": "typescript", ".java": "java", ".cc": "cpp"}[path.Ext(p)]
}

func TestModuleQualified(t *testing.T) {
	for _, tc := range []struct {
		raw, qn, path string
		fold, want    bool
	}{
		{"json.Marshal", "Marshal", "encoding/json/encode.go", false, true},
		{"encoding.json.Marshal", "Marshal", "encoding/json/encode.go", false, true},
		{"http.Server.Shutdown", "Server.Shutdown", "net/http/server.go", false, true},
		{"ioutil.ReadFile", "ReadFile", "io/ioutil/ioutil.go", false, true},
		{"os.path.join", "join", "os/path.py", false, true},
		{"json.dumps", "dumps", "json/__init__.py", false, true},
		{"java.util.List", "List", "java.base/java/util/List.java", false, true},
		{"crate.config.load", "load", "src/config.rs", false, true},
		{"Json.marshal", "Marshal", "encoding/json/encode.go", true, true},
		{"json.marshal", "Marshal", "encoding/json/encode.go", false, false},
		{"xml.Marshal", "Marshal", "encoding/json/encode.go", false, false},
		{"son.Marshal", "Marshal", "encoding/json/encode.go", false, false},
		{"Marshal", "Marshal", "encoding/json/encode.go", false, false},
		{".Marshal", "Marshal", "encoding/json/encode.go", false, false},
		{"json..Marshal", "Marshal", "encoding/json/encode.go", false, false},
		{"a.b.json.Marshal", "Marshal", "json/encode.go", false, false},
		// A Go file is no module: its package is the directory.
		{"encode.Marshal", "Marshal", "encoding/json/encode.go", false, false},
		{"slog.Logger.With", "With", "log/slog/logger.go", false, false},
		{"slog.Logger.With", "Logger.With", "log/slog/logger.go", false, true},
		{"config.load", "load", "src/config.rs", false, true}, // a Rust file is a module
		{"router.addRoute", "addRoute", "src/router.ts", false, true},
		{"Map.put", "put", "java/util/Map.java", false, false},
		{"json.Marshal", "Marshal", "encode.go", false, false},
		// The module's case too, unless folded: Node.satisfies is a
		// class's method, not the function of a file node.js.
		{"Node.satisfies", "satisfies", "lib/node.js", false, false},
		{"Node.satisfies", "satisfies", "lib/node.js", true, true},
		{"Json.Marshal", "Marshal", "encoding/json/encode.go", false, false},
	} {
		if got := moduleQualified(tc.raw, tc.qn, tc.path, testLanguage(tc.path), "", tc.fold); got != tc.want {
			t.Errorf("moduleQualified(%q, %q, %q, %v) = %v, want %v", tc.raw, tc.qn, tc.path, tc.fold, got, tc.want)
		}
	}
}

func TestModuleWords(t *testing.T) {
	for _, tc := range []struct {
		query, name, qn, path string
		want                  bool
	}{
		{"utf8 decode rune", "DecodeRune", "DecodeRune", "unicode/utf8/utf8.go", true},
		{"unicode utf8 decode rune", "DecodeRune", "DecodeRune", "unicode/utf8/utf8.go", true},
		{"sort slice stable", "SliceStable", "SliceStable", "sort/slice.go", true},
		{"http server shutdown", "Shutdown", "Server.Shutdown", "net/http/server.go", true},
		{"os path join", "join", "join", "os/path.py", true},
		{"json marshal indent", "MarshalIndent", "MarshalIndent", "encoding/json/encode.go", true},
		// The module must be the path's end, the name the query's end.
		{"bytes decode rune", "DecodeRune", "DecodeRune", "unicode/utf8/utf8.go", false},
		{"utf8 decode", "DecodeRune", "DecodeRune", "unicode/utf8/utf8.go", false},
		{"decode rune", "DecodeRune", "DecodeRune", "unicode/utf8/utf8.go", false},
		{"utf8 rune decode", "DecodeRune", "DecodeRune", "unicode/utf8/utf8.go", false},
		// Words between module and name must end the qualifier.
		{"http client shutdown", "Shutdown", "Server.Shutdown", "net/http/server.go", false},
		{"http server graceful shutdown", "Shutdown", "Server.Shutdown", "net/http/server.go", false},
	} {
		key, title := keyAndTitle(tc.query)
		n := testNode(nodeStrings{kind: treenav.KindFunction, name: tc.name, qualified: tc.qn})
		if got := moduleWords(n, tc.path, testLanguage(tc.path), "", title); got != tc.want {
			t.Errorf("moduleWords(%q in %s, %q) = %v, want %v", tc.qn, tc.path, tc.query, got, tc.want)
		}
		// ("decode rune" names DecodeRune by itself: nameMatch has other
		// ways to match, so only the matches are checked through it.)
		if got := nameMatch(n, tc.path, testLanguage(tc.path), "", tc.query, "", key, title); tc.want && got != 0.5 {
			t.Errorf("nameMatch(%q in %s, %q) = %v, want 0.5", tc.qn, tc.path, tc.query, got)
		}
	}
}

// The module's words then the name as code spells it is the dotted name
// with a space: a full match, where a name that only matches up to case
// keeps half.
func TestModuleThenNameAsSpelled(t *testing.T) {
	for _, tc := range []struct {
		query, name, path, module string
		want                      float64
	}{
		{"rand IntN", "IntN", "math/rand/v2/rand.go", "rand", 1},
		{"rand IntN", "Intn", "math/rand/rand.go", "", 0.5},
		{"rand intn", "IntN", "math/rand/v2/rand.go", "rand", 0.5}, // no case typed
		{"collections OrderedDict", "OrderedDict", "collections/__init__.py", "", 1},
		{"json marshal indent", "MarshalIndent", "encoding/json/encode.go", "", 0.5}, // words, not the name
	} {
		key, title := keyAndTitle(tc.query)
		n := testNode(nodeStrings{kind: treenav.KindFunction, name: tc.name})
		if got := nameMatch(n, tc.path, testLanguage(tc.path), tc.module, tc.query, "", key, title); got != tc.want {
			t.Errorf("nameMatch(%s in %s, %q) = %v, want %v", tc.name, tc.path, tc.query, got, tc.want)
		}
	}
}
