package code

import (
	"bytes"

	"github.com/smacker/go-tree-sitter/python"
)

func init() {
	Register(&Language{
		Name:         "python",
		Extensions:   []string{".py", ".pyi"},
		Interpreters: []string{"python", "python3"},
		Grammar:      python.GetLanguage,
		CommentTypes: []string{"comment"},
		// An assignment's statement carries the comments above it.
		Wrappers: []string{"decorated_definition", "expression_statement"},
		Fixup:    pythonFixup,
		// Every pattern of python.scm starts at one of these; a def or
		// class can sit in any block, never in an expression.
		StartTypes: []string{"module", "class_definition", "function_definition",
			"decorated_definition", "type_alias_statement"},
		StartInside: []string{"module", "block", "class_definition", "function_definition",
			"decorated_definition", "if_statement", "elif_clause", "else_clause",
			"for_statement", "while_statement", "try_statement", "except_clause",
			"except_group_clause", "finally_clause", "with_statement",
			"match_statement", "case_clause"},
	})
}

// pythonFixup sets signatures. A def or class signature runs from the
// keyword ("async def", "class") to the colon that opens the body:
// decorators are left out (they stay in the symbol's range and content,
// and the common ones are in the native kind) and so is a comment after
// the colon. An assignment's signature is its first line.
//
// A def or class ends on its last line of code, as in CPython's ast:
// tree-sitter keeps comments that follow the last statement at the body's
// indentation inside the body, but they are notes on what follows or
// commented-out code, and they stay in the enclosing symbol's content.
func pythonFixup(s *Symbol, src []byte) {
	n := s.Node
	switch n.Type() {
	case "function_definition", "class_definition":
		end := n.EndByte()
		if c := lastChildOfType(n, ":"); c != nil {
			end = c.StartByte()
		}
		s.Signature = tidySignature(signature(src[n.StartByte():end]))
		if s.End != n.EndByte() || mayEndInComment(src[n.StartByte():n.EndByte()]) {
			if last := lastCode(n, "comment"); last.EndByte() < s.End {
				s.End, s.EndRow = last.EndByte(), endRow(last)
			}
		}
	case "assignment", "type_alias_statement":
		s.Signature = declarationSignature(src[n.StartByte():n.EndByte()])
	}
}

// mayEndInComment is false when a def's text can only end in code: its
// last byte is not blank and its last line has no '#'. That byte then
// lies in a token that is no comment, and the last non-empty child at
// each level holds it, so lastCode would end where the def does; most
// defs are answered without walking down to their last statement.
func mayEndInComment(text []byte) bool {
	if len(text) == 0 {
		return true
	}
	switch text[len(text)-1] {
	case ' ', '\t', '\n', '\r', '\f', '\v', '\\':
		return true
	}
	line := text[bytes.LastIndexByte(text, '\n')+1:]
	return bytes.IndexByte(line, '#') >= 0
}
