package code

import (
	"bytes"
	"path"
	"sort"
	"strings"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/parsers/code/internal/cpre"
)

// Build constraints: the symbols that exist only in some builds say so
// (treenav.Node.Constraint), so that an outline does not present two
// variants of one type as a duplicate, or a Windows-only function as
// always there. Each language's rule reads the text, not the tree: the
// conditions are few and written in a fixed form.
//
//   - Go: the file's //go:build line and its _GOOS, _GOARCH or
//     _GOOS_GOARCH name suffix, on the file's top-level symbols.
//   - Rust: the #[cfg(...)] attributes of an item.
//   - C and C++: the #if, #ifdef, #ifndef, #elif or #else branches a
//     symbol sits in, outermost first, separated by "; "; a header's
//     include guard is not a condition.

// maxConstraint bounds a constraint's text: a long #if expression is cut.
const maxConstraint = 120

// constrain sets the Constraint of nodes (Nodes[0] is the file root) by
// the rules of l's language, then clears each one its parent already
// states.
func (l *Language) constrain(rel string, src []byte, nodes []treenav.Node) {
	switch l.Name {
	case "go":
		c := goFileConstraint(rel, src)
		if c == "" {
			return
		}
		for _, i := range nodes[0].Children {
			nodes[i].Constraint = c
		}
	case "rust":
		for i := 1; i < len(nodes); i++ {
			nodes[i].Constraint = rustCfg(src, nodes[i].ContentStart(), nodes[i].ByteEnd)
		}
	case "c", "cpp":
		if !bytes.Contains(src, []byte("#if")) {
			return
		}
		regions := cConditionRegions(src)
		if len(regions) == 0 {
			return
		}
		for i := 1; i < len(nodes); i++ {
			nodes[i].Constraint = regionAt(regions, nodes[i].ByteStart)
		}
	default:
		return
	}
	// A child within its parent's condition need not repeat it; a
	// child of a constrained parent with a condition of its own keeps
	// the whole (C's nested #ifdefs, Rust's cfg on a method).
	for i := len(nodes) - 1; i > 0; i-- {
		if p := nodes[i].Parent; p > 0 && nodes[i].Constraint == nodes[p].Constraint {
			nodes[i].Constraint = ""
		}
	}
}

// clip cuts a constraint to maxConstraint bytes.
func clip(s string) string {
	if len(s) <= maxConstraint {
		return s
	}
	cut := maxConstraint
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}

// The GOOS and GOARCH values a Go file name can end with (go/build's
// list; "unix" is a build tag only).
var (
	goOS = set([]string{"aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios", "js",
		"linux", "nacl", "netbsd", "openbsd", "plan9", "solaris", "wasip1", "windows", "zos"})
	goArch = set([]string{"386", "amd64", "amd64p32", "arm", "armbe", "arm64", "arm64be", "loong64", "mips",
		"mipsle", "mips64", "mips64le", "mips64p32", "mips64p32le", "ppc", "ppc64", "ppc64le", "riscv",
		"riscv64", "s390", "s390x", "sparc", "sparc64", "wasm"})
)

// goFileConstraint is a Go file's build constraint: its name's GOOS and
// GOARCH suffix (as go/build reads it: "x_linux.go", "x_linux_amd64.go",
// "x_amd64_test.go"; "linux.go" is not constrained) and its //go:build
// expression, joined by "&&".
func goFileConstraint(rel string, src []byte) string {
	var parts []string
	if rel != "" {
		name := path.Base(rel)
		name, _, _ = strings.Cut(name, ".")
		if i := strings.IndexByte(name, '_'); i >= 0 {
			name = strings.TrimSuffix(name[i:], "_test")
			l := strings.Split(name, "_")
			n := len(l)
			switch {
			case n >= 2 && goOS[l[n-2]] && goArch[l[n-1]]:
				parts = append(parts, l[n-2], l[n-1])
			case n >= 1 && (goOS[l[n-1]] || goArch[l[n-1]]):
				parts = append(parts, l[n-1])
			}
		}
	}
	if expr := goBuildLine(src); expr != "" {
		if strings.Contains(expr, "||") && len(parts) > 0 {
			expr = "(" + expr + ")"
		}
		parts = append(parts, expr)
	}
	return clip(strings.Join(parts, " && "))
}

