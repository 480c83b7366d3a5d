package index

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/treenav/treenav"
)

// GrepRequest is an exact text or regex search over the indexed files:
// every line that matches, with the symbol or section it sits in.
type GrepRequest struct {
	Pattern string
	// Regex reads Pattern as a regular expression (RE2 syntax, Go's
	// regexp); otherwise it is a literal string.
	Regex bool
	// IgnoreCase matches letters in any case (Unicode simple folding).
	IgnoreCase bool
	// Word keeps matches with no word character (letter, mark, digit,
	// connector) right before or after them, as ripgrep's -w.
	Word bool
	// PathGlob, Languages and Collections scope the search as search's do.
	PathGlob    string
	Languages   []string
	Collections []string
	// Context is how many lines before and after each match to show
	// (0-MaxGrepContext).
	Context int
	Limit   int // matches per page; 0: DefaultGrepLimit
	Offset  int
	// MaxChars bounds the answer's JSON size (default DefaultMaxChars).
	MaxChars int
}

// DefaultGrepLimit is the matches of a page when a request does not say.
const DefaultGrepLimit = 50

// MaxGrepContext bounds GrepRequest.Context.
const MaxGrepContext = 5

// maxLineChars bounds a match's text and each context line: a minified
// line is shown around its match, not whole.
const maxLineChars = 240

// Grep finds every line of the indexed files that matches. Totals are
// exact whatever the page: the files the trigram index cannot rule out
// are all read, their matching lines counted without being kept, and
// only the page's lines are made into matches. A file that changed since
// it was indexed gives a StaleError (Engine.Grep re-indexes and asks
// again).
func (ix *Index) Grep(req GrepRequest) (*treenav.GrepResponse, error) {
	r, stale, err := ix.grep(req)
	if err == nil && len(stale) > 0 {
		return nil, &StaleError{DocID: stale[0], Path: stale[0]}
	}
	return r, err
}

// Grep is Index.Grep, re-indexing the files that changed since indexing
// and asking again; a file still changing is left out.
func (e *Engine) Grep(req GrepRequest) (*treenav.GrepResponse, error) {
	r, stale, err := e.ix.grep(req)
	if err != nil || len(stale) == 0 {
		return r, err
	}
	if err := e.Refresh(stale); err != nil {
		return nil, err
	}
	r, _, err = e.ix.grep(req)
	return r, err
}

// grepFile is a candidate file: where its document is, and what the
// count pass found.
type grepFile struct {
	seg   uint32
	doc   uint32
	id    string
	count int // matching lines
}

