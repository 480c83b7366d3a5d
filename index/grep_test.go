package index

import (
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/treenav/treenav"
)

var grepFiles = map[string]string{
	"web/server.go": serverGo,
	"auth/token.go": tokenGo,
	"files/file.go": fileGo,
	"docs/guide.md": "# Guide\n\nRead the `MaxShards` setting.\n\n## Limits\n\nmaxshards is read at start.\nA line with the Kelvin sign: \u212aelvin, and ſtreet.\n\n```go\nfunc MaxShards() int { return 4 }\n```\n",
	"lib/shards.py": "MAX = 1\n\n\nclass Store:\n    \"\"\"A store of shards.\"\"\"\n\n    def max_shards(self):\n        return self.MaxShards  # MaxShards_total is not this\n\n    def éMaxShards(self):\n        return 0\n",
	"lib/noeol.py":  "x = 'MaxShards'", // no final newline
	"lib/empty.py":  "",
}

// refGrep is what grep must answer, the slow way: every file, every line,
// through the regex alone.
func refGrep(t *testing.T, files map[string]string, req GrepRequest) []string {
	t.Helper()
	body := req.Pattern
	if !req.Regex {
		body = regexp.QuoteMeta(body)
	}
	expr := "(?:" + body + ")"
	if req.Word {
		expr = `(?:^|[^` + wordClass + `])(?:` + body + `)(?:[^` + wordClass + `]|$)`
	}
	if req.IgnoreCase {
		expr = "(?i)" + expr
	}
	re := regexp.MustCompile(expr)
	var out []string
	for p, text := range files {
		lines := strings.Split(text, "\n")
		if strings.HasSuffix(text, "\n") || text == "" {
			lines = lines[:len(lines)-1]
		}
		for i, l := range lines {
			if re.MatchString(l) {
				out = append(out, fmt.Sprintf("%s:%d", p, i+1))
			}
		}
	}
	sort.Strings(out)
	return out
}

func grepAll(t *testing.T, e *Index, req GrepRequest) (*treenav.GrepResponse, []string) {
	t.Helper()
	req.Limit, req.MaxChars = 100000, 1<<30
	r, err := e.Grep(req)
	if err != nil {
		t.Fatalf("%+v: %v", req, err)
	}
	var out []string
	for _, m := range r.Matches {
		out = append(out, fmt.Sprintf("%s:%d", m.Path, m.Line))
	}
	sort.Strings(out)
	return r, out
}

// TestGrepAgreesWithLineRegex: literal and regex patterns, in both cases
// and word mode, find exactly the lines a line-by-line regex finds.
func TestGrepAgreesWithLineRegex(t *testing.T) {
	e := newTestIndex(t, grepFiles)
	for _, p := range []struct {
		pattern string
		regex   bool
	}{
		{"MaxShards", false}, {"maxshards", false}, {"kelvin", false}, {"street", false}, {"Token", false},
		{"a.b", false}, {"(", false}, {"x", false}, {"e", false}, {"'", false},
		{`Max\w+`, true}, {`^func`, true}, {`\)$`, true}, {`^$`, true}, {`x*`, true}, {`.`, true},
		{`(Read|Close)\w*\(`, true}, {`s\s+t`, true}, {`[^a-z]Shards`, true}, {`return \d`, true},
		{`nomatchatall`, true}, {`MaxShards_\w+`, true}, {`\bis\b`, true}, {`^\s*#`, true},
	} {
		for _, mode := range []struct{ fold, word bool }{{false, false}, {true, false}, {false, true}, {true, true}} {
			req := GrepRequest{Pattern: p.pattern, Regex: p.regex, IgnoreCase: mode.fold, Word: mode.word}
			r, got := grepAll(t, e, req)
			want := refGrep(t, grepFiles, req)
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("%+v:\n got %v\nwant %v", req, got, want)
			}
			if r.TotalMatches != len(want) {
				t.Errorf("%+v: total_matches %d, want %d", req, r.TotalMatches, len(want))
			}
			files := map[string]bool{}
			for _, w := range want {
				files[w[:strings.LastIndexByte(w, ':')]] = true
			}
			if r.TotalFiles != len(files) {
				t.Errorf("%+v: total_files %d, want %d", req, r.TotalFiles, len(files))
			}
		}
	}
}

