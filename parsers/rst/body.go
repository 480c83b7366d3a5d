package rst

import (
	"regexp"
	"strings"

	"github.com/treenav/treenav"
)

// The first-line patterns of docutils' Body state, in its order: a line
// that matches one of them starts that construct, never a title.
var (
	bulletRe     = regexp.MustCompile(`^[-+*\x{2022}\x{2023}\x{2043}]( +|$)`)
	enumRe       = regexp.MustCompile(`^(\(([0-9]+|[a-zA-Z]|[ivxlcdmIVXLCDM]+|#)\)|([0-9]+|[a-zA-Z]|[ivxlcdmIVXLCDM]+|#)[.)])( +|$)`)
	optionRe     = regexp.MustCompile(`^(([-+][a-zA-Z0-9]( ?([a-zA-Z][a-zA-Z0-9_-]*|<[^<>]+>))?|(--|/)[a-zA-Z0-9][a-zA-Z0-9_-]*([ =]([a-zA-Z][a-zA-Z0-9_-]*|<[^<>]+>))?)(, )?)+(  +| ?$)`)
	doctestRe    = regexp.MustCompile(`^>>>( +|$)`)
	lineBlockRe  = regexp.MustCompile(`^\|( +|$)`)
	gridTableRe  = regexp.MustCompile(`^\+-[-+]+-\+ *$`)
	simpleTopRe  = regexp.MustCompile(`^=+( +=+)+ *$`)
	simpleBordRe = regexp.MustCompile(`^=+[ =]*$`)
	explicitRe   = regexp.MustCompile(`^\.\.( +|$)`)
	anonymousRe  = regexp.MustCompile(`^__( +|$)`)
)

// fieldMarkerEnd returns the length of a field marker (":name: ") at the
// start of s, or 0: docutils' pattern, a colon, a name not starting with
// a colon or a space and not ending with a space, a colon, then spaces or
// the end of the line.
func fieldMarkerEnd(s string) int {
	if len(s) < 3 || s[0] != ':' || s[1] == ':' || s[1] == ' ' {
		return 0
	}
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case ':':
			if s[i-1] == ' ' {
				continue
			}
			if i+1 == len(s) {
				return i + 1
			}
			if s[i+1] == ' ' {
				j := i + 1
				for j < len(s) && s[j] == ' ' {
					j++
				}
				return j
			}
			if s[i+1] == '`' {
				return 0 // a role (:func:`x`), not a field
			}
		}
	}
	return 0
}

// bodyLine is a line of a body being read: its text from the body's
// column on, and how much deeper than the body it is indented.
type bodyLine struct {
	line
	idx   int // index into reader.lines
	rel   int // indentation beyond the body's column
	from  int // offset where the text starts
	blank bool
}

// body reads the lines [i, end) as a body of elements whose column is
// col; line i's text starts at first when first >= 0 (a list item's text
// after its marker). top says whether section titles are allowed: only at
// the top level of the document, as in docutils.
func (r *reader) body(i, end, col, first int, top bool, ctx context) {
	for i < end {
		bl := r.at(i, col, first)
		first = -1
		if bl.blank {
			i++
			continue
		}
		if bl.rel > 0 {
			// A block quote: an indented block, read as a nested body.
			j := r.indented(i+1, end, col)
			r.body(i, j, col+bl.rel, -1, false, ctx)
			i = j
			continue
		}
		i = r.element(bl, i, end, col, top, ctx)
	}
}

// at returns line i as a line of a body at column col.
func (r *reader) at(i, col, first int) bodyLine {
	l := r.lines[i]
	bl := bodyLine{line: l, idx: i, blank: l.blank}
	if first >= 0 {
		bl.from = first
		bl.text = strings.TrimRight(string(r.src[first:l.end]), " \t")
		bl.blank = bl.text == ""
		return bl
	}
	bl.rel = max(l.indent-col, 0)
	bl.from = l.end - len(strings.TrimLeft(string(r.src[l.start:l.end]), " \t\f\v"))
	return bl
}

// indented returns the end of the indented block that starts at line i:
// the lines that are blank or indented past col, trailing blank lines
// left out.
func (r *reader) indented(i, end, col int) int {
	last := i
	for ; i < end; i++ {
		l := r.lines[i]
		if l.blank {
			continue
		}
		if l.indent <= col {
			break
		}
		last = i + 1
	}
	return last
}