// goBuildLine is the expression of the //go:build line in the comments
// above a Go file's package clause, "" when there is none.
func goBuildLine(src []byte) string {
	rest := src
	inBlock := false
	for len(rest) > 0 {
		line := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i], rest[i+1:]
		} else {
			rest = nil
		}
		t := bytes.TrimSpace(line)
		switch {
		case inBlock:
			if i := bytes.Index(t, []byte("*/")); i >= 0 {
				inBlock = false
				if len(bytes.TrimSpace(t[i+2:])) > 0 {
					return "" // code after the comment: the header is over
				}
			}
		case len(t) == 0:
		case bytes.HasPrefix(t, []byte("//go:build")):
			expr := bytes.TrimPrefix(t, []byte("//go:build"))
			if len(expr) == 0 || expr[0] != ' ' && expr[0] != '\t' {
				continue
			}
			return string(bytes.TrimSpace(expr))
		case bytes.HasPrefix(t, []byte("//")):
		case bytes.HasPrefix(t, []byte("/*")):
			if !bytes.Contains(t[2:], []byte("*/")) {
				inBlock = true
			}
		default:
			return "" // the package clause
		}
	}
	return ""
}

// rustCfg is the cfg attributes among the attributes and comments that
// open a Rust item (from start, the item's doc or first attribute, to
// end): "cfg(test)", or several joined by "&&". #[cfg_attr] is not one:
// the item exists either way.
func rustCfg(src []byte, start, end uint32) string {
	if end > uint32(len(src)) || start >= end {
		return ""
	}
	s := src[start:end]
	var cfgs []string
	for {
		s = bytes.TrimLeft(s, " \t\r\n")
		switch {
		case bytes.HasPrefix(s, []byte("//")):
			i := bytes.IndexByte(s, '\n')
			if i < 0 {
				return clip(strings.Join(cfgs, " && "))
			}
			s = s[i+1:]
		case bytes.HasPrefix(s, []byte("/*")):
			i := bytes.Index(s[2:], []byte("*/"))
			if i < 0 {
				return clip(strings.Join(cfgs, " && "))
			}
			s = s[i+4:]
		case bytes.HasPrefix(s, []byte("#[")):
			n := bracketEnd(s[1:])
			if n < 0 {
				return clip(strings.Join(cfgs, " && "))
			}
			attr := bytes.TrimSpace(s[2:n])
			if bytes.HasPrefix(attr, []byte("cfg")) && bytes.HasPrefix(bytes.TrimLeft(attr[3:], " \t"), []byte("(")) {
				cfgs = append(cfgs, string(collapseSpace(attr)))
			}
			s = s[n+1:]
		default:
			return clip(strings.Join(cfgs, " && "))
		}
	}
}

// bracketEnd is the index of the ']' that closes the '[' s starts with,
// skipping string literals; -1 when it is not closed.
func bracketEnd(s []byte) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '[':
			depth++
		case ']':
			depth--
			if depth == 0 {
				return i + 1
			}
		case '"':
			for i++; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' {
					i++
				}
			}
		}
	}
	return -1
}

// collapseSpace turns each run of whitespace into one space.
func collapseSpace(b []byte) []byte {
	return []byte(strings.Join(strings.Fields(string(b)), " "))
}

// condRegion is the C conditional in force from start to the next
// region's start ("" for none).
type condRegion struct {
	start uint32
	cond  string
}

// cFrame is one open #if ... #endif: the condition of its current branch
// and how its first line read.
type cFrame struct {
	head  string // "#ifdef X", as written but for spaces and comments
	cur   string // the current branch's condition
	guard bool   // an include guard, which is no condition
}

