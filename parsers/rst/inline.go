package rst

import (
	"path"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/parsers/markdown"
)

// pyRoles are the Python domain's roles that name an object.
var pyRoles = map[string]bool{
	"func": true, "meth": true, "class": true, "attr": true, "mod": true, "exc": true,
	"data": true, "obj": true, "const": true, "type": true,
}

// proseRoles hold words, not names.
var proseRoles = map[string]bool{
	"term": true, "guilabel": true, "menuselection": true, "abbr": true, "dfn": true,
	"emphasis": true, "strong": true, "title-reference": true, "title": true, "t": true,
	"pep": true, "rfc": true, "index": true, "sub": true, "sup": true, "subscript": true,
	"superscript": true, "ref": true, "doc": true, "numref": true, "keyword": true,
	"abbreviation": true, "ab": true, "ac": true, "pep-reference": true, "rfc-reference": true,
}

var (
	roleRe       = regexp.MustCompile(`^:([A-Za-z0-9][\w.:+-]*):` + "`")
	roleSuffixRe = regexp.MustCompile(`^:([A-Za-z0-9][\w.:+-]*?):`) // `text`:role:
)

// javadocRe matches a Javadoc {@link Class#member} mention where it
// starts.
var javadocRe = regexp.MustCompile(`^\{@link(?:plain)?\s+([\w.$]*(?:#[\w$]+)?)`)

// startOK reports whether inline markup may start after byte p (docutils:
// after whitespace, the start, or an opening punctuation mark).
func startOK(p byte) bool {
	return p == ' ' || p == '\t' || p == '\n' || p == '\r' || p >= utf8.RuneSelf ||
		strings.IndexByte(`-:/'"<([{`, p) >= 0
}

// inline scans the text [s, e) for inline markup: it records the text's
// spans (prose as body, literals and names as code) when index is set,
// and its links and Python references always.
func (r *reader) inline(s, e int, ctx context, index bool) {
	src := r.src
	last := s
	body := func(to int) {
		if index && to > last {
			r.span(last, to, treenav.FieldBody)
		}
	}
	for i := s; i < e; i++ {
		c := src[i]
		if c == '\\' {
			i++
			continue
		}
		if i > s && !startOK(src[i-1]) && c != '`' {
			continue
		}
		switch c {
		case '`':
			if i > s && !startOK(src[i-1]) && src[i-1] != ':' {
				continue
			}
			if i+1 < e && src[i+1] == '`' {
				end := indexFrom(src, i+2, e, "``")
				if end < 0 {
					continue
				}
				body(i)
				if index {
					r.span(i+2, end, treenav.FieldCode)
				}
				last, i = end+2, end+1
				continue
			}
			end := indexFrom(src, i+1, e, "`")
			if end < 0 {
				continue
			}
			body(i)
			inner := string(src[i+1 : end])
			after := end + 1
			switch {
			case strings.HasPrefix(string(src[after:e]), "__"):
				after += 2
				r.inlineText(i+1, end, treenav.FieldBody, index)
			case strings.HasPrefix(string(src[after:e]), "_"):
				after++
				r.inlineText(i+1, end, treenav.FieldBody, index)
			default:
				if m := roleSuffixRe.FindStringSubmatch(string(src[after:min(e, after+60)])); m != nil {
					after += len(m[0])
					r.role(m[1], inner, i+1, end, ctx, index)
				} else {
					// The default role: a name, in Sphinx projects.
					r.inlineText(i+1, end, treenav.FieldCode, index)
				}
			}
			last, i = after, after-1
		case ':':
			m := roleRe.FindStringSubmatch(string(src[i:min(e, i+60)]))
			if m == nil {
				continue
			}
			open := i + len(m[0]) // past the backquote
			end := indexFrom(src, open, e, "`")
			if end < 0 {
				continue
			}
			body(i)
			r.role(m[1], string(src[open:end]), open, end, ctx, index)
			last = end + 1
			i = end
		case '{':
			if m := javadocRe.FindSubmatchIndex(src[i:min(e, i+200)]); m != nil && m[3] > m[2] {
				t := strings.ReplaceAll(string(src[i+m[2]:i+m[3]]), "#", ".")
				r.link(i, treenav.Link{Target: strings.Trim(t, "."), Kind: "javadoc:link"})
			}
		}
	}
	body(e)
}