// untilBlank returns the index of the first blank line at or after i.
func (r *reader) untilBlank(i, end int) int {
	for i < end && !r.lines[i].blank {
		i++
	}
	return i
}

// element reads the element that starts with bl (line i, not indented)
// and returns the index of the line after it.
func (r *reader) element(bl bodyLine, i, end, col int, top bool, ctx context) int {
	t := bl.text
	next := func(k int) (bodyLine, bool) {
		if k >= end {
			return bodyLine{}, false
		}
		return r.at(k, col, -1), true
	}
	switch {
	case bulletRe.MatchString(t):
		return r.item(bl, i, end, col, len(bulletRe.FindString(t)), ctx)
	case enumRe.MatchString(t) && r.enumItem(i, end, col):
		return r.item(bl, i, end, col, len(enumRe.FindString(t)), ctx)
	case fieldMarkerEnd(t) > 0:
		return r.field(bl, i, end, col, top, ctx)
	case optionRe.MatchString(t) && r.optionItem(t, i, end, col):
		j := max(r.indented(i+1, end, col), i+1)
		r.prose(bl.from, r.lines[j-1].end, ctx)
		return j
	case doctestRe.MatchString(t):
		j := r.untilBlank(i, end)
		r.literal(i, j, col, "pycon", "doctest", i, j)
		return j
	case lineBlockRe.MatchString(t):
		j := r.untilBlank(i, end)
		r.prose(bl.from, r.lines[j-1].end, ctx)
		return j
	case gridTableRe.MatchString(t):
		j := r.untilBlank(i, end)
		r.prose(bl.from, r.lines[j-1].end, ctx)
		return j
	case simpleTopRe.MatchString(t):
		j := r.simpleTable(i, end, col)
		r.prose(bl.from, r.lines[j-1].end, ctx)
		return j
	case explicitRe.MatchString(t):
		return r.explicit(bl, i, end, col, top, ctx)
	case anonymousRe.MatchString(t):
		return r.indented(i+1, end, col)
	case isAdornment(t):
		if top {
			if j, ok := r.overlineTitle(bl, i, end, col); ok {
				return j
			}
		}
		if n, ok := next(i + 1); len(t) >= 4 && (!ok || n.blank) {
			return i + 1 // a transition
		}
	}
	return r.text(bl, i, end, col, top, ctx)
}

// enumItem reports whether the enumerator on line i starts a list item:
// docutils asks that the next line be blank, indented, or another item.
func (r *reader) enumItem(i, end, col int) bool {
	if i+1 >= end {
		return true
	}
	n := r.lines[i+1]
	return n.blank || n.indent > col || enumRe.MatchString(n.text)
}

// optionItem reports whether an option marker on line i starts an option
// list item: docutils asks for a description, on the line or indented
// below ("--exists-action option" over an underline is a title).
func (r *reader) optionItem(t string, i, end, col int) bool {
	if m := optionRe.FindString(t); strings.TrimSpace(t[len(m):]) != "" {
		return true
	}
	return i+1 < end && !r.lines[i+1].blank && r.lines[i+1].indent > col
}

// item reads a list item whose marker is width bytes long.
func (r *reader) item(bl bodyLine, i, end, col, width int, ctx context) int {
	j := r.indented(i+1, end, col)
	j = max(j, i+1)
	from := bl.from + width
	inner := col + width
	if i+1 < j {
		// The item's body is at its text's column, or its other lines'.
		for k := i + 1; k < j; k++ {
			if !r.lines[k].blank {
				inner = min(inner, r.lines[k].indent)
				break
			}
		}
	}
	r.body(i, j, max(inner, col+1), from, false, ctx)
	return j
}

// field reads a field list item; at the top of the document, before any
// other content, field lists are the document's metadata.
func (r *reader) field(bl bodyLine, i, end, col int, top bool, ctx context) int {
	t := bl.text
	m := fieldMarkerEnd(t)
	name := strings.TrimSpace(t[1:strings.LastIndexByte(strings.TrimRight(t[:m], " "), ':')])
	j := max(r.indented(i+1, end, col), i+1)
	if top && !r.sawContent {
		var val []string
		val = append(val, t[m:])
		for k := i + 1; k < j; k++ {
			val = append(val, r.lines[k].text)
		}
		r.addField(name, strings.Join(val, " "))
	}
	r.body(i, j, col+1, bl.from+m, false, ctx)
	return j
}

