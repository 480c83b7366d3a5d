package index

import (
	"github.com/treenav/treenav"
	"github.com/treenav/treenav/parsers/code"
)

// The resolvers of Python, TypeScript/JavaScript and Java (refs_python.go,
// refs_ecmascript.go, refs_java.go) read a document's references and
// imports decoded into these, with what the document tree adds: the class
// each reference sits in.

// langRef is a reference as those resolvers read it.
type langRef struct {
	Name, Kind, Qualifier string
	// QualType and RootType: see code.EncodeQualType.
	QualType, RootType string
	// Class is the name of the innermost class around the reference.
	Class string
	// Args is the argument count of a call, -1 when unknown.
	Args int
	Row  uint32 // 0-based line
}

// langImport is an import as those resolvers read it.
type langImport struct {
	Local, Path, Name string
	Export, Static    bool
}

// langRefs is a document's references and imports, and a Java file's
// package.
type langRefs struct {
	Refs    []langRef
	Imports []langImport
	Package string
}

// langFamily is the resolver a document language uses; TypeScript and
// JavaScript import each other and resolve as one.
func langFamily(lang string) string {
	switch lang {
	case "typescript", "javascript":
		return "es"
	case "python", "java":
		return lang
	}
	return ""
}

// decodeLangRefs turns a document's references and imports into the
// resolvers' terms; classOf names the class around enclosing node e.
func decodeLangRefs(refs []treenav.Reference, imports []treenav.Import, classOf func(e int) string) langRefs {
	var out langRefs
	out.Refs = make([]langRef, 0, len(refs))
	for _, r := range refs {
		if r.Textual {
			continue
		}
		qt, rt, args := code.DecodeQualType(r.QualType)
		out.Refs = append(out.Refs, langRef{Name: r.Name, Kind: string(r.Kind), Qualifier: r.Qualifier,
			QualType: qt, RootType: rt, Class: classOf(r.Enclosing), Args: args, Row: uint32(max(r.Line-1, 0))})
	}
	for _, im := range imports {
		if im.Alias == code.PackageAlias && im.Name == "" && !im.Export && !im.Static {
			out.Package = im.Path
			continue
		}
		out.Imports = append(out.Imports, langImport{Local: im.Alias, Path: im.Path, Name: im.Name, Export: im.Export, Static: im.Static})
	}
	return out
}
