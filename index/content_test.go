package index

import (
	"strings"
	"testing"
)

func TestSnippetPrefersTheWindowWithEveryWord(t *testing.T) {
	// Six mentions of "closing" up front, then, far off, the line with
	// all four query terms: the snippet shows the line.
	src := []byte(strings.Repeat("closing ", 6) + strings.Repeat("words in between that pad the text. ", 4) +
		`return "use of closed network connection"`)
	match := map[string]bool{"use": true, "close": true, "network": true, "connect": true}
	got := snippet(src, [][2]uint32{{0, uint32(len(src))}}, match, 60, "")
	if !strings.Contains(got, "use of closed network connection") {
		t.Errorf("snippet %q misses the line with every query word", got)
	}
	// A window shorter than a match still yields a snippet, no panic.
	if got := snippet([]byte("connection"), [][2]uint32{{0, 10}}, match, 4, ""); got == "" {
		t.Error("no snippet when the window is shorter than the match")
	}
}
