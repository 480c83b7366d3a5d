package code

import (
	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/golang"
)

func init() {
	Register(&Language{
		Name:            "go",
		Extensions:      []string{".go"},
		Grammar:         golang.GetLanguage,
		CommentTypes:    []string{"comment"},
		Wrappers:        []string{"type_declaration", "const_declaration", "var_declaration"},
		WrapperOK:       goUngrouped,
		AttachReceivers: true,
		ModuleDoc:       goPackageDoc,
		// Every pattern starts at the file or at a top-level declaration.
		MaxStartDepth: 1,
	})
}

// goUngrouped keeps a spec inside "type ( ... )" at its own range, as go/ast
// does; only an ungrouped declaration takes the keyword's line.
func goUngrouped(wrapper, _ *sitter.Node, _ []byte) bool {
	for i := 0; i < int(wrapper.ChildCount()); i++ {
		if c := wrapper.Child(i); !c.IsNamed() && c.Type() == "(" {
			return false
		}
	}
	return true
}
