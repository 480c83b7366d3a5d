package cpre

import "testing"

// Directives lists the preprocessor lines with their kinds, and not a
// directive-like line inside a comment or a string.
func TestDirectives(t *testing.T) {
	src := []byte("#ifdef _WIN32\nint a; /*\n#else */\nconst char *s = \"\\\n#endif\";\n#elif X\n#else\n  #  endif\n#define Y 1\n")
	var got []DirKind
	var texts []string
	for _, d := range Directives(src) {
		got = append(got, d.Kind)
		texts = append(texts, string(src[d.Start:d.End]))
	}
	want := []DirKind{DirIf, DirElif, DirElse, DirEndif, DirOther}
	if len(got) != len(want) {
		t.Fatalf("got %v (%q), want %v", got, texts, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("directive %d %q: kind %v, want %v", i, texts[i], got[i], want[i])
		}
	}
}
