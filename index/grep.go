package index

import (
	"bytes"
	"errors"
	"fmt"
	"runtime"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/treenav/treenav"
)

// maxLineChars bounds a match's text and each context line: a minified
// line is shown around its match, not whole.
const maxLineChars = 240

// Grep finds every line of the indexed files that matches. Totals are
// exact whatever the page: the files the trigram index cannot rule out
// are all read, their matching lines counted without being kept, and
// only the page's lines are made into matches. Files are read through
// the read path of every tool that shows text and checked against the
// content hash they were indexed with; grepText keeps what was read,
// which serves later greps while a stat shows the file unchanged (one
// without a match is not stat'd: keptOf). A file with a match that
// changed since it was indexed gives a StaleError (GrepFresh re-indexes
// through its Refresher and asks again).
func (ix *Index) Grep(req GrepRequest) (*treenav.GrepResponse, error) {
	r, stale, err := ix.grep(req)
	if err == nil && len(stale) > 0 {
		return nil, &StaleError{DocID: stale[0], Path: stale[0]}
	}
	return r, err
}

// GrepFresh is Grep for a caller that can re-index files: the files that
// changed since indexing are handed to r (the engine's Refresh) and the
// grep is asked again; a file still changing is left out.
func (ix *Index) GrepFresh(req GrepRequest, r Refresher) (*treenav.GrepResponse, error) {
	resp, stale, err := ix.grep(req)
	if err != nil || len(stale) == 0 {
		return resp, err
	}
	if err := r.Refresh(stale); err != nil {
		return nil, err
	}
	resp, _, err = ix.grep(req)
	return resp, err
}

// grepFile is a candidate file: where its document is, and what the
// count pass found.
type grepFile struct {
	seg   uint32
	doc   uint32
	id    string // read once the count found a match
	count int    // matching lines
	// from and to bound the matching lines: the first one's start, the
	// last one's end, past its newline. The page reads only that part
	// of the text again: reading all of a file with a match (the 53 of
	// -w 'class [A-Z][A-Za-z]*\(' in Python's stdlib are in test files
	// of thousands of lines) was a fifth of the grep.
	from, to int
	// e is the text the count pass read, when it is kept (grepText):
	// the page reads it again without a stat.
	e *grepEntry
	// units are the parts of the text the trigrams admit (ascending
	// unit ids, trigram.go); nil: all of it.
	units []uint32
}

// counter is the count pass's callback: it counts f's matching lines and
// keeps their bounds.
func (f *grepFile) counter() func(ls, le, col int) bool {
	return func(ls, le, _ int) bool {
		if f.count == 0 {
			f.from = ls
		}
		f.to = le + 1 // past its newline: an empty line is not an empty window
		f.count++
		return true
	}
}

