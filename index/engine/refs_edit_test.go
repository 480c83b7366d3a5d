package engine

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/treenav/treenav/index"
	"github.com/treenav/treenav/parsers"
)

// editCorpus is a small Go module whose files the generated-edit test
// rewrites: package a defines functions (in a.go, or moved to a2.go) and
// a type whose method calls one of them; package b calls them through an
// import of a, maybe aliased, maybe imported twice.
type editCorpus struct {
	names   []string        // the functions' current names
	inA2    map[string]bool // moved to a/a2.go
	alias   bool            // b imports a as x
	twoImps bool            // b also imports a under its own name
}

// files renders the corpus. b's calls name the functions by their first
// names (F0..F4) whatever they are called now, so that a rename leaves
// them naming nothing, or a function renamed back.
func (c *editCorpus) files() map[string]string {
	var a, a2 strings.Builder
	a.WriteString("package a\n\ntype T struct{}\n\nfunc (T) M() int { return F0() }\n\n")
	a2.WriteString("package a\n\n")
	for _, n := range c.names {
		w := &a
		if c.inA2[n] {
			w = &a2
		}
		fmt.Fprintf(w, "// %s is a function.\nfunc %s() int { return 1 }\n\n", n, n)
	}
	q := "a"
	imp := "import \"example.com/p/a\"\n"
	if c.alias {
		q = "x"
		imp = "import x \"example.com/p/a\"\n"
		if c.twoImps {
			imp = "import (\n\tx \"example.com/p/a\"\n\t\"example.com/p/a\"\n)\n"
		}
	}
	var b strings.Builder
	b.WriteString("package b\n\n" + imp + "\nfunc Use() int {\n\tvar t " + q + ".T\n\tn := t.M()\n")
	for i := range 5 {
		fmt.Fprintf(&b, "\tn += %s.F%d()\n", q, i)
	}
	if c.alias && c.twoImps {
		b.WriteString("\tn += a.F1()\n")
	}
	b.WriteString("\treturn n\n}\n")
	files := map[string]string{"go.mod": "module example.com/p\n", "a/a.go": a.String(), "b/b.go": b.String()}
	if a2.Len() > len("package a\n\n") {
		files["a/a2.go"] = a2.String()
	}
	return files
}

// edit changes the corpus at random: renames a function, adds or removes
// an import of a (an alias, a second import), or moves a function
// between a/a.go and a/a2.go; it says what it did.
func (c *editCorpus) edit(rng *rand.Rand) string {
	switch rng.Intn(3) {
	case 0:
		i := rng.Intn(len(c.names))
		old := c.names[i]
		if strings.HasSuffix(old, "r") {
			c.names[i] = strings.TrimSuffix(old, "r")
		} else {
			c.names[i] = old + "r"
		}
		if c.inA2[old] {
			delete(c.inA2, old)
			c.inA2[c.names[i]] = true
		}
		return "rename " + old + " to " + c.names[i]
	case 1:
		if !c.alias {
			c.alias = true
		} else {
			c.twoImps = !c.twoImps
			if !c.twoImps && rng.Intn(2) == 0 {
				c.alias = false
			}
		}
		return fmt.Sprintf("imports alias=%v two=%v", c.alias, c.twoImps)
	default:
		n := c.names[rng.Intn(len(c.names))]
		c.inA2[n] = !c.inA2[n]
		return "move " + n
	}
}

// refAnswers are the references of every definition of the corpus's Go
// files, as JSON, by node id.
func refAnswers(t *testing.T, e *Engine) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, doc := range []string{"a/a.go", "a/a2.go", "b/b.go"} {
		tr, err := e.Tree(index.TreeRequest{DocID: doc, MaxNodes: -1})
		if err != nil {
			continue
		}
		for _, n := range tr.Nodes[1:] {
			r, err := e.References(index.ReferencesRequest{Target: n.NodeID})
			if err != nil {
				out[n.NodeID] = "error: " + err.Error()
				continue
			}
			b, err := json.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			out[n.NodeID] = string(b)
		}
	}
	return out
}

// freshOf is a fresh build of files.
func freshOf(t *testing.T, files map[string]string) *Engine {
	t.Helper()
	e, _ := newTestEngine(t, files)
	return e
}

// indexedAs reports whether e's index holds exactly files' Go files as
// they are (by content hash), and none of paths that files lacks.
func indexedAs(e *Engine, files map[string]string, paths []string) bool {
	for _, p := range paths {
		hash, ok := e.Index().Has(p)
		src, want := files[p]
		if ok != want || want && hash != parsers.Hash([]byte(src)) {
			return false
		}
	}
	return true
}

// TestReferencesGeneratedEdits applies random renames, added and removed
// imports and moved functions to the files of a watched engine, waits for
// the watcher to index each step, and checks that every definition's
// references then equal those of a fresh build of the same files (an
// edit in one file changes what references in others resolve to: b's
// calls of a function renamed or moved in a), and that a warm start from
// the last snapshot answers as the fresh build does.
func TestReferencesGeneratedEdits(t *testing.T) {
	c := &editCorpus{names: []string{"F0", "F1", "F2", "F3", "F4"}, inA2: map[string]bool{}}
	e, dir := newTestEngine(t, c.files())
	defer startWatch(t, e)()
	eventually(t, "watcher running", func() bool { return e.Status().Watching })
	goFiles := []string{"a/a.go", "a/a2.go", "b/b.go"}
	rng := rand.New(rand.NewSource(24))
	kinds := map[string]int{}
	for step := range 16 {
		before := c.files()
		what := c.edit(rng)
		kinds[strings.Fields(what)[0]]++
		after := c.files()
		for _, p := range goFiles {
			if before[p] == after[p] {
				continue
			}
			full := filepath.Join(dir, filepath.FromSlash(p))
			if _, ok := after[p]; !ok {
				if err := os.Remove(full); err != nil {
					t.Fatal(err)
				}
				continue
			}
			if err := os.WriteFile(full, []byte(after[p]), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		eventually(t, fmt.Sprintf("step %d (%s) indexed by the watcher", step, what),
			func() bool { return indexedAs(e, after, goFiles) })
		got, want := refAnswers(t, e), refAnswers(t, freshOf(t, after))
		if len(want) < 7 {
			t.Fatalf("step %d (%s): only %d definitions", step, what, len(want))
		}
		for _, id := range slices.Sorted(maps.Keys(want)) {
			if got[id] != want[id] {
				t.Errorf("step %d (%s): %s:\nwatched %s\nfresh   %s", step, what, id, got[id], want[id])
			}
		}
		if len(got) != len(want) {
			t.Errorf("step %d (%s): %d definitions, fresh %d", step, what, len(got), len(want))
		}
	}
	// A warm start from the snapshot of the edited index (segments of
	// each step, deletions) answers as a fresh build does.
	got, want := refAnswers(t, reloaded(t, e)), refAnswers(t, freshOf(t, c.files()))
	if !maps.Equal(got, want) {
		t.Errorf("after a reload:\n%v\nfresh:\n%v", got, want)
	}
	// The seed must exercise every kind of edit.
	for _, k := range []string{"rename", "imports", "move"} {
		if kinds[k] == 0 {
			t.Errorf("no %s among the edits: %v", k, kinds)
		}
	}
}
