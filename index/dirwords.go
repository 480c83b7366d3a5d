package index

import (
	"path"
	"strings"
	"sync"

	"github.com/treenav/treenav/index/analysis"
)

// Directory words. A query of a package's path as words ("os exec",
// "encoding json", "net url") asks about that package, and ranked like any
// other words it found what those words name elsewhere: "os exec" led
// with cmd/go's toolchain.Exec and cmd/internal/script's Exec, "encoding
// json" with MarshalJSON methods across the tree. Two to four
// consecutive words of a query that spell the tail of a directory of the
// view, joined by slashes, or of a file's path without its extension (a
// Python or JavaScript module: "json decoder"), multiply the scores of
// the nodes of the documents directly in such a directory, or of that
// file, by 1 + Ranking.DirWordsBonus (standing): the package's symbols
// come first, ranked among themselves as before.

// dirTable is a view's directories, and its files' paths without their
// extensions, by their tails of two to maxDirWords components (lowercased,
// "os/exec" of "src/os/exec", "json/decoder" of "json/decoder.py"): the
// live documents directly in a directory ending so, or so named. Built on
// first use.
type dirTable struct {
	once  sync.Once
	tails map[string][]docRef
}

// maxDirWords is the most words a directory phrase spans.
const maxDirWords = 4

// dirDocs is, by segment, the documents in a directory the query's words
// spell (nil when they spell none; a segment's entry is nil when it holds
// none).
func (v *view) dirDocs(q *analysis.Query) []bitset {
	var words []string
	for _, w := range q.Words {
		words = append(words, strings.ToLower(w.Text))
	}
	if len(words) < 2 {
		return nil
	}
	t := v.dirTails()
	var out []bitset
	for i := range words {
		for j := i + 2; j <= min(len(words), i+maxDirWords); j++ {
			for _, d := range t[strings.Join(words[i:j], "/")] {
				if out == nil {
					out = make([]bitset, len(v.segs))
				}
				if out[d.seg] == nil {
					out[d.seg] = make(bitset, (len(v.segs[d.seg].docs)+63)/64)
				}
				out[d.seg].set(d.doc)
			}
		}
	}
	return out
}

// dirTails is the view's dirTable, built on first use.
func (v *view) dirTails() map[string][]docRef {
	t := &v.dirs
	t.once.Do(func() {
		t.tails = map[string][]docRef{}
		for si, s := range v.segs {
			for di := range s.docs {
				if !v.live(si, uint32(di)) {
					continue
				}
				p := strings.ToLower(s.docs[di].Path)
				ref := docRef{uint32(si), uint32(di)}
				// Its directory's tails, and those of its path without
				// the extension: a Python or JavaScript module is a
				// file ("json decoder" for json/decoder.py).
				parts := strings.Split(path.Dir(p), "/")
				for k := max(0, len(parts)-maxDirWords); k+2 <= len(parts); k++ {
					tail := strings.Join(parts[k:], "/")
					t.tails[tail] = append(t.tails[tail], ref)
				}
				if stem := strings.TrimSuffix(p, path.Ext(p)); stem != p {
					parts := strings.Split(stem, "/")
					for k := max(0, len(parts)-maxDirWords); k+2 <= len(parts); k++ {
						tail := strings.Join(parts[k:], "/")
						if l := t.tails[tail]; len(l) == 0 || l[len(l)-1] != ref {
							t.tails[tail] = append(l, ref)
						}
					}
				}
			}
		}
	})
	return t.tails
}
