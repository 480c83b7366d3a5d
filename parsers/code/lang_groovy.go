package code

import (
	"bytes"
	"regexp"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/groovy"

	"github.com/treenav/treenav"
)

func init() {
	Register(&Language{
		Name:         "groovy",
		Extensions:   []string{".groovy", ".gradle", ".gvy", ".gy", ".gsh", ".jenkinsfile"},
		FileNames:    []string{"Jenkinsfile"},
		Interpreters: []string{"groovy"},
		Grammar:      groovy.GetLanguage,
		CommentTypes: []string{"comment", "groovy_doc"},
		Preprocess:   groovyOpenTail,
		Repair:       groovyRepair,
		Fixup:        groovyFixup,
	})
}

// groovyTypeHead reads a type declaration's keyword and name from the
// original text (groovyRepair rewrites enums and traits).
var groovyTypeHead = regexp.MustCompile(`\b(class|interface|enum|trait)\s+([A-Za-z_$][\w$]*)`)

// groovyAnnotation matches an annotation that opens a declaration.
var groovyAnnotation = regexp.MustCompile(`^\s*@([\w.]+)(?:\s*\((?:[^()]|\([^()]*\))*\))?\s*`)

// groovyFixup names and kinds types from the original text, makes a
// method named like its class a constructor, keeps enum constants to
// enums, extends Gradle tasks and Jenkins stages over their closure, and
// writes signatures without annotations and bodies.
func groovyFixup(s *Symbol, src []byte) {
	n := s.Node
	switch n.Type() {
	case "class_definition":
		body := n.ChildByFieldName("body")
		end := n.EndByte()
		if body != nil {
			end = body.StartByte()
		}
		head := src[groovyModifiersBefore(s, n, src):end]
		if m := groovyTypeHead.FindSubmatchIndex(head); m != nil {
			s.Name = string(head[m[4]:m[5]])
			switch kw := string(head[m[2]:m[3]]); {
			case kw == "interface" && m[2] > 0 && head[m[2]-1] == '@':
				s.Kind, s.NativeKind = treenav.KindInterface, "annotation"
			case kw == "interface":
				s.Kind = treenav.KindInterface
			case kw == "enum":
				s.Kind = treenav.KindEnum
			case kw == "trait":
				s.Kind = treenav.KindTrait
			}
		}
		s.Signature = groovySignature(head)
	case "function_definition", "function_declaration":
		end := n.EndByte()
		if b := n.ChildByFieldName("body"); b != nil {
			end = b.StartByte()
		}
		s.Signature = groovySignature(src[groovyModifiersBefore(s, n, src):end])
		if c := groovyEnclosingClass(n, src); c != "" && c == s.Name {
			s.Kind = treenav.KindConstructor
		}
	case "declaration":
		if s.NativeKind == "task" {
			groovyBlockEnd(s, n)
			s.Signature = groovySignature(src[n.StartByte():n.EndByte()])
			break
		}
		if t := n.ChildByFieldName("type"); t != nil && t.Type() == "identifier" {
			if tt := text(src, t); tt != "def" && tt != "var" && !groovyTypeName.MatchString(tt) {
				s.Name = "" // "parallel builds", "println x": a command, not a declaration
				return
			}
		}
		s.Signature = declarationSignature(src[n.StartByte():n.EndByte()])
	case "function_call", "identifier":
		if s.NativeKind == "enum_constant" {
			if cls := n.Parent().Parent(); cls == nil || !groovyIsEnum(cls, src) {
				s.Name = ""
				return
			}
			s.Signature = strings.TrimSuffix(signature(src[n.StartByte():n.EndByte()]), ";")
			break
		}
		// Gradle tasks and Jenkins stages: named by a string
		s.Name = strings.Trim(s.Name, `"'`)
		groovyBlockEnd(s, n)
		s.Signature = signature(src[n.StartByte():n.EndByte()])
	case "juxt_function_call":
		s.Signature = s.Name
	case "pipeline":
		s.Name, s.Signature = "pipeline", "pipeline"
	}
	if s.DocStart < s.Start {
		s.Doc = cleanDoc(string(src[s.DocStart:s.Start]))
	}
}

