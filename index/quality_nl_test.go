package index

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"text/tabwriter"

	"github.com/treenav/treenav"
)

// The plain-language benchmark (issue 28, index/testdata/nlbench): short
// web-style questions ("read file line by line", "convert int to string")
// over the functions of real code in four languages, graded 0-3 by reading
// that code. Each language is scored twice in the same run: treenav's
// search, and plain BM25 over function bodies (quality_nl_bm25_test.go),
// so that every number is a ratio measured on one machine at one time.
// NDCG@10 and MRR@10 as in quality_test.go; a language whose corpus this
// machine lacks is skipped with the reason, never failed.
//
// Gates: no regression below the last measured values (nlMinNDCG),
// minus a small margin; raise them with the ranking changes that earn it. The target, treenav >= baseline
// + 0.10 NDCG@10 in every language, is logged, not gated, until it is met.
//
// Measured with Go 1.26, Python 3.11, JDK 17 and the pinned packages
// (Go, Python, Java, TS/JS): the baseline 0.496 / 0.683 / 0.689 / 0.496;
// treenav 0.523 / 0.666 / 0.671 / 0.494 when the benchmark was written,
// 0.564 / 0.688 / 0.674 / 0.502 with the word forms (index/analysis/
// wordforms.go) and the plain-words priors (index/standing.go: asked),
// 0.571 / 0.707 / 0.687 / 0.526 with the plain-words weights of data
// and types, 0.618 / 0.727 / 0.716 / 0.546 with BM25F's k1 2.0, code
// weight 1.0 and coverage bonus 4, 0.663 / 0.729 / 0.757 / 0.578 at
// stop 39, 0.700 / 0.770 / 0.803 / 0.582 with the names a query spells
// (Ranking.NameWordsBonus; constructors, and types for an operation's
// verb, left out; owners counted), 0.700 / 0.770 / 0.803 / 0.584 with
// re-exports weighed as data (plain_type_weight 0.7 would give 0.709 /
// 0.776 / 0.806 / 0.592 but takes the suite's exact NDCG below its gate),
// 0.707 / 0.785 / 0.803 / 0.613 with run-together names split (index/
// analysis/segment.go), dir, ext, diff, rm, sep and seq as
// abbreviations, highest and lowest as max and min, and Python's
// __init__ weighed as its type: +0.211 / +0.102 / +0.114 / +0.117 over
// the baseline, the target met in every language (Python by 0.002).
var nlMinNDCG = map[string]float64{
	"go":     0.707,
	"python": 0.785,
	"java":   0.803,
	"ts":     0.613,
}

// nlMargin is what a language may lose against nlMinNDCG's values before
// the test fails; nlTarget is the aim over the baseline.
const (
	nlMargin = 0.03
	nlTarget = 0.10
)

// nlLanguages are the benchmark's languages, in table order, with their
// query files.
var nlLanguages = []string{"go", "python", "java", "ts"}

// nlQuery is one query of a language's file.
type nlQuery struct {
	ID     string
	Query  string
	Labels []qualityLabel
}

var (
	nlQueryLine = regexp.MustCompile(`^q ([a-z]+[0-9]+): (.+)$`)
	nlLabelLine = regexp.MustCompile(`^([0-3]) (\S+)$`)
)

// loadNLQueries reads a query file: "q ID: query" lines, each followed by
// "GRADE path#Qualified.name" labels; # starts a comment line.
func loadNLQueries(path string) ([]nlQuery, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var qs []nlQuery
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if m := nlQueryLine.FindStringSubmatch(line); m != nil {
			qs = append(qs, nlQuery{ID: m[1], Query: m[2]})
			continue
		}
		m := nlLabelLine.FindStringSubmatch(line)
		if m == nil || len(qs) == 0 {
			return nil, fmt.Errorf("%s:%d: neither a query nor a label: %q", path, n, line)
		}
		g, _ := strconv.Atoi(m[1])
		q := &qs[len(qs)-1]
		q.Labels = append(q.Labels, qualityLabel{NodeID: m[2], Grade: g})
	}
	return qs, sc.Err()
}

