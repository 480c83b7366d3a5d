package index

import (
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/treenav/treenav"
)

// nodeSigs are a node's name signatures (nodeHot.name and qual).
func nodeSigs(n nodeMeta) (name, qual uint32) {
	switch {
	case n.kind() == treenav.KindSection:
		return nameSig(headingWords(n.title())), 0
	case n.kind() == treenav.KindFile || n.name() == "":
		return 0, 0
	}
	name = nameSig(n.name())
	if qn := qualifiedName(n); qn != n.name() {
		qual = nameSig(qn)
	}
	return name, qual
}

// nameSig hashes a name for the name-match filter: FNV-1a over its runes
// folded to one case (each rune's smallest simple-fold equivalent, so
// strings equal under strings.EqualFold hash alike), skipping '_' and '.'.
// It is never 0.
//
// nameMatch compares the query with a name as typed, up to case, without
// underscores, or without dots; every one of those equalities survives
// this hash, so a node whose signatures differ from the query's
// (querySigs) cannot match, and nameMatch need not read it.
func nameSig(s string) uint32 { return sigSkipping(s, false) }

// wordsSig is nameSig of s with its spaces removed too: the signature of
// a query's words run together ("read text" as "readtext").
func wordsSig(s string) uint32 { return sigSkipping(s, true) }

func sigSkipping(s string, spaces bool) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); {
		c := rune(s[i])
		size := 1
		if c >= utf8.RuneSelf {
			c, size = utf8.DecodeRuneInString(s[i:])
			c = foldRune(c)
		} else if 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		}
		i += size
		if c == '_' || c == '.' || spaces && c == ' ' {
			continue
		}
		for ; c != 0; c >>= 8 {
			h = (h ^ uint32(c&0xff)) * 16777619
		}
		h = (h ^ 0xff) * 16777619 // rune boundary
	}
	return h | 1
}

// foldRune is the smallest rune of r's simple-fold orbit ('K' for 'k' and
// the Kelvin sign): strings.EqualFold equates runes of one orbit.
func foldRune(r rune) rune {
	m := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		m = min(m, f)
	}
	return m
}

// headingWords is a heading as nameMatch compares it with a query's title
// words: lowercased, reduced to its words (runs of letters, digits and
// underscores) joined by single spaces.
func headingWords(heading string) string {
	var b strings.Builder
	inWord := false
	for _, r := range heading {
		lr := unicode.ToLower(r)
		if !unicode.IsLetter(lr) && !unicode.IsDigit(lr) && lr != '_' {
			inWord = false
			continue
		}
		if !inWord {
			inWord = true
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
		}
		b.WriteRune(lr)
	}
	return b.String()
}

// querySigs are a query's signatures for the name-match filter: of the
// query as typed, of its identifier (the key nameMatch folds names to)
// and of its title words; of its last path element, for a file name; and
// in tails, for a dotted query the whole of it and what follows each of
// its dots ("Server.Shutdown" and "Shutdown" of "http.Server.Shutdown":
// the names a module qualifier can precede), and for several words the
// last one to three run together (a name qualifiedEnd may accept).
type querySigs struct {
	raw, key, title uint32
	tails           []uint32
	file            uint32 // of the query's last path element, if it may name a file
}

func newQuerySigs(raw, dotted, key, title string) querySigs {
	var q querySigs
	if raw = strings.TrimSpace(raw); raw != "" {
		q.raw = nameSig(raw)
	}
	if raw != "" && strings.ContainsAny(raw, "./") && !strings.ContainsAny(raw, " \t") {
		q.file = nameSig(path.Base(raw))
	}
	if dotted != "" {
		q.tails = append(q.tails, nameSig(dotted))
	}
	for i := 0; i < len(dotted); i++ {
		if dotted[i] == '.' && i+1 < len(dotted) {
			q.tails = append(q.tails, nameSig(dotted[i+1:]))
		}
	}
	if key != "" {
		q.key = nameSig(key)
	}
	if title != "" {
		q.title = nameSig(title)
		// The query's last one to three words, for a symbol named by
		// the end of its qualified name (qualifiedEnd).
		for k, i := 1, len(title); k <= 3; k++ {
			if i = strings.LastIndexByte(title[:i], ' '); i < 0 {
				break
			}
			q.tails = append(q.tails, wordsSig(title[i+1:]))
		}
		// The query without one inner word, for gappedName.
		eachGapped(title, func(rest string) bool {
			q.tails = append(q.tails, wordsSig(rest))
			return false
		})
	}
	return q
}

// eachGapped calls fn with a title of three or four words without each of
// its inner words in turn ("read file" for "read entire file"), then
// without its last word ("parse duration" for "parse duration string"),
// until fn returns true, and reports whether it did.
func eachGapped(title string, fn func(rest string) bool) bool {
	if n := strings.Count(title, " "); n < 2 || n > 3 {
		return false
	}
	for i := strings.IndexByte(title, ' '); ; {
		j := strings.IndexByte(title[i+1:], ' ')
		if j < 0 {
			return fn(title[:i]) // without the last word
		}
		j += i + 1 // title[i+1:j] is an inner word
		if fn(title[:i] + title[j:]) {
			return true
		}
		i = j
	}
}

// mayMatch reports whether nameMatch can be non-zero for a node: false
// only when none of the node's signatures is one of the query's.
func (q *querySigs) mayMatch(h *nodeHot) bool {
	if h.name == 0 {
		return false
	}
	if h.name == q.key || h.name == q.raw || h.name == q.title || h.name == q.file ||
		h.qual != 0 && (h.qual == q.key || h.qual == q.raw) {
		return true
	}
	for _, t := range q.tails {
		if h.name == t || h.qual == t {
			return true
		}
	}
	return false
}
