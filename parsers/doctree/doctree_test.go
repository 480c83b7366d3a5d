package doctree

import (
	"strconv"
	"strings"
	"testing"

	"github.com/treenav/treenav"
)

// TestNodes: sections run to the next title of the same or a higher level,
// blocks nest in them, text belongs to the innermost section or directive
// holding it (code text to the section around the code node), anchors are
// slug paths with "~2" for repeats, and links go to their owner.
func TestNodes(t *testing.T) {
	src := "A\n" + // 0
		"text a\n" + // 2
		"note\n" + // 9: a directive block, lines 3-4
		"in note\n" + // 14
		"code\n" + // 22: a code block, line 5
		"B\n" + // 27
		"text b\n" + // 29
		"B\n" // 36
	at := func(s string) int { return strings.Index(src, s) }
	tr := &Tree{
		Src: []byte(src),
		Sections: []Section{
			{Start: at("A\n"), Level: 1, Title: "A"},
			{Start: at("B\n"), Level: 2, Title: "B"},
			{Start: strings.LastIndex(src, "B\n"), Level: 2, Title: "B"},
		},
		Blocks: []Block{
			{Start: at("note"), End: at("code"), Kind: treenav.KindSection, NativeKind: "note", Title: "note"},
			{Start: at("code"), End: at("B\n"), Kind: treenav.KindCode, Title: "go", Language: "",
				Code: [][2]int{{at("code"), at("B\n")}}},
		},
		Spans: []treenav.Span{
			{Start: uint32(at("text a")), End: uint32(at("in note") + 7), Field: treenav.FieldBody},
			{Start: uint32(at("code")), End: uint32(at("code") + 4), Field: treenav.FieldCode},
			{Start: uint32(at("text b")), End: uint32(at("text b") + 6), Field: treenav.FieldBody},
		},
		Links: []Link{{Pos: at("in note"), Link: treenav.Link{Target: "x.rst", Kind: "doc"}}},
	}
	nodes := tr.Nodes()
	var got []string
	for _, n := range nodes[1:] {
		var own []string
		for _, sp := range n.Spans {
			own = append(own, strings.TrimSpace(src[sp.Start:sp.End]))
		}
		got = append(got, n.Anchor+" "+string(n.Kind)+" parent="+nodes[n.Parent].Anchor+
			" lines="+itoa(n.LineStart)+"-"+itoa(n.LineEnd)+" own=["+strings.Join(own, "|")+"] links="+itoa(len(n.Links)))
	}
	want := []string{
		"a section parent= lines=1-8 own=[text a|code] links=0",
		"a/note section parent=a lines=3-4 own=[note\nin note] links=1",
		"a/code-1 code parent=a lines=5-5 own=[] links=0",
		"a/b section parent=a lines=6-7 own=[text b] links=0",
		"a/b~2 section parent=a lines=8-8 own=[] links=0",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("nodes:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The code block's text is its section's (field code).
	if sp := nodes[1].Spans; len(sp) != 2 || sp[1].Field != treenav.FieldCode {
		t.Errorf("section a spans %+v, want its text then the code block's", sp)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