// validateNLQueries checks what the benchmark promises of its queries:
// unique ids, 3-6 words, a label of grade 3, no label twice.
func validateNLQueries(t *testing.T, lang string, qs []nlQuery, seen map[string]bool) {
	t.Helper()
	for _, q := range qs {
		if seen[q.ID] {
			t.Errorf("%s: query id %s is used twice", lang, q.ID)
		}
		seen[q.ID] = true
		if n := len(strings.Fields(q.Query)); n < 3 || n > 6 {
			t.Errorf("%s %s %q: %d words, the benchmark's queries have 3-6", lang, q.ID, q.Query, n)
		}
		best, ids := 0, map[string]bool{}
		for _, l := range q.Labels {
			best = max(best, l.Grade)
			if ids[l.NodeID] {
				t.Errorf("%s %s: %s is labelled twice", lang, q.ID, l.NodeID)
			}
			ids[l.NodeID] = true
		}
		if best != 3 {
			t.Errorf("%s %s %q: no label of grade 3", lang, q.ID, q.Query)
		}
	}
	if len(qs) < 70 {
		t.Errorf("%s: %d queries, the benchmark needs about 75 per language", lang, len(qs))
	}
}

// nlScores are one ranker's means over a language's queries.
type nlScores struct {
	n         int
	ndcg, mrr float64
}

func (s *nlScores) add(ranked []string, grades map[string]int) (ndcgAt10 float64) {
	ndcgAt10 = ndcg(ranked, grades, qualityK)
	rr := 0.0
	for i, id := range ranked[:min(len(ranked), qualityK)] {
		if grades[id] >= qualityRelevantGrade {
			rr = 1 / float64(i+1)
			break
		}
	}
	s.n++
	s.ndcg += ndcgAt10
	s.mrr += rr
	return ndcgAt10
}

func (s nlScores) mean() nlScores {
	if s.n == 0 {
		return s
	}
	return nlScores{n: s.n, ndcg: s.ndcg / float64(s.n), mrr: s.mrr / float64(s.n)}
}

// nlResult is one language's run.
type nlResult struct {
	lang              string
	skipped           string // why the language did not run
	treenav, baseline nlScores
	functions         int // documents of the baseline
	shown             nlShown
	missing           []string
	worst             []string
}

// nlCorpus is one language's indexed corpus.
type nlCorpus struct {
	ix     *Index
	prefix string          // what the index puts before a path in a doc id
	nodes  map[string]bool // every node id of the index
	byBase map[string][]string
	funcs  *nlBaseline
}

// nlIndex indexes one collection from disk, in memory (memindex_test.go).
func nlIndex(t *testing.T, c treenav.Collection) *Index {
	t.Helper()
	return dirIndex(t, c)
}

// buildNLCorpus indexes a language's corpus and the baseline over it.
func buildNLCorpus(t *testing.T, lang, root string, include []string) *nlCorpus {
	t.Helper()
	ix := nlIndex(t, treenav.Collection{Name: lang, Root: root, Include: include})
	// TREENAV_QUALITY_RANK="knob=value,..." tries other ranking knobs, as
	// in TestSearchQuality: the way to measure a change on both suites.
	if spec := os.Getenv("TREENAV_QUALITY_RANK"); spec != "" {
		r := ix.Ranking()
		for _, kv := range strings.Split(spec, ",") {
			k, val, _ := strings.Cut(kv, "=")
			if err := r.Set(strings.TrimSpace(k), strings.TrimSpace(val)); err != nil {
				t.Fatal(err)
			}
		}
		ix.SetRanking(r)
	}
	c := &nlCorpus{ix: ix, nodes: map[string]bool{}, byBase: map[string][]string{}, funcs: newNLBaseline()}
	var docs []treenav.DocumentSummary
	for {
		list, err := ix.List(ListRequest{Limit: 1000, Offset: len(docs), MaxChars: 1 << 30})
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, list.Documents...)
		if len(list.Documents) == 0 || len(docs) >= list.Total {
			break
		}
	}
	for _, d := range docs {
		c.prefix = strings.TrimSuffix(d.DocID, d.Path)
		tr, err := ix.Tree(TreeRequest{DocID: d.DocID, MaxNodes: -1})
		if err != nil {
			t.Fatal(err)
		}
		src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(d.Path)))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(src), "\n")
		for _, n := range tr.Nodes {
			c.nodes[n.NodeID] = true
			if base, _, ok := strings.Cut(n.NodeID, "~"); ok {
				c.byBase[base] = append(c.byBase[base], n.NodeID)
			}
			switch n.Kind {
			case treenav.KindFunction, treenav.KindMethod, treenav.KindConstructor:
			default:
				continue
			}
			if n.LineStart < 1 || n.LineEnd > len(lines) || n.LineStart > n.LineEnd {
				continue
			}
			text := nlLeadingComment(lines, n.LineStart) + "\n" + strings.Join(lines[n.LineStart-1:n.LineEnd], "\n")
			c.funcs.add(n.NodeID, text)
		}
	}
	c.funcs.finish()
	if len(c.funcs.ids) == 0 {
		t.Fatalf("%s: no function indexed under %s", lang, root)
	}
	return c
}

