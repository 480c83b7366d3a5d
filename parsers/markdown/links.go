package markdown

import (
	"net/url"
	"path"
	"sort"
	"strings"

	"github.com/yuin/goldmark/ast"

	"github.com/treenav/treenav"
)

// Link kinds.
const (
	LinkMarkdown = "markdown" // [text](relative/path.md)
	LinkWiki     = "wiki"     // [[target]] or [[target|label]]
	LinkEmbed    = "embed"    // ![[target]]
	// LinkDoc is a link to another document written by a reStructuredText
	// or AsciiDoc file (:doc:, toctree entries, include, xref:): a path
	// relative to the collection root, resolved as a markdown link is,
	// also with the document extensions when it has none.
	LinkDoc = "doc"
)

// docExtensions are tried, in order, on a link target without an
// extension.
var docExtensions = []string{".md", ".mdx", ".markdown", ".rst", ".rest", ".txt", ".adoc", ".asciidoc"}

// markdownLink records a relative link; external URLs (any scheme, or
// "//host"), mailto: and links to a fragment of the same page are dropped.
func (b *builder) markdownLink(n *ast.Link, body []byte) {
	target, ok := resolveRelative(b.rel, string(unescapePunct(n.Destination)))
	if !ok {
		return
	}
	l := treenav.Link{Target: target, Kind: LinkMarkdown}
	if label := plain(inlineText(n, body, true)); label != target {
		l.Label = label
	}
	b.links = append(b.links, linkAt{b.abs(n.Pos()), l})
}

// resolveRelative turns a link destination written in the file rel into a
// path relative to the collection root. It reports false for external and
// same-page links and for paths that leave the collection.
func resolveRelative(rel, dest string) (string, bool) {
	dest = strings.TrimSpace(dest)
	if i := strings.IndexAny(dest, "#?"); i >= 0 {
		dest = dest[:i]
	}
	if dest == "" || strings.HasPrefix(dest, "//") || hasScheme(dest) {
		return "", false
	}
	if u, err := url.PathUnescape(dest); err == nil {
		dest = u
	}
	dest = strings.ReplaceAll(dest, "\\", "/")
	var p string
	if strings.HasPrefix(dest, "/") {
		p = path.Clean(strings.TrimLeft(dest, "/"))
	} else {
		p = path.Join(path.Dir(rel), dest)
	}
	if p == "." || p == ".." || strings.HasPrefix(p, "../") {
		return "", false
	}
	return p, true
}

// hasScheme reports whether s starts with a URL scheme ("https:",
// "mailto:"): a letter, then letters, digits, "+", "-" or ".", then ":".
func hasScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return true
		default:
			return false
		}
	}
	return false
}

// wikiTarget is a wiki link's target without the heading or block it points
// into ([[Note#Heading]], [[Note^block]]).
func wikiTarget(t string) string {
	if i := strings.IndexAny(t, "#^"); i >= 0 {
		t = t[:i]
	}
	return strings.TrimSpace(t)
}

// Resolve checks the links of one collection's markdown documents against
// the collection. exists reports whether a path (relative to the collection
// root) is a file of the collection, markdown or not.
//
// Markdown links are kept when their target exists; a target without an
// extension also matches "<target>.md", ".mdx" or ".markdown" (doc sites
// link that way). Wiki links and embeds are resolved to a document path by
// path, then file name (with or without its markdown extension), then
// title, then alias, all case-insensitive; among several candidates the
// one in the linking document's folder wins, then the shortest path. An
// embed of a non-markdown file resolves when the file exists. Links that do
// not resolve are dropped. A resolved wiki link keeps what was written as
// its Label.
func Resolve(docs []*treenav.Document, exists func(rel string) bool) {
	r := newResolver(docs, exists)
	for _, d := range docs {
		for i := range d.Nodes {
			n := &d.Nodes[i]
			if len(n.Links) == 0 {
				continue
			}
			kept := n.Links[:0]
			for _, l := range n.Links {
				if t, ok := r.resolve(d.Path, l); ok {
					if l.Kind != LinkMarkdown && l.Kind != LinkDoc && l.Label == "" && t != l.Target {
						l.Label = l.Target
					}
					l.Target = t
					kept = append(kept, l)
				}
			}
			n.Links = kept
		}
	}
}

type resolver struct {
	exists  func(string) bool
	paths   map[string]bool     // document paths
	byLower map[string][]string // lowercased path, with and without its extension
	byName  map[string][]string // lowercased file name, with and without its extension
	byTitle map[string][]string // lowercased title
	byAlias map[string][]string // lowercased alias
}

