package code

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRefsGolden runs the reference walkers over testdata/refs and
// compares what they find (references with their kind, qualifier and the
// qualifier's type, and imports) with each file's .refs twin. Run with
// -update after a deliberate change and read the diff: a local that
// appears, or a use that disappears, is a bug.
func TestRefsGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "refs", "*"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, path := range files {
		if fi, err := os.Stat(path); strings.HasSuffix(path, ".refs") || err != nil || fi.IsDir() {
			continue
		}
		n++
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			l := Detect(path, src)
			if l == nil {
				t.Fatalf("no language for %s", path)
			}
			r, err := fileRefs(l, src)
			if err != nil {
				t.Fatal(err)
			}
			got := renderRefs(r, src)
			want, err := os.ReadFile(path + ".refs")
			if *update {
				if err := os.WriteFile(path+".refs", []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if err != nil {
				t.Fatalf("%v (run go test ./parsers/code -run TestRefsGolden -update)", err)
			}
			if got != string(want) {
				t.Errorf("references differ from %s.refs (run with -update and review the diff)\n got:\n%s", path, got)
			}
		})
	}
	if n < 4 {
		t.Fatalf("found %d fixtures under testdata/refs", n)
	}
}

func renderRefs(r langRefs, src []byte) string {
	var b strings.Builder
	if r.Package != "" {
		fmt.Fprintf(&b, "package %s\n", r.Package)
	}
	for _, im := range r.Imports {
		fmt.Fprintf(&b, "import %d local=%q path=%q name=%q", im.Row+1, im.Local, im.Path, im.Name)
		if im.Export {
			b.WriteString(" export")
		}
		if im.Static {
			b.WriteString(" static")
		}
		b.WriteByte('\n')
	}
	for _, x := range r.Texts {
		fmt.Fprintf(&b, "text %d:%d %q\n", x.Row+1, x.Col+1, strings.SplitN(string(src[x.Start:x.End]), "\n", 2)[0])
	}
	for _, x := range r.Refs {
		if string(src[x.Start:x.End]) != x.Name && x.Kind != "import" && x.Qualifier != "this()" && x.Qualifier != "super()" {
			fmt.Fprintf(&b, "MISPLACED ")
		}
		fmt.Fprintf(&b, "%d:%d %s %s", x.Row+1, x.Col+1, x.Kind, x.Name)
		if x.Qualifier != "" {
			fmt.Fprintf(&b, " via=%s", x.Qualifier)
		}
		if x.QualType != "" {
			fmt.Fprintf(&b, " type=%s", x.QualType)
		}
		if x.RootType != "" {
			fmt.Fprintf(&b, " root=%s", x.RootType)
		}
		if x.Class != "" {
			fmt.Fprintf(&b, " in=%s", x.Class)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// fileRefs extracts one file's references the way the index will.
func fileRefs(l *Language, src []byte) (langRefs, error) {
	syms, _, _, err := l.symbols(src, "", nil, nil)
	if err != nil {
		return langRefs{}, err
	}
	defs := map[uint32]uint32{}
	for _, s := range syms {
		if s.nameEnd > 0 {
			defs[s.nameEnd] = s.nameStart
		}
	}
	tree, err := l.Parse(src)
	if err != nil {
		return langRefs{}, err
	}
	defer tree.Close()
	ft := flatten(l.Grammar(), tree.RootNode(), src)
	var r langRefs
	switch l.Name {
	case "python":
		r = pythonRefs(ft, defs)
	case "typescript", "tsx", "javascript":
		r = jsRefs(ft, defs)
	case "java":
		r = javaRefs(ft, defs)
	case "rust":
		r = rustRefs(ft, defs)
	case "c", "cpp":
		r = cRefs(ft, defs)
	}
	if os.Getenv("REFNOARGS") != "" {
		for i := range r.Refs {
			r.Refs[i].Args = -1
		}
	}
	return r, nil
}
