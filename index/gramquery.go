package index

import (
	"encoding/binary"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"regexp/syntax"
)

// A gramQuery is the trigrams a regular expression's matches must hold:
// a file that does not hold them cannot match, so only the files that do
// are read. It is derived from the expression's syntax tree as Google Code
// Search does (Russ Cox, "Regular Expression Matching with a Trigram
// Index"): for each subexpression, the set of strings it matches exactly
// when that set is small, else the sets of its possible prefixes and
// suffixes, and the query its matches satisfy. Strings are lowercased
// (ASCII) as the index is, so one query serves both cases.
type gramQuery struct {
	op    gramOp
	grams []uint32 // gramAnd: all of these; gramOr: one of these
	sub   []*gramQuery
	short stringSet // gramShort: one of these (gramshort.go)
	// narrows: a gramOr that an AND reads only to narrow many candidates
	// (wordEndQuery): under narrowFrom units left, scanning them costs
	// less than looking up its lists.
	narrows bool
}

type gramOp uint8

const (
	gramAll  gramOp = iota // every file may match
	gramNone               // no file matches
	gramAnd
	gramOr
	gramShort // one of a few strings of one or two bytes (gramshort.go)
)

var (
	allGrams  = &gramQuery{op: gramAll}
	noneGrams = &gramQuery{op: gramNone}
)

// gramQueryOf returns the trigram query of a parsed expression.
//
// The Kelvin sign and the long s, which fold to k and s, are left out of
// the analysis: a folded k or s would otherwise make every trigram it is
// in an alternative of three spellings (one of them three bytes), and a
// case-insensitive pattern's query dozens of times larger (49 subqueries
// for "class [A-Z]"), costly to evaluate for the handful of files that
// hold either rune. Those files are added whole instead: the query is
// that of the pattern without the two runes, OR the files holding one.
func gramQueryOf(re *syntax.Regexp) *gramQuery {
	stripped, wide := stripWide(re)
	q := gramQueryOfNarrow(stripped)
	if wide {
		q = q.or(wideFiles)
	}
	return q
}

// gramQueryOfNarrow is gramQueryOf of an expression that matches neither
// wide fold.
func gramQueryOfNarrow(re *syntax.Regexp) *gramQuery {
	info := analyzeAnchored(re)
	if info.canEmpty || len(info.exact) == 1 && info.exact[0] == "\n" {
		// Every line holds the empty match, or a line's start ("^$"):
		// every file may match.
		return allGrams
	}
	info.simplify(true)
	info.addExact()
	if info.match.op == gramAll {
		if q := info.shortQuery(); q != nil {
			return q
		}
	}
	return info.match
}

// The wide folds: U+212A (Kelvin sign, E2 84 AA), U+017F (long s, C5 BF).
const (
	kelvinRune = '\u212a'
	longSRune  = '\u017f'
)

// wideFiles are the files holding a wide fold: the Kelvin sign's
// trigram, or the long s's two bytes.
var wideFiles = (&gramQuery{op: gramAnd, grams: []uint32{gramKey(kelvin[0], kelvin[1], kelvin[2])}}).
	or(&gramQuery{op: gramShort, short: stringSet{string(longS)}})