func newResolver(docs []*treenav.Document, exists func(string) bool) *resolver {
	r := &resolver{exists: exists, paths: map[string]bool{}, byLower: map[string][]string{},
		byName: map[string][]string{}, byTitle: map[string][]string{}, byAlias: map[string][]string{}}
	for _, d := range docs {
		p := d.Path
		r.paths[p] = true
		low := strings.ToLower(p)
		r.byLower[low] = append(r.byLower[low], p)
		base := strings.ToLower(path.Base(p))
		r.byName[base] = append(r.byName[base], p)
		if Match(base) {
			stem := strings.TrimSuffix(base, path.Ext(base))
			r.byName[stem] = append(r.byName[stem], p)
			noExt := strings.TrimSuffix(low, path.Ext(low))
			r.byLower[noExt] = append(r.byLower[noExt], p)
		}
		if d.Title != "" {
			t := strings.ToLower(d.Title)
			r.byTitle[t] = append(r.byTitle[t], p)
		}
		for _, a := range d.Facets["aliases"] {
			a = strings.ToLower(a)
			r.byAlias[a] = append(r.byAlias[a], p)
		}
	}
	return r
}

func (r *resolver) has(p string) bool {
	return r.paths[p] || r.exists != nil && r.exists(p)
}

func (r *resolver) resolve(from string, l treenav.Link) (string, bool) {
	switch l.Kind {
	case LinkMarkdown, LinkDoc:
	case LinkWiki, LinkEmbed:
	default:
		return "", false // a mention of code or a label, not of a document
	}
	if l.Kind == LinkMarkdown || l.Kind == LinkDoc {
		if r.has(l.Target) {
			return l.Target, true
		}
		if path.Ext(l.Target) == "" || l.Kind == LinkDoc {
			for _, ext := range docExtensions {
				if r.has(l.Target + ext) {
					return l.Target + ext, true
				}
			}
		}
		return "", false
	}
	t := strings.TrimSpace(l.Target)
	if t == "" {
		return "", false
	}
	low := strings.ToLower(strings.TrimPrefix(path.Clean("/"+t), "/"))
	dir := path.Dir(from)
	// A path: from the root or from the linking document's folder.
	if strings.Contains(t, "/") {
		for _, cand := range []string{low, strings.ToLower(path.Join(dir, t))} {
			if ps := r.byLower[cand]; len(ps) > 0 {
				return pick(ps, dir), true
			}
		}
	}
	if ps := r.byName[strings.ToLower(path.Base(t))]; len(ps) > 0 {
		return pick(ps, dir), true
	}
	if ps := r.byTitle[strings.ToLower(t)]; len(ps) > 0 {
		return pick(ps, dir), true
	}
	if ps := r.byAlias[strings.ToLower(t)]; len(ps) > 0 {
		return pick(ps, dir), true
	}
	// Embeds of images and other files that are not documents.
	if l.Kind == LinkEmbed {
		for _, cand := range []string{path.Join(dir, t), strings.TrimPrefix(path.Clean("/"+t), "/")} {
			if r.exists != nil && r.exists(cand) {
				return cand, true
			}
		}
	}
	return "", false
}

// pick chooses among documents of the same name: the one in dir, then the
// shortest path, then the first in path order.
func pick(ps []string, dir string) string {
	best := ""
	for _, p := range ps {
		if best == "" || better(p, best, dir) {
			best = p
		}
	}
	return best
}

func better(a, b, dir string) bool {
	ia, ib := path.Dir(a) == dir, path.Dir(b) == dir
	if ia != ib {
		return ia
	}
	da, db := strings.Count(a, "/"), strings.Count(b, "/")
	if da != db {
		return da < db
	}
	return a < b
}

// Backlinks returns, for each document path that links point to, the links
// pointing to it with their Source set to the linking document's path,
// ordered by source and line. Call it after Resolve.
func Backlinks(docs []*treenav.Document) map[string][]treenav.Link {
	out := map[string][]treenav.Link{}
	for _, d := range docs {
		for _, n := range d.Nodes {
			for _, l := range n.Links {
				l.Source = d.Path
				out[l.Target] = append(out[l.Target], l)
			}
		}
	}
	for _, ls := range out {
		sort.SliceStable(ls, func(i, j int) bool {
			if ls[i].Source != ls[j].Source {
				return ls[i].Source < ls[j].Source
			}
			return ls[i].Line < ls[j].Line
		})
	}
	return out
}
