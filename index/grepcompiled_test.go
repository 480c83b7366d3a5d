package index

import (
	"strings"
	"testing"
)

func TestGrepCompiledKept(t *testing.T) {
	a := GrepRequest{Pattern: `retry[A-Z]\w*\(`, Regex: true}
	m1, q1, err := compiledGrep(a)
	if err != nil {
		t.Fatal(err)
	}
	m2, q2, err := compiledGrep(a)
	if err != nil || m1 != m2 || q1 != q2 {
		t.Errorf("the same pattern compiled again: %v, same matcher %v, same query %v", err, m1 == m2, q1 == q2)
	}
	// Each flag is part of what is kept.
	for _, b := range []GrepRequest{{Pattern: a.Pattern, Regex: true, Word: true}, {Pattern: a.Pattern, Regex: true, IgnoreCase: true}, {Pattern: a.Pattern}} {
		m, _, err := compiledGrep(b)
		if err != nil || m == m1 {
			t.Errorf("%+v: %v, the matcher of %+v", b, err, a)
		}
	}
	// A pattern that does not compile says so each time.
	for range 2 {
		if _, _, err := compiledGrep(GrepRequest{Pattern: "a(b", Regex: true}); err == nil || !strings.Contains(err.Error(), "missing closing )") {
			t.Errorf("a(b: %v", err)
		}
	}
	// A long pattern is compiled, not kept.
	long := GrepRequest{Pattern: strings.Repeat("x", grepCompiledMaxLen+1)}
	l1, _, err1 := compiledGrep(long)
	l2, _, err2 := compiledGrep(long)
	if err1 != nil || err2 != nil || l1 == l2 {
		t.Errorf("long pattern: %v %v, kept %v", err1, err2, l1 == l2)
	}
}