// inlineText records [s, e) as field f.
func (r *reader) inlineText(s, e int, f treenav.Field, index bool) {
	if index {
		r.span(s, e, f)
	}
}

// role records an interpreted text role's text [s, e) and what it links.
func (r *reader) role(name, inner string, s, e int, ctx context, index bool) {
	role := strings.ToLower(name)
	domain := ""
	if k := strings.LastIndexByte(role, ':'); k >= 0 {
		domain, role = role[:k], role[k+1:]
	}
	title, target := splitTitle(inner)
	f := treenav.FieldCode
	if proseRoles[role] {
		f = treenav.FieldBody
	}
	r.inlineText(s, e, f, index)
	switch {
	case role == "doc" && domain == "":
		if p, ok := docTarget(r.rel, target); ok {
			l := treenav.Link{Target: p, Kind: LinkDoc}
			if title != "" {
				l.Label = title
			}
			r.link(s, l)
		}
	case role == "ref" && (domain == "" || domain == "std"):
		if target != "" {
			r.link(s, treenav.Link{Target: strings.ToLower(target), Kind: LinkRef, Label: title})
		}
	case pyRoles[role] && (domain == "" || domain == "py"):
		if !strings.HasPrefix(target, "!") {
			r.pyLink(s, role, target, ctx, false)
		}
	}
}

// splitTitle splits "title <target>" into its parts; a text without an
// explicit title is its own target.
func splitTitle(s string) (title, target string) {
	s = strings.TrimSpace(s)
	if strings.HasSuffix(s, ">") {
		if lt := strings.LastIndex(s, "<"); lt > 0 && (s[lt-1] == ' ' || s[lt-1] == '\n') {
			return strings.Join(strings.Fields(s[:lt]), " "), strings.TrimSpace(s[lt+1 : len(s)-1])
		}
	}
	return "", strings.Join(strings.Fields(s), "")
}

// PyLinkKind is the prefix of the kind of a link to a Python object: the
// role or directive that names it follows ("py:func", "py:autoclass").
const PyLinkKind = "py:"

// pyLink records a reference to a Python object named by role (a role or
// a directive) as written: "~" only shortens what Sphinx shows, a leading
// "." asks it to search by suffix. The target is the name qualified by the
// current module and class, as Sphinx tries it last; the label keeps the
// name as written when it differs, so that a resolver can try Sphinx's
// other readings (the name alone, then the module's).
func (r *reader) pyLink(pos int, role, name string, ctx context, directive bool) {
	name = strings.TrimPrefix(strings.TrimSpace(name), "~")
	if name == "" {
		return
	}
	target := r.qualify(role, strings.TrimPrefix(name, "."), ctx)
	l := treenav.Link{Target: target, Kind: PyLinkKind + role}
	if name != target {
		l.Label = name
	}
	r.link(pos, l)
	r.refs = append(r.refs, Ref{Role: role, Directive: directive, Name: name, Module: r.module, Class: ctx.class, Target: target, Pos: pos})
}

// qualify prefixes a name with the current module and class, unless it
// already starts with the module (a function named as its module, such as
// socket.socket, written "socket", is still qualified).
func (r *reader) qualify(role, name string, ctx context) string {
	switch role {
	case "mod", "module", "automodule", "currentmodule":
		return name
	}
	if r.module != "" && strings.HasPrefix(name, r.module+".") {
		return name // already qualified ("json.dumps" in json's page)
	}
	prefix := r.module
	if ctx.class != "" && !strings.HasPrefix(name, ctx.class+".") {
		prefix = join(prefix, ctx.class)
	}
	return join(prefix, name)
}

// relativeClass is a class directive's name relative to the current
// module: roles inside it are read against it.
func (r *reader) relativeClass(name string, ctx context) string {
	if r.module != "" && strings.HasPrefix(name, r.module+".") {
		return strings.TrimPrefix(name, r.module+".")
	}
	if ctx.class != "" && !strings.HasPrefix(name, ctx.class+".") {
		return ctx.class + "." + name
	}
	return name
}

func join(a, b string) string {
	if a == "" {
		return b
	}
	return a + "." + b
}

func indexFrom(src []byte, from, end int, sep string) int {
	if from >= end {
		return -1
	}
	k := strings.Index(string(src[from:end]), sep)
	if k < 0 {
		return -1
	}
	return from + k
}

