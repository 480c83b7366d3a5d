package main

// The sphinx-refs mode measures how well the Python references that
// treenav records in reStructuredText (links of kind "py:ROLE", see
// parsers/rst) name the code they mean:
//
//	go run ./cmd/fidelity -lang sphinx-refs -code CODEDIR DOCSDIR
//
// CODEDIR is Python code (the standard library:
// python3 -c 'import sysconfig;print(sysconfig.get_paths()["stdlib"])'),
// DOCSDIR its Sphinx sources (Debian's python3.11-doc has them under
// html/_sources). Each code symbol's full name is its module (the file's
// path, "/" as ".", without ".py" and "__init__") and its qualified name.
//
// For every :func:, :meth: and :class: role, the target Sphinx would link
// is found as Sphinx's Python domain finds it (the name, then class.name,
// module.name, module.class.name; for a ".name" the module and class
// forms first, then any object whose name ends with it, when only one
// does), with the module and class the role is read in. A role whose
// target is not among the code's symbols (a builtin, a C function, an
// object of another project) is not counted. The others agree when the
// link treenav stored resolves to that same symbol by qualified-name
// suffix: the longest dotted suffix of the link's target that is a
// symbol's full name.

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/treenav/treenav/parsers"
	"github.com/treenav/treenav/parsers/rst"
)

type refResult struct {
	roles    int // :func:, :meth:, :class: roles
	counted  int // those whose target is a code symbol
	agree    int // those whose link resolves to it
	perRole  map[string][2]int
	misses   []string
	notFound map[string]int // unresolved targets, for the report
}

