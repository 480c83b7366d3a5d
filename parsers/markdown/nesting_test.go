package markdown

import (
	"fmt"
	"strings"
	"testing"

	"github.com/treenav/treenav"
)

// nestedList is a list of depth items, each indented under the one
// before (one marker per line: the nesting is in the indentation).
func nestedList(depth int, marker string) string {
	var b strings.Builder
	for i := range depth {
		fmt.Fprintf(&b, "%s%s item%d\n", strings.Repeat(" ", i*(len(marker)+1)), marker, i)
	}
	return b.String()
}

// A list nested by indentation deeper than maxNesting is cut like one
// nested on a single line: the markers past the bound are blanked, and
// the text is still indexed.
func TestClampNestingFollowsIndentation(t *testing.T) {
	for _, marker := range []string{"-", "1.", "*"} {
		src := nestedList(3*maxNesting, marker)
		out := clampNesting([]byte(src), 0)
		if out == nil {
			t.Fatalf("%s: a list %d deep by indentation was not clamped", marker, 3*maxNesting)
		}
		if got := strings.Count(string(out), marker+" item"); got != maxNesting {
			t.Errorf("%s: %d markers kept, want %d", marker, got, maxNesting)
		}
		doc := mustParse(t, "x.md", src)
		last := fmt.Sprintf("item%d", 3*maxNesting-1)
		all := spanText(doc, src, 0, treenav.FieldBody) + spanText(doc, src, 0, treenav.FieldCode)
		if !strings.Contains(all, last) {
			t.Errorf("%s: the deepest item's text %q is not indexed", marker, last)
		}
	}
}

// Lists of real documents are left alone: nesting under the bound, blank
// lines and continuation paragraphs inside items, a quote in a list.
func TestClampNestingKeepsRealLists(t *testing.T) {
	srcs := []string{
		nestedList(maxNesting, "-"),
		"- a\n\n  more of a\n\n  - b\n\n    more of b\n- c\n  > quoted\n  > - in a quote\n",
		"1. one\n   - sub\n     1. subsub\n2. two\n\tindented with a tab\n",
	}
	for _, src := range srcs {
		if out := clampNesting([]byte(src), 0); out != nil {
			t.Errorf("clamped a list under the bound:\n%s\nto\n%s", src, out)
		}
	}
}
