package code

import (
	"bytes"
	"regexp"

	sitter "github.com/smacker/go-tree-sitter"
)

// The TypeScript grammar bundled with go-tree-sitter predates some syntax
// that is common in modern libraries, and one construct trips its
// automatic semicolon insertion. A file using them parses with ERROR
// nodes, and an error can swallow the rest of the file. tsRepair mends the
// source copy the grammar sees, without moving a byte or a line break:
//
//   - variance annotations on type parameters ("<in out A>", TS 4.7) are
//     blanked;
//   - so are escaped backticks (the grammar ends a template literal type
//     at the first backtick), the import("m"). of an import type with type
//     arguments or an index, the "type" of "export type * from" (TS 5.0)
//     and the "?" of an optional destructured parameter ("({ a }?: T)");
//   - a generic call signature on its own line after another member,
//     "{ <A>(a: A): X \n <A, B>(a: A, b: B): Y }", gets a ";" in its
//     indentation, which the grammar needs to end the previous member.
//
// Each edit is confined to text where valid TypeScript has nothing else,
// or to the inside of strings and comments, where it changes no structure.
// Candidates are found by scanning bytes; the tree is consulted only at
// the few lines that start with "<", so a repair costs little more than
// the reparse.
func tsRepair(src []byte, root *sitter.Node) []byte {
	r := &repair{src: src}
	r.variance()
	r.forms()
	r.escapedBackticks()
	r.separators(root)
	return r.out
}

type repair struct {
	src []byte
	out []byte // nil until the first edit
}

// blank replaces src[i:j] with spaces in the copy, line breaks kept.
func (r *repair) blank(i, j int) {
	if r.out == nil {
		r.out = append([]byte(nil), r.src...)
	}
	blankLines(r.out, i, j)
}

func (r *repair) set(i int, c byte) {
	if r.out == nil {
		r.out = append([]byte(nil), r.src...)
	}
	r.out[i] = c
}

// varianceRe matches, at the start of a type parameter, "in", "out" or
// "in out" (group 1) followed by the parameter's name and what can follow
// a name in a type parameter list.
var varianceRe = regexp.MustCompile(`^((?:(?:in|out)\s+)+)[A-Za-z_$][\w$]*\s*(?:extends\b|[=,>])`)

// variance blanks variance annotations: after each "<" or ",", comments
// and spaces skipped, a match of varianceRe.
func (r *repair) variance() {
	src := r.src
	for i := 0; i < len(src); i++ {
		if src[i] != '<' && src[i] != ',' {
			continue
		}
		j := skipSpaceAndComments(src, i+1)
		if j >= len(src) || src[j] != 'i' && src[j] != 'o' {
			continue
		}
		if m := varianceRe.FindSubmatchIndex(src[j:min(len(src), j+200)]); m != nil {
			r.blank(j+m[2], j+m[3])
		}
	}
}

// skipSpaceAndComments returns the index of the first byte at or after i
// that is neither white space nor inside a comment.
func skipSpaceAndComments(src []byte, i int) int {
	for i < len(src) {
		switch {
		case src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r':
			i++
		case bytes.HasPrefix(src[i:], []byte("//")):
			k := bytes.IndexByte(src[i:], '\n')
			if k < 0 {
				return len(src)
			}
			i += k
		case bytes.HasPrefix(src[i:], []byte("/*")):
			k := bytes.Index(src[i+2:], []byte("*/"))
			if k < 0 {
				return len(src)
			}
			i += k + 4
		default:
			return i
		}
	}
	return i
}

var (
	importTypeRe = regexp.MustCompile(`^(import\s*\(\s*(?:"[^"\n]*"|'[^'\n]*')\s*\)\s*\.)\s*[A-Za-z_$]`)
	exportStarRe = regexp.MustCompile(`^export\s+(type)\s*\*`)
)

