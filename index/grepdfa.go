package index

import (
	"bytes"
	"regexp/syntax"
	"slices"
	"strconv"
	"unicode/utf8"
)

// lineDFA answers whether a line holds a match of a regular expression,
// as regexp.Regexp.Match does on the line alone, with a lazily built
// deterministic automaton: each state is the set of the program's
// threads after the bytes read so far, made the first time it is
// reached, so that a line costs one table lookup per ASCII byte instead
// of the backtracking or NFA simulation Go's regexp runs. It knows
// nothing of where the match is: the page's lines still take the regexp
// for their column. Programs with word boundaries (\b, \B) have no
// lineDFA; one whose states outgrow maxDFAStates stops (ok false) and its
// lines go to the regexp. A lineDFA is one worker's: it is not safe for
// concurrent use.
type lineDFA struct {
	prog   *syntax.Prog
	states []*dfaState
	ids    map[string]int32
	// start is the closure of the program's start inside a line (not at
	// its beginning): the unanchored search starts a thread at every
	// position.
	start []uint32
	// trans holds the transitions on ASCII bytes, 128 per state: the
	// next state, with dfaStop set when it is a match or dead; -1 when
	// not made yet. wide holds those on other runes (key state<<32 |
	// rune), alike.
	trans []int32
	wide  map[uint64]int32
	stack []uint32
	mark  []uint32 // per instruction: the closure that last added it
	// live: from the instruction a thread can reach Match past a line's
	// beginning (threads that cannot are dropped, so that a line that
	// can no longer match stops being read).
	live []bool
	gen  uint32
	full bool // outgrew maxDFAStates
}

// dfaState is a set of threads: the program's consuming instructions,
// Match, and the assertions of a line's end waiting for it.
type dfaState struct {
	insts []uint32
	match bool // a thread reached Match: the line matches
	dead  bool // no thread left: the line cannot match
	// atEnd: whether the line matches if it ends here (0: not known yet,
	// 1: yes, 2: no).
	atEnd uint8
}

// maxDFAStates bounds a lineDFA's states (each about 600 bytes).
const maxDFAStates = 4096

// dfaStop marks a transition to a state where reading stops: a match,
// or no thread left.
const dfaStop = 1 << 30

// Empty-width contexts inside a line: only its beginning and its end
// hold assertions (a line holds no line break).
const (
	ctxBegin = syntax.EmptyBeginLine | syntax.EmptyBeginText
	ctxEnd   = syntax.EmptyEndLine | syntax.EmptyEndText
)

// newLineDFA compiles expr as regexp.Compile does; nil when its program
// asserts word boundaries, which the states do not track.
func newLineDFA(expr string) *lineDFA {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil
	}
	return newTreeDFA(re)
}

// newTreeDFA is newLineDFA of an expression parsed already (not
// changed).
func newTreeDFA(re *syntax.Regexp) *lineDFA {
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		return nil
	}
	for _, in := range prog.Inst {
		if in.Op == syntax.InstEmptyWidth && syntax.EmptyOp(in.Arg)&^(ctxBegin|ctxEnd) != 0 {
			return nil
		}
	}
	d := &lineDFA{prog: prog, ids: map[string]int32{}, wide: map[uint64]int32{}, mark: make([]uint32, len(prog.Inst)), live: liveInsts(prog)}
	d.start = d.closure(nil, []uint32{uint32(prog.Start)}, 0)
	// State 0 is a line's beginning, where ^ holds; it is never shared
	// with a state reached later, so that a line that ends there (an
	// empty line) is judged with both ^ and $ holding.
	first := d.closure(nil, []uint32{uint32(prog.Start)}, ctxBegin)
	d.states = append(d.states, d.newState(first))
	d.addMid()
	return d
}

// addMid adds state 1: inside a line with nothing read of a match yet,
// where only the threads the search starts at each position are.
func (d *lineDFA) addMid() {
	d.states = append(d.states, d.newState(d.start))
	d.ids[string(uint32Bytes(d.start))] = 1
}

// clone is a fresh lineDFA of the same program, for another worker.
func (d *lineDFA) clone() *lineDFA {
	if d == nil {
		return nil
	}
	c := &lineDFA{prog: d.prog, ids: map[string]int32{}, wide: map[uint64]int32{}, mark: make([]uint32, len(d.prog.Inst)), start: d.start, live: d.live}
	c.states = append(c.states, c.newState(d.states[0].insts))
	c.addMid()
	return c
}

