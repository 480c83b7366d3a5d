package code

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"
)

type gtDef struct {
	File, Name, Qualified, Kind string
	Line, Col                   int
	Refs                        []struct {
		File      string
		Line, Col int
		Kind      string
	}
}

// fileRefs extracts one file's references the way the index will.
func fileRefs(l *Language, src []byte) (langRefs, error) {
	syms, _, _, err := l.symbols(src, "", nil)
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
	}
	if os.Getenv("REFNOARGS") != "" {
		for i := range r.Refs {
			r.Refs[i].Args = -1
		}
	}
	return r, nil
}

// TestRefGT measures which ground-truth references the walkers report
// (REFGT=gt.jsonl REFROOT=dir).
func TestRefGT(t *testing.T) {
	gt, root := os.Getenv("REFGT"), os.Getenv("REFROOT")
	if gt == "" {
		t.Skip("REFGT not set")
	}
	type key struct {
		file      string
		line, col int
	}
	have := map[key]langRef{}
	haveLine := map[key][]langRef{}
	lines := map[string][]string{}
	utf16 := os.Getenv("REFUTF16") != ""
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		l := Detect(p, src)
		if l == nil {
			return nil
		}
		r, err := fileRefs(l, src)
		if err != nil {
			return nil
		}
		lines[p] = strings.Split(string(src), "\n")
		for _, x := range r.Refs {
			ls := x.Start - x.Col
			pre := src[ls:x.Start]
			col := utf8.RuneCount(pre)
			if utf16 {
				col = 0
				for _, c := range string(pre) {
					col++
					if c >= 0x10000 {
						col++
					}
				}
			}
			k := key{p, int(x.Row) + 1, col + 1}
			have[k] = x
			haveLine[key{p, int(x.Row) + 1, 0}] = append(haveLine[key{p, int(x.Row) + 1, 0}], x)
		}
		return nil
	})
	f, err := os.Open(gt)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<26)
	total, found := 0, 0
	missByKind := map[string]int{}
	var misses []string
	for sc.Scan() {
		var d gtDef
		if err := json.Unmarshal(sc.Bytes(), &d); err != nil {
			t.Fatal(err)
		}
		for _, r := range d.Refs {
			total++
			if x, ok := have[key{r.File, r.Line, r.Col}]; ok && x.Name == d.Name {
				found++
				continue
			}
			ok := false
			for _, x := range haveLine[key{r.File, r.Line, 0}] {
				if x.Name == d.Name {
					ok = true
				}
			}
			if ok {
				found++
				continue
			}
			missByKind[d.Kind+"/"+r.Kind]++
			txt := ""
			if ls := lines[r.File]; r.Line-1 < len(ls) {
				txt = strings.TrimSpace(ls[r.Line-1])
			}
			misses = append(misses, fmt.Sprintf("%s:%d:%d %s %s/%s | %s", strings.TrimPrefix(r.File, root), r.Line, r.Col, d.Qualified, d.Kind, r.Kind, txt))
		}
	}
	sort.Strings(misses)
	n := len(misses)
	step := 1
	if n > 80 {
		step = n / 80
	}
	for i := 0; i < n; i += step {
		fmt.Println(misses[i])
	}
	fmt.Println(missByKind)
	fmt.Printf("extraction recall %d/%d = %.3f\n", found, total, float64(found)/float64(max(total, 1)))
}
