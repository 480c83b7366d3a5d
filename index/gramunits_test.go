package index

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// longFiles are files of several kilobytes, each cut into trigram units
// (trigram.go): random lines of code-like words, a few of them rare, some
// lines longer than a unit, a file without a final newline.
func longFiles() map[string]string {
	rng := rand.New(rand.NewPCG(7, 8))
	words := []string{"def", "self", "return", "x", "=", "(", ")", ":", "value", "if", "not", "None", "for", "in", "range", "#", "is", "as"}
	rare := []string{"class Store(object):", "class Shard():", "MaxShards", "max_shards", "\u212aelvin", "context.Context", "éMax"}
	files := map[string]string{}
	for f := range 6 {
		var b strings.Builder
		for line := range 120 + rng.IntN(300) {
			b.WriteString(strings.Repeat("    ", rng.IntN(3)))
			n := 2 + rng.IntN(12)
			if line%97 == 50 {
				n = 400 // a line longer than a unit
			}
			for k := range n {
				w := words[rng.IntN(len(words))]
				if rng.IntN(300) == 0 {
					w = rare[rng.IntN(len(rare))]
				}
				if k > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(w)
			}
			if line%53 >= 3 && line%53 < 9 {
				b.WriteString(" endMarker") // at a line's end, some a unit's
			}
			b.WriteByte('\n')
		}
		text := b.String()
		if f == 5 {
			text = strings.TrimSuffix(text, "\n")
		}
		files[fmt.Sprintf("pkg/m%d.py", f)] = text
	}
	return files
}

// TestGrepLongFilesByUnits: in files long enough to be cut into units, a
// grep reads only the units the trigrams admit and still finds exactly
// the lines a line-by-line regex finds, before and after a snapshot, and
// after segments are merged with a file deleted.
func TestGrepLongFilesByUnits(t *testing.T) {
	files := longFiles()
	var parts [][]memFile
	all := memFiles(files)
	parts = append(parts, all[:3], all[3:])
	ix := memIndexParts(t, parts)

	// The units are whole lines, every document has one at least, and
	// the long files have several.
	multi := 0
	for _, s := range ix.view().segs {
		g := s.grams
		for di := range s.docs {
			lo, hi := g.docUnits(uint32(di))
			if hi <= lo {
				t.Fatalf("%s: no unit", s.docs[di].Path)
			}
			if hi-lo > 1 {
				multi++
			}
			text := files[s.docs[di].Path]
			for u := lo + 1; u < hi; u++ {
				if off := g.offset(u); off == 0 || int(off) >= len(text) || text[off-1] != '\n' {
					t.Fatalf("%s: unit %d starts at %d, not after a line end", s.docs[di].Path, u-lo, off)
				}
			}
		}
	}
	if multi < len(files) {
		t.Fatalf("%d of %d files cut into units: the test needs them all", multi, len(files))
	}

	patterns := []struct {
		pattern string
		regex   bool
	}{
		{"MaxShards", false}, {"context.Context", false}, {"kelvin", false}, {"class Store(", false},
		{`class [A-Z][A-Za-z]*\(`, true}, {`max_\w+`, true}, {`^\s*#`, true}, {`None$`, true}, {"self", false}, {`(?:MaxShards|max_shards|Context)$`, true}, {`Marker$`, true},
	}
	check := func(name string, ix *Index, files map[string]string) {
		t.Helper()
		for _, p := range patterns {
			for _, mode := range []struct{ fold, word bool }{{false, false}, {true, false}, {false, true}} {
				req := GrepRequest{Pattern: p.pattern, Regex: p.regex, IgnoreCase: mode.fold, Word: mode.word}
				r, got := grepAll(t, ix, req)
				want := refGrep(t, files, req)
				if strings.Join(got, " ") != strings.Join(want, " ") || r.TotalMatches != len(want) {
					t.Errorf("%s %+v: total %d\n got %v\nwant %v", name, req, r.TotalMatches, got, want)
				}
			}
		}
	}
	check("built", ix, files)

	// The units narrow: a rare literal's candidates are fewer units than
	// its files have.
	q := gramQueryFor(t, "context\\.Context")
	narrowed := false
	for _, s := range ix.view().segs {
		units, whole := q.eval(s)
		if whole {
			continue
		}
		held := 0
		for _, di := range s.grams.unitDocs(units) {
			lo, hi := s.grams.docUnits(di)
			held += int(hi - lo)
		}
		if len(units) < held {
			narrowed = true
		}
	}
	if !narrowed {
		t.Error("context.Context: every unit of its files is a candidate")
	}

	check("loaded", reloaded(t, ix), files)

	// A file deleted, the segments merged: the units are renumbered.
	gone := "pkg/m1.py"
	ix.Apply(nil, []string{gone})
	ix.Optimize()
	if n := len(ix.view().segs); n != 1 {
		t.Fatalf("%d segments after Optimize", n)
	}
	left := map[string]string{}
	for p, text := range files {
		if p != gone {
			left[p] = text
		}
	}
	check("merged", ix, left)
	check("merged, loaded", reloaded(t, ix), left)
}
