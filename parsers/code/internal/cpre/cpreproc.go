package cpre

import (
	"regexp"

	"github.com/treenav/treenav/parsers/code/internal/srctext"
)

// Tree-sitter parses #if/#elif/#else/#endif as nodes that hold whole
// declarations. A conditional that splits one ("template<...>" alone in an
// #if, two alternative signatures opening one body, "extern "C" {" under
// #ifdef __cplusplus) leaves the grammar in error, often for the rest of
// the file. resolveConditionals finds such groups and flattens them the way
// a compiler would see one configuration: the longest live branch stays,
// the others and the directive lines are blanked. Groups whose branches are
// complete declarations are left alone, so both sides of an
// "#ifdef _WIN32 ... #else ... #endif" are still indexed. "#if 0" branches
// are dead, and so is C++-only code ("#ifdef __cplusplus") when the file is
// C.

// DirKind is what a preprocessor line does to the conditional groups.
type DirKind uint8

const (
	DirOther DirKind = iota
	DirIf
	DirElif
	DirElse
	DirEndif
)

// cdirective is one preprocessor line; tok is the index of the first token
// after it.
type cdirective struct {
	start, end uint32
	tok        int
	kind       DirKind
}

var directiveName = regexp.MustCompile(`^#\s*([a-z]+)`)

// DirectiveKind reads what the preprocessor line does.
func DirectiveKind(line []byte) DirKind {
	m := directiveName.FindSubmatch(line)
	if m == nil {
		return DirOther
	}
	switch string(m[1]) {
	case "if", "ifdef", "ifndef":
		return DirIf
	case "elif", "elifdef", "elifndef":
		return DirElif
	case "else":
		return DirElse
	case "endif":
		return DirEndif
	}
	return DirOther
}

// condGroup is one #if ... #endif; branch i runs from directive dirs[i]
// to the next.
type condGroup struct {
	dirs     []int // indices into the directive list: #if, #elif..., #else, #endif
	children [][]*condGroup
}

var (
	ifZero         = regexp.MustCompile(`^#\s*if\s+0\s*(?:$|/[/*])`)
	ifCplusplus    = regexp.MustCompile(`^#\s*(?:ifdef\s+__cplusplus\b|if\s+defined\s*\(?\s*__cplusplus\s*\)?\s*(?:$|/[/*]))`)
	ifNotCplusplus = regexp.MustCompile(`^#\s*(?:ifndef\s+__cplusplus\b|if\s+!\s*defined\s*\(?\s*__cplusplus\s*\)?\s*(?:$|/[/*]))`)
)

// resolveConditionals returns the tokens that fall in blanked branches and
// the byte ranges to blank.
func resolveConditionals(src []byte, toks []ctok, dirs []cdirective, isC bool) (map[int]bool, []blankRange) {
	if len(dirs) == 0 {
		return nil, nil
	}
	// Build the group tree.
	var top []*condGroup
	var stack []*condGroup
	for i, d := range dirs {
		switch d.kind {
		case DirIf:
			g := &condGroup{dirs: []int{i}, children: [][]*condGroup{nil}}
			if n := len(stack); n > 0 {
				p := stack[n-1]
				p.children[len(p.children)-1] = append(p.children[len(p.children)-1], g)
			} else {
				top = append(top, g)
			}
			stack = append(stack, g)
		case DirElif, DirElse:
			if n := len(stack); n > 0 {
				g := stack[n-1]
				g.dirs = append(g.dirs, i)
				g.children = append(g.children, nil)
			}
		case DirEndif:
			if n := len(stack); n > 0 {
				g := stack[n-1]
				g.dirs = append(g.dirs, i)
				stack = stack[:n-1]
			}
		}
	}
	r := &condResolver{src: src, toks: toks, dirs: dirs, isC: isC, dead: map[int]bool{}}
	for _, g := range top {
		r.resolve(g)
	}
	return r.dead, r.blank
}

type condResolver struct {
	src   []byte
	toks  []ctok
	dirs  []cdirective
	isC   bool
	dead  map[int]bool
	blank []blankRange
}

