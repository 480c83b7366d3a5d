package markdown

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/parsers/code"
)

// fenceAliases maps common fence tags to treenav's language names (the
// values of Document.Language; see docs/design.md §4). Tags not listed are
// kept lowercased as written.
var fenceAliases = map[string]string{
	"ts": "typescript", "typescript": "typescript", "tsx": "typescript", "mts": "typescript", "cts": "typescript",
	"js": "javascript", "javascript": "javascript", "jsx": "javascript", "mjs": "javascript", "cjs": "javascript",
	"node": "javascript", "es6": "javascript", "ecmascript": "javascript",
	"py": "python", "python": "python", "python3": "python", "py3": "python", "pycon": "python",
	"go": "go", "golang": "go",
	"rs": "rust", "rust": "rust",
	"java": "java",
	"c":    "c", "h": "c",
	"cpp": "cpp", "c++": "cpp", "cc": "cpp", "cxx": "cpp", "hpp": "cpp", "hh": "cpp", "hxx": "cpp",
	"sh": "bash", "bash": "bash", "shell": "bash", "zsh": "bash", "ksh": "bash",
	"console": "console", "shell-session": "console", "sh-session": "console", "shellsession": "console", "terminal": "console",
	"ps1": "powershell", "powershell": "powershell", "pwsh": "powershell",
	"yml": "yaml", "yaml": "yaml", "json": "json", "jsonc": "json", "json5": "json",
	"toml": "toml", "ini": "ini", "xml": "xml", "html": "html", "htm": "html", "xhtml": "html",
	"css": "css", "scss": "scss", "sass": "sass", "less": "less",
	"md": "markdown", "markdown": "markdown", "mdx": "mdx",
	"rst": "rst", "rest": "rst", "restructuredtext": "rst", "adoc": "asciidoc", "asciidoc": "asciidoc",
	"rb": "ruby", "ruby": "ruby", "kt": "kotlin", "kts": "kotlin", "kotlin": "kotlin",
	"cs": "csharp", "csharp": "csharp", "c#": "csharp", "fs": "fsharp", "fsharp": "fsharp",
	"swift": "swift", "php": "php", "lua": "lua", "scala": "scala", "sc": "scala",
	"hs": "haskell", "haskell": "haskell", "ex": "elixir", "exs": "elixir", "elixir": "elixir",
	"erl": "erlang", "erlang": "erlang", "clj": "clojure", "clojure": "clojure",
	"r": "r", "dart": "dart", "zig": "zig", "nim": "nim", "ml": "ocaml", "ocaml": "ocaml",
	"pl": "perl", "perl": "perl", "objc": "objectivec", "objective-c": "objectivec", "objectivec": "objectivec",
	"sql": "sql", "psql": "sql", "mysql": "sql", "pgsql": "sql", "plsql": "sql",
	"graphql": "graphql", "gql": "graphql", "proto": "protobuf", "protobuf": "protobuf",
	"dockerfile": "dockerfile", "docker": "dockerfile", "makefile": "makefile", "make": "makefile", "mk": "makefile",
	"cmake": "cmake", "tf": "hcl", "hcl": "hcl", "terraform": "hcl", "nix": "nix",
	"diff": "diff", "patch": "diff", "vue": "vue", "svelte": "svelte",
	"txt": "text", "text": "text", "plain": "text", "plaintext": "text",
}

// LanguageName returns treenav's name for a language as people write it
// ("golang", "py", "C++", "TypeScript"): the fence aliases' name, or the
// name lowercased.
func LanguageName(name string) string {
	low := strings.ToLower(strings.TrimSpace(name))
	if l, ok := fenceAliases[low]; ok {
		return l
	}
	return low
}

// KnownLanguage reports whether name, as LanguageName returns it, is a
// language treenav parses or one that code blocks are commonly tagged with.
func KnownLanguage(name string) bool {
	if name == "markdown" || code.Lookup(name) != nil {
		return true
	}
	knownOnce.Do(func() {
		known = map[string]bool{}
		for _, l := range fenceAliases {
			known[l] = true
		}
	})
	return known[name]
}

var (
	knownOnce sync.Once
	known     map[string]bool // the fence aliases' languages
)

