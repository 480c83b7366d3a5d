package index

import (
	"fmt"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/parsers/markdown"
)

// A scope value that nothing of the index has matches nothing, whatever
// the query. When it is a mistake (a kind "klass", a language "pyhton", a
// collection that is not indexed, a frontmatter key or value one typo or
// one case away from one that exists), the answer is a bad request that
// says what there is, not an empty result that reads like "nothing is
// about this". A well-formed value that this repository happens not to
// have (language "rust" in a Go repository, a tag no page carries) is not
// a mistake: it gives an empty result.

// scopeVocab is what a view's documents and nodes can be scoped by.
type scopeVocab struct {
	facets map[string]map[string]int // document facet key → value → documents
	// What the nodes have, counted on first need (nodeScope): every
	// node record is read, 110 MB of them on the 25k-file corpus, and a
	// kind filter of treenav's own words or a language some document is
	// in needs none of it.
	nodeOnce  sync.Once
	segs      []*segment
	nodeLangs map[string]int  // language of symbols and code blocks → nodes
	kinds     map[string]bool // node kinds and the languages' own kind words
}

// nodeScope counts the node languages and kinds of sv's segments, once.
func (sv *scopeVocab) nodeScope() *scopeVocab {
	sv.nodeOnce.Do(func() {
		sv.nodeLangs, sv.kinds = map[string]int{}, map[string]bool{}
		for _, s := range sv.segs {
			ss := s.scope()
			for l, n := range ss.langs {
				sv.nodeLangs[l] += n
			}
			for k := range ss.kinds {
				sv.kinds[k] = true
			}
		}
	})
	return sv
}

// scopeCache holds a view's scopeVocab and the first parts of its
// documents' paths (rootNames), each built on first use.
type scopeCache struct {
	once  sync.Once
	vocab *scopeVocab

	rootsOnce sync.Once
	roots     map[string]bool
}

// segScope is what a segment's nodes can be scoped by: a segment never
// changes, so it is counted once. Documents deleted since count on: a
// language or kind only they had passes the checks and matches nothing.
type segScope struct {
	once  sync.Once
	langs map[string]int
	kinds map[string]bool
}

func (s *segment) scope() *segScope {
	s.nodeScope.once.Do(func() {
		ss := &s.nodeScope
		ss.langs, ss.kinds = map[string]int{}, map[string]bool{}
		// By vocabulary id first, words and maps last: a map update a
		// node (1.25 M on the 25k-file corpus) was 40 ms of the first
		// filtered search.
		words := max(len(s.vocab), 1)
		named := make([]bool, words) // the id's word is not ""
		for id := range named {
			named[id] = s.word(uint16(id)) != ""
		}
		kinds := make([]bool, words)
		native := make([]bool, words)
		langs := make([]int, words)         // nodes of a language of their own
		docLang := make([]int, len(s.docs)) // nodes in their document's language
		for i := range s.nodes {
			n := &s.nodes[i]
			kinds[n.kindID] = true
			native[n.nativeKindID] = true
			if named[n.languageID] {
				langs[n.languageID]++
			} else {
				docLang[n.doc]++
			}
		}
		for id := range words {
			if kinds[id] || native[id] && named[id] {
				ss.kinds[s.word(uint16(id))] = true
			}
			if langs[id] > 0 {
				ss.langs[s.word(uint16(id))] += langs[id]
			}
		}
		for di, n := range docLang {
			if n > 0 {
				ss.langs[s.docs[di].Language] += n
			}
		}
	})
	return &s.nodeScope
}

// scope returns the view's scopeVocab: its live documents' facets, counted
// per view, and its segments' node languages and kinds.
func (v *view) scope() *scopeVocab {
	v.scopeCache.once.Do(func() {
		sv := &scopeVocab{facets: map[string]map[string]int{}, segs: v.segs}
		add := func(k, val string) {
			if sv.facets[k] == nil {
				sv.facets[k] = map[string]int{}
			}
			sv.facets[k][val]++
		}
		for si, s := range v.segs {
			for di := range s.docs {
				if !v.live(si, uint32(di)) {
					continue
				}
				eachFacet(&s.docs[di], add)
			}
		}
		v.scopeCache.vocab = sv
	})
	return v.scopeCache.vocab
}

// kindNames are treenav's kinds: the symbol kinds and those of markdown
// and files (a vocabulary for unknownValue, counted false).
var kindNames = func() map[string]int {
	names := map[string]int{}
	for _, k := range append(treenav.Kinds[:len(treenav.Kinds):len(treenav.Kinds)], treenav.KindSection, treenav.KindCode, treenav.KindFile) {
		names[string(k)] = 1
	}
	return names
}()

// normalizeLanguages rewrites language names as people write them
// ("golang", "py", "C++") to treenav's ("go", "python", "cpp").
func normalizeLanguages(langs []string) []string {
	if langs == nil {
		return nil
	}
	out := make([]string, len(langs))
	for i, l := range langs {
		out[i] = markdown.LanguageName(l)
	}
	return out
}

