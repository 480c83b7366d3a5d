package rst

import (
	"regexp"
	"strings"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/parsers/markdown"
)

// LinkDoc is the kind of a link to another document: :doc:, toctree
// entries, include and literalinclude. It resolves as a markdown link
// does, its target a path relative to the collection root.
const LinkDoc = markdown.LinkDoc

// LinkRef is the kind of a :ref: link; its target is the label as
// written (".. _label:" defines it), which no resolver reads yet.
const LinkRef = "ref"

var (
	directiveRe = regexp.MustCompile(`^\.\.[ ]+([a-zA-Z0-9][a-zA-Z0-9_.:+-]*?)[ ]?::( +|$)`)
	targetRe    = regexp.MustCompile("^\\.\\.[ ]+_(`[^`]+`|[^:`]([^:\\\\]|\\\\.)*):( +|$)")
	footnoteRe  = regexp.MustCompile(`^\.\.[ ]+\[([^\]]+)\]( +|$)`)
	substRe     = regexp.MustCompile(`^\.\.[ ]+\|[^|]+\|`)
)

// Directive families.
var (
	// codeDirectives hold code in their content.
	codeDirectives = map[string]bool{
		"code-block": true, "code": true, "sourcecode": true, "testcode": true, "testsetup": true,
		"testcleanup": true, "doctest": true, "testoutput": true, "parsed-literal": true,
		"productionlist": true, "prompt": true, "ipython": true, "jupyter-execute": true,
	}
	// noteDirectives are admonitions and version notes: nodes titled by
	// their name (and their argument).
	noteDirectives = map[string]bool{
		"note": true, "warning": true, "tip": true, "important": true, "caution": true,
		"danger": true, "attention": true, "hint": true, "error": true, "seealso": true,
		"todo": true, "versionadded": true, "versionchanged": true, "deprecated": true,
		"versionremoved": true, "impl-detail": true, "admonition": true, "topic": true, "sidebar": true,
	}
	// structural directives shape or include content; they are not nodes,
	// whatever their argument.
	structural = map[string]bool{
		"toctree": true, "include": true, "literalinclude": true, "highlight": true, "index": true,
		"image": true, "figure": true, "raw": true, "only": true, "ifconfig": true, "container": true,
		"rst-class": true, "role": true, "default-role": true, "default-domain": true,
		"sectionauthor": true, "moduleauthor": true, "codeauthor": true, "tabularcolumns": true,
		"csv-table": true, "list-table": true, "table": true, "math": true, "graphviz": true,
		"digraph": true, "graph": true, "plot": true, "tab": true, "tabs": true, "group-tab": true,
		"code-tab": true, "glossary": true, "centered": true, "hlist": true, "compound": true,
		"epigraph": true, "highlights": true, "pull-quote": true, "line-block": true, "rubric": true,
		"contents": true, "sectnum": true, "header": true, "footer": true, "meta": true, "title": true,
		"unicode": true, "date": true, "replace": true, "class": false, "module": true,
		"currentmodule": true, "program": true, "cssclass": true, "automodsumm": true,
		"autosummary": true, "inheritance-diagram": true, "mermaid": true, "uml": true,
		"note-block": true, "dropdown": true, "card": true, "grid": true, "grid-item": true,
		"grid-item-card": true, "tab-set": true, "tab-item": true, "admonition-block": true,
		"versionadded-block": true, "spelling:word-list": true, "envvar-list": true, "deprecated-removed": false,
	}
	// pyObjects are the Python domain's object directives and autodoc's:
	// they name the code they document.
	pyObjects = map[string]string{
		"function": "func", "method": "meth", "classmethod": "meth", "staticmethod": "meth",
		"class": "class", "exception": "exc", "attribute": "attr", "property": "attr",
		"data": "data", "decorator": "func", "decoratormethod": "meth", "coroutinefunction": "func",
		"coroutinemethod": "meth", "abstractmethod": "meth", "awaitablefunction": "func",
		"awaitablemethod": "meth", "module": "mod", "currentmodule": "mod",
		"autoclass": "class", "autofunction": "func", "automethod": "meth", "autoattribute": "attr",
		"autoexception": "exc", "autodata": "data", "autodecorator": "func", "autoproperty": "attr",
		"automodule": "mod", "autoclasstoc": "class",
	}
)

// classLike reports directives whose content is a class's: roles there
// are read against it.
func classLike(name string) bool {
	switch name {
	case "class", "exception", "autoclass", "autoexception":
		return true
	}
	return false
}

