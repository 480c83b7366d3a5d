package index

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// TestLiteralFinder compares the rare-byte finder, and its pair search
// alone, with bytes.Index on random texts over a small alphabet (many
// near misses, so that the finder turns to pairs), literals at the edges
// included.
func TestLiteralFinder(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte("abcQ.\n")
	text := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		return b
	}
	for range 40000 {
		// Up to 700 bytes: past the 32-byte rounds and the vector
		// loop's 64-start rounds (pairscan_amd64.s), with tails of
		// every length.
		hay, lit := text(r.IntN(700)), text(1+r.IntN(8))
		if r.IntN(3) == 0 && len(hay) >= len(lit) {
			at := r.IntN(len(hay) - len(lit) + 1)
			copy(hay[at:], lit)
		}
		f, want := newLiteralFinder(lit), bytes.Index(hay, lit)
		if got := f.index(hay); got != want {
			t.Fatalf("index(%q, %q) = %d, want %d", hay, lit, got, want)
		}
		if len(lit) > 1 {
			if got := f.pairIndex(hay); got != want {
				t.Fatalf("pairIndex(%q, %q) = %d, want %d", hay, lit, got, want)
			}
		}
	}
}

// TestLiteralFinderRareByte checks that the finder skips by the rarest
// byte: in context.Context that is C, not the first byte c.
func TestLiteralFinderRareByte(t *testing.T) {
	f := newLiteralFinder([]byte("context.Context"))
	if f.b != 'C' || f.rare != 8 {
		t.Fatalf("rare byte %q at %d, want 'C' at 8", f.b, f.rare)
	}
}

// BenchmarkPairIndex times the pair search over lowercased Go source
// (this package's), for literals whose rarest byte is common: each
// search runs to the text's end, match after match.
func BenchmarkPairIndex(b *testing.B) {
	files, _ := filepath.Glob("*.go")
	var text []byte
	for _, f := range files {
		x, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		text = append(text, bytes.ToLower(x)...)
	}
	if len(text) == 0 {
		b.Skip("no Go source in the package directory")
	}
	for _, lit := range []string{"class ", "deprecated", "context.context"} {
		f := newLiteralFinder([]byte(lit))
		b.Run(lit, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				for hay := text; ; {
					i := f.pairIndex(hay)
					if i < 0 {
						break
					}
					hay = hay[i+len(lit):]
				}
			}
		})
	}
}