// checkKinds rejects kinds that are neither treenav's nor a language's own
// word for a kind that some node of the index has ("typedef", "impl").
func (sv *scopeVocab) checkKinds(kinds []string) error {
	for _, k := range kinds {
		if kindNames[k] == 0 && !sv.nodeScope().kinds[k] {
			return &BadRequestError{unknownValue("unknown kind", "kind", k, kindNames, false)}
		}
	}
	return nil
}

// checkLanguages rejects languages that nothing of the index is in and
// that are not language names at all. nodes says whether a symbol's or
// code block's own language counts (find_symbol) or only the document's
// (search filters).
func (sv *scopeVocab) checkLanguages(langs []string, nodes bool) error {
	for _, l := range langs {
		have, what := sv.facets["language"], "no document is in language"
		if nodes && have[l] == 0 {
			// A symbol or code block of its own language, in no
			// document of it (a fenced block).
			have, what = sv.nodeScope().nodeLangs, "no symbol or code block is in language"
		}
		if have[l] == 0 && !markdown.KnownLanguage(l) {
			return &BadRequestError{unknownValue(what, "language", l, have, true)}
		}
	}
	return nil
}

// checkFilters rejects facet keys and values that no document has when
// they look like a mistake for ones that exist (closestValue); kind is a
// node filter, checked by checkKinds, and language by checkLanguages.
func (sv *scopeVocab) checkFilters(filters map[string][]string) error {
	keys := make([]string, 0, len(filters))
	for k := range filters {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		var err error
		switch vals := filters[k]; k {
		case "kind":
			err = sv.checkKinds(vals)
		case "language":
			err = sv.checkLanguages(vals, false)
		case "collection":
			err = sv.checkCollections(vals)
		default:
			err = sv.checkFacet(k, vals)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// checkFacet rejects a frontmatter facet key, or a value of it, that no
// document has and that looks like a mistake for one that exists.
func (sv *scopeVocab) checkFacet(k string, vals []string) error {
	have, ok := sv.facets[k]
	if !ok {
		known := map[string]int{"kind": 1}
		for key, vs := range sv.facets {
			switch key {
			case "title", "description", "aliases": // free text, not worth listing
			default:
				known[key] = len(vs)
			}
		}
		if s := closestValue(k, known); s != "" {
			return &BadRequestError{fmt.Sprintf("no document has the facet %s (did you mean %q?); facets: %s",
				QuoteInput(k), s, strings.Join(sortedKeys(known), ", "))}
		}
		return unknownFacet(k, known)
	}
	for _, val := range vals {
		if have[val] == 0 && closestValue(val, have) != "" {
			return &BadRequestError{unknownValue(fmt.Sprintf("no document has %s", k), k, val, have, true)}
		}
	}
	return nil
}

// checkCollections rejects collections no document is in.
func (sv *scopeVocab) checkCollections(colls []string) error {
	for _, c := range colls {
		if sv.facets["collection"][c] == 0 {
			return &BadRequestError{unknownValue("no document is in collection", "collection", c, sv.facets["collection"], true)}
		}
	}
	return nil
}

// checkDocs rejects document ids that are not indexed, with the closest
// ones.
func (v *view) checkDocs(ids []string) error {
	for _, id := range ids {
		if _, _, ok := v.doc(id); !ok {
			return v.notFound("document", id)
		}
	}
	return nil
}

// scopeValuesShown bounds the values an error lists.
const scopeValuesShown = 12

// unknownValue says that nothing of the index has value for key (what:
// "no document has language"), with the closest value when val looks like
// a typo of one, and the values there are: the most common first with their
// counts, or all of them in order when have is a vocabulary (counted false).
func unknownValue(what, key, val string, have map[string]int, counted bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s", what, QuoteInput(val))
	if s := closestValue(val, have); s != "" {
		fmt.Fprintf(&b, " (did you mean %q?)", s)
	}
	if len(have) == 0 {
		b.WriteString("; the index has no documents yet")
		return b.String()
	}
	vals := make([]string, 0, len(have))
	for x := range have {
		vals = append(vals, x)
	}
	sort.Slice(vals, func(i, j int) bool {
		if counted && have[vals[i]] != have[vals[j]] {
			return have[vals[i]] > have[vals[j]]
		}
		return vals[i] < vals[j]
	})
	shown := len(vals)
	if counted {
		shown = min(shown, scopeValuesShown)
	}
	fmt.Fprintf(&b, "; %s values: ", key)
	for i, x := range vals[:shown] {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(x)
		if counted {
			b.WriteString(" (" + strconv.Itoa(have[x]) + ")")
		}
	}
	if len(vals) > shown {
		fmt.Fprintf(&b, ", and %d more", len(vals)-shown)
	}
	return b.String()
}

// closestValue returns the value of have that val looks like a typo or a
// different case of, or "".
func closestValue(val string, have map[string]int) string {
	lv := strings.ToLower(val)
	best, bestDist := "", max(2, len(val)/3)+1
	for x := range have {
		d := treenav.EditDistance(lv, strings.ToLower(x))
		if d < bestDist || d == bestDist && x < best {
			best, bestDist = x, d
		}
	}
	if best == "" && len(lv) >= 2 {
		// An abbreviation: "lang" for language.
		for x := range have {
			if strings.HasPrefix(strings.ToLower(x), lv) && (best == "" || len(x) < len(best) || len(x) == len(best) && x < best) {
				best = x
			}
		}
	}
	return best
}

// checkPathGlob rejects a path glob doublestar cannot match with, and
// one that matches no document where the same glob below the root would
// ("http/*.go" for net/http/server.go): globs start at the root, which is
// easy to forget. "" is no glob.
func (v *view) checkPathGlob(glob string) error {
	if glob == "" {
		return nil
	}
	if !doublestar.ValidatePattern(glob) {
		return &BadRequestError{"path glob " + QuoteInput(glob) + " is not a valid pattern"}
	}
	if slices.Contains(strings.Split(glob, "/"), "..") {
		return &BadRequestError{"path glob " + QuoteInput(glob) + " reaches outside the root: globs are relative to the root, which holds every indexed file"}
	}
	// Only a glob whose first part is a name the root does not have can
	// be such a mistake: the others are not looked further into.
	// A glob anchored at the root ("/etc/**", "./src") is read from
	// its first part after the anchor, as matchPathGlob reads it: an
	// absolute path of another tree is then a first part the root does
	// not have.
	rel, _ := unanchored(glob)
	first, _, _ := strings.Cut(rel, "/")
	if first == "" || first == "." || first == "**" || hasGlobMeta(first) || v.rootNames()[first] {
		return nil
	}
	below, matchedBelow := "**/"+rel, false
	for si, s := range v.segs {
		for di := range s.docs {
			if !v.live(si, uint32(di)) {
				continue
			}
			p := s.docs[di].Path
			if matchPathGlob(glob, p) {
				return nil
			}
			matchedBelow = matchedBelow || matchPathGlob(below, p)
		}
	}
	if matchedBelow {
		return &BadRequestError{fmt.Sprintf("path glob %s matches no file: globs start at the root (did you mean %s?)", QuoteInput(glob), QuoteInput(below))}
	}
	return outsideRoots(glob, v.rootNames())
}

// rootNames are the first parts of the view's documents' paths: the
// files and directories at its collections' roots.
func (v *view) rootNames() map[string]bool {
	c := &v.scopeCache
	c.rootsOnce.Do(func() {
		c.roots = map[string]bool{}
		v.eachDoc(func(d *docMeta) {
			first, _, _ := strings.Cut(d.Path, "/")
			c.roots[first] = true
		})
	})
	return c.roots
}

// globMeta are doublestar's special characters.
const globMeta = "*?[{\\"

// hasGlobMeta reports whether a glob has doublestar's special characters.
func hasGlobMeta(glob string) bool {
	return strings.ContainsAny(glob, globMeta)
}

// unanchored is glob without the leading "/" or "./" that anchors it at
// the root, and whether it had one.
func unanchored(glob string) (string, bool) {
	if strings.HasPrefix(glob, "/") || strings.HasPrefix(glob, "./") {
		return strings.TrimLeft(strings.TrimPrefix(glob, "."), "/"), true
	}
	return glob, false
}

// matchPathGlob reports whether path glob takes in the document at p
// (relative to its collection's root, with forward slashes), as
// gitignore and ripgrep read globs: when it matches p; when it names a
// directory p is under ("net/http" and "net/http/" as "net/http/**");
// when it has no '/' and matches p's base name ("*.go", "server.go"). A
// leading "/" or "./" is the root. Search and list (compileFilter's
// filter) and symbols all match with it.
func matchPathGlob(glob, p string) bool {
	glob, anchored := unanchored(glob)
	dir := strings.TrimRight(glob, "/")
	if anchored && dir == "" {
		return true // the root
	}
	base := !anchored && !strings.Contains(glob, "/")
	if !hasGlobMeta(glob) {
		// A plain path, most often a directory: no pattern matching.
		return p == glob || dir != "" && len(p) > len(dir) && p[len(dir)] == '/' && strings.HasPrefix(p, dir) ||
			base && path.Base(p) == glob
	}
	if base {
		if ok, _ := doublestar.Match(glob, path.Base(p)); ok {
			return true
		}
	} else if lit := glob[:strings.IndexAny(glob, globMeta)]; !strings.HasPrefix(p, lit) {
		return false // the common case, cheaply
	}
	if ok, _ := doublestar.Match(glob, p); ok {
		return true
	}
	if dir != "" {
		ok, _ := doublestar.Match(dir+"/**", p)
		return ok
	}
	return false
}
