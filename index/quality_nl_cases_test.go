package index

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// nlCase is one case of testdata/nlbench/cases.txt: a query and the nodes
// that should answer it within its first K results.
type nlCase struct {
	ID, Lang, Query string
	K               int
	Want            []string
}

var nlCaseLine = regexp.MustCompile(`^c ([a-z]+[0-9]+) ([a-z]+) ([0-9]+): (.+)$`)

func loadNLCases(path string) ([]nlCase, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var cs []nlCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if m := nlCaseLine.FindStringSubmatch(line); m != nil {
			k, _ := strconv.Atoi(m[3])
			cs = append(cs, nlCase{ID: m[1], Lang: m[2], K: k, Query: m[4]})
			continue
		}
		if len(cs) == 0 || strings.ContainsAny(line, " \t") {
			return nil, fmt.Errorf("%s:%d: neither a case nor a node id: %q", path, n, line)
		}
		cs[len(cs)-1].Want = append(cs[len(cs)-1].Want, line)
	}
	return cs, sc.Err()
}

// runNLCases says where each case of lang stands: the best rank of the
// nodes it wants (0: not in the first 50).
func runNLCases(t *testing.T, lang string, cases []nlCase, c *nlCorpus) []string {
	t.Helper()
	var out []string
	for _, cs := range cases {
		if cs.Lang != lang {
			continue
		}
		want := map[string]bool{}
		for _, id := range cs.Want {
			g, missing := c.grades(nlQuery{Labels: []qualityLabel{{NodeID: id, Grade: 3}}})
			if len(missing) > 0 {
				t.Errorf("%s: %s is not in the corpus", cs.ID, id)
			}
			for x := range g {
				want[x] = true
			}
		}
		resp, err := c.ix.Search(SearchRequest{Query: cs.Query, Limit: 50})
		if err != nil {
			t.Fatalf("%s: %v", cs.ID, err)
		}
		rank := 0
		for i, r := range resp.Results {
			if want[r.NodeID] {
				rank = i + 1
				break
			}
		}
		verdict := "ok"
		if rank == 0 || rank > cs.K {
			verdict = "MISS"
		}
		first := ""
		if len(resp.Results) > 0 {
			first = strings.TrimPrefix(resp.Results[0].NodeID, c.prefix)
		}
		out = append(out, fmt.Sprintf("%s %s %q: rank %d (want <= %d; 0 = not in the first 50), first %s", verdict, cs.ID, cs.Query, rank, cs.K, first))
	}
	return out
}
