package index

import (
	"strings"

	"github.com/treenav/treenav/parsers/code"
)

// What a TypeScript call returns, read from the callee's signature: the
// receiver of innerFrom(input).subscribe(...), this.getSubject().pipe(...)
// or of a local bound to such a call (const s = makeStore()) is a value
// of the callee's declared result type, so the member is looked up in
// that type as a typed local's would be. The walker writes the callee as
// a path ending in "()" (parsers/code jsCalleePath): as the qualifier of
// a member access on the call, or as the type of a local bound to it.
// A callee without a declared result (inferred by tsc) answers nothing:
// the member stays a member of an unknown receiver.

// esCallClasses returns the classes (classes, interfaces, type aliases)
// of what a call of path returns, path a callee as the walker wrote it
// without its "()": f, ns.f, C.make, this.source, x.get (rootType the
// type of its first name when that is a typed local or this, "" when it
// names no local). class is the class the call is written in.
func esCallClasses(x *refIndex, f *refFile, path, rootType, class string, bases func(int) []int) []int {
	var callees []int
	head, last, dotted := cutLast(path)
	if !dotted {
		callees = esLocal(x, f, path, 0)
	} else {
		root, rest, _ := strings.Cut(head, ".")
		var cls []int
		switch {
		case root == "this":
			cls = classesOf(x, x.topLevel(f.Path, class))
		case rootType != "" && rootType != "?":
			cls = esTypeClasses(x, f, rootType, class, bases)
		case rootType == "":
			if ms := esNamespace(x, f, head); len(ms) > 0 {
				// ns.make(): a module's export.
				for _, m := range ms {
					callees = append(callees, esExport(x, m, last, 0)...)
				}
			} else if rest == "" {
				// C.make(): a static method of a class of the tree.
				cls = classesOf(x, esLocal(x, f, root, 0))
			}
		}
		// this.a.b.get(): through the declared types of the fields.
		for _, p := range splitNonEmpty(rest) {
			cls = esFieldClasses(x, cls, p, bases)
		}
		callees = append(callees, x.members(cls, last, bases)...)
	}
	var out []int
	for _, c := range dedupe(callees) {
		d := &x.Defs[c]
		if isClassKind(d.Kind) {
			continue
		}
		ret := esReturnType(d.Signature, d.Name)
		if ret == "" {
			continue
		}
		if mf := x.file(d.Path); mf != nil {
			out = append(out, classesOf(x, esLocal(x, mf, ret, 0))...)
		}
	}
	return dedupe(out)
}

// esTypeClasses returns the classes a written type names: a name, a
// namespace's member (ns.T), or a callee's result ("f()").
func esTypeClasses(x *refIndex, f *refFile, typ, class string, bases func(int) []int) []int {
	if callee, ok := strings.CutSuffix(typ, "()"); ok {
		rootType := ""
		if strings.HasPrefix(callee, "this.") {
			rootType = class
		}
		return esCallClasses(x, f, callee, rootType, class, bases)
	}
	if q, n, dotted := cutLast(typ); dotted {
		return classesOf(x, esTypeOf(x)(f, langRef{Name: n, Qualifier: q}))
	}
	return classesOf(x, esLocal(x, f, typ, 0))
}

// esFieldClasses follows field name of the classes cls to the classes
// of its declared type.
func esFieldClasses(x *refIndex, cls []int, name string, bases func(int) []int) []int {
	var next []int
	for _, m := range x.members(cls, name, bases) {
		d := &x.Defs[m]
		if d.Kind == "method" || d.Kind == "function" || isClassKind(d.Kind) {
			continue
		}
		if t := esFieldType(d.Signature, name); t != "" {
			if mf := x.file(d.Path); mf != nil {
				next = append(next, classesOf(x, esLocal(x, mf, t, 0))...)
			}
		}
	}
	return dedupe(next)
}

func splitNonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ".")
}

// esReturnType reads the declared result type of function or method
// name from its signature ("export function innerFrom<T>(input:
// ObservableInput<T>): Observable<T>" is Observable; "protected
// getSubject(): Subject<T> | undefined" is Subject; "const make = async
// (): Promise<Store> =>" is Promise), "" when it declares none, when it
// is a type predicate (x is T) or names no single type.
func esReturnType(sig, name string) string {
	i := identIndex(sig, name)
	if i < 0 {
		return ""
	}
	rest := strings.TrimLeft(sig[i+len(name):], " \t?!")
	if r, ok := strings.CutPrefix(rest, "="); ok {
		// const f = async <T>(...): R => ..., const f = function (...): R
		rest = strings.TrimSpace(r)
		rest = strings.TrimSpace(strings.TrimPrefix(rest, "async"))
		if r, ok := strings.CutPrefix(rest, "function"); ok {
			rest = strings.TrimLeft(r, " \t*")
			if j := strings.IndexAny(rest, "(<"); j > 0 {
				rest = rest[j:] // a named function expression
			}
		}
	}
	if strings.HasPrefix(rest, "<") {
		j := closingBracket(rest)
		if j < 0 {
			return ""
		}
		rest = strings.TrimSpace(rest[j+1:])
	}
	if !strings.HasPrefix(rest, "(") {
		return ""
	}
	j := closingBracket(rest)
	if j < 0 {
		return ""
	}
	rest = strings.TrimSpace(rest[j+1:])
	typ, ok := strings.CutPrefix(rest, ":")
	if !ok {
		return ""
	}
	typ = strings.TrimSpace(typ[:typeEnd(typ)])
	if strings.HasPrefix(typ, "asserts ") || strings.Contains(typ, " is ") {
		return ""
	}
	return esNamedType(typ)
}

// esNamedType is the name a written type is about once null and
// undefined are left out of its union, "" when it is no single name.
func esNamedType(t string) string {
	out := ""
	for _, part := range strings.Split(t, "|") {
		switch part = strings.TrimSpace(part); part {
		case "", "undefined", "null":
			continue
		}
		if out != "" {
			return ""
		}
		out = code.TypeName(part)
	}
	return out
}

// identIndex is where name first occurs in s as a whole identifier, -1
// if it does not.
func identIndex(s, name string) int {
	for from := 0; ; {
		j := strings.Index(s[from:], name)
		if j < 0 {
			return -1
		}
		j += from
		end := j + len(name)
		if (j == 0 || !esIdentByte(s[j-1])) && (end == len(s) || !esIdentByte(s[end])) {
			return j
		}
		from = end
	}
}

// closingBracket is the index of the bracket that closes the one s
// starts with ("(", "<", "[" or "{"), counting every kind of bracket
// inside and skipping "=>" and quoted strings; -1 when it is not closed.
func closingBracket(s string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '(', '[', '{', '<':
			depth++
		case ')', ']', '}', '>':
			if c == '>' && i > 0 && s[i-1] == '=' {
				continue // an arrow
			}
			if depth--; depth == 0 {
				return i
			}
		case '"', '\'', '`':
			k := strings.IndexByte(s[i+1:], c)
			if k < 0 {
				return -1
			}
			i += k + 1
		}
	}
	return -1
}

// typeEnd is where a result type written at the start of s ends: at a
// body's "{", an arrow's "=>" or a ";" outside brackets, else len(s).
func typeEnd(s string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '{':
			if depth == 0 {
				return i
			}
			depth++
		case '(', '[', '<':
			depth++
		case ')', ']', '}':
			depth--
		case '>':
			if i > 0 && s[i-1] == '=' {
				if depth == 0 {
					return i - 1
				}
				continue
			}
			depth--
		case ';':
			if depth == 0 {
				return i
			}
		}
	}
	return len(s)
}
