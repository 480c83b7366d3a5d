package code

import (
	"bytes"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/treenav/treenav/parsers/code/internal/cpre"
)

// A signature is code: a comment inside a declaration ("def f(a, # why",
// "int g(int a /* in */)") or a C preprocessor line between its parts
// ("#if __cplusplus >= 201103L" before "noexcept") would otherwise be
// collapsed into one line with the code around it, and a line comment
// would then read as if it swallowed the rest. Signatures are written by
// the extractor and by each language's Fixup from byte ranges of the
// source, so the comments are taken out of the source rather than out of
// each signature: when a symbol's signature shows a comment marker, its
// signature is computed again, by the same code, from a copy of the
// source in which the comments (and, in C and C++, the directive lines)
// of the symbol's declaration are blanked. The copy has the same length
// and line breaks, so every offset still holds. Docs, names and extents
// keep coming from the original.

// maxSigScan bounds the text searched for comments after a symbol's
// start: far more than any declaration's head.
const maxSigScan = 16 << 10

// commentNodeTypes are the node types that hold a whole comment in the
// grammars (a language's CommentTypes count too).
var commentNodeTypes = map[string]bool{
	"comment": true, "line_comment": true, "block_comment": true,
	"multiline_comment": true, "html_comment": true, "doc_comment": true,
	"marginalia": true, "groovy_doc": true,
}

// defaultCommentMarkers open a comment in most languages the registry
// has; a Language with other comment syntax sets CommentMarkers.
var defaultCommentMarkers = []string{"//", "/*", "#"}

func (l *Language) commentMarkers() []string {
	if len(l.CommentMarkers) > 0 {
		return l.CommentMarkers
	}
	return defaultCommentMarkers
}

func (l *Language) isComment(typ string) bool {
	return commentNodeTypes[typ] || l.comment[typ]
}

// mayHaveComment reports whether a signature can hold a comment or a
// directive: it has a comment marker. Most signatures have none and are
// kept as they are.
func (l *Language) mayHaveComment(sig string) bool {
	for _, m := range l.commentMarkers() {
		if strings.Contains(sig, m) {
			return true
		}
	}
	return false
}

// sigCleaner holds the copy of a file's source that signatures are
// recomputed from; it is made on first need, and each symbol's blanking
// is undone after its signature is written, so that symbols whose texts
// overlap do not see each other's choices.
type sigCleaner struct {
	src, clean []byte
	undo       [][2]uint32 // the ranges blanked, to restore
}

func (c *sigCleaner) blank(from, to uint32) {
	if to <= from {
		return
	}
	if c.clean == nil {
		c.clean = bytes.Clone(c.src)
	}
	c.undo = append(c.undo, [2]uint32{from, to})
	blankLines(c.clean, int(from), int(to))
}

func (c *sigCleaner) restore() {
	for _, r := range c.undo {
		copy(c.clean[r[0]:r[1]], c.src[r[0]:r[1]])
	}
	c.undo = c.undo[:0]
}

// uncomment recomputes s's signature without the comments and directives
// of its declaration. pre is the symbol as it was before Fixup (its nodes
// still valid), s the symbol Fixup made of it.
func (l *Language) uncomment(s *Symbol, pre Symbol, c *sigCleaner) {
	def := pre.Node
	if def == nil {
		return
	}
	lo := min(pre.Start, s.Start, pre.sigStart)
	hi := max(pre.End, s.End, pre.sigEnd)
	hi = min(hi, lo+maxSigScan, uint32(len(c.src)))
	// The body is no part of a signature: "typedef struct {...} T" has
	// text on both sides of it.
	var skip [2]uint32
	if b := def.ChildByFieldName("body"); b != nil && b.StartByte() > lo {
		skip = [2]uint32{b.StartByte(), b.EndByte()}
	} else if pre.bodyStart > lo {
		skip = [2]uint32{pre.bodyStart, def.EndByte()}
	}
	anc := def
	for anc.StartByte() > lo || anc.EndByte() < hi {
		p := anc.Parent()
		if p == nil {
			break
		}
		anc = p
	}
	lo, hi = max(lo, anc.StartByte()), min(hi, anc.EndByte())
	pt := newPointer(c.src, anc)
	found := l.blankComments(c, anc, pt, lo, hi, skip)
	if l.Directives && blankDirectives(c, def, anc, pt, lo, hi, skip, l.Name == "c") {
		found = true
	}
	if !found || c.clean == nil {
		c.restore()
		return
	}
	again := pre
	again.Signature = signature(c.clean[pre.sigStart:pre.sigEnd])
	if l.Fixup != nil {
		l.Fixup(&again, c.clean)
	}
	c.restore()
	if again.Signature != "" {
		s.Signature = tidyGaps(again.Signature)
	}
}

