// Package lua is the tree-sitter Lua grammar of tree-sitter-grammars
// (tree-sitter-lua 0.2.0, MIT, see LICENSE.md), vendored because the Lua
// grammar bundled with go-tree-sitter (tjdevries/tree-sitter-lua) gives
// tokens the whitespace before them, so nodes start on the previous line,
// and parses LuaLS "---@" annotations as grammar, failing on common forms
// ("---@param a" without a type) and losing the definition that follows.
// parser.c and scanner.c are the generated sources of the npm package
// @tree-sitter-grammars/tree-sitter-lua@0.2.0 (ABI 14, the newest that
// go-tree-sitter's runtime loads); see README.md to update them.
package lua

//#include "tree_sitter/parser.h"
//TSLanguage *tree_sitter_lua();
import "C"

import (
	"unsafe"

	sitter "github.com/smacker/go-tree-sitter"
)

// GetLanguage returns the Lua grammar.
func GetLanguage() *sitter.Language {
	return sitter.NewLanguage(unsafe.Pointer(C.tree_sitter_lua()))
}
