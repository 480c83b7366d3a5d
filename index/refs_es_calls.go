package index

import (
	"strconv"
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
func esCallClasses(x *refIndex, f *refFile, path, rootType, class string, bases func(int) []int, awaited bool) []int {
	var out []int
	callees, receiver := esCallees(x, f, path, rootType, class, bases)
	for _, c := range callees {
		d := &x.Defs[c]
		if isClassKind(d.Kind) {
			continue
		}
		txt := esReturnTypeText(d.Signature, d.Name)
		if txt == "this" {
			// A fluent method (min(n: number): this): the receiver's
			// own type, however far below the method's class it is.
			if len(receiver) > 0 {
				out = append(out, receiver...)
			} else if d.Parent >= 0 {
				out = append(out, d.Parent)
			}
			continue
		}
		if awaited {
			// await f(): Promise<T> is T; a value not a promise is
			// itself.
			for _, p := range []string{"Promise<", "PromiseLike<"} {
				if in, ok := strings.CutPrefix(txt, p); ok && strings.HasSuffix(in, ">") {
					txt = strings.TrimSuffix(in, ">")
				}
			}
		}
		ret := esResultName(txt)
		if ret == "" {
			continue
		}
		if mf := x.file(d.Path); mf != nil {
			out = append(out, classesOf(x, esLocal(x, mf, ret, 0))...)
		}
	}
	return dedupe(out)
}

// esCallees returns the definitions a callee path names (its arguments
// as esCallClasses'): functions, methods, or for "new C" C's
// constructors; and for a method, the classes of its receiver.
func esCallees(x *refIndex, f *refFile, path, rootType, class string, bases func(int) []int) ([]int, []int) {
	if c, ok := strings.CutPrefix(path, "new "); ok && !strings.Contains(c, "(") {
		cls := esTypeClasses(x, f, c, class, bases)
		return x.members(cls, "constructor", bases), cls
	}
	var callees []int
	head, last, dotted := cutLast(path)
	if i := strings.LastIndex(head, "()"); dotted && i >= 0 {
		// z.string().min, f().a.get: a member of what a call returns,
		// through the fields after it.
		cls := esTypeClasses(x, f, head[:i+2], class, bases)
		for _, p := range splitNonEmpty(strings.TrimPrefix(head[i+2:], ".")) {
			cls = esFieldClasses(x, cls, p, bases)
		}
		return x.members(cls, last, bases), cls
	}
	var cls []int
	if !dotted {
		callees = esLocal(x, f, path, 0)
	} else {
		root, rest, _ := strings.Cut(head, ".")
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
	return dedupe(callees), cls
}

// esParamClasses returns the classes of a callback's parameter that the
// walker typed "callee@k@j": the j-th parameter of the function type
// that the callee declares for its k-th argument (operate's init:
// (liftedSource: Observable<T>, subscriber: Subscriber<R>) => ...; a
// this: parameter is not counted); or of an object literal given as the
// k-th argument, typed "callee@k": that parameter's type.
func esParamClasses(x *refIndex, f *refFile, typ, class string, bases func(int) []int) []int {
	parts := strings.Split(typ, "@")
	if len(parts) != 2 && len(parts) != 3 {
		return nil
	}
	callee := parts[0]
	k, err := strconv.Atoi(parts[1])
	if err != nil {
		return nil
	}
	j := -1 // "callee@k": the parameter's own type (an object literal's)
	if len(parts) == 3 {
		if j, err = strconv.Atoi(parts[2]); err != nil {
			return nil
		}
	}
	rootType := ""
	if strings.HasPrefix(callee, "this.") {
		rootType = class
	}
	var out []int
	callees, _ := esCallees(x, f, callee, rootType, class, bases)
	for _, c := range callees {
		d := &x.Defs[c]
		params := esParamTypes(d.Signature, d.Name)
		if k >= len(params) {
			continue
		}
		pt := params[k]
		if j >= 0 {
			inner := esFunctionParams(pt)
			if j >= len(inner) {
				continue
			}
			pt = inner[j]
		}
		if t := esNamedType(pt); t != "" {
			if mf := x.file(d.Path); mf != nil {
				out = append(out, classesOf(x, esLocal(x, mf, t, 0))...)
			}
		}
	}
	return dedupe(out)
}

// esParamTypes returns the written types of the parameters of function
// or method name in its signature ("" for one without a type), a this:
// parameter left out; nil when the signature shows no parameter list.
func esParamTypes(sig, name string) []string {
	list, _, ok := esParams(sig, name)
	if !ok {
		return nil
	}
	return esParamList(list)
}

// esParams finds the parameter list of function or method name in its
// signature ("export function f<T>(a: A): R", "m?(a: A)", "const f =
// async <T>(a: A): R =>", "const f = function g(a: A): R"): the list's
// text inside its parentheses and what follows them.
func esParams(sig, name string) (list, after string, ok bool) {
	i := identIndex(sig, name)
	if i < 0 {
		return "", "", false
	}
	rest := strings.TrimLeft(sig[i+len(name):], " \t?!")
	if r, ok := strings.CutPrefix(rest, "="); ok {
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
			return "", "", false
		}
		rest = strings.TrimSpace(rest[j+1:])
	}
	if !strings.HasPrefix(rest, "(") {
		return "", "", false
	}
	j := closingBracket(rest)
	if j < 0 {
		return "", "", false
	}
	return rest[1:j], rest[j+1:], true
}

// esParamList splits a parameter list's text into the parameters'
// written types.
func esParamList(list string) []string {
	var out []string
	for _, p := range splitTopLevel(list, ',') {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		nameEnd := len(p)
		if c := indexTopLevel(p, ':'); c >= 0 {
			nameEnd = c
		}
		name := strings.TrimSpace(strings.TrimRight(p[:nameEnd], "?"))
		if name == "this" {
			continue
		}
		typ := ""
		if nameEnd < len(p) {
			typ = p[nameEnd+1:]
			if e := indexTopLevel(typ, '='); e >= 0 && !strings.HasPrefix(typ[e:], "=>") {
				typ = typ[:e] // a default value
			}
		}
		out = append(out, strings.TrimSpace(typ))
	}
	return out
}

// esFunctionParams returns the parameter types of a written function
// type ("(a: A, b: B) => R", in parentheses or joined with undefined
// too), nil when typ is no function type.
func esFunctionParams(typ string) []string {
	typ = strings.TrimSpace(typ)
	if strings.HasPrefix(typ, "(") {
		// (a: A) => B | void: the union is the result's.
		if j := closingBracket(typ); j >= 0 && strings.HasPrefix(strings.TrimSpace(typ[j+1:]), "=>") {
			return esParamList(typ[1:j])
		}
	}
	var fn string
	for _, part := range splitTopLevel(typ, '|') {
		switch part = strings.TrimSpace(part); part {
		case "", "undefined", "null":
			continue
		}
		if fn != "" {
			return nil
		}
		fn = part
	}
	for strings.HasPrefix(fn, "(") {
		j := closingBracket(fn)
		if j < 0 {
			return nil
		}
		if after := strings.TrimSpace(fn[j+1:]); strings.HasPrefix(after, "=>") {
			return esParamList(fn[1:j])
		} else if after != "" {
			return nil
		}
		fn = strings.TrimSpace(fn[1:j]) // ((a: A) => R)
	}
	return nil
}

// splitTopLevel splits s at the sep bytes outside brackets and quotes.
func splitTopLevel(s string, sep byte) []string {
	var out []string
	from := 0
	for {
		i := indexTopLevel(s[from:], sep)
		if i < 0 {
			return append(out, s[from:])
		}
		out = append(out, s[from:from+i])
		from += i + 1
	}
}

// indexTopLevel is the index of the first sep in s outside brackets and
// quotes (an arrow's ">" is no bracket), -1 if none.
func indexTopLevel(s string, sep byte) int {
	return bracketScan(s, func(i, depth int) bool { return depth == 0 && s[i] == sep })
}

// bracketScan calls fn with the index of each byte of s outside quoted
// strings and the depth of brackets ((, [, {, <; an arrow's ">" closes
// none) around it once the byte is read: 1 at an opening bracket at the
// top, 0 at the bracket that closes it. It returns the first index fn
// accepts, -1 when it accepts none or a quote is not closed.
func bracketScan(s string, fn func(i, depth int) bool) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '(', '[', '{', '<':
			depth++
		case ')', ']', '}':
			depth--
		case '>':
			if i == 0 || s[i-1] != '=' {
				depth--
			}
		case '"', '\'', '`':
			k := strings.IndexByte(s[i+1:], c)
			if k < 0 {
				return -1
			}
			i += k + 1
			continue
		}
		if fn(i, depth) {
			return i
		}
	}
	return -1
}