// fenceLanguage reads a fence's info string ("ts title=x", "{.python}",
// "js{1,3}", "python:main.py"): it returns the tag as written and the
// normalized language.
func fenceLanguage(info string) (tag, lang string) {
	info = strings.TrimSpace(info)
	if strings.HasPrefix(info, "{") { // pandoc attributes: {.python .numberLines}
		info = strings.TrimLeft(info, "{ ")
	}
	info = strings.TrimPrefix(info, ".")
	end := strings.IndexFunc(info, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '{' || r == '}' || r == ':' || r == ',' || r == '[' || r == '('
	})
	if end >= 0 {
		info = info[:end]
	}
	if info == "" {
		return "", ""
	}
	low := strings.ToLower(strings.TrimPrefix(strings.ToLower(info), "language-"))
	if l, ok := fenceAliases[low]; ok {
		return info, l
	}
	return info, low
}

// maxSymbolBlocks bounds how many code blocks of one document get their
// symbols extracted: each costs a tree-sitter parse (~0.1 ms), and a
// document with thousands of blocks is generated reference material whose
// blocks are still indexed as code text.
const maxSymbolBlocks = 1000

// symbols extracts the symbols of a code block in a language the code
// parsers know and appends them as children of the code node at idx, their
// positions moved to the file's. They have no spans: the block's text is
// already indexed with its section.
func (b *builder) symbols(nodes []treenav.Node, idx int, cb codeBlock, used anchors) []treenav.Node {
	if cb.lang == "" || len(cb.segs) == 0 {
		return nodes
	}
	l := code.Lookup(cb.lang)
	if l == nil {
		return nodes
	}
	if b.symbolBlocks++; b.symbolBlocks > maxSymbolBlocks {
		if b.symbolBlocks == maxSymbolBlocks+1 {
			b.warnings = append(b.warnings, fmt.Sprintf(
				"symbols extracted from the first %d code blocks only", maxSymbolBlocks))
		}
		return nodes
	}
	// The block's text, and where each of its pieces is in the file (lines
	// in a blockquote or a list item are not contiguous).
	var text []byte
	var m offsetMap
	if contiguous(cb.segs) {
		text = b.src[cb.segs[0][0]:cb.segs[len(cb.segs)-1][1]]
		m = offsetMap{{0, cb.segs[0][0]}}
	} else {
		for _, s := range cb.segs {
			m = append(m, [2]int{len(text), s[0]})
			text = append(text, b.src[s[0]:s[1]]...)
		}
	}
	res, err := l.Extract(text)
	if err != nil || len(res.Nodes) < 2 {
		return nodes
	}
	codeNode := nodes[idx]
	base := len(nodes) - 1 // res.Nodes[i] becomes nodes[base+i] for i >= 1
	for i := 1; i < len(res.Nodes); i++ {
		s := res.Nodes[i]
		parent := idx
		if s.Parent > 0 {
			parent = base + s.Parent
		}
		start, end, doc := m.file(int(s.ByteStart)), m.fileEnd(int(s.ByteEnd)), m.file(int(s.DocStart))
		start, end = max(start, int(codeNode.ByteStart)), min(end, int(codeNode.ByteEnd))
		doc = min(max(doc, int(codeNode.ByteStart)), start)
		end = max(end, start)
		n := treenav.Node{
			Anchor:        used.unique(codeNode.Anchor + "/" + s.Anchor),
			Parent:        parent,
			Kind:          s.Kind,
			NativeKind:    s.NativeKind,
			Title:         s.Title,
			Level:         codeNode.Level + s.Level,
			LineStart:     b.li.line(start),
			LineEnd:       b.li.line(max(end-1, start)),
			ByteStart:     uint32(start),
			ByteEnd:       uint32(end),
			DocStart:      uint32(doc),
			DocLineStart:  b.li.line(doc),
			WordCount:     s.WordCount,
			Name:          s.Name,
			QualifiedName: s.QualifiedName,
			Signature:     s.Signature,
			Doc:           s.Doc,
			Language:      cb.lang,
			Declaration:   s.Declaration,
		}
		nodes = append(nodes, n)
		nodes[parent].Children = append(nodes[parent].Children, len(nodes)-1)
	}
	return nodes
}

func contiguous(segs [][2]int) bool {
	for i := 1; i < len(segs); i++ {
		if segs[i][0] != segs[i-1][1] {
			return false
		}
	}
	return true
}

// offsetMap maps offsets of a code block's text to offsets of the file:
// each entry is (text offset, file offset) where a piece starts.
type offsetMap [][2]int

func (m offsetMap) file(off int) int {
	k := max(sort.Search(len(m), func(i int) bool { return m[i][0] > off })-1, 0)
	return m[k][1] + off - m[k][0]
}

// fileEnd maps an exclusive end offset: the end of a piece stays in it.
func (m offsetMap) fileEnd(off int) int {
	if off <= 0 {
		return m.file(0)
	}
	return m.file(off-1) + 1
}