// grades resolves a query's labels to node ids of the index: a label
// names a path relative to the corpus root and a qualified name; without
// "~N" it grades every overload of that name too. Labels naming nothing
// are returned apart (a Python or JDK version without that function).
func (c *nlCorpus) grades(q nlQuery) (map[string]int, []string) {
	g := map[string]int{}
	var missing []string
	for _, l := range q.Labels {
		id := c.prefix + l.NodeID
		ids := c.byBase[id]
		if c.nodes[id] {
			ids = append(ids, id)
		}
		if len(ids) == 0 {
			missing = append(missing, l.NodeID)
			continue
		}
		for _, x := range ids {
			g[x] = max(g[x], l.Grade)
		}
	}
	return g, missing
}

// nlCorpusRoot sets up a language's corpus on this machine.
func nlCorpusRoot(t *testing.T, lang string, spec *nlCorpora) (root string, include []string, err error) {
	switch lang {
	case "go":
		root, err = nlGoRoot()
		return root, spec.Go.Include, err
	case "python":
		// Copied, so that a module name matches at the top only (a
		// pattern without a slash would match site-packages too).
		if root, err = nlPythonRoot(); err != nil {
			return "", nil, err
		}
		root, err = nlCopyFiles(root, t.TempDir(), spec.Python.Include)
		return root, nil, err
	case "java":
		root, err = nlJavaRoot(t.TempDir(), spec.Java.Include)
		return root, nil, err
	case "ts":
		root, err = nlNPMRoot(spec.TS.Packages)
		return root, spec.TS.Include, err
	}
	return "", nil, fmt.Errorf("unknown language %s", lang)
}

// runNLLanguage scores a language's queries with treenav and the baseline.
func runNLLanguage(t *testing.T, lang string, qs []nlQuery, c *nlCorpus) nlResult {
	t.Helper()
	res := nlResult{lang: lang, functions: len(c.funcs.ids)}
	type worst struct {
		gap  float64
		line string
	}
	var ws []worst
	for _, q := range qs {
		grades, missing := c.grades(q)
		for _, m := range missing {
			res.missing = append(res.missing, q.ID+":"+m)
		}
		best := 0
		for _, g := range grades {
			best = max(best, g)
		}
		if best < 3 {
			continue // its answers are not in this version of the corpus
		}
		resp, err := c.ix.Search(SearchRequest{Query: q.Query, Limit: qualityK})
		if err != nil {
			t.Fatalf("%s %s: %v", lang, q.ID, err)
		}
		var ranked []string
		for _, r := range resp.Results {
			ranked = append(ranked, r.NodeID)
			res.shown.add(r)
		}
		tn := res.treenav.add(ranked, grades)
		bl := res.baseline.add(c.funcs.search(q.Query, qualityK), grades)
		if tn < 0.5 {
			top := "nothing"
			if len(ranked) > 0 {
				top = fmt.Sprintf("%s (grade %d)", strings.TrimPrefix(ranked[0], c.prefix), grades[ranked[0]])
			}
			ws = append(ws, worst{bl - tn, fmt.Sprintf("%s %q: treenav %.2f, baseline %.2f; treenav's first: %s", q.ID, q.Query, tn, bl, top)})
		}
	}
	sort.SliceStable(ws, func(i, j int) bool { return ws[i].gap > ws[j].gap })
	for _, w := range ws {
		res.worst = append(res.worst, w.line)
	}
	res.treenav, res.baseline = res.treenav.mean(), res.baseline.mean()
	return res
}

// nlShown counts what treenav's top 10s hold: a question in words asks
// for code that does something, so callables should lead, and tests and
// examples should not (issue 28, item 3).
type nlShown struct {
	results, callables, types, members, files, tests int
}

func (s *nlShown) add(r treenav.SearchResult) {
	s.results++
	switch r.Kind {
	case treenav.KindFunction, treenav.KindMethod, treenav.KindConstructor:
		s.callables++
	case treenav.KindField, treenav.KindProperty, treenav.KindVariable, treenav.KindConstant:
		s.members++
	case treenav.KindFile:
		s.files++
	default:
		s.types++
	}
	base := strings.ToLower(r.Path[strings.LastIndexByte(r.Path, '/')+1:])
	if strings.HasSuffix(base, "_test.go") || strings.Contains(r.Path, "/testing/") || strings.Contains(r.Path, "/test/") ||
		strings.HasPrefix(base, "test_") || strings.Contains(base, ".spec.") || strings.Contains(base, ".test.") {
		s.tests++
	}
}