// esTypeClasses returns the classes a written type names: a name, a
// namespace's member (ns.T), a callee's result ("f()"; "await f()" for
// what its promise resolves to), or a callback's parameter ("f@k@j":
// esParamClasses).
func esTypeClasses(x *refIndex, f *refFile, typ, class string, bases func(int) []int) []int {
	if !strings.ContainsAny(typ, "@(") {
		return esNamedClasses(x, f, typ)
	}
	// Read from signatures: the same few callees (operate, innerFrom)
	// type thousands of references, each a parse of their signatures.
	key := esTypeKey{f.Path, typ, class}
	if cls, ok := x.esTypes[key]; ok {
		return cls
	}
	cls := esSignatureClasses(x, f, typ, class, bases)
	if x.esTypes == nil {
		x.esTypes = map[esTypeKey][]int{}
	}
	x.esTypes[key] = cls
	return cls
}

// esReceiverCall writes the call qualifier q ("f()", "this.m()", "x.get()")
// as the type esTypeClasses reads (and memoizes): as it is when its first
// name is no local or is this, from the local's type when that is a name
// ("Cache.get()" for x: Cache); "" when the local's type is unknown or
// itself read from a signature.
func esReceiverCall(q, rootType string) string {
	root := q
	if i := strings.IndexAny(q, ".("); i >= 0 {
		root = q[:i]
	}
	switch {
	case rootType == "" || root == "this":
		return q
	case rootType == "?" || strings.ContainsAny(rootType, "(@"):
		return ""
	}
	return rootType + q[len(root):]
}