func (d *lineDFA) newState(insts []uint32) *dfaState {
	s := &dfaState{insts: insts}
	for range 128 {
		d.trans = append(d.trans, -1)
	}
	for _, pc := range insts {
		if d.prog.Inst[pc].Op == syntax.InstMatch {
			s.match = true
		}
	}
	s.dead = len(insts) == 0
	return s
}

// closure appends to dst (sorted, without duplicates) the threads that
// the instructions pcs lead to without consuming input where the
// assertions of ctx hold; assertions of a line's end that do not hold are
// kept, waiting for it.
func (d *lineDFA) closure(dst []uint32, pcs []uint32, ctx syntax.EmptyOp) []uint32 {
	d.gen++
	if d.gen == 0 {
		clear(d.mark)
		d.gen = 1
	}
	for _, pc := range dst {
		d.mark[pc] = d.gen
	}
	stack := append(d.stack[:0], pcs...)
	for len(stack) > 0 {
		pc := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if d.mark[pc] == d.gen {
			continue
		}
		d.mark[pc] = d.gen
		in := &d.prog.Inst[pc]
		switch in.Op {
		case syntax.InstAlt, syntax.InstAltMatch:
			stack = append(stack, in.Arg, in.Out)
		case syntax.InstCapture, syntax.InstNop:
			stack = append(stack, in.Out)
		case syntax.InstEmptyWidth:
			op := syntax.EmptyOp(in.Arg)
			switch {
			case op&^ctx == 0:
				stack = append(stack, in.Out)
			case op&^(ctx|ctxEnd) == 0:
				dst = append(dst, pc) // waits for the line's end
			}
			// Else it needs a line's beginning past it: dropped.
		case syntax.InstFail:
		default: // consuming instructions, Match
			if d.live[pc] {
				dst = append(dst, pc)
			}
		}
	}
	d.stack = stack
	slices.Sort(dst)
	return dst
}

// liveInsts marks the instructions from which Match can be reached
// without a line's beginning holding.
func liveInsts(prog *syntax.Prog) []bool {
	live := make([]bool, len(prog.Inst))
	for changed := true; changed; {
		changed = false
		for pc := range prog.Inst {
			if live[pc] {
				continue
			}
			in := &prog.Inst[pc]
			l := false
			switch in.Op {
			case syntax.InstMatch:
				l = true
			case syntax.InstAlt, syntax.InstAltMatch:
				l = live[in.Out] || live[in.Arg]
			case syntax.InstEmptyWidth:
				l = syntax.EmptyOp(in.Arg)&ctxBegin == 0 && live[in.Out]
			case syntax.InstFail:
			default:
				l = live[in.Out]
			}
			if l {
				live[pc], changed = true, true
			}
		}
	}
	return live
}

// step is the transition from state s on rune r (the state, with
// dfaStop when reading stops there), or -1 when the states outgrew their
// bound.
func (d *lineDFA) step(s int32, r rune) int32 {
	var moved []uint32
	for _, pc := range d.states[s].insts {
		in := &d.prog.Inst[pc]
		switch in.Op {
		case syntax.InstRune1:
			if r == in.Rune[0] {
				moved = append(moved, in.Out)
			}
		case syntax.InstRune:
			if in.MatchRune(r) {
				moved = append(moved, in.Out)
			}
		case syntax.InstRuneAny:
			moved = append(moved, in.Out)
		case syntax.InstRuneAnyNotNL:
			if r != '\n' {
				moved = append(moved, in.Out)
			}
		}
	}
	// The threads moved on, and one starting after r.
	next := d.closure(slices.Clone(d.start), moved, 0)
	key := string(uint32Bytes(next))
	id, ok := d.ids[key]
	if !ok {
		if len(d.states) >= maxDFAStates {
			d.full = true
			return -1
		}
		id = int32(len(d.states))
		d.states = append(d.states, d.newState(next))
		d.ids[key] = id
	}
	t := id
	if st := d.states[id]; st.match || st.dead {
		t |= dfaStop
	}
	if r < utf8.RuneSelf {
		d.trans[int(s)<<7|int(r)] = t
	} else {
		d.wide[uint64(s)<<32|uint64(uint32(r))] = t
	}
	return t
}

