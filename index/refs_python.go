package index

import (
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/parsers/code"
)

// pyModuleFiles returns the files a module path names from the file at
// from: ".x" and "..x" relative to from's package, "a.b" anywhere in the
// tree (a/b.py or a/b/__init__.py, the tree's root being unknown).
func pyModuleFiles(x *refIndex, from, mod string) []string {
	dots := 0
	for dots < len(mod) && mod[dots] == '.' {
		dots++
	}
	rest := strings.ReplaceAll(mod[dots:], ".", "/")
	if dots > 0 {
		dir := path.Dir(from)
		for range dots - 1 {
			dir = path.Dir(dir)
		}
		var cands []string
		if rest == "" {
			cands = []string{joinRel(dir, "__init__.py")}
		} else {
			cands = []string{joinRel(dir, rest+".py"), joinRel(dir, rest+"/__init__.py"), joinRel(dir, rest+".pyi")}
		}
		var out []string
		for _, c := range cands {
			if x.file(c) != nil {
				out = append(out, c)
			}
		}
		return out
	}
	if rest == "" {
		return nil
	}
	// An absolute import is looked up from the roots of sys.path, which
	// are no packages: "json" is json/__init__.py at a root, not
	// site-packages/flask/json/__init__.py (that is flask.json) nor a
	// vendored pkg/_vendor/json.py. Candidates under a package are left
	// out when others are not; modules before stubs.
	for _, forms := range [][]string{{".py", "/__init__.py"}, {".pyi", "/__init__.pyi"}} {
		var at []string
		for _, suffix := range forms {
			for _, f := range x.filesEnding(rest + suffix) {
				if !pyInPackage(x, f, len(rest+suffix)) {
					at = append(at, f)
				}
			}
		}
		if len(at) > 0 {
			return at
		}
	}
	// No candidate at a root (a tree whose top is itself a package):
	// any file of the module's name, as before roots were known.
	if out := x.filesEnding(rest + ".py"); len(out) > 0 {
		return out
	}
	if out := x.filesEnding(rest + "/__init__.py"); len(out) > 0 {
		return out
	}
	return x.filesEnding(rest + ".pyi")
}

// pyInPackage reports whether module file f, whose module path takes its
// last n bytes, sits in a package: the directory its module path starts
// from has an __init__.py (or .pyi), so it cannot be a root of sys.path.
func pyInPackage(x *refIndex, f string, n int) bool {
	if n >= len(f) {
		return false // the module path is the whole path: the tree's root
	}
	root := strings.TrimSuffix(f[:len(f)-n], "/")
	return x.file(joinRel(root, "__init__.py")) != nil || x.file(joinRel(root, "__init__.pyi")) != nil
}

// pyExport finds what module file exports under name: its own top-level
// definition, or a name it imports (a package's __init__ re-exporting).
func pyExport(x *refIndex, file, name string, depth int) []int {
	if ds := x.topLevel(file, name); len(ds) > 0 {
		return ds
	}
	f := x.file(file)
	if f == nil || depth > 4 {
		return nil
	}
	var out []int
	for _, im := range f.Refs.Imports {
		switch {
		case im.Local == name && im.Name != "":
			for _, m := range pyModuleFiles(x, file, im.Path) {
				out = append(out, pyExport(x, m, im.Name, depth+1)...)
			}
		case im.Local == "*":
			for _, m := range pyModuleFiles(x, file, im.Path) {
				out = append(out, pyExport(x, m, name, depth+1)...)
			}
		}
	}
	return out
}

// pyBare resolves a bare name in file f: the file's own definitions, then
// its imports.
func pyBare(x *refIndex, f *refFile, name string) []int {
	if ds := x.topLevel(f.Path, name); len(ds) > 0 {
		return ds
	}
	var out []int
	for _, im := range f.Refs.Imports {
		if im.Local == name {
			if im.Name == "" {
				return nil // a module
			}
			for _, m := range pyModuleFiles(x, f.Path, im.Path) {
				out = append(out, pyExport(x, m, im.Name, 0)...)
			}
		}
	}
	if len(out) > 0 {
		return out
	}
	if ds := x.inFile(f.Path, name); len(ds) > 0 {
		// A def nested in a function, called from its body.
		var fns []int
		for _, d := range ds {
			if p := x.Defs[d].Parent; p < 0 || !isClassKind(x.Defs[p].Kind) {
				fns = append(fns, d)
			}
		}
		if len(fns) > 0 {
			return fns
		}
	}
	for _, im := range f.Refs.Imports {
		if im.Local == "*" {
			for _, m := range pyModuleFiles(x, f.Path, im.Path) {
				out = append(out, pyExport(x, m, name, 0)...)
			}
		}
	}
	return out
}

