package code

import (
	"bytes"
	"regexp"
	"strings"
	"sync"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/kotlin"

	"github.com/treenav/treenav"
)

func init() {
	Register(&Language{
		Name:            "kotlin",
		Extensions:      []string{".kt", ".kts"},
		Interpreters:    []string{"kotlin", "kotlinc", "kscript"},
		Grammar:         kotlin.GetLanguage,
		AttachReceivers: true,
		Repair:          kotlinRepair,
		Fixup:           kotlinFixup,
	})
}

// kotlinAnnotations are left out of signatures.
var kotlinAnnotations = map[string]bool{"annotation": true, "line_comment": true, "multiline_comment": true}

// kotlinFixup applies what the Kotlin grammar leaves to the reader:
//
//   - The package header holds the rest of the file.
//   - A class's kind comes from its keywords: "interface" (with "fun":
//     interface/fun), "enum class" (enum), and the class modifiers data,
//     sealed, annotation, value and inline as the native word.
//   - Implicit names: "Companion" for an unnamed companion object (the name
//     Kotlin gives it), "constructor" for a secondary constructor.
//   - "const val" is a constant.
//   - A property's getter and setter, which the grammar parses as siblings
//     after it, are part of its range.
//   - The receiver of an extension loses its nullability (String?.f is
//     qualified String.f).
//   - Signatures leave annotations out and end before the body or "=";
//     a property's is its first line.
//   - The doc is the comment run above, read from the text.
func kotlinFixup(s *Symbol, src []byte) {
	n := s.Node
	switch n.Type() {
	case "package_header":
		if p := n.Parent(); p != nil {
			extendToEnd(s, p, src)
		}
	case "class_declaration":
		s.Kind, s.NativeKind = kotlinClassKind(n, src)
		if s.NativeKind == "fun" {
			kotlinFunStart(s, n, src)
		}
	case "companion_object":
		if s.Name == "" {
			s.Name = "Companion"
		}
	case "secondary_constructor":
		s.Name = "constructor"
	case "property_declaration":
		if m := childOfType(n, "modifiers"); m != nil && kotlinHasWord(m, src, "const") {
			s.Kind, s.NativeKind = treenav.KindConstant, "const"
		}
		kotlinAccessors(s, n, src)
	}
	s.Name = unquoteIdent(s.Name)
	s.Receiver = strings.TrimRight(s.Receiver, "?")
	setTextDoc(s, src, nil)
	s.Signature = kotlinSignature(n, src)
	if s.Start < n.StartByte() {
		s.Signature = "fun " + s.Signature // kotlinFunStart
	}
}

// kotlinClassKind reads the keywords of a class declaration.
func kotlinClassKind(n *sitter.Node, src []byte) (treenav.Kind, string) {
	kind, native := treenav.KindClass, ""
	for i := 0; i < int(n.ChildCount()); i++ {
		c := n.Child(i)
		switch c.Type() {
		case "interface":
			kind = treenav.KindInterface
			// "fun interface": the keyword before it (blanked by
			// kotlinRepair for the grammar, still in the source).
			if kotlinEndsWithFun(src[:c.StartByte()]) {
				native = "fun"
			}
		case "enum":
			kind = treenav.KindEnum
		case "modifiers":
			for j := 0; j < int(c.NamedChildCount()); j++ {
				m := c.NamedChild(j)
				if m.Type() != "class_modifier" {
					continue
				}
				switch w := text(src, m); w {
				case "data", "sealed", "annotation", "value", "inline":
					native = w
				case "enum":
					kind = treenav.KindEnum
				}
			}
		case "type_identifier":
			return kind, native
		}
	}
	return kind, native
}

// kotlinEndsWithFun reports whether b ends with the keyword "fun" (and
// blanks).
func kotlinEndsWithFun(b []byte) bool {
	b = bytes.TrimRight(b, " \t\r\n")
	if !bytes.HasSuffix(b, []byte("fun")) {
		return false
	}
	b = b[:len(b)-3]
	return len(b) == 0 || !isIdentByte(b[len(b)-1])
}

