package index

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// grepMatcher finds a pattern's matching lines in a file. Lines are
// matched one at a time, as ripgrep matches them, but few are given to
// the regex engine: a literal pattern is found with bytes.Index; a regex
// with a literal that every match holds (its longest: "func " of
// ^func [A-Z]) has only the lines holding that literal matched; one whose
// matches can start with few bytes ([а-я]+, [0-9]{4,}) only the lines
// holding one of them.
type grepMatcher struct {
	re   *regexp.Regexp // a line's matcher; in word mode lineRE's
	body *regexp.Regexp // in word mode, the pattern alone
	word bool
	// In word mode the line's matcher, whose match is group 1, is
	// compiled from wordSrc when first needed (lineRE).
	wordSrc  string
	wordOnce sync.Once
	wordBare bool // wordSrc did not compile: re is body
	// lit is the pattern when it is a literal string, req a literal
	// every match of the regex holds (lowercased when fold): found with
	// bytes.Index, not the regex engine.
	lit, req []byte
	// find finds lit, or else req, in a file's text (as searched).
	find *literalFinder
	fold bool
	// foldsWide: the folded literal holds k or s, which also match the
	// Kelvin sign and the long s: a file holding either takes the regex.
	foldsWide bool
	// also are the other literals every match holds: a line without
	// one of them is not given to the regex.
	also [][]byte
	// first, when set, are the bytes a match can start with.
	first *[256]bool
	// dfa answers whether a line matches re, faster than re (nil when
	// it cannot: see lineDFA); each worker scans with its own clone.
	dfa *lineDFA
	// anch, when every match starts with req, answers whether a match
	// starts where it is given the text (grepanchor.go).
	anch *lineDFA
}

// grepScratch is one worker's buffers.
type grepScratch struct {
	lower []byte
	// low, when set, is the file to scan ASCII-lowercased (prepare).
	low []byte
	// dfa is this worker's clone of the matcher's (of dfaOf).
	dfa   *lineDFA
	dfaOf *grepMatcher
	// anch is this worker's clone of the matcher's anchored DFA.
	anch   *lineDFA
	anchOf *grepMatcher
	// anchLit is anch's state once it has read the literal every match
	// starts with (from its first state), where a case-sensitive scan
	// starts it: -1 when the literal decides alone or the states are
	// full.
	anchLit int32
	// wide says whether the file holds the Kelvin sign or the long s
	// (wideYes, wideNo; 0: not known yet, found by foldsWide).
	wide int32
}

const (
	wideYes = 1
	wideNo  = 2
)

// foldsWide reports whether src, the file being scanned, holds the Kelvin
// sign or the long s, which fold to k and s (holdsWideFold), once per file.
func (sc *grepScratch) foldsWide(src []byte) bool {
	if sc.wide == 0 {
		sc.wide = wideNo
		if holdsWideFold(src) {
			sc.wide = wideYes
		}
	}
	return sc.wide == wideYes
}