// explicit reads an explicit markup block ("..") that starts at line i.
func (r *reader) explicit(bl bodyLine, i, end, col int, top bool, ctx context) int {
	t := bl.text
	j := max(r.indented(i+1, end, col), i+1)
	if m := directiveRe.FindStringSubmatch(t); m != nil {
		return r.directive(bl, i, j, col, m[1], t[len(m[0]):], top, ctx)
	}
	if substRe.MatchString(t) {
		return j
	}
	if m := footnoteRe.FindStringSubmatch(t); m != nil {
		r.noteContent(top)
		r.body(i, j, col+3, bl.from+len(m[0]), false, ctx)
		return j
	}
	if m := targetRe.FindStringSubmatch(t); m != nil {
		target := strings.TrimSpace(t[len(m[0]):])
		for k := i + 1; k < j; k++ {
			target += strings.TrimSpace(r.lines[k].text)
		}
		if target != "" && !strings.HasSuffix(target, "_") {
			if p, ok := relativeTarget(r.rel, target); ok {
				r.link(bl.from, treenav.Link{Target: p, Kind: LinkDoc})
			}
		}
		return j
	}
	// A comment: "..", then text that is none of the above. An empty
	// comment followed by a blank line ends there ("a tiny but practical
	// wart" of docutils'): the indented block after it is a block quote.
	if strings.TrimSpace(t) == ".." && i+1 < end && r.lines[i+1].blank {
		return i + 1
	}
	return j
}

// directive reads a directive ".. name:: args" whose block is the lines
// [i, j).
func (r *reader) directive(bl bodyLine, i, j, col int, name, args string, top bool, ctx context) int {
	full := strings.ToLower(name)
	base := full
	if k := strings.LastIndexByte(base, ':'); k >= 0 {
		base = base[k+1:]
	}
	// Arguments run to the first blank line or option; options follow;
	// the content is what comes after the first blank line.
	argLines := []string{strings.TrimSpace(args)}
	k := i + 1
	for ; k < j && !r.lines[k].blank && fieldMarkerEnd(r.lines[k].text) == 0; k++ {
		argLines = append(argLines, r.lines[k].text)
	}
	options := map[string]string{}
	for ; k < j && !r.lines[k].blank; k++ {
		t := r.lines[k].text
		if m := fieldMarkerEnd(t); m > 0 {
			key := strings.TrimRight(t[:m], " ")
			options[strings.ToLower(strings.Trim(key, ":"))] = strings.TrimSpace(t[m:])
		}
	}
	content := k
	for content < j && r.lines[content].blank {
		content++
	}
	contentCol := col + 3
	for c := content; c < j; c++ {
		if !r.lines[c].blank {
			contentCol = r.lines[c].indent
			break
		}
	}
	arg := strings.TrimSpace(strings.Join(argLines, " "))
	firstArg := strings.TrimSpace(argLines[0])
	start, stop := r.lines[i].start, r.lines[j-1].next

	switch {
	case base == "highlight":
		r.highlight = firstWord(arg)
		return j
	case base == "module" || base == "currentmodule":
		if strings.HasPrefix(full, "py:") || !strings.Contains(full, ":") {
			r.module = firstWord(arg)
			if r.module == "None" {
				r.module = ""
			}
			if base == "module" && r.module != "" {
				r.pyLink(bl.from, "module", r.module, ctx, true)
			}
		}
		r.body(content, j, contentCol, -1, false, ctx)
		return j
	case codeDirectives[base]:
		r.noteContent(top)
		lang := firstWord(arg)
		switch base {
		case "doctest", "testcode", "testsetup", "testcleanup":
			lang = "python"
		case "testoutput", "parsed-literal", "productionlist", "prompt":
			lang = ""
		}
		if lang == "" && (base == "code-block" || base == "sourcecode" || base == "code") {
			lang = r.highlight
		}
		title := lang
		if base == "productionlist" {
			title = base
		}
		if content < j {
			r.literal(content, j, contentCol, lang, title, i, j)
		} else {
			r.addBlock(start, stop, treenav.KindCode, "", title, "", languageName(lang), nil)
		}
		return j
	case base == "literalinclude" || base == "include":
		r.noteContent(top)
		if p, ok := relativeTarget(r.rel, firstArg); ok {
			r.link(bl.from, treenav.Link{Target: p, Kind: LinkDoc})
		}
		return j
	case base == "toctree":
		for c := content; c < j; c++ {
			e := strings.TrimSpace(r.lines[c].text)
			if e == "" || strings.HasPrefix(e, ":") || e == "self" || options["glob"] != "" && strings.ContainsAny(e, "*?[") {
				continue
			}
			if lt := strings.LastIndexByte(e, '<'); lt >= 0 && strings.HasSuffix(e, ">") {
				e = e[lt+1 : len(e)-1]
			}
			if p, ok := docTarget(r.rel, e); ok {
				r.link(r.lines[c].start, treenav.Link{Target: p, Kind: LinkDoc})
			}
		}
		return j
	case base == "index" || base == "raw" || base == "role" || base == "default-role" ||
		base == "tabularcolumns" || base == "meta" || base == "contents" || base == "sectnum":
		return j
	}

	r.noteContent(top)
	inner := ctx
	if noteDirectives[base] || !structural[base] && !isObjectArgument(firstArg) {
		// An argument that runs over several lines is text (a version
		// note's explanation, an admonition's title).
		for a := i + 1; a < i+len(argLines); a++ {
			r.prose(r.lines[a].start+min(r.lines[a].indent, r.lines[a].end-r.lines[a].start), r.lines[a].end, ctx)
		}
	}
	if _, ok := pyObjects[base]; ok && (strings.HasPrefix(full, "py:") || !strings.Contains(full, ":") || strings.HasPrefix(full, "auto")) {
		obj := objectName(firstArg)
		if base == "automodule" {
			r.module = obj
		}
		if obj != "" {
			r.pyLink(bl.from, base, obj, ctx, true)
		}
		if classLike(base) && obj != "" {
			inner.class = r.relativeClass(obj, ctx)
		}
	}
	switch {
	case noteDirectives[base]:
		title := base
		switch base {
		case "admonition", "topic", "sidebar":
			title = firstArg
		case "versionadded", "versionchanged", "deprecated", "versionremoved":
			if v := firstWord(firstArg); v != "" {
				title = base + " " + v
			}
			// The rest of the argument line is the note's first words.
			r.prose(bl.from+len(bl.text)-len(args), bl.end, inner)
		}
		if title == "" {
			title = base
		}
		r.addBlock(start, stop, treenav.KindSection, name, title, "", "", nil)
	case !structural[base] && isObjectArgument(firstArg):
		obj := objectName(firstArg)
		sig := strings.Join(strings.Fields(arg), " ")
		if sig == obj {
			sig = ""
		}
		r.addBlock(start, stop, treenav.KindSection, name, obj, sig, "", nil)
		// The signature's parameters are searched for (sort_keys finds
		// json.dumps); its name is the node's title already.
		if p := strings.IndexByte(args, '('); p >= 0 {
			r.span(bl.from+len(bl.text)-len(args)+p, bl.end, treenav.FieldCode)
		}
		for a := i + 1; a < i+len(argLines); a++ {
			r.span(r.lines[a].end-len(r.lines[a].text), r.lines[a].end, treenav.FieldCode)
		}
	default:
		// Its argument is text (a figure's caption, a rubric's title).
		if base != "image" && base != "figure" && base != "only" && base != "ifconfig" && firstArg != "" {
			r.prose(bl.from+len(bl.text)-len(args), bl.end, inner)
		}
	}
	if content < j {
		r.body(content, j, contentCol, -1, false, inner)
	}
	return j
}