func TestGrepMatchFields(t *testing.T) {
	e := newTestIndex(t, grepFiles)
	r, err := e.Grep(GrepRequest{Pattern: "MaxShards", Word: true, Context: 1})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range r.Matches {
		got = append(got, fmt.Sprintf("%s:%d:%d %s | %q %q %q", m.Path, m.Line, m.Column, m.EnclosingID, m.Before, m.Text, m.After))
	}
	if len(got) != 4 {
		t.Fatalf("got %d matches:\n%s", len(got), strings.Join(got, "\n"))
	}
	// Context lines sit right around the match; the enclosing ids are the
	// innermost symbol or section.
	for i, w := range []struct {
		path      string
		line, col int
		encl      string
	}{
		{"docs/guide.md", 3, 11, "docs/guide.md#guide"},
		{"docs/guide.md", 11, 6, "docs/guide.md#guide/limits/code-1/MaxShards"},
		{"lib/noeol.py", 1, 6, "lib/noeol.py#x"},
		{"lib/shards.py", 8, 21, "lib/shards.py#Store.max_shards"},
	} {
		m := r.Matches[i]
		if m.Path != w.path || m.Line != w.line || m.Column != w.col || m.EnclosingID != w.encl {
			t.Errorf("match %d: %s, want %s:%d:%d in %s", i, got[i], w.path, w.line, w.col, w.encl)
		}
	}
	if m := r.Matches[3]; len(m.Before) != 1 || m.Before[0] != "    def max_shards(self):" || len(m.After) != 1 || m.After[0] != "" {
		t.Errorf("context: %q %q", m.Before, m.After)
	}
	if m := r.Matches[2]; len(m.Before) != 0 || len(m.After) != 0 {
		t.Errorf("context of a one-line file: %q %q", m.Before, m.After)
	}
	if r.TotalMatches != 4 || r.TotalFiles != 3 || r.NextCursor != "" {
		t.Errorf("totals %d %d cursor %q", r.TotalMatches, r.TotalFiles, r.NextCursor)
	}
}

// TestGrepPagesAndTotals: pages walk every match once; totals stay exact
// on every page, also when max_chars cuts it.
func TestGrepPagesAndTotals(t *testing.T) {
	e := newTestIndex(t, grepFiles)
	_, all := grepAll(t, e, GrepRequest{Pattern: "e"})
	var seen []string
	cursor := 0
	for pages := 0; ; pages++ {
		if pages > 100 {
			t.Fatal("paging does not end")
		}
		r, err := e.Grep(GrepRequest{Pattern: "e", Limit: 3, Offset: cursor, MaxChars: 400})
		if err != nil {
			t.Fatal(err)
		}
		if r.TotalMatches != len(all) {
			t.Fatalf("page at %d: total %d, want %d", cursor, r.TotalMatches, len(all))
		}
		if len(r.Matches) == 0 || len(r.Matches) > 3 {
			t.Fatalf("page at %d: %d matches", cursor, len(r.Matches))
		}
		if b, _ := treenav.MarshalResult(r); len(b) > 400 && len(r.Matches) > 1 {
			t.Errorf("page at %d: %d chars, max_chars 400", cursor, len(b))
		}
		for _, m := range r.Matches {
			seen = append(seen, fmt.Sprintf("%s:%d", m.Path, m.Line))
		}
		if r.NextCursor == "" {
			break
		}
		fmt.Sscan(r.NextCursor, &cursor)
	}
	sort.Strings(seen)
	if strings.Join(seen, " ") != strings.Join(all, " ") {
		t.Errorf("pages: %v\nwant %v", seen, all)
	}
	r, err := e.Grep(GrepRequest{Pattern: "zzzqqq"})
	if err != nil || r.TotalMatches != 0 || r.TotalFiles != 0 || r.Matches == nil || len(r.Matches) != 0 {
		t.Errorf("no match: %+v %v", r, err)
	}
}