// pyModuleOf returns the module files a qualifier names in f ("os.path"
// after "import os.path as osp" for "osp"; "pkg.mod" after "from pkg
// import mod"; "os.path" after "import os", through os.py's binding),
// nil when it names no module.
func pyModuleOf(x *refIndex, f *refFile, q string) []string {
	root, rest, _ := strings.Cut(q, ".")
	bound, mods := pyBindings(x, f, root, rest)
	if len(bound) == 0 {
		// os.path: no module file, but os.py binds path to posixpath
		// (pyModuleVia). Left to the name alone, os.path.join was no
		// reference of posixpath's join.
		return pyModuleVia(x, f, q)
	}
	// Bound by platform (import ntpath as osp, else posixpath): the
	// host's; else the first, as a reader meets it.
	if i := pyHostModule(mods); i >= 0 {
		return bound[i]
	}
	return bound[0]
}

// pyBindings is, for each module f's imports bind to name (in the file's
// order, each once), the files of that module with rest after it (os.path
// for rest "path" after import os), and the modules bound (without rest).
func pyBindings(x *refIndex, f *refFile, name, rest string) (bound [][]string, mods []string) {
	for _, im := range f.Refs.Imports {
		if im.Local != name {
			continue
		}
		base := pyBinding(im, name)
		mod := base
		if rest != "" {
			mod += "." + rest
		}
		if fs := pyModuleFiles(x, f.Path, mod); len(fs) > 0 && !slices.Contains(mods, base) {
			bound, mods = append(bound, fs), append(mods, base)
		}
	}
	return bound, mods
}

// pyBinding is the module path an import binds to the local name: a.b
// for import a.b as c, a for import a.b, p.m for from p import m (a
// module, or a member that pyModuleFiles will not find).
func pyBinding(im langImport, name string) string {
	if im.Name == "" {
		if im.Path == name || strings.HasPrefix(im.Path, name+".") {
			return name // import a.b binds a
		}
		return im.Path // import a.b as c binds c to a.b
	}
	sep := "."
	if strings.HasSuffix(im.Path, ".") {
		sep = ""
	}
	return im.Path + sep + im.Name
}

func pyTypeOf(x *refIndex) func(f *refFile, r langRef) []int {
	var typeOf func(f *refFile, r langRef, depth int) []int
	typeOf = func(f *refFile, r langRef, depth int) []int {
		var out []int
		if r.Qualifier != "" {
			for _, m := range pyModuleOf(x, f, r.Qualifier) {
				out = append(out, pyExport(x, m, r.Name, 0)...)
			}
		} else {
			out = pyBare(x, f, r.Name)
		}
		return pyAliased(x, out, depth, typeOf)
	}
	return func(f *refFile, r langRef) []int { return typeOf(f, r, 0) }
}

// pyAliasRE is a module-level alias of another name: "_PyFuture = Future",
// "Error = socket.error" (a variable's signature).
var pyAliasRE = regexp.MustCompile(`^([A-Za-z_]\w*)\s*=\s*([A-Za-z_][\w.]*)$`)

// pyAliasDepth bounds how many aliases of aliases pyAliased follows.
const pyAliasDepth = 3