// stripWide returns re without the wide folds where they are one
// spelling among others: folded literals become classes of their
// letters' folds without them, and classes lose them (a class of
// nothing else, like a plain literal, is kept). wide reports whether a
// fold was dropped: then the result does not cover the matches holding
// one.
func stripWide(re *syntax.Regexp) (out *syntax.Regexp, wide bool) {
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase == 0 {
			return re, false // no alternative spelling: kept as written
		}
		cat := &syntax.Regexp{Op: syntax.OpConcat}
		for _, r := range re.Rune {
			class := foldClass(r)
			c, w := withoutWide(class)
			if c.Op == syntax.OpNoMatch {
				c = &syntax.Regexp{Op: syntax.OpCharClass, Rune: class}
				w = false
			}
			wide = wide || w
			cat.Sub = append(cat.Sub, c)
		}
		if !wide {
			return re, false
		}
		return cat, true
	case syntax.OpCharClass:
		if classSize(re.Rune) > maxClass {
			return re, false // any character to the analysis, wide ones too
		}
		if c, w := withoutWide(re.Rune); c.Op != syntax.OpNoMatch {
			return c, w
		}
		return re, false // only wide folds: kept, as a literal is
	}
	if len(re.Sub) == 0 {
		return re, false
	}
	var subs []*syntax.Regexp
	for i, sub := range re.Sub {
		s, w := stripWide(sub)
		if w && subs == nil {
			subs = slices.Clone(re.Sub[:i])
		}
		if subs != nil {
			subs = append(subs, s)
		}
		wide = wide || w
	}
	if !wide {
		return re, false
	}
	cp := *re
	cp.Sub = subs
	return &cp, true
}

// foldClass is the class (range pairs, as syntax keeps them) of r and
// the runes it folds to: k, K and the Kelvin sign for k.
func foldClass(r rune) []rune {
	class := []rune{r, r}
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		class = append(class, f, f)
	}
	return class
}

// classSize is the number of runes of a class's range pairs.
func classSize(ranges []rune) int {
	n := 0
	for i := 0; i+1 < len(ranges); i += 2 {
		n += int(ranges[i+1]-ranges[i]) + 1
	}
	return n
}

// withoutWide is the class of ranges (pairs, as syntax keeps them)
// without the wide folds, and whether it held one.
func withoutWide(ranges []rune) (*syntax.Regexp, bool) {
	out := &syntax.Regexp{Op: syntax.OpCharClass}
	wide := false
	for i := 0; i+1 < len(ranges); i += 2 {
		lo, hi := ranges[i], ranges[i+1]
		for _, w := range []rune{longSRune, kelvinRune} { // ascending
			if lo <= w && w <= hi {
				wide = true
				if lo < w {
					out.Rune = append(out.Rune, lo, w-1)
				}
				lo = w + 1
			}
		}
		if lo <= hi {
			out.Rune = append(out.Rune, lo, hi)
		}
	}
	if len(out.Rune) == 0 {
		out.Op = syntax.OpNoMatch
	}
	return out, wide
}

// Bounds of the derivation: sets larger than these are summarized as
// trigrams and shorter prefixes or suffixes, which keeps the work small
// whatever the expression (a class of a thousand runes, a long
// alternation). A summary only ever asks for less, never for a trigram a
// match may lack.
const (
	maxExact     = 7   // exact strings kept before summarizing
	maxSet       = 20  // prefixes or suffixes kept
	maxClass     = 100 // runes of a class spelled out; larger is any character
	maxExactLen  = 24  // exact strings at least this long are summarized
	maxQueryDeep = 64  // nesting analyzed; deeper is any match
)

// regexpInfo is what the analysis knows of a subexpression. One that may
// match the empty string (canEmpty) has "" in its prefix and suffix sets,
// but for a run of characters (starOf), whose sets hold its characters
// only: concat accounts for its empty match, and simplify asks nothing
// of its sets.
type regexpInfo struct {
	canEmpty bool       // it can match the empty string
	exact    stringSet  // when not nil, exactly the strings it matches
	prefix   stringSet  // when exact is nil: every match starts with one of these
	suffix   stringSet  // ... and ends with one of these
	match    *gramQuery // what every match satisfies
}

func anyMatch() regexpInfo {
	return regexpInfo{canEmpty: true, prefix: stringSet{""}, suffix: stringSet{""}, match: allGrams}
}

func anyChar() regexpInfo {
	return regexpInfo{prefix: stringSet{""}, suffix: stringSet{""}, match: allGrams}
}

func noMatch() regexpInfo { return regexpInfo{match: noneGrams} }

func emptyString() regexpInfo {
	return regexpInfo{canEmpty: true, exact: stringSet{""}, match: allGrams}
}