// forms blanks import("m"). before a type name, "type" in "export type *"
// and the "?" of "}?:".
func (r *repair) forms() {
	src := r.src
	for _, f := range []struct {
		lit string
		re  *regexp.Regexp
	}{{"import", importTypeRe}, {"export", exportStarRe}} {
		for off := 0; ; {
			k := bytes.Index(src[off:], []byte(f.lit))
			if k < 0 {
				break
			}
			i := off + k
			off = i + len(f.lit)
			if i > 0 && isTSIdentByte(src[i-1]) {
				continue
			}
			if m := f.re.FindSubmatchIndex(src[i:min(len(src), i+300)]); m != nil {
				r.blank(i+m[2], i+m[3])
			}
		}
	}
	for off := 0; ; {
		k := bytes.IndexByte(src[off:], '?')
		if k < 0 {
			break
		}
		i := off + k
		off = i + 1
		p := i - 1
		for p >= 0 && (src[p] == ' ' || src[p] == '\t') {
			p--
		}
		n := i + 1
		for n < len(src) && (src[n] == ' ' || src[n] == '\t') {
			n++
		}
		if p >= 0 && src[p] == '}' && n < len(src) && src[n] == ':' {
			r.blank(i, i+1)
		}
	}
}

// isTSIdentByte reports an ASCII identifier byte of TypeScript.
func isTSIdentByte(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// escapedBackticks blanks "\`" pairs. Backslash pairs are skipped as a
// whole so that "\\`" keeps its closing backtick.
func (r *repair) escapedBackticks() {
	src := r.src
	for i := bytes.IndexByte(src, '\\'); i >= 0 && i+1 < len(src); {
		if src[i+1] == '`' {
			r.blank(i, i+2)
		}
		k := bytes.IndexByte(src[i+2:], '\\')
		if k < 0 {
			break
		}
		i += 2 + k
	}
}

// separators puts a ";" before a "<" that starts an indented line when the
// tree shows it opens the next member's type parameters: a type parameter
// list inside an ERROR node or of a function type or call signature, a
// type argument list the grammar attached to the previous type although
// "(" follows it, or a bare "<" inside an ERROR node.
func (r *repair) separators(root *sitter.Node) {
	src := r.src
	row := uint32(0)
	for i := 0; i < len(src); i++ {
		if src[i] != '\n' {
			continue
		}
		row++
		j := i + 1
		for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
			j++
		}
		if j == i+1 || j >= len(src) || src[j] != '<' {
			continue
		}
		at := sitter.Point{Row: row, Column: uint32(j - i - 1)}
		n := root.NamedDescendantForPointRange(at, sitter.Point{Row: row, Column: at.Column + 1})
		if n == nil {
			continue
		}
		// The "<" token itself: n's first child, or a bare token that
		// error recovery left in n.
		lt := childAt(n, j)
		ok := lt != nil && lt.Type() == "<" && (inError(lt) ||
			n.Type() == "type_parameters" && genericFunctionType(n) ||
			n.Type() == "type_arguments" && genericCallSignature(src, n))
		n = lt
		if ok && n != nil && endsType(src, prevToken(n)) {
			r.set(j-1, ';')
		}
	}
}

// childAt returns the child of n that starts at byte i, or nil.
func childAt(n *sitter.Node, i int) *sitter.Node {
	for k := 0; k < int(n.ChildCount()); k++ {
		if c := n.Child(k); int(c.StartByte()) == i {
			return c
		} else if int(c.StartByte()) > i {
			break
		}
	}
	return nil
}

func inError(n *sitter.Node) bool {
	for p := n.Parent(); p != nil; p = p.Parent() {
		if p.Type() == "ERROR" {
			return true
		}
	}
	return false
}

// genericFunctionType reports whether n is the type parameter list of a
// function type or call signature: when one starts a line right after a
// type, it is the next member that the grammar took for part of the
// previous one's return type.
func genericFunctionType(n *sitter.Node) bool {
	p := n.Parent()
	return p != nil && (p.Type() == "function_type" || p.Type() == "call_signature")
}

// genericCallSignature reports whether n is the type parameter list of a
// call signature that the grammar took for type arguments of the type
// before it ("X \n <B>(b: B): Y"): in a type, "X<B>(" is never valid.
func genericCallSignature(src []byte, n *sitter.Node) bool {
	if p := n.Parent(); p == nil || p.Type() != "generic_type" {
		return false
	}
	i := int(n.EndByte())
	for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r') {
		i++
	}
	return i < len(src) && src[i] == '('
}

// endsType reports whether a token can end a type, so that a member may
// end after it: an identifier, ">" (not "=>"), ")", "]" or "}".
func endsType(src []byte, tok *sitter.Node) bool {
	if tok == nil || tok.EndByte() == 0 || tok.Type() == "=>" {
		return false
	}
	c := src[tok.EndByte()-1]
	return c == '>' || c == ')' || c == ']' || c == '}' || isTSIdentByte(c)
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