// pyAliased adds to defs what the aliases among them name: a variable
// bound to another name at the top of its module stands for that name's
// definitions (class Task(futures._PyFuture), with _PyFuture = Future,
// is a Future: its super().__init__() is Future.__init__, where it was
// ambiguous with every __init__).
func pyAliased(x *refIndex, defs []int, depth int, typeOf func(*refFile, langRef, int) []int) []int {
	if depth >= pyAliasDepth {
		return defs
	}
	out := defs[:len(defs):len(defs)] // appended to, never the caller's array (a name's cached list)
	for _, d := range defs {
		def := &x.Defs[d]
		if def.Parent >= 0 || def.Kind != string(treenav.KindVariable) && def.Kind != string(treenav.KindConstant) {
			continue
		}
		m := pyAliasRE.FindStringSubmatch(def.Signature)
		if m == nil || m[1] != def.Name || m[2] == def.Name {
			continue
		}
		f := x.file(def.Path)
		if f == nil {
			continue
		}
		q, n, _ := cutLast(m[2])
		out = append(out, typeOf(f, langRef{Name: n, Qualifier: q}, depth+1)...)
	}
	return out
}

// pyBuiltinClasses are the classes Python's builtins module defines,
// which no file of the index does: a method reached through one of them
// (Exception.__init__(self, msg), super().__init__() in a subclass of
// dict) is not any indexed definition of that name. They were resolved
// as members of an unknown receiver, ambiguous with every method of the
// name: each super().__init__() of an exception class was listed among
// the references of every __init__ of the code base.
var pyBuiltinClasses = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`object type int float complex bool str bytes bytearray
		memoryview list tuple dict set frozenset range slice property classmethod
		staticmethod super enumerate zip map filter reversed
		BaseException Exception BaseExceptionGroup ExceptionGroup ArithmeticError
		AssertionError AttributeError BlockingIOError BrokenPipeError BufferError
		ChildProcessError ConnectionAbortedError ConnectionError ConnectionRefusedError
		ConnectionResetError EOFError EnvironmentError FileExistsError FileNotFoundError
		FloatingPointError GeneratorExit IOError ImportError IndentationError IndexError
		InterruptedError IsADirectoryError KeyError KeyboardInterrupt LookupError
		MemoryError ModuleNotFoundError NameError NotADirectoryError NotImplementedError
		OSError OverflowError PermissionError ProcessLookupError RecursionError
		ReferenceError RuntimeError StopAsyncIteration StopIteration SyntaxError
		SystemError SystemExit TabError TimeoutError TypeError UnboundLocalError
		UnicodeDecodeError UnicodeEncodeError UnicodeError UnicodeTranslateError
		ValueError ZeroDivisionError Warning BytesWarning DeprecationWarning
		EncodingWarning FutureWarning ImportWarning PendingDeprecationWarning
		ResourceWarning RuntimeWarning SyntaxWarning UnicodeWarning UserWarning`) {
		m[n] = true
	}
	return m
}()

// pyBuiltinIn reports whether name, in file f, is a builtin class: one
// of pyBuiltinClasses that the file neither defines nor imports.
func pyBuiltinIn(x *refIndex, f *refFile, name string) bool {
	if !pyBuiltinClasses[name] || len(x.inFile(f.Path, name)) > 0 {
		return false
	}
	for _, im := range f.Refs.Imports {
		if im.Local == name {
			return false
		}
	}
	return true
}

// pyBuiltinRoots reports whether every class above classes (their
// bases, and theirs) that the index does not define is a builtin class
// or the implicit object: then a member none of the indexed ones has is
// a builtin's, not some unresolved base's. Each class is read once (a
// diamond's top is reached by both sides).
func pyBuiltinRoots(x *refIndex, classes []int, typeOf func(f *refFile, r langRef) []int) bool {
	seen := map[int]bool{}
	var walk func(classes []int, depth int) bool
	walk = func(classes []int, depth int) bool {
		if depth > 8 {
			return false
		}
		for _, c := range classes {
			if seen[c] {
				continue
			}
			seen[c] = true
			f := x.file(x.Defs[c].Path)
			if f == nil {
				return false
			}
			for r := range x.inheritRefs(c, f) {
				if up := classesOf(x, typeOf(f, r)); len(up) > 0 {
					if !walk(up, depth+1) {
						return false
					}
					continue
				}
				if r.Qualifier != "" || !pyBuiltinIn(x, f, r.Name) {
					return false // a base the index cannot name
				}
			}
		}
		return true
	}
	return walk(classes, 0)
}

