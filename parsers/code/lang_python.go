package code

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/smacker/go-tree-sitter/python"

	"github.com/treenav/treenav"
)

func init() {
	Register(&Language{
		Name:         "python",
		Extensions:   []string{".py", ".pyi"},
		Interpreters: []string{"python", "python3"},
		Grammar:      python.GetLanguage,
		CommentTypes: []string{"comment"},
		// An assignment's statement carries the comments above it.
		Wrappers:        []string{"decorated_definition", "expression_statement"},
		Fixup:           pythonFixup,
		Expand:          pythonExpand,
		ModuleDoc:       pythonModuleDoc,
		ModuleDocAsCode: true,
		Adopt:           pythonAdopt,
		// Every pattern of python.scm starts at one of these; a def or
		// class can sit in any block, never in an expression.
		StartTypes: []string{"module", "class_definition", "function_definition",
			"decorated_definition", "type_alias_statement"},
		StartInside: []string{"module", "block", "class_definition", "function_definition",
			"decorated_definition", "if_statement", "elif_clause", "else_clause",
			"for_statement", "while_statement", "try_statement", "except_clause",
			"except_group_clause", "finally_clause", "with_statement",
			"match_statement", "case_clause"},
	})
}

// pythonFixup sets signatures, kinds and docs.
//
// A def or class signature runs from the keyword ("async def", "class") to
// the colon that opens the body, after its decorators, each on one line
// ("@property def flags(self) -> int"); a comment after the colon is left
// out. An @overload stub is a declaration: the implementation, after it,
// is the definition. A property's setter, deleter or getter (@NAME.setter)
// is named by its part ("setter") and attached to the property NAME by
// pythonAdopt, so that its id is NAME.setter.
//
// A def or class ends on its last line of code, as in CPython's ast:
// tree-sitter keeps comments that follow the last statement at the body's
// indentation inside the body, but they are notes on what follows or
// commented-out code, and they stay in the enclosing symbol's content.
//
// An assignment's signature is its first line. A variable pythonExpand
// found in a conditional module-level block gets the kind the
// module-level patterns give (constant, type alias, NewType, TypeVar). Its
// doc is, in this order, the string literal right after it, a Sphinx "#:"
// comment above it or at the end of its line, or the comments above it.
func pythonFixup(s *Symbol, src []byte) {
	n := s.Node
	switch n.Type() {
	case "function_definition", "class_definition":
		end := n.EndByte()
		if c := lastChildOfType(n, ":"); c != nil {
			end = c.StartByte()
		}
		s.Signature = tidySignature(signature(src[n.StartByte():end]))
		if s.Start < n.StartByte() {
			pythonDecorated(s, src)
		}
		if s.End != n.EndByte() || mayEndInComment(src[n.StartByte():n.EndByte()]) {
			if last := lastCode(n, "comment"); last.EndByte() < s.End {
				s.End, s.EndRow = last.EndByte(), endRow(last)
			}
		}
	case "assignment":
		s.Signature = declarationSignature(src[n.StartByte():n.EndByte()])
		if s.Kind == treenav.KindVariable && s.NativeKind == "" {
			pythonVariableKind(s, src)
		}
		pythonAttributeDoc(s, src)
	case "type_alias_statement":
		s.Signature = declarationSignature(src[n.StartByte():n.EndByte()])
	}
}

// maxDecorator is the longest decorator a signature shows whole; a longer
// one shows its name and "(…)".
const maxDecorator = 60

var (
	pyOverload = regexp.MustCompile(`^@\s*(typing\.|typing_extensions\.)?overload\s*$`)
	// pyPart matches a property part's decorator: the property's name
	// and the part ("@flags.setter", "@Base.flags.deleter").
	pyPart = regexp.MustCompile(`^@\s*(?:[A-Za-z_][A-Za-z_0-9]*\.)*([A-Za-z_][A-Za-z_0-9]*)\.(setter|deleter|getter)\s*$`)
)

