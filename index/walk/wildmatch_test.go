package walk

import "testing"

func TestWildmatch(t *testing.T) {
	tests := []struct {
		pattern, text string
		pathMode      bool
		want          bool
	}{
		{"foo", "foo", true, true},
		{"foo", "bar", true, false},
		{"", "", true, true},
		{"???", "foo", true, true},
		{"??", "foo", true, false},
		{"*", "foo", true, true},
		{"f*", "foo", true, true},
		{"*f", "foo", true, false},
		{"*foo*", "foo", true, true},
		{"*ob*a*r*", "foobar", true, true},
		{"*ab", "aaaaaaabababab", true, true},
		{`foo\*`, "foo*", true, true},
		{`foo\*bar`, "foobar", true, false},
		{`f\\oo`, `f\oo`, true, true},
		{`foo\`, "foo", true, false}, // a trailing backslash matches nothing
		{"*[al]?", "ball", true, true},
		{"[ten]", "ten", true, false},
		{"**[!te]", "ten", true, true},
		{"**[!ten]", "ten", true, false},
		{"t[a-g]n", "ten", true, true},
		{"t[!a-g]n", "ten", true, false},
		{"t[!a-g]n", "ton", true, true},
		{"t[^a-g]n", "ton", true, true},
		{"a[]]b", "a]b", true, true},
		{"a[]-]b", "a-b", true, true},
		{"a[]-]b", "a]b", true, true},
		{"a[]-]b", "aab", true, false},
		{"a[]a-]b", "aab", true, true},
		{"]", "]", true, true},
		{"[z-a]", "m", true, false},
		{`[\]]`, "]", true, true},
		{`[a\-z]`, "-", true, true},
		{`[a\-z]`, "b", true, false},
		{"[a-", "a", true, false}, // unclosed class
		{"[[:alpha:]]x", "ax", true, true},
		{"[[:digit:][:upper:]]", "A", true, true},
		{"[[:digit:][:upper:]]", "a", true, false},
		{"[[:xdigit:]]", "g", true, false},
		{"[[:space:]]", "\t", true, true},
		{"[[:punct:]]", "!", true, true},
		{"[[:foo:]]", "f", true, false}, // unknown class: the pattern fails
		{"[[:alpha:]", "a", true, false},
		{"[a[:]b]", "[", true, false}, // "[a[:]" is a class of 'a', '[' and ':'; then "b]" must follow
		{"[a[:]b]", "[b]", true, true},
		// Path mode: '*', '?' and classes stop at '/', "**" spans it only
		// as a whole component.
		{"foo*bar", "foo/baz/bar", true, false},
		{"foo*bar", "foo/baz/bar", false, true},
		{"foo**bar", "foo/baz/bar", true, false},
		{"foo/**/bar", "foo/bar", true, true},
		{"foo/**/bar", "foo/baz/qux/bar", true, true},
		{"foo/**/bar", "foo/bazbar", true, false},
		{"**/foo", "foo", true, true},
		{"**/foo", "x/y/foo", true, true},
		{"**/foo", "x/yfoo", true, false},
		{"foo/**", "foo", true, false},
		{"foo/**", "foo/x/y", true, true},
		{"*/foo", "x/foo", true, true},
		{"*/foo", "x/y/foo", true, false},
		{"a?b", "a/b", true, false},
		{"a?b", "a/b", false, true},
		{"[!a]", "/", true, false},
		{"**/t[o]", "foo/bar/baz/to", true, true},
		{`**\/x`, "a/x", true, true},
		{"-*-*-*-*-*-*-12-*-*-*-m-*-*-*", "-adobe-courier-bold-o-normal--12-120-75-75-m-70-iso8859-1", true, true},
		{"-*-*-*-*-*-*-12-*-*-*-m-*-*-*", "-adobe-courier-bold-o-normal--12-120-75-75-X-70-iso8859-1", true, false},
		{"XXX/*/*/*/*/*/*/12/*/*/*/m/*/*/*", "XXX/adobe/courier/bold/o/normal//12/120/75/75/m/70/iso8859/1", true, true},
		{"**/*a*b*g*n*t", "abcd/abcdefg/abcdefghijk/abcdefghijklmnop.txt", true, true},
		{"**/*a*b*g*n*t", "abcd/abcdefg/abcdefghijk/abcdefghijklmnop.txtz", true, false},
	}
	for _, tt := range tests {
		if got := wildmatch(tt.pattern, tt.text, tt.pathMode); got != tt.want {
			t.Errorf("wildmatch(%q, %q, path=%v) = %v, want %v", tt.pattern, tt.text, tt.pathMode, got, tt.want)
		}
	}
}

func TestParseIgnore(t *testing.T) {
	data := "\xef\xbb\xbf# comment\n\n\\#hash\n\\!bang\n!neg\n/anchored\ndir/\nsub/file\nspaces   \nescaped\\ \ntab\t\ncrlf\r\n!\n/\n*.go\na/**/b\n"
	want := []pattern{
		{text: `\#hash`, basename: true, prefix: 0, line: 3},
		{text: `\!bang`, basename: true, prefix: 0, line: 4},
		{text: "neg", negate: true, basename: true, literal: true, prefix: 3, line: 5},
		{text: "anchored", literal: true, prefix: 8, line: 6},
		{text: "dir", dirOnly: true, basename: true, literal: true, prefix: 3, line: 7},
		{text: "sub/file", literal: true, prefix: 8, line: 8},
		{text: "spaces", basename: true, literal: true, prefix: 6, line: 9},
		{text: `escaped\ `, basename: true, prefix: 7, line: 10},
		{text: "tab\t", basename: true, literal: true, prefix: 4, line: 11},
		{text: "crlf", basename: true, literal: true, prefix: 4, line: 12},
		{text: "*.go", basename: true, suffix: ".go", prefix: 0, line: 15},
		{text: "a/**/b", prefix: 2, line: 16},
	}
	got := parseIgnore([]byte(data))
	if len(got) != len(want) {
		t.Fatalf("got %d patterns, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("pattern %d:\n got  %+v\n want %+v", i, got[i], want[i])
		}
	}
}

func TestTrimTrailingSpaces(t *testing.T) {
	for in, want := range map[string]string{
		"a":       "a",
		"a  ":     "a",
		`a\ `:     `a\ `,
		`a\  `:    `a\ `,
		`a \ `:    `a \ `,
		`a\`:      `a\`,
		"a \t":    "a \t",
		"   ":     "",
		`a\\  `:   `a\\`,
		`a \\ b `: `a \\ b`,
	} {
		if got := trimTrailingSpaces(in); got != want {
			t.Errorf("trimTrailingSpaces(%q) = %q, want %q", in, got, want)
		}
	}
}
