package code

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzExtract feeds arbitrary bytes to every language's extractor: it must
// not crash, hang or break the tree invariants.
func FuzzExtract(f *testing.F) {
	langs := Languages()
	files, _ := filepath.Glob("testdata/*/*")
	for _, p := range files {
		// testdata/fuzz/<Target> holds the inputs go test -fuzz saved:
		// directories, replayed by go test itself.
		if strings.HasSuffix(p, ".golden") || filepath.Base(filepath.Dir(p)) == "fuzz" {
			continue
		}
		src, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		for i, name := range langs {
			if name == filepath.Base(filepath.Dir(p)) {
				f.Add(uint8(i), src)
			}
		}
	}
	f.Add(uint8(0), []byte{0xff, 0xfe, 0x00, '{', '('})
	f.Fuzz(func(t *testing.T, li uint8, data []byte) {
		l := Lookup(langs[int(li)%len(langs)])
		res, err := l.Extract(data)
		if err != nil {
			if errors.Is(err, ErrTimeout) || errors.Is(err, ErrTooDeep) {
				return // over the file's budget: a failure that says why
			}
			t.Fatalf("%s: %v", l.Name, err)
		}
		checkInvariants(t, res.Nodes, data)
	})
}

// TestHostileInput runs each language over inputs that break naive
// extractors: nothing, binary noise, invalid UTF-8 and very deep nesting.
func TestHostileInput(t *testing.T) {
	deep := func(open, close string, n int) []byte {
		return []byte(strings.Repeat(open, n) + strings.Repeat(close, n))
	}
	inputs := map[string][]byte{
		"empty":        nil,
		"newlines":     []byte("\n\n\n"),
		"binary":       bytes.Repeat([]byte{0, 1, 2, 0xff, 0xfe, '{', '}', '(', ')'}, 2000),
		"invalid-utf8": []byte("class \xff\xfe A { def \xc3\x28 f() {} }\nfunc \xe2\x82 x() {}\n"),
		"deep-parens":  deep("(", ")", 20000),
		"deep-braces":  deep("{", "}", 20000),
		"deep-blocks":  deep("class A {\n", "}\n", 3000),
		"deep-indent":  deepPython(500),
		"long-line":    []byte("x = " + strings.Repeat("a+", 200000) + "a\n"),
	}
	for _, name := range Languages() {
		l := Lookup(name)
		for what, src := range inputs {
			t.Run(name+"/"+what, func(t *testing.T) {
				res, err := l.Extract(src)
				if err != nil {
					if errors.Is(err, ErrTimeout) || errors.Is(err, ErrTooDeep) {
						return // over the file's budget: a failure that says why
					}
					t.Fatal(err)
				}
				checkInvariants(t, res.Nodes, src)
			})
		}
	}
}

func deepPython(n int) []byte {
	var b bytes.Buffer
	for i := range n {
		b.WriteString(strings.Repeat(" ", i))
		b.WriteString("def f():\n")
	}
	b.WriteString(strings.Repeat(" ", n) + "pass\n")
	return b.Bytes()
}

func TestDetect(t *testing.T) {
	for _, tc := range []struct {
		name, head, want string
	}{
		{"main.go", "", "go"},
		{"x/y/Main.GO", "", "go"},
		{"README", "", ""},
		{"photo.png", "", ""},
		{"script", "#!/usr/bin/env python3\nprint(1)\n", "python"},
		{"vector", "// <vector> -*- C++ -*-\n", "cpp"},
	} {
		l := Detect(tc.name, []byte(tc.head))
		got := ""
		if l != nil {
			got = l.Name
		}
		if Lookup(tc.want) == nil && tc.want != "" {
			t.Logf("%s: language %s not registered yet", tc.name, tc.want)
			continue
		}
		if got != tc.want {
			t.Errorf("Detect(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}