func (ix *Index) grep(req GrepRequest) (*treenav.GrepResponse, []string, error) {
	m, re, err := compileGrep(req)
	if err != nil {
		return nil, nil, err
	}
	if req.Context < 0 || req.Context > MaxGrepContext {
		return nil, nil, &BadRequestError{fmt.Sprintf("context %d: give 0 to %d lines", req.Context, MaxGrepContext)}
	}
	if req.Offset < 0 {
		return nil, nil, &BadRequestError{"negative offset"}
	}
	limit := req.Limit
	if limit <= 0 {
		limit = DefaultGrepLimit
	}
	v := ix.view()
	var filters map[string][]string
	if len(req.Languages) > 0 {
		filters = map[string][]string{"language": req.Languages}
	}
	filter, err := v.compileFilter(SearchRequest{Filters: filters, Collections: req.Collections, PathGlob: req.PathGlob})
	if err != nil {
		return nil, nil, err
	}
	q := gramQueryOf(re)

	// The candidates: trigram postings AND the filter's documents.
	var files []grepFile
	for si, s := range v.segs {
		allowed := filter.allowed(v, si)
		docs, all := q.eval(s)
		if all {
			for di := range s.docs {
				if allowed.has(uint32(di)) {
					files = append(files, grepFile{seg: uint32(si), doc: uint32(di), id: s.docs[di].DocID})
				}
			}
			continue
		}
		for _, di := range docs {
			if allowed.has(di) {
				files = append(files, grepFile{seg: uint32(si), doc: di, id: s.docs[di].DocID})
			}
		}
	}
	sort.Slice(files, func(i, j int) bool { return files[i].id < files[j].id })

	// Count every candidate's matching lines, in parallel.
	var stale []string
	var staleMu sync.Mutex
	var next atomic.Int64
	var wg sync.WaitGroup
	workers := min(runtime.GOMAXPROCS(0), max(1, len(files)/4))
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var sc grepScratch
			for {
				i := int(next.Add(1)) - 1
				if i >= len(files) {
					return
				}
				f := &files[i]
				src, err := ix.fileOf(&v.segs[f.seg].docs[f.doc])
				if err != nil {
					if _, ok := errors.AsType[*StaleError](err); ok {
						staleMu.Lock()
						stale = append(stale, f.id)
						staleMu.Unlock()
					}
					continue // unreadable: as if it had no match
				}
				m.scan(src, &sc, func(int, int, int) bool { f.count++; return true })
			}
		}()
	}
	wg.Wait()
	if len(stale) > 0 {
		sort.Strings(stale)
		return nil, stale, nil
	}

	resp := &treenav.GrepResponse{Pattern: req.Pattern, Matches: []treenav.GrepMatch{}}
	for _, f := range files {
		if f.count > 0 {
			resp.TotalMatches += f.count
			resp.TotalFiles++
		}
	}
	budget := newCharBudget(req.MaxChars)
	budget.reserve(&treenav.GrepResponse{Pattern: req.Pattern, TotalMatches: resp.TotalMatches, TotalFiles: resp.TotalFiles,
		Matches: []treenav.GrepMatch{}, NextCursor: strconv.Itoa(resp.TotalMatches)})
	// The page: the matches from Offset on, file by file.
	skip, shown, full := req.Offset, 0, false
	var sc grepScratch
	for _, f := range files {
		if full || shown == limit {
			break
		}
		if f.count <= skip {
			skip -= f.count
			continue
		}
		s := v.segs[f.seg]
		d := &s.docs[f.doc]
		src, err := ix.fileOf(d)
		if err != nil {
			continue
		}
		line, at := 1, 0
		m.scan(src, &sc, func(ls, le, col int) bool {
			line += bytes.Count(src[at:ls], nl)
			at = ls
			if skip > 0 {
				skip--
				return true
			}
			gm := treenav.GrepMatch{Path: d.Path, Line: line, Column: col + 1,
				Text: lineText(src[ls:le], col), EnclosingID: enclosing(s, f.doc, line)}
			if req.Context > 0 {
				gm.Before, gm.After = contextLines(src, ls, le, req.Context)
			}
			size := jsonSize(&gm)
			if !budget.take(size, shown) {
				full = true
				return false
			}
			if budget.left < 0 {
				// A first match alone passes the budget: shorten it.
				gm.Before, gm.After = nil, nil
				gm.Text = clip(gm.Text, max(0, len(gm.Text)+budget.left))
			}
			resp.Matches = append(resp.Matches, gm)
			shown++
			return shown < limit
		})
	}
	if n := req.Offset + len(resp.Matches); n < resp.TotalMatches {
		resp.NextCursor = strconv.Itoa(n)
	}
	return resp, nil, nil
}

var nl = []byte{'\n'}

// lineText is a matching line, bounded: a long one is cut to a window
// that starts a little before the match.
func lineText(line []byte, col int) string {
	line = bytes.TrimRight(line, "\r")
	if len(line) <= maxLineChars {
		return string(line)
	}
	start := max(0, min(col-maxLineChars/4, len(line)-maxLineChars))
	for start > 0 && !utf8.RuneStart(line[start]) {
		start--
	}
	end := min(len(line), start+maxLineChars)
	for end < len(line) && !utf8.RuneStart(line[end]) {
		end++
	}
	text := string(line[start:end])
	if start > 0 {
		text = "…" + text
	}
	if end < len(line) {
		text += "…"
	}
	return text
}

// contextLines are up to n lines before and after the line [ls, le).
func contextLines(src []byte, ls, le, n int) (before, after []string) {
	for at := ls; len(before) < n && at > 0; {
		start := bytes.LastIndexByte(src[:at-1], '\n') + 1
		before = append(before, lineText(src[start:at-1], 0))
		at = start
	}
	for i, j := 0, len(before)-1; i < j; i, j = i+1, j-1 {
		before[i], before[j] = before[j], before[i]
	}
	for at := le + 1; len(after) < n && at < len(src); {
		end := bytes.IndexByte(src[at:], '\n')
		if end < 0 {
			end = len(src) - at
		}
		after = append(after, lineText(src[at:at+end], 0))
		at += end + 1
	}
	return before, after
}