// kotlinFunStart moves the start of a "fun interface" without modifiers
// back over "fun", which kotlinRepair blanked out of the tree.
func kotlinFunStart(s *Symbol, n *sitter.Node, src []byte) {
	before := bytes.TrimRight(src[:n.StartByte()], " \t\r\n")
	if !kotlinEndsWithFun(before) {
		return
	}
	start := uint32(len(before) - 3)
	s.StartRow -= uint32(bytes.Count(src[start:s.Start], []byte("\n")))
	s.Start = start
}

// kotlinHasWord reports whether modifiers m hold the keyword word.
func kotlinHasWord(m *sitter.Node, src []byte, word string) bool {
	for j := 0; j < int(m.NamedChildCount()); j++ {
		if text(src, m.NamedChild(j)) == word {
			return true
		}
	}
	return false
}

// kotlinAccessorStart matches what starts a getter or setter line: "get(",
// "private set", "@Inject set".
var kotlinAccessorStart = regexp.MustCompile(`^(?:@[\w.]+(?:\([^)]*\))?\s+|(?:private|protected|internal|public|inline|override|open|final|external)\s+)*(?:get|set)\b`)

// kotlinAccessors extends a property over its getter and setter, which
// the grammar leaves as the next siblings. The text is checked first: a
// sibling lookup walks from the parent.
func kotlinAccessors(s *Symbol, n *sitter.Node, src []byte) {
	if !kotlinAccessorStart.Match(bytes.TrimLeft(src[n.EndByte():], " \t\r\n;")) {
		return
	}
	last := n
	for c := n.NextNamedSibling(); c != nil; c = c.NextNamedSibling() {
		if t := c.Type(); t != "getter" && t != "setter" {
			break
		}
		last = c
	}
	if last.EndByte() > s.End {
		s.End, s.EndRow = last.EndByte(), endRow(last)
	}
}

// kotlinSignature is the declaration without annotations and body.
func kotlinSignature(n *sitter.Node, src []byte) string {
	end := n.EndByte()
	switch n.Type() {
	case "property_declaration", "class_parameter", "type_alias", "package_header":
		return declarationSignature(textWithout(n, end, src, kotlinAnnotations))
	case "enum_entry":
		if b := childOfType(n, "class_body"); b != nil {
			end = b.StartByte()
		}
		return declarationSignature(textWithout(n, end, src, kotlinAnnotations))
	}
	for i := 0; i < int(n.ChildCount()); i++ {
		switch c := n.Child(i); c.Type() {
		case "class_body", "enum_class_body", "function_body", "{":
			end = c.StartByte() // "{" opens a secondary constructor's body
		}
	}
	sig := signature(textWithout(n, end, src, kotlinAnnotations))
	sig = strings.TrimSpace(strings.TrimSuffix(sig, "="))
	return tidySignature(sig)
}

// kotlinFunInterface finds "fun interface" declarations (Kotlin 1.4).
var kotlinFunInterface = regexp.MustCompile(`(?m)(?:^|[\s;])(fun)\s+interface\b`)

// kotlinTrailingComma finds a trailing comma before a closing bracket
// (Kotlin 1.4), which the grammar takes in parameter lists but not in
// every argument list ("this(a, b,\n)").
var kotlinTrailingComma = regexp.MustCompile(`(,)\s*[)\]>]`)

// kotlinRangeUntil finds the "..<" operator (Kotlin 1.8).
var kotlinRangeUntil = regexp.MustCompile(`\.\.(<)`)

// kotlinRepair blanks syntax newer than the grammar when a parse has
// errors: the "fun" of "fun interface" (the declaration then parses as an
// interface; kotlinFixup puts the word back in its signature and native
// kind), trailing commas, the "<" of "..<" (a range either way), and the
// interface delegation before a class body that the grammar mistakes for
// a call with a trailing lambda.
// Blanking inside a string or comment is harmless: the tree is only used
// for its structure, and every text is read from the source.
func kotlinRepair(src []byte, root *sitter.Node) []byte {
	var out []byte
	// "class A : B by b {": the grammar reads the class body as a lambda
	// passed to b; without "by b" it is the body. (The signature keeps
	// it: it is read from the source.)
	for _, r := range kotlinDelegationLambdas(root) {
		if out == nil {
			out = append([]byte(nil), src...)
		}
		for i := r[0]; i < r[1]; i++ {
			if out[i] != '\n' {
				out[i] = ' '
			}
		}
	}
	// The same in a file whose tree is too broken to show it (the body
	// held a secondary constructor, which a lambda cannot): found in the
	// text.
	for _, r := range kotlinClassDelegations(src) {
		if out == nil {
			out = append([]byte(nil), src...)
		}
		for i := r[0]; i < r[1]; i++ {
			if out[i] != '\n' {
				out[i] = ' '
			}
		}
	}
	for _, re := range []*regexp.Regexp{kotlinFunInterface, kotlinTrailingComma, kotlinRangeUntil} {
		for _, m := range re.FindAllSubmatchIndex(src, -1) {
			if out == nil {
				out = append([]byte(nil), src...)
			}
			for i := m[2]; i < m[3]; i++ {
				out[i] = ' '
			}
		}
	}
	return out
}