// blankComments blanks the comments in [lo, hi) outside skip and reports
// whether there were any. A marker is a comment's only when the tree
// says so: "#" in a Python string or "//" in a C string is text.
func (l *Language) blankComments(c *sigCleaner, anc *sitter.Node, pt *pointer, lo, hi uint32, skip [2]uint32) bool {
	markers := l.commentMarkers()
	found := false
	for p := lo; p < hi; {
		if p >= skip[0] && p < skip[1] {
			p = skip[1]
			continue
		}
		end := hi
		if p < skip[0] && skip[0] < end {
			end = skip[0]
		}
		i, ok := nextMarker(c.src, p, end, markers)
		if !ok {
			p = end
			continue
		}
		cs, ce, ok := l.commentAt(anc, pt, lo, i)
		if !ok {
			p = i + 1
			continue
		}
		found = true
		c.blank(max(cs, lo), min(ce, hi))
		p = max(ce, i+1)
	}
	return found
}

// nextMarker is the offset of the first comment marker in src[from:to].
func nextMarker(src []byte, from, to uint32, markers []string) (uint32, bool) {
	for i := from; i < to; i++ {
		for _, m := range markers {
			if src[i] == m[0] && bytes.HasPrefix(src[i:to], []byte(m)) {
				return i, true
			}
		}
	}
	return 0, false
}

// commentAt is the extent of the comment that starts at offset i, if one
// does: the smallest named node there, or the comment that holds it
// (Rust's doc_comment is the text inside a line_comment).
func (l *Language) commentAt(anc *sitter.Node, pt *pointer, lo, i uint32) (uint32, uint32, bool) {
	n := anc.NamedDescendantForPointRange(pt.at(i), pt.at(i+1))
	if n == nil {
		return 0, 0, false
	}
	if !l.isComment(n.Type()) {
		if t := n.Type(); l.Directives && !strings.Contains(t, "string") && !strings.Contains(t, "char") {
			// A macro's body is one node of raw text, and the grammar
			// does not see the comments cpreproc blanks: lex from the
			// node's start, a token boundary, or from lo, the symbol's.
			return cComment(pt.src, max(n.StartByte(), lo), n.EndByte(), i)
		}
		return 0, 0, false
	}
	for range 2 {
		p := n.Parent()
		if p == nil || !l.isComment(p.Type()) {
			break
		}
		n = p
	}
	if n.StartByte() != i {
		return 0, 0, false
	}
	return n.StartByte(), n.EndByte(), true
}

// cComment is the extent of the comment that starts at offset i in the C
// text src[from:to] (a macro's body), if one does: i is not inside a
// string or character literal or another comment.
func cComment(src []byte, from, to, i uint32) (uint32, uint32, bool) {
	for k := from; k < to; {
		switch c := src[k]; {
		case c == '"' || c == '\'':
			k++
			for k < to && src[k] != c && src[k] != '\n' {
				if src[k] == '\\' {
					k++
				}
				k++
			}
			k++
		case c == '/' && k+1 < to && (src[k+1] == '/' || src[k+1] == '*'):
			end := to
			if src[k+1] == '/' {
				if j := bytes.IndexByte(src[k:to], '\n'); j >= 0 {
					end = k + uint32(j)
				}
			} else if j := bytes.Index(src[k+2:to], []byte("*/")); j >= 0 {
				end = k + 2 + uint32(j) + 2
			}
			if k == i {
				return k, end, true
			}
			k = end
		default:
			k++
		}
		if k > i {
			break
		}
	}
	return 0, 0, false
}