func (ix *Index) grep(req GrepRequest) (*treenav.GrepResponse, []string, error) {
	m, q, err := compiledGrep(req)
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
	filter, err := v.compileFilter(SearchRequest{Filters: filters, Collections: req.Collections, PathGlob: req.PathGlob,
		PathGlobs: req.PathGlobs, Tests: req.Tests})
	if err != nil {
		return nil, nil, err
	}

	// The candidates: trigram postings AND the filter's documents. The
	// segments' postings are read on every core (1.3 ms on one for
	// -w 'class [A-Z][A-Za-z]*\(' in Python's stdlib, 6 segments), the
	// slice is sized once (10,000 candidates there), and a candidate's id
	// is read only once it has a match: reading it touched every
	// candidate's metadata.
	segUnits := make([][]uint32, len(v.segs))
	segAll := make([]bool, len(v.segs))
	onSegments(len(v.segs), v.segmentWorkers(), func(int) func(int) {
		return func(si int) { segUnits[si], segAll[si] = q.eval(v.segs[si]) }
	})
	n := 0
	for si, s := range v.segs {
		if segAll[si] {
			n += len(s.docs)
		} else {
			n += len(segUnits[si])
		}
	}
	files := make([]grepFile, 0, n)
	for si, s := range v.segs {
		allowed := filter.allowed(v, si)
		if segAll[si] {
			for di := range s.docs {
				if allowed.has(uint32(di)) {
					files = append(files, grepFile{seg: uint32(si), doc: uint32(di)})
				}
			}
			continue
		}
		// The units, a file's together: the file, and only those
		// parts of it unless they are all of it.
		g, units, di := s.grams, segUnits[si], uint32(0)
		for i := 0; i < len(units); {
			di = g.docOf(units[i], di)
			lo, hi := g.docUnits(di)
			j := i + 1
			for j < len(units) && units[j] < hi {
				j++
			}
			if allowed.has(di) {
				f := grepFile{seg: uint32(si), doc: di}
				if uint32(j-i) < hi-lo {
					f.units = units[i:j]
				}
				files = append(files, f)
			}
			i = j
		}
	}

	// Count every candidate's matching lines, in parallel.
	var stale []string
	var staleMu sync.Mutex
	var next atomic.Int64
	var wg sync.WaitGroup
	workers := min(runtime.GOMAXPROCS(0), max(1, len(files)/4))
	// Files are claimed a few at a time: claimed one by one, the shared
	// counter's cache line went from core to core for each of a common
	// literal's thousands of files (7% of "class " in Python's stdlib).
	claim := min(8, max(1, len(files)/(8*workers)))
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var sc grepScratch
			count := func(f *grepFile) {
				d := &v.segs[f.seg].docs[f.doc]
				g := v.segs[f.seg].grams
				if e := ix.keptOf(v.segs[f.seg], f.doc); e != nil {
					ix.prepare(m, e, &sc)
					scanUnits(m, e.text, g, f, &sc, false, 0, len(e.text), f.counter())
					if f.count == 0 {
						return
					}
					if ix.current(e) {
						f.e = e
						return
					}
					f.count = 0 // changed: read it again
				}
				src, err := ix.grepFileOf(d)
				if err != nil {
					if _, ok := errors.AsType[*StaleError](err); ok {
						staleMu.Lock()
						stale = append(stale, d.DocID)
						staleMu.Unlock()
					}
					return // unreadable: as if it had no match
				}
				ix.prepare(m, src, &sc)
				scanUnits(m, src.text, g, f, &sc, false, 0, len(src.text), f.counter())
				if f.count > 0 && src.kept {
					f.e = src
				}
			}
			for {
				lo := int(next.Add(int64(claim))) - claim
				if lo >= len(files) {
					return
				}
				for i := lo; i < min(lo+claim, len(files)); i++ {
					count(&files[i])
				}
			}
		}()
	}
	wg.Wait()
	if len(stale) > 0 {
		sort.Strings(stale)
		return nil, stale, nil
	}

	// The files with a match, in the order of their ids: sorting only
	// these, after the count, spares a selective pattern sorting the
	// thousands of candidates that hold none.
	w := 0
	for _, f := range files {
		if f.count > 0 {
			files[w] = f
			w++
		}
	}
	files = files[:w]
	for i := range files {
		files[i].id = v.segs[files[i].seg].docs[files[i].doc].DocID
	}
	sort.Slice(files, func(i, j int) bool { return files[i].id < files[j].id })
	resp := &treenav.GrepResponse{Pattern: req.Pattern, Matches: []treenav.GrepMatch{}}
	for _, f := range files {
		resp.TotalMatches += f.count
		resp.TotalFiles++
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
		e := f.e
		if e == nil {
			var err error
			if e, err = ix.grepFileOf(d); err != nil {
				continue
			}
		}
		ix.prepare(m, e, &sc)
		src := e.text
		line, at := 1, 0
		scanUnits(m, src, s.grams, &f, &sc, true, f.from, min(f.to, len(src)), func(ls, le, col int) bool {
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

// scanUnits calls fn, as m.scan does, with the matching lines of text
// (file f's) in the parts its units cover, all of it when f lists none,
// within [from, to) (from a line's start to past a line's newline, or
// the text's end): their bounds in text, and their columns when col is
// set. A unit holds whole lines, so a line is scanned whole, and once.
func scanUnits(m *grepMatcher, text []byte, g *gramIndex, f *grepFile, sc *grepScratch, col bool, from, to int, fn func(ls, le, col int) bool) {
	if f.units == nil && from == 0 && to == len(text) {
		m.scan(text, sc, col, fn)
		return
	}
	low := sc.low
	defer func() { sc.low = low }()
	// part scans text[a:b] within the window; false once fn stopped.
	part := func(a, b int) bool {
		a, b = max(a, from), min(b, to)
		if a >= b {
			return true
		}
		sc.low = nil
		if low != nil && len(low) == len(text) {
			sc.low = low[a:b]
		}
		stop := false
		m.scan(text[a:b], sc, col, func(ls, le, c int) bool {
			stop = !fn(a+ls, a+le, c)
			return !stop
		})
		return !stop
	}
	if f.units == nil {
		part(0, len(text))
		return
	}
	_, hi := g.docUnits(f.doc)
	for i := 0; i < len(f.units); {
		// A run of adjacent units is one part.
		j := i + 1
		for j < len(f.units) && f.units[j] == f.units[j-1]+1 {
			j++
		}
		// Offsets past the text (a defective snapshot) are clamped.
		a, b := min(int(g.offset(f.units[i])), len(text)), len(text)
		if next := f.units[j-1] + 1; next < hi {
			b = min(int(g.offset(next)), len(text))
		}
		if a >= to || !part(a, b) {
			return
		}
		i = j
	}
}

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
// that holds line (its doc comment included), or the document's: of
// equally narrow ones, the deeper. Every node of the document is looked
// at (a Go method is its receiver type's child, outside the type's
// lines: no subtree can be passed over by its root's lines), its lines
// first: most nodes do not hold the line, and their kinds are not read.
func enclosing(s *segment, di uint32, line int) string {
	d := &s.docs[di]
	best, bestSpan := uint32(0), -1
	for n := d.nodeStart; n < d.nodeEnd; n++ {
		nm := &s.nodes[n]
		if line > int(nm.lineEnd) {
			continue
		}
		start := int(nm.lineStart)
		if nm.docLine > 0 && int(nm.docLine) < start {
			start = int(nm.docLine)
		}
		if line < start {
			continue
		}
		span := int(nm.lineEnd) - start
		if bestSpan >= 0 && span > bestSpan {
			continue
		}
		if k := s.node(n).kind(); k == treenav.KindFile || k == treenav.KindCode {
			continue
		}
		best, bestSpan = n, span
	}
	if bestSpan < 0 {
		return d.DocID
	}
	return nodeID(d, s.node(best))
}