// cConditionRegions reads the conditionals of C or C++ source (its
// directives, outside comments and strings) into the regions where each
// set of them is in force.
func cConditionRegions(src []byte) []condRegion {
	dirs := cpre.Directives(src)
	var regions []condRegion
	var stack []cFrame
	first := true
	emit := func(at uint32) {
		var parts []string
		for _, f := range stack {
			if !f.guard && f.cur != "" {
				parts = append(parts, f.cur)
			}
		}
		// "; " and not "&&": a directive's own "||" would bind wrong.
		c := clip(strings.Join(parts, "; "))
		if n := len(regions); n > 0 && regions[n-1].cond == c {
			return
		}
		regions = append(regions, condRegion{start: at, cond: c})
	}
	for di, d := range dirs {
		line := directiveText(src[d.Start:d.End])
		switch d.Kind {
		case cpre.DirIf:
			f := cFrame{head: line, cur: line}
			// An include guard: the file's first conditional is
			// "#ifndef X" (or "#if !defined(X)") and the next line
			// defines X.
			if first && di+1 < len(dirs) {
				if x := guardName(line); x != "" {
					next := directiveText(src[dirs[di+1].Start:dirs[di+1].End])
					f.guard = next == "#define "+x || strings.HasPrefix(next, "#define "+x+" ")
				}
			}
			first = false
			stack = append(stack, f)
		case cpre.DirElif:
			if n := len(stack); n > 0 {
				stack[n-1].cur = line
			}
		case cpre.DirElse:
			if n := len(stack); n > 0 {
				stack[n-1].cur = elseOf(stack[n-1])
			}
		case cpre.DirEndif:
			if n := len(stack); n > 0 {
				stack = stack[:n-1]
			}
		default:
			continue
		}
		emit(d.End)
	}
	if len(regions) == 1 && regions[0].cond == "" {
		return nil
	}
	return regions
}

// regionAt is the condition in force at offset at.
func regionAt(regions []condRegion, at uint32) string {
	i := sort.Search(len(regions), func(i int) bool { return regions[i].start > at })
	if i == 0 {
		return ""
	}
	return regions[i-1].cond
}

// directiveText is a directive line as a condition reads: continuation
// lines joined, comments dropped, spaces collapsed, "# if" as "#if".
func directiveText(b []byte) string {
	var out []byte
	for i := 0; i < len(b); i++ {
		switch {
		case b[i] == '\\' && i+1 < len(b) && (b[i+1] == '\n' || b[i+1] == '\r'):
			out = append(out, ' ')
		case b[i] == '/' && i+1 < len(b) && b[i+1] == '/':
			i = len(b)
		case b[i] == '/' && i+1 < len(b) && b[i+1] == '*':
			j := bytes.Index(b[i+2:], []byte("*/"))
			if j < 0 {
				i = len(b)
			} else {
				i += j + 3
			}
			out = append(out, ' ')
		default:
			out = append(out, b[i])
		}
	}
	s := strings.Join(strings.Fields(string(out)), " ")
	if rest, ok := strings.CutPrefix(s, "# "); ok {
		s = "#" + rest
	}
	return s
}

// guardName is X of "#ifndef X" or "#if !defined(X)", "" for another
// line.
func guardName(line string) string {
	if x, ok := strings.CutPrefix(line, "#ifndef "); ok && !strings.Contains(x, " ") {
		return x
	}
	if x, ok := strings.CutPrefix(line, "#if !defined"); ok {
		x = strings.TrimSpace(x)
		if strings.HasPrefix(x, "(") && strings.HasSuffix(x, ")") {
			return strings.TrimSpace(x[1 : len(x)-1])
		}
		return ""
	}
	return ""
}

// elseOf is the condition of an #else branch: the opposite of the
// group's first line when there was no #elif ("#ifdef X" → "#ifndef X",
// "#if E" → "#if !(E)"), "#else of" the first line otherwise.
func elseOf(f cFrame) string {
	if f.cur != f.head {
		return "#else of " + f.head
	}
	if x, ok := strings.CutPrefix(f.head, "#ifdef "); ok {
		return "#ifndef " + x
	}
	if x, ok := strings.CutPrefix(f.head, "#ifndef "); ok {
		return "#ifdef " + x
	}
	if x, ok := strings.CutPrefix(f.head, "#if "); ok {
		return "#if !(" + x + ")"
	}
	return "#else of " + f.head
}
