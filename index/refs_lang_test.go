package index

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/treenav/treenav/parsers/code"
)

var updateRefs = flag.Bool("update-refs", false, "rewrite testdata/refs/*.refs")

// TestReferencesLanguages indexes the small Python, TypeScript and Java
// projects under testdata/refs/<language> (packages with relative and
// absolute imports, re-exports through an index file and a package
// __init__, aliases, static imports, overloads, overrides, nested
// classes) and asks for the references of every definition, from a fresh
// build and from a reloaded snapshot; the answers (where, what kind, how
// sure) are compared with testdata/refs/<language>.refs. Run with
// -update-refs after a deliberate change and review the diff.
func TestReferencesLanguages(t *testing.T) {
	for _, lang := range []string{"py", "ts", "java", "rs", "c", "cpp"} {
		t.Run(lang, func(t *testing.T) {
			root := filepath.Join("testdata", "refs", lang)
			files := map[string]string{}
			var ids []string
			err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				src, err := os.ReadFile(p)
				if err != nil {
					return err
				}
				rel, _ := filepath.Rel(root, p)
				rel = filepath.ToSlash(rel)
				files[rel] = string(src)
				l := code.Detect(rel, src)
				if l == nil {
					return nil
				}
				res, err := l.ExtractFile(rel, src)
				if err != nil {
					return err
				}
				for _, n := range res.Nodes[1:] {
					ids = append(ids, rel+"#"+n.Anchor)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			ix0 := newTestIndex(t, files)
			var answers []string
			for _, ix := range []*Index{ix0, reloaded(t, ix0)} {
				var b strings.Builder
				for _, id := range ids {
					r, err := ix.References(ReferencesRequest{Target: id})
					if err != nil {
						t.Fatalf("%s: %v", id, err)
					}
					if r.Total == 0 {
						continue
					}
					fmt.Fprintf(&b, "%s: %d resolved, %d ambiguous, %d textual\n", id, r.Counts.Resolved, r.Counts.Ambiguous, r.Counts.Textual)
					for _, h := range r.References {
						fmt.Fprintf(&b, "  %s:%d:%d %s %s\n", h.Path, h.Line, h.Column, h.Kind, h.Confidence)
					}
				}
				answers = append(answers, b.String())
			}
			if answers[0] != answers[1] {
				t.Errorf("a reloaded snapshot answers otherwise:\n%s\nfresh:\n%s", answers[1], answers[0])
			}
			golden := filepath.Join("testdata", "refs", lang+".refs")
			if *updateRefs {
				if err := os.WriteFile(golden, []byte(answers[0]), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./index -run TestReferencesLanguages -update-refs)", err)
			}
			if answers[0] != string(want) {
				t.Errorf("references differ from %s (run with -update-refs and review the diff):\n%s", golden, answers[0])
			}
		})
	}
}
