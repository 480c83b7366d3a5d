package index

import (
	"errors"
	"sort"
	"strings"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/parsers"
)

// OutlineRequest asks for the outline of the files under paths
// (get_outline, treenav outline): their symbols with signatures, shaped
// and bounded by the options.
type OutlineRequest struct {
	// Paths are files, directories or globs, as search's path reads them
	// (matchPathGlob), and "!glob" exclusions; none is every file.
	Paths []string
	treenav.OutlineOptions
}

// OutlineRules are the language rules an outline is ranked by, the same
// for the index's answer and treenav outline's.
var OutlineRules = treenav.OutlineRules{Private: parsers.IsPrivate, Test: parsers.IsTestPath, Internal: parsers.IsInternalPath}

// Outline returns the outline of every indexed file the paths take in,
// in path order, in treenav outline's shape (each file's path is its
// doc_id), fitted to the options (treenav.FitOutline).
func (ix *Index) Outline(req OutlineRequest) (*treenav.OutlineResponse, error) {
	v := ix.view()
	resp, err := ix.outline(v, req)
	var bad *BadRequestError
	if len(req.Paths) == 1 && errors.As(err, &bad) {
		// "argparse", "encoding/json" as a module's name, not a path:
		// its pages (modulePages), as find_symbol names them.
		if pages := v.modulePages(req.Paths[0]); len(pages) > 0 {
			req.Paths = pages
			return ix.outline(v, req)
		}
	}
	return resp, err
}

func (ix *Index) outline(v *view, req OutlineRequest) (*treenav.OutlineResponse, error) {
	ps, err := v.compilePathScope("", req.Paths)
	if err != nil {
		return nil, err
	}
	var files []treenav.OutlineFile
	for si, s := range v.segs {
		for di := range s.docs {
			d := &s.docs[di]
			if !v.live(si, uint32(di)) || !ps.match(d.Path) {
				continue
			}
			f := outlineOf(s, d)
			if req.ExportedOnly && parsers.DeclaresExports(d.Language, f.Symbols) {
				// Only a module that assigns __all__ is read.
				if src, err := ix.fileOf(d); err == nil {
					f.Exports = parsers.ModuleExports(d.Language, src, f.Symbols)
				}
			}
			files = append(files, f)
		}
	}
	if len(files) == 0 && len(req.Paths) == 0 {
		return nil, &BadRequestError{"the index holds no file yet (index_status says how far indexing is)"}
	}
	if len(files) == 0 {
		return nil, &BadRequestError{"no indexed file is under " + quotePaths(req.Paths) + ": give a file, a directory or a glob relative to the root (list_documents lists the indexed files)"}
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return treenav.FitOutline(files, req.OutlineOptions, OutlineRules), nil
}

// quotePaths quotes paths for a message: "a", "b".
func quotePaths(paths []string) string {
	q := make([]string, len(paths))
	for i, p := range paths {
		q[i] = QuoteInput(p)
	}
	return strings.Join(q, ", ")
}

// outlineOf is a document's outline as treenav.Document.Outline builds
// it from a parse: the symbols (sections for markdown) nested, code
// blocks left out.
func outlineOf(s *segment, d *docMeta) treenav.OutlineFile {
	f := treenav.OutlineFile{Path: d.DocID, Language: d.Language, Symbols: []treenav.OutlineSymbol{}}
	if d.nodeEnd <= d.nodeStart {
		return f
	}
	var build func(n uint32) treenav.OutlineSymbol
	build = func(n uint32) treenav.OutlineSymbol {
		nm := s.node(n)
		name, q := nm.name(), qualifiedName(nm)
		if name == "" {
			name, q = nm.title(), nm.anchor()
		}
		sym := treenav.OutlineSymbol{Name: name, QualifiedName: q, Kind: nm.kind(),
			LineStart: int(nm.lineStart), LineEnd: int(nm.lineEnd), Signature: nm.signature(),
			WordCount: int(nm.words), Declaration: nm.decl, Constraint: nm.constraint(), Children: []treenav.OutlineSymbol{}}
		s.children(n, func(c uint32) {
			if s.node(c).kind() != treenav.KindCode {
				sym.Children = append(sym.Children, build(c))
			}
		})
		return sym
	}
	s.children(d.nodeStart, func(c uint32) {
		if s.node(c).kind() != treenav.KindCode {
			f.Symbols = append(f.Symbols, build(c))
		}
	})
	return f
}