// simpleTable returns the end of the simple table that starts at line i:
// after the border line that a blank line or the end follows.
func (r *reader) simpleTable(i, end, col int) int {
	for k := i + 1; k < end; k++ {
		l := r.lines[k]
		if l.indent == col && simpleBordRe.MatchString(l.text) && (k+1 >= end || r.lines[k+1].blank) {
			return k + 1
		}
	}
	return r.untilBlank(i, end)
}

// overlineTitle reads an overline, title and matching underline.
func (r *reader) overlineTitle(bl bodyLine, i, end, col int) (int, bool) {
	if i+2 >= end {
		return 0, false
	}
	title, under := r.lines[i+1], r.lines[i+2]
	over := bl.text
	if title.blank || under.indent != col || under.text != over || len(over) < 4 && columnWidth(strings.TrimSpace(title.text)) > len(over) {
		return 0, false
	}
	r.section(i, i+1, strings.TrimSpace(title.text), over[0], true)
	return i + 3, true
}

// text reads a paragraph, a title (a line and its underline), or a
// definition list item (a line and an indented block).
func (r *reader) text(bl bodyLine, i, end, col int, top bool, ctx context) int {
	if i+1 < end {
		n := r.at(i+1, col, -1)
		if !n.blank && n.rel == 0 && isAdornment(n.text) {
			title := bl.text
			if columnWidth(title) <= len(n.text) || len(n.text) >= 4 {
				if top {
					r.section(i, i, title, n.text[0], false)
				} else {
					r.prose(bl.from, bl.end, ctx) // docutils: "Unexpected section title"
				}
				return i + 2
			}
		}
		if !n.blank && n.rel > 0 {
			// A definition list item: the term, then its definition.
			r.noteContent(top)
			r.prose(bl.from, bl.end, ctx)
			j := r.indented(i+1, end, col)
			r.body(i+1, j, col+n.rel, -1, false, ctx)
			return j
		}
	}
	r.noteContent(top)
	j := i + 1
	for j < end {
		l := r.lines[j]
		if l.blank || l.indent > col {
			break
		}
		j++
	}
	r.paragraph(bl.from, r.lines[j-1].end, ctx)
	last := r.lines[j-1].text
	if strings.HasSuffix(last, "::") {
		return r.literalAfter(j, end, col)
	}
	return j
}

// literalAfter reads the literal block that follows a paragraph ending in
// "::": an indented block, or lines quoted with one punctuation mark.
func (r *reader) literalAfter(i, end, col int) int {
	k := i
	for k < end && r.lines[k].blank {
		k++
	}
	if k >= end || k == i {
		return i
	}
	l := r.lines[k]
	if l.indent > col {
		j := r.indented(k, end, col)
		r.literal(k, j, l.indent, r.highlight, "", i-1, j)
		return j
	}
	if l.indent == col && l.text != "" && isPunct(l.text[0]) {
		q := l.text[0]
		j := k
		for j < end && r.lines[j].indent == col && r.lines[j].text != "" && r.lines[j].text[0] == q {
			j++
		}
		r.literal(k, j, col, r.highlight, "", k, j)
		return j
	}
	return i
}

// literal records the lines [i, j) as a code block in language lang whose
// text starts at column col; the node spans the lines [from, to).
func (r *reader) literal(i, j, col int, lang, title string, from, to int) {
	from = min(from, i)
	if j <= i {
		return
	}
	minCol := -1
	for k := i; k < j; k++ {
		if l := r.lines[k]; !l.blank && (minCol < 0 || l.indent < minCol) {
			minCol = l.indent
		}
	}
	if minCol < 0 {
		return
	}
	col = minCol
	var segs [][2]int
	for k := i; k < j; k++ {
		l := r.lines[k]
		s := min(contentAt(r.src, l, col), l.end)
		segs = append(segs, [2]int{s, l.next})
		r.span(s, l.end, treenav.FieldCode)
	}
	lname := languageName(lang)
	if title == "" {
		title = lang
	}
	r.hasCode = true
	r.codeLangs = append(r.codeLangs, lname)
	r.addBlock(r.lines[from].start, r.lines[to-1].next, treenav.KindCode, "", title, "", lname, segs)
}

// noteContent records that the top level of the document has content
// other than titles, comments and targets: a field list after it is not
// the document's metadata.
func (r *reader) noteContent(top bool) {
	if top {
		r.sawContent = true
	}
}