// relativeTarget turns a path written in the file rel (an include, a
// target's URL) into a path relative to the collection root; URLs,
// fragments and paths that leave the collection are not.
func relativeTarget(rel, dest string) (string, bool) {
	dest = strings.TrimSpace(dest)
	if strings.HasPrefix(dest, "<") && strings.HasSuffix(dest, ">") {
		return "", false // a standard include (<isonum.txt>)
	}
	if i := strings.IndexAny(dest, "#?"); i >= 0 {
		dest = dest[:i]
	}
	if dest == "" || strings.HasPrefix(dest, "//") || hasScheme(dest) || strings.HasSuffix(dest, ".html") {
		return "", false
	}
	var p string
	if strings.HasPrefix(dest, "/") {
		p = path.Clean(strings.TrimLeft(dest, "/"))
	} else {
		p = path.Join(path.Dir(rel), dest)
	}
	if p == "." || p == ".." || strings.HasPrefix(p, "../") {
		return "", false
	}
	return p, true
}

// docTarget is relativeTarget for a Sphinx document name, written without
// its extension; the resolver tries the document extensions.
func docTarget(rel, name string) (string, bool) {
	return relativeTarget(rel, name)
}

func hasScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return true
		default:
			return false
		}
	}
	return false
}

var (
	literalRe   = regexp.MustCompile("``(.+?)``")
	roleTextRe  = regexp.MustCompile(":([A-Za-z0-9][\\w.:+-]*):`([^`]*)`")
	refTextRe   = regexp.MustCompile("`([^`]*)`(__?|:[A-Za-z0-9][\\w.:+-]*:)?")
	simpleRefRe = regexp.MustCompile(`(^|[\s(\[{<])([A-Za-z0-9]+(?:[-.+:_][A-Za-z0-9]+)*)__?([\s.,;:!?)\]}>'"]|$)`)
	emphasisRe  = regexp.MustCompile(`(^|[\s(\[{<'"/:-])\*{1,2}([^\s*](?:[^*]*[^\s*])?)\*{1,2}`)
)

// plainInline is a text without its inline markup, as docutils' astext
// gives it: a role's text as Sphinx shows it (an explicit title, or the
// target, "~" keeping its last part), a reference's text without its
// target, literals without their quotes.
func plainInline(s string) string {
	s = literalRe.ReplaceAllString(s, "\x00$1\x01")
	s = roleTextRe.ReplaceAllStringFunc(s, func(m string) string {
		sub := roleTextRe.FindStringSubmatch(m)
		switch strings.ToLower(sub[1]) {
		case "pep", "pep-reference":
			return "PEP " + sub[2]
		case "rfc", "rfc-reference":
			return "RFC " + sub[2]
		}
		return displayText(sub[2])
	})
	s = refTextRe.ReplaceAllStringFunc(s, func(m string) string {
		sub := refTextRe.FindStringSubmatch(m)
		if sub[2] != "" && sub[2][0] == ':' {
			return displayText(sub[1])
		}
		t, target := splitTitle(sub[1])
		if t == "" {
			return strings.Join(strings.Fields(sub[1]), " ")
		}
		_ = target
		return t
	})
	s = emphasisRe.ReplaceAllString(s, "$1$2")
	s = simpleRefRe.ReplaceAllString(s, "$1$2$3")
	s = unescape(s)
	s = strings.NewReplacer("\x00", "", "\x01", "").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// displayText is what Sphinx shows for a cross-reference's text.
func displayText(inner string) string {
	t, target := splitTitle(inner)
	if t != "" {
		return t
	}
	target = strings.TrimPrefix(target, "!")
	if strings.HasPrefix(target, "~") {
		target = target[1:]
		if k := strings.LastIndexByte(target, '.'); k >= 0 {
			target = target[k+1:]
		}
	}
	return target
}

// unescape removes backslash escapes; an escaped space is removed whole.
func unescape(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			if s[i] == ' ' || s[i] == '\n' {
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// languageName is treenav's name for a highlight language.
func languageName(lang string) string {
	switch strings.ToLower(lang) {
	case "", "none":
		return ""
	case "default", "python3", "py3", "ipython", "ipython3":
		return "python"
	}
	return markdown.LanguageName(lang)
}

func hasLetter(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

func truncateWords(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := strings.LastIndexByte(s[:max], ' ')
	if cut < max/2 {
		cut = max
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
	}
	return strings.TrimRight(s[:cut], " ,;:") + "…"
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		if k != "" {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}
