package treenav

import (
	"math/rand/v2"
	"strings"
	"testing"
)

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"", "abc", 3}, {"kitten", "sitting", 3}, {"flaw", "lawn", 2},
		{"net/http/server.go", "http/server.go", 4}, {"abc", "abc", 0},
		{"exce", "exec", 1}, {"ab", "ba", 1}, {"abc", "ca", 3}, {"heedAppender", "headAppender", 1},
	} {
		if got := EditDistance(c.a, c.b); got != c.want {
			t.Errorf("EditDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

// levenshtein is the textbook table of the optimal string alignment
// distance (Levenshtein's, a swap of adjacent bytes one edit), whole:
// what EditDistance and EditDistanceWithin are checked against.
func levenshtein(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// EditDistance and EditDistanceWithin agree with the whole table (up to
// the latter's bound), on random
// strings over a small alphabet (so that they are near each other) and
// of every length difference.
func TestEditDistanceWithin(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	word := func() string {
		var b strings.Builder
		for range r.IntN(14) {
			b.WriteByte("abc/."[r.IntN(5)])
		}
		return b.String()
	}
	for range 20000 {
		a, b := word(), word()
		if r.IntN(3) == 0 {
			b = a[:len(a)/2] + word()
		}
		d := levenshtein(a, b)
		if got := EditDistance(a, b); got != d {
			t.Fatalf("EditDistance(%q, %q) = %d, want %d", a, b, got, d)
		}
		for k := -1; k <= 15; k++ {
			want := d
			if d > k {
				want = k + 1
			}
			if got := EditDistanceWithin(a, b, k); got != want {
				t.Fatalf("EditDistanceWithin(%q, %q, %d) = %d, want %d (distance %d)", a, b, k, got, want, d)
			}
		}
	}
	long := strings.Repeat("x", 201)
	if got := EditDistanceWithin(long, "x", 5); got != 6 {
		t.Errorf("a string over 200 bytes: %d, want 6", got)
	}
	if got := EditDistance(long, "x"); got != 201 {
		t.Errorf("EditDistance of a string over 200 bytes: %d, want its length 201", got)
	}
}

func BenchmarkEditDistancePaths(b *testing.B) {
	q := "src/net/http/servr.go"
	paths := []string{"src/net/http/server.go", "lib/python3/site-packages/numpy/core/tests/test_multiarray.py", "include/linux/netfilter_ipv4/ip_tables.h", "java.base/java/util/concurrent/ConcurrentHashMap.java"}
	b.Run("full", func(b *testing.B) {
		for b.Loop() {
			for _, p := range paths {
				EditDistance(q, p)
			}
		}
	})
	b.Run("within7", func(b *testing.B) {
		for b.Loop() {
			for _, p := range paths {
				EditDistanceWithin(q, p, 7)
			}
		}
	})
}