// pythonDecorated reads the decorators of a decorated def or class: they
// lead its signature, an @overload makes it a declaration, and a
// property's part is named by the part.
func pythonDecorated(s *Symbol, src []byte) {
	p := s.Node.Parent()
	if p == nil || p.Type() != "decorated_definition" {
		return
	}
	var decos []string
	for i := 0; i < int(p.NamedChildCount()); i++ {
		d := p.NamedChild(i)
		if d.Type() != "decorator" {
			continue
		}
		t := signature(src[d.StartByte():d.EndByte()])
		if pyOverload.MatchString(t) {
			s.Declaration = true
		}
		if m := pyPart.FindStringSubmatch(t); m != nil && (s.NativeKind == "setter" || s.NativeKind == "deleter") {
			s.Receiver, s.Name, s.NativeKind, s.Kind = m[1], m[2], m[2], treenav.KindMethod
		}
		if len(t) > maxDecorator {
			if i := strings.IndexByte(t, '('); i > 0 {
				t = t[:i] + "(…)"
			}
		}
		decos = append(decos, t)
	}
	if len(decos) > 0 {
		sig := strings.Join(decos, " ") + " " + s.Signature
		if len(sig) > maxSignature {
			sig = signature([]byte(sig))
		}
		s.Signature = sig
	}
}

var (
	pyConstName = regexp.MustCompile(`^_*[A-Z][A-Z0-9_]*$`)
	pyFinal     = regexp.MustCompile(`^["']?(typing\.)?Final\b`)
	pyTypeAlias = regexp.MustCompile(`^["']?(typing\.)?TypeAlias["']?$`)
	pyNewType   = regexp.MustCompile(`^(typing\.)?NewType$`)
	pyTypeVar   = regexp.MustCompile(`^(typing\.)?(TypeVar|ParamSpec|TypeVarTuple)$`)
)

// pythonVariableKind gives a variable the kind python.scm's module-level
// patterns would: a TypeAlias annotation or a NewType call makes a type,
// a TypeVar stays a variable with the native word, Final or an ALL_CAPS
// name makes a constant.
func pythonVariableKind(s *Symbol, src []byte) {
	n := s.Node
	var typ, fn string
	if t := n.ChildByFieldName("type"); t != nil {
		typ = text(src, t)
	}
	if r := n.ChildByFieldName("right"); r != nil && r.Type() == "call" {
		if f := r.ChildByFieldName("function"); f != nil {
			fn = text(src, f)
		}
	}
	switch {
	case typ != "" && pyTypeAlias.MatchString(typ):
		s.Kind, s.NativeKind = treenav.KindType, "alias"
	case fn != "" && pyNewType.MatchString(fn):
		s.Kind, s.NativeKind = treenav.KindType, "newtype"
	case fn != "" && pyTypeVar.MatchString(fn):
		s.NativeKind = "typevar"
	case typ != "" && pyFinal.MatchString(typ), pyConstName.MatchString(s.Name):
		s.Kind = treenav.KindConstant
	}
}

// pythonAttributeDoc reads an assignment's Sphinx "#:" doc comment, above
// it or at the end of its line, unless a string literal after it is its
// doc. The symbol's range grows over what it documents it with (the
// string, the comment at the end of the line), as the doc's text.
func pythonAttributeDoc(s *Symbol, src []byte) {
	if d := s.docInside; d[1] > 0 {
		if d[0] >= s.End { // the string after the statement
			s.EndRow += uint32(bytes.Count(src[s.End:d[1]], []byte{'\n'}))
			s.End = d[1]
		}
		return
	}
	if s.DocStart < s.Start {
		if doc, ok := sphinxDoc(src[s.DocStart:s.Start]); ok {
			s.Doc = doc
			return
		}
	} else if from, rows := sphinxAbove(src, s.Start); rows > 0 {
		// Comments above a block's first statement are no siblings of
		// it in tree-sitter's tree: read them from the text.
		if doc, ok := sphinxDoc(src[from:s.Start]); ok {
			s.Doc, s.DocStart, s.DocRow = doc, uint32(from), s.StartRow-uint32(rows)
			return
		}
	}
	// A "#:" comment after the statement on its line.
	i := int(s.End)
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	if !bytes.HasPrefix(src[i:], []byte("#:")) {
		return
	}
	j := i + bytes.IndexByte(src[i:], '\n')
	if j < i {
		j = len(src)
	}
	c := bytes.TrimRight(src[i:j], " \t\r")
	if doc, ok := sphinxDoc(c); ok && doc != "" {
		s.Doc = doc
		s.docInside = [2]uint32{uint32(i), uint32(i + len(c))}
		s.End = uint32(i + len(c))
	}
}

