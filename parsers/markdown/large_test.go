package markdown

import (
	"bytes"
	"fmt"
	"testing"
	"time"

	"github.com/yuin/goldmark/text"

	"github.com/treenav/treenav"
)

// largeDoc generates about size bytes of varied markdown: nested headings,
// prose with inline markup and links, lists, tables, fenced Go and Python
// blocks, HTML and a repeated heading name in every chapter.
func largeDoc(size int) ([]byte, int) {
	var b bytes.Buffer
	b.WriteString("---\ntitle: Large\ntags: [big]\n---\n")
	headings := 0
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "# Chapter %d\n\nIntro to chapter %d with *emphasis*, `code`, a [link](doc%d.md) and #tag%d.\n\n", i, i, i, i%50)
		headings++
		for j := 0; j < 5; j++ {
			fmt.Fprintf(&b, "## Section %d.%d\n\n", i, j)
			headings++
			b.WriteString("Some prose that goes on for a while, describing parsers, indexes and ranking.\nA second line of the same paragraph with **bold** text &amp; an entity.\n\n")
			b.WriteString("- item one\n- item two with [[Wiki Link]]\n  - nested item\n\n")
			b.WriteString("| a | b |\n|---|---|\n| 1 | 2 |\n\n")
			if j%2 == 0 {
				fmt.Fprintf(&b, "```go\nfunc F%d_%d(x int) int {\n\treturn x * 2\n}\n\ntype T%d_%d struct{ A int }\n```\n\n", i, j, i, j)
			} else {
				b.WriteString("```python\ndef f(x):\n    return x * 2\n```\n\n")
			}
			b.WriteString("### Notes\n\n<div align=\"center\">An <b>HTML</b> note.</div>\n\n")
			headings++
		}
	}
	return b.Bytes(), headings
}

// TestLargeFile parses a generated 10 MB document: every heading is found
// and the invariants hold. The time is logged; BenchmarkParseLarge measures
// it properly.
func TestLargeFile(t *testing.T) {
	if testing.Short() {
		t.Skip("large input")
	}
	src, headings := largeDoc(10 << 20)
	start := time.Now()
	doc, err := Parse("big.md", src)
	if err != nil {
		t.Fatal(err)
	}
	elapsed := time.Since(start)
	t.Logf("%d bytes, %d nodes in %v (%.1f MB/s)", len(src), len(doc.Nodes), elapsed, float64(len(src))/elapsed.Seconds()/(1<<20))
	checkInvariants(t, doc, src)
	sections := 0
	for _, n := range doc.Nodes {
		if n.Kind == treenav.KindSection {
			sections++
		}
	}
	if sections != headings {
		t.Errorf("found %d sections, generated %d headings", sections, headings)
	}
	// Every chapter repeats "Notes" under each section; the anchors of the
	// last chapter's are made unique by their parents' paths.
	last := doc.Nodes[len(doc.Nodes)-1]
	if last.Kind == treenav.KindSection && last.Title != "Notes" {
		t.Errorf("last node %q, want a Notes section", last.Title)
	}
}

func BenchmarkParseLarge(b *testing.B) {
	src, _ := largeDoc(10 << 20)
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for range b.N {
		if _, err := Parse("big.md", src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGoldmarkLarge is goldmark alone on the same input: the floor
// BenchmarkParseLarge is measured against (their ratio is what matters on
// a busy machine).
func BenchmarkGoldmarkLarge(b *testing.B) {
	src, _ := largeDoc(10 << 20)
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for range b.N {
		goldmarkParser().Parse(text.NewReader(src))
	}
}