// isObjectArgument reports a directive argument that names an object: an
// identifier, a dotted name, or a signature ("join(a, *p)").
func isObjectArgument(arg string) bool {
	name := objectName(arg)
	if name == "" {
		return false
	}
	rest := strings.TrimSpace(arg[strings.Index(arg, name)+len(name):])
	return rest == "" || rest[0] == '(' || rest[0] == '[' || rest[0] == '<' || rest[0] == '=' || rest[0] == ':'
}

var objectNameRe = regexp.MustCompile(`^[~!]?([A-Za-z_$@-][\w$.:@/-]*)`)

// objectName is the name a directive's argument or signature gives:
// "join" of "join(a, *p)", "Request" of "Request(url[, ...])".
func objectName(arg string) string {
	arg = strings.TrimSpace(arg)
	// A C or Python signature may carry a return type or a prefix
	// ("async def", "class"): the name is the word before "(".
	if p := strings.IndexByte(arg, '('); p > 0 {
		head := strings.TrimSpace(arg[:p])
		if sp := strings.LastIndexAny(head, " *&"); sp >= 0 {
			head = head[sp+1:]
		}
		if m := objectNameRe.FindStringSubmatch(head); m != nil && len(m[1]) == len(strings.TrimLeft(head, "~!")) {
			return strings.TrimRight(m[1], ".:")
		}
	}
	m := objectNameRe.FindStringSubmatch(arg)
	if m == nil {
		return ""
	}
	return strings.TrimRight(m[1], ".:")
}

func firstWord(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return f[0]
	}
	return ""
}
