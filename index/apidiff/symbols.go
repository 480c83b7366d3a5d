package apidiff

import (
	"hash/fnv"
	"runtime"
	"strings"
	"sync"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/parsers"
)

// symbol is one code symbol of one side of a diff.
type symbol struct {
	nodeID     string
	qualified  string // without a "~N" suffix
	kind       treenav.Kind
	language   string
	path       string
	line       int
	signature  string
	public     bool
	deprecated bool
	body       uint64 // a hash of the symbol's own text, children left out, spaces collapsed
}

// source is one file of one side, to outline.
type source struct {
	rel string
	src []byte
}

// outlined is what one side's file gave.
type outlined struct {
	doc     *treenav.Document
	symbols []symbol
	skip    string // why the file has no outline ("" when it has one)
}

// outlineAll parses the files on all CPUs and returns their symbols by path.
func outlineAll(files []source, filter func(rel string, src []byte) string) map[string]outlined {
	out := make(map[string]outlined, len(files))
	var mu sync.Mutex
	jobs := make(chan source)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for f := range jobs {
				o := outlineOne(f, filter)
				mu.Lock()
				out[f.rel] = o
				mu.Unlock()
			}
		}()
	}
	for _, f := range files {
		jobs <- f
	}
	close(jobs)
	wg.Wait()
	return out
}

func outlineOne(f source, filter func(rel string, src []byte) string) outlined {
	if parsers.Kind(f.rel, f.src) == "" {
		return outlined{skip: "unsupported"}
	}
	if filter != nil {
		if reason := filter(f.rel, f.src); reason != "" {
			return outlined{skip: reason}
		}
	}
	doc, err := parsers.Parse(f.rel, f.rel, f.src)
	if err != nil {
		return outlined{skip: "failed"}
	}
	return outlined{doc: doc, symbols: docSymbols(doc, f.src)}
}

// docSymbols lists a code document's symbols in document order. Markdown
// sections and code blocks are not API.
func docSymbols(d *treenav.Document, src []byte) []symbol {
	if d.ContentType != treenav.ContentCode {
		return nil
	}
	fileAPI := !parsers.IsTestPath(d.Path) && !parsers.IsInternalPath(d.Path)
	var syms []symbol
	for i := range d.Nodes {
		n := &d.Nodes[i]
		switch n.Kind {
		case treenav.KindFile, treenav.KindSection, treenav.KindCode:
			continue
		}
		if n.Name == "" {
			continue
		}
		lang := d.Language
		if n.Language != "" {
			lang = n.Language
		}
		q := n.QualifiedName
		if q == "" {
			q = stripOrdinal(n.Anchor)
		}
		syms = append(syms, symbol{
			nodeID:     d.NodeID(i),
			qualified:  q,
			kind:       n.Kind,
			language:   lang,
			path:       d.Path,
			line:       n.LineStart,
			signature:  n.Signature,
			public:     fileAPI && !parsers.IsPrivate(lang, n.Kind, n.Name, q, n.Signature),
			deprecated: parsers.IsDeprecated(src, n),
			body:       ownTextHash(d, i, src),
		})
	}
	return syms
}

// ownTextHash hashes node i's text without its children's, with runs of
// white space collapsed, so that a change inside a method is the method's
// change and not its class's, and re-indenting is no change.
func ownTextHash(d *treenav.Document, i int, src []byte) uint64 {
	n := &d.Nodes[i]
	h := fnv.New64a()
	start, end := int(n.ByteStart), int(n.ByteEnd)
	if end > len(src) || start > end {
		return 0
	}
	write := func(b []byte) {
		space := false
		for _, c := range b {
			if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
				space = true
				continue
			}
			if space {
				h.Write([]byte{' '})
				space = false
			}
			h.Write([]byte{c})
		}
	}
	at := start
	for _, c := range n.Children {
		cn := &d.Nodes[c]
		cs, ce := int(cn.ContentStart()), int(cn.ByteEnd)
		if cs < at || ce > end {
			continue
		}
		write(src[at:cs])
		at = ce
	}
	write(src[at:end])
	return h.Sum64()
}

// stripOrdinal removes the "~N" an id gives the second and later symbols
// of one name.
func stripOrdinal(anchor string) string {
	if i := strings.LastIndexByte(anchor, '~'); i > 0 {
		digits := anchor[i+1:]
		if digits != "" && strings.Trim(digits, "0123456789") == "" {
			return anchor[:i]
		}
	}
	return anchor
}