func TestGrepBadInput(t *testing.T) {
	e := newTestIndex(t, grepFiles)
	for _, tc := range []struct {
		req  GrepRequest
		want string
	}{
		{GrepRequest{Pattern: ""}, "empty pattern"},
		{GrepRequest{Pattern: strings.Repeat("a", 100<<10)}, "at most"},
		{GrepRequest{Pattern: "a(b", Regex: true}, "invalid regex at character 2: missing closing )"},
		{GrepRequest{Pattern: `(x)([(]y`, Regex: true}, "at character 4"},
		{GrepRequest{Pattern: "ab[c", Regex: true}, "at character 3"},
		{GrepRequest{Pattern: `x\q`, Regex: true}, "at character 2"},
		{GrepRequest{Pattern: "a\nb"}, "line break"},
		{GrepRequest{Pattern: "x", Context: 6}, "context"},
		{GrepRequest{Pattern: "x", PathGlob: "../etc/**"}, "reaches outside the root"},
		{GrepRequest{Pattern: "x", PathGlob: "[unclosed"}, "not a valid pattern"},
		{GrepRequest{Pattern: "x", Languages: []string{"pyhton"}}, "python"},
	} {
		_, err := e.Grep(tc.req)
		var br *BadRequestError
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%.40q: %v, want an error with %q", tc.req.Pattern+" "+tc.req.PathGlob, err, tc.want)
		} else if !errors.As(err, &br) && !strings.Contains(tc.want, "python") {
			t.Errorf("%.40q: %T, want a BadRequestError", tc.req.Pattern, err)
		}
	}
	// Only .* matches every line, empty ones too, and answers one page.
	r, err := e.Grep(GrepRequest{Pattern: ".*", Regex: true, Limit: 5})
	if err != nil || len(r.Matches) != 5 || r.TotalMatches != len(refGrep(t, grepFiles, GrepRequest{Pattern: ".*", Regex: true})) {
		t.Errorf(".*: %v, %+v", err, r)
	}
}

// TestGrepLineStarts: a pattern's leading ^ asks the trigram index for a
// newline before what follows (the index reads one before each file's
// first byte and after its last): a match on a file's first line, in a
// file of one or two bytes, or after a run of spaces, is found, and a
// "//" inside a line is not taken for one at its start.
func TestGrepLineStarts(t *testing.T) {
	files := map[string]string{
		"bof/first.go": "//go:build linux\npackage a\n",
		"bof/tab.go":   "package b\n\n\t// tabbed\nvar x = 1\n",
		"bof/mid.py":   "url = 'http://example.com'\n",
		"bof/one.py":   "x",
		"bof/two.py":   "ab",
	}
	e := newTestIndex(t, files)
	for _, p := range []string{`^//`, `^[ \t]*//`, `^\s*//go:build`, `^x$`, `^x`, `^ab`, `^a`, `b$`, `^(//|ab)`, `^^//`, `x*//`} {
		for _, fold := range []bool{false, true} {
			req := GrepRequest{Pattern: p, Regex: true, IgnoreCase: fold}
			_, got := grepAll(t, e, req)
			want := refGrep(t, files, req)
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("%+v:\n got %v\nwant %v", req, got, want)
			}
		}
	}
}

// TestGrepAnchoredAgrees: regexes that start with their literal are
// counted from each occurrence of it (scanAnchored), and count what a
// line-by-line regex counts: a line whose first occurrence fails and a
// later one matches, an occurrence inside a word in word mode, folded
// case, the Kelvin sign, a match at a file's last byte.
func TestGrepAnchoredAgrees(t *testing.T) {
	files := map[string]string{
		"a.py": "class Foo(Base):\nclass Bar()\nxclass Baz()\nclass foo() class Qux()\n_class Z( class Y(\n" +
			"  class É(\nclass A(é\nCLASS Up()\nclass classy class Q(\n\u212aelvin Base kelvin x\nclass Last(",
		"b.go": "func Main() {}\nfunc main() {}\nfuncs Ab\n// func X\nfunc func Y\n",
	}
	e := newTestIndex(t, files)
	for _, pattern := range []string{`class [A-Z][A-Za-z]*\(`, `class [A-Z]`, `func [A-Z]\w*`, `kelvin [a-z]+`, `class\s+\p{Lu}`} {
		for _, mode := range []struct{ fold, word bool }{{false, false}, {true, false}, {false, true}, {true, true}} {
			req := GrepRequest{Pattern: pattern, Regex: true, IgnoreCase: mode.fold, Word: mode.word}
			if m, _, err := compileGrep(req); err != nil || m.anch == nil {
				t.Fatalf("%+v: no anchored DFA (%v)", req, err)
			}
			r, got := grepAll(t, e, req)
			want := refGrep(t, files, req)
			if strings.Join(got, " ") != strings.Join(want, " ") || r.TotalMatches != len(want) {
				t.Errorf("%+v: total %d\n got %v\nwant %v", req, r.TotalMatches, got, want)
			}
			// Each column is where the regexp's leftmost match starts
			// (the pattern's group in word mode).
			expr, group := "(?:"+pattern+")", 0
			if mode.word {
				expr, group = `(?:^|[^`+wordClass+`])(`+pattern+`)(?:[^`+wordClass+`]|$)`, 2
			}
			if mode.fold {
				expr = "(?i)" + expr
			}
			re := regexp.MustCompile(expr)
			for _, m := range r.Matches {
				line := strings.Split(files[m.Path], "\n")[m.Line-1]
				if loc := re.FindStringSubmatchIndex(line); loc == nil || m.Column != loc[group]+1 {
					t.Errorf("%+v: %s:%d column %d, the regexp's %v", req, m.Path, m.Line, m.Column, loc)
				}
			}
		}
	}
	// Only a pattern every match starts with its literal is anchored.
	for _, pattern := range []string{`[a-z]+ class`, `(a|b)class`, `x*class [A-Z]`} {
		if m, _, err := compileGrep(GrepRequest{Pattern: pattern, Regex: true}); err != nil || m.anch != nil {
			t.Errorf("%s: anchored (%v)", pattern, err)
		}
	}
}

