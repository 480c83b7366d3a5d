// Package code extracts symbol trees from source code with tree-sitter.
//
// Each language is a Language value registered from its own lang_*.go file:
// a grammar, a symbol query (queries/<name>.scm) and a few declarative rules.
// Extraction is driven by the query's captures; nesting comes from byte-range
// containment, so no language needs its own tree walker. See queries/README.md
// for the capture convention.
package code

import (
	"fmt"
	"sort"
	"sync"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/queries"
)

// Language describes how to extract symbols from one tree-sitter grammar.
type Language struct {
	// Name is the language's registry key and, unless DocLanguage is set,
	// the language value of documents ("go", "typescript", ...).
	Name string
	// DocLanguage is the documents' language value when one language is
	// served by several grammars: TSX files are "typescript" though they
	// parse with the tsx grammar. Defaults to Name.
	DocLanguage string
	// Query names the queries/<Query>.scm file; defaults to Name.
	Query string
	// Extensions (with the dot) and FileNames (exact base names) select the
	// language by path. Extensions shared by two languages are resolved in
	// detect.go.
	Extensions []string
	FileNames  []string
	// Interpreters are shebang program names ("python3", "bash").
	Interpreters []string
	// Grammar returns the tree-sitter language.
	Grammar func() *sitter.Language

	// CommentTypes are the node types that hold comments; a run of them
	// directly above a definition is its doc. Languages whose Fixup reads
	// the doc from the text (setTextDoc: C#, Kotlin, Scala, Swift) leave
	// it empty, which also spares a sibling lookup per symbol.
	CommentTypes []string
	// CommentMarkers are the strings that open a comment, where they are
	// not "//", "/*" and "#": signatures leave comments out (sigclean.go).
	CommentMarkers []string
	// Directives: a line that starts with '#' is a preprocessor
	// directive (C, C++), which signatures leave out with the branches of
	// a conditional after the first.
	Directives bool
	// LeadingTypes are sibling node types that belong to the definition
	// after them (Rust attributes, TypeScript member decorators): the
	// definition's range is extended back over them.
	LeadingTypes []string
	// Wrappers are node types that wrap a single definition (decorators,
	// export, template<>, Go's ungrouped type/const/var): when a definition
	// is the last named child of one and the only one of its type there, its
	// range grows to the wrapper's.
	Wrappers []string
	// WrapperOK, when set, vetoes a wrapper extension (Go keeps the spec's
	// own range inside a parenthesised group).
	WrapperOK func(wrapper, def *sitter.Node, src []byte) bool
	// ScopeSeparator splits qualified names written in a definition's name
	// ("::" for C++ out-of-line definitions).
	ScopeSeparator string
	// Refs, when set, extracts the file's references and imports
	// (refs.go); a language without it has none.
	Refs RefFunc
	// AttachReceivers attaches methods with a @receiver capture to the type
	// of that name when it is defined in the same file (Go, Rust impl).
	AttachReceivers bool
	// ReceiverKinds are the kinds besides type-like ones that a @receiver
	// attaches to (Lua's "function M.f" attaches to the table M, a module
	// or a variable).
	ReceiverKinds []treenav.Kind
	// Repair, when set, is called when a parse has errors, with the source
	// and the tree's root: it returns a copy of the source of the same
	// length that the grammar parses better (syntax newer than the grammar,
	// blanked or with a separator put in place of a space), or nil. The
	// extractor reparses the copy (up to maxRepairs times) but reads all
	// text from the original.
	Repair func(src []byte, root *sitter.Node) []byte
	// MaxStartDepth, when set, keeps the query from starting matches
	// deeper than this in the tree (the root is 0): for a language whose
	// symbols are all near the top (Go), the query then skips function
	// bodies, most of the work. Patterns may still reach deeper nodes.
	MaxStartDepth uint32
	// StartTypes, when set, are the node types where the query's patterns
	// start, and StartInside the node types that may hold such nodes (for
	// Python: statements and blocks, never expressions). The query then
	// runs at each start node alone, reached by a walk that skips
	// everything else, instead of walking every node of the tree: most of
	// a file's nodes are expressions. TestStartNodes checks the symbols
	// are the same as the query's over the whole tree.
	StartTypes, StartInside []string
	// ModuleDoc, when set, finds the file's own documentation (Go's
	// package comment, a Python module docstring, Rust's //! comments):
	// the file node's doc and description (moduledoc.go).
	ModuleDoc moduleDocFunc
	// ModuleDocAsCode keeps the module doc's text in the file node's
	// code field, not its description: a Python module docstring
	// summarizes all the module holds, and weighed as a description it
	// drew questions in plain words to file nodes (the plain-language
	// benchmark's Python NDCG@10 0.785 → 0.782).
	ModuleDocAsCode bool
	// Fixup, when set, adjusts a symbol after extraction (names the grammar
	// leaves implicit, signatures that need trimming).
	Fixup func(s *Symbol, src []byte)
	// Expand, when set, returns symbols a walk of the tree finds that the
	// query would find only at a high cost (Python: assignments in
	// module-level conditional blocks, attributes set on self in
	// __init__), given the file's root and the query's symbols. It sets
	// their extent, doc and Node; Fixup then runs on them too.
	Expand func(root *sitter.Node, src []byte, syms []Symbol) []Symbol
	// Adopt, when set, runs once the symbols are nested by range and may
	// give a symbol another parent (Python: an attribute assigned on self
	// in __init__ belongs to the class, a property's setter to the
	// property) or drop a symbol that has no children by clearing its
	// Name. It reads and sets Symbol.parent (an index into syms, -1 at
	// the top); qualified names are computed after it.
	Adopt func(syms []Symbol)
	// Preprocess, when set, returns the text the parser reads: a copy of
	// src of the same length with the same line breaks (C blanks macros the
	// grammar cannot see). Offsets in the tree then hold for src, and every
	// text (names, signatures, docs) is still read from src.
	Preprocess func(src []byte) []byte

	once    sync.Once
	query   *compiledQuery
	initErr error
	pool    sync.Pool
	comment map[string]bool
	leading map[string]bool
	wrapper map[string]bool
	syms    symTable
	starts  []uint8 // newStartTable's, nil without StartTypes
}