// groovySignature collapses a declaration's head without its annotations.
func groovySignature(b []byte) string {
	for {
		m := groovyAnnotation.FindSubmatchIndex(b)
		if m == nil || string(b[m[2]:m[3]]) == "interface" {
			break
		}
		b = b[m[1]:]
	}
	return tidySignature(signature(b))
}

// groovyModifiersBefore extends a definition back over the modifiers
// that groovyRepair blanked ("abstract class", "default void f()") on its
// line, and returns where its signature starts.
func groovyModifiersBefore(s *Symbol, n *sitter.Node, src []byte) uint32 {
	start := n.StartByte()
	line := bytes.LastIndexByte(src[:start], '\n') + 1
	before := src[line:start]
	sig := start
	if len(bytes.TrimSpace(before)) > 0 && groovyOnlyModifiers.Match(before) {
		start = uint32(line) + uint32(len(before)-len(bytes.TrimLeft(before, " \t")))
		sig = start
	}
	// Whole lines of annotations above (blanked by groovyRepair, so not
	// in the tree) belong to the definition.
	for line > 0 {
		prev := bytes.LastIndexByte(src[:line-1], '\n') + 1
		t := bytes.TrimSpace(src[prev : line-1])
		if len(t) == 0 || t[0] != '@' || !groovyOnlyAnnotations.Match(t) {
			break
		}
		start = uint32(prev) + uint32(len(src[prev:line-1])-len(bytes.TrimLeft(src[prev:line-1], " \t")))
		line = prev
	}
	if start < s.Start {
		if s.DocStart == s.Start {
			s.DocStart = start
		}
		s.Start = start
		s.StartRow = uint32(bytes.Count(src[:start], []byte("\n")))
		if s.DocStart >= s.Start {
			s.DocStart, s.DocRow = s.Start, s.StartRow
			if c := groovyDocAbove(src, start); c >= 0 {
				s.DocStart, s.DocRow = uint32(c), uint32(bytes.Count(src[:c], []byte("\n")))
			}
		}
	}
	return sig
}

// groovyDocAbove returns the start of the comment block directly above
// offset start, or -1.
func groovyDocAbove(src []byte, start uint32) int {
	return commentAbove(src, start)
}

// groovyTypeName matches a type's name: capitalized, or qualified
// (java.util.List).
var groovyTypeName = regexp.MustCompile(`^(?:[a-z_]\w*\.)*[A-Z_$]`)

var (
	groovyOnlyModifiers   = regexp.MustCompile(`^[ \t]*(?:(?:@[\w.]+(?:\([^()]*\))?|public|protected|private|static|final|synchronized|abstract|default|native|strictfp)[ \t]+)+$`)
	groovyOnlyAnnotations = regexp.MustCompile(`^(?:@[\w.]+(?:[ \t]*\((?:[^()]|\([^()]*\))*\))?[ \t]*)+$`)
)

// groovyBlockEnd extends a call or declaration over the closure that
// follows it on its line ("stage('Build') {", "task hello {"): the grammar
// makes the closure a sibling.
func groovyBlockEnd(s *Symbol, n *sitter.Node) {
	if c := n.NextSibling(); c != nil && c.Type() == "closure" && c.StartPoint().Row == endRow(n) {
		s.End, s.EndRow = c.EndByte(), endRow(c)
	}
}

// groovyEnclosingClass returns the name of the class whose body holds n.
func groovyEnclosingClass(n *sitter.Node, src []byte) string {
	body := n.Parent()
	if body == nil || body.Type() != "closure" {
		return ""
	}
	cls := body.Parent()
	if cls == nil || cls.Type() != "class_definition" {
		return ""
	}
	end := body.StartByte()
	if m := groovyTypeHead.FindSubmatch(src[cls.StartByte():end]); m != nil {
		return string(m[2])
	}
	return ""
}

