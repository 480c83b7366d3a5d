package index

import "testing"

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
		{"encode.Marshal", "Marshal", "encoding/json/encode.go", false, true}, // the file as module
		{"json.Marshal", "Marshal", "encode.go", false, false},
	} {
		if got := moduleQualified(tc.raw, tc.qn, tc.path, tc.fold); got != tc.want {
			t.Errorf("moduleQualified(%q, %q, %q, %v) = %v, want %v", tc.raw, tc.qn, tc.path, tc.fold, got, tc.want)
		}
	}
}
