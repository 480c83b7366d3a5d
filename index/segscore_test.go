package index

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// Segments scored on several cores answer as one loop does: the same
// results, scores and totals, for queries whose name matches span more
// names than a request weighs the uses of (maxRequestNames), which are
// the first met in segment order, whichever worker met them.
func TestScoreSegmentsParallelAnswersAsOneLoop(t *testing.T) {
	defer func(n int) { parallelPostings = n }(parallelPostings)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))

	files := map[string]string{"go.mod": "module example.com/p\n"}
	names := []string{"ReadFile", "readFile", "Readfile", "READFILE", "readfile", "Read_File", "read_file", "ReadFiles", "FileRead", "Read", "File"}
	for i, name := range names {
		files[fmt.Sprintf("d%d/def.go", i)] = fmt.Sprintf("package d%d\n\n// %s reads the named file.\nfunc %s(name string) ([]byte, error) { return nil, nil }\n", i, name, name)
		// Callers, more for the later names: their uses priors differ.
		for c := range i + 1 {
			files[fmt.Sprintf("c%d%d/c.go", i, c)] = fmt.Sprintf("package c%d%d\n\nimport \"example.com/p/d%d\"\n\nfunc use() {\n\td%d.%s(\"file\")\n}\n", i, c, i, i, name)
		}
	}
	files["README.md"] = "# Reading files\n\nReadFile reads a whole file.\n\n## File modes\n\nRead the file mode.\n"
	ix := reversedSegments(t, files, 8)

	answers := func(threshold int) []string {
		parallelPostings = threshold
		var out []string
		for _, q := range []string{"ReadFile", "read file", "file", "Read", "reads the named file", "readfile"} {
			resp, err := ix.Search(SearchRequest{Query: q, Limit: 50})
			if err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(resp)
			out = append(out, string(b))
		}
		return out
	}
	one := answers(1 << 30)
	// Which worker takes which segment varies from run to run.
	for range 5 {
		many := answers(0)
		for i := range one {
			if one[i] != many[i] {
				t.Fatalf("answers differ:\none loop: %s\nparallel: %s", one[i], many[i])
			}
		}
	}
	if !strings.Contains(one[0], `"ReadFile"`) {
		t.Fatalf("ReadFile not found: %s", one[0])
	}
}