// next is the transition from state s on the rune at line[i], made if
// need be, and the rune's width; -1 when the states outgrew their bound.
func (d *lineDFA) next(s int32, line []byte, i int) (int32, int) {
	if c := line[i]; c < utf8.RuneSelf {
		if t := d.trans[int(s)<<7|int(c)]; t >= 0 {
			return t, 1
		}
		return d.step(s, rune(c)), 1
	}
	r, w := utf8.DecodeRune(line[i:])
	if t, ok := d.wide[uint64(s)<<32|uint64(uint32(r))]; ok {
		return t, w
	}
	return d.step(s, r), w
}

// endMatches reports whether a line ending in state s matches: an
// assertion of the end leads to Match, or a match empty at the end does.
func (d *lineDFA) endMatches(s int32) bool {
	st := d.states[s]
	if st.atEnd == 0 {
		ctx := ctxEnd
		if s == 0 {
			ctx |= ctxBegin
		}
		var waiting []uint32
		for _, pc := range st.insts {
			if d.prog.Inst[pc].Op == syntax.InstEmptyWidth {
				waiting = append(waiting, pc)
			}
		}
		if s != 0 {
			waiting = append(waiting, uint32(d.prog.Start))
		}
		st.atEnd = 2
		for _, pc := range d.closure(nil, waiting, ctx) {
			if d.prog.Inst[pc].Op == syntax.InstMatch {
				st.atEnd = 1
			}
		}
	}
	return st.atEnd == 1
}

// match reports whether line holds a match that starts at from or
// later (the caller knows none starts before); ok is false when the
// states outgrew their bound (ask the regexp).
func (d *lineDFA) match(line []byte, from int) (matched, ok bool) {
	s := int32(0)
	if from > 0 {
		s = 1 // inside the line, where only the search's threads are
	}
	return d.matchLine(line, from, s)
}

// matchLine is match from state s at text[from], where text is a line
// or goes on past it: it reads to the first line break at most, as to
// the line's end.
func (d *lineDFA) matchLine(text []byte, from int, s int32) (matched, ok bool) {
	if st := d.states[s]; st.match || st.dead {
		return st.match, true
	}
	trans := d.trans
	for i := from; i < len(text); {
		c := text[i]
		if c == '\n' {
			break
		}
		var t int32
		if c < utf8.RuneSelf && trans[int(s)<<7|int(c)] >= 0 {
			t = trans[int(s)<<7|int(c)]
			i++
		} else {
			var w int
			if t, w = d.next(s, text, i); t < 0 {
				return false, false
			}
			trans = d.trans
			i += w
		}
		if t&dfaStop != 0 {
			return d.states[t&^dfaStop].match, true
		}
		s = t
	}
	return d.endMatches(s), true
}

// uint32Bytes is a set of instructions as a map key.
func uint32Bytes(pcs []uint32) []byte {
	b := make([]byte, 0, 4*len(pcs))
	for _, pc := range pcs {
		b = strconv.AppendUint(b, uint64(pc), 36)
		b = append(b, ',')
	}
	return b
}

// lines calls fn with the bounds of each line of src that holds a match,
// in order, as grepMatcher.scan does (the column is not known: 0), until
// fn returns false. When the states outgrow their bound it returns
// false and where the line it could not judge starts.
func (d *lineDFA) lines(src []byte, fn func(ls, le, col int) bool) (int, bool) {
	trans := d.trans
	for ls := 0; ls < len(src); {
		s, stop := int32(0), d.states[0].match || d.states[0].dead
		i := ls
		for !stop && i < len(src) {
			c := src[i]
			if c == '\n' {
				break
			}
			var t int32
			if c < utf8.RuneSelf && trans[int(s)<<7|int(c)] >= 0 {
				t = trans[int(s)<<7|int(c)]
				i++
			} else {
				var w int
				if t, w = d.next(s, src, i); t < 0 {
					return ls, false
				}
				trans = d.trans
				i += w
			}
			s, stop = t&^dfaStop, t&dfaStop != 0
		}
		le, matched := i, false
		if stop {
			matched = d.states[s].match
			le = len(src)
			if j := bytes.IndexByte(src[i:], '\n'); j >= 0 {
				le = i + j
			}
		} else {
			matched = d.endMatches(s)
		}
		if matched && !fn(ls, le, 0) {
			return len(src), true
		}
		ls = le + 1
	}
	return len(src), true
}
