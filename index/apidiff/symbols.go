package apidiff

import (
	"hash/fnv"
	"strings"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/parsers"
)

// docSymbols lists a code document's symbols in document order. Markdown
// sections and code blocks are not API.
func docSymbols(d *treenav.Document, src []byte) []Symbol {
	if d.ContentType != treenav.ContentCode {
		return nil
	}
	fileAPI := !parsers.IsTestPath(d.Path) && !parsers.IsInternalPath(d.Path)
	var syms []Symbol
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
		syms = append(syms, Symbol{
			NodeID:     d.NodeID(i),
			Qualified:  q,
			Kind:       n.Kind,
			Language:   lang,
			Path:       d.Path,
			Line:       n.LineStart,
			Signature:  n.Signature,
			Public:     fileAPI && !parsers.IsPrivate(lang, n.Kind, n.Name, q, n.Signature),
			Deprecated: parsers.IsDeprecated(src, n),
			Body:       ownTextHash(d, i, src),
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
