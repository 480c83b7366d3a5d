// Package cpre is the C family's preprocessing step before tree-sitter
// parses a file: a small lexer (clex.go), the blanking of macros the grammar
// cannot read (cmacro.go) and the flattening of conditionals that split a
// declaration (cpreproc.go). Each keeps offsets and lines as they were.
package cpre

import (
	"regexp"
	"strings"

	"github.com/treenav/treenav/parsers/code/internal/srctext"
)

// Tree-sitter parses C and C++ without running the preprocessor, so macros
// that expand to nothing visible in the grammar derail it: a lone
// "_GLIBCXX_BEGIN_NAMESPACE_VERSION" line turns the class after it into a
// function, "SQLITE_API int f(void);" and "class LEVELDB_EXPORT Status {"
// lose their names, and glibc's "int f(int) __THROW __nonnull((1));" becomes
// an error. Blank finds such macro uses by their position and replaces
// them with spaces in a copy of the source; the copy has the same length and
// lines, so the tree's offsets hold for the original text, which signatures
// and docs are read from.
//
// A macro name is an all-caps identifier ("LZ4LIB_API", "_GLIBCXX_NOEXCEPT");
// after a parameter list, a reserved "__lower" one the grammar does not
// know ("__wur") is one too. It is blanked, with its argument list if one
// follows, when it stands
//
//   - alone on a line between declarations ("Q_OBJECT", "__BEGIN_DECLS");
//   - before a declaration that is complete without it: at least a type and
//     a name follow ("MY_API int f(void)" but not "DWORD n;"), or a
//     constructor or destructor of the enclosing class follows;
//   - after a parameter list, before ";", "{", "=", ":" or a qualifier
//     ("size() const _GLIBCXX_NOEXCEPT {");
//   - between a class key and the class name of a definition ("class
//     LEVELDB_EXPORT Status {"), or between a namespace name and "{";
//   - as a calling convention in "(XMLCALL *fn)(...)", or between a return
//     type and a function name ("DWORD WINAPI Run(...)");
//   - around a parameter list ("int f OF((int a));") or a return type
//     ("XMLPARSEAPI(void) XML_Stop(...)"): only the macro name and its
//     parentheses go.
//
// Nothing inside enum bodies, initializers, parentheses or preprocessor
// lines is touched, except GNU's __attribute__((...)) after a parameter
// name. A few C++ shapes the grammar does not know are rewritten in place:
// explicit instantiations ("extern template class A<int>;") are blanked,
// "inline friend" becomes "friend inline", the operand of decltype(...)
// becomes "0" and __extension__ goes.
func Blank(src []byte) []byte { return preprocessC(src, false) }

// BlankC is Blank for C: code under "#ifdef __cplusplus"
// is not C and is left out.
func BlankC(src []byte) []byte { return preprocessC(src, true) }

func preprocessC(src []byte, isC bool) []byte {
	toks, dirs, dirComments := lexC(src)
	if len(toks) == 0 && len(dirComments) == 0 {
		return src
	}
	dead, blank := resolveConditionals(src, toks, dirs, isC)
	blank = append(blank, dirComments...)
	if len(dead) > 0 {
		live := make([]ctok, 0, len(toks))
		for i, t := range toks {
			if !dead[i] {
				live = append(live, t)
			}
		}
		toks = live
	}
	m := &macroScan{src: src, toks: toks, blank: blank, cpp: !isC}
	m.scan()
	if len(m.blank) == 0 {
		return src
	}
	out := append([]byte(nil), src...)
	for _, r := range m.blank {
		srctext.BlankLines(out, int(r.start), int(r.end))
		if r.repl != "" {
			copy(out[r.start:], r.repl)
			continue
		}
		// A macro that belongs to the declaration after it becomes an
		// attribute, so that the declaration starts where the macro does.
		if r.attr && r.end-r.start >= 5 && !hasNewline(src[r.start:r.start+3]) && !hasNewline(src[r.end-2:r.end]) {
			copy(out[r.start:], "[[x")
			copy(out[r.end-2:], "]]")
		}
	}
	return out
}

func hasNewline(b []byte) bool {
	for _, c := range b {
		if c == '\n' || c == '\r' {
			return true
		}
	}
	return false
}

// blankRange is a macro use to blank; attr: it is part of the declaration
// that follows.
type blankRange struct {
	start, end uint32
	attr       bool
	// repl, when set, is written at start after blanking: a text the
	// grammar reads better, on the same line (no newline in the range).
	repl string
}

type braceKind uint8

const (
	braceBlock braceKind = iota // function bodies, statements, lambdas
	braceScope                  // namespace, extern "C", file
	braceClass
	braceEnum
	braceInit // initializer lists and expressions
)

type braceFrame struct {
	kind  braceKind
	class string // the class name for braceClass
}

type macroScan struct {
	src    []byte
	toks   []ctok
	blank  []blankRange
	braces []braceFrame
	// stmt is the index of the first token of the current statement (after
	// the last ";", "{" or "}").
	stmt int
	// blanked[i] is set for tokens already blanked (a macro and its args).
	blanked map[int]bool
	// tmplEnd marks the ">" that closes a template parameter list.
	tmplEnd map[int]bool
	// attrEnd marks the last token of a macro turned into an attribute.
	attrEnd map[int]bool
	// cpp: the file is C++ ("template" is a keyword).
	cpp bool
}

