package index

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/treenav/treenav/index/analysis"
)

func TestSnippetPrefersTheWindowWithEveryWord(t *testing.T) {
	// Six mentions of "closing" up front, then, far off, the line with
	// all four query terms: the snippet shows the line.
	src := []byte(strings.Repeat("closing ", 6) + strings.Repeat("words in between that pad the text. ", 4) +
		`return "use of closed network connection"`)
	match := map[string]bool{"use": true, "close": true, "network": true, "connect": true}
	got := snippet(src, [][2]uint32{{0, uint32(len(src))}}, newTermSet(match), 60, "")
	if !strings.Contains(got, "use of closed network connection") {
		t.Errorf("snippet %q misses the line with every query word", got)
	}
	// A window shorter than a match still yields a snippet, no panic.
	if got := snippet([]byte("connection"), [][2]uint32{{0, 10}}, newTermSet(match), 4, ""); got == "" {
		t.Error("no snippet when the window is shorter than the match")
	}
}

// The snippet's first-byte filter rests on a term starting with its key's
// first byte: the key itself, or its stem. Checked on every word of the
// search-quality corpus and on stemmer exceptions, which rewrite words
// ("dying" → "die", "skies" → "sky").
func TestTermStartsWithItsKeysFirstByte(t *testing.T) {
	var text []byte
	err := filepath.WalkDir(qualityDir+"/corpus", func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		text = append(append(text, b...), '\n')
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	text = append(text, "dying lying tying skies gently early only singly news howe atlas cosmos bias andes innings outing canning herring earring proceed exceed succeed yelling Yearly ÉCOLE naïve"...)
	keys := 0
	analysis.Tokenize(text, 0, true, new([]byte), func(k analysis.TokenKind, key []byte, _, _, _ int) {
		keys++
		if term := analysis.TermOfToken(k, key); term != "" && term[0] != key[0] {
			t.Errorf("key %q has term %q: a first-byte filter would miss it", key, term)
		}
	})
	if keys < 10000 {
		t.Fatalf("only %d keys checked", keys)
	}
}

// A snippet finds the words a query matched through a compound, as the
// text was indexed: "white space" for whitespace.
func TestSnippetFindsCompounds(t *testing.T) {
	src := []byte(strings.Repeat("padding words here. ", 20) + "all leading and trailing white space removed")
	got := snippet(src, [][2]uint32{{0, uint32(len(src))}}, newTermSet(map[string]bool{analysis.Stem("whitespace"): true}), 50, "")
	if !strings.Contains(got, "white space") {
		t.Errorf("snippet %q misses the compound", got)
	}
}
