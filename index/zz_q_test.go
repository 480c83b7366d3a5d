package index

import (
	"fmt"
	"os"
	"testing"
)

func TestZZQuery(t *testing.T) {
	q := os.Getenv("QQ")
	if q == "" {
		t.Skip()
	}
	e := newQualityEngine(t)
	r, _ := e.Index().Search(SearchRequest{Query: q, Limit: 5})
	for _, x := range r.Results {
		fmt.Printf("%.3f %s\n", x.Score, x.NodeID)
	}
	st := e.Index().Stats()
	fmt.Println("terms", st.Terms, "nodes", st.Nodes)
}
