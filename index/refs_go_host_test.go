package index

import (
	"runtime"
	"testing"
)

// goHostFile reads a file name's GOOS and GOARCH suffix as go/build does.
func TestGoHostFileSuffixes(t *testing.T) {
	other := "plan9"
	if runtime.GOOS == "plan9" {
		other = "windows"
	}
	otherArch := "s390x"
	if runtime.GOARCH == "s390x" {
		otherArch = "arm64"
	}
	for name, want := range map[string]bool{
		"a/b.go":                      true,
		"a/b_c.go":                    true,
		"a/b_test.go":                 true,
		"a/x_" + runtime.GOOS + ".go": true,
		"a/x_" + other + ".go":        false,
		"a/x_" + other + "_test.go":   false,
		"a/x_" + runtime.GOOS + "_" + runtime.GOARCH + ".go": true,
		"a/x_" + runtime.GOOS + "_" + otherArch + ".go":      false,
		"a/x_" + otherArch + ".go":                           false,
		// Before the first "_" is the name, not a tag: only the arch counts.
		runtime.GOOS + "_" + otherArch + ".go": false,
		other + "_" + runtime.GOARCH + ".go":   true,
		"x_" + runtime.GOARCH + ".go":          true,
	} {
		if got := goHostFile(name); got != want {
			t.Errorf("goHostFile(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestGoNthResult(t *testing.T) {
	for _, c := range []struct {
		list string
		k    int
		want string
	}{
		{"T, error)", 0, "T"}, {"T, error)", 1, "error"}, {"T, error)", 2, ""},
		{"resp *Response, err error)", 0, "*Response"}, {"resp *Response, err error)", 1, "error"},
		{"a, b T)", 0, "T"}, {"a, b T)", 1, "T"}, {"a, b T)", 2, ""},
		{"r, w *File, err error)", 1, "*File"}, {"r, w *File, err error)", 2, "error"},
		{"chan int, error)", 0, "chan int"}, {"map[string]int, func(a, b int) bool)", 1, "func(a, b int) bool"},
	} {
		if got := goNthResult(c.list, c.k); got != c.want {
			t.Errorf("goNthResult(%q, %d) = %q, want %q", c.list, c.k, got, c.want)
		}
	}
}
