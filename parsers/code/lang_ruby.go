package code

import (
	"regexp"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/ruby"

	"github.com/treenav/treenav"
)

func init() {
	Register(&Language{
		Name:         "ruby",
		Extensions:   []string{".rb", ".rake", ".gemspec", ".ru"},
		FileNames:    []string{"Rakefile", "Gemfile", "Guardfile", "Capfile", "Vagrantfile", "Podfile", "Brewfile"},
		Interpreters: []string{"ruby", "jruby", "truffleruby"},
		Grammar:      ruby.GetLanguage,
		CommentTypes: []string{"comment"},
		// "private def x", "private_class_method def self.y", "memoize def
		// z": the modifier call is part of the definition.
		Wrappers:        []string{"argument_list", "call"},
		WrapperOK:       rubyModifierCall,
		ScopeSeparator:  "::",
		AttachReceivers: true,
		ReceiverKinds:   []treenav.Kind{treenav.KindModule},
		Fixup:           rubyFixup,
	})
}

// rubyModifierCall accepts a call wrapping a definition when it is a
// receiver-less call without a block whose only argument is the definition
// ("private def x"), and the argument list of such a call.
func rubyModifierCall(wrapper, _ *sitter.Node, _ []byte) bool {
	call := wrapper
	if wrapper.Type() == "argument_list" {
		call = wrapper.Parent()
		if call == nil || call.Type() != "call" {
			return false
		}
		return wrapper.NamedChildCount() == 1
	}
	return call.ChildByFieldName("receiver") == nil && call.ChildByFieldName("block") == nil
}

// rubyFixup completes what the query leaves to code:
//
//   - A def is a method wherever Ruby makes it one (in a class, module,
//     block or def), and a function only at the top of the file; the defs
//     of "class << self" are singleton methods.
//   - Symbol names lose their colon (attr_reader :name, alias_method).
//   - Signatures stop before the body: "def add(path, handler)",
//     "class Router < Base", "private def secret"; a constant or an
//     attribute keeps its first line.
//   - A Rake task's doc is the "desc" call above it; a doc does not keep
//     the magic comments of the file's first lines, and =begin/=end
//     blocks lose their markers.
func rubyFixup(s *Symbol, src []byte) {
	n := s.Node
	s.Name = strings.TrimPrefix(s.Name, ":")
	if strings.HasPrefix(s.Name, `"`) || strings.HasPrefix(s.Name, "'") {
		s.Name = strings.Trim(s.Name, `"'`)
	}
	switch n.Type() {
	case "method":
		s.Kind = treenav.KindFunction
		switch rubyDefinee(n) {
		case "singleton":
			s.Kind, s.NativeKind = treenav.KindMethod, "singleton"
		case "method":
			s.Kind = treenav.KindMethod
		}
		s.Signature = rubyHeader(s, n, "parameters", src)
	case "singleton_method":
		s.Signature = rubyHeader(s, n, "parameters", src)
	case "class":
		end := n.ChildByFieldName("name")
		if sc := n.ChildByFieldName("superclass"); sc != nil {
			end = sc
		}
		s.Signature = signature(src[n.StartByte():end.EndByte()])
	case "module":
		s.Signature = signature(src[n.StartByte():n.ChildByFieldName("name").EndByte()])
	case "call":
		args := n.ChildByFieldName("arguments")
		switch {
		case s.NativeKind == "task" || s.NativeKind == "rake" || s.NativeKind == "define_method":
			if args != nil {
				s.Signature = signature(src[s.Start:args.EndByte()])
			}
		default:
			s.Signature = declarationSignature(src[s.Start:n.EndByte()])
		}
		if s.NativeKind == "task" && s.Doc == "" {
			s.Doc = rakeDesc(n, src)
		}
	default: // assignment, alias
		s.Signature = declarationSignature(src[n.StartByte():n.EndByte()])
	}
	if s.DocStart < s.Start {
		if s.Doc = rubyDoc(src[s.DocStart:s.Start]); s.Doc == "" {
			s.DocStart, s.DocRow = s.Start, s.StartRow
		}
	}
}

// rubyDefinee tells what a def defines from where it is: "function" at the
// top of the file (including inside if/begin there), "singleton" directly
// in "class << self", "method" anywhere else.
func rubyDefinee(n *sitter.Node) string {
	for p := n.Parent(); p != nil; p = p.Parent() {
		switch p.Type() {
		case "singleton_class":
			if v := p.ChildByFieldName("value"); v != nil && v.Type() == "self" {
				return "singleton"
			}
			return "method"
		case "class", "module", "block", "do_block", "method", "singleton_method", "lambda":
			return "method"
		case "program":
			return "function"
		}
	}
	return "function"
}

// rubyHeader is a def's signature: from the start of the definition (a
// wrapping "private" included) to the end of its parameters or name.
func rubyHeader(s *Symbol, n *sitter.Node, field string, src []byte) string {
	end := n.ChildByFieldName("name")
	if p := n.ChildByFieldName(field); p != nil {
		end = p
	}
	if end == nil {
		return s.Signature
	}
	return tidySignature(signature(src[s.Start:end.EndByte()]))
}

// rakeDesc returns the text of a "desc" call directly before a task.
func rakeDesc(task *sitter.Node, src []byte) string {
	prev := task.PrevNamedSibling()
	if prev == nil || prev.Type() != "call" || endRow(prev)+1 < task.StartPoint().Row {
		return ""
	}
	m := prev.ChildByFieldName("method")
	args := prev.ChildByFieldName("arguments")
	if m == nil || text(src, m) != "desc" || args == nil || args.NamedChildCount() == 0 {
		return ""
	}
	str := args.NamedChild(0)
	if str.Type() != "string" {
		return ""
	}
	return strings.TrimSpace(strings.Trim(text(src, str), `"'`))
}

// rubyMagic matches the magic comments of a file's first lines, which are
// directives to the interpreter, not documentation.
var rubyMagic = regexp.MustCompile(`^#\s*(-\*-.*-\*-|(frozen_string_literal|encoding|coding|warn_indent|shareable_constant_value|typed)\s*:.*|!.*)$`)

// rubyDoc cleans a comment block: magic comments are dropped and =begin /
// =end markers removed.
func rubyDoc(b []byte) string {
	lines := strings.Split(string(b), "\n")
	out := lines[:0]
	for _, ln := range lines {
		t := strings.TrimSpace(ln)
		if rubyMagic.MatchString(t) || strings.HasPrefix(t, "=begin") || strings.HasPrefix(t, "=end") {
			continue
		}
		out = append(out, ln)
	}
	return cleanDoc(strings.Join(out, "\n"))
}