// enclosing is the id of the innermost symbol or section of document di
// that holds line (its doc comment included), or the document's.
func enclosing(s *segment, di uint32, line int) string {
	d := &s.docs[di]
	best, bestSpan := uint32(0), -1
	for n := d.nodeStart; n < d.nodeEnd; n++ {
		nm := &s.nodes[n]
		if nm.kind == treenav.KindFile || nm.kind == treenav.KindCode {
			continue
		}
		start := int(nm.lineStart)
		if nm.docLine > 0 && int(nm.docLine) < start {
			start = int(nm.docLine)
		}
		if line < start || line > int(nm.lineEnd) {
			continue
		}
		// The narrowest holds it; of equal ones, the deeper (later in
		// preorder).
		if span := int(nm.lineEnd) - start; bestSpan < 0 || span <= bestSpan {
			best, bestSpan = n, span
		}
	}
	if bestSpan < 0 {
		return d.DocID
	}
	return nodeID(d, &s.nodes[best])
}

// grepMatcher finds a pattern's matching lines in a file.
type grepMatcher struct {
	re   *regexp.Regexp // multiline; in word mode the match is group 1
	word bool
	// lit is the pattern when it is a literal string (lowercased when
	// fold): found with bytes.Index, not the regex engine.
	lit  []byte
	fold bool
	// foldsWide: the folded literal holds k or s, which also match the
	// Kelvin sign and the long s: a file holding either takes the regex.
	foldsWide bool
}

// grepScratch is one worker's buffers.
type grepScratch struct {
	lower []byte
}

// wordClass is what ripgrep's -w counts as a word character (Unicode
// \w): letters, marks, decimal and letter numbers, connector punctuation
// and the joiners.
const wordClass = `\p{L}\p{M}\p{Nd}\p{Nl}\p{Pc}\x{200C}\x{200D}`

// compileGrep checks a request's pattern and compiles its matcher; re is
// the pattern's own syntax tree, for the trigram query.
func compileGrep(req GrepRequest) (*grepMatcher, *syntax.Regexp, error) {
	p := req.Pattern
	switch {
	case p == "":
		return nil, nil, &BadRequestError{"empty pattern: give the text (or, with regex, the expression) to find"}
	case len(p) > MaxQueryChars:
		return nil, nil, &BadRequestError{fmt.Sprintf("pattern is %d bytes; at most %d", len(p), MaxQueryChars)}
	case !utf8.ValidString(p):
		return nil, nil, &BadRequestError{"pattern is not valid UTF-8"}
	}
	body := p
	if !req.Regex {
		body = regexp.QuoteMeta(p)
	}
	flags := syntax.Perl
	if req.IgnoreCase {
		flags |= syntax.FoldCase
	}
	re, err := syntax.Parse(body, flags)
	if err != nil {
		return nil, nil, regexError(p, err)
	}
	if matchesNewline(re) {
		return nil, nil, &BadRequestError{"the pattern matches a line break: grep matches within one line; use \\s or [^x] classes, which never match one here"}
	}
	prefix := "(?m)"
	if req.IgnoreCase {
		prefix = "(?mi)"
	}
	expr := prefix + "(?:" + body + ")"
	if req.Word {
		expr = prefix + `(?:^|[^` + wordClass + `])(` + body + `)(?:[^` + wordClass + `]|$)`
	}
	compiled, err := regexp.Compile(expr)
	if err != nil {
		return nil, nil, regexError(p, err)
	}
	m := &grepMatcher{re: compiled, word: req.Word}
	if re.Op == syntax.OpLiteral {
		lit := string(re.Rune)
		m.fold = re.Flags&syntax.FoldCase != 0
		if !m.fold || isASCII(lit) {
			if m.fold {
				lit = lowerString(lit)
				m.foldsWide = strings.ContainsAny(lit, "ks")
			}
			m.lit = []byte(lit)
		}
	}
	return m, re, nil
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// regexError says where a pattern fails to compile.
func regexError(pattern string, err error) error {
	var se *syntax.Error
	if errors.As(err, &se) {
		at := strings.Index(pattern, se.Expr)
		switch {
		case se.Code == syntax.ErrMissingParen:
			at = unclosedParen(pattern)
		case at < 0 || se.Code == syntax.ErrTrailingBackslash:
			at = max(0, len(pattern)-len(se.Expr))
		}
		return &BadRequestError{fmt.Sprintf("invalid regex at character %d: %s: %q (RE2 syntax)",
			utf8.RuneCountInString(pattern[:at])+1, se.Code, se.Expr)}
	}
	return &BadRequestError{fmt.Sprintf("invalid regex: %v", err)}
}

// unclosedParen is the offset of the last '(' that no ')' closes.
func unclosedParen(p string) int {
	var open []int
	inClass := false
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '\\':
			i++
		case inClass:
			inClass = c != ']'
		case c == '[':
			inClass = true
			if i+1 < len(p) && p[i+1] == ']' {
				i++ // a ']' first is a member
			}
		case c == '(':
			open = append(open, i)
		case c == ')' && len(open) > 0:
			open = open[:len(open)-1]
		}
	}
	if len(open) == 0 {
		return 0
	}
	return open[len(open)-1]
}