func exactString(s string) regexpInfo {
	return regexpInfo{canEmpty: s == "", exact: stringSet{lowerString(s)}, match: allGrams}
}

// analyzeAnchored is analyzeRegexp of a whole pattern, which knows what a
// leading "^" says: the index reads a newline before every line, the
// first one included (gramBuilder.add), so "^//" holds "\n//". Only a
// leading one, of the pattern or of each of its alternatives: anchors
// take no character, and "^^" does not hold two newlines.
func analyzeAnchored(re *syntax.Regexp) regexpInfo {
	switch re.Op {
	case syntax.OpCapture:
		return analyzeAnchored(re.Sub[0])
	case syntax.OpAlternate:
		return alternateOf(re.Sub, analyzeAnchored)
	case syntax.OpBeginLine, syntax.OpBeginText:
		return exactString("\n")
	case syntax.OpConcat:
		subs := re.Sub
		for len(subs) > 0 && isLineStart(subs[0]) {
			subs = subs[1:]
		}
		if len(subs) < len(re.Sub) {
			return concatOf(exactString("\n"), subs, 1)
		}
	}
	return analyzeRegexp(re, 0)
}

// concatOf is info followed by subs, analyzed at depth, left to right.
func concatOf(info regexpInfo, subs []*syntax.Regexp, depth int) regexpInfo {
	for _, sub := range subs {
		info = concat(info, analyzeRegexp(sub, depth))
	}
	return info
}

// alternateOf is any one of subs, each analyzed by analyze.
func alternateOf(subs []*syntax.Regexp, analyze func(*syntax.Regexp) regexpInfo) regexpInfo {
	if len(subs) == 0 {
		return noMatch()
	}
	info := analyze(subs[0])
	for _, sub := range subs[1:] {
		info = alternate(info, analyze(sub))
	}
	return info
}

// isLineStart reports whether re is "^" (or \A, a line's start to grep).
func isLineStart(re *syntax.Regexp) bool {
	return re.Op == syntax.OpBeginLine || re.Op == syntax.OpBeginText
}

func analyzeRegexp(re *syntax.Regexp, depth int) (info regexpInfo) {
	if depth > maxQueryDeep {
		return anyMatch()
	}
	switch re.Op {
	case syntax.OpNoMatch:
		return noMatch()
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return emptyString()
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase == 0 {
			return exactString(string(re.Rune))
		}
		// Each letter is the class of the letters it folds to
		// (k is also U+212A, the Kelvin sign).
		info = emptyString()
		for _, r := range re.Rune {
			info = concat(info, classInfo(foldClass(r)))
		}
		return info
	case syntax.OpAnyCharNotNL, syntax.OpAnyChar:
		return anyChar()
	case syntax.OpCharClass:
		return classInfo(re.Rune)
	case syntax.OpCapture:
		return analyzeRegexp(re.Sub[0], depth+1)
	case syntax.OpConcat:
		return concatOf(emptyString(), re.Sub, depth+1)
	case syntax.OpAlternate:
		return alternateOf(re.Sub, func(sub *syntax.Regexp) regexpInfo { return analyzeRegexp(sub, depth+1) })
	case syntax.OpQuest:
		return alternate(analyzeRegexp(re.Sub[0], depth+1), emptyString())
	case syntax.OpStar:
		return starOf(re.Sub[0], depth)
	case syntax.OpRepeat:
		if re.Min == 0 {
			return starOf(re.Sub[0], depth)
		}
		fallthrough
	case syntax.OpPlus:
		// At least one: its prefixes and suffixes stay, its exact set
		// does not.
		info = analyzeRegexp(re.Sub[0], depth+1)
		if info.exact != nil {
			info.addExact()
			info.prefix, info.suffix = info.exact, slices.Clone(info.exact)
			info.exact = nil
		}
		info.simplify(false)
		return info
	}
	return anyMatch()
}