// holdsWideFold reports whether b holds the Kelvin sign or the long s,
// which a case-insensitive match folds with k and s, where ASCII
// lowercasing does not.
func holdsWideFold(b []byte) bool {
	return bytes.Contains(b, kelvin) || bytes.Contains(b, longS)
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
	// Each line is matched alone, so ^ and $ need no multi-line mode:
	// a pattern that starts with ^ is anchored, and Go's regexp runs it
	// in one pass.
	prefix := ""
	if req.IgnoreCase {
		prefix = "(?i)"
	}
	expr := prefix + "(?:" + body + ")"
	compiled, err := regexp.Compile(expr)
	if err != nil {
		return nil, nil, regexError(p, err)
	}
	m := &grepMatcher{re: compiled, word: req.Word}
	if req.Word {
		// A line without a match of the pattern has no word match:
		// the plain pattern rejects most lines faster.
		m.body = compiled
		// The word regexp is compiled when first needed: a literal's
		// word matches are found without it, and an anchored pattern's
		// page, and compiling its class was most of a -w grep's
		// compiling (0.27 ms of -w MaxShards). The pattern's limits
		// (nesting, size) are checked now, wrapped alike around a
		// class of one byte.
		if _, err := regexp.Compile(prefix + `(?:^|[^a])(` + body + `)(?:[^a]|$)`); err != nil {
			return nil, nil, regexError(p, err)
		}
		m.re, m.wordSrc = nil, wordExpr(prefix, body)
	}
	if re.Op != syntax.OpLiteral || re.Flags&syntax.FoldCase != 0 && strings.ContainsAny(string(re.Rune), "KkSs") {
		// A folded literal with k or s takes the regex in the files
		// holding the Kelvin sign or the long s (scan): line by line
		// with the DFA, not the backtracker on every line.
		if req.Word {
			m.dfa = newTreeDFA(wordTree(re))
		} else {
			m.dfa = newLineDFA(expr)
		}
	}
	lit, fold := string(re.Rune), re.Flags&syntax.FoldCase != 0
	whole := re.Op == syntax.OpLiteral
	var others []reqLit
	if !whole {
		var all []reqLit
		collectLiterals(re, &all)
		// The longest a scan can look for (folded: ASCII only) leads; the
		// others of its case rule lines out before the regex does.
		lit, fold = "", false
		for _, l := range all {
			if (!l.fold || isASCII(l.s)) && len(l.s) > len(lit) {
				lit, fold = l.s, l.fold
			}
		}
		for _, l := range all {
			if l.s != lit && l.fold == fold && (!fold || isASCII(l.s)) {
				others = append(others, l)
			}
		}
	}
	if fold && isASCII(lit) && !hasASCIILetter(lit) {
		// Nothing to fold ("//" with -i): the text is searched as it
		// is, not lowercased first.
		// Other literals that fold (all of them had the lead's case)
		// stay only when they have no letter either.
		fold = false
		others = slices.DeleteFunc(others, func(l reqLit) bool { return !isASCII(l.s) || hasASCIILetter(l.s) })
	}
	if lit != "" && (!fold || isASCII(lit)) {
		if fold {
			lit = lowerString(lit)
			m.foldsWide = strings.ContainsAny(lit, "ks")
		}
		m.fold = fold
		if whole {
			m.lit = []byte(lit)
		} else {
			m.req = []byte(lit)
			if m.dfa != nil && startsWith(re, lit, fold) {
				m.anch = newTreeDFA(anchoredTree(re, req.Word))
			}
		}
		for _, l := range others {
			s := l.s
			if fold {
				s = lowerString(s)
				m.foldsWide = m.foldsWide || strings.ContainsAny(s, "ks")
			}
			m.also = append(m.also, []byte(s))
		}
		m.find = newLiteralFinder([]byte(lit))
	} else if set, empty := firstBytes(re, 0); !empty && set.count() < 200 {
		m.first = &set.b
	}
	return m, re, nil
}

