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
	} {
		if got := EditDistance(c.a, c.b); got != c.want {
			t.Errorf("EditDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

// EditDistanceWithin agrees with EditDistance up to its bound, on random
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
		d := EditDistance(a, b)
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
