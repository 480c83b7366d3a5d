package code

import (
	"bytes"
	"regexp"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/protobuf"
)

func init() {
	Register(&Language{
		Name:         "protobuf",
		Extensions:   []string{".proto"},
		Grammar:      protobuf.GetLanguage,
		CommentTypes: []string{"comment"},
		Repair:       protobufRepair,
		Fixup:        protobufFixup,
	})
}

// protobufFixup writes signatures without bodies and options blocks
// ("rpc Get(GetRequest) returns (Object)", "repeated int64 sizes = 2
// [packed = true]"), and handles what protobufRepair rewrote: an "extend"
// block parsed as a message is dropped (its fields stay, with native kind
// "extension"), and names are read back from the original text.
func protobufFixup(s *Symbol, src []byte) {
	n := s.Node
	switch n.Type() {
	case "message":
		switch {
		case bytes.HasPrefix(src[n.StartByte():], []byte("extend")):
			s.Name = "" // an extend block: not a definition of its own
			return
		case !bytes.HasPrefix(src[n.StartByte():], []byte("message")):
			s.NativeKind = "group" // "optional group Result = 1 {"
			for i := 0; i < int(n.NamedChildCount()); i++ {
				if c := n.NamedChild(i); c.Type() == "message_body" {
					s.Signature = signature(src[n.StartByte():c.StartByte()])
				}
			}
		}
	case "service":
		if c := lastChildOfType(n, "{"); c != nil {
			s.Signature = signature(src[n.StartByte():c.StartByte()])
		}
	case "rpc":
		// Up to the closing parenthesis of the response type.
		if c := lastChildOfType(n, ")"); c != nil {
			s.Signature = tidySignature(signature(src[n.StartByte():c.EndByte()]))
		}
	case "field", "map_field", "oneof_field", "enum_field":
		s.Signature = strings.TrimSpace(strings.TrimSuffix(signature(src[n.StartByte():n.EndByte()]), ";"))
		if n.Type() == "field" && protobufInExtend(n, src) {
			s.NativeKind = "extension"
		}
	case "oneof":
		if c := lastChildOfType(n, "{"); c != nil {
			s.Signature = signature(src[n.StartByte():c.StartByte()])
		}
	case "package":
		s.Signature = strings.TrimSpace(strings.TrimSuffix(s.Signature, ";"))
		s.Name = strings.Join(strings.Fields(s.Name), "")
	}
}

// protobufInExtend reports whether a field is in an extend block (parsed
// as a message after protobufRepair).
func protobufInExtend(n *sitter.Node, src []byte) bool {
	body := n.Parent()
	if body == nil || body.Type() != "message_body" {
		return false
	}
	msg := body.Parent()
	return msg != nil && msg.Type() == "message" && bytes.HasPrefix(src[msg.StartByte():], []byte("extend"))
}

// The bundled grammar knows proto3 only. protobufRepair mends, on a copy
// of the same length, the proto2 and editions syntax it does not know, so
// that the rest of such a file parses:
//
//   - the grammar requires a first statement syntax = "proto3": one that
//     says "proto2" and an edition = "2023" are rewritten to it, and a
//     file without one (proto2 by default) gets it written over the start
//     of its first comment, or over an import or option statement;
//   - "required" labels become "optional" (same length);
//   - "extensions 100 to max;" statements are blanked;
//   - "extend google.protobuf.FieldOptions {" becomes a message (the name
//     loses its first character to make room for "message"), which
//     protobufFixup drops, keeping its fields;
//   - a group ("optional group Result = 1 {") becomes a message of that
//     name, with native kind "group";
//   - adjacent string literals ("a," "b", which options split over lines)
//     are concatenated by the compiler but not by the grammar: all but the
//     first are blanked;
//   - "reserved" statements and option lists in enums, which the grammar
//     rejects in some forms, are blanked (they define nothing).
//
// Rewrites are anchored at the start of a line, so text in comments and
// strings is rarely touched, and never in a way that moves a line.
func protobufRepair(src []byte, _ *sitter.Node) []byte {
	out := bytes.Clone(src)
	changed := false
	blank := func(a, b int) {
		blankLines(out, a, b)
		changed = true
	}
	if m := protoSyntaxStmt.FindIndex(src); m != nil {
		if !protoSyntax3.Match(src[m[0]:m[1]]) {
			blank(m[0], m[1])
			copy(out[m[0]:], protoSyntaxLine)
		}
	} else if at, end, text := protoSyntaxRoom(src); at >= 0 {
		blank(at, end)
		copy(out[at:], text)
	}
	for _, m := range protoRequired.FindAllSubmatchIndex(src, -1) {
		copy(out[m[2]:m[3]], "optional")
		changed = true
	}
	for _, m := range protoExtensions.FindAllSubmatchIndex(src, -1) {
		blank(m[2], m[3])
	}
	for _, m := range protoExtend.FindAllSubmatchIndex(src, -1) {
		start, name := m[2], src[m[6]:m[7]]
		if len(name) < 2 {
			continue
		}
		// "extend " + name → "message " + name[1:] with dots as
		// underscores: no longer, and a valid message name.
		repl := []byte("message ")
		for _, c := range name[1:] {
			if c == '.' {
				c = '_'
			}
			repl = append(repl, c)
		}
		blank(start, m[7])
		copy(out[start:], repl)
	}
	for _, m := range protoGroup.FindAllSubmatchIndex(src, -1) {
		// "optional group Extra = 3 {" → "message        Extra       {"
		blank(m[2], m[4])
		copy(out[m[2]:], "message")
		blank(m[5], m[1]-1)
	}
	prev := -1 // end of the previous string literal
	for _, m := range protoString.FindAllIndex(src, -1) {
		if prev >= 0 && len(bytes.TrimSpace(src[prev:m[0]])) == 0 {
			blank(m[0], m[1]) // "a" "b": the grammar knows no concatenation
		}
		prev = m[1]
	}
	for _, m := range protoReserved.FindAllSubmatchIndex(src, -1) {
		blank(m[2], m[3])
	}
	if !changed {
		return nil
	}
	return out
}