// groovyIsEnum reports whether a class definition is an enum in the
// original text.
func groovyIsEnum(cls *sitter.Node, src []byte) bool {
	end := cls.EndByte()
	if b := cls.ChildByFieldName("body"); b != nil {
		end = b.StartByte()
	}
	m := groovyTypeHead.FindSubmatch(src[cls.StartByte():end])
	return m != nil && string(m[1]) == "enum"
}

// groovyTailLines bounds how far from the end of a file the unclosed
// bracket that groovyOpenTail blanks may be.
const groovyTailLines = 20

// groovyOpenTail mends the end of a file that stops inside brackets (a
// file being edited, or cut short): on such input the bundled grammar's
// error recovery can run for the whole parse time limit on a few dozen
// bytes ("class A { void f() { if (x) { }" without its last two braces,
// "foo(a," at the end). It returns a copy of the same length in which
//
//   - the text from the outermost "(" or "[" left open to the end is
//     blanked, when it starts in the last lines of the file (so that a
//     bracket miscounted in a string or a regex far above cannot blank
//     real code);
//   - the braces left open are blanked: a block open at the end of a
//     file may not parse in time (the definitions in it are still found,
//     a level up).
//
// A balanced file is returned as is.
func groovyOpenTail(src []byte) []byte {
	type bracket struct {
		at int
		c  byte
	}
	var open []bracket
	for i := 0; i < len(src); i++ {
		switch c := src[i]; c {
		case '(', '[', '{':
			open = append(open, bracket{i, c})
		case ')', ']', '}':
			// A closer pops its own opener; a stray one is ignored.
			want := map[byte]byte{')': '(', ']': '[', '}': '{'}[c]
			if k := len(open) - 1; k >= 0 && open[k].c == want {
				open = open[:k]
			}
		case '/':
			if i+1 < len(src) && src[i+1] == '/' {
				for i < len(src) && src[i] != '\n' {
					i++
				}
			} else if i+1 < len(src) && src[i+1] == '*' {
				end := bytes.Index(src[i+2:], []byte("*/"))
				if end < 0 {
					i = len(src)
					break
				}
				i += end + 3
			}
		case '"', '\'':
			q := []byte{c}
			if bytes.HasPrefix(src[i:], []byte{c, c, c}) {
				q = []byte{c, c, c}
			}
			j := i + len(q)
			for j < len(src) && !bytes.HasPrefix(src[j:], q) {
				if src[j] == '\\' {
					j++
				} else if src[j] == '\n' && len(q) == 1 {
					break // an unterminated one-line string
				}
				j++
			}
			i = j + len(q) - 1
		}
	}
	if len(open) == 0 {
		return src
	}
	out := bytes.Clone(src)
	blank := func(a, b int) { blankLines(out, a, min(b, len(out))) }
	for k, b := range open {
		if b.c != '{' && bytes.Count(src[b.at:], []byte("\n")) <= groovyTailLines {
			blank(b.at, len(src))
			open = open[:k]
			break
		}
	}
	for _, b := range open {
		if b.c == '{' {
			out[b.at] = ' '
		}
	}
	return out
}

