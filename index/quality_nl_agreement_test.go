package index

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/treenav/treenav"
)

// TestNLBenchmarkAgreement compares the benchmark's labels with a second,
// independent grading of a sample (testdata/nlbench/second-pass.txt) and
// logs how far the two agree: the same grade, grades at most one apart,
// and Cohen's kappa (agreement beyond chance, over the four grades). A
// node the first pass left unlabelled has grade 0 there. Logged, not
// gated: it says how much a difference of a few hundredths in NDCG means.
func TestNLBenchmarkAgreement(t *testing.T) {
	first := map[string]map[string]int{} // query id → node → grade
	queries := map[string]string{}
	for _, lang := range nlLanguages {
		qs, err := loadNLQueries(filepath.Join(nlbenchDir, lang+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range qs {
			queries[q.ID] = q.Query
			first[q.ID] = map[string]int{}
			for _, l := range q.Labels {
				id := nlBaseName(l.NodeID)
				first[q.ID][id] = max(first[q.ID][id], l.Grade)
			}
		}
	}
	second, err := loadNLQueries(filepath.Join(nlbenchDir, "second-pass.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var a, b []int
	for _, q := range second {
		if queries[q.ID] != q.Query {
			t.Errorf("second-pass.txt: %s %q is not a query of the benchmark", q.ID, q.Query)
			continue
		}
		for _, l := range q.Labels {
			a = append(a, first[q.ID][nlBaseName(l.NodeID)])
			b = append(b, l.Grade)
		}
	}
	if len(a) < 60 {
		t.Fatalf("second-pass.txt grades %d query/node pairs; the sample needs at least 60", len(a))
	}
	exact, within1 := 0, 0
	for i := range a {
		if a[i] == b[i] {
			exact++
		}
		if a[i]-b[i] <= 1 && b[i]-a[i] <= 1 {
			within1++
		}
	}
	n := float64(len(a))
	t.Logf("second pass: %d queries, %d pairs; same grade %.0f%%, within one grade %.0f%%, Cohen's kappa %.2f",
		len(second), len(a), 100*float64(exact)/n, 100*float64(within1)/n, cohenKappa(a, b, 4))
}

// nlBaseName strips an overload's "~N" from a node id.
func nlBaseName(id string) string {
	doc, anchor := treenav.SplitNodeID(id)
	if base, _, ok := strings.Cut(anchor, "~"); ok {
		return doc + "#" + base
	}
	return id
}

// cohenKappa is (po - pe) / (1 - pe) over k categories 0..k-1: po the
// observed agreement, pe the agreement expected from each rater's own
// distribution of grades.
func cohenKappa(a, b []int, k int) float64 {
	n := float64(len(a))
	ca, cb := make([]float64, k), make([]float64, k)
	po := 0.0
	for i := range a {
		ca[a[i]]++
		cb[b[i]]++
		if a[i] == b[i] {
			po++
		}
	}
	po /= n
	pe := 0.0
	for c := 0; c < k; c++ {
		pe += ca[c] / n * cb[c] / n
	}
	if pe == 1 {
		return 1
	}
	return (po - pe) / (1 - pe)
}
