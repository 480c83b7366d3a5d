package index

import (
	"bytes"
	"regexp/syntax"
	"strings"
)

// A regex whose every match starts with the literal the scan looks for
// (the "class " of -w 'class [A-Z][A-Za-z]*\(', the "func " of
// 'func [A-Z]\w*') is tried at each occurrence of that literal: a DFA
// anchored there reads until the match is decided, a few bytes past the
// literal on most lines ("class Foo(Base)" dies at the B), where the
// line's DFA read every such line from its start to its end (a thread
// starts at every position, so it never dies). Nor is the line's start
// looked for, or its other literals, unless it matches. The first
// occurrence where a match starts is the match's column, as the regexp
// finds it (its leftmost start; in word mode the pattern's start, after
// the byte before it): the page's lines take no regexp either.

// leadingLiteral is the run of literals a match of re starts with, and
// whether it folds case ("" when re does not start with one).
func leadingLiteral(re *syntax.Regexp) (string, bool) {
	for re.Op == syntax.OpCapture {
		re = re.Sub[0]
	}
	switch re.Op {
	case syntax.OpLiteral:
		return string(re.Rune), re.Flags&syntax.FoldCase != 0
	case syntax.OpConcat:
		run, fold := "", false
		for i, sub := range re.Sub {
			if sub.Op != syntax.OpLiteral {
				break
			}
			f := sub.Flags&syntax.FoldCase != 0
			if i > 0 && f != fold {
				break
			}
			run, fold = run+string(sub.Rune), f
		}
		return run, fold
	}
	return "", false
}

// startsWith reports whether every match of re starts with lit, the
// literal a scan finds (lowercased when fold).
func startsWith(re *syntax.Regexp, lit string, fold bool) bool {
	lead, leadFold := leadingLiteral(re)
	if lead == "" || leadFold != fold && hasASCIILetter(lit) {
		return false
	}
	if fold {
		lead = lowerString(lead)
	}
	return strings.HasPrefix(lead, lit)
}

// scanAnchored calls fn with the bounds of each line of src holding a
// match and the match's column, as scan does, trying the anchored DFA at
// each occurrence of the literal in hay. It returns false, having called
// fn for none, when the worker's anchored DFA has outgrown its states:
// the caller scans as it would without one.
func (m *grepMatcher) scanAnchored(src, hay []byte, sc *grepScratch, fn func(ls, le, col int) bool) bool {
	if sc.anchOf != m {
		sc.anch, sc.anchOf = m.anch.clone(), m
		sc.anchLit = -1
		if !m.fold && sc.anch != nil {
			sc.anchLit = sc.anch.after(m.find.lit)
		}
	}
	d := sc.anch
	if d == nil || d.full {
		return false
	}
	// Case-sensitive, an occurrence is the literal's own bytes: the DFA
	// starts past them, in the state they lead to.
	skip, from := len(m.find.lit), sc.anchLit
	if from < 0 {
		skip, from = 0, 0
	}
	// lineLo is where the line of the next occurrence starts at the
	// earliest: after the last line that matched.
	lineLo := 0
	for pos := 0; pos < len(src); {
		i := m.find.index(hay[pos:])
		if i < 0 {
			return true
		}
		p := pos + i
		if m.word && wordBefore(src[:p]) {
			pos = p + 1
			continue
		}
		// The literal is within its line (no pattern that spells out a
		// line break compiles: compileGrep), and the DFA reads to the
		// line's end at most. An occurrence where no match starts is
		// left for the next, on this line or another: the line's end is
		// looked for only where a match starts.
		matched, known := d.matchLine(src[p:], skip, from)
		if known && !matched {
			pos = p + 1
			continue
		}
		le := len(src)
		if j := bytes.IndexByte(src[p:], '\n'); j >= 0 {
			le = p + j
		}
		ls := lineLo + bytes.LastIndexByte(src[lineLo:p], '\n') + 1
		col := p - ls
		if !known {
			// The states outgrew their bound on this line: the line's
			// own matcher judges it, and the regexp finds the column.
			col = -1
			if m.lineMatches(src[ls:le], 0, sc) {
				col = m.regexInLine(src[ls:le])
			}
			matched = col >= 0
		}
		if matched && !fn(ls, le, col) {
			return true
		}
		pos = le + 1
		lineLo = pos
	}
	return true
}

// after is the state the DFA is in once it has read lit from its first
// state, or -1 when reading lit decides the match (a stop) or the
// states outgrew their bound.
func (d *lineDFA) after(lit []byte) int32 {
	s := int32(0)
	for i := 0; i < len(lit); {
		t, w := d.next(s, lit, i)
		if t < 0 || t&dfaStop != 0 {
			return -1
		}
		s, i = t, i+w
	}
	return s
}