// resolvePython resolves one Python reference.
func resolvePython(x *refIndex, f *refFile, r langRef) resolution {
	typeOf := pyTypeOf(x)
	bases := func(c int) []int { return x.basesOf(c, typeOf) }
	switch {
	case r.Kind == "import":
		var out []int
		for _, m := range pyModuleFiles(x, f.Path, r.Qualifier) {
			out = append(out, pyExport(x, m, r.Name, 0)...)
		}
		return x.verdict(out)
	case r.Qualifier == "" && r.QualType == code.ClassBody:
		// The class's own namespace, then the module's.
		if ms := x.members(classesOf(x, x.inFile(f.Path, r.Class)), r.Name, nil); len(ms) > 0 {
			return x.verdict(ms)
		}
		return x.verdict(pyBare(x, f, r.Name))
	case r.Qualifier == "":
		return x.verdict(pyBare(x, f, r.Name))
	case r.Qualifier == "super":
		cls := classesOf(x, x.inFile(f.Path, r.Class))
		if ms := superMembers(x, cls, r.Name, bases); len(ms) > 0 {
			return x.verdict(ms)
		}
		if len(cls) > 0 && pyBuiltinRoots(x, cls, typeOf) {
			// Every class above is a builtin (Exception, dict,
			// object): super() reaches no definition of the index.
			return resolution{}
		}
		return unknownReceiver(x, f.Language, r.Name)
	case r.QualType == "?":
		return unknownReceiver(x, f.Language, r.Name)
	case r.QualType != "":
		var cls []int
		if q, n, dotted := cutLast(r.QualType); dotted {
			cls = classesOf(x, typeOf(f, langRef{Name: n, Qualifier: q}))
		} else {
			cls = classesOf(x, pyBare(x, f, r.QualType))
			if len(cls) == 0 && pyBuiltinIn(x, f, r.QualType) {
				return resolution{} // a str, a dict: no definition of the index
			}
		}
		if ms := x.members(cls, r.Name, bases); len(ms) > 0 {
			return x.withOverrides(x.verdict(ms), bases)
		}
		return unknownReceiver(x, f.Language, r.Name)
	case r.Qualifier != "?":
		if ms := pyModuleOf(x, f, r.Qualifier); len(ms) > 0 {
			var out []int
			for _, m := range ms {
				out = append(out, pyExport(x, m, r.Name, 0)...)
			}
			return x.verdict(out)
		}
		if !strings.Contains(r.Qualifier, ".") {
			if cls := classesOf(x, pyBare(x, f, r.Qualifier)); len(cls) > 0 {
				// Through the class, not an instance: that class's
				// function (or its bases'), never a subclass's override
				// (Base.__init__(self) in a subclass's __init__).
				if ms := x.members(cls, r.Name, bases); len(ms) > 0 {
					return x.verdict(ms)
				}
			} else if pyBuiltinIn(x, f, r.Qualifier) {
				return resolution{} // Exception.__init__(self, msg): a builtin's
			}
		} else if res, ok := pyModuleClassMember(x, f, r, bases, typeOf); ok {
			return res
		}
	}
	return unknownReceiver(x, f.Language, r.Name)
}

// pyModuleClassMember resolves a member through a class of a module,
// written out (codecs.IncrementalDecoder.__init__(self),
// asyncore.dispatcher.__init__(self, sock)): the class's member, or
// its bases', or none when every class above is a builtin. ok is false
// when the qualifier names no class of an indexed module. Such calls
// were members of an unknown receiver, ambiguous with every method of
// the name: each was among the references of every __init__.
func pyModuleClassMember(x *refIndex, f *refFile, r langRef, bases func(int) []int, typeOf func(*refFile, langRef) []int) (resolution, bool) {
	q, name, _ := cutLast(r.Qualifier)
	var cls []int
	for _, m := range pyModuleOf(x, f, q) {
		cls = append(cls, classesOf(x, pyExport(x, m, name, 0))...)
	}
	if len(cls) == 0 {
		return resolution{}, false
	}
	if ms := x.members(cls, r.Name, bases); len(ms) > 0 {
		return x.verdict(ms), true // the class's own, as above: no override
	}
	if pyBuiltinRoots(x, cls, typeOf) {
		return resolution{}, true // object's, Exception's: no definition of the index
	}
	return unknownReceiver(x, f.Language, r.Name), true
}
