package code

import (
	"bytes"
	"regexp"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/csharp"

	"github.com/treenav/treenav"
)

func init() {
	Register(&Language{
		Name:       "csharp",
		Extensions: []string{".cs", ".csx"},
		Grammar:    csharp.GetLanguage,
		Repair:     csharpRepair,
		Fixup:      csharpFixup,
	})
}

// csharpAttributes are left out of signatures.
var csharpAttributes = map[string]bool{"attribute_list": true, "comment": true}

// csharpFixup applies what the C# grammar leaves to the reader:
//
//   - A file-scoped namespace ("namespace A.B;") holds the rest of the
//     file, so it gets the same range, children and qualified names as
//     "namespace A.B { ... }": rewriting one form into the other (a
//     routine modernisation) keeps every id.
//   - const and static readonly fields are constants (as Java's static
//     final fields are).
//   - Names the grammar leaves implicit: "~Router" for a destructor,
//     "operator+" and "operator string" (a conversion) for operators, "this[]"
//     for an indexer, and "IDisposable.Dispose" for an explicit interface
//     implementation of a method, property, event or indexer (which would
//     otherwise collide with a public Dispose).
//   - Signatures leave attributes out; a property, indexer or event keeps
//     its accessors ("public int Count { get; private set; }"), written
//     without their bodies when they have some.
//   - The doc is the comment run above, with the XML doc tags that carry
//     no text (<summary>, <see cref="X"/> → X) removed.
func csharpFixup(s *Symbol, src []byte) {
	n := s.Node
	setTextDoc(s, src, csharpDoc)
	switch n.Type() {
	case "file_scoped_namespace_declaration":
		if p := n.Parent(); p != nil {
			extendToEnd(s, p, src)
		}
	case "destructor_declaration":
		s.Name = "~" + s.Name
	case "operator_declaration":
		s.Name = "operator" + s.Name
	case "conversion_operator_declaration":
		var b strings.Builder
		for i := 0; i < int(n.ChildCount()); i++ {
			c := n.Child(i)
			switch t := c.Type(); {
			case t == "operator":
				b.WriteString("operator ")
			case n.FieldNameForChild(i) == "type":
				b.WriteString(signature(src[c.StartByte():c.EndByte()]))
			}
		}
		s.Name = b.String()
	case "indexer_declaration":
		s.Name = "this[]"
	case "field_declaration":
		if hasModifier(n, src, "const") || hasModifier(n, src, "static") && hasModifier(n, src, "readonly") {
			s.Kind = treenav.KindConstant
		}
	}
	switch n.Type() {
	case "method_declaration", "property_declaration", "event_declaration", "indexer_declaration":
		if e := childOfType(n, "explicit_interface_specifier"); e != nil {
			s.Name = strings.TrimSuffix(signature(src[e.StartByte():e.EndByte()]), ".") + "." + s.Name
		}
	}
	s.Signature = csharpSignature(n, src)
}

// csharpSignature is the declaration without attributes and body.
func csharpSignature(n *sitter.Node, src []byte) string {
	switch n.Type() {
	case "field_declaration", "event_field_declaration", "enum_member_declaration", "parameter":
		return declarationSignature(csharpText(n, n.EndByte(), src))
	case "property_declaration", "indexer_declaration", "event_declaration":
		end := n.EndByte()
		acc := n.ChildByFieldName("accessors")
		if v := n.ChildByFieldName("value"); v != nil {
			end = v.StartByte() // "=> expr" or "= initializer"
		}
		if acc != nil {
			end = acc.StartByte()
		}
		sig := tidySignature(signature(csharpText(n, end, src)))
		sig = strings.TrimSuffix(strings.TrimSpace(strings.TrimSuffix(sig, ";")), "=")
		if acc != nil {
			sig = strings.TrimSpace(sig) + " " + csharpAccessors(acc, src)
		}
		return strings.TrimSpace(sig)
	}
	end := n.EndByte()
	if b := n.ChildByFieldName("body"); b != nil {
		end = b.StartByte()
	}
	sig := signature(csharpText(n, end, src))
	sig = strings.TrimSpace(strings.TrimSuffix(sig, ";"))
	return tidySignature(sig)
}

// csharpText is n's text up to end without attributes, comments and
// preprocessor directive lines (an "#endif" between an attribute and its
// class).
func csharpText(n *sitter.Node, end uint32, src []byte) []byte {
	b := textWithout(n, end, src, csharpAttributes)
	for start := 0; start < len(b); {
		e := bytes.IndexByte(b[start:], '\n')
		if e < 0 {
			e = len(b)
		} else {
			e += start
		}
		if start > 0 && csharpDirective.Match(b[start:e]) {
			for i := start; i < e; i++ {
				b[i] = ' '
			}
		}
		start = e + 1
	}
	return b
}

// csharpAccessors writes an accessor list without bodies: "{ get; private
// set; }", "{ add; remove; }".
func csharpAccessors(acc *sitter.Node, src []byte) string {
	var parts []string
	for i := 0; i < int(acc.NamedChildCount()); i++ {
		a := acc.NamedChild(i)
		if a.Type() != "accessor_declaration" {
			continue
		}
		end := a.EndByte()
		if b := a.ChildByFieldName("body"); b != nil {
			end = b.StartByte()
		}
		t := strings.TrimSuffix(signature(csharpText(a, end, src)), ";")
		parts = append(parts, strings.TrimSpace(t)+";")
	}
	if len(parts) == 0 {
		return "{ }"
	}
	return "{ " + strings.Join(parts, " ") + " }"
}

