package markdown

import (
	"bytes"
	"sync"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// The goldmark parser is built once and shared: goldmark keeps per-parse
// state in its parser.Context, so one parser serves every goroutine.
//
// MDX files use it too, after maskMDX. MDX has no indented code blocks, but
// goldmark without its indented code parser drops indented lines and what
// follows them, so indented text in MDX is read as code (still indexed, in
// the code field).
var (
	parserOnce sync.Once
	mdParser   parser.Parser // CommonMark + GFM + wiki links
)

func goldmarkParser() parser.Parser {
	parserOnce.Do(func() { mdParser = newParser() })
	return mdParser
}

// newParser is goldmark's default parser with GFM, its fenced code and
// link parsers wrapped (fenceRecorder, linkBudget), and wiki links. The
// wrapped parsers are found by their trigger bytes; if a goldmark upgrade
// changes them, newParser panics rather than parse without them.
func newParser() parser.Parser {
	var blocks []util.PrioritizedValue
	wrapped := 0
	for _, b := range parser.DefaultBlockParsers() {
		if isFenceParser(b.Value) {
			b.Value = fenceRecorder{b.Value.(parser.BlockParser)}
			wrapped++
		}
		blocks = append(blocks, b)
	}
	inlines := parser.DefaultInlineParsers()
	for i, ip := range inlines {
		if isLinkParser(ip.Value) {
			inlines[i].Value = linkBudget{ip.Value.(parser.InlineParser)}
			wrapped++
		}
	}
	if wrapped != 2 {
		panic("markdown: goldmark's fenced code or link parser not found")
	}
	inlines = append(inlines, util.Prioritized(wikiParser{}, 199))
	p := parser.NewParser(
		parser.WithBlockParsers(blocks...),
		parser.WithInlineParsers(inlines...),
		parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...),
	)
	md := goldmark.New(goldmark.WithParser(p), goldmark.WithExtensions(extension.GFM))
	return md.Parser()
}

func isLinkParser(v any) bool {
	ip, ok := v.(parser.InlineParser)
	return ok && bytes.Equal(ip.Trigger(), []byte{'!', '[', ']'})
}

func isFenceParser(v any) bool {
	bp, ok := v.(parser.BlockParser)
	return ok && bytes.Equal(bp.Trigger(), []byte{'~', '`'})
}

// fenceEndsKey holds, per parse, where each fenced code block ends: goldmark
// records where a block starts (Node.Pos) but not where it ends, and the
// closing fence is in no segment of the node.
var fenceEndsKey = parser.NewContextKey()

// fenceRecorder wraps goldmark's fenced code block parser and records the
// end of the last line each block consumed (its closing fence, or its last
// line when the fence is left open).
type fenceRecorder struct{ parser.BlockParser }

func (f fenceRecorder) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	n, st := f.BlockParser.Open(parent, reader, pc)
	if n != nil {
		_, seg := reader.PeekLine()
		fenceEnds(pc)[n] = seg.Stop
	}
	return n, st
}

func (f fenceRecorder) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	// Every line offered to an open fence belongs to it: content lines and
	// the closing fence alike.
	_, seg := reader.PeekLine()
	if ends := fenceEnds(pc); seg.Stop > ends[node] {
		ends[node] = seg.Stop
	}
	return f.BlockParser.Continue(node, reader, pc)
}

func fenceEnds(pc parser.Context) map[ast.Node]int {
	m, _ := pc.Get(fenceEndsKey).(map[ast.Node]int)
	if m == nil {
		m = map[ast.Node]int{}
		pc.Set(fenceEndsKey, m)
	}
	return m
}

// maxLinkLabels bounds the link and image labels ("[", "![") opened in one
// block. goldmark scans the rest of the line for each label's destination,
// which is quadratic on a long line of brackets ("[a](" repeated takes
// seconds for 100 KB); past the bound, brackets are text. Real paragraphs
// hold a few dozen links (tables and lists are a block per cell or item).
const maxLinkLabels = 1000

var linkLabelsKey = parser.NewContextKey()

// linkBudget wraps goldmark's link parser with the maxLinkLabels bound.
type linkBudget struct{ parser.InlineParser }

func (l linkBudget) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, _ := block.PeekLine()
	if len(line) == 0 || line[0] == ']' {
		return l.InlineParser.Parse(parent, block, pc)
	}
	n, _ := pc.Get(linkLabelsKey).(*int)
	if n == nil {
		n = new(int)
		pc.Set(linkLabelsKey, n)
	}
	if *n >= maxLinkLabels {
		return nil
	}
	res := l.InlineParser.Parse(parent, block, pc)
	if res != nil {
		*n++
	}
	return res
}

