package analysis

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func terms(text string) []string {
	var out []string
	analyze([]byte(text), 0, func(term string, pos, _, _ int) {
		out = append(out, term)
	})
	return out
}

func TestAnalyze(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string
	}{
		{"getUserToken", "getusertoken get user token"},
		{"HTTPServer", "httpserver http server"},
		{"read_file", "read_file read file"},
		{"utf8 sha256sum", "utf8 utf 8 sha256sum sha 256 sum"},
		{"Authentication authenticates", "authent authent"},
		{"the queries of a deployment", "queri deploy"},
		{"x = y + i", ""},
		{"naïve Über", "naïve über"}, // non-ASCII words are not stemmed,
		{strings.Repeat("a", 80) + " ok", "ok"},
	} {
		got := strings.Join(terms(tc.in), " ")
		if got != tc.want {
			t.Errorf("analyze(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestAnalyzePositions(t *testing.T) {
	type tok struct {
		term       string
		pos        int
		start, end int
	}
	var got []tok
	analyze([]byte("a getUser  the end"), 0, func(term string, pos, s, e int) {
		got = append(got, tok{term, pos, s, e})
	})
	// "a" and "the" take positions without terms; the whole identifier
	// shares its first part's position.
	want := []tok{{"getuser", 1, 2, 9}, {"get", 1, 2, 5}, {"user", 2, 5, 9}, {"end", 4, 15, 18}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v\nwant %v", got, want)
	}
}

func TestParseQuery(t *testing.T) {
	q := ParseQuery(`getUserToken "graceful shutdown" the`)
	if len(q.Words) != 3 {
		t.Fatalf("words = %d, want 3 (stop word dropped): %+v", len(q.Words), q.Words)
	}
	if w := q.Words[0]; w.Whole < 0 || len(w.Parts) != 3 || q.Terms[w.Whole].Text != "getusertoken" {
		t.Errorf("identifier word = %+v", w)
	}
	if len(q.Phrases) != 1 || !reflect.DeepEqual(q.Phrases[0], []int{1, 2}) {
		t.Errorf("phrases = %v, want [[1 2]]", q.Phrases)
	}
}

func TestSynonymVocabulary(t *testing.T) {
	// Every word of an entry must survive analysis, or a multi-word entry
	// silently becomes a one-word synonym ("log in" would make "log"
	// mean login).
	for _, g := range synonymGroups {
		for _, entry := range g {
			if n, w := len(termsOf(entry)), len(strings.Fields(entry)); n != w {
				t.Errorf("entry %q analyzes to %d terms for %d words", entry, n, w)
			}
		}
	}
	if !contains(Synonyms["highest"], "max") || !contains(Synonyms["lowest"], "min") || contains(Synonyms["smallest"], "min") {
		t.Errorf("highest → %v, lowest → %v, smallest → %v: want max, min and neither", Synonyms["highest"], Synonyms["lowest"], Synonyms["smallest"])
	}
	if !contains(Synonyms["logout"], "signout") || !contains(SpanSynonyms["access control"], "permiss") {
		t.Errorf("logout → %v, access control → %v", Synonyms["logout"], SpanSynonyms["access control"])
	}
}

func TestCompounds(t *testing.T) {
	var got []string
	AnalyzeCompounds([]byte("Signing out clears it. Log in, then roll\nback; shut  down the sign-in set--up; White space, file  name\nspace"), 0, func(term string, _, _, _ int) {
		got = append(got, term)
	})
	want := "sign signout out clear log login then roll back shut shutdown down sign signin set up white whitespac space file filenam name space"
	if strings.Join(got, " ") != want {
		t.Errorf("got %q\nwant %q", strings.Join(got, " "), want)
	}
}

// analyzerReference is a text that exercises each of the analyzer's
// rules; analyzerSummary is what the analyzer makes of it, hashed, which
// TestAnalyzerVersion compares with the summary recorded for the current
// analyzerVersion.
var analyzerReference = "getUserToken HTTPServer read_file utf8 sha256sum __init__ x_1 " +
	"Signing out, logged in; roll\tback, shut  down, the sign-in flow, set--up. " +
	"White space, file name, time stamp, name\nspace; running libraries skies dying expiry expires " +
	"naïve Über Straße ĞüzelIn 0 00 9x x9 über9 ÉTÉ and of the " +
	"planner parsers compaction strBuf int2str pow objPtr charArr cmp dirPath extName diffSep rmTree seqNum"

// nameReference is names for NamePieces, which the indexer reads code
// symbols' names with too.
var nameReference = "gettempdir splitext token_urlsafe isdir normpath expanduser whatever acting getcwd consent"

func analyzerSummary() string {
	var b strings.Builder
	AnalyzeCompounds([]byte(analyzerReference), 0, func(term string, pos, start, end int) {
		fmt.Fprintf(&b, "%s@%d:%d-%d ", term, pos, start, end)
	})
	NamePieces([]byte(nameReference), 0, func(piece []byte, pos, start, end int) {
		fmt.Fprintf(&b, "%s@%d:%d-%d ", TermOfToken(TokPiece, piece), pos, start, end)
	})
	h := sha256.Sum256([]byte(b.String()))
	return hex.EncodeToString(h[:8])
}

// A snapshot stores terms, so an analyzer that makes other terms must come
// with a new analyzerVersion (the fingerprint then rebuilds old snapshots).
// When this fails: bump analyzerVersion and record the new summary here.
func TestAnalyzerVersion(t *testing.T) {
	want := map[int]string{5: "90b27e5ba0a996c3", 6: "5e9686da12357e2c", 7: "82ae0e24f186b4d9"}
	if got := analyzerSummary(); want[Version] != got {
		t.Errorf("the analyzer's output (summary %s) is not the one recorded for analyzerVersion %d (%q): bump analyzerVersion and record the summary", got, Version, want[Version])
	}
}

// TestWordForms checks that agent nouns meet their verbs and
// abbreviations their words, and that words whose -er is no agent stay
// apart.
func TestWordForms(t *testing.T) {
	for _, p := range [][2]string{
		{"planner", "plan"}, {"planning", "plan"}, {"handler", "handle"}, {"parser", "parse"},
		{"compaction", "compact"}, {"compactor", "compact"}, {"reader", "read"}, {"writer", "write"},
		{"conversion", "convert"}, {"comparison", "compare"},
		{"str", "string"}, {"int", "integer"}, {"buf", "buffer"}, {"msg", "message"}, {"err", "error"},
		{"conf", "config"}, {"cfg", "configs"}, {"num", "number"}, {"ctx", "context"},
		{"pow", "power"}, {"obj", "objects"}, {"char", "characters"}, {"arr", "array"}, {"cmp", "comparing"},
		{"dir", "directory"}, {"ext", "extension"}, {"diff", "difference"}, {"rm", "remove"}, {"sep", "separator"}, {"seq", "sequence"},
	} {
		if a, b := Stem(p[0]), Stem(p[1]); a != b {
			t.Errorf("stem(%q) = %q, stem(%q) = %q: want one term", p[0], a, p[1], b)
		}
	}
	for _, p := range [][2]string{{"user", "use"}, {"header", "head"}, {"number", "numb"}, {"timer", "time"}, {"buffer", "buff"}} {
		if Stem(p[0]) == Stem(p[1]) {
			t.Errorf("stem(%q) = stem(%q) = %q: want them apart", p[0], p[1], Stem(p[0]))
		}
	}
}

// TestStemFixes checks the joins snowball misses: every form of expire is
// one term with expiry.
func TestStemFixes(t *testing.T) {
	want := Stem("expire")
	for _, w := range []string{"expiry", "expiries", "expires", "expired", "expiring", "expiration"} {
		if got := Stem(w); got != want {
			t.Errorf("stem(%q) = %q, want %q (the stem of expire)", w, got, want)
		}
	}
}
