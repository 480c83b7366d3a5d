package index

import (
	"runtime"
	"strings"
)

// Python names through modules, as code imports them: os.path.join,
// collections.abc.Mapping. Neither is where it is defined (posixpath.py,
// which imports join from genericpath; _collections_abc.py): os.py binds
// path to a module, and collections/abc.py imports every name of
// another. A qualifier no import names is followed through the modules
// its parts are bound to (pyModuleVia), and a target or a find_symbol
// query no definition's qualified name or module spells is read as an
// import: the longest prefix that is a module, then each part through
// that module's definitions and imports (pythonDotted).

// pythonDotted is the definitions the dotted name t reaches through
// Python's modules, nil when it reaches none (or names no Python
// definition: the view holds no Python, or t has no dot).
func (q *refQuery) pythonDotted(t string) []nodeRef {
	if !strings.Contains(t, ".") || strings.ContainsAny(t, "/ ") {
		return nil
	}
	li := q.langIndex(langFamily("python"))
	var out []nodeRef
	seen := map[int]bool{}
	for _, i := range pyDotted(li.x, t) {
		if !seen[i] && i < len(li.src.refs) {
			seen[i] = true
			out = append(out, li.src.refs[i])
		}
	}
	return out
}

// pyDotted resolves a dotted name from the longest prefix that is a
// module: "os.path.join" tries the module os.path, then os.
func pyDotted(x *refIndex, dotted string) []int {
	parts := strings.Split(dotted, ".")
	for i := len(parts) - 1; i >= 1; i-- {
		var out []int
		for _, f := range pyModuleFiles(x, "", strings.Join(parts[:i], ".")) {
			out = append(out, pyAttr(x, f, parts[i:], 0)...)
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

// pyAttr resolves the attribute chain in module file: its first part a
// definition the module has or imports (pyExport), a class whose member
// the next part is, or a module the file binds to the name (import
// posixpath as path: pyBoundModule).
func pyAttr(x *refIndex, file string, chain []string, depth int) []int {
	if depth > 6 || len(chain) == 0 {
		return nil
	}
	defs := pyExport(x, file, chain[0], 0)
	if len(chain) == 1 && len(defs) > 0 {
		return defs
	}
	if len(chain) == 2 {
		var classes []int
		for _, d := range defs {
			if isClassKind(x.Defs[d].Kind) {
				classes = append(classes, d)
			}
		}
		if ms := x.members(classes, chain[1], nil); len(ms) > 0 {
			return ms
		}
	}
	if len(chain) == 1 {
		return nil // a module is no definition
	}
	var out []int
	for _, m := range pyBoundModule(x, file, chain[0]) {
		out = append(out, pyAttr(x, m, chain[1:], depth+1)...)
	}
	return out
}

// pyBoundModule is the module files that module file binds to name by an
// import (import posixpath as path, import a.b binding a, from p import
// m where p.m is a module). Of several bindings, which a platform test
// picks between (os.py's ntpath and posixpath), the host's (pyHostModule);
// else all of them.
func pyBoundModule(x *refIndex, file, name string) []string {
	f := x.file(file)
	if f == nil {
		return nil
	}
	bound, mods := pyBindings(x, f, name, "")
	if i := pyHostModule(mods); i >= 0 {
		return bound[i]
	}
	var out []string
	for _, ms := range bound {
		out = append(out, ms...)
	}
	return out
}

// pyHostModule is, of modules bound to one name by platform, the one
// this host runs (posixpath, not ntpath, on Linux), -1 when they are no
// such choice: fewer than two, or none or several of them the host's.
func pyHostModule(mods []string) int {
	if len(mods) < 2 {
		return -1
	}
	windows := runtime.GOOS == "windows"
	host := -1
	for i, m := range mods {
		base := strings.ToLower(m[strings.LastIndexByte(m, '.')+1:])
		isWin := strings.HasPrefix(base, "nt") || strings.Contains(base, "win")
		isPosix := strings.Contains(base, "posix") || strings.Contains(base, "unix")
		if isWin == isPosix || isWin != windows {
			continue
		}
		if host >= 0 {
			return -1
		}
		host = i
	}
	return host
}

// pyModuleVia is the module files a dotted qualifier names in file f
// through the modules its parts are bound to: "os.path" after import os
// is os.py's path, posixpath.py. nil when a part binds no module.
func pyModuleVia(x *refIndex, f *refFile, q string) []string {
	root, rest, ok := strings.Cut(q, ".")
	if !ok {
		return nil
	}
	mods := pyModuleOf(x, f, root)
	for part := range strings.SplitSeq(rest, ".") {
		var next []string
		for _, m := range mods {
			next = append(next, pyBoundModule(x, m, part)...)
		}
		mods = next
	}
	return mods
}