// sphinxAbove finds the "#:" comment lines right above the line of start
// (which holds nothing before start but indentation): where the first
// begins and how many there are.
func sphinxAbove(src []byte, start uint32) (int, int) {
	ls := bytes.LastIndexByte(src[:start], '\n') + 1
	if len(bytes.TrimLeft(src[ls:start], " \t")) > 0 {
		return 0, 0
	}
	from, rows := int(start), 0
	for ls > 0 {
		prev := bytes.LastIndexByte(src[:ls-1], '\n') + 1
		if !bytes.HasPrefix(bytes.TrimLeft(src[prev:ls-1], " \t"), []byte("#:")) {
			break
		}
		from = prev + len(src[prev:ls-1]) - len(bytes.TrimLeft(src[prev:ls-1], " \t"))
		rows++
		ls = prev
	}
	return from, rows
}

// sphinxDoc is the text of a run of comment lines that all start with
// "#:", false when one does not.
func sphinxDoc(b []byte) (string, bool) {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	for i, ln := range lines {
		t, ok := strings.CutPrefix(strings.TrimSpace(ln), "#:")
		if !ok {
			return "", false
		}
		lines[i] = "#" + t
	}
	return cleanDoc(strings.Join(lines, "\n")), true
}

// pythonAdopt gives the symbols nested by range their Python parents:
//   - an attribute assigned on self in __init__ (a field pythonExpand
//     found, whose parent is the method __init__ of a class) is a field
//     of the class; only the first assignment of a name is (across the
//     __init__ methods of conditional definitions too), and none when the
//     class body defines the name itself (a class attribute, an
//     annotation, a method);
//   - a property's setter, deleter or getter (a part named by
//     pythonDecorated, its Receiver the property's name) belongs to the
//     property of that name defined before it in the same class. When
//     there is none (a part of an inherited property) it stays in the
//     class and its Receiver still qualifies it: NAME.setter.
func pythonAdopt(syms []Symbol) {
	var self []int
	for i := range syms {
		s := &syms[i]
		switch {
		case s.Kind == treenav.KindField && s.parent >= 0 && syms[s.parent].Name == "__init__":
			if c := syms[s.parent].parent; c >= 0 && syms[c].Kind.IsTypeLike() {
				s.parent = c
				self = append(self, i)
			} else {
				s.Name = "" // an __init__ outside a class
			}
		case s.Receiver != "" && s.Kind == treenav.KindMethod && (s.NativeKind == "setter" || s.NativeKind == "deleter" || s.NativeKind == "getter"):
			for j := i - 1; j >= 0; j-- {
				if o := &syms[j]; o.parent == s.parent && o.Kind == treenav.KindProperty && o.Name == s.Receiver {
					s.parent = j
					break
				}
			}
		}
	}
	if len(self) == 0 {
		return
	}
	type member struct {
		class int
		name  string
	}
	defined := map[member]bool{}
	isSelf := map[int]bool{}
	for _, i := range self {
		isSelf[i] = true
	}
	for i := range syms {
		if p := syms[i].parent; p >= 0 && !isSelf[i] && syms[p].Kind.IsTypeLike() {
			defined[member{p, syms[i].Name}] = true
		}
	}
	for _, i := range self { // in source order: the first assignment wins
		k := member{syms[i].parent, syms[i].Name}
		if defined[k] {
			syms[i].Name = ""
			continue
		}
		defined[k] = true
	}
}

// mayEndInComment is false when a def's text can only end in code: its
// last byte is not blank and its last line has no '#'. That byte then
// lies in a token that is no comment, and the last non-empty child at
// each level holds it, so lastCode would end where the def does; most
// defs are answered without walking down to their last statement.
func mayEndInComment(text []byte) bool {
	if len(text) == 0 {
		return true
	}
	switch text[len(text)-1] {
	case ' ', '\t', '\n', '\r', '\f', '\v', '\\':
		return true
	}
	line := text[bytes.LastIndexByte(text, '\n')+1:]
	return bytes.IndexByte(line, '#') >= 0
}