// starOf is what x* (or x{0,n}) tells: nothing when x is more than a
// few single characters, else that the run, when not empty, starts and
// ends with one of them. "[ \t]*//" then asks for " //" or "\t//", and
// "^[ \t]*//" for "\n//" too, where "//" alone, in every URL, narrows
// little. Its prefix and suffix sets leave the empty run out, which
// canEmpty says: concat adds what comes before or after it.
func starOf(sub *syntax.Regexp, depth int) regexpInfo {
	x := analyzeRegexp(sub, depth+1)
	if x.exact == nil || len(x.exact) > maxSet || x.exact.minLen() == 0 {
		return anyMatch()
	}
	for _, c := range x.exact {
		if utf8.RuneCountInString(c) != 1 {
			return anyMatch()
		}
	}
	return regexpInfo{canEmpty: true, prefix: x.exact, suffix: slices.Clone(x.exact), match: allGrams}
}

// classInfo is a character class: its runes, each an exact string, when
// there are few.
func classInfo(ranges []rune) regexpInfo {
	if len(ranges) == 0 {
		return noMatch()
	}
	if classSize(ranges) > maxClass {
		return anyChar()
	}
	info := regexpInfo{match: allGrams, exact: stringSet{}}
	var buf [utf8.UTFMax]byte
	for i := 0; i < len(ranges); i += 2 {
		for r := ranges[i]; r <= ranges[i+1]; r++ {
			info.exact = append(info.exact, lowerString(string(buf[:utf8.EncodeRune(buf[:], r)])))
		}
	}
	info.exact.clean(false)
	return info
}

func concat(x, y regexpInfo) (xy regexpInfo) {
	xy.match = x.match.and(y.match)
	xy.canEmpty = x.canEmpty && y.canEmpty
	if x.exact != nil && y.exact != nil {
		xy.exact = x.exact.cross(y.exact)
	} else {
		if x.exact != nil {
			xy.prefix = x.exact.cross(y.prefix)
		} else {
			xy.prefix = x.prefix
			if x.canEmpty {
				xy.prefix = xy.prefix.union(y.prefix, false)
			}
		}
		if y.exact != nil {
			xy.suffix = x.suffix.cross(y.exact)
		} else {
			xy.suffix = y.suffix
			if y.canEmpty {
				xy.suffix = xy.suffix.union(x.suffix, true)
			}
		}
		// x exact and y able to match nothing: a match may end
		// inside x, so x's strings are suffixes too, and x's strings
		// alone are prefixes (a run's sets, starOf, leave the empty
		// one out); alike when x may be empty.
		if x.exact != nil && y.canEmpty {
			xy.suffix = xy.suffix.union(x.exact, true)
			xy.prefix = xy.prefix.union(x.exact, false)
		}
		if y.exact != nil && x.canEmpty {
			xy.prefix = xy.prefix.union(y.exact, false)
			xy.suffix = xy.suffix.union(y.exact, true)
		}
	}
	// Where x ends and y begins, a trigram may straddle the two that
	// neither's prefix nor suffix sets hold (when neither may be empty:
	// a run's sets leave the empty run out).
	if x.exact == nil && y.exact == nil && !x.canEmpty && !y.canEmpty && len(x.suffix) <= maxSet && len(y.prefix) <= maxSet &&
		x.suffix.minLen()+y.prefix.minLen() >= 3 {
		xy.match = xy.match.andStrings(x.suffix.cross(y.prefix))
	}
	xy.simplify(false)
	return xy
}

func alternate(x, y regexpInfo) (xy regexpInfo) {
	switch {
	case x.exact != nil && y.exact != nil:
		xy.exact = x.exact.union(y.exact, false)
	case x.exact != nil:
		xy.prefix = x.exact.union(y.prefix, false)
		xy.suffix = x.exact.union(y.suffix, true)
		x.addExact()
	case y.exact != nil:
		xy.prefix = x.prefix.union(y.exact, false)
		xy.suffix = x.suffix.union(y.exact, true)
		y.addExact()
	default:
		xy.prefix = x.prefix.union(y.prefix, false)
		xy.suffix = x.suffix.union(y.suffix, true)
	}
	xy.canEmpty = x.canEmpty || y.canEmpty
	xy.match = x.match.or(y.match)
	xy.simplify(false)
	return xy
}