var (
	// kotlinDelegationBy finds "by b {" (b a name or a dotted path).
	kotlinDelegationBy = regexp.MustCompile(`\bby\s+[A-Za-z_][\w.]*\s*\{`)
	// kotlinClassKeyword finds the keyword of a named class or object.
	kotlinClassKeyword = regexp.MustCompile(`\b(?:class|object)\s+[A-Za-z_\x60]`)
	// kotlinMemberStart finds a line that starts a member or a statement,
	// which a class header does not hold outside its parentheses.
	kotlinMemberStart = regexp.MustCompile(`^\s*(?:@|(?:val|var|fun|class|object|interface|init|get|set|return|if|when)\b)`)
)

// kotlinClassDelegations returns the byte ranges from "by" to the "{" of
// each "class A : B by b {" in the text: a "by" followed by a name and
// "{", in a declaration (since the last "{", "}" or ";") that is a named
// class or object whose header has a ":" and no line, outside its
// parentheses, that starts a member ("val x by lazy {" is a property).
func kotlinClassDelegations(src []byte) [][2]int {
	var out [][2]int
	for _, m := range kotlinDelegationBy.FindAllIndex(src, -1) {
		from := bytes.LastIndexAny(src[:m[0]], "{};") + 1
		seg := src[from:m[0]]
		k := kotlinClassKeyword.FindIndex(seg)
		if k == nil {
			continue
		}
		depth, colon, ok := 0, false, true
		for i, c := range seg[k[1]:] {
			switch c {
			case '(':
				depth++
			case ')':
				depth--
			case ':':
				colon = colon || depth == 0
			case '\n':
				if depth == 0 && kotlinMemberStart.Match(seg[k[1]+i+1:]) {
					ok = false
				}
			}
		}
		if ok && colon {
			out = append(out, [2]int{m[0], m[1] - 1})
		}
	}
	return out
}

var (
	kotlinDelegationOnce  sync.Once
	kotlinDelegationQuery *sitter.Query
)

// kotlinDelegationLambdas returns the byte ranges from "by" to the "{" of
// each class delegation ("B by b") that swallowed the class body as a
// trailing lambda.
func kotlinDelegationLambdas(root *sitter.Node) [][2]uint32 {
	kotlinDelegationOnce.Do(func() {
		q, err := sitter.NewQuery([]byte(`(explicit_delegation
			(call_expression (call_suffix (annotated_lambda) @lambda .)) @call) @delegation`), kotlin.GetLanguage())
		if err == nil {
			kotlinDelegationQuery = q
		}
	})
	if kotlinDelegationQuery == nil || root == nil {
		return nil
	}
	qc := sitter.NewQueryCursor()
	defer qc.Close()
	qc.Exec(kotlinDelegationQuery, root)
	var out [][2]uint32
	for {
		m, ok := qc.NextMatch()
		if !ok {
			break
		}
		var d, lambda *sitter.Node
		for _, c := range m.Captures {
			switch kotlinDelegationQuery.CaptureNameForId(c.Index) {
			case "delegation":
				d = c.Node
			case "lambda":
				lambda = c.Node
			}
		}
		if d == nil || lambda == nil {
			continue
		}
		// From the keyword "by" (after the delegated type) to the body.
		for i := 0; i < int(d.ChildCount()); i++ {
			if c := d.Child(i); c.Type() == "by" {
				out = append(out, [2]uint32{c.StartByte(), lambda.StartByte()})
				break
			}
		}
	}
	return out
}
