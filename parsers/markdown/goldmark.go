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

// The goldmark parsers are built once and shared: goldmark keeps per-parse
// state in its parser.Context, so one parser serves every goroutine.
var (
	parsersOnce sync.Once
	mdParser    parser.Parser // CommonMark + GFM + wiki links
	mdxParser   parser.Parser // the same without indented code blocks (MDX has none)
)

func goldmarkParser(mdx bool) parser.Parser {
	parsersOnce.Do(func() {
		mdParser = newParser(false)
		mdxParser = newParser(true)
	})
	if mdx {
		return mdxParser
	}
	return mdParser
}

func newParser(mdx bool) parser.Parser {
	var blocks []util.PrioritizedValue
	for _, b := range parser.DefaultBlockParsers() {
		if mdx && isIndentedCodeParser(b.Value) {
			continue
		}
		if isFenceParser(b.Value) {
			b.Value = fenceRecorder{b.Value.(parser.BlockParser)}
		}
		blocks = append(blocks, b)
	}
	inlines := append(parser.DefaultInlineParsers(), util.Prioritized(wikiParser{}, 199))
	p := parser.NewParser(
		parser.WithBlockParsers(blocks...),
		parser.WithInlineParsers(inlines...),
		parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...),
	)
	md := goldmark.New(goldmark.WithParser(p), goldmark.WithExtensions(extension.GFM))
	return md.Parser()
}

func isFenceParser(v any) bool {
	bp, ok := v.(parser.BlockParser)
	return ok && bytes.Equal(bp.Trigger(), []byte{'~', '`'})
}

func isIndentedCodeParser(v any) bool {
	bp, ok := v.(parser.BlockParser)
	// The indented code parser is the only one with no trigger that
	// accepts indented lines.
	return ok && bp.Trigger() == nil && bp.CanAcceptIndentedLine()
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

// KindWikiLink is the goldmark node kind of [[wiki links]] and ![[embeds]].
var KindWikiLink = ast.NewNodeKind("WikiLink")

// wikiLink is an Obsidian-style [[target|label]] or ![[target]].
type wikiLink struct {
	ast.BaseInline
	Target, Label string
	Embed         bool
	// Inner is the text between the brackets.
	Inner text.Segment
}

func (n *wikiLink) Kind() ast.NodeKind { return KindWikiLink }

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
	end := bytes.Index(line[2:], []byte("]]"))
	if end <= 0 {
		return nil
	}
	inner := line[2 : 2+end]
	if bytes.ContainsAny(inner, "[]\n\r") {
		return nil
	}
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