// addExact moves what the exact set says into the query.
func (info *regexpInfo) addExact() {
	if info.exact != nil {
		info.match = info.match.andStrings(info.exact)
	}
}

// simplify summarizes an exact set that grew too large (or, when force,
// any exact set long enough to give trigrams) into prefix and suffix sets,
// and keeps those small.
func (info *regexpInfo) simplify(force bool) {
	info.exact.clean(false)
	if n := info.exact.minLen(); info.exact != nil &&
		(len(info.exact) > maxExact || n >= 3 && force || n >= maxExactLen) {
		info.addExact()
		for _, s := range info.exact {
			if len(s) < 3 {
				info.prefix = append(info.prefix, s)
				info.suffix = append(info.suffix, s)
			} else {
				info.prefix = append(info.prefix, s[:2])
				info.suffix = append(info.suffix, s[len(s)-2:])
			}
		}
		info.exact = nil
	}
	if info.exact == nil {
		info.simplifySet(&info.prefix, false)
		info.simplifySet(&info.suffix, true)
	}
}

// simplifySet adds what a prefix or suffix set says to the query and cuts
// it to strings of at most two bytes (and fewer strings when it has more
// than maxSet): longer ones told all they could as trigrams.
func (info *regexpInfo) simplifySet(s *stringSet, isSuffix bool) {
	t := *s
	t.clean(isSuffix)
	if !info.canEmpty {
		// A run's sets (starOf) leave its empty match out: they say
		// what a match holds only when it is not empty.
		info.match = info.match.andStrings(t)
	}
	for n := 3; n == 3 || len(t) > maxSet; n-- {
		if n <= 0 {
			break
		}
		w := 0
		for _, str := range t {
			if len(str) >= n {
				if isSuffix {
					str = str[len(str)-n+1:]
				} else {
					str = str[:n-1]
				}
			}
			t[w] = str
			w++
		}
		t = t[:w]
		t.clean(isSuffix)
	}
	// A shorter string that covers a longer one says all of it: "ab" as
	// a possible prefix makes "abc" redundant.
	has := strings.HasPrefix
	if isSuffix {
		has = strings.HasSuffix
	}
	w := 0
	for _, str := range t {
		if w == 0 || !has(str, t[w-1]) {
			t[w] = str
			w++
		}
	}
	*s = t[:w]
}

// andStrings requires one of the strings: the OR over them of the AND of
// their trigrams. A string shorter than three bytes requires nothing, and
// then neither does the set.
func (q *gramQuery) andStrings(ss stringSet) *gramQuery {
	if len(ss) == 0 || ss.minLen() < 3 {
		return q
	}
	or := noneGrams
	for _, s := range ss {
		and := allGrams
		for i := 0; i+3 <= len(s); i++ {
			and = and.and(&gramQuery{op: gramAnd, grams: []uint32{gramKey(s[i], s[i+1], s[i+2])}})
		}
		or = or.or(and)
	}
	return q.and(or)
}

// and is x AND y, simplified.
func (q *gramQuery) and(y *gramQuery) *gramQuery {
	x := q
	switch {
	case x.op == gramNone || y.op == gramNone:
		return noneGrams
	case x.op == gramAll:
		return y
	case y.op == gramAll:
		return x
	}
	out := &gramQuery{op: gramAnd}
	for _, q := range []*gramQuery{x, y} {
		if q.op == gramAnd {
			out.grams = append(out.grams, q.grams...)
			out.sub = append(out.sub, q.sub...)
		} else if q.op == gramOr && len(q.grams) == 1 && len(q.sub) == 0 {
			out.grams = append(out.grams, q.grams[0])
		} else {
			out.sub = append(out.sub, q)
		}
	}
	slices.Sort(out.grams)
	out.grams = slices.Compact(out.grams)
	return out
}

