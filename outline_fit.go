package treenav

import (
	"fmt"
	"sort"
	"strings"
)

// OutlineOptions shape an outline answer: get_outline's parameters and
// treenav outline's flags, so that both give the same answer for the
// same files.
type OutlineOptions struct {
	// ExportedOnly keeps the public API: it leaves out the symbols
	// private by their language's rule (with what they hold), what is
	// local to a function, the top-level symbols a module's declared
	// exports (OutlineFile.Exports) do not name, and test files.
	ExportedOnly bool
	// NoSignatures leaves the signatures out.
	NoSignatures bool
	// Depth keeps symbols down to this depth (1: top-level only); 0 is
	// every level.
	Depth int
	// MaxChars bounds the answer's text (OutlineResponse.Text), what an
	// agent reads: about a third of its JSON; 0 is no bound.
	MaxChars int
}

// OutlineRules are the language rules FitOutline ranks by: which
// symbols are private (parsers.IsPrivate) and which files are tests
// (parsers.IsTestPath). The root package knows no language.
type OutlineRules struct {
	Private  func(lang string, kind Kind, name, qualified, signature string) bool
	Test     func(path string) bool
	Internal func(path string) bool // internal or vendored code (parsers.IsInternalPath)
}

// outlineItem is one symbol of an outline being fitted: where it is and
// how much it is worth showing.
type outlineItem struct {
	file   int
	sym    *OutlineSymbol
	parent int // index of the parent item, -1 for a top-level symbol
	key    [3]int
	order  int
	size   int
}

// FitOutline applies opts to files (sorted by path) and, past
// opts.MaxChars, keeps what an agent needs most: public code first, then
// private or internal, then tests; within each, shallow before deep,
// where fields, constants and variables count one level deeper than
// types, callables and sections (a package's functions and types, then
// their methods and its constants, then fields); then files in path
// order. A child is never kept without its parent. What it leaves out
// is counted, per file and in all, and said in Note with how to get it.
func FitOutline(files []OutlineFile, opts OutlineOptions, rules OutlineRules) *OutlineResponse {
	resp := &OutlineResponse{Files: []OutlineFile{}}
	var items []outlineItem
	for _, f := range files {
		if opts.ExportedOnly && rules.Test != nil && rules.Test(f.Path) {
			continue
		}
		syms := f.Symbols
		if opts.ExportedOnly && f.Exports != nil {
			syms = exportsOnly(syms, f.Exports)
		}
		resp.Files = append(resp.Files, OutlineFile{Path: f.Path, Language: f.Language,
			Symbols: shapeSymbols(f.Language, syms, 1, opts, rules)})
	}
	if opts.MaxChars <= 0 || len(resp.Text()) <= opts.MaxChars {
		return resp
	}
	// Rank every symbol; a child ranks no better than its parent, so that
	// a parent is always kept before its children.
	for fi := range resp.Files {
		f := &resp.Files[fi]
		test := rules.Test != nil && rules.Test(f.Path)
		internal := rules.Internal != nil && rules.Internal(f.Path)
		// A constraint all top-level symbols share is said once, on the
		// file's line (Text): a subset of them shares it too.
		shared := fileConstraint(f)
		var walk func(syms []OutlineSymbol, parent, depth int)
		walk = func(syms []OutlineSymbol, parent, depth int) {
			for i := range syms {
				s := &syms[i]
				key := [3]int{0, 0, 0}
				if test {
					key[0] = 2
				} else if internal || rules.Private != nil && rules.Private(f.Language, s.Kind, s.Name, s.QualifiedName, s.Signature) {
					key[0] = 1
				}
				key[1] = depth
				if !outlineMajor(s.Kind) {
					key[1] = depth + 1
				}
				if parent >= 0 {
					pk := items[parent].key
					if pk[0] > key[0] || pk[0] == key[0] && pk[1] > key[1] {
						key = pk
					}
				}
				line := s
				if depth == 0 && shared != "" {
					c := *s
					c.Constraint = ""
					line = &c
				}
				items = append(items, outlineItem{file: fi, sym: s, parent: parent, key: key, order: len(items), size: len(outlineLine(line, depth))})
				walk(s.Children, len(items)-1, depth+1)
			}
		}
		walk(f.Symbols, -1, 0)
	}
	total := len(items)
	byRank := make([]int, len(items))
	for i := range byRank {
		byRank[i] = i
	}
	sort.SliceStable(byRank, func(a, b int) bool {
		ka, kb := items[byRank[a]].key, items[byRank[b]].key
		if ka != kb {
			return ka[0] < kb[0] || ka[0] == kb[0] && ka[1] < kb[1]
		}
		return false
	})
	// The room for the symbols: the budget less a note of the usual
	// length; an answer over the budget is fitted again with less room.
	room := opts.MaxChars - maxOutlineNote/2
	for attempt := 0; ; attempt++ {
		kept := make([]bool, len(items))
		opened := make([]bool, len(resp.Files))
		used := 0
		for _, i := range byRank {
			it := &items[i]
			if it.parent >= 0 && !kept[it.parent] {
				break
			}
			cost := it.size
			if !opened[it.file] {
				f := resp.Files[it.file]
				f.LeftOut = total
				cost += len(outlineFileLine(&f, fileConstraint(&f)))
			}
			if used+cost > room {
				break
			}
			used += cost
			kept[i], opened[it.file] = true, true
		}
		out := keepOutline(resp, items, kept, total)
		size := len(out.Text())
		if size <= opts.MaxChars || room <= 0 || attempt == 5 {
			return out
		}
		room -= size - opts.MaxChars
	}
}

