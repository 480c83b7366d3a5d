package code

import (
	"regexp"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/parsers/code/grammars/lua"
)

func init() {
	Register(&Language{
		Name:         "lua",
		Extensions:   []string{".lua"},
		FileNames:    []string{".luacheckrc", ".busted"},
		Interpreters: []string{"lua", "luajit", "texlua"},
		// The vendored tree-sitter-grammars Lua grammar: see
		// grammars/lua/README.md for why not go-tree-sitter's.
		Grammar:         lua.GetLanguage,
		CommentTypes:    []string{"comment"},
		CommentMarkers:  []string{"--"},
		AttachReceivers: true,
		// "function M.f" attaches to the table M whatever it turned out
		// to be: a module, a class or a plain table variable.
		ReceiverKinds: []treenav.Kind{treenav.KindModule, treenav.KindVariable},
		Fixup:         luaFixup,
	})
}

// luaFixup completes what the query leaves to code:
//
//   - A top-level table is a class when it is made a metatable
//     ("X.__index = X" or "setmetatable(..., X)" among the statements that
//     follow it, or "local X = setmetatable({}, Base)"), a module when the
//     chunk ends with "return X", and a variable otherwise.
//   - A literal variable or field with an ALL_CAPS name is a constant.
//   - The receiver of "function a.b.c()" is the whole table path "a.b", so
//     that the function is qualified a.b.c; a one-word table attaches.
//   - Signatures stop after the parameters; a table keeps its first line.
//   - Docs lose the "---", "--" and "--[[ ]]" markers.
//   - A function assigned in a block is kept only when the block is at
//     the top of the chunk (see luaTopBlock).
func luaFixup(s *Symbol, src []byte) {
	n := s.Node
	if s.NativeKind == "block" {
		s.NativeKind = ""
		if !luaTopBlock(n) {
			s.Name = "" // a function's or a loop's: working state
			return
		}
	}
	if s.Receiver != "" && s.NameNode != nil {
		if p := s.NameNode.Parent(); p != nil {
			if t := p.ChildByFieldName("table"); t != nil {
				s.Receiver = strings.Join(strings.Fields(text(src, t)), "")
			}
		}
	}
	switch {
	case n.Type() == "function_declaration":
		s.Signature = luaFunctionSignature(src, s.Start, n)
	case n.Type() == "field":
		s.Signature = luaFunctionSignature(src, s.Start, n.ChildByFieldName("value"))
	case s.Kind == treenav.KindFunction: // an assignment of a function
		s.Signature = luaFunctionSignature(src, s.Start, luaFirstValue(n))
	default:
		s.Signature = declarationSignature(src[s.Start:n.EndByte()])
		if s.NativeKind == "table" && s.Kind == treenav.KindVariable {
			s.Kind = luaTableKind(s.Name, n, src)
		}
		if s.NativeKind == "" && luaConstName.MatchString(s.Name) {
			s.Kind = treenav.KindConstant
		}
	}
	if s.DocStart < s.Start {
		s.Doc = luaDoc(string(src[s.DocStart:s.Start]))
	}
}

// luaTopBlock reports whether the assignment n (or the local declaration
// holding it) is in a block that runs once when the chunk is loaded: a
// top-level "do ... end", or a branch of a top-level if, however nested
// in such blocks; not in a function, a loop or a repeat.
func luaTopBlock(n *sitter.Node) bool {
	for p := n.Parent(); p != nil; p = p.Parent() {
		switch p.Type() {
		case "chunk":
			return true
		case "block", "do_statement", "if_statement", "elseif_statement", "else_statement":
		default:
			return false
		}
	}
	return false
}

var luaConstName = regexp.MustCompile(`^_*[A-Z][A-Z0-9_]*$`)