// or is x OR y, simplified.
func (q *gramQuery) or(y *gramQuery) *gramQuery {
	x := q
	switch {
	case x.op == gramAll || y.op == gramAll:
		return allGrams
	case x.op == gramNone:
		return y
	case y.op == gramNone:
		return x
	}
	// (C AND A) OR (C AND B) is C AND (A OR B), and C when A or B is
	// empty: alternatives that share trigrams (a literal then one of a
	// class) keep them required.
	if xa, ya := x.asAnd(), y.asAnd(); xa != nil && ya != nil {
		var common, xr, yr []uint32
		for _, g := range xa.grams {
			if _, ok := slices.BinarySearch(ya.grams, g); ok {
				common = append(common, g)
			} else {
				xr = append(xr, g)
			}
		}
		if len(common) > 0 {
			for _, g := range ya.grams {
				if _, ok := slices.BinarySearch(common, g); !ok {
					yr = append(yr, g)
				}
			}
			c := &gramQuery{op: gramAnd, grams: common}
			xrest, yrest := andOf(xr, xa.sub), andOf(yr, ya.sub)
			if len(xr)+len(xa.sub) == 0 || len(yr)+len(ya.sub) == 0 {
				return c
			}
			return c.and(xrest.or(yrest))
		}
	}
	out := &gramQuery{op: gramOr}
	for _, q := range []*gramQuery{x, y} {
		if q.op == gramOr {
			out.grams = append(out.grams, q.grams...)
			out.sub = append(out.sub, q.sub...)
		} else if q.op == gramAnd && len(q.grams) == 1 && len(q.sub) == 0 {
			out.grams = append(out.grams, q.grams[0])
		} else {
			out.sub = append(out.sub, q)
		}
	}
	slices.Sort(out.grams)
	out.grams = slices.Compact(out.grams)
	return out
}

// andOf is the AND of grams and subs, the sub itself when alone.
func andOf(grams []uint32, sub []*gramQuery) *gramQuery {
	if len(grams) == 0 && len(sub) == 1 {
		return sub[0]
	}
	return &gramQuery{op: gramAnd, grams: grams, sub: sub}
}

// asAnd returns q as an AND (a single trigram is one), or nil.
func (q *gramQuery) asAnd() *gramQuery {
	switch {
	case q.op == gramAnd:
		return q
	case q.op == gramOr && len(q.grams) == 1 && len(q.sub) == 0:
		return &gramQuery{op: gramAnd, grams: q.grams}
	}
	return nil
}

// String writes the query for tests and debugging: trigrams quoted,
// "+" for AND, "|" for OR.
func (q *gramQuery) String() string {
	switch q.op {
	case gramAll:
		return "+"
	case gramNone:
		return "-"
	case gramShort:
		return q.shortString()
	}
	var parts []string
	for _, g := range q.grams {
		parts = append(parts, strconvQuote(string([]byte{byte(g >> 16), byte(g >> 8), byte(g)})))
	}
	for _, s := range q.sub {
		parts = append(parts, "("+s.String()+")")
	}
	sep := " "
	if q.op == gramOr {
		sep = "|"
	}
	return strings.Join(parts, sep)
}

func strconvQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c < 0x7f && c != '"' && c != '\\' {
			b.WriteByte(c)
		} else {
			b.WriteString(`\x`)
			b.WriteByte("0123456789abcdef"[c>>4])
			b.WriteByte("0123456789abcdef"[c&15])
		}
	}
	b.WriteByte('"')
	return b.String()
}

// stringSet is a set of strings, sorted and deduplicated by clean.
type stringSet []string

func lowerString(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] >= 'A' && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				b[j] = lowerASCII[b[j]]
			}
			return string(b)
		}
	}
	return s
}