var (
	// csharpEmptyTags are XML doc tags that only frame text.
	csharpEmptyTags = regexp.MustCompile(`</?(?:summary|remarks|para)>`)
	// csharpRefTags are references written as empty elements: <see
	// cref="Router"/>, <paramref name="path"/>.
	csharpRefTags = regexp.MustCompile(`<(?:see|seealso|paramref|typeparamref)\s+(?:cref|name|langword|href)="(?:[A-Z]:)?([^"]*)"\s*/>`)
)

// csharpDoc removes the XML tags that carry no text from a doc comment.
func csharpDoc(doc string) string {
	if !strings.Contains(doc, "<") {
		return doc
	}
	doc = csharpRefTags.ReplaceAllString(doc, "$1")
	doc = csharpEmptyTags.ReplaceAllString(doc, "")
	return dedent(doc)
}

// csharpDirective matches a preprocessor directive line and captures its
// name.
var csharpDirective = regexp.MustCompile(`^\x{FEFF}?[ \t]*#[ \t]*([a-z]+)`)

// csharpRepair mends what conditional compilation does to the grammar: it
// accepts directives between declarations and statements, but not inside
// a declaration's header ("class A : B\n#if X\n, C\n#endif"), between
// attributes and what they annotate, or between an if's block and its
// else, and error recovery then loses the rest of the file. It works in
// two steps, each a reparse (files that parse are not touched):
//
//  1. The directive lines are blanked but those of the conditionals that
//     have an #elif or #else: the code of "#if X ... #endif" is kept
//     whatever the condition, so nothing is lost ("#if UNITY_2018\n
//     [Obsolete]\n#endif" before a class, "#region" in a base list).
//  2. If errors remain, one configuration is kept, as ctags does for C:
//     every directive line is blanked and so is every #elif and #else
//     branch, the first branch of each conditional stays. Definitions
//     found only in #else branches are lost for such a file.
//
// A dereferenced pointer cast loses its "*" in the first step (see
// csharpDerefCast).
func csharpRepair(src []byte, _ *sitter.Node) []byte {
	out := append([]byte(nil), src...)
	changed := false
	// "*(byte*)p": the grammar does not parse a dereference of a pointer
	// cast; without the "*" it is a cast, which it does.
	for _, m := range csharpDerefCast.FindAllIndex(out, -1) {
		if m[0] > 0 && out[m[0]-1] == '/' {
			continue // a comment: "/*(void*)*/"
		}
		out[m[0]] = ' '
		changed = true
	}
	if csharpBlankDirectives(out, src, false) || changed {
		return out
	}
	if csharpBlankDirectives(out, src, true) {
		return out
	}
	return nil
}

// csharpLine is one directive line: its extent and the index of the
// conditional it belongs to (-1 for #region, #pragma...).
type csharpLine struct {
	start, end int
	group      int
}

// csharpBlankDirectives blanks in out src's directive lines but those of
// the conditionals that have an #elif or #else (#region, #pragma and the
// lines of "#if X ... #endif" go), or, with all, every directive line and
// the lines of every #elif and #else branch. It reports whether it
// blanked anything.
func csharpBlankDirectives(out, src []byte, all bool) bool {
	blank := func(a, b int) { blankLines(out, a, b) }
	var lines []csharpLine
	var code [][2]int     // the other lines
	var kept []bool       // whether each is in the first branch of its conditionals
	alt := map[int]bool{} // conditionals with an #elif or #else
	var open []int        // the conditionals open at a line
	groups := 0
	// active[i] is whether the current branch of the i-th open
	// conditional is kept.
	var active []bool
	on := func() bool {
		for _, a := range active {
			if !a {
				return false
			}
		}
		return true
	}
	for start := 0; start < len(src); {
		end := bytes.IndexByte(src[start:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += start
		}
		if m := csharpDirective.FindSubmatch(src[start:end]); m != nil {
			d, g := string(m[1]), -1
			switch d {
			case "if":
				g = groups
				groups++
				open = append(open, g)
				active = append(active, true)
			case "elif", "else":
				if len(open) > 0 {
					g = open[len(open)-1]
					alt[g] = true
					active[len(active)-1] = false
				}
			case "endif":
				if len(open) > 0 {
					g = open[len(open)-1]
					open, active = open[:len(open)-1], active[:len(active)-1]
				}
			}
			lines = append(lines, csharpLine{start, end, g})
		} else {
			code = append(code, [2]int{start, end})
			kept = append(kept, on())
		}
		start = end + 1
	}
	changed := false
	for _, l := range lines {
		if all || l.group < 0 || !alt[l.group] {
			blank(l.start, l.end)
			changed = true
		}
	}
	if all {
		for i, c := range code {
			if !kept[i] {
				blank(c[0], c[1])
				changed = true
			}
		}
	}
	return changed
}

// csharpDerefCast matches the "*" of a dereferenced pointer cast:
// "*(byte*)p", "*((double*)p)".
var csharpDerefCast = regexp.MustCompile(`\*\s*\(+\s*[A-Za-z_][\w.]*\s*\*+\s*\)`)
