package code

import (
	"regexp"

	sitter "github.com/smacker/go-tree-sitter"
)

// The TypeScript grammar bundled with go-tree-sitter predates some syntax
// that is common in modern libraries, and one construct trips its
// automatic semicolon insertion. A file using them parses with ERROR
// nodes, and an error can swallow the rest of the file. tsRepair mends the
// source copy the grammar sees, without moving a byte:
//
//   - variance annotations on type parameters ("<in out A>", TS 4.7) are
//     blanked;
//   - escaped backticks are blanked (template literal types), and so are
//     a few newer forms listed at blankRe;
//   - a generic call signature on its own line after another member,
//     "{ <A>(a: A): X \n <A, B>(a: A, b: B): Y }", gets a ";" in its
//     indentation, which the grammar needs to end the previous member.
//
// Both edits are confined to places where valid TypeScript has nothing
// else: "in"/"out" followed by a type parameter after "<" or ",", and a
// line that starts a type parameter list inside an ERROR node or a type
// argument list followed by "(".
func tsRepair(src []byte, root *sitter.Node) []byte {
	var out []byte
	edit := func() []byte {
		if out == nil {
			out = append([]byte(nil), src...)
		}
		return out
	}
	for _, m := range varianceRe.FindAllSubmatchIndex(src, -1) {
		b := edit()
		for i := m[2]; i < m[3]; i++ {
			if b[i] != '\n' && b[i] != '\r' {
				b[i] = ' '
			}
		}
	}
	for _, m := range blankRe.FindAllSubmatchIndex(src, -1) {
		for g := 2; g+1 < len(m); g += 2 {
			if m[g] < 0 {
				continue
			}
			b := edit()
			for i := m[g]; i < m[g+1]; i++ {
				if b[i] != '\n' && b[i] != '\r' {
					b[i] = ' '
				}
			}
		}
	}
	// Escaped backticks: the grammar's template literal types end at the
	// first backtick, escaped or not. Blanking "\`" pairs changes only the
	// content of strings, templates, regexps and comments.
	for i := 0; i+1 < len(src); i++ {
		if src[i] == '\\' {
			if src[i+1] == '`' {
				b := edit()
				b[i], b[i+1] = ' ', ' '
			}
			i++ // the escaped character
		}
	}
	// A cursor walk: Node.Child is linear in the child's index, which is
	// quadratic on the wide ERROR nodes of hostile input.
	c := sitter.NewTreeCursor(root)
	defer c.Close()
	var errDepth []bool // per level: inside an ERROR node
	inError := false
	for {
		n := c.CurrentNode()
		if inError && (n.Type() == "type_parameters" || n.Type() == "<") || genericCallSignature(src, n) || genericFunctionType(n) {
			if at := lineStartSeparator(src, n); at >= 0 {
				edit()[at] = ';'
			}
		}
		if c.GoToFirstChild() {
			errDepth = append(errDepth, inError)
			inError = inError || n.Type() == "ERROR"
			continue
		}
		for !c.GoToNextSibling() {
			if !c.GoToParent() {
				return out
			}
			inError = errDepth[len(errDepth)-1]
			errDepth = errDepth[:len(errDepth)-1]
		}
	}
}

// varianceRe finds "in", "out" or "in out" before a type parameter in a
// type parameter list; group 1 is the modifiers.
var varianceRe = regexp.MustCompile(`[<,](?:\s+|//[^\n]*|/\*(?s:.*?)\*/)*((?:(?:in|out)\s+)+)[A-Za-z_$][\w$]*\s*(?:extends\b|[=,>])`)

// blankRe finds syntax the grammar does not know, in group 1, to blank:
//   - the import("m"). of an import type, import("m").A.B<T>[K], which
//     the grammar reads only without type arguments or index (tsc writes
//     them all over declaration files), leaving the type reference;
//   - the "type" of "export type * from" (TS 5.0);
//   - the "?" of an optional destructured parameter, "({ a }?: T) => R".
var blankRe = regexp.MustCompile(`\b(import\s*\(\s*(?:"[^"\n]*"|'[^'\n]*')\s*\)\s*\.)\s*[A-Za-z_$]` +
	`|\bexport\s+(type)\s*\*` +
	`|\}\s*(\?)\s*:`)

// genericCallSignature reports whether n is the type parameter list of a
// call signature that the grammar took for type arguments of the type
// before it ("X \n <B>(b: B): Y"): in a type, "X<B>(" is never valid.
func genericCallSignature(src []byte, n *sitter.Node) bool {
	if n.Type() != "type_arguments" {
		return false
	}
	if p := n.Parent(); p == nil || p.Type() != "generic_type" {
		return false
	}
	i := int(n.EndByte())
	for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r') {
		i++
	}
	return i < len(src) && src[i] == '('
}

// genericFunctionType reports whether n is the type parameter list of a
// function type or call signature: when one starts a line right after a
// type, it is the next member that the grammar took for part of the
// previous one's return type (lineStartSeparator checks the line).
func genericFunctionType(n *sitter.Node) bool {
	if n.Type() != "type_parameters" {
		return false
	}
	p := n.Parent()
	return p != nil && (p.Type() == "function_type" || p.Type() == "call_signature")
}

// lineStartSeparator returns where to put a ";" before the type parameter
// list n: the last indentation byte of its line, when "<" is the first
// thing on the line and the token before it (comments aside) ends a type:
// an identifier, ">", ")", "]" or "}". It returns -1 otherwise.
func lineStartSeparator(src []byte, n *sitter.Node) int {
	pos := int(n.StartByte())
	i := pos - 1
	for i >= 0 && (src[i] == ' ' || src[i] == '\t') {
		i--
	}
	if i < 0 || src[i] != '\n' || i == pos-1 {
		return -1 // not first on its line, or no indentation to use
	}
	prev := prevToken(n)
	if prev == nil || prev.EndByte() == 0 {
		return -1
	}
	if prev.Type() == "=>" {
		return -1 // the signature continues
	}
	switch c := src[prev.EndByte()-1]; {
	case c == '>' || c == ')' || c == ']' || c == '}' || c == '_' || c == '$' ||
		c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9':
		return pos - 1
	}
	return -1
}

// prevToken returns the last leaf before n in the tree, comments skipped.
func prevToken(n *sitter.Node) *sitter.Node {
	for cur := n; cur != nil; cur = cur.Parent() {
		for p := cur.PrevSibling(); p != nil; p = p.PrevSibling() {
			if p.Type() == "comment" {
				continue
			}
			for p.ChildCount() > 0 {
				last := p.Child(int(p.ChildCount()) - 1)
				for last != nil && last.Type() == "comment" {
					last = last.PrevSibling()
				}
				if last == nil {
					break
				}
				p = last
			}
			return p
		}
	}
	return nil
}