// symTable holds the name of each of a grammar's symbols and whether it
// is one of the language's comment, leading or wrapper types, so that
// completion looks up a node's type by its symbol number.
type symTable struct {
	names []string
	flags []uint8
}

const (
	symComment = 1 << iota
	symLeading
	symWrapper
)

func newSymTable(g *sitter.Language, comment, leading, wrapper map[string]bool) symTable {
	n := int(g.SymbolCount())
	t := symTable{names: make([]string, n), flags: make([]uint8, n)}
	for i := range n {
		name := g.SymbolName(sitter.Symbol(i))
		t.names[i] = name
		if comment[name] {
			t.flags[i] |= symComment
		}
		if leading[name] {
			t.flags[i] |= symLeading
		}
		if wrapper[name] {
			t.flags[i] |= symWrapper
		}
	}
	return t
}

// name is ts_node_type's answer for a node of symbol s.
func (t *symTable) name(s uint16) string {
	if int(s) < len(t.names) {
		return t.names[s]
	}
	return "ERROR" // ts_builtin_sym_error, the one symbol past the table
}

func (t *symTable) has(s uint16, f uint8) bool { return int(s) < len(t.flags) && t.flags[s]&f != 0 }

func (t *symTable) comment(s uint16) bool { return t.has(s, symComment) }
func (t *symTable) leading(s uint16) bool { return t.has(s, symLeading) }
func (t *symTable) wrapper(s uint16) bool { return t.has(s, symWrapper) }

var (
	registryMu sync.RWMutex
	byName     = map[string]*Language{}
	byExt      = map[string]*Language{}
	byFileName = map[string]*Language{}
	byInterp   = map[string]*Language{}
)

// Register adds a language to the registry. It is called from the init
// functions of the lang_*.go files and panics on a duplicate, which is a
// programming error.
func Register(l *Language) {
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, dup := byName[l.Name]; dup {
		panic("code: language registered twice: " + l.Name)
	}
	if l.Query == "" {
		l.Query = l.Name
	}
	if l.DocLanguage == "" {
		l.DocLanguage = l.Name
	}
	byName[l.Name] = l
	for _, e := range l.Extensions {
		if _, dup := byExt[e]; !dup {
			byExt[e] = l
		}
	}
	for _, f := range l.FileNames {
		byFileName[f] = l
	}
	for _, i := range l.Interpreters {
		byInterp[i] = l
	}
}

// Lookup returns the registered language of that name.
func Lookup(name string) *Language {
	registryMu.RLock()
	defer registryMu.RUnlock()
	return byName[name]
}

// Languages returns the registered language names, sorted.
func Languages() []string {
	registryMu.RLock()
	defer registryMu.RUnlock()
	names := make([]string, 0, len(byName))
	for n := range byName {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Prepare compiles the language's symbol query now instead of on its
// first file.
func (l *Language) Prepare() error { return l.init() }

// init compiles the language's query once; the compiled query is shared by
// every goroutine (tree-sitter queries are immutable).
func (l *Language) init() error {
	l.once.Do(func() {
		src, err := queries.Source(l.Query)
		if err != nil {
			l.initErr = err
			return
		}
		q, err := compileQuery(src, l.Grammar())
		if err != nil {
			l.initErr = fmt.Errorf("query %s.scm: %w", l.Query, err)
			return
		}
		l.query = q
		l.comment = set(l.CommentTypes)
		l.leading = set(l.LeadingTypes)
		l.wrapper = set(l.Wrappers)
		l.syms = newSymTable(l.Grammar(), l.comment, l.leading, l.wrapper)
		l.starts = newStartTable(l.Grammar(), l.StartTypes, l.StartInside)
	})
	return l.initErr
}

func set(xs []string) map[string]bool {
	m := make(map[string]bool, len(xs))
	for _, x := range xs {
		m[x] = true
	}
	return m
}
