package index

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/treenav/treenav/index/walk"
	"github.com/treenav/treenav/parsers"
)

// spillInputs parses the Go files of this package and the repository's
// fixtures: a corpus of a few hundred documents with references in many
// of them.
func spillInputs(t *testing.T) ([]Input, memSource) {
	t.Helper()
	src := memSource{}
	var ins []Input
	for _, root := range []string{".", filepath.Join("..", "fixtures")} {
		res, err := walk.Walk(root, walk.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range res.Files {
			if !parsers.Candidate(f.Rel) || strings.HasPrefix(f.Rel, "testdata/") {
				continue
			}
			b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f.Rel)))
			if err != nil {
				t.Fatal(err)
			}
			if walk.Classify(f.Rel, b) != "" {
				continue
			}
			id := filepath.Base(root) + "/" + f.Rel
			doc, err := parsers.Parse(f.Rel, id, b)
			if err != nil {
				continue // a fixture of a parse failure
			}
			doc.Collection = "test"
			src["test\x00"+doc.Path] = b
			ins = append(ins, Input{Doc: doc, Src: b})
		}
	}
	if len(ins) < 100 {
		t.Fatalf("only %d documents to index", len(ins))
	}
	return ins, src
}

// buildWith builds ins on two workers, as the engine does, with the given
// spill budget (0: no spill) and flush interval.
func buildWith(t *testing.T, ins []Input, src memSource, budget int64, flush time.Duration) *Index {
	t.Helper()
	ix := New()
	b := ix.NewBuild(2, 0, flush)
	if budget > 0 {
		b.budget, b.spillDir = budget, t.TempDir()
	}
	for i, in := range ins {
		b.Add(i%2, in)
	}
	b.Done(0)
	b.Done(1)
	if err := b.SpillErr(); err != nil {
		t.Fatal(err)
	}
	b.Install(nil)
	if flush > 0 {
		ix.Optimize()
	}
	ix.SetSource(src)
	return ix
}

// spillAnswers is the JSON of searches, symbol lookups and references of
// ix, as the tools answer them.
func spillAnswers(t *testing.T, ix *Index) []string {
	t.Helper()
	var out []string
	add := func(r any, err error) {
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(b))
	}
	for _, q := range []string{"segment builder finish", "snapshot checksum mismatch", "posting positions",
		"\"read in place\"", "merge segments deleted documents", "widget", "token bucket"} {
		add(ix.Search(SearchRequest{Query: q, Limit: 30}))
	}
	for _, q := range []string{"finish", "segment", "readSegmentInto", "Index.install", "new"} {
		add(ix.Symbols(SymbolRequest{Query: q, Limit: 50}))
	}
	for _, q := range []string{"writeSegment", "segment", "Index.view", "enc.uv"} {
		add(ix.References(ReferencesRequest{Target: q, Limit: 100}))
	}
	add(ix.Grep(GrepRequest{Pattern: "mergeSegments("}))
	return out
}

// A spilling build answers as a build that holds everything in the heap:
// the same documents, in segments read in place from spill files.
func TestSpillAnswersAlike(t *testing.T) {
	if !canSpill {
		t.Skip("segments are spilled only where files can be mapped")
	}
	ins, src := spillInputs(t)
	defer func(n int) { addBatchBytes = n }(addBatchBytes)
	addBatchBytes = 32 << 10 // the budget is checked between batches

	plain := buildWith(t, ins, src, 0, 0)
	want := spillAnswers(t, plain)
	for i, a := range want {
		if strings.Contains(a, `"total":0,`) || strings.Contains(a, `"total_matches":0,`) {
			t.Fatalf("answer %d finds nothing to compare: %.300s", i, a)
		}
	}
	for _, c := range []struct {
		name   string
		budget int64
		flush  time.Duration
	}{
		{"spilled", 256 << 10, 0},
		{"flushed and spilled", 256 << 10, time.Nanosecond},
	} {
		t.Run(c.name, func(t *testing.T) {
			ix := buildWith(t, ins, src, c.budget, c.flush)
			v := ix.view()
			inPlace := 0
			for _, s := range v.segs {
				if s.inPlace() {
					inPlace++
				}
			}
			t.Logf("%d documents, %d segments", len(ins), len(v.segs))
			if inPlace < 6 || inPlace != len(v.segs) {
				t.Fatalf("%d segments, %d of them read in place: want many, all in place", len(v.segs), inPlace)
			}
			if got, want := ix.Stats(), plain.Stats(); got.Documents != want.Documents || got.Nodes != want.Nodes {
				t.Fatalf("stats %+v, want %+v", got, want)
			}
			got := spillAnswers(t, ix)
			for i := range want {
				if got[i] != want[i] {
					t.Errorf("answer %d differs:\n got %.400s\nwant %.400s", i, got[i], want[i])
				}
			}
			// The snapshot of a spilled index loads and answers alike.
			path := filepath.Join(t.TempDir(), "index.tnv")
			if err := ix.Save(path, "fp", nil); err != nil {
				t.Fatal(err)
			}
			loaded := New()
			if _, err := loaded.Load(path, "fp"); err != nil {
				t.Fatal(err)
			}
			loaded.SetSource(src)
			if got := spillAnswers(t, loaded); strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Error("the loaded snapshot of the spilled index answers otherwise")
			}
		})
	}
}

