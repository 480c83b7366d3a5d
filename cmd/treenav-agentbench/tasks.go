package main

// The tasks: what an agent asks of a repository it has never seen, each
// with its known answer (strings that must all be in the text read) and
// two scripts that get it: treenav's tools through MCP, and grep and sed
// as an agent with a shell uses them. Each script is the calls a careful
// agent makes, in order; the run stops as soon as the answer is in hand.
// Every task's answer was checked by hand against the corpus it names.

// call is one MCP tool call.
type call struct {
	tool string
	args map[string]any
}

// task is one question with its answer and its two scripts.
type task struct {
	name   string
	kind   string // what the list calls it
	corpus string // "go" (GOROOT/src) or "py" (Python's stdlib)
	answer []string
	mcp    []call
	shell  []string // bash commands run at the corpus root
}

var tasks = []task{
	{
		name: "csv-api", kind: "package API", corpus: "go",
		answer: []string{"func NewReader(r io.Reader) *Reader", "func (w *Writer) WriteAll(records [][]string) error", "ErrFieldCount", "func (r *Reader) FieldPos(field int) (line, column int)"},
		mcp:    []call{{"get_outline", map[string]any{"path": "encoding/csv", "exported_only": true, "max_chars": 8000}}},
		shell: []string{
			`grep -n '^func \|^type \|^var \|^const ' encoding/csv/reader.go encoding/csv/writer.go`,
			`grep -n '^	Err[A-Z]' encoding/csv/reader.go`,
		},
	},
	{
		name: "json-api", kind: "package API", corpus: "go",
		answer: []string{"func Unmarshal(data []byte, v any) error", "func (dec *Decoder) DisallowUnknownFields()", "type Marshaler interface", "func Valid(data []byte) bool", "func HTMLEscape(dst *bytes.Buffer, src []byte)"},
		mcp:    []call{{"get_outline", map[string]any{"path": []string{"encoding/json/*.go"}, "exported_only": true, "max_chars": 8000}}},
		shell: []string{
			`ls encoding/json/*.go | grep -v _test`,
			`grep -n '^func [A-Z]\|^func ([^)]*) [A-Z]\|^type [A-Z]' $(ls encoding/json/*.go | grep -v _test)`,
		},
	},
	{
		name: "os-file-variants", kind: "build variants", corpus: "go",
		answer: []string{"os/file_unix.go", "os/file_windows.go", "os/file_plan9.go"},
		mcp:    []call{{"find_symbol", map[string]any{"query": "os.file", "kind": "struct"}}},
		shell:  []string{`grep -n '^type file struct' os/*.go`},
	},
	{
		name: "revinfo-tags", kind: "struct tags", corpus: "go",
		answer: []string{"Name  string `json:\"-\"`", "Short string `json:\"-\"`"},
		mcp: []call{
			{"get_node_content", map[string]any{"node_ids": []string{"modfetch.RevInfo"}}},
		},
		shell: []string{
			`grep -rn '^type RevInfo struct' cmd/go/internal`,
			`sed -n '79,92p' cmd/go/internal/modfetch/repo.go`,
		},
	},
	{
		name: "url-fields", kind: "struct fields", corpus: "go",
		answer: []string{"OmitHost bool", "RawFragment string"},
		mcp: []call{
			{"get_node_content", map[string]any{"node_ids": []string{"net/url/url.go#URL"}}},
			{"get_node_content", map[string]any{"node_ids": []string{"net/url/url.go#URL.RawFragment"}}},
		},
		shell: []string{
			`grep -n '^type URL struct' net/url/url.go`,
			`sed -n '276,310p' net/url/url.go`,
		},
	},
	{
		name: "shutdown-poll", kind: "read a method", corpus: "go",
		answer: []string{"shutdownPollIntervalMax"},
		mcp: []call{
			{"get_node_content", map[string]any{"node_ids": []string{"http.Server.Shutdown"}}},
		},
		shell: []string{
			`grep -rn 'func (s \*Server) Shutdown' net/http`,
			`sed -n '3150,3185p' net/http/server.go`,
		},
	},
	{
		name: "readall-typo", kind: "misspelled name", corpus: "go",
		answer: []string{"encoding/csv/reader.go", "func (r *Reader) ReadAll() (records [][]string, err error)"},
		mcp: []call{
			{"find_symbol", map[string]any{"query": "csv.Reader.RedAll"}},
			{"find_symbol", map[string]any{"query": "ReadAll", "path": "encoding/csv", "tests": "exclude"}},
		},
		shell: []string{
			`grep -rn 'func (r \*Reader) RedAll' encoding/csv`,
			`grep -rn 'func (r \*Reader) R' encoding/csv`,
		},
	},
	{
		name: "maxbytes-callers", kind: "every occurrence", corpus: "go",
		answer: []string{"net/http/request.go", "net/http/server.go"},
		mcp:    []call{{"grep_documents", map[string]any{"pattern": "MaxBytesReader(", "path": []string{"net/http", "!*_test.go"}}}},
		shell: []string{
			`grep -rn 'MaxBytesReader(' net/http --include='*.go' | grep -v '_test.go'`,
		},
	},
	{
		name: "expect-continue", kind: "concept search", corpus: "go",
		answer: []string{"expectsContinue"},
		mcp:    []call{{"search_documents", map[string]any{"query": "expect 100-continue request", "path": "net/http/request.go", "limit": 3}}},
		shell: []string{
			`grep -n '100-continue' net/http/request.go`,
			`grep -n -B1 'hasToken(r.Header.get("Expect"), "100-continue")' net/http/request.go`,
		},
	},
	{
		name: "py-json-api", kind: "package API", corpus: "py",
		answer: []string{"def dumps(obj, *, skipkeys=False", "class JSONDecoder(object)", "def loads(s, *, cls=None", "def raw_decode(self, s, idx=0)"},
		mcp:    []call{{"get_outline", map[string]any{"path": "json", "exported_only": true, "max_chars": 8000}}},
		shell: []string{
			`grep -n '^def \|^class \|^    def ' json/*.py`,
		},
	},
	{
		name: "py-decoder-typo", kind: "misspelled name", corpus: "py",
		answer: []string{"json/decoder.py", "class JSONDecoder"},
		mcp: []call{
			{"find_symbol", map[string]any{"query": "JSONDecodr"}},
			{"find_symbol", map[string]any{"query": "JSONDecoder"}},
		},
		shell: []string{
			`grep -rn 'class JSONDecodr' --include='*.py' .`,
			`grep -rn 'class JSONDecod' --include='*.py' .`,
		},
	},
	{
		name: "py-dedent", kind: "read a function", corpus: "py",
		answer: []string{"_whitespace_only_re.sub('', text)"},
		mcp:    []call{{"get_node_content", map[string]any{"node_ids": []string{"textwrap.py#dedent"}}}},
		shell: []string{
			`grep -n 'def dedent' textwrap.py`,
			`sed -n '419,470p' textwrap.py`,
		},
	},
	{
		name: "py-argparse-default", kind: "signature", corpus: "py",
		answer: []string{"prefix_chars='-'"},
		mcp:    []call{{"find_symbol", map[string]any{"query": "ArgumentParser.__init__"}}},
		shell: []string{
			`grep -n 'class ArgumentParser' argparse.py`,
			`sed -n '1737,1760p' argparse.py`,
		},
	},
	{
		name: "py-email-linelen", kind: "concept search", corpus: "py",
		answer: []string{"max_line_length = 78"},
		mcp:    []call{{"grep_documents", map[string]any{"pattern": "max_line_length =", "path": "email", "tests": "exclude"}}},
		shell: []string{
			`grep -rn 'max_line_length =' email`,
		},
	},
}
