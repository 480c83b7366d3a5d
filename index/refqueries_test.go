package index

import (
	"encoding/json"
	"sync"
	"testing"
)

// TestRefQueriesKept: a view hands a finished reference query to the
// next, whose answers are those of a new one, from one goroutine or
// several; one that holds too many definitions is let go, and
// ReleaseIdle lets them all go.
func TestRefQueriesKept(t *testing.T) {
	files := map[string]string{
		"pkg/base.py": "class Base:\n    def __init__(self, x):\n        self.x = x\n\n    def run(self):\n        return self.x\n",
		"pkg/a.py":    "from pkg.base import Base\n\n\nclass A(Base):\n    def __init__(self):\n        super().__init__(1)\n\n    def run(self):\n        return Base.run(self)\n",
		"pkg/b.py":    "from pkg.a import A\n\n\ndef main():\n    a = A()\n    return a.run()\n",
	}
	ix := newTestIndex(t, files)
	answer := func(target string) string {
		t.Helper()
		r, err := ix.References(ReferencesRequest{Target: target})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(r)
		return string(b)
	}
	targets := []string{"pkg/base.py#Base.__init__", "pkg/base.py#Base.run", "pkg/a.py#A.run", "pkg/a.py#A"}
	first := map[string]string{}
	for _, tg := range targets {
		first[tg] = answer(tg)
	}
	v := ix.view()
	p := &v.refCache.queries
	if len(p.free[0]) == 0 {
		t.Fatal("no finished query kept")
	}
	kept := p.free[0][0]
	if got := answer(targets[0]); got != first[targets[0]] {
		t.Errorf("a kept query answers\n%s\nwhere a new one answered\n%s", got, first[targets[0]])
	}
	if len(p.free[0]) == 0 || p.free[0][0] != kept {
		t.Errorf("the kept query was not used again and given back")
	}

	// Side by side, each answer the same (and no race: go test -race).
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for range 8 {
		for _, tg := range targets {
			wg.Go(func() {
				r, err := ix.References(ReferencesRequest{Target: tg})
				b, _ := json.Marshal(r)
				if err != nil || string(b) != first[tg] {
					errs <- tg
				}
			})
		}
	}
	wg.Wait()
	close(errs)
	for tg := range errs {
		t.Errorf("%s answered otherwise side by side", tg)
	}
	if n := len(p.free[0]); n > refQueriesKept {
		t.Errorf("%d queries kept, at most %d", n, refQueriesKept)
	}

	// Too large: let go.
	q := v.takeRefQuery(ix, false)
	li := q.langIndex("python")
	li.x.Defs = make([]refDef, refQueryMaxDefs+1)
	before := len(p.free[0])
	v.doneRefQuery(q)
	if len(p.free[0]) != before {
		t.Errorf("a query of %d definitions was kept", refQueryMaxDefs+1)
	}

	ix.ReleaseIdle()
	if len(p.free[0])+len(p.free[1]) != 0 {
		t.Errorf("ReleaseIdle kept %d queries", len(p.free[0])+len(p.free[1]))
	}
	if got := answer(targets[1]); got != first[targets[1]] {
		t.Errorf("after ReleaseIdle: %s, want %s", got, first[targets[1]])
	}
}
