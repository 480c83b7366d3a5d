package code

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/treenav/treenav"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestGolden extracts every file under testdata/<language>/ and compares
// the rendered tree with the file's .golden twin. Run with -update after a
// deliberate change and review the diff.
func TestGolden(t *testing.T) {
	dirs, err := os.ReadDir("testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if !d.IsDir() || d.Name() == "fuzz" || d.Name() == "refs" {
			// testdata/fuzz holds the fuzzer's seed corpus, testdata/refs
			// the reference walkers' fixtures (TestRefsGolden).
			continue
		}
		files, _ := filepath.Glob(filepath.Join("testdata", d.Name(), "*"))
		for _, f := range files {
			if strings.HasSuffix(f, ".golden") {
				continue
			}
			if fi, err := os.Stat(f); err != nil || fi.IsDir() {
				continue
			}
			t.Run(filepath.ToSlash(f), func(t *testing.T) {
				src, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				l := Detect(f, src)
				if l == nil {
					l = Lookup(d.Name())
				}
				if l == nil {
					t.Fatalf("no language for %s", f)
				}
				res, err := l.Extract(src)
				if err != nil {
					t.Fatal(err)
				}
				checkInvariants(t, res.Nodes, src)
				got := render(l.Name, res)
				golden := f + ".golden"
				if *update {
					if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (run go test ./parsers/code -run TestGolden -update)", err)
				}
				if got != string(want) {
					t.Errorf("extraction differs from %s (-want +got):\n%s", golden, diffLines(string(want), got))
				}
			})
		}
	}
}

// render prints one line per node: indentation by depth, kind, lines,
// anchor, bytes, then signature and doc.
func render(lang string, res *Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "language: %s syntax_errors: %v\n", lang, res.SyntaxErrors)
	var walk func(i, depth int)
	walk = func(i, depth int) {
		n := &res.Nodes[i]
		kind := string(n.Kind)
		if n.NativeKind != "" {
			kind += "/" + n.NativeKind
		}
		fmt.Fprintf(&b, "%s%s L%d-%d", strings.Repeat("  ", depth), kind, n.LineStart, n.LineEnd)
		if i > 0 {
			fmt.Fprintf(&b, " #%s name=%s bytes=%d-%d", n.Anchor, n.Name, n.ByteStart, n.ByteEnd)
			if n.DocLineStart != n.LineStart {
				fmt.Fprintf(&b, " doc_line=%d", n.DocLineStart)
			}
		}
		if n.Declaration {
			b.WriteString(" declaration")
		}
		if n.Constraint != "" {
			fmt.Fprintf(&b, " constraint=%q", n.Constraint)
		}
		fmt.Fprintf(&b, " words=%d\n", n.WordCount)
		if n.Signature != "" {
			fmt.Fprintf(&b, "%s  sig: %s\n", strings.Repeat("  ", depth), n.Signature)
		}
		if n.Doc != "" {
			fmt.Fprintf(&b, "%s  doc: %s\n", strings.Repeat("  ", depth), strconv.Quote(n.Doc))
		}
		for _, c := range n.Children {
			walk(c, depth+1)
		}
	}
	walk(0, 0)
	return b.String()
}

// checkInvariants holds for every extraction, valid input or not.
func checkInvariants(t testing.TB, nodes []treenav.Node, src []byte) {
	t.Helper()
	if len(nodes) == 0 || nodes[0].Kind != treenav.KindFile || nodes[0].Parent != -1 {
		t.Fatalf("first node must be the file root, got %+v", nodes)
	}
	anchors := map[string]bool{}
	lines := bytes.Count(src, []byte("\n")) + 1
	for i := range nodes {
		n := &nodes[i]
		if n.ByteStart > n.ByteEnd || int(n.ByteEnd) > len(src) {
			t.Errorf("node %d %q: bytes %d-%d outside 0-%d", i, n.Anchor, n.ByteStart, n.ByteEnd, len(src))
		}
		if n.LineStart < 1 || n.LineStart > n.LineEnd || n.LineEnd > lines {
			t.Errorf("node %d %q: lines %d-%d outside 1-%d", i, n.Anchor, n.LineStart, n.LineEnd, lines)
		}
		if n.DocLineStart > n.LineStart || n.ContentStart() > n.ByteStart {
			t.Errorf("node %d %q: doc starts after the definition", i, n.Anchor)
		}
		if i > 0 {
			if n.Name == "" || n.Anchor == "" {
				t.Errorf("node %d: empty name or anchor", i)
			}
			if anchors[n.Anchor] {
				t.Errorf("node %d: duplicate anchor %q", i, n.Anchor)
			}
			anchors[n.Anchor] = true
			if n.Parent < 0 || n.Parent >= i {
				t.Errorf("node %d %q: parent %d must come before it", i, n.Anchor, n.Parent)
			}
		}
		for _, c := range n.Children {
			if nodes[c].Parent != i {
				t.Errorf("node %d %q: child %d points to parent %d", i, n.Anchor, c, nodes[c].Parent)
			}
		}
		var last uint32
		for _, s := range n.Spans {
			if s.Start < last || s.End <= s.Start || int(s.End) > len(src) {
				t.Errorf("node %d %q: bad span %+v", i, n.Anchor, s)
			}
			last = s.End
		}
		// A node's own text excludes every descendant's that lies within
		// it: a Go or Rust method attached to its type elsewhere in the
		// file is indexed once, as the method, not again as the file.
		var desc func(children []int)
		desc = func(children []int) {
			for _, c := range children {
				d := &nodes[c]
				if d.ContentStart() >= n.ContentStart() && d.ByteEnd <= n.ByteEnd {
					for _, s := range n.Spans {
						if s.Start < d.ByteEnd && s.End > d.ContentStart() {
							t.Errorf("node %d %q: span %d-%d overlaps descendant %q at %d-%d", i, n.Anchor, s.Start, s.End, d.Anchor, d.ContentStart(), d.ByteEnd)
						}
					}
				}
				desc(d.Children)
			}
		}
		desc(n.Children)
	}
}

// diffLines shows the lines that differ, with their line numbers.
func diffLines(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	shown := 0
	for i := 0; i < max(len(w), len(g)) && shown < 40; i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			fmt.Fprintf(&b, "%4d - %s\n%4d + %s\n", i+1, wl, i+1, gl)
			shown++
		}
	}
	return b.String()
}
