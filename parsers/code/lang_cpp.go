package code

import (
	"github.com/smacker/go-tree-sitter/cpp"
	"github.com/treenav/treenav/parsers/code/internal/cpre"
)

func init() {
	l := &Language{
		Name: "cpp",
		// .ipp and .tcc hold template implementations included by headers
		// (Boost, libstdc++); .h is decided by content in detect.go.
		Extensions:     []string{".cc", ".cpp", ".cxx", ".c++", ".C", ".hpp", ".hh", ".hxx", ".h++", ".H", ".ipp", ".tcc", ".inl"},
		Grammar:        cpp.GetLanguage,
		CommentTypes:   []string{"comment"},
		Wrappers:       []string{"template_declaration", "friend_declaration"},
		ScopeSeparator: "::",
		Preprocess:     cpre.Blank,
		Directives:     true,
	}
	l.Fixup = func(s *Symbol, src []byte) { cFixup(l, s, src) }
	Register(l)
}
