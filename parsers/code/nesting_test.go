package code

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"
)

// nestingFamilies are the languages nestedSource generates, one per
// family of scopes (modules, namespaces, classes, functions, indented
// blocks).
var nestingFamilies = []string{"rust", "cpp", "java", "javascript", "typescript", "python"}

// A file whose definitions nest deeper than MaxNesting fails with the
// reason, instead of taking time and memory that grow with the square of
// the depth (8,000 nested Rust modules took 88 s).
func TestNestingPastTheLimitFails(t *testing.T) {
	for _, lang := range nestingFamilies {
		t.Run(lang, func(t *testing.T) {
			depth := 2000
			if lang == "python" {
				depth = 3 * MaxNesting // indentation makes the file quadratic
			}
			src, _ := nestedSource(lang, depth)
			res, err := Lookup(lang).Extract(src)
			if !errors.Is(err, ErrTooDeep) {
				t.Fatalf("Extract of %d nested scopes: got %v (%d nodes), want ErrTooDeep", depth, err, nodeCount(res))
			}
			if want := "nesting deeper than 64 levels of definitions"; MaxNesting == 64 && err.Error() != want {
				t.Errorf("error %q, want %q", err, want)
			}
		})
	}
}

// Nesting up to the limit is extracted whole: every level is a node.
func TestNestingUpToTheLimitIsExtracted(t *testing.T) {
	for _, lang := range nestingFamilies {
		t.Run(lang, func(t *testing.T) {
			src, _ := nestedSource(lang, MaxNesting)
			res, err := Lookup(lang).Extract(src)
			if err != nil {
				t.Fatal(err)
			}
			if got := nodeCount(res); got != MaxNesting+1 {
				t.Errorf("%d nodes, want %d (the file and each level)", got, MaxNesting+1)
			}
			deepest := 0
			for _, n := range res.Nodes {
				deepest = max(deepest, n.Level)
			}
			if deepest != MaxNesting {
				t.Errorf("deepest level %d, want %d", deepest, MaxNesting)
			}
		})
	}
}

// A file over its time budget fails with ErrTimeout and says so; the
// parser it used goes back to its pool with the whole budget.
func TestBudgetTimeout(t *testing.T) {
	budget := Budget
	Budget = time.Nanosecond
	src, _ := nestedSource("java", 10)
	_, err := Lookup("java").Extract(src)
	Budget = budget
	if !errors.Is(err, ErrTimeout) || !strings.Contains(err.Error(), "budget of 1ns exceeded") {
		t.Fatalf("got %v, want a budget timeout", err)
	}
	big := []byte(strings.Repeat("class A { int f() { return 1 + 2; } }\n", 20000))
	if err := Lookup("java").ParseOnly(big); err != nil {
		t.Errorf("ParseOnly after a timed-out extraction: %v", err)
	}
}

// nestingDepth counts as nest does; openSpans never counts more.
func TestNestingDepth(t *testing.T) {
	syms := []Symbol{
		{Start: 0, End: 100}, {Start: 10, End: 50}, {Start: 20, End: 30},
		{Start: 20, End: 30}, // the same extent twice is one level
		{Start: 60, End: 90}, {Start: 200, End: 300},
	}
	if got := nestingDepth(syms, 10); got != 3 {
		t.Errorf("nestingDepth = %d, want 3", got)
	}
	var o openSpans
	var got []int
	for _, s := range []Symbol{syms[0], syms[2], syms[1], syms[3], syms[4], syms[5]} {
		got = append(got, o.push(s.Start, s.End))
	}
	// syms[1] comes after syms[2], out of order: not counted.
	if want := []int{1, 2, 0, 2, 2, 1}; !slices.Equal(got, want) {
		t.Errorf("openSpans depths %v, want %v", got, want)
	}
}

func nodeCount(res *Result) int {
	if res == nil {
		return 0
	}
	return len(res.Nodes)
}