// maxOutlineNote bounds the note of a cut outline.
const maxOutlineNote = 420

// outlineMajor reports whether a kind is what an outline is read for:
// types, callables, modules and sections rank before fields, constants
// and variables.
func outlineMajor(k Kind) bool {
	switch k {
	case KindField, KindProperty, KindConstant, KindVariable, KindExport:
		return false
	}
	return true
}

// exportsOnly is the top-level symbols that exports names.
func exportsOnly(syms []OutlineSymbol, exports []string) []OutlineSymbol {
	keep := make(map[string]bool, len(exports))
	for _, e := range exports {
		keep[e] = true
	}
	out := make([]OutlineSymbol, 0, len(exports))
	for _, s := range syms {
		if keep[s.Name] {
			out = append(out, s)
		}
	}
	return out
}

// shapeSymbols applies opts to syms at depth: private symbols and the
// symbols local to a function go with ExportedOnly, children below Depth,
// signatures with NoSignatures.
func shapeSymbols(lang string, syms []OutlineSymbol, depth int, opts OutlineOptions, rules OutlineRules) []OutlineSymbol {
	out := make([]OutlineSymbol, 0, len(syms))
	for _, s := range syms {
		if opts.ExportedOnly && rules.Private != nil && rules.Private(lang, s.Kind, s.Name, s.QualifiedName, s.Signature) {
			continue
		}
		if opts.NoSignatures {
			s.Signature = ""
		}
		if opts.Depth > 0 && depth >= opts.Depth || opts.ExportedOnly && s.Kind.IsCallable() {
			// What a function holds (Python's nested defs, a closure's
			// variables) is local to it, never the API.
			s.Children = []OutlineSymbol{}
		} else {
			s.Children = shapeSymbols(lang, s.Children, depth+1, opts, rules)
		}
		out = append(out, s)
	}
	return out
}

// keepOutline is resp with the kept items only, its counts and note.
func keepOutline(resp *OutlineResponse, items []outlineItem, kept []bool, total int) *OutlineResponse {
	out := &OutlineResponse{Files: []OutlineFile{}, Truncated: true, TotalSymbols: total}
	leftOut := make([]int, len(resp.Files))
	kinds := map[string]int{}
	for i := range items {
		if !kept[i] {
			leftOut[items[i].file]++
			kinds[string(items[i].sym.Kind)]++
		}
	}
	// Rebuild each file's tree from the kept items, in document order.
	var build func(syms []OutlineSymbol, next *int) []OutlineSymbol
	build = func(syms []OutlineSymbol, next *int) []OutlineSymbol {
		res := []OutlineSymbol{}
		for i := range syms {
			idx := *next
			*next++
			kids := build(syms[i].Children, next)
			if !kept[idx] {
				continue
			}
			s := syms[i]
			s.Children = kids
			res = append(res, s)
		}
		return res
	}
	next := 0
	type fileLeft struct {
		path string
		n    int
	}
	var most []fileLeft
	for fi, f := range resp.Files {
		syms := build(f.Symbols, &next)
		if len(syms) == 0 {
			out.FilesLeftOut++
		} else {
			out.Files = append(out.Files, OutlineFile{Path: f.Path, Language: f.Language, Symbols: syms, LeftOut: leftOut[fi]})
		}
		if leftOut[fi] > 0 {
			most = append(most, fileLeft{f.Path, leftOut[fi]})
		}
		out.LeftOut += leftOut[fi]
	}
	if out.LeftOut == 0 && out.FilesLeftOut == 0 {
		out.Truncated, out.TotalSymbols = false, 0
		return out
	}
	sort.SliceStable(most, func(i, j int) bool { return most[i].n > most[j].n })
	var b strings.Builder
	fmt.Fprintf(&b, "%d of %s shown (public types and callables first); left out: %s", total-out.LeftOut, Count(total, "symbol"), kindList(kinds))
	if out.FilesLeftOut > 0 {
		fmt.Fprintf(&b, "; %s not shown at all", Count(out.FilesLeftOut, "file"))
	}
	b.WriteString(". For the rest, ask again for one file or directory, such as ")
	for i, m := range most[:min(len(most), 2)] {
		if i > 0 {
			b.WriteString(" or ")
		}
		fmt.Fprintf(&b, "%q (%d left out)", m.path, m.n)
	}
	b.WriteString(", or raise max_chars")
	out.Note = b.String()
	if len(out.Note) > maxOutlineNote {
		cut := maxOutlineNote - 1
		for cut > 0 && out.Note[cut]&0xC0 == 0x80 {
			cut--
		}
		out.Note = out.Note[:cut] + "…"
	}
	return out
}

// kindList renders counts by kind, largest first: "12 fields, 3 methods".
func kindList(kinds map[string]int) string {
	keys := KeysByCount(kinds)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%d %s", kinds[k], kindNoun(kinds[k], k))
	}
	return strings.Join(parts, ", ")
}

// kindNoun is a kind's name as a noun for n of them: "class", "classes",
// "properties".
func kindNoun(n int, k string) string {
	switch {
	case n == 1:
		return k
	case strings.HasSuffix(k, "s"):
		return k + "es"
	case strings.HasSuffix(k, "y"):
		return k[:len(k)-1] + "ies"
	}
	return k + "s"
}