// CloseBlock ends a block's inline parsing: the bound starts over.
func (l linkBudget) CloseBlock(parent ast.Node, block text.Reader, pc parser.Context) {
	if n, _ := pc.Get(linkLabelsKey).(*int); n != nil {
		*n = 0
	}
	if cb, ok := l.InlineParser.(parser.CloseBlocker); ok {
		cb.CloseBlock(parent, block, pc)
	}
}

// kindWikiLink is the goldmark node kind of [[wiki links]] and ![[embeds]].
var kindWikiLink = ast.NewNodeKind("WikiLink")

// wikiLink is an Obsidian-style [[target|label]] or ![[target]].
type wikiLink struct {
	ast.BaseInline
	Target, Label string
	Embed         bool
	// Inner is the text between the brackets.
	Inner text.Segment
}

func (n *wikiLink) Kind() ast.NodeKind { return kindWikiLink }

func (n *wikiLink) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Target": n.Target, "Label": n.Label}, nil)
}

// wikiParser parses [[...]] and ![[...]] on one line. It runs before
// goldmark's link parser, which would otherwise read them as brackets.
type wikiParser struct{}

func (wikiParser) Trigger() []byte { return []byte{'[', '!'} }

func (wikiParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, seg := block.PeekLine()
	embed := false
	if bytes.HasPrefix(line, []byte("![[")) {
		embed = true
		line = line[1:]
	} else if !bytes.HasPrefix(line, []byte("[[")) {
		return nil
	}
	// The target ends at the first bracket, which must start "]]"; looking
	// no further keeps a line of "[[" linear.
	end := bytes.IndexAny(line[2:], "[]\n\r")
	if end <= 0 || !bytes.HasPrefix(line[2+end:], []byte("]]")) {
		return nil
	}
	inner := line[2 : 2+end]
	target, label := string(inner), ""
	if i := bytes.IndexByte(inner, '|'); i >= 0 {
		target, label = string(inner[:i]), string(bytes.TrimSpace(inner[i+1:]))
	}
	target = trimSpace(target)
	if target == "" {
		return nil
	}
	off := 0
	if embed {
		off = 1
	}
	start := seg.Start + off + 2
	n := &wikiLink{Target: target, Label: label, Embed: embed,
		Inner: text.NewSegment(start, start+end)}
	block.Advance(off + 2 + end + 2)
	return n
}

// maxNesting bounds how many containers (block quotes, list items) a line
// may be in. goldmark's work grows with the square of the nesting depth
// ("- " repeated 20 000 times takes seconds, and 1,000 list items each
// indented under the one before, a 1 MB file, took 4.5 s); markdown-it
// stops at 100. Markers past the bound are blanked, so deeper text is
// read as the content of the deepest allowed container.
const maxNesting = 32

// clampNesting returns a copy of src (from offset from on) with container
// markers past maxNesting blanked, or nil when no line nests that deep. A
// line's depth is the markers it opens plus the list items of earlier
// lines it is indented into (its indentation reaches their content).
func clampNesting(src []byte, from int) []byte {
	var out []byte
	var items []int // content columns of the list items open above
	for pos := from; pos < len(src); {
		line, next := lineAt(src, pos)
		depth, i, col := 0, 0, 0
		for first := true; i < len(line); first = false {
			for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
				col = advance(col, line[i])
				i++
			}
			if first {
				if i == len(line) || line[i] == '\n' || line[i] == '\r' {
					break // a blank line keeps the items open
				}
				for len(items) > 0 && items[len(items)-1] > col {
					items = items[:len(items)-1]
				}
				depth = len(items)
			}
			n := containerMarker(line[i:])
			if n == 0 {
				break
			}
			depth++
			if depth > maxNesting {
				if out == nil {
					out = append([]byte(nil), src...)
				}
				blank(out[pos+i : pos+i+n])
			} else if line[i] != '>' {
				items = append(items, col+n)
			}
			for _, c := range line[i : i+n] {
				col = advance(col, c)
			}
			i += n
		}
		pos = next
	}
	return out
}

// advance is the column after character c at column col (tab stops of 4).
func advance(col int, c byte) int {
	if c == '\t' {
		return col + 4 - col%4
	}
	return col + 1
}

// containerMarker returns the length of a block quote marker (">") or a
// list marker ("-", "*", "+", "1.", "1)") followed by a blank at the start
// of b, or 0.
func containerMarker(b []byte) int {
	if len(b) == 0 {
		return 0
	}
	if b[0] == '>' {
		return 1
	}
	i := 0
	switch {
	case b[0] == '-' || b[0] == '*' || b[0] == '+':
		i = 1
	case b[0] >= '0' && b[0] <= '9':
		for i < len(b) && i < 9 && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		if i >= len(b) || b[i] != '.' && b[i] != ')' {
			return 0
		}
		i++
	default:
		return 0
	}
	if i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		return i + 1
	}
	return 0
}
