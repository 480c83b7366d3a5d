package code

import (
	"bytes"
)

// commentAbove finds the run of comments that ends directly above start
// (on the line before it, or before it on its own line) by reading the
// text, not the tree: the start of the first comment of the run, or -1.
// A run is made of "//" lines and "/* */" blocks that each begin their
// line; a blank line ends it, and so does a comment that trails code.
//
// Grammars do not always keep the comment above a declaration as its
// previous sibling: Kotlin's folds the comment after the last import into
// the import list, and Scala's keeps the comment after an indented body
// (Scala 3 braceless syntax) inside that body. The text says what the
// reader sees, whatever the tree did with it.
func commentAbove(src []byte, start uint32) int {
	first := -1
	pos := int(start)
	for {
		i := pos
		for i > 0 && (src[i-1] == ' ' || src[i-1] == '\t') {
			i--
		}
		if i > 0 && src[i-1] != '\n' {
			// Text before the definition on its line: only a block
			// comment may end there ("/** Reads. */ GET").
			c := blockCommentEnding(src, i)
			if c < 0 {
				return first
			}
			first, pos = c, c
			continue
		}
		if i == 0 {
			return first
		}
		// The line above.
		end := i - 1 // the '\n'
		ls := bytes.LastIndexByte(src[:end], '\n') + 1
		line := bytes.TrimSpace(src[ls:end])
		switch {
		case len(line) == 0:
			return first
		case bytes.HasPrefix(line, []byte("//")):
			first = ls + bytes.Index(src[ls:end], []byte("//"))
			pos = first
		case bytes.HasSuffix(line, []byte("*/")):
			e := ls + bytes.LastIndex(src[ls:end], []byte("*/")) + 2
			c := blockCommentEnding(src, e)
			if c < 0 {
				return first
			}
			first, pos = c, c
		default:
			return first
		}
	}
}

// blockCommentEnding returns the start of the block comment that ends at
// end ("*/" just before it) when that comment begins its line, else -1.
// Nested comments (Kotlin, Scala and Swift allow them) are rare in docs
// and not followed.
func blockCommentEnding(src []byte, end int) int {
	if end < 2 || !bytes.HasSuffix(src[:end], []byte("*/")) {
		return -1
	}
	open := bytes.LastIndex(src[:end-2], []byte("/*"))
	if open < 0 {
		return -1
	}
	ls := bytes.LastIndexByte(src[:open], '\n') + 1
	if len(bytes.TrimSpace(src[ls:open])) > 0 {
		return -1
	}
	return open
}

// setTextDoc replaces the symbol's doc with the comment run above its
// start as commentAbove finds it (clean applies language-specific
// cleaning, such as C#'s XML tags; nil keeps the generic cleaning).
func setTextDoc(s *Symbol, src []byte, clean func(string) string) {
	if s.docInside[1] != 0 {
		return // a doc inside the definition (none of these languages)
	}
	c := commentAbove(src, s.Start)
	if c < 0 {
		s.DocStart, s.DocRow, s.Doc = s.Start, s.StartRow, ""
		return
	}
	s.DocStart = uint32(c)
	s.DocRow = s.StartRow - uint32(bytes.Count(src[c:s.Start], []byte("\n")))
	s.Doc = cleanDoc(string(src[c:s.Start]))
	if clean != nil {
		s.Doc = clean(s.Doc)
	}
}