func (m *macroScan) text(i int) string {
	if i < 0 || i >= len(m.toks) {
		return ""
	}
	t := m.toks[i]
	return string(m.src[t.start:t.end])
}

func (m *macroScan) is(i int, s string) bool {
	if i < 0 || i >= len(m.toks) {
		return false
	}
	t := m.toks[i]
	return int(t.end-t.start) == len(s) && string(m.src[t.start:t.end]) == s
}

func (m *macroScan) ident(i int) bool {
	return i >= 0 && i < len(m.toks) && m.toks[i].kind == tokIdent
}

func (m *macroScan) scan() {
	m.blanked = map[int]bool{}
	m.tmplEnd = map[int]bool{}
	m.attrEnd = map[int]bool{}
	m.braces = []braceFrame{{kind: braceScope}}
	paren := 0
	for i := 0; i < len(m.toks); i++ {
		t := m.toks[i]
		if t.kind == tokPunct {
			switch m.text(i) {
			case "(", "[":
				paren++
			case ")", "]":
				if paren > 0 {
					paren--
				}
			case "[[":
				// The grammar takes no attribute before "friend".
				if j := m.skipTo(i, "]"); j > i && m.is(j+1, "friend") {
					m.blank = append(m.blank, blankRange{start: t.start, end: m.toks[j].end})
					i = j
					continue
				}
				paren += 2 // its "]]" is two tokens
			case "{":
				m.braces = append(m.braces, m.openBrace(i))
				m.stmt = i + 1
				paren = 0
			case "}":
				if len(m.braces) > 1 {
					m.braces = m.braces[:len(m.braces)-1]
				}
				m.stmt = i + 1
				paren = 0
			case ";":
				m.stmt = i + 1
			case "<":
				if m.is(i-1, "template") {
					if j := m.matchAngle(i); j > 0 {
						m.tmplEnd[j] = true
					}
				}
			}
			continue
		}
		if t.kind == tokIdent && m.pointerQualifier(i) {
			// "T* absl_nonnull get()": a nullability macro after "*".
			m.mark(i, i)
			continue
		}
		if t.kind == tokIdent && (m.is(i, "__complex__") || m.is(i, "__complex")) {
			// GNU complex types: the grammar has no such modifier.
			m.mark(i, i)
			continue
		}
		if t.kind == tokIdent && m.is(i, "decltype") && m.is(i+1, "(") && m.is(i+2, "auto") && m.is(i+3, ")") {
			// The grammar cannot parse "decltype(auto)"; "auto" reads the same.
			m.blank = append(m.blank, blankRange{start: t.start, end: m.toks[i+2].start},
				blankRange{start: m.toks[i+3].start, end: m.toks[i+3].end})
			i += 3
			continue
		}
		if t.kind == tokIdent && m.is(i, "__extension__") {
			// GNU's "no pedantic warnings" marker: the grammar takes it
			// before a typedef but not before "using".
			m.mark(i, i)
			continue
		}
		if t.kind == tokIdent && paren > 0 && (m.is(i, "__attribute__") || m.is(i, "__attribute")) {
			// After a parameter's name ("A& __a __attribute__((__unused__))"),
			// where the grammar takes none.
			if end := m.argsEnd(i); end > i {
				m.mark(i, end)
				i = end
				continue
			}
		}
		if t.kind == tokIdent && m.is(i, "decltype") && m.is(i+1, "(") {
			// The operand is an expression the grammar often cannot read
			// ("decltype(f(x), void(), true)"), and an error there takes
			// the class around it down; "decltype(0)" reads the same.
			if end := m.argsEnd(i); end > i+2 && !hasNewline(m.src[m.toks[i+2].start:m.toks[i+2].start+1]) {
				m.blank = append(m.blank, blankRange{start: m.toks[i+2].start, end: m.toks[end-1].end})
				m.blank = append(m.blank, blankRange{start: m.toks[i+2].start, end: m.toks[i+2].start + 1, repl: "0"})
				i = end
				continue
			}
		}
		if t.kind == tokIdent && m.cpp && paren == 0 && m.is(i, "friend") {
			m.friendFirst(i)
		}
		if t.kind == tokIdent && m.cpp && paren == 0 && m.is(i, "template") {
			if end := m.explicitInstantiation(i); end > i {
				i = end
				continue
			}
		}
		if t.kind != tokIdent || paren > 0 || m.blanked[i] {
			if t.kind == tokIdent && paren > 0 && m.isMacroName(i) {
				switch end := m.argsEnd(i); {
				case m.callingConvention(i) || m.paramQualifier(i):
					m.mark(i, i)
				case m.afterParamName(i, end):
					m.mark(i, end)
					i = end
				}
			}
			continue
		}
		top := m.braces[len(m.braces)-1]
		if top.kind == braceEnum || top.kind == braceInit {
			continue
		}
		if m.is(i+1, "::") || m.is(i+1, "<") {
			continue
		}
		if !m.isMacroName(i) || top.kind == braceClass && m.text(i) == top.class {
			// A class in capitals ("struct _NFA") has constructors that
			// look like macro calls.
			if m.isReservedMacro(i) {
				if end := m.argsEnd(i); m.trailer(i, end) {
					m.mark(i, end)
					i = end
				}
			}
			continue
		}
		end := m.argsEnd(i)
		switch {
		case m.typeMacro(i, end):
			for _, k := range []int{i, i + 1, end} {
				m.blanked[k] = true
				m.blank = append(m.blank, blankRange{start: m.toks[k].start, end: m.toks[k].end})
			}
			// Attribute macros between the type and the name
			// ("XMLPARSEAPI(void *) XML_ATTR_MALLOC XML_MemMalloc(...)").
			if n := m.skipMacros(end + 1); n > end+1 {
				m.mark(end+1, n-1)
				end = n - 1
			}
			i = end
		case m.protoMacro(i, end):
			for _, k := range []int{i, i + 1, end} {
				m.blanked[k] = true
				m.blank = append(m.blank, blankRange{start: m.toks[k].start, end: m.toks[k].end})
			}
			i = end
		case m.declSpecifier(i, end, top):
			m.markAttr(i, end)
			i = end
		case m.afterTypedefName(i, end),
			m.loneLine(i, end),
			m.afterClassBody(i, end),
			m.afterVariableName(i, end),
			m.trailer(i, end),
			m.classHead(i, end),
			m.namespaceAttr(i, end),
			m.betweenTypeAndName(i, end):
			m.mark(i, end)
			i = end
		}
	}
}