var (
	protoSyntaxStmt = regexp.MustCompile(`(?m)^(?:syntax|edition)[ \t]*=[ \t]*(?:"[^"\n]*"|'[^'\n]*')[ \t]*;`)
	protoSyntax3    = regexp.MustCompile(`^syntax[ \t]*=[ \t]*"proto3"`)
	protoRequired   = regexp.MustCompile(`(?m)^[ \t]*(required)[ \t]`)
	protoExtensions = regexp.MustCompile(`(?m)^[ \t]*(extensions[^;{}\n]*;)`)
	protoExtend     = regexp.MustCompile(`(?m)^[ \t]*(extend)([ \t]+)(\.?[A-Za-z_][\w.]*)[ \t]*\{`)
	protoFirstItem  = regexp.MustCompile(`(?m)^[ \t]*(?:package|import|option|message|enum|service|extend)\b`)
	protoGroup      = regexp.MustCompile(`(?m)^[ \t]*((?:optional|required|repeated)[ \t]+group[ \t]+)([A-Za-z_]\w*)[ \t]*=[ \t]*\d+[ \t]*(?:\[[^\]\n]*\][ \t]*)?\{`)
	protoString     = regexp.MustCompile(`"(?:[^"\\\n]|\\.)*"`)
	protoReserved   = regexp.MustCompile(`(?m)^[ \t]*(reserved[^;{}\n]*;)`)
)

// protoSyntaxLine is written over a syntax statement the grammar does not
// accept, or in the room protoSyntaxRoom finds; it is never longer than
// what it replaces.
const protoSyntaxLine = `syntax="proto3";`

// protoSyntaxRoom finds where a file without a syntax statement can get
// one, before its first statement: over the start of a comment line long
// enough to reopen the comment after it ("syntax="proto3";//" over "//
// Copyright ..."), or over a whole import or option statement that comes
// first. It returns the range to blank and the text to write at its
// start, or -1.
func protoSyntaxRoom(src []byte) (int, int, string) {
	limit := len(src)
	m := protoFirstItem.FindIndex(src)
	if m != nil {
		limit = m[0]
	}
	if at, opener := protoCommentLineStart(src, limit); at >= 0 {
		return at, at + len(protoSyntaxLine) + 2, protoSyntaxLine + opener
	}
	if m != nil {
		// The first statement itself, if it is an import or option (not
		// a symbol) on a line of its own and long enough.
		start := m[0]
		for src[start] == ' ' || src[start] == '\t' {
			start++
		}
		stmt := src[start:]
		if end := bytes.IndexByte(stmt, ';'); end >= len(protoSyntaxLine)-1 &&
			(bytes.HasPrefix(stmt, []byte("import")) || bytes.HasPrefix(stmt, []byte("option"))) &&
			bytes.IndexByte(stmt[:end], '\n') < 0 {
			return start, start + end + 1, protoSyntaxLine
		}
	}
	return -1, -1, ""
}

// protoCommentLineStart returns the start of the first line before limit
// that begins a comment ("//" or "/*" left open) and is long enough to
// hold the syntax statement followed by the same comment opener, and that
// opener; or -1.
func protoCommentLineStart(src []byte, limit int) (int, string) {
	for pos := 0; pos < limit; {
		end := bytes.IndexByte(src[pos:limit], '\n')
		line := src[pos:limit]
		if end >= 0 {
			line = src[pos : pos+end]
		}
		long := len(line) >= len(protoSyntaxLine)+2
		switch t := bytes.TrimSpace(line); {
		case len(t) == 0:
		case bytes.HasPrefix(t, []byte("//")):
			if long {
				return pos, "//"
			}
		case bytes.HasPrefix(line, []byte("/*")) && !bytes.Contains(line, []byte("*/")) && long:
			return pos, "/*"
		default:
			return -1, ""
		}
		if end < 0 {
			break
		}
		pos += end + 1
	}
	return -1, ""
}