// The bundled grammar is a small Groovy grammar written for Jenkins and
// Gradle scripts: classes only extend one type, and it knows no
// implements, enums, traits, constructors, throws or varargs.
// groovyRepair mends these on a copy of the same length:
//
//   - "implements A, B" and "extends A<B>" clauses of a type are blanked;
//   - "trait" becomes "class" and "enum Color" "class olor" (the name is
//     read back from the original by groovyFixup), and the commas between
//     enum constants semicolons;
//   - annotations are blanked (the grammar takes one before a class, not
//     two, and none on a parameter); groovyFixup extends definitions back
//     over them;
//   - "abstract", "default" and "native" modifiers, and "throws" clauses,
//     are blanked;
//   - a declarative "pipeline {" is read as a plain block (the grammar's
//     pipeline rule fails on most of what Jenkins allows in it);
//   - "String... args" becomes "String[]  args";
//   - a constructor ("public Point(int x) {", "Point() {" in the body of
//     class Point) gets "def" written over its modifier or indentation.
func groovyRepair(src []byte, _ *sitter.Node) []byte {
	out := bytes.Clone(src)
	blank := func(a, b int) { blankLines(out, a, b) }
	var classes []string
	for _, m := range groovyTypeDecl.FindAllSubmatchIndex(src, -1) {
		kw, name := string(src[m[2]:m[3]]), src[m[4]:m[5]]
		classes = append(classes, string(name))
		switch kw {
		case "trait":
			copy(out[m[2]:], "class")
		case "enum":
			if len(name) >= 2 && m[4] == m[2]+len("enum ") {
				// "enum Color" → "class olor": the name is read back
				copy(out[m[2]:], "class ")
				groovyEnumCommas(src, out, m[1]-1)
			}
		}
		// The clauses after the name, up to the body.
		if m[7] > m[6] {
			blank(m[6], m[7])
		}
	}
	for _, m := range groovyAnnotationUse.FindAllSubmatchIndex(src, -1) {
		if string(src[m[2]:m[3]]) != "interface" {
			blank(m[0], m[1])
		}
	}
	for _, m := range groovyPipeline.FindAllIndex(src, -1) {
		out[m[1]-1] = '_' // "pipelin_ {": a plain block; the name is read back
	}
	for _, m := range groovyModifier.FindAllSubmatchIndex(src, -1) {
		blank(m[2], m[3])
	}
	for _, m := range groovyThrows.FindAllSubmatchIndex(src, -1) {
		blank(m[2], m[3])
	}
	for _, m := range groovyVarargs.FindAllIndex(src, -1) {
		copy(out[m[0]:], "[] ")
	}
	for _, m := range groovyConstructor.FindAllSubmatchIndex(src, -1) {
		name := string(src[m[6]:m[7]])
		known := false
		for _, c := range classes {
			known = known || c == name
		}
		if !known {
			continue
		}
		switch {
		case m[5] > m[4]: // a modifier: "public Point(" → "def    Point("
			blank(m[4], m[5])
			copy(out[m[4]:], "def")
		case m[3]-m[2] >= 4: // indentation: "    Point(" → "def Point("
			copy(out[m[3]-4:], "def ")
		}
	}
	if bytes.Equal(out, src) {
		return nil
	}
	return out
}

// groovyEnumCommas turns the commas between an enum's constants (from
// the body's opening brace after at to the first ";" or "}" at depth 0)
// into semicolons, so that each constant is a statement.
func groovyEnumCommas(src, out []byte, at int) {
	i := bytes.IndexByte(src[at:], '{')
	if i < 0 {
		return
	}
	depth := 0
	var quote byte
	for j := at + i + 1; j < len(src); j++ {
		c := src[j]
		switch {
		case quote != 0:
			if c == '\\' {
				j++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']':
			depth--
		case c == '}':
			if depth == 0 {
				return
			}
			depth--
		case c == ';' && depth == 0:
			return
		case c == ',' && depth == 0:
			out[j] = ';'
		}
	}
}

var (
	// a type header: keyword, name, then the clauses up to its body
	groovyTypeDecl      = regexp.MustCompile(`\b(class|interface|enum|trait)[ \t]+([A-Za-z_$][\w$]*)(?:[ \t]*<[^{\n]*?>)?([^{\n]*)\{`)
	groovyModifier      = regexp.MustCompile(`(?m)^[ \t]*(?:(?:public|protected|private|static|final|synchronized)[ \t]+)*((?:abstract|default|native|strictfp)[ \t])`)
	groovyThrows        = regexp.MustCompile(`\)[ \t]*(throws[ \t]+[\w.$<>, \t]+?)[ \t]*(?:\{|$|\n)`)
	groovyAnnotationUse = regexp.MustCompile(`@([\w.]+)(?:[ \t]*\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\))?`)
	groovyPipeline      = regexp.MustCompile(`(?m)^pipeline\b`)
	groovyVarargs       = regexp.MustCompile(`\.\.\.[ \t]`)
	groovyConstructor   = regexp.MustCompile(`(?m)^([ \t]*)((?:public|protected|private)[ \t]+)?([A-Z][\w$]*)[ \t]*\((?:[^()\n]|\([^()\n]*\))*\)[ \t]*(?:throws[^{\n]*)?\{`)
)