// friendFirst rewrites "inline friend" (or "constexpr friend") at the
// start of a declaration as "friend inline": the grammar only takes a
// friend declaration that starts with "friend".
func (m *macroScan) friendFirst(i int) {
	p := i
	for p-1 >= m.stmt && (m.is(p-1, "inline") || m.is(p-1, "constexpr") || m.is(p-1, "consteval")) {
		p--
	}
	if p == i || !(p == m.stmt || m.tmplEnd[p-1] || m.is(p-1, ":") || m.is(p-1, "]") && m.is(p-2, "]")) {
		return
	}
	start, end := m.toks[p].start, m.toks[i].end
	if hasNewline(m.src[start:end]) {
		return
	}
	words := string(m.src[start:m.toks[i].start])
	if words[len(words)-1] != ' ' && words[len(words)-1] != '\t' {
		return
	}
	m.blank = append(m.blank, blankRange{start: start, end: end, repl: "friend " + words[:len(words)-1]})
}

// explicitInstantiation blanks an explicit instantiation ("template class
// A<int>;", "extern template void f<int>(int);"), which declares nothing
// and which the grammar does not know, and returns its last token (or i).
func (m *macroScan) explicitInstantiation(i int) int {
	if m.is(i+1, "<") || m.is(i-1, "::") || m.is(i-1, ".") || m.is(i-1, "->") {
		return i
	}
	s := i
	if m.is(i-1, "extern") {
		s = i - 1
	}
	if s != m.stmt && !m.is(s-1, ":") {
		return i
	}
	depth := 0
	for k := i + 1; k < len(m.toks) && k < i+512; k++ {
		switch m.text(k) {
		case "(", "[", "<":
			depth++
		case ")", "]", ">":
			depth--
		case "{", "}":
			return i
		case ";":
			if depth == 0 {
				m.mark(s, k)
				m.stmt = k + 1
				return k
			}
		}
	}
	return i
}

// mark blanks tokens i..end.
func (m *macroScan) mark(i, end int) {
	for k := i; k <= end; k++ {
		m.blanked[k] = true
	}
	m.blank = append(m.blank, blankRange{start: m.toks[i].start, end: m.toks[end].end})
}

// markAttr blanks tokens i..end, a macro that starts a declaration; it
// becomes an attribute unless what follows cannot take one.
func (m *macroScan) markAttr(i, end int) {
	m.mark(i, end)
	n := end + 1
	last := end // the end of the run of macros this one starts
	for {
		for n < len(m.toks) && m.blanked[n] {
			n++
		}
		// More macros may follow ("_GLIBCXX_NODISCARD _GLIBCXX20_CONSTEXPR"):
		// what decides is the token after the run, and a run that ends
		// apart from any declaration ("SET(==)\n SET(!=)\n\n template")
		// leads nothing.
		if n < len(m.toks) && m.ident(n) && m.isMacroName(n) && !m.is(n+1, "::") && !m.is(n+1, "<") {
			if m.toks[n].line > m.toks[last].line+1 || m.apart(last, n) {
				return
			}
			last = m.argsEnd(n)
			n = last + 1
			continue
		}
		break
	}
	if n >= len(m.toks) {
		return
	}
	switch m.text(n) {
	case "typedef", "using", "template", "namespace", "friend", "class", "struct", "union", "enum", "extern", "__extension__":
		return
	}
	// Scope macros ("_GLIBCXX_BEGIN_NAMESPACE_VERSION", "__BEGIN_DECLS")
	// and macros set apart by a blank line or a comment belong to no
	// declaration.
	name := m.text(i)
	for _, w := range []string{"BEGIN", "END", "NAMESPACE", "DECLS"} {
		if strings.Contains(name, w) {
			return
		}
	}
	gap := m.src[m.toks[last].end:m.toks[n].start]
	if m.toks[n].line > m.toks[last].line+1 || strings.Contains(string(gap), "/") {
		return
	}
	// An attribute can only lead the declaration: "static MACRO int f()"
	// just loses the macro. A macro blanked before it and set apart by a
	// blank line or a comment ("_GLIBCXX_END_NAMESPACE_CONTAINER") is
	// nothing.
	p := i - 1
	if p >= m.stmt && p >= 0 && m.blanked[p] && !m.attrEnd[p] && m.apart(p, i) {
		for p >= m.stmt && p >= 0 && m.blanked[p] && !m.attrEnd[p] {
			p--
		}
	}
	if p >= m.stmt && p >= 0 && !m.attrEnd[p] && !m.tmplEnd[p] && !(m.is(p, "]") && m.is(p-1, "]")) {
		if !(m.is(p, ":") && (m.is(p-1, "public") || m.is(p-1, "private") || m.is(p-1, "protected"))) &&
			!(m.toks[p].kind == tokLiteral && m.is(p-1, "extern")) {
			return
		}
	}
	m.blank[len(m.blank)-1].attr = true
	m.attrEnd[end] = true
}