// pythonSymbols returns the full names of the symbols of the Python files
// under dir.
func pythonSymbols(dir string) (map[string]bool, [][2]string, error) {
	var jobs []parsers.Job
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != dir && (strings.HasPrefix(d.Name(), ".") || d.Name() == "site-packages" || d.Name() == "__pycache__") {
			return filepath.SkipDir
		}
		if d.Type().IsRegular() && strings.HasSuffix(p, ".py") {
			rel, err := filepath.Rel(dir, p)
			if err != nil {
				return err
			}
			rel = filepath.ToSlash(rel)
			jobs = append(jobs, parsers.Job{Rel: rel, Abs: p, DocID: rel})
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	names := map[string]bool{}
	var split [][2]string // module, qualified name
	var mu sync.Mutex
	parsers.ParseAll(jobs, 0, nil, func(_ int, o parsers.Outcome) {
		if o.Doc == nil {
			return
		}
		mod := strings.TrimSuffix(strings.TrimSuffix(o.Job.Rel, ".py"), "/__init__")
		mod = strings.ReplaceAll(mod, "/", ".")
		mu.Lock()
		defer mu.Unlock()
		for _, n := range o.Doc.Nodes {
			if n.QualifiedName != "" {
				names[mod+"."+n.QualifiedName] = true
				split = append(split, [2]string{mod, n.QualifiedName})
			}
		}
	})
	return names, split, nil
}

// sphinxTarget is the full name Sphinx links a role to, or "".
func sphinxTarget(ref rst.Ref, names map[string]bool) string {
	name := ref.Name
	specific := strings.HasPrefix(name, ".")
	name = strings.TrimPrefix(name, ".")
	var cands []string
	if specific {
		if ref.Module != "" && ref.Class != "" {
			cands = append(cands, ref.Module+"."+ref.Class+"."+name)
		}
		if ref.Module != "" {
			cands = append(cands, ref.Module+"."+name)
		}
		cands = append(cands, name)
	} else {
		cands = append(cands, name)
		if ref.Class != "" {
			cands = append(cands, ref.Class+"."+name)
		}
		if ref.Module != "" {
			cands = append(cands, ref.Module+"."+name)
		}
		if ref.Module != "" && ref.Class != "" {
			cands = append(cands, ref.Module+"."+ref.Class+"."+name)
		}
	}
	for _, c := range cands {
		if names[c] {
			return c
		}
	}
	if specific {
		found := ""
		for n := range names {
			if strings.HasSuffix(n, "."+name) {
				if found != "" {
					return "" // Sphinx: more than one target
				}
				found = n
			}
		}
		return found
	}
	return ""
}

// symbolIndex maps a qualified name to the modules that define it, and
// the last name of a qualified name to the full names that end with it.
type symbolIndex struct {
	mods   map[string][]string
	byLast map[string][]string
}

// suffixTarget resolves a stored link target by qualified-name suffix:
// the longest dotted suffix of the target that is a symbol's full name
// (its module and qualified name); else the longest suffix that is some
// symbol's qualified name, the symbol whose module the rest of the target
// names (is, ends with, or starts with) winning; a bare qualified name
// must be unique.
func suffixTarget(target string, ix symbolIndex) string {
	parts := strings.Split(target, ".")
	has := func(mod, qn string) bool {
		for _, m := range ix.mods[qn] {
			if m == mod {
				return true
			}
		}
		return false
	}
	for k := range parts {
		for j := k + 1; j < len(parts); j++ {
			if mod, qn := strings.Join(parts[k:j], "."), strings.Join(parts[j:], "."); has(mod, qn) {
				return mod + "." + qn
			}
		}
	}
	for k := range parts {
		qn, prefix := strings.Join(parts[k:], "."), strings.Join(parts[:k], ".")
		mods := ix.mods[qn]
		if len(mods) == 0 {
			continue
		}
		best, bestScore, tie := "", 0, false
		for _, m := range mods {
			score := 0
			switch {
			case prefix == m:
				score = 3
			case strings.HasSuffix(prefix, "."+m):
				score = 2
			case strings.HasPrefix(prefix, m+"."), prefix != "" && strings.HasSuffix(m, "."+prefix):
				score = 1
			}
			switch {
			case score > bestScore:
				best, bestScore, tie = m, score, false
			case score == bestScore && m != best:
				tie = true
			}
		}
		switch {
		case bestScore > 0 && !tie:
			return best + "." + qn
		case prefix == "" && len(mods) == 1:
			return mods[0] + "." + qn
		}
	}
	// Sphinx's ".name": a symbol whose qualified name ends with the
	// target's last name, when one does (in the module the rest names,
	// if several do).
	last := parts[len(parts)-1]
	prefix := strings.Join(parts[:len(parts)-1], ".")
	found := append([]string(nil), ix.byLast[last]...)
	if len(found) > 1 && prefix != "" {
		var in []string
		for _, fn := range found {
			if strings.HasPrefix(fn, prefix+".") {
				in = append(in, fn)
			}
		}
		found = in
	}
	if len(found) == 1 {
		return found[0]
	}
	return ""
}

// measureSphinxRefs compares the references of the docs under docsDir
// with the symbols of the code under codeDir.
func measureSphinxRefs(codeDir, docsDir string) (*refResult, error) {
	names, split, err := pythonSymbols(codeDir)
	if err != nil {
		return nil, err
	}
	ix := symbolIndex{mods: map[string][]string{}, byLast: map[string][]string{}}
	seen := map[[2]string]bool{}
	for _, sp := range split {
		if !seen[sp] {
			seen[sp] = true
			ix.mods[sp[1]] = append(ix.mods[sp[1]], sp[0])
			if k := strings.LastIndexByte(sp[1], '.'); k >= 0 {
				last := sp[1][k+1:]
				ix.byLast[last] = append(ix.byLast[last], sp[0]+"."+sp[1])
			}
		}
	}
	files, err := rstFiles(docsDir)
	if err != nil {
		return nil, err
	}
	res := &refResult{perRole: map[string][2]int{}, notFound: map[string]int{}}
	for _, f := range files {
		src, err := os.ReadFile(filepath.Join(docsDir, filepath.FromSlash(f)))
		if err != nil {
			return nil, err
		}
		for _, ref := range rst.References(f, src) {
			if ref.Directive {
				continue
			}
			switch ref.Role {
			case "func", "meth", "class":
			default:
				continue
			}
			res.roles++
			want := sphinxTarget(ref, names)
			if want == "" {
				res.notFound[ref.Target]++
				continue
			}
			res.counted++
			pr := res.perRole[ref.Role]
			pr[0]++
			if got := suffixTarget(ref.Target, ix); got == want {
				res.agree++
				pr[1]++
			} else {
				res.misses = append(res.misses, fmt.Sprintf("%s:%d :%s:`%s` (module %q, class %q): link %s resolves to %q, Sphinx links %s",
					f, ref.Line, ref.Role, ref.Name, ref.Module, ref.Class, ref.Target, got, want))
			}
			res.perRole[ref.Role] = pr
		}
	}
	return res, nil
}

// runSphinxRefs is the -lang sphinx-refs mode.
func runSphinxRefs(codeDir, docsDir string, show int) {
	if codeDir == "" {
		fail(fmt.Errorf("-lang sphinx-refs needs -code DIR, the Python code the docs document"))
	}
	res, err := measureSphinxRefs(codeDir, docsDir)
	if err != nil {
		fail(err)
	}
	fmt.Printf("sphinx roles :func: :meth: :class:: %d, whose target is in the code: %d, resolved to it by qualified-name suffix: %d (%.4f)\n",
		res.roles, res.counted, res.agree, ratio(res.agree, res.counted))
	roles := make([]string, 0, len(res.perRole))
	for r := range res.perRole {
		roles = append(roles, r)
	}
	sort.Strings(roles)
	for _, r := range roles {
		pr := res.perRole[r]
		fmt.Printf("  :%s: %d/%d (%.4f)\n", r, pr[1], pr[0], ratio(pr[1], pr[0]))
	}
	fmt.Printf("misses: %d\n", len(res.misses))
	for i, m := range res.misses {
		if i >= show {
			break
		}
		fmt.Println("  " + m)
	}
}