func (s nlShown) String() string {
	p := func(n int) float64 { return 100 * float64(n) / float64(max(s.results, 1)) }
	return fmt.Sprintf("%d results: %.0f%% functions/methods, %.0f%% types, %.0f%% fields/variables/constants, %.0f%% files; %.0f%% in tests",
		s.results, p(s.callables), p(s.types), p(s.members), p(s.files), p(s.tests))
}

// nlTable renders the per-language comparison.
func nlTable(results []nlResult) string {
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "language\tqueries\tfunctions\ttreenav NDCG@10\tbaseline NDCG@10\tdelta\ttreenav MRR@10\tbaseline MRR@10\t")
	for _, r := range results {
		if r.skipped != "" {
			fmt.Fprintf(w, "%s\tskipped\t\t\t\t\t\t\t\n", r.lang)
			continue
		}
		fmt.Fprintf(w, "%s\t%d\t%d\t%.3f\t%.3f\t%+.3f\t%.3f\t%.3f\t\n", r.lang, r.treenav.n, r.functions,
			r.treenav.ndcg, r.baseline.ndcg, r.treenav.ndcg-r.baseline.ndcg, r.treenav.mrr, r.baseline.mrr)
	}
	w.Flush()
	for _, r := range results {
		if r.skipped != "" {
			fmt.Fprintf(&b, "%s skipped: %s\n", r.lang, r.skipped)
			continue
		}
		fmt.Fprintf(&b, "%s, treenav's top 10s: %s\n", r.lang, r.shown)
	}
	return b.String()
}

// TestNLBenchmark runs the plain-language benchmark; -v prints the table,
// the queries treenav answers worst, and the labels this machine's corpus
// version lacks.
func TestNLBenchmark(t *testing.T) {
	if testing.Short() {
		t.Skip("indexes parts of GOROOT, Python's stdlib, the JDK and npm packages: not in -short")
	}
	if raceEnabled {
		t.Skip("ranking quality does not depend on the race detector; too slow under it")
	}
	spec, err := loadNLCorpora()
	if err != nil {
		t.Fatal(err)
	}
	queries := map[string][]nlQuery{}
	seen := map[string]bool{}
	for _, lang := range nlLanguages {
		qs, err := loadNLQueries(filepath.Join(nlbenchDir, lang+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		validateNLQueries(t, lang, qs, seen)
		queries[lang] = qs
	}
	cases, err := loadNLCases(filepath.Join(nlbenchDir, "cases.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var results []nlResult
	var caseLines []string
	for _, lang := range nlLanguages {
		root, include, err := nlCorpusRoot(t, lang, spec)
		if errors.Is(err, errNoCorpus) {
			t.Logf("%s: skipped: %v", lang, err)
			results = append(results, nlResult{lang: lang, skipped: err.Error()})
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		c := buildNLCorpus(t, lang, root, include)
		r := runNLLanguage(t, lang, queries[lang], c)
		caseLines = append(caseLines, runNLCases(t, lang, cases, c)...)
		results = append(results, r)
		if len(r.missing) > 0 {
			t.Logf("%s: %d labels name nothing in this machine's corpus (another version?): %s", lang, len(r.missing), strings.Join(r.missing, " "))
		}
		if len(r.worst) > 0 {
			t.Logf("%s: queries with treenav NDCG@10 < 0.5, worst against the baseline first:\n%s", lang, strings.Join(r.worst, "\n"))
		}
		if r.treenav.n < len(queries[lang])*3/4 {
			t.Errorf("%s: only %d of %d queries have their best answers in this corpus", lang, r.treenav.n, len(queries[lang]))
		}
	}
	t.Logf("cases:\n%s", strings.Join(caseLines, "\n"))
	for _, l := range caseLines {
		if strings.HasPrefix(l, "MISS ") {
			t.Errorf("case not within its rank: %s", l)
		}
	}
	t.Logf("plain-language benchmark, treenav against plain BM25 over function bodies (target: +%.2f NDCG@10):\n%s", nlTarget, nlTable(results))
	for _, r := range results {
		if r.skipped != "" {
			continue
		}
		if gate := nlMinNDCG[r.lang] - nlMargin; r.treenav.ndcg < gate {
			t.Errorf("%s: treenav NDCG@10 = %.3f, below the gate %.3f (measured %.3f - margin %.2f)", r.lang, r.treenav.ndcg, gate, nlMinNDCG[r.lang], nlMargin)
		}
		if d := r.treenav.ndcg - r.baseline.ndcg; d < nlTarget {
			t.Logf("%s: treenav is %+.3f NDCG@10 from the baseline; the target is %+.2f (not gated yet)", r.lang, d, nlTarget)
		}
	}
}
