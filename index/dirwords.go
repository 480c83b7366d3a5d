package index

import (
	"strings"
	"sync"
	"sync/atomic"

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

// dirTable is a segment's directories, and its files' paths without
// their extensions, by their tails of two to maxDirWords components
// (lowercased, "os/exec" of "src/os/exec", "json/decoder" of
// "json/decoder.py"): the documents directly in a directory ending so,
// or so named. A segment never changes, so its table is built once, on
// the first query that spells two words, and serves every view that
// holds the segment: an update builds only its new segment's.
type dirTable struct {
	once  sync.Once
	tails map[string][]uint32
	built atomic.Bool // tails is made
}

// maxDirWords is the most words a directory phrase spans.
const maxDirWords = 4

// dirDocs is, by segment, the live documents in a directory (or module
// file) the query's words spell (nil when they spell none; a segment's
// entry is nil when it holds none).
func (v *view) dirDocs(q *analysis.Query) []bitset {
	if len(q.Words) < 2 {
		return nil
	}
	words := make([]string, len(q.Words))
	for i, w := range q.Words {
		words[i] = strings.ToLower(w.Text)
	}
	var phrases []string
	for i := range words {
		for j := i + 2; j <= min(len(words), i+maxDirWords); j++ {
			phrases = append(phrases, strings.Join(words[i:j], "/"))
		}
	}
	// The segments' tables, those not built yet on every core.
	for _, s := range v.segs {
		if !s.dirs.built.Load() {
			onSegments(len(v.segs), v.segmentWorkers(), func(int) func(int) {
				return func(si int) { v.segs[si].dirTails() }
			})
			break
		}
	}
	var out []bitset
	for si, s := range v.segs {
		t := s.dirTails()
		for _, p := range phrases {
			for _, di := range t[p] {
				if !v.live(si, di) {
					continue
				}
				if out == nil {
					out = make([]bitset, len(v.segs))
				}
				if out[si] == nil {
					out[si] = make(bitset, (len(s.docs)+63)/64)
				}
				out[si].set(di)
			}
		}
	}
	return out
}

// dirTails is the segment's dirTable, built on first use. A tail is a
// substring of the document's lowercased path: no string is made for it.
func (s *segment) dirTails() map[string][]uint32 {
	t := &s.dirs
	t.once.Do(func() {
		t.tails = map[string][]uint32{}
		var dir string     // the last document's directory, lowercased
		var lists []string // its tails
		for di := range s.docs {
			p := strings.ToLower(s.docs[di].Path)
			slash := strings.LastIndexByte(p, '/')
			if slash < 0 {
				continue // at the root: no tail of two components
			}
			// Its directory's tails, computed once for the documents of
			// one directory in a row.
			if d := p[:slash]; d != dir {
				dir, lists = d, tailsOf(d, lists[:0])
			}
			for _, tail := range lists {
				t.tails[tail] = append(t.tails[tail], uint32(di))
			}
			// Its path without the extension: a Python or JavaScript
			// module is a file ("json decoder" for json/decoder.py).
			if dot := strings.LastIndexByte(p[slash:], '.'); dot > 1 {
				for _, tail := range tailsOf(p[:slash+dot], nil) {
					t.tails[tail] = append(t.tails[tail], uint32(di))
				}
			}
		}
		t.built.Store(true)
	})
	return t.tails
}

// tailsOf appends to dst the tails of path p of two to maxDirWords
// components, each a substring of p.
func tailsOf(p string, dst []string) []string {
	n := 0 // the components after the slash at i
	for i := len(p) - 1; i >= 0; i-- {
		if p[i] != '/' {
			continue
		}
		if n++; n > maxDirWords {
			return dst
		}
		if n >= 2 {
			dst = append(dst, p[i+1:])
		}
	}
	if n+1 >= 2 && n+1 <= maxDirWords {
		dst = append(dst, p) // the whole path, n+1 components
	}
	return dst
}
