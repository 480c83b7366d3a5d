package index

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

	"github.com/treenav/treenav/parsers/code"
)

func resolveRef(x *refIndex, f *refFile, r langRef) resolution {
	switch f.Language {
	case "python":
		return resolvePython(x, f, r)
	case "es":
		return resolveECMAScript(x, f, r)
	case "java":
		return resolveJava(x, f, r)
	}
	return resolution{}
}

// gtDef is a line of a gt-refs-* listing.
type gtDef struct {
	File, Name, Qualified, Kind string
	Line, Col                   int
	Refs                        []struct {
		File      string
		Line, Col int
		Kind      string
	}
}

// memRef is a reference of memIndex, with the byte offsets the
// measurement needs.
type memRef struct {
	langRef
	Byte, Col int
}

// memIndex extracts every file under root into a resolution index (paths
// relative to root), as the index's view feeds one at query time.
func memIndex(t testing.TB, root string) (*refIndex, map[string][]memRef, map[string][]byte) {
	x := newRefIndex()
	refs := map[string][]memRef{}
	srcs := map[string][]byte{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		l := code.Detect(p, src)
		if l == nil || langFamily(l.DocLanguage) == "" {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		res, err := l.ExtractFile(rel, src)
		if err != nil {
			return nil
		}
		var defs []refDef
		for _, n := range res.Nodes[1:] {
			par := -1
			if n.Parent > 0 {
				par = n.Parent - 1
			}
			defs = append(defs, refDef{Path: rel, Name: n.Name, Qualified: n.QualifiedName, Kind: string(n.Kind),
				Signature: n.Signature, Line: n.LineStart, End: n.LineEnd, Parent: par, Decl: n.Declaration})
		}
		classOf := func(e int) string {
			for ; e > 0 && e < len(res.Nodes); e = res.Nodes[e].Parent {
				if isClassKind(string(res.Nodes[e].Kind)) {
					return res.Nodes[e].Name
				}
			}
			return ""
		}
		lr := decodeLangRefs(res.Refs, res.Imports, classOf)
		k := 0
		for _, r := range res.Refs {
			if !r.Textual {
				refs[rel] = append(refs[rel], memRef{langRef: lr.Refs[k], Byte: int(r.Byte), Col: r.Column - 1})
				k++
			}
		}
		x.addFile(&refFile{Path: rel, Language: langFamily(l.DocLanguage), Refs: lr}, defs)
		srcs[rel] = src
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return x, refs, srcs
}

// TestResolveGT measures resolution against a gt-refs-* listing
// (REFGT=gt.jsonl REFROOT=dir; REFUTF16=1 for Java and TS columns).
func TestResolveGT(t *testing.T) {
	gt, root := os.Getenv("REFGT"), os.Getenv("REFROOT")
	if gt == "" {
		t.Skip("REFGT not set")
	}
	utf16 := os.Getenv("REFUTF16") != ""
	root = strings.TrimSuffix(root, "/")
	x, allRefs, srcs := memIndex(t, root)
	type key struct {
		file      string
		line, col int
	}
	type hit struct {
		k    key
		conf string
		n    int
	}
	byDef := map[int][]hit{}
	refText := map[key]string{}
	for _, f := range x.Files {
		src := srcs[f.Path]
		for _, mr := range allRefs[f.Path] {
			r := mr.langRef
			res := resolveRef(x, f, r)
			if res.Confidence == "" {
				continue
			}
			if os.Getenv("REFFLAT") != "" {
				// Candidates only: one confidence for all of them.
				all := append(append(append([]int(nil), res.Defs...), res.Also...), res.Via...)
				res = x.verdict(all)
			}
			pre := src[mr.Byte-mr.Col : mr.Byte]
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
			k := key{f.Path, int(r.Row) + 1, col + 1}
			refText[k] = r.Name + " q=" + r.Qualifier + " qt=" + r.QualType + " " + r.Kind
			for _, d := range res.Also {
				byDef[d] = append(byDef[d], hit{k, res.Confidence, len(res.Defs)})
			}
			for _, d := range res.Via {
				byDef[d] = append(byDef[d], hit{k, "ambiguous", len(res.Defs)})
			}
			for _, d := range res.Defs {
				byDef[d] = append(byDef[d], hit{k, res.Confidence, len(res.Defs)})
			}
		}
	}
	f, err := os.Open(gt)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<26)
	var total, found, resolved, ourRes, ourResOK, unmapped int
	var misses, fps, ambs []string
	for sc.Scan() {
		var g gtDef
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			t.Fatal(err)
		}
		rel := strings.TrimPrefix(g.File, strings.TrimSuffix(root, "/")+"/")
		d := -1
		for _, i := range x.byName[g.Name] {
			dd := &x.Defs[i]
			if dd.Path == rel && dd.Line <= g.Line && g.Line <= dd.End && (d < 0 || dd.Line >= x.Defs[d].Line) {
				d = i
			}
		}
		if g.Kind == "constructor" && d < 0 {
			for _, i := range x.byName["constructor"] {
				dd := &x.Defs[i]
				if dd.Path == rel && dd.Line <= g.Line && g.Line <= dd.End {
					d = i
				}
			}
		}
		if d < 0 {
			unmapped++
			total += len(g.Refs)
			continue
		}
		want := map[key]bool{}
		wantLine := map[key]bool{}
		for _, r := range g.Refs {
			rf := strings.TrimPrefix(r.File, strings.TrimSuffix(root, "/")+"/")
			want[key{rf, r.Line, r.Col}] = true
			wantLine[key{rf, r.Line, 0}] = true
		}
		got := map[key]string{}
		gotLine := map[key]string{}
		for _, h := range byDef[d] {
			if c, ok := got[h.k]; !ok || c != "resolved" {
				got[h.k] = h.conf
			}
			lk := key{h.k.file, h.k.line, 0}
			if c, ok := gotLine[lk]; !ok || c != "resolved" {
				gotLine[lk] = h.conf
			}
		}
		ctor := g.Kind == "constructor"
		for _, r := range g.Refs {
			rf := strings.TrimPrefix(r.File, strings.TrimSuffix(root, "/")+"/")
			total++
			k := key{rf, r.Line, r.Col}
			c, ok := got[k]
			if !ok && ctor {
				c, ok = gotLine[key{rf, r.Line, 0}]
			}
			if ok {
				found++
				if c == "resolved" {
					resolved++
				} else {
					ambs = append(ambs, fmt.Sprintf("AMB %s:%d:%d %s %s [%s]", rf, r.Line, r.Col, g.Qualified, g.Kind, refText[k]))
				}
				continue
			}
			txt := ""
			if s := srcs[rf]; s != nil {
				ls := strings.Split(string(s), "\n")
				if r.Line-1 < len(ls) {
					txt = strings.TrimSpace(ls[r.Line-1])
				}
			}
			misses = append(misses, fmt.Sprintf("MISS %s:%d:%d %s %s/%s [%s] | %s", rf, r.Line, r.Col, g.Qualified, g.Kind, r.Kind, refText[k], txt))
		}
		for k, c := range got {
			if c != "resolved" {
				continue
			}
			ourRes++
			if want[k] || ctor && wantLine[key{k.file, k.line, 0}] {
				ourResOK++
				continue
			}
			txt := ""
			if s := srcs[k.file]; s != nil {
				ls := strings.Split(string(s), "\n")
				if k.line-1 < len(ls) {
					txt = strings.TrimSpace(ls[k.line-1])
				}
			}
			fps = append(fps, fmt.Sprintf("FP %s:%d:%d %s %s [%s] | %s", k.file, k.line, k.col, g.Qualified, g.Kind, refText[k], txt))
		}
	}
	sort.Strings(misses)
	sort.Strings(fps)
	show := func(xs []string, n int) {
		step := 1
		if len(xs) > n {
			step = len(xs) / n
		}
		for i := 0; i < len(xs); i += step {
			fmt.Println(xs[i])
		}
	}
	sort.Strings(ambs)
	if os.Getenv("REFAMB") != "" {
		show(ambs, 60)
	}
	show(misses, 50+len(os.Getenv("REFALL"))*100000)
	show(fps, 50)
	fmt.Printf("defs unmapped %d\n", unmapped)
	fmt.Printf("recall (resolved+ambiguous) %d/%d = %.3f\n", found, total, float64(found)/float64(max(total, 1)))
	fmt.Printf("resolved share %d/%d = %.3f\n", resolved, total, float64(resolved)/float64(max(total, 1)))
	fmt.Printf("precision of resolved %d/%d = %.3f\n", ourResOK, ourRes, float64(ourResOK)/float64(max(ourRes, 1)))
}