// TestGrepWordRegexpOnce: the word regexp, compiled on first use, is
// compiled once and read safely by every worker (a pattern with \b has
// no DFA: each line takes the regexp), and matches as the word regexp
// spelled with the class does.
func TestGrepWordRegexpOnce(t *testing.T) {
	req := GrepRequest{Pattern: `\bfoo\w*`, Regex: true, Word: true}
	m, _, err := compileGrep(req)
	if err != nil || m.dfa != nil {
		t.Fatalf("compileGrep: %v, dfa %v", err, m.dfa != nil)
	}
	want := regexp.MustCompile(`(?:^|[^` + wordClass + `])(\bfoo\w*)(?:[^` + wordClass + `]|$)`)
	lines := []string{"foo", "xfoo", "a foobar b", "foo_", "éfoo", "(foo)", "fo o", ""}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			var sc grepScratch
			for _, l := range lines {
				if got := m.lineMatches([]byte(l), 0, &sc); got != want.MatchString(l) {
					t.Errorf("%q: %v", l, got)
				}
				if loc := want.FindStringSubmatchIndex(l); loc != nil && m.regexInLine([]byte(l)) != loc[2] {
					t.Errorf("%q: column %d, want %d", l, m.regexInLine([]byte(l)), loc[2])
				}
			}
		})
	}
	wg.Wait()
	if m.wordBare {
		t.Error("the word regexp did not compile")
	}
}

// enclosingLinear is enclosing as it was: every node of the document
// looked at, the narrowest that holds the line kept.
func enclosingLinear(s *segment, di uint32, line int) string {
	d := &s.docs[di]
	best, bestSpan := uint32(0), -1
	for n := d.nodeStart; n < d.nodeEnd; n++ {
		nm := s.node(n)
		if nm.kind() == treenav.KindFile || nm.kind() == treenav.KindCode {
			continue
		}
		start := int(nm.lineStart)
		if nm.docLine > 0 && int(nm.docLine) < start {
			start = int(nm.docLine)
		}
		if line < start || line > int(nm.lineEnd) {
			continue
		}
		if span := int(nm.lineEnd) - start; bestSpan < 0 || span <= bestSpan {
			best, bestSpan = n, span
		}
	}
	if bestSpan < 0 {
		return d.DocID
	}
	return nodeID(d, s.node(best))
}

// enclosing, which reads a node's kind only when its lines hold the line
// and are no wider than the best so far, answers on every line of this
// package's files and the fixtures (code of every language, markdown)
// what reading every node whole answers. A Go method is its receiver
// type's child outside the type's lines: passing over the subtrees whose
// root does not hold the line failed here.
func TestEnclosingAgrees(t *testing.T) {
	ins, src := spillInputs(t)
	ix := buildWith(t, ins, src, 0, 0)
	v := ix.view()
	lines, nested := 0, 0
	for _, s := range v.segs {
		for di := range s.docs {
			d := &s.docs[di]
			last := 0
			for n := d.nodeStart; n < d.nodeEnd; n++ {
				last = max(last, int(s.node(n).lineEnd))
			}
			for line := 1; line <= last+1; line++ {
				got, want := enclosing(s, uint32(di), line), enclosingLinear(s, uint32(di), line)
				if got != want {
					t.Fatalf("%s line %d: enclosing %s, every node read: %s", d.Path, line, got, want)
				}
				lines++
				if strings.Contains(strings.TrimPrefix(got, d.DocID), ".") {
					nested++
				}
			}
		}
	}
	if lines < 10000 || nested == 0 {
		t.Fatalf("only %d lines compared, %d in a nested symbol", lines, nested)
	}
}