// A spill file is never taken for a snapshot: its magic differs, and a
// build leaves none behind once its segments are mapped.
func TestSpillFileIsNotASnapshot(t *testing.T) {
	if !canSpill {
		t.Skip("segments are spilled only where files can be mapped")
	}
	ix := newTestIndex(t, map[string]string{"a.go": "package a\n\n// Spilled is spilled.\nfunc Spilled() {}\n"})
	dir := t.TempDir()
	seg := ix.view().segs[0]
	// Write a spill file that stays, as one a crash left between its
	// writing and its mapping.
	sp, err := spillSegment(dir, seg)
	if err != nil {
		t.Fatal(err)
	}
	if !sp.inPlace() {
		t.Fatal("the spilled segment is not read in place")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("spill files left behind: %v", ents)
	}
	var buf bytes.Buffer
	w := &enc{w: bufio.NewWriter(&buf)}
	w.raw([]byte(spillMagic))
	writeSegment(w, seg)
	w.u64(0)
	w.w.Flush()
	stale := filepath.Join(dir, spillPrefix+"stale")
	if err := os.WriteFile(stale, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := New().Load(stale, "fp"); !errors.Is(err, ErrSnapshot) {
		t.Fatalf("a spill file loaded as a snapshot: %v", err)
	}
	old := time.Now().Add(-2 * spillAge)
	os.Chtimes(stale, old, old)
	cleanSpills(dir)
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Fatalf("a stale spill file was not removed: %v", err)
	}
}

// spillBudget spills big builds only, with a budget that keeps a worker's
// share to a few segments.
func TestSpillBudget(t *testing.T) {
	if !canSpill {
		t.Skip("segments are spilled only where files can be mapped")
	}
	if b := spillBudget(4<<20, 2); b != 0 {
		t.Errorf("a 4 MB build spills, budget %d", b)
	}
	goroot := spillBudget(68<<20, 2)
	if goroot == 0 || 34<<20*heldPerSourceByte/goroot > 2 {
		t.Errorf("a 68 MB build on 2 workers: budget %d, more than two segments a worker", goroot)
	}
	if b := spillBudget(900<<20, 2); b != maxSpillBudget {
		t.Errorf("a 900 MB build: budget %d, want the most, %d", b, maxSpillBudget)
	}
}

// Segments read in place are neither counted nor merged by compact and
// Optimize (a merge would bring them into the heap); segments in the heap
// still are.
func TestSpilledSegmentsStayInPlace(t *testing.T) {
	if !canSpill {
		t.Skip("segments are spilled only where files can be mapped")
	}
	dir := t.TempDir()
	ix := New()
	doc := func(i int) map[string]string {
		return map[string]string{fmt.Sprintf("p%d.go", i): fmt.Sprintf("package p\n\n// Part%d is part %d.\nfunc Part%d() {}\n", i, i, i)}
	}
	for i := range 2 * maxSegments {
		seg := newTestIndex(t, doc(i)).view().segs[0]
		sp, err := spillSegment(dir, seg)
		if err != nil {
			t.Fatal(err)
		}
		ix.install(nil, sp)
	}
	if n := len(ix.view().segs); n != 2*maxSegments {
		t.Fatalf("%d segments read in place were merged into %d", 2*maxSegments, n)
	}
	// Heap segments (updates) are merged past maxSegments of them.
	for i := range maxSegments + 1 {
		ix.install(nil, newTestIndex(t, doc(100+i)).view().segs[0])
	}
	heap := 0
	for _, s := range ix.view().segs {
		if !s.inPlace() {
			heap++
		}
	}
	if heap == 0 || heap > maxSegments {
		t.Fatalf("%d heap segments after %d updates: want them merged to at most %d", heap, maxSegments+1, maxSegments)
	}
	ix.Optimize()
	heap, inPlace := 0, 0
	for _, s := range ix.view().segs {
		if s.inPlace() {
			inPlace++
		} else {
			heap++
		}
	}
	if heap != 1 || inPlace != 2*maxSegments {
		t.Fatalf("after Optimize: %d heap and %d in-place segments, want 1 and %d", heap, inPlace, 2*maxSegments)
	}
	if st := ix.Stats(); st.Documents != 3*maxSegments+1 {
		t.Fatalf("%d documents, want %d", st.Documents, 3*maxSegments+1)
	}
	r, err := ix.Search(SearchRequest{Query: "Part3"})
	if err != nil || len(r.Results) == 0 {
		t.Fatalf("Part3 not found in a spilled segment: %v %v", r, err)
	}
}