// clean sorts and deduplicates the set; suffix sets sort by reversed
// strings, so that strings sharing a suffix are neighbours.
func (s *stringSet) clean(isSuffix bool) {
	t := *s
	if isSuffix {
		slices.SortFunc(t, func(a, b string) int { return compareReversed(a, b) })
	} else {
		slices.Sort(t)
	}
	*s = slices.Compact(t)
}

func compareReversed(a, b string) int {
	for i, j := len(a)-1, len(b)-1; i >= 0 && j >= 0; i, j = i-1, j-1 {
		if a[i] != b[j] {
			if a[i] < b[j] {
				return -1
			}
			return 1
		}
	}
	return len(a) - len(b)
}

func (s stringSet) minLen() int {
	if len(s) == 0 {
		return 0
	}
	m := len(s[0])
	for _, t := range s[1:] {
		m = min(m, len(t))
	}
	return m
}

// union returns s ∪ t (a new set).
func (s stringSet) union(t stringSet, isSuffix bool) stringSet {
	u := append(append(stringSet{}, s...), t...)
	u.clean(isSuffix)
	return u
}

// cross returns every string of s followed by one of t (simplify keeps
// both small: at most maxExact strings of under maxExactLen bytes).
func (s stringSet) cross(t stringSet) stringSet {
	u := make(stringSet, 0, len(s)*len(t))
	for _, a := range s {
		for _, b := range t {
			u = append(u, a+b)
		}
	}
	u.clean(false)
	return u
}

// maxAndGrams bounds the trigrams an AND reads: its rarest (shortest
// posting runs) narrow the candidates enough, and a long literal does not
// read thousands of lists.
const maxAndGrams = 16

// unitScanPostings: reading a unit's text for a grep costs about what
// decoding this many posting bytes does (a kilobyte at 10 GB/s against
// a byte in 1.5 ns). An AND reads no list longer than this many bytes a
// candidate left: even if it ruled out all of them, it would cost more
// than it saved.
const unitScanPostings = 64

// eval returns the units (trigram.go) of segment s that satisfy the
// query, sorted, or all when every unit may.
func (q *gramQuery) eval(s *segment) (docs []uint32, all bool) {
	limit := uint32(s.grams.numUnits(len(s.docs)))
	switch q.op {
	case gramAll:
		return nil, true
	case gramNone:
		return nil, false
	case gramShort:
		return q.evalShort(s)
	case gramAnd:
		all = true
		// Each list looked up once: a lookup is a binary search of the
		// keys, which the sort's comparisons made a few times per key
		// (a tenth of a warm "sync.Mutex -i" on GOROOT, more once a
		// search of rg's has pushed the keys out of cache).
		lists := make([][]byte, len(q.grams))
		for i, g := range q.grams {
			lists[i] = s.grams.list(g)
		}
		// Runs shortest first, then bitmaps, which cost a bit test a
		// candidate whatever their length.
		slices.SortFunc(lists, func(a, b []byte) int {
			if ba, bb := isBitmap(a), isBitmap(b); ba != bb {
				if ba {
					return 1
				}
				return -1
			}
			return len(a) - len(b)
		})
		for i, l := range lists {
			if i == maxAndGrams || !all && len(docs) == 0 {
				break
			}
			if all && isBitmap(l) {
				// Every list left is a bitmap (they sort last): ANDed a
				// word at a time and listed once. Listing the first
				// bitmap and testing each unit against the others grew
				// the list unit by unit, a tenth of "class [A-Z]" on
				// Python's stdlib, where "cla", "las", "ass" and "ss "
				// are all bitmaps.
				docs, all = andBitmaps(lists[i:min(len(lists), maxAndGrams)], limit), false
				break
			}
			if all {
				// At most one document a byte: sized once.
				docs, all = decodeDocs(l, limit, make([]uint32, 0, min(len(l), int(limit)))), false
			} else if isBitmap(l) || len(l) <= unitScanPostings*len(docs) {
				docs = intersectList(docs, l, limit)
			}
			// else: this run and the longer ones after it cost more to
			// read than scanning every candidate left would; the
			// bitmaps after them are still read.
		}
		for _, sub := range q.sub {
			if !all && len(docs) == 0 {
				break
			}
			if sub.narrows && (all || len(docs) < narrowFrom) {
				continue
			}
			if !all && sub.op == gramOr {
				// Only the documents still in: kept when the alternatives
				// mark them, without listing the alternatives' union.
				docs = sub.filter(s, docs)
				continue
			}
			d, a := sub.eval(s)
			switch {
			case a:
			case all:
				docs, all = d, false
			default:
				docs = intersectDocs(docs, d)
			}
		}
		return docs, all
	}
	seen, all := q.marks(s)
	if all {
		return nil, true
	}
	return seen.appendTo(slices.Grow(docs, seen.count())), false
}

