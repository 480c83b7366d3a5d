package code

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/treenav/treenav"
)

// Old-style JavaScript (and the same forms in TypeScript): functions named
// by the variable, property key or member they are assigned to, by the
// call that registers them, inside IIFE and UMD wrappers that are
// transparent. The queries capture the bindings at any depth; the hooks
// here name them as a person would and drop what defines nothing.

// jsFunctionValue reports whether n is a function value: a function or
// generator expression, or an arrow function.
func jsFunctionValue(n *sitter.Node) bool {
	if n == nil {
		return false
	}
	switch n.Type() {
	case "function_expression", "function", "generator_function", "arrow_function":
		return true
	}
	return false
}

// jsOuter skips the parentheses and type assertions around an expression:
// the node that takes its place in its parent.
func jsOuter(n *sitter.Node) *sitter.Node {
	for p := n.Parent(); p != nil; p = p.Parent() {
		switch p.Type() {
		case "parenthesized_expression", "as_expression", "satisfies_expression", "non_null_expression":
			n = p
			continue
		}
		break
	}
	return n
}

// jsInner skips parentheses downwards.
func jsInner(n *sitter.Node) *sitter.Node {
	for n != nil && n.Type() == "parenthesized_expression" && n.NamedChildCount() == 1 {
		n = n.NamedChild(0)
	}
	return n
}

// jsWrapper reports whether fn is an anonymous function that only wraps
// code: called on the spot ("(function (root) {...})(this)", "!function
// () {...}()", "(function () {...}).call(this)"), a UMD factory passed to
// such a call, or the factory of "define([...], function (...) {...})".
// What it declares is listed as if at the top of the file.
func jsWrapper(src []byte, fn *sitter.Node) bool {
	if !jsFunctionValue(fn) || fn.ChildByFieldName("name") != nil {
		return false
	}
	outer := jsOuter(fn)
	p := outer.Parent()
	if p == nil {
		return false
	}
	switch p.Type() {
	case "call_expression":
		return jsSame(p.ChildByFieldName("function"), outer)
	case "member_expression":
		prop := p.ChildByFieldName("property")
		call := p.Parent()
		if prop == nil || call == nil || call.Type() != "call_expression" || !jsSame(call.ChildByFieldName("function"), p) {
			return false
		}
		return prop.Type() == "property_identifier" && (nodeIs(src, prop, "call") || nodeIs(src, prop, "apply"))
	case "arguments":
		call := p.Parent()
		if call == nil || call.Type() != "call_expression" {
			return false
		}
		callee := jsInner(call.ChildByFieldName("function"))
		if callee == nil {
			return false
		}
		if callee.Type() == "identifier" {
			return nodeIs(src, callee, "define") || nodeIs(src, callee, "require")
		}
		return jsWrapper(src, callee)
	}
	return false
}

// nodeIs reports whether a node's text is s.
func nodeIs(src []byte, n *sitter.Node, s string) bool {
	return n != nil && n.EndByte()-n.StartByte() == uint32(len(s)) && text(src, n) == s
}

func jsSame(a, b *sitter.Node) bool {
	return a != nil && b != nil && a.StartByte() == b.StartByte() && a.EndByte() == b.EndByte() && a.Type() == b.Type()
}

// jsTopBlock reports whether a statement block is the top of the file as a
// person reads it: the body of a wrapper function.
func jsTopBlock(src []byte, block *sitter.Node) bool {
	if block == nil || block.Type() != "statement_block" {
		return false
	}
	fn := block.Parent()
	return fn != nil && jsWrapper(src, fn)
}

// jsAssignment names a function assigned to a target: "exports.parse =",
// "module.exports =", "Chance.prototype.pad =" (the method Chance.pad),
// "this.render =", "a.b.c =", "x =".
func jsAssignment(s *Symbol, src []byte) {
	left := s.NameNode
	right := s.Node.ChildByFieldName("right")
	s.NameNode = nil
	target := compact(text(src, left))
	switch {
	case target == "module.exports":
		s.Kind, s.NativeKind = treenav.KindFunction, "module.exports"
		if name := right.ChildByFieldName("name"); name != nil {
			s.Name = text(src, name)
		} else {
			s.Name, s.FileNamed = "module.exports", true
		}
		return
	case left.Type() == "identifier":
		s.Name, s.NativeKind = target, "assignment"
		return
	}
	obj, name := jsMember(left, src)
	if name == "" {
		s.Name = ""
		return
	}
	s.Name = name
	switch {
	case obj == "exports" || obj == "module.exports":
		s.Kind, s.NativeKind = treenav.KindFunction, "exports"
	case strings.HasSuffix(obj, ".prototype"):
		s.Kind, s.NativeKind = treenav.KindMethod, "prototype"
		s.Receiver = jsQualifier(strings.TrimSuffix(obj, ".prototype"))
	case obj == "this":
		s.Kind, s.NativeKind = treenav.KindMethod, "this"
	default:
		s.Kind, s.NativeKind = treenav.KindMethod, "member"
		s.Receiver = jsQualifier(obj)
	}
}