// matchesNewline reports whether an expression spells out a line break,
// which no line holds.
func matchesNewline(re *syntax.Regexp) bool {
	if re.Op == syntax.OpLiteral && strings.ContainsRune(string(re.Rune), '\n') {
		return true
	}
	for _, sub := range re.Sub {
		if matchesNewline(sub) {
			return true
		}
	}
	return false
}

var (
	kelvin = []byte("\u212a")
	longS  = []byte("\u017f")
)

// scan calls fn with each matching line of src, in order: the line's
// bounds [ls, le) (without its newline) and the match's byte column in
// it. fn returns false to stop. Lines are what ripgrep calls lines: a
// final line without a newline is one, the empty end after a final
// newline is not.
func (m *grepMatcher) scan(src []byte, sc *grepScratch, fn func(ls, le, col int) bool) {
	hay := src
	lit := m.lit != nil
	if lit && m.fold {
		if m.foldsWide && (bytes.Contains(src, kelvin) || bytes.Contains(src, longS)) {
			lit = false
		} else {
			sc.lower = append(sc.lower[:0], src...)
			for i, c := range sc.lower {
				sc.lower[i] = lowerASCII[c]
			}
			hay = sc.lower
		}
	}
	pos := 0
	for pos < len(src) {
		var s, e int
		if lit {
			s, e = m.findLiteral(hay, src, pos)
		} else {
			s, e = m.findRegex(src, pos)
		}
		if s < 0 || s == len(src) && src[len(src)-1] == '\n' {
			return
		}
		ls := pos + bytes.LastIndexByte(src[pos:s], '\n') + 1
		le := len(src)
		if i := bytes.IndexByte(src[s:], '\n'); i >= 0 {
			le = s + i
		}
		col := s - ls
		if e > le {
			// The match runs past the line (\s or [^x] took its
			// newline): the line alone decides.
			ms, _ := m.findRegex(src[ls:le], 0)
			col = ms
		}
		if col >= 0 && !fn(ls, le, col) {
			return
		}
		pos = le + 1
	}
}

// findLiteral finds the literal in hay (src, or src lowercased) from pos;
// in word mode, the first occurrence with no word character beside it.
func (m *grepMatcher) findLiteral(hay, src []byte, pos int) (int, int) {
	for pos <= len(hay) {
		i := bytes.Index(hay[pos:], m.lit)
		if i < 0 {
			return -1, -1
		}
		s, e := pos+i, pos+i+len(m.lit)
		if !m.word || !wordBefore(src[:s]) && !wordAfter(src[e:]) {
			return s, e
		}
		pos = s + 1
	}
	return -1, -1
}

// findRegex finds the leftmost match in src from pos (the word group's
// bounds in word mode).
func (m *grepMatcher) findRegex(src []byte, pos int) (int, int) {
	if m.word {
		loc := m.re.FindSubmatchIndex(src[pos:])
		if loc == nil {
			return -1, -1
		}
		return pos + loc[2], pos + loc[3]
	}
	loc := m.re.FindIndex(src[pos:])
	if loc == nil {
		return -1, -1
	}
	return pos + loc[0], pos + loc[1]
}

func wordBefore(b []byte) bool {
	r, n := utf8.DecodeLastRune(b)
	return n > 0 && isWordRune(r)
}

func wordAfter(b []byte) bool {
	r, n := utf8.DecodeRune(b)
	return n > 0 && isWordRune(r)
}

var wordRE = regexp.MustCompile(`^[` + wordClass + `]$`)

func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
	}
	return r != utf8.RuneError && wordRE.MatchString(string(r))
}