// marks is the documents an OR query q admits, in a bitmap of the
// segment's documents: every list marked, read off once (merging the
// lists pairwise copied the union once per list: 26 of them for
// "s [a-z]"). all: q admits every document.
func (q *gramQuery) marks(s *segment) (seen bitset, all bool) {
	limit := uint32(s.grams.numUnits(len(s.docs)))
	seen = make(bitset, (limit+63)/64)
	for _, g := range q.grams {
		markDocs(s.grams.list(g), limit, seen)
	}
	for _, sub := range q.sub {
		d, a := sub.eval(s)
		if a {
			return nil, true
		}
		for _, di := range d {
			seen.set(di)
		}
	}
	return seen, false
}

// filter is the documents of docs (ascending) that an OR query q admits.
func (q *gramQuery) filter(s *segment, docs []uint32) []uint32 {
	seen, all := q.marks(s)
	if all {
		return docs
	}
	out := docs[:0]
	for _, di := range docs {
		if seen.has(di) {
			out = append(out, di)
		}
	}
	return out
}

// andBitmaps is the units every bitmap list of lists holds, ascending.
func andBitmaps(lists [][]byte, limit uint32) []uint32 {
	in := make(bitset, (limit+63)/64)
	markDocs(lists[0], limit, in)
	for _, b := range lists[1:] {
		andMarks(b, in)
	}
	return in.appendTo(make([]uint32, 0, in.count()))
}

// andMarks clears the bits of in that the bitmap list b does not hold.
func andMarks(b []byte, in bitset) {
	bm := b[len(gramBitmapTag):]
	for w := range in {
		var x uint64
		switch {
		case w*8+8 <= len(bm):
			x = binary.LittleEndian.Uint64(bm[w*8:])
		case w*8 < len(bm):
			for k, c := range bm[w*8:] {
				x |= uint64(c) << (8 * k)
			}
		}
		in[w] &= x
	}
}

// intersectBitmap is the documents of docs that the bitmap list b holds.
func intersectBitmap(docs []uint32, b []byte, limit uint32) []uint32 {
	out := docs[:0]
	for _, d := range docs {
		if d < limit && bitmapHas(b, d) {
			out = append(out, d)
		}
	}
	return out
}

// intersectList is the documents of docs (ascending) that the posting
// run b also holds, read off b without decoding it into a list.
func intersectList(docs []uint32, b []byte, limit uint32) []uint32 {
	if isBitmap(b) {
		return intersectBitmap(docs, b, limit)
	}
	out := docs[:0]
	var doc uint32
	i := 0
	for len(b) > 0 && i < len(docs) {
		v, n := uvarint(b)
		b = b[n:]
		doc += v
		if doc >= limit {
			break
		}
		for i < len(docs) && docs[i] < doc {
			i++
		}
		if i < len(docs) && docs[i] == doc {
			out = append(out, doc)
			i++
		}
	}
	return out
}

func intersectDocs(a, b []uint32) []uint32 {
	out := a[:0]
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			out = append(out, a[i])
			i++
			j++
		}
	}
	return out
}