func hasASCIILetter(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' })
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

// The wide folds' bytes (gramquery.go: kelvinRune, longSRune).
var (
	kelvin = []byte(string(kelvinRune))
	longS  = []byte(string(longSRune))
)

// scan calls fn with each matching line of src, in order: the line's
// bounds [ls, le) (without its newline) and, when col is set, the
// match's byte column in it. fn returns false to stop. Lines are what
// ripgrep calls lines: a final line without a newline is one, the empty
// end after a final newline is not.
func (m *grepMatcher) scan(src []byte, sc *grepScratch, col bool, fn func(ls, le, col int) bool) {
	lit := m.lit
	if lit == nil {
		lit = m.req
	}
	hay := src
	// wide: the file holds the Kelvin sign or the long s, which fold to
	// k and s: a line may match without the lowercased literal, so the
	// lines holding either rune are looked at too, and every line looked
	// at takes the regex.
	wide := false
	if lit != nil && m.fold {
		if sc.low != nil && len(sc.low) == len(src) {
			hay = sc.low
		} else {
			sc.lower = lowerInto(sc.lower[:0], src)
			hay = sc.lower
		}
		wide = m.foldsWide && sc.foldsWide(src)
	}
	// exact: a line holding the literal matches (the pattern is one).
	exact := m.lit != nil && !wide
	var nextWide wideFinder
	if !col && !m.word && exact {
		// Counting a literal: the line of each occurrence matches; go
		// on from the next line.
		for pos := 0; pos < len(src); {
			i := m.find.index(hay[pos:])
			if i < 0 {
				return
			}
			at := pos + i
			ls := pos + bytes.LastIndexByte(src[pos:at], '\n') + 1
			le := len(src)
			if j := bytes.IndexByte(src[at:], '\n'); j >= 0 {
				le = at + j
			}
			if !fn(ls, le, 0) {
				return
			}
			pos = le + 1
		}
		return
	}
	if m.anch != nil && !wide && m.scanAnchored(src, hay, sc, fn) {
		return
	}
	from := 0
	if !col && lit == nil && m.first == nil && m.dfa != nil {
		// Counting with neither a literal nor first bytes to look for
		// (skipping to those is faster): the DFA reads the file
		// through, line after line.
		if sc.dfaOf != m {
			sc.dfa, sc.dfaOf = m.dfa.clone(), m
		}
		if !sc.dfa.full {
			var done bool
			if from, done = sc.dfa.lines(src, fn); done {
				return
			}
		}
	}
	for pos := from; pos < len(src); {
		// The next line that may match: the next holding the literal
		// or one of the first bytes, else the next.
		at := pos
		switch {
		case wide:
			i := m.find.index(hay[pos:])
			w := nextWide.from(src, pos)
			switch {
			case i < 0 && w < 0:
				return
			case i < 0 || w >= 0 && w < pos+i:
				at = w
			default:
				at = pos + i
			}
		case lit != nil:
			i := m.find.index(hay[pos:])
			if i < 0 {
				return
			}
			at = pos + i
			// A word literal: skip the occurrences inside words
			// without finding their lines.
			for m.word && exact && (wordBefore(src[:at]) || wordAfter(src[at+len(lit):])) {
				if i = m.find.index(hay[at+1:]); i < 0 {
					return
				}
				at += 1 + i
			}
		case m.first != nil:
			i := pos
			for i < len(src) && !m.first[src[i]] {
				i++
			}
			if i == len(src) {
				return
			}
			at = i
		}
		ls := pos + bytes.LastIndexByte(src[pos:at], '\n') + 1
		le := len(src)
		if i := bytes.IndexByte(src[at:], '\n'); i >= 0 {
			le = at + i
		}
		c := 0
		switch {
		case exact:
			c = m.literalInLine(hay[ls:le], src[ls:le], at-ls)
		case lit != nil && !wide && !holdsAll(hay[ls:le], m.also):
			c = -1
		case col:
			c = -1
			if m.dfa != nil && !m.lineMatches(src[ls:le], m.startsAfter(ls, at), sc) {
				// The DFA rules out the lines that hold the
				// literal or a first byte but do not match (the
				// "class " lines of -w 'class [A-Z][A-Za-z]*\('
				// in Python, most of which do not) before the
				// regexp looks for the column of those that do.
				break
			}
			if m.body == nil || m.body.Match(src[ls:le]) {
				c = m.regexInLine(src[ls:le])
			}
		case !m.lineMatches(src[ls:le], m.startsAfter(ls, at), sc):
			c = -1
		}
		if c >= 0 && !fn(ls, le, c) {
			return
		}
		pos = le + 1
	}
}

// wideFinder finds the next Kelvin sign or long s in a file, each
// looked for again only once passed.
type wideFinder struct {
	k, s int  // their next offsets, -1 when none is left
	set  bool // k and s were looked for
}

// from is the offset of the first wide rune at or after pos, or -1.
func (f *wideFinder) from(src []byte, pos int) int {
	if !f.set || f.k >= 0 && f.k < pos {
		f.k = indexFrom(src, pos, kelvin)
	}
	if !f.set || f.s >= 0 && f.s < pos {
		f.s = indexFrom(src, pos, longS)
	}
	f.set = true
	switch {
	case f.k < 0:
		return f.s
	case f.s < 0:
		return f.k
	}
	return min(f.k, f.s)
}

func indexFrom(src []byte, pos int, sub []byte) int {
	if i := bytes.Index(src[pos:], sub); i >= 0 {
		return pos + i
	}
	return -1
}

// startsAfter is how far into the line starting at ls, whose first byte
// a match can start with is at at, no match can start: with first
// bytes and outside word mode (whose regex starts before the pattern),
// at - ls; else 0.
func (m *grepMatcher) startsAfter(ls, at int) int {
	if m.first == nil || m.word {
		return 0
	}
	return at - ls
}

// lineMatches reports whether line holds a match that starts at from or
// later (no match can start before it), by the worker's DFA when there
// is one.
func (m *grepMatcher) lineMatches(line []byte, from int, sc *grepScratch) bool {
	if sc.dfaOf != m {
		sc.dfa, sc.dfaOf = m.dfa.clone(), m
	}
	if sc.dfa != nil && !sc.dfa.full {
		if matched, ok := sc.dfa.match(line, from); ok {
			return matched
		}
	}
	if m.body != nil && !m.body.Match(line) {
		return false
	}
	return m.lineRE().Match(line)
}

// lineRE is a line's matcher: in word mode compiled on first use from
// wordSrc, whose limits compileGrep has checked (were it to fail, the
// pattern alone, which ignores the words' bounds).
func (m *grepMatcher) lineRE() *regexp.Regexp {
	if !m.word {
		return m.re
	}
	m.wordOnce.Do(func() {
		re, err := regexp.Compile(m.wordSrc)
		if err != nil {
			re, m.wordBare = m.body, true
		}
		m.re = re
	})
	return m.re
}

// literalInLine is the column of the literal's first occurrence in the
// line (hay is the line as searched, from, where one was found), in word
// mode the first that stands as a word, or -1.
func (m *grepMatcher) literalInLine(hay, line []byte, from int) int {
	for from <= len(hay)-len(m.lit) {
		i := m.find.index(hay[from:])
		if i < 0 {
			return -1
		}
		s := from + i
		if !m.word || !wordBefore(line[:s]) && !wordAfter(line[s+len(m.lit):]) {
			return s
		}
		from = s + 1
	}
	return -1
}

// regexInLine is the column of the regex's match in the line (the word
// group's in word mode), or -1.
func (m *grepMatcher) regexInLine(line []byte) int {
	re := m.lineRE()
	if m.word && !m.wordBare {
		if loc := re.FindSubmatchIndex(line); loc != nil {
			return loc[2]
		}
		return -1
	}
	if loc := re.FindIndex(line); loc != nil {
		return loc[0]
	}
	return -1
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

// reqLit is a literal string every match holds, and whether it folds
// case.
type reqLit struct {
	s    string
	fold bool
}

// collectLiterals appends the literal strings every match of re holds:
// the runs of consecutive literals of a concatenation, and those of what
// must occur at least once.
func collectLiterals(re *syntax.Regexp, out *[]reqLit) {
	switch re.Op {
	case syntax.OpLiteral:
		*out = append(*out, reqLit{string(re.Rune), re.Flags&syntax.FoldCase != 0})
	case syntax.OpCapture, syntax.OpPlus:
		collectLiterals(re.Sub[0], out)
	case syntax.OpRepeat:
		if re.Min > 0 {
			collectLiterals(re.Sub[0], out)
		}
	case syntax.OpConcat:
		run, runFold := "", false
		flush := func() {
			if run != "" {
				*out = append(*out, reqLit{run, runFold})
			}
			run = ""
		}
		for _, sub := range re.Sub {
			if sub.Op == syntax.OpLiteral {
				fold := sub.Flags&syntax.FoldCase != 0
				if run != "" && fold != runFold {
					flush()
				}
				run, runFold = run+string(sub.Rune), fold
				continue
			}
			if lit, fold, ok := repeatedLiteral(sub); ok {
				// x+ in a run: its first x ends the run before it, its
				// last starts the next (x+y holds xy).
				if run != "" && fold != runFold {
					flush()
				}
				run, runFold = run+lit, fold
				flush()
				run, runFold = lit, fold
				continue
			}
			flush()
			collectLiterals(sub, out)
		}
		flush()
	}
}

// repeatedLiteral is the literal of x+ or x{n,} (n > 0), x a literal.
func repeatedLiteral(re *syntax.Regexp) (lit string, fold, ok bool) {
	if re.Op != syntax.OpPlus && (re.Op != syntax.OpRepeat || re.Min < 1) {
		return "", false, false
	}
	sub := re.Sub[0]
	if sub.Op != syntax.OpLiteral || len(sub.Rune) == 0 {
		return "", false, false
	}
	return string(sub.Rune), sub.Flags&syntax.FoldCase != 0, true
}

// holdsAll reports whether line holds every literal.
func holdsAll(line []byte, lits [][]byte) bool {
	for _, l := range lits {
		if !bytes.Contains(line, l) {
			return false
		}
	}
	return true
}

// byteSet is a set of bytes.
type byteSet struct{ b [256]bool }

func (s *byteSet) addRange(lo, hi byte) {
	for c := int(lo); c <= int(hi); c++ {
		s.b[c] = true
	}
}

func (s *byteSet) count() int {
	n := 0
	for _, in := range s.b {
		if in {
			n++
		}
	}
	return n
}

// addRunes adds the first bytes of the UTF-8 encodings of runes lo..hi.
// Invalid UTF-8 reads as U+FFFD, which any byte from 0x80 may start.
func (s *byteSet) addRunes(lo, hi rune) {
	for _, b := range [...]struct{ lo, hi rune }{{0, 0x7f}, {0x80, 0x7ff}, {0x800, 0xffff}, {0x10000, unicode.MaxRune}} {
		l, h := max(lo, b.lo), min(hi, b.hi)
		if l > h {
			continue
		}
		var x, y [utf8.UTFMax]byte
		utf8.EncodeRune(x[:], l)
		utf8.EncodeRune(y[:], h)
		s.addRange(x[0], y[0])
	}
	if lo <= utf8.RuneError && utf8.RuneError <= hi {
		s.addRange(0x80, 0xff)
	}
}

// firstBytes is the set of bytes a match of re can start with, and
// whether it can be empty (then any position may match).
func firstBytes(re *syntax.Regexp, depth int) (set byteSet, empty bool) {
	if depth > maxQueryDeep {
		set.addRange(0, 0xff)
		return set, true
	}
	switch re.Op {
	case syntax.OpLiteral:
		if len(re.Rune) == 0 {
			return set, true
		}
		r := re.Rune[0]
		set.addRunes(r, r)
		if re.Flags&syntax.FoldCase != 0 {
			for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
				set.addRunes(f, f)
			}
		}
		return set, false
	case syntax.OpCharClass:
		for i := 0; i+1 < len(re.Rune); i += 2 {
			set.addRunes(re.Rune[i], re.Rune[i+1])
		}
		return set, false
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		set.addRange(0, 0xff)
		return set, false
	case syntax.OpCapture, syntax.OpPlus:
		return firstBytes(re.Sub[0], depth+1)
	case syntax.OpStar, syntax.OpQuest:
		set, _ = firstBytes(re.Sub[0], depth+1)
		return set, true
	case syntax.OpRepeat:
		set, empty = firstBytes(re.Sub[0], depth+1)
		return set, empty || re.Min == 0
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			s, e := firstBytes(sub, depth+1)
			for c, in := range s.b {
				set.b[c] = set.b[c] || in
			}
			if !e {
				return set, false
			}
		}
		return set, true
	case syntax.OpAlternate:
		for _, sub := range re.Sub {
			s, e := firstBytes(sub, depth+1)
			for c, in := range s.b {
				set.b[c] = set.b[c] || in
			}
			empty = empty || e
		}
		return set, empty
	case syntax.OpNoMatch:
		return set, false
	}
	// Empty-width assertions, the empty match.
	return set, true
}