// luaFunctionSignature is the text from start to the end of fn's
// parameters (fn is a function_declaration or function_definition).
func luaFunctionSignature(src []byte, start uint32, fn *sitter.Node) string {
	if fn == nil {
		return ""
	}
	end := fn.EndByte()
	if p := fn.ChildByFieldName("parameters"); p != nil {
		end = p.EndByte()
	}
	if end < start {
		return ""
	}
	return tidySignature(signature(src[start:end]))
}

// luaFirstValue returns the first value of an assignment statement or of a
// local declaration's assignment.
func luaFirstValue(n *sitter.Node) *sitter.Node {
	if n.Type() == "variable_declaration" {
		for i := 0; i < int(n.NamedChildCount()); i++ {
			if c := n.NamedChild(i); c.Type() == "assignment_statement" {
				n = c
				break
			}
		}
	}
	for i := 0; i < int(n.NamedChildCount()); i++ {
		if c := n.NamedChild(i); c.Type() == "expression_list" && c.NamedChildCount() > 0 {
			return c.NamedChild(0)
		}
	}
	return nil
}

// luaClassWindow bounds how many top-level statements after a table are
// searched for the metatable idiom, which follows the table closely.
const luaClassWindow = 32

// luaTableKind classifies a top-level table definition.
func luaTableKind(name string, def *sitter.Node, src []byte) treenav.Kind {
	if v := luaFirstValue(def); v != nil && v.Type() == "function_call" {
		return treenav.KindClass // local X = setmetatable({}, Base)
	}
	k := 0
	for c := def.NextNamedSibling(); c != nil && k < luaClassWindow; c = c.NextNamedSibling() {
		k++
		if luaMakesMetatable(name, c, src) {
			return treenav.KindClass
		}
	}
	if last := def.Parent().NamedChild(int(def.Parent().NamedChildCount()) - 1); last != nil && last.Type() == "return_statement" {
		if t := strings.TrimSpace(strings.TrimPrefix(text(src, last), "return")); t == name {
			return treenav.KindModule
		}
	}
	return treenav.KindVariable
}

// luaMakesMetatable reports whether statement c is "name.__index = ..." or
// "setmetatable(..., name)".
func luaMakesMetatable(name string, c *sitter.Node, src []byte) bool {
	switch c.Type() {
	case "assignment_statement":
		t := text(src, c)
		rest, ok := strings.CutPrefix(t, name)
		if !ok {
			return false
		}
		rest = strings.TrimSpace(rest)
		return strings.HasPrefix(rest, ".__index") || strings.HasPrefix(rest, "[\"__index\"]")
	case "function_call":
		if f := c.ChildByFieldName("name"); f != nil && text(src, f) == "setmetatable" {
			if args := c.ChildByFieldName("arguments"); args != nil && args.NamedChildCount() == 2 {
				return text(src, args.NamedChild(1)) == name
			}
		}
	}
	return false
}

// luaDoc cleans a run of Lua comments: "---" and "--" line markers and the
// brackets of block comments ("--[[ ... ]]", "--[==[ ... ]==]").
func luaDoc(s string) string {
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	out := make([]string, 0, len(lines))
	for _, ln := range lines {
		t := strings.TrimSpace(ln)
		if strings.HasPrefix(t, "--[") {
			if open := luaLongBracket.FindString(t[2:]); open != "" {
				t = t[2+len(open):]
			}
		}
		if strings.HasPrefix(t, "]") {
			if close := luaLongClose.FindString(t); close != "" {
				t = t[len(close):]
			}
		}
		t = strings.TrimRight(luaLongClose.ReplaceAllString(t, ""), " \t")
		switch {
		case strings.HasPrefix(t, "---"):
			t = strings.TrimLeft(t, "-")
		case strings.HasPrefix(t, "--"):
			t = t[2:]
		}
		out = append(out, t)
	}
	return dedent(strings.Join(out, "\n"))
}

var (
	luaLongBracket = regexp.MustCompile(`^\[=*\[`)
	luaLongClose   = regexp.MustCompile(`\]=*\]$`)
)
