package analysis

import "testing"

// TestNameWords: a name counts the query words it spells only when the
// query spells every part of it.
func TestNameWords(t *testing.T) {
	for _, tc := range []struct {
		query, name string
		want        int
	}{
		{"call function n times", "times", 1},
		{"call function n times", "before", 0},
		{"check if path is a directory", "isdir", 1},             // is: a stop word; dir: a synonym
		{"check if path is a directory", "genericpath.isdir", 1}, // the last component
		{"check if path is a directory", "isfile", 0},
		{"make path absolute", "abspath", 2}, // abs: a leading cut
		{"write to multiple writers at once", "MultiWriter", 2},
		{"write to multiple writers at once", "Replacer.WriteString", 0},
		{"read environment variable", "getenv", 1}, // get: a filler
		{"convert int to string", "int2str", 2},    // 2: a filler; str: an abbreviation
		{"convert int to string", "get", 0},        // fillers only
		{"split shell command line into arguments", "split", 1},
		{"split shell command line into arguments", "shlex", 0},
	} {
		if got := NameWords(tc.name, ParseQuery(tc.query)); got != tc.want {
			t.Errorf("NameWords(%q, %q) = %d, want %d", tc.name, tc.query, got, tc.want)
		}
	}
}

func TestTitleWords(t *testing.T) {
	for _, tc := range []struct {
		query, title string
		want         int
	}{
		{"heartbeats and failure detection", "Heartbeats and failure detection", 3},
		{"how are failures detected", "Heartbeats and failure detection", 0},
		{"bucket token", "Token bucket algorithm", 0},
		{"token bucket algorithm explained", "Token bucket algorithm", 3},
		{"token bucket", "---", 0},
	} {
		if got := TitleWords(tc.title, ParseQuery(tc.query)); got != tc.want {
			t.Errorf("TitleWords(%q, %q) = %d, want %d", tc.title, tc.query, got, tc.want)
		}
	}
}

// TestNameWordsFillers: get is a filler, make is not (makedirs is no
// answer to "check if path is a directory").
func TestNameWordsFillers(t *testing.T) {
	q := ParseQuery("check if path is a directory")
	if got := NameWords("makedirs", q); got != 0 {
		t.Errorf("makedirs: %d, want 0", got)
	}
	if got := NameWords("getdir", q); got != 1 {
		t.Errorf("getdir: %d, want 1", got)
	}
}

// BenchmarkNameWords times a search's worth of names (50), a long
// generated one among them.
func BenchmarkNameWords(b *testing.B) {
	sp := NewNameSpeller(ParseQuery("write to multiple writers at once"))
	names := []string{"MultiWriter", "Replacer.WriteString", "isdir", "abspath", "getenv",
		"aVeryLongGeneratedIdentifierNameThatGoesOnAndOnWithoutEndingAnytimeSoon", "times"}
	for b.Loop() {
		for i := 0; i < 50; i++ {
			sp.Name(names[i%len(names)])
		}
	}
}

// TestNameWordsMember: an owner fully spelled adds its words; one that is
// not adds none; a member not spelled is 0 whatever its owner.
func TestNameWordsMember(t *testing.T) {
	sp := NewNameSpeller(ParseQuery("convert array to list"))
	for _, tc := range []struct {
		name, owner string
		want        int
	}{
		{"asList", "java.util.Arrays", 2},
		{"asList", "Collections", 1},
		{"sort", "Arrays", 0},
	} {
		if got := sp.Member(tc.name, tc.owner); got != tc.want {
			t.Errorf("Member(%q, %q) = %d, want %d", tc.name, tc.owner, got, tc.want)
		}
	}
}