// apart reports whether a blank line or a comment separates tokens p and
// i.
func (m *macroScan) apart(p, i int) bool {
	gap := string(m.src[m.toks[p].end:m.toks[i].start])
	return strings.Contains(gap, "/") || strings.Count(gap, "\n") > 1
}

// isMacroName reports whether token i looks like a macro: ALL_CAPS.
func (m *macroScan) isMacroName(i int) bool {
	s := m.text(i)
	if len(s) < 2 {
		return false
	}
	upper := false
	for j := 0; j < len(s); j++ {
		c := s[j]
		switch {
		case c >= 'A' && c <= 'Z':
			upper = true
		case c == '_' || c >= '0' && c <= '9':
		default:
			return false
		}
	}
	return upper && s != "NULL"
}

// isReservedMacro reports whether token i is a reserved "__lower" name
// that is not one of the grammar's keywords ("__wur", "__nonnull"). The C
// and C++ libraries name their own types and functions that way too, so
// such a name counts as a macro only after a parameter list.
func (m *macroScan) isReservedMacro(i int) bool {
	s := m.text(i)
	if len(s) > 2 && s[0] == '_' && s[1] >= 'A' && s[1] <= 'Z' && strings.HasSuffix(s, "_") {
		// glibc's "_Attr_access_", "_Restrict_"
		return !cKeywordLike[s]
	}
	return len(s) > 2 && strings.HasPrefix(s, "__") && s[2] >= 'a' && s[2] <= 'z' &&
		!cKeywordLike[s] && !strings.HasPrefix(s, "__builtin")
}

// cKeywordLike are reserved names that the C and C++ grammars parse (or
// that are types): they are never macros to blank.
var cKeywordLike = map[string]bool{
	"__alignof": true, "__alignof__": true, "__asm": true, "__asm__": true,
	"__attribute": true, "__attribute__": true, "__based": true, "__cdecl": true,
	"__clrcall": true, "__declspec": true, "__except": true, "__extension__": true,
	"__fastcall": true, "__finally": true, "__forceinline": true, "__inline": true,
	"__inline__": true, "__leave": true, "__restrict": true, "__restrict__": true,
	"__stdcall": true, "__thiscall": true, "__thread": true, "__try": true,
	"__unaligned": true, "__vectorcall": true, "__volatile": true, "__volatile__": true,
	"__const": true, "__signed": true, "__signed__": true, "__typeof": true,
	"__typeof__": true, "__int128": true, "__int64": true, "__int32": true,
	"__int16": true, "__int8": true, "__ptr32": true, "__ptr64": true,
	"__complex__": true, "__real__": true, "__imag__": true, "__label__": true,
	"__float128": true, "__auto_type": true, "__cplusplus": true, "__func__": true,
	"__null": true, "__uptr": true, "__sptr": true, "__w64": true,
}

// argsEnd returns the index of the ")" closing the argument list right
// after token i, or i when none follows.
func (m *macroScan) argsEnd(i int) int {
	if !m.is(i+1, "(") {
		return i
	}
	depth, brace := 0, 0
	for k := i + 1; k < len(m.toks); k++ {
		switch m.text(k) {
		case "(":
			depth++
		case ")":
			depth--
			if depth == 0 {
				return k
			}
		case "{":
			// Braces balanced inside the parentheses are an argument
			// ("_GLIBCXX20_INIT({})").
			brace++
		case "}":
			if brace == 0 {
				return i // unbalanced: not an argument list
			}
			brace--
		case ";":
			if brace == 0 {
				return i
			}
		}
	}
	return i
}

// matchAngle returns the ">" closing the "<" at i, or -1.
func (m *macroScan) matchAngle(i int) int {
	depth, paren := 0, 0
	for k := i; k < len(m.toks) && k < i+4096; k++ {
		switch m.text(k) {
		case "<":
			if paren == 0 {
				depth++
			}
		case ">":
			if paren == 0 {
				depth--
				if depth == 0 {
					return k
				}
			}
		case "(":
			paren++
		case ")":
			paren--
		case ";", "{", "}":
			return -1
		}
	}
	return -1
}

// atStatementStart reports whether token i begins a declaration: it
// follows ";", "{", "}", an access specifier, a template parameter list,
// extern "C", a specifier keyword or a blanked macro.
func (m *macroScan) atStatementStart(i int) bool {
	p := i - 1
	if p < 0 || p < m.stmt {
		return true
	}
	switch {
	case m.blanked[p], m.tmplEnd[p]:
		return true
	case m.is(p, "]") && m.is(p-1, "]"):
		return true // [[nodiscard]]
	case m.is(p, ")"):
		// __attribute__((...)), alignas(...), __declspec(...)
		o := m.openParen(p)
		return o > 0 && (m.is(o-1, "__attribute__") || m.is(o-1, "__attribute") ||
			m.is(o-1, "alignas") || m.is(o-1, "__declspec")) && m.atStatementStart(o-1)
	case m.is(p, ":"):
		return m.is(p-1, "public") || m.is(p-1, "private") || m.is(p-1, "protected")
	case m.toks[p].kind == tokLiteral:
		return m.is(p-1, "extern")
	case m.ident(p):
		return declSpecifierWords[m.text(p)]
	}
	return false
}