// blankDirectives blanks the C preprocessor lines in [lo, hi) outside
// skip, and the text of every branch but the first live one of each
// conditional there ("#if __cplusplus > 201402L reference #else void
// #endif" reads "reference"), and reports whether there were any. A
// branch is dead as cpreproc.go decides (#if 0, C++-only code in C). The
// directive a macro symbol is, is its own signature.
func blankDirectives(c *sigCleaner, def, anc *sitter.Node, pt *pointer, lo, hi uint32, skip [2]uint32, isC bool) bool {
	type frame struct{ taken bool }
	var stack []*frame
	skipping, skipFrom, nest := false, uint32(0), 0
	var skipGroup *frame // the group whose branch is skipped (nil: opened before lo)
	found := false
	blankSkipped := func(to uint32) {
		if to > skip[0] && skipFrom < skip[1] {
			c.blank(skipFrom, skip[0])
			c.blank(skip[1], to)
			return
		}
		c.blank(skipFrom, to)
	}
	src := c.src
	for ls := lo; ls < hi; {
		// ls is the start of a line (or lo).
		j := ls
		for j < hi && (src[j] == ' ' || src[j] == '\t') {
			j++
		}
		next := uint32(len(src))
		if k := bytes.IndexByte(src[ls:], '\n'); k >= 0 {
			next = ls + uint32(k) + 1
		}
		if !lineStartsAt(src, ls) || j >= hi || src[j] != '#' || j >= skip[0] && j < skip[1] ||
			j == def.StartByte() && strings.HasPrefix(def.Type(), "preproc_") {
			ls = next
			continue
		}
		if n := anc.NamedDescendantForPointRange(pt.at(j), pt.at(j+1)); n != nil {
			if t := n.Type(); strings.Contains(t, "string") || strings.Contains(t, "char") || strings.Contains(t, "comment") {
				ls = next
				continue
			}
		}
		// The directive runs to the end of its line, continuations
		// included.
		end := next
		for end < uint32(len(src)) && src[end-1] == '\n' && end >= 2 && (src[end-2] == '\\' || end >= 3 && src[end-3] == '\\' && src[end-2] == '\r') {
			k := bytes.IndexByte(src[end:], '\n')
			if k < 0 {
				end = uint32(len(src))
				break
			}
			end += uint32(k) + 1
		}
		found = true
		line := src[j:end]
		c.blank(j, min(end, hi))
		ls = end
		kind := cpre.DirectiveKind(line)
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if skipping {
			switch kind {
			case cpre.DirIf:
				nest++
			case cpre.DirEndif:
				if nest > 0 {
					nest--
					continue
				}
				blankSkipped(j)
				skipping = false
				if skipGroup != nil {
					stack = stack[:len(stack)-1]
				}
			case cpre.DirElif, cpre.DirElse:
				if nest == 0 && skipGroup != nil && !skipGroup.taken {
					blankSkipped(j)
					skipping, skipGroup.taken = false, true
				}
			}
			continue
		}
		switch kind {
		case cpre.DirIf:
			f := &frame{taken: !cpre.DeadDirective(line, isC)}
			stack = append(stack, f)
			if !f.taken {
				skipping, skipFrom, nest, skipGroup = true, end, 0, f
			}
		case cpre.DirElif, cpre.DirElse:
			// The branch read so far is the one kept.
			if top != nil {
				top.taken = true
			}
			skipping, skipFrom, nest, skipGroup = true, end, 0, top
		case cpre.DirEndif:
			if top != nil {
				stack = stack[:len(stack)-1]
			}
		}
	}
	if skipping && skipFrom < hi {
		blankSkipped(hi)
	}
	return found
}

// lineStartsAt reports whether only blanks precede offset i on its line.
func lineStartsAt(src []byte, i uint32) bool {
	for i > 0 {
		switch src[i-1] {
		case '\n':
			return true
		case ' ', '\t':
			i--
		default:
			return false
		}
	}
	return true
}

// tidyGaps closes the gaps a removed comment leaves: "f(a , b )" reads
// "f(a, b)".
func tidyGaps(s string) string {
	if t, ok := strings.CutSuffix(s, " …"); ok {
		// declarationSignature's mark of a cut stays apart: "x = ( …".
		return tidyGaps(t) + " …"
	}
	s = tidySignature(s)
	if !strings.Contains(s, " ,") {
		return s
	}
	var b strings.Builder
	var quote byte
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case quote != 0:
			if ch == '\\' && i+1 < len(s) {
				b.WriteByte(ch)
				i++
				ch = s[i]
			} else if ch == quote {
				quote = 0
			}
		case ch == '"' || ch == '\'':
			quote = ch
		case ch == ' ' && i+1 < len(s) && s[i+1] == ',':
			continue
		}
		b.WriteByte(ch)
	}
	return b.String()
}

// pointer turns byte offsets into tree-sitter points (rows and byte
// columns), counting lines forward from the last offset asked for; an
// earlier offset starts the count again from the node it was made at.
type pointer struct {
	src         []byte
	start       uint32
	startPt     sitter.Point
	off         uint32 // the last offset asked for
	row, column uint32 // its point
}

func newPointer(src []byte, n *sitter.Node) *pointer {
	p := &pointer{src: src, start: n.StartByte(), startPt: n.StartPoint()}
	p.reset()
	return p
}

func (p *pointer) reset() {
	p.off, p.row, p.column = p.start, p.startPt.Row, p.startPt.Column
}

func (p *pointer) at(off uint32) sitter.Point {
	if off < p.off {
		p.reset()
	}
	seg := p.src[p.off:off]
	if k := bytes.Count(seg, []byte{'\n'}); k > 0 {
		p.row += uint32(k)
		p.column = off - (p.off + uint32(bytes.LastIndexByte(seg, '\n')) + 1)
	} else {
		p.column += off - p.off
	}
	p.off = off
	return sitter.Point{Row: p.row, Column: p.column}
}
