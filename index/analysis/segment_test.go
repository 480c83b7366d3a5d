package analysis

import (
	"fmt"
	"strings"
	"testing"
)

// pieces is Segment's split of w, as words.
func pieces(w string) []string {
	var out []string
	s := 0
	for _, e := range Segment([]byte(w)) {
		out = append(out, w[s:e])
		s = int(e)
	}
	return out
}

// TestSegment checks the splits of run-together names, the words left
// whole (vocabulary words more common than their pieces, inflections,
// words whose pieces would be endings), and what is never looked at.
func TestSegment(t *testing.T) {
	for w, want := range map[string]string{
		"gettempdir":              "get temp dir", // three pieces
		"splitext":                "split ext",
		"isdir":                   "is dir", // a vocabulary word far rarer than its pieces
		"basename":                "base name",
		"normpath":                "norm path", // the fewest pieces, not no rm path
		"expanduser":              "expand user",
		"rmtree":                  "rm tree",
		"urlsafe":                 "url safe",
		"whatever":                "", // what and ever are too rare beside it
		"getcwd":                  "",
		"leader":                  "", // lea and der too rare beside it
		"acting":                  "", // an inflection of act
		"limits":                  "",
		"kwargs":                  "", // kw is no piece
		"today":                   "", // nor to
		"dir":                     "", // too short
		"GetTempDir":              "", // not lowercase: camelCase says where words meet
		"temp_dir":                "",
		"naïvetempdir":            "",
		strings.Repeat("temp", 7): "", // too long
	} {
		if got := strings.Join(pieces(w), " "); got != want {
			t.Errorf("Segment(%q) = %q, want %q", w, got, want)
		}
	}
}

// TestNamePieces checks the positions and byte ranges of the pieces: a
// part's pieces take its position, as Tokenize counts positions.
func TestNamePieces(t *testing.T) {
	var got []string
	NamePieces([]byte("os.path.isdir token_urlsafe(GetTempdir)"), 3, func(piece []byte, pos, start, end int) {
		got = append(got, fmt.Sprintf("%s@%d:%d-%d", piece, pos, start, end))
	})
	// Parts: os 3, path 4, isdir 5, token 6, urlsafe 7, Get 8, Tempdir 9.
	want := "is@5:8-10 dir@5:10-13 url@7:20-23 safe@7:23-27 temp@9:31-35 dir@9:35-38"
	if strings.Join(got, " ") != want {
		t.Errorf("NamePieces = %q\nwant %q", strings.Join(got, " "), want)
	}
	var positions []int
	Tokenize([]byte("os.path.isdir token_urlsafe(GetTempdir)"), 3, false, new([]byte), func(k TokenKind, key []byte, pos, _, _ int) {
		if k == TokPart {
			positions = append(positions, pos)
		}
	})
	if fmt.Sprint(positions) != "[3 4 5 6 7 8 9]" {
		t.Errorf("Tokenize's part positions %v: NamePieces' expectations are stale", positions)
	}
}