// jsMember splits a member or subscript target into its object's text and
// the member's name ("a.b['c']": "a.b", "c"); name is "" when the member
// is computed.
func jsMember(n *sitter.Node, src []byte) (obj, name string) {
	o := n.ChildByFieldName("object")
	if o == nil {
		return "", ""
	}
	switch n.Type() {
	case "member_expression":
		p := n.ChildByFieldName("property")
		if p == nil {
			return "", ""
		}
		name = text(src, p)
	case "subscript_expression":
		i := n.ChildByFieldName("index")
		if i == nil || i.Type() != "string" {
			return "", ""
		}
		name = unquote(text(src, i))
	}
	return compact(text(src, o)), name
}

// jsQualifier keeps a receiver that reads as a name ("Chance",
// "Backbone.View", "$.fn"), "" for anything computed.
func jsQualifier(obj string) string {
	if obj == "" {
		return ""
	}
	for _, r := range obj {
		if r != '.' && r != '_' && r != '$' && !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r > 127) {
			return ""
		}
	}
	return obj
}

// compact is a node's text without whitespace ("module .exports").
func compact(s string) string {
	return strings.Join(strings.Fields(s), "")
}

// jsObjectPath qualifies a method of an object literal by the keys and
// bindings of the objects around it, up to the symbol that contains it:
// "transform: { handler() {} }" in the module-level plugin is
// plugin.transform.handler; an object bound to a local ("const server =
// { close() {} }" in a function) adds the local's name; a method of
// "Foo.prototype = {...}" has the receiver Foo.
func jsObjectPath(s *Symbol, src []byte, member *sitter.Node) {
	var path []string
	v := member.Parent() // the object, then the values that hold it
walk:
	for v != nil {
		n := jsOuter(v)
		p := n.Parent()
		if p == nil {
			break
		}
		switch p.Type() {
		case "pair":
			key := p.ChildByFieldName("key")
			if key == nil || !jsSame(p.ChildByFieldName("value"), n) {
				break walk
			}
			path = append(path, unquote(text(src, key)))
			v = p.Parent()
			continue
		case "array":
			v = p // an element: the array's own binding names it
			continue
		case "arguments":
			// "Backbone.Model.extend({...})" takes the path of what its
			// value is bound to; a call bound to nothing takes its
			// callee's name ("chokidar.watch({...})" in a function:
			// watch).
			call := p.Parent()
			if call == nil || call.Type() != "call_expression" && call.Type() != "new_expression" {
				break walk
			}
			if cp := jsOuter(call).Parent(); cp != nil {
				switch cp.Type() {
				case "variable_declarator", "assignment_expression", "pair", "array":
					v = call
					continue
				case "export_statement":
					break walk
				}
			}
			if target, ok := jsMixinTarget(call, n, src); ok {
				if strings.HasSuffix(target, ".prototype") {
					s.Receiver = jsQualifier(strings.TrimSuffix(target, ".prototype"))
				} else if target != "" {
					path = append(path, target)
				}
			} else if name := jsCallee(call, src); name != "" {
				path = append(path, name)
			}
		default:
			path = append(path, jsBinding(n, src, s)...)
		}
		break
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	s.Scope = append(path, s.Scope...)
}

// jsBinding is the path a value bound at n adds: nothing for a symbol
// (a module-level variable, which contains it), the name of a local, the
// target of an assignment ("Foo.prototype = {...}" makes Foo the
// receiver instead).
func jsBinding(n *sitter.Node, src []byte, s *Symbol) []string {
	p := n.Parent()
	switch p.Type() {
	case "variable_declarator":
		if !jsSame(p.ChildByFieldName("value"), n) {
			return nil
		}
		if name := p.ChildByFieldName("name"); name != nil && name.Type() == "identifier" && !jsBoundSymbol(src, p) {
			return []string{text(src, name)}
		}
	case "assignment_expression":
		left := p.ChildByFieldName("left")
		if !jsSame(p.ChildByFieldName("right"), n) || left == nil {
			return nil
		}
		target := compact(text(src, left))
		switch {
		case target == "module.exports" || target == "exports":
		case strings.HasSuffix(target, ".prototype"):
			s.Receiver = jsQualifier(strings.TrimSuffix(target, ".prototype"))
		case left.Type() == "identifier":
			return []string{target}
		default:
			if o, name := jsMember(left, src); name != "" && o != "exports" && o != "module.exports" {
				if o == "this" {
					return []string{name}
				}
				if q := jsQualifier(o + "." + name); q != "" {
					return []string{q}
				}
			}
		}
	}
	return nil
}

// jsMixins are the calls that copy an object's members onto another:
// "_.extend(Model.prototype, {...})", "Object.assign(Foo, {...})",
// "jQuery.extend({...})", "jQuery.fn.extend({...})".
var jsMixins = map[string]bool{"extend": true, "assign": true, "mixin": true, "merge": true, "defaults": true}

// jsMixinTarget returns what a mixin call copies the object arg onto: its
// first argument when that is a name ("Model.prototype"), else the
// callee's object ("jQuery.fn" for "jQuery.fn.extend({...})"); ok is
// false for other calls. A target that does not read as a name is "".
func jsMixinTarget(call, arg *sitter.Node, src []byte) (string, bool) {
	f := jsInner(call.ChildByFieldName("function"))
	if f == nil || f.Type() != "member_expression" {
		return "", false
	}
	prop := f.ChildByFieldName("property")
	if prop == nil || !jsMixins[text(src, prop)] {
		return "", false
	}
	args := call.ChildByFieldName("arguments")
	if first := args.NamedChild(0); first != nil && !jsSame(first, arg) {
		switch first.Type() {
		case "identifier", "member_expression":
			return jsQualifier(compact(text(src, first))), true
		}
		return "", true
	}
	obj := f.ChildByFieldName("object")
	if obj == nil {
		return "", true
	}
	return jsQualifier(compact(text(src, obj))), true
}

// jsCallee is the last name of a call's callee ("chokidar.watch": watch).
func jsCallee(call *sitter.Node, src []byte) string {
	f := call.ChildByFieldName("function")
	if f == nil {
		f = call.ChildByFieldName("constructor")
	}
	f = jsInner(f)
	if f == nil {
		return ""
	}
	switch f.Type() {
	case "identifier":
		return text(src, f)
	case "member_expression":
		if p := f.ChildByFieldName("property"); p != nil {
			return text(src, p)
		}
	}
	return ""
}

// jsBoundSymbol reports whether a variable declarator is itself a symbol
// (module level or at the top of a wrapper, or holding a function), so
// what its value contains nests under it.
func jsBoundSymbol(src []byte, d *sitter.Node) bool {
	if jsFunctionValue(d.ChildByFieldName("value")) {
		return true
	}
	decl := d.Parent()
	return decl != nil && moduleLevel(src, decl)
}

// jsRouteMethods are the HTTP methods of Express-style routers.
var jsRouteMethods = map[string]string{"get": "GET", "post": "POST", "put": "PUT", "delete": "DELETE",
	"del": "DELETE", "patch": "PATCH", "head": "HEAD", "options": "OPTIONS", "all": "ALL"}

// jsCall names the function a call registers: a route handler
// ("app.get('/users/:id', function (req, res) {...})": GET /users/:id) or
// a named registration ("module.controller('Ctrl', function ($scope)
// {...})": Ctrl; a description or dependency list may come between). The
// function is the call's last argument; the call is the definition.
func jsCall(s *Symbol, src []byte) {
	name := s.NameNode
	s.NameNode = nil
	args := s.Node.ChildByFieldName("arguments")
	f := s.Node.ChildByFieldName("function")
	var method string
	if f != nil {
		if p := f.ChildByFieldName("property"); p != nil {
			method = text(src, p)
		}
	}
	n := int(args.NamedChildCount())
	last := args.NamedChild(n - 1)
	str := unquote(text(src, name))
	s.Name = ""
	_, route := jsRouteMethods[method]
	if !route {
		last = jsInjected(last)
	}
	if n < 2 || !jsFunctionValue(last) || str == "" {
		return
	}
	if m, ok := jsRouteMethods[method]; ok {
		if str[0] != '/' && str[0] != '*' {
			return
		}
		s.Name, s.NativeKind = m+" "+str, "route"
	} else {
		if !jsPlainMiddle(args) {
			return
		}
		s.Name, s.NativeKind = str, "registration"
	}
	s.Kind = treenav.KindFunction
	if b := last.ChildByFieldName("body"); b != nil {
		s.bodyStart = b.StartByte()
		s.Signature = signature(src[s.Start:b.StartByte()])
	}
}

// jsNamedExpression keeps a named function expression that nothing else
// names ("foo(function bar() {})", "return function next() {}"): bound to
// a variable, key or target, or registered by a call, it is that
// binding's symbol.
func jsNamedExpression(s *Symbol, src []byte) {
	outer := jsOuter(s.Node)
	p := outer.Parent()
	if p == nil {
		return
	}
	switch p.Type() {
	case "variable_declarator", "pair", "public_field_definition", "field_definition":
		if jsSame(p.ChildByFieldName("value"), outer) {
			s.Name = ""
		}
	case "assignment_expression":
		if jsSame(p.ChildByFieldName("right"), outer) {
			s.Name = ""
		}
	case "export_statement":
		s.Name = ""
	case "arguments", "array":
		if p.Type() == "array" {
			// "controller('Ctrl', ['$scope', function ($scope) {}])"
			if !jsSame(p.NamedChild(int(p.NamedChildCount())-1), outer) {
				return
			}
			outer = jsOuter(p)
			if p = outer.Parent(); p == nil || p.Type() != "arguments" {
				return
			}
		}
		call := p.Parent()
		if call == nil || call.Type() != "call_expression" || !jsSame(p.NamedChild(int(p.NamedChildCount())-1), outer) {
			return
		}
		f := call.ChildByFieldName("function")
		first := p.NamedChild(0)
		if f == nil || f.Type() != "member_expression" || first == nil || first.Type() != "string" {
			return
		}
		method := f.ChildByFieldName("property")
		if method == nil {
			return
		}
		m := text(src, method)
		str := unquote(text(src, first))
		if _, ok := jsRouteMethods[m]; ok && str != "" && (str[0] == '/' || str[0] == '*') {
			s.Name = ""
		} else if jsRegistrations[m] && str != "" && jsPlainMiddle(p) {
			s.Name = ""
		}
	}
}

// jsRegistrations are the methods that register a function under the
// name of their first argument.
var jsRegistrations = map[string]bool{"controller": true, "directive": true, "service": true,
	"factory": true, "filter": true, "provider": true, "component": true, "animation": true,
	"decorator": true, "registerTask": true, "registerMultiTask": true, "task": true}

// jsAliasGetter reports whether a property is a getter that only returns
// the variable of its own name ("{ forEach: () => forEach }"), as
// bundlers write export tables: the function is defined elsewhere.
func jsAliasGetter(pair *sitter.Node, src []byte) bool {
	v := pair.ChildByFieldName("value")
	key := pair.ChildByFieldName("key")
	if v == nil || key == nil || v.Type() != "arrow_function" {
		return false
	}
	b := jsInner(v.ChildByFieldName("body"))
	return b != nil && b.Type() == "identifier" && text(src, b) == unquote(text(src, key))
}

// jsAssignsFunction reports whether a value is an assignment (or a chain
// of them) of a function: "a = b = function () {}".
func jsAssignsFunction(v *sitter.Node) bool {
	for v != nil && v.Type() == "assignment_expression" {
		v = jsInner(v.ChildByFieldName("right"))
		if jsFunctionValue(v) {
			return true
		}
	}
	return false
}

// jsInjected returns the function at the end of an array (AngularJS's
// "['$scope', '$http', function ($scope, $http) {...}]"), else n.
func jsInjected(n *sitter.Node) *sitter.Node {
	if n != nil && n.Type() == "array" && n.NamedChildCount() > 0 {
		if f := n.NamedChild(int(n.NamedChildCount()) - 1); jsFunctionValue(f) {
			return f
		}
	}
	return n
}

// jsPlainMiddle reports whether the arguments between a registration's
// name and its function are plain data: a description or a list of
// dependencies ("grunt.registerTask('build', 'Builds.', function () {})",
// "gulp.task('build', ['clean'], function () {})").
func jsPlainMiddle(args *sitter.Node) bool {
	for i := 1; i < int(args.NamedChildCount())-1; i++ {
		switch args.NamedChild(i).Type() {
		case "string", "array", "template_string":
		default:
			return false
		}
	}
	return true
}