var declSpecifierWords = map[string]bool{
	"static": true, "inline": true, "extern": true, "virtual": true, "explicit": true,
	"constexpr": true, "consteval": true, "constinit": true, "friend": true,
	"mutable": true, "register": true, "thread_local": true, "typedef": true,
}

// openParen returns the "(" matching the ")" at k, or -1.
func (m *macroScan) openParen(k int) int {
	depth := 0
	for j := k; j >= 0 && j > k-512; j-- {
		switch {
		case m.is(j, ")"):
			depth++
		case m.is(j, "("):
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// loneLine: a macro (with its arguments) that is the only thing on its
// line(s), between declarations, and not opening a block.
func (m *macroScan) loneLine(i, end int) bool {
	if i > 0 && m.toks[i-1].line == m.toks[i].line {
		return false
	}
	if end+1 < len(m.toks) && m.toks[end+1].line == m.toks[end].line {
		return false
	}
	if end+1 < len(m.toks) {
		switch m.text(end + 1) {
		case "{", "(", "=", ",", ";", "[", ".", "->", "::", "<":
			return false
		}
	}
	if i == 0 || i <= m.stmt || m.blanked[i-1] {
		return true
	}
	p := i - 1
	return m.is(p, ":") && (m.is(p-1, "public") || m.is(p-1, "private") || m.is(p-1, "protected"))
}

// declSpecifier: a macro before a declaration that is complete without
// it.
func (m *macroScan) declSpecifier(i, end int, top braceFrame) bool {
	if !m.atStatementStart(i) {
		return false
	}
	words, first, firstEnd := 0, -1, -1
	k := end + 1
	if m.is(k, "*") || m.is(k, "&") || m.is(k, "&&") {
		// "MACRO& operator=(...)": the macro is the return type.
		return false
	}
loop:
	for ; k < len(m.toks); k++ {
		t := m.toks[k]
		if t.kind == tokLiteral {
			return false
		}
		s := m.text(k)
		if t.kind == tokPunct {
			switch s {
			case "*", "&", "&&", "...":
				continue
			case "~":
				if m.ident(k + 1) {
					return true // a destructor
				}
				return false
			case "[[":
				k = m.skipTo(k, "]")
				continue
			default:
				break loop
			}
		}
		switch s {
		case "const", "volatile", "typename", "struct", "class", "union", "enum":
			continue
		case "operator":
			return true
		case "__attribute__", "__attribute", "__declspec", "alignas":
			if m.is(k+1, "(") {
				k = m.argsEnd(k)
			}
			continue
		}
		if declSpecifierWords[s] {
			continue
		}
		if m.isMacroName(k) && m.is(k+1, "(") {
			k = m.argsEnd(k)
		}
		words++
		if first < 0 {
			first = k
		}
		// A qualified or templated name is one word.
		for {
			if m.is(k+1, "<") {
				if j := m.matchAngle(k + 1); j > 0 {
					k = j
					continue
				}
			}
			if m.is(k+1, "::") && (m.ident(k+2) || m.is(k+2, "~")) {
				if m.is(k+2, "~") {
					k++
				}
				k += 2
				continue
			}
			break
		}
		if first >= 0 && firstEnd < 0 {
			firstEnd = k
		}
	}
	if words >= 2 {
		return true
	}
	if words != 1 || !m.is(k, "(") {
		return false
	}
	if builtinTypes[m.text(first)] {
		// "TS_PUBLIC void (*f)(void *)": a builtin type names nothing.
		return true
	}
	// One name and a parameter list: a constructor (in its class, or
	// "A<T>::A" out of line) keeps the macro out; "DWORD f(...)" does not.
	name := m.text(firstEnd)
	if top.kind == braceClass && first == firstEnd && name == top.class {
		return true
	}
	if firstEnd > first && m.is(firstEnd-1, "::") || firstEnd > first+1 && m.is(firstEnd-1, "~") {
		return strings.HasSuffix(m.qualifierBefore(first, firstEnd), name) || m.is(firstEnd-1, "~")
	}
	return false
}

// qualifierBefore returns the last scope name before the final component
// of the qualified name spanning tokens first..last.
func (m *macroScan) qualifierBefore(first, last int) string {
	k := last - 1 // "::"
	if m.is(k, "~") {
		k--
	}
	k-- // before "::"
	if m.is(k, ">") {
		depth := 0
		for ; k >= first; k-- {
			if m.is(k, ">") {
				depth++
			} else if m.is(k, "<") {
				depth--
				if depth == 0 {
					k--
					break
				}
			}
		}
	}
	if k >= first && m.ident(k) {
		return m.text(k)
	}
	return ""
}

func (m *macroScan) skipTo(k int, s string) int {
	for j := k + 1; j < len(m.toks) && j < k+256; j++ {
		if m.is(j, s) {
			if s == "]" && m.is(j+1, "]") {
				return j + 1
			}
			return j
		}
	}
	return k
}

// trailer: a macro after a parameter list (and its qualifiers), before
// the end of the declaration or the body.
func (m *macroScan) trailer(i, end int) bool {
	p := i - 1
	for p >= 0 {
		switch {
		case m.blanked[p]:
			p--
			continue
		case m.is(p, "const"), m.is(p, "volatile"), m.is(p, "&"), m.is(p, "&&"),
			m.is(p, "override"), m.is(p, "final"), m.is(p, "noexcept"):
			p--
			continue
		case m.is(p, ")"):
			// "f(int) __attribute__ ((__const__)) __wur": skip the
			// attribute back to the parameter list.
			if o := m.openParen(p); o >= 1 && (m.is(o-1, "__attribute__") || m.is(o-1, "__attribute")) {
				p = o - 2
				continue
			}
		}
		break
	}
	if p < 0 || !m.is(p, ")") {
		return false
	}
	// The ")" must close a parameter list, not "decltype(...)" or
	// "__attribute__((...))".
	o := m.openParen(p)
	if o < 1 {
		return false
	}
	switch {
	case m.ident(o - 1):
		if notDeclarator[m.text(o-1)] {
			return false
		}
	case m.is(o-1, ")"), m.is(o-1, ">"), m.is(o-2, "operator"), m.is(o-3, "operator"):
	default:
		return false
	}
	if end+1 >= len(m.toks) {
		return true
	}
	n := end + 1
	switch m.text(n) {
	case ";", "{", "=", ":", ",", "const", "override", "final", "noexcept", "->", "&", "&&",
		"throw", "try", "requires", "[[", "__attribute__", "__asm__", "__asm", "volatile":
		return true
	}
	return m.isMacroName(n) || m.isReservedMacro(n)
}

// notDeclarator are words whose parentheses are not a parameter list.
var notDeclarator = map[string]bool{
	"decltype": true, "sizeof": true, "alignof": true, "alignas": true, "__attribute__": true,
	"__attribute": true, "__declspec": true, "noexcept": true, "throw": true, "if": true,
	"while": true, "for": true, "switch": true, "return": true, "typeof": true,
	"__typeof__": true, "requires": true, "static_assert": true, "_Alignas": true,
	"__alignof__": true, "_Static_assert": true, "catch": true,
}

// attributeMacroName matches macro names that stand for attributes.
var attributeMacroName = regexp.MustCompile(`DEPRECATED|ATTR|ALIGN|PACKED|UNUSED|VISIBILITY|EXPORT|_API\b|NODISCARD|MAY_ALIAS`)

// afterClassBody: "} _GLIBCXX11_DEPRECATED;" closing a class; a macro
// there would read as a variable of the class type.
func (m *macroScan) afterClassBody(i, end int) bool {
	return m.is(i-1, "}") && m.is(end+1, ";") && attributeMacroName.MatchString(m.text(i))
}

// afterVariableName: "int count_ ABSL_GUARDED_BY(mu_) = 0;", "char
// buf[8] ALIGNED(16);": an annotation between a variable's name and the
// end of its declarator.
func (m *macroScan) afterVariableName(i, end int) bool {
	p := i - 1
	// With arguments only, and not after a type keyword: "const int
	// MAX_SIZE;" and "int LIMIT(5);" declare MAX_SIZE and LIMIT.
	if end == i || builtinTypes[m.text(p)] || m.isMacroName(p) || m.is(m.stmt, "typedef") {
		return false
	}
	if !(m.ident(p) && !declSpecifierWords[m.text(p)] && (m.ident(p-1) || m.is(p-1, "*") || m.is(p-1, "&") || m.is(p-1, ">")) || m.is(p, "]")) {
		return false
	}
	if m.ident(p) {
		switch m.text(p - 1) {
		case "return", "case", "goto", "new", "delete", "throw", "else", "do", "sizeof":
			return false
		}
	}
	// "XXH32(const void* p, size_t n)" is a function's parameter list:
	// types and named parameters are not an annotation's arguments.
	for k := i + 2; k < end; k++ {
		if builtinTypes[m.text(k)] || m.ident(k) && m.ident(k+1) {
			return false
		}
	}
	switch m.text(end + 1) {
	case ";", "=", ",":
		return m.inDeclarationScope()
	}
	return false
}

var builtinTypes = map[string]bool{
	"int": true, "char": true, "short": true, "long": true, "float": true, "double": true,
	"void": true, "bool": true, "unsigned": true, "signed": true, "auto": true, "const": true,
	"volatile": true, "_Bool": true, "wchar_t": true, "char8_t": true, "char16_t": true, "char32_t": true,
}

// classHead: "class EXPORT Name {", "struct EXPORT Name : Base", "class
// EXPORT Name final", "class EXPORT NAME {" (an all-caps name is the last
// one before the head's end), and in C++ the forward declaration "class
// EXPORT Name;".
func (m *macroScan) classHead(i, end int) bool {
	p := i - 1
	for p >= 0 && m.blanked[p] {
		p-- // "class ABSL_LOCKABLE ABSL_ATTRIBUTE_WARN_UNUSED SpinLock {"
	}
	if !(m.is(p, "class") || m.is(p, "struct") || m.is(p, "union")) {
		return false
	}
	k := end + 1
	for {
		switch {
		case m.ident(k) && m.isMacroName(k) && !m.classNameEnd(k+1):
			k = m.argsEnd(k) + 1
			continue
		case m.is(k, "[["): // "class MACRO [[nodiscard]] Name"
			if j := m.skipTo(k, "]"); j > k {
				k = j + 1
				continue
			}
		}
		break
	}
	if !m.ident(k) {
		return false
	}
	k++
	if m.is(k, "::") {
		return m.ident(k + 1)
	}
	if m.is(k, ";") {
		// A forward declaration, at the start of a statement ("struct
		// FOO bar;" declares a variable in C).
		return m.cpp && (p == m.stmt || m.is(p-1, "friend") || m.tmplEnd[p-1])
	}
	return m.classNameEnd(k)
}

// classNameEnd reports whether token k ends a class head after its name.
func (m *macroScan) classNameEnd(k int) bool {
	return m.is(k, "{") || m.is(k, ":") || m.is(k, "final") || m.is(k, "<") || m.is(k, ";")
}

// namespaceAttr: "namespace std _GLIBCXX_VISIBILITY(default) {", and
// "using T _GLIBCXX20_DEPRECATED(...) = U;".
func (m *macroScan) namespaceAttr(i, end int) bool {
	return m.ident(i-1) && (m.is(i-2, "namespace") && m.is(end+1, "{") || m.is(i-2, "using") && m.is(end+1, "="))
}

// betweenTypeAndName: "DWORD WINAPI Run(", "xmlDocPtr XMLCALL xmlParse(",
// "static void LIBXML_ATTR_FORMAT(3,0) xmlWarn(".
func (m *macroScan) betweenTypeAndName(i, end int) bool {
	// The name is followed by its parameter list, or by a macro around it
	// ("char * ZEXPORT gzgets OF((gzFile file))").
	if !m.ident(end+1) || !m.is(end+2, "(") && !(m.isMacroName(end+2) && m.is(end+3, "(") && m.is(end+4, "(")) {
		return false
	}
	switch n := m.text(end + 1); {
	case m.isReservedMacro(end + 1), n == "__attribute__", n == "__attribute", n == "__asm__", n == "__asm":
		// "__REDIRECT (f, (int), g) __nonnull ((1))": what follows is an
		// annotation, not a name.
		return false
	}
	// The word before must end a type: not a specifier ("constexpr _TW
	// f(" has the type _TW), a template header or a blanked macro.
	p := i - 1
	if !(m.ident(p) || m.is(p, "*") || m.is(p, "&") || m.is(p, ">")) || m.blanked[p] || m.tmplEnd[p] {
		return false
	}
	if m.ident(p) {
		switch m.text(p) {
		case "const", "volatile", "struct", "union", "enum", "class", "unsigned", "signed",
			"return", "new", "delete", "case", "goto", "typename", "sizeof", "else", "do":
			return false
		}
		if declSpecifierWords[m.text(p)] {
			return false
		}
	}
	return !m.is(end+1, "operator") && m.inDeclarationScope()
}

// typeMacro: "XMLPARSEAPI(void *) XML_GetBuffer(...)": an export macro
// that takes the return type. The macro name and its parentheses are
// blanked, the type stays.
func (m *macroScan) typeMacro(i, end int) bool {
	n := m.skipMacros(end + 1)
	if end <= i+2 || !m.ident(n) || !m.is(n+1, "(") || !m.atStatementStart(i) {
		return false
	}
	for k := i + 2; k < end; k++ {
		if !(m.ident(k) || m.is(k, "*") || m.is(k, "&") || m.is(k, "::") || m.is(k, "<") || m.is(k, ">") || m.is(k, ",")) {
			return false
		}
	}
	return m.inDeclarationScope()
}

// protoMacro: "int f TRIO_PROTO((int a, char *b));", "OF((z_streamp s))":
// a macro that wraps a parameter list for pre-ANSI compilers. The macro
// and its outer parentheses are blanked, the parameter list stays.
// afterTypedefName: a macro between a typedef's name and its ";"
// ("typedef struct gcry_mpi *GCRY_MPI _GCRY_GCC_ATTR_DEPRECATED;").
func (m *macroScan) afterTypedefName(i, end int) bool {
	if !m.is(m.stmt, "typedef") || !m.is(end+1, ";") {
		return false
	}
	p := i - 1
	if p <= m.stmt || !m.ident(p) || builtinTypes[m.text(p)] || declSpecifierWords[m.text(p)] {
		return false
	}
	// The word before the name ends a type: "*", or a type name that is
	// not a tag ("typedef struct s S;" names S).
	switch q := m.text(p - 1); {
	case q == "*" || q == "&":
		return true
	case m.ident(p - 1):
		switch q {
		case "typedef", "struct", "union", "enum", "const", "volatile", "signed", "unsigned":
			return false
		}
		return true
	}
	return m.is(p-1, "}")
}

// skipMacros skips macros in capitals (with their arguments) from k that
// are followed by more words, and returns the first token after them.
func (m *macroScan) skipMacros(k int) int {
	for m.ident(k) && m.isMacroName(k) {
		e := m.argsEnd(k)
		if !m.ident(e + 1) {
			break
		}
		k = e + 1
	}
	return k
}

func (m *macroScan) protoMacro(i, end int) bool {
	if end <= i+3 || !m.is(i+1, "(") || !m.is(i+2, "(") || !m.ident(i-1) || declSpecifierWords[m.text(i-1)] {
		return false
	}
	depth := 0
	for k := i + 2; k < end; k++ {
		switch m.text(k) {
		case "(":
			depth++
		case ")":
			depth--
			if depth == 0 && k != end-1 {
				return false
			}
		}
	}
	return m.inDeclarationScope()
}

// callingConvention: "(XMLCALL *fn)(" in a function pointer declarator.
func (m *macroScan) callingConvention(i int) bool {
	return m.is(i-1, "(") && (m.ident(i-2) || m.is(i-2, "*")) && m.is(i+1, "*") &&
		m.ident(i+2) && m.is(i+3, ")") && m.is(i+4, "(")
}

// paramQualifier: "(__GC_CONST _CharT* p", ", IN DWORD n": a macro before
// a parameter's type. "(DWORD n," is a type and stays.
func (m *macroScan) paramQualifier(i int) bool {
	if !(m.is(i-1, "(") || m.is(i-1, ",")) || !m.ident(i+1) {
		return false
	}
	n := i + 2
	return m.ident(n) || m.is(n, "*") || m.is(n, "&") || m.is(n, "&&") || m.is(n, "::") || m.is(n, "<")
}

// afterParamName: "(SpinLock& l ABSL_ATTRIBUTE_CAPTURED_BY(this))": an
// annotation after a parameter's name.
func (m *macroScan) afterParamName(i, end int) bool {
	p := i - 1
	if end == i || !m.ident(p) || builtinTypes[m.text(p)] || m.isMacroName(p) {
		return false
	}
	if !(m.ident(p-1) || m.is(p-1, "*") || m.is(p-1, "&") || m.is(p-1, "&&") || m.is(p-1, ">")) {
		return false
	}
	n := m.text(end + 1)
	return n == ")" || n == "," || n == "="
}

// pointerQualifier: "T* absl_nonnull get()", "(const char* _Nullable s)":
// a word between "*" and a declarator name is a qualifier macro.
func (m *macroScan) pointerQualifier(i int) bool {
	// "void *myalloc OF((...))": the word after is a macro, myalloc the name.
	if !(m.is(i-1, "*") || m.is(i-1, "&") || m.is(i-1, "&&")) || !m.ident(i+1) || m.isMacroName(i+1) {
		return false
	}
	switch m.text(i) {
	case "const", "volatile", "restrict", "__restrict", "__restrict__", "__unaligned", "__ptr32",
		"__ptr64", "_Atomic", "operator", "_Nonnull", "_Nullable", "_Null_unspecified", "__sptr", "__uptr":
		return false
	}
	switch m.text(i + 1) {
	case "const", "volatile", "operator":
		return false
	}
	switch m.text(i + 2) {
	case "(", ")", ";", "=", ",", "[", "{":
		return true
	}
	return false
}

func (m *macroScan) inDeclarationScope() bool {
	k := m.braces[len(m.braces)-1].kind
	return k == braceScope || k == braceClass
}

// openBrace classifies the "{" at i by the tokens of its statement.
func (m *macroScan) openBrace(i int) braceFrame {
	start := m.stmt
	parent := m.braces[len(m.braces)-1]
	if start >= i {
		if parent.kind == braceInit || parent.kind == braceEnum {
			return braceFrame{kind: braceInit}
		}
		return braceFrame{kind: braceBlock}
	}
	prev := m.text(i - 1)
	switch prev {
	case "=", "(", ",", "[", "return", "?":
		return braceFrame{kind: braceInit}
	}
	if parent.kind == braceInit {
		return braceFrame{kind: braceInit}
	}
	angle, paren := 0, 0
	classKey := -1
	for k := start; k < i; k++ {
		switch m.text(k) {
		case "enum":
			if paren == 0 {
				return braceFrame{kind: braceEnum}
			}
		case "namespace":
			if paren == 0 && angle == 0 {
				return braceFrame{kind: braceScope}
			}
		case "extern":
			if m.toks[k+1].kind == tokLiteral && k+2 == i {
				return braceFrame{kind: braceScope}
			}
		case "<":
			if m.is(k-1, "template") {
				if j := m.matchAngle(k); j > 0 {
					k = j
				}
			}
		case "(":
			if classKey >= 0 && !m.isMacroName(k-1) && !m.is(k-1, "alignas") &&
				!m.is(k-1, "__attribute__") && !m.is(k-1, "__declspec") {
				classKey = -2 // "struct S *f(void) {": a function
			}
			paren++
		case ")":
			paren--
		case "class", "struct", "union":
			if paren == 0 && classKey == -1 {
				classKey = k
			}
		}
	}
	if classKey >= 0 {
		return braceFrame{kind: braceClass, class: m.className(classKey, i)}
	}
	return braceFrame{kind: braceBlock}
}

// className finds the name after the class key at k, skipping macros and
// attributes; for "A::B" it is B.
func (m *macroScan) className(k, open int) string {
	name := ""
	for j := k + 1; j < open; j++ {
		switch {
		case m.is(j, "[["):
			j = m.skipTo(j, "]")
		case m.is(j, "__attribute__"), m.is(j, "alignas"), m.is(j, "__declspec"):
			j = m.argsEnd(j)
		case m.ident(j) && m.isMacroName(j) && !m.is(j+1, "::") && !m.is(j+1, "{") && !m.is(j+1, ":") && !m.is(j+1, "<"):
			j = m.argsEnd(j)
		case m.ident(j):
			name = m.text(j)
			if !m.is(j+1, "::") {
				return name
			}
			j++
		default:
			return name
		}
	}
	return name
}
