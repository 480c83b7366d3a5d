package index

import (
	"fmt"
	"testing"

	"github.com/treenav/treenav"
)

// TestAvgFieldLen checks BM25F's average field lengths: prose (body) and
// source (code) average over the live nodes that have them, the other
// fields over all live nodes, and both follow deletions.
func TestAvgFieldLen(t *testing.T) {
	files := map[string]string{
		"guide.md": "# Guide\n\nPools keep connections for reuse and close idle ones after a minute.\n\n" +
			"## Draining\n\nDraining closes the idle connections first, then waits for the busy ones.\n\n" +
			"```go\npool.Drain()\n```\n",
	}
	for i := range 20 {
		files[fmt.Sprintf("p%d.go", i)] = fmt.Sprintf("package p\n\n// F%d returns its argument.\nfunc F%d(x int) int { return x }\n", i, i)
	}
	ix := newTestIndex(t, files)
	check := func(stage string) {
		t.Helper()
		v := ix.view()
		var sum, with [treenav.NumFields]float64
		nodes := 0
		for si, s := range v.segs {
			for di := range s.docs {
				if !v.live(si, uint32(di)) {
					continue
				}
				for n := s.docs[di].nodeStart; n < s.docs[di].nodeEnd; n++ {
					nodes++
					for f, l := range s.norms[n].fieldLen {
						sum[f] += float64(l)
						if l > 0 {
							with[f]++
						}
					}
				}
			}
		}
		for f := range treenav.NumFields {
			n := float64(nodes)
			if f == treenav.FieldBody || f == treenav.FieldCode {
				n = with[f]
			}
			want := 1.0
			if sum[f] > 0 {
				want = sum[f] / n
			}
			if got := v.avgFieldLen(f); got != want {
				t.Errorf("%s: average length of field %d = %v, want %v (sum %v over %v nodes, %v have it)", stage, f, got, want, sum[f], nodes, with[f])
			}
		}
		if stage == "built" && with[treenav.FieldBody] == 0 {
			t.Fatalf("%s: no node has a body", stage)
		}
	}
	check("built")
	ix.Apply(nil, []string{"guide.md"})
	check("guide.md removed")
	if got := ix.view().fieldNodes[treenav.FieldBody]; got != 0 {
		t.Errorf("guide.md removed: %d nodes still have a body", got)
	}
}