// resolve decides a group after its nested groups.
func (r *condResolver) resolve(g *condGroup) {
	last := g.dirs[len(g.dirs)-1]
	if r.dirs[last].kind != DirEndif {
		return // unterminated: leave it to the grammar
	}
	nb := len(g.dirs) - 1
	for b := 0; b < nb; b++ {
		for _, c := range g.children[b] {
			r.resolve(c)
		}
	}
	deadBranch := make([]bool, nb)
	for b := 0; b < nb; b++ {
		deadBranch[b] = r.deadCondition(g.dirs[b])
	}
	// An #else after a dead "#if 0" is the live code; after a dead
	// "#ifdef __cplusplus" too.
	// Flattening keeps the longest live branch: the main code rather than
	// a fallback ("#if __cplusplus < 201103L / #include <c++0x_warning.h>
	// / #else / the whole header").
	flatten := false
	keep, keepLen := -1, -1
	for b := 0; b < nb; b++ {
		if deadBranch[b] {
			continue
		}
		if a, e := r.branchToks(g, b); e-a > keepLen {
			keep, keepLen = b, e-a
		}
		if !r.selfContained(g, b) {
			flatten = true
		}
	}
	for b := 0; b < nb; b++ {
		if deadBranch[b] || flatten && b != keep {
			r.blankBranch(g, b)
		}
	}
	if flatten {
		for _, d := range g.dirs {
			r.blank = append(r.blank, blankRange{start: r.dirs[d].start, end: r.dirs[d].end})
		}
	}
}

func (r *condResolver) deadCondition(d int) bool {
	return DeadDirective(r.src[r.dirs[d].start:r.dirs[d].end], r.isC)
}

// DeadDirective reports whether an #if line opens a branch no build
// reads: "#if 0", and code for the other language of C and C++.
func DeadDirective(line []byte, isC bool) bool {
	if ifZero.Match(line) {
		return true
	}
	if isC {
		return ifCplusplus.Match(line)
	}
	return ifNotCplusplus.Match(line)
}

// branchToks is the token range of branch b.
func (r *condResolver) branchToks(g *condGroup, b int) (int, int) {
	return r.dirs[g.dirs[b]].tok, r.dirs[g.dirs[b+1]].tok
}

func (r *condResolver) blankBranch(g *condGroup, b int) {
	a, e := r.branchToks(g, b)
	for i := a; i < e; i++ {
		r.dead[i] = true
	}
	r.blank = append(r.blank, blankRange{start: r.dirs[g.dirs[b]].end, end: r.dirs[g.dirs[b+1]].start})
}

// selfContained reports whether branch b holds whole declarations: it
// starts and ends at a declaration boundary, with balanced brackets.
func (r *condResolver) selfContained(g *condGroup, b int) bool {
	a, e := r.branchToks(g, b)
	if !r.boundaryBefore(a) {
		return false
	}
	for i := a; i < e; i++ {
		if !r.dead[i] {
			if r.text(i) == "else" {
				return false // "#ifdef X / else if (...) {...} / #endif"
			}
			break
		}
	}
	depth := 0
	lastLive := -1
	for i := a; i < e; i++ {
		if r.dead[i] {
			continue
		}
		lastLive = i
		if r.toks[i].kind != tokPunct {
			continue
		}
		switch r.text(i) {
		case "{", "(", "[":
			depth++
		case "[[": // one token; its "]]" is two
			depth += 2
		case "}", ")", "]":
			depth--
			if depth < 0 {
				return false
			}
		}
	}
	if depth != 0 {
		return false
	}
	return lastLive < 0 || r.boundaryAt(lastLive)
}

func (r *condResolver) text(i int) string {
	if i < 0 || i >= len(r.toks) {
		return ""
	}
	t := r.toks[i]
	return string(r.src[t.start:t.end])
}

// boundaryBefore reports whether the last live token before index a ends
// a declaration (or there is none).
func (r *condResolver) boundaryBefore(a int) bool {
	for i := a - 1; i >= 0; i-- {
		if !r.dead[i] {
			return r.boundaryAt(i)
		}
	}
	return true
}

// boundaryAt: token i ends a declaration or opens a scope: ";", "{", "}",
// an access specifier's ":", or a macro alone on its line.
func (r *condResolver) boundaryAt(i int) bool {
	t := r.toks[i]
	switch r.text(i) {
	case ";", "{", "}":
		return true
	case ":":
		if i > 0 {
			switch r.text(i - 1) {
			case "public", "private", "protected":
				return true
			}
		}
		return false
	case "]]":
		return false
	}
	if t.kind == tokIdent || r.text(i) == ")" {
		// A macro line: "_GLIBCXX_BEGIN_NAMESPACE_VERSION",
		// "Q_DECLARE_METATYPE(T)".
		j := i
		if r.text(i) == ")" {
			depth := 0
			for j = i; j >= 0; j-- {
				switch r.text(j) {
				case ")":
					depth++
				case "(":
					depth--
				}
				if depth == 0 {
					break
				}
			}
			j--
			if j < 0 || r.toks[j].kind != tokIdent {
				return false
			}
		}
		name := r.src[r.toks[j].start:r.toks[j].end]
		if !srctext.IsAllCaps(name) {
			return false
		}
		startsLine := j == 0 || r.toks[j-1].line != r.toks[j].line
		endsLine := i+1 >= len(r.toks) || r.toks[i+1].line != t.line
		return startsLine && endsLine
	}
	return false
}
