package code

import (
	"strconv"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/treenav/treenav"
)

// The reference extractors of Python, TypeScript (and TSX), JavaScript
// and Java: the walkers of refs_python.go, refs_ecmascript.go and
// refs_java.go over a flattened tree, whose findings are handed to the
// sink in the model's terms.
func init() {
	for name, walk := range map[string]func(*flatTree, map[uint32]uint32) langRefs{
		"python":     pythonRefs,
		"typescript": jsRefs,
		"tsx":        jsRefs,
		"javascript": jsRefs,
		"java":       javaRefs,
	} {
		l := Lookup(name)
		l.Refs = walkerRefs(l, walk)
	}
}

// walkerRefs adapts a reference walker to a RefFunc.
func walkerRefs(l *Language, walk func(*flatTree, map[uint32]uint32) langRefs) RefFunc {
	return func(root *sitter.Node, src []byte, sink *RefSink) {
		t := flatten(l.Grammar(), root, src)
		r := walk(t, sink.defNames)
		t.release() // r holds strings, no nodes
		at := map[uint32]bool{}
		for _, x := range r.Refs {
			at[x.Start] = true
			sink.Refs = append(sink.Refs, treenav.Reference{
				Name: x.Name, Qualifier: x.Qualifier, QualType: EncodeQualType(x.QualType, x.RootType, x.Args),
				Kind: treenav.RefKind(x.Kind), Line: int(x.Row) + 1, Column: int(x.Col) + 1, Byte: x.Start,
			})
		}
		for _, im := range r.Imports {
			sink.Imports = append(sink.Imports, treenav.Import{Path: im.Path, Alias: im.Local, Name: im.Name,
				Export: im.Export, Static: im.Static, Pattern: im.Pattern, Line: int(im.Row) + 1})
		}
		if r.Package != "" {
			// A Java file's package: an import of nothing, bound to
			// the package itself.
			sink.Imports = append(sink.Imports, treenav.Import{Path: r.Package, Alias: PackageAlias, Line: 1})
		}
		n := len(sink.Refs)
		for _, tx := range r.Texts {
			sink.TextMentions(src[tx.Start:tx.End], tx.Start, int(tx.Row), int(tx.Col))
		}
		// A JSDoc {@link X} is a reference already: no mention of it too.
		kept := sink.Refs[:n]
		for _, m := range sink.Refs[n:] {
			if !at[m.Byte] {
				kept = append(kept, m)
			}
		}
		sink.Refs = kept
	}
}

// PackageAlias is the alias of the import that records a Java file's
// package declaration (its Path).
const PackageAlias = "package"

// EncodeQualType writes what the walkers know of a qualifier's type into
// Reference.QualType: the qualifier's type itself ("T", "mod.T", "?" for
// a local of unknown type), or, for a longer qualifier, "^T" where T is
// the type of its first name (a.b.c with a: T); then "#N" when the
// reference is a call with N arguments (Java overloads). DecodeQualType
// reads it back.
func EncodeQualType(qualType, rootType string, args int) string {
	s := qualType
	if s == "" && rootType != "" {
		s = "^" + rootType
	}
	if args >= 0 {
		s += "#" + strconv.Itoa(args)
	}
	return s
}

// DecodeQualType splits a QualType written by EncodeQualType; args is -1
// when it has no count.
func DecodeQualType(s string) (qualType, rootType string, args int) {
	args = -1
	if i := strings.LastIndexByte(s, '#'); i >= 0 {
		if n, err := strconv.Atoi(s[i+1:]); err == nil {
			s, args = s[:i], n
		}
	}
	if len(s) > 1 && s[0] == '^' {
		return "", s[1:], args
	}
	return s, "", args
}