// esTypeKey is esTypeClasses' memo key.
type esTypeKey struct{ path, typ, class string }

// esNamedClasses returns the classes a type name (T, ns.T) names.
func esNamedClasses(x *refIndex, f *refFile, typ string) []int {
	if q, n, dotted := cutLast(typ); dotted {
		return classesOf(x, esTypeOf(x)(f, langRef{Name: n, Qualifier: q}))
	}
	return classesOf(x, esLocal(x, f, typ, 0))
}

// esSignatureClasses is esTypeClasses for the types read from a callee's
// signature.
func esSignatureClasses(x *refIndex, f *refFile, typ, class string, bases func(int) []int) []int {
	if strings.Contains(typ, "@") {
		return esParamClasses(x, f, typ, class, bases)
	}
	awaited := false
	if t, ok := strings.CutPrefix(typ, "await "); ok {
		typ, awaited = t, true
	}
	if c, ok := strings.CutPrefix(typ, "new "); ok && strings.HasSuffix(c, "()") && strings.Count(c, "(") == 1 {
		return esNamedClasses(x, f, strings.TrimSuffix(c, "()")) // new C(): a C
	}
	if callee, ok := strings.CutSuffix(typ, "()"); ok {
		rootType := ""
		if strings.HasPrefix(callee, "this.") {
			rootType = class
		}
		return esCallClasses(x, f, callee, rootType, class, bases, awaited)
	}
	return esNamedClasses(x, f, typ)
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

// esResultName is the type a result type's text names, "" for a type
// predicate (x is T, asserts x) or for no single name.
func esResultName(typ string) string {
	if strings.HasPrefix(typ, "asserts ") || strings.Contains(typ, " is ") {
		return ""
	}
	return esNamedType(typ)
}

// esReturnTypeText is the text of the result type function or method
// name declares in its signature ("export function innerFrom<T>(input:
// ObservableInput<T>): Observable<T>" declares Observable<T>; "const
// make = async (): Promise<Store> =>" Promise<Store>), "" for none.
func esReturnTypeText(sig, name string) string {
	_, after, ok := esParams(sig, name)
	if !ok {
		return ""
	}
	typ, ok := strings.CutPrefix(strings.TrimSpace(after), ":")
	if !ok {
		return ""
	}
	return strings.TrimSpace(typ[:typeEnd(typ)])
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
	return bracketScan(s, func(i, depth int) bool { return i > 0 && depth == 0 })
}

// typeEnd is where a result type written at the start of s ends: at a
// body's "{", an arrow's "=>" or a ";" outside brackets, else len(s).
func typeEnd(s string) int {
	i := bracketScan(s, func(i, depth int) bool {
		switch s[i] {
		case '{':
			return depth == 1
		case ';':
			return depth == 0
		case '=':
			return depth == 0 && i+1 < len(s) && s[i+1] == '>'
		}
		return false
	})
	if i < 0 {
		return len(s)
	}
	return i
}

// esMemberOf resolves member name of a value of the classes cls (a
// typed receiver's): its definitions and their overrides, or a member of
// an unknown receiver when they have none. A type alias's value has the
// members of every part it joins (type Sub = { status: 'idle'; data?:
// undefined } | (Base & { status: 'done' })): sub.data reads them all,
// the shape's own and Base's, and is resolved to all of them (a class's
// member hides its base's). An object literal's key (literal) writes the
// one shape tsc picks by the object's other keys: it is ambiguous among
// them.
func esMemberOf(x *refIndex, f *refFile, cls []int, name string, bases func(int) []int, literal bool) resolution {
	aliases := len(cls) > 0
	for _, c := range cls {
		aliases = aliases && x.Defs[c].Kind == "type"
	}
	if aliases {
		var ms []int
		for _, c := range cls {
			ms = append(ms, x.memberOf(c, name)...)
			ms = append(ms, x.members(bases(c), name, bases)...)
		}
		if ms = dedupe(ms); len(ms) > 0 {
			if literal && len(ms) > 1 {
				return x.withOverrides(resolution{Defs: ms, Confidence: "ambiguous"}, bases)
			}
			return x.withOverrides(resolution{Defs: ms, Confidence: "resolved"}, bases)
		}
	} else if ms := x.members(cls, name, bases); len(ms) > 0 {
		return x.withOverrides(x.verdict(ms), bases)
	}
	return unknownReceiver(x, f.Language, name)
}

// esVerdict is verdict for the definitions a TypeScript name names, which
// may be one symbol declared twice: interface EmptyError and const
// EmptyError (or a class and an interface, a function and a namespace)
// are merged by tsc, and a use picks the declaration by its meaning. A
// type or an extends clause uses the types among them, a value the
// values; an import or export binds the name with every meaning, and is
// resolved to them all.
func esVerdict(x *refIndex, ds []int, kind string) resolution {
	ds = dedupe(ds)
	if len(ds) < 2 {
		return x.verdict(ds)
	}
	first := &x.Defs[ds[0]]
	kinds := false
	for _, d := range ds[1:] {
		if x.Defs[d].Path != first.Path || x.Defs[d].Qualified != first.Qualified {
			return x.verdict(ds)
		}
		kinds = kinds || x.Defs[d].Kind != first.Kind
	}
	if !kinds {
		return x.verdict(ds)
	}
	var kept []int
	for _, d := range ds {
		k := x.Defs[d].Kind
		typeOnly := k == "interface" || k == "type"
		valueOnly := !isClassKind(k) && k != "namespace" && k != "module"
		switch kind {
		case "import", "export":
			kept = append(kept, d)
		case "type", "inherit":
			if !valueOnly {
				kept = append(kept, d)
			}
		default:
			if !typeOnly {
				kept = append(kept, d)
			}
		}
	}
	if len(kept) == 0 {
		return x.verdict(ds)
	}
	return resolution{Defs: kept, Confidence: "resolved"}
}
