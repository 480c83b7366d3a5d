package index

import (
	"path"
	"sort"
	"strings"
	"sync"
)

// esAliasTable is what a view keeps to find the other names a
// TypeScript or JavaScript definition is used under: the local names
// files bind imports to (var _tagTester = require('./_tagTester.js'),
// import isTypedArray from './isTypedArray.js', import {a as b}), by the
// stem of the module they import. Built on first use.
type esAliasTable struct {
	once   sync.Once
	byStem map[string][]string
}

// esAliases returns the names, other than the target's own, that
// references to a top-level definition of an ES module may carry: the
// local names of imports of a module whose stem is the file's (or its
// directory's, for an index file). They are candidates only: each
// reference found under them is resolved, and kept only if it resolves
// to the target.
func (q *refQuery) esAliases(tn nodeMeta, td *docMeta) []string {
	if langFamily(languageOf(td, tn)) != "es" || tn.parent < 0 || uint32(tn.parent) != td.nodeStart {
		return nil
	}
	t := q.v.esAliasTable()
	stem := esStem(td.Path)
	names := t.byStem[stem]
	if stem == "index" {
		names = append(append([]string(nil), names...), t.byStem[esStem(path.Dir(td.Path))]...)
	}
	var out []string
	if strings.HasPrefix(tn.signatureView(), "export default") {
		// export {default as b} from 'm': the reference is default.
		out = append(out, "default")
	}
	for _, n := range names {
		if n != tn.name() && !containsString(out, n) {
			out = append(out, n)
		}
	}
	return out
}

func (v *view) esAliasTable() *esAliasTable {
	t := &v.refCache.esAlias
	t.once.Do(func() {
		t.byStem = map[string][]string{}
		seen := map[string]bool{}
		for si, s := range v.segs {
			for di := range s.docs {
				d := &s.docs[di]
				if d.refs == nil || langFamily(d.Language) != "es" || !v.live(si, uint32(di)) {
					continue
				}
				for _, im := range d.refs.imports() {
					// Imports, and re-exports (export {default as b} from 'm');
					// not const {a: b} = require('m'), whose b is a variable
					// of its own to the language service, not an alias of a.
					if im.Export && im.Path == "" || im.Pattern || im.Alias == "" || im.Alias == "=" || im.Alias == "*" {
						continue
					}
					stem := esStem(im.Path)
					if stem == "" || seen[stem+"\x00"+im.Alias] {
						continue
					}
					seen[stem+"\x00"+im.Alias] = true
					t.byStem[stem] = append(t.byStem[stem], im.Alias)
				}
			}
		}
		for k := range t.byStem {
			sort.Strings(t.byStem[k])
		}
	})
	return t
}

// esStem is a module path's last part without its extensions
// ("./_tagTester.js" is _tagTester, "lib/index.d.ts" index); "" for ".",
// "..".
func esStem(p string) string {
	b := path.Base(p)
	if b == "." || b == ".." || b == "/" {
		return ""
	}
	for {
		cut := false
		for _, e := range esExtensions {
			if s, ok := strings.CutSuffix(b, e); ok && s != "" {
				b, cut = s, true
				break
			}
		}
		if !cut {
			return b
		}
	}
}

func containsString(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}
