package index

import (
	"math"
	"testing"
)

// TestRollup checks the shares that matching children pass to matching
// parents, in markdown (over two levels) and in code, against each node's
// score without rollup: a one-word query scores plain BM25, so with share
// s a parent P of a matching leaf C scores P0 + s*C0, and a grandparent G
// of P scores G0 + s*(P0 + s*C0). Document roots and parents that do not
// match take nothing.
func TestRollup(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"pool.go": `package pool

// Pool keeps connections for reuse.
type Pool struct{}

// Drain closes the idle connections and waits for busy connections.
func (p *Pool) Drain() {}

// Stats has counters.
type Stats struct{}

// Reset forgets the connections counted so far.
func (s *Stats) Reset() {}
`,
		"guide.md": `# Guide

Connections are pooled.

## Pooling

Connections are kept.

### Draining

Draining closes connections.

#### Idle connections

Idle connections go first; idle connections are cheap.

## Other

Nothing here.

### Limits

At most ten connections.
`,
	})
	scores := func(share float64) map[string]float64 {
		r := ix.Ranking()
		r.SectionRollup, r.SymbolRollup = share, share
		// A type's weight for a query in plain words scales its score,
		// the share it took included: 1 leaves the sums to check.
		r.PlainTypeWeight = 1
		ix.SetRanking(r)
		resp, err := ix.Search(SearchRequest{Query: "connections", Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]float64{}
		for _, x := range resp.Results {
			out[x.NodeID] = x.Score
		}
		return out
	}
	const s = 0.5
	without, with := scores(1e-9), scores(s)
	near := func(id string, want float64) {
		t.Helper()
		got, ok := with[id]
		if !ok {
			t.Errorf("%s: not found", id)
			return
		}
		if math.Abs(got-want) > 0.005 {
			t.Errorf("%s: score %.3f with rollup, want %.3f", id, got, want)
		}
	}
	w := func(id string) float64 {
		t.Helper()
		x, ok := without[id]
		if !ok {
			t.Fatalf("%s: not found without rollup", id)
		}
		return x
	}
	leaf := w("guide.md#guide/pooling/draining/idle-connections")
	near("guide.md#guide/pooling/draining/idle-connections", leaf)
	draining := w("guide.md#guide/pooling/draining") + s*leaf
	near("guide.md#guide/pooling/draining", draining)
	near("guide.md#guide/pooling", w("guide.md#guide/pooling")+s*draining)
	// "Other" does not match: "Limits" passes nothing to it.
	if _, ok := with["guide.md#guide/other"]; ok {
		t.Errorf("a section that does not match took a share: %v", with)
	}
	// The document root (here the H1 is its only child) takes nothing.
	near("guide.md", w("guide.md"))

	near("pool.go#Pool", w("pool.go#Pool")+s*w("pool.go#Pool.Drain"))
	near("pool.go#Pool.Drain", w("pool.go#Pool.Drain"))
	if _, ok := with["pool.go#Stats"]; ok {
		t.Errorf("a type that does not match took a share: %v", with)
	}
	if with["pool.go#Pool"] <= without["pool.go#Pool"] {
		t.Errorf("Pool gained nothing from Drain: %v -> %v", without["pool.go#Pool"], with["pool.go#Pool"])
	}
}
