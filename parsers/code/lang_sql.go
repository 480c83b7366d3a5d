package code

import (
	"bytes"
	"regexp"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/sql"

	"github.com/treenav/treenav"
)

func init() {
	Register(&Language{
		Name:           "sql",
		Extensions:     []string{".sql"},
		Grammar:        sql.GetLanguage,
		CommentTypes:   []string{"comment", "marginalia"},
		CommentMarkers: []string{"--", "/*"},
		// The statement holds the CREATE (and the comments above are
		// its siblings).
		Wrappers: []string{"statement"},
		Repair:   sqlRepair,
		Fixup:    sqlFixup,
	})
}

// sqlFixup unquotes names and puts a schema-qualified name in its
// schema's scope, writes signatures (a table or a view up to its body, a
// function up to its body, other statements whole) and tells procedures
// (parsed as functions, see sqlRepair) and enum types apart.
func sqlFixup(s *Symbol, src []byte) {
	n := s.Node
	s.Name = sqlUnquote(s.Name)
	if s.NameNode != nil && s.NameNode.Type() == "literal" && !strings.HasPrefix(text(src, s.NameNode), `"`) {
		s.Name = "" // a column named by a string: not a column
		return
	}
	if s.NameNode != nil {
		if ref := s.NameNode.Parent(); ref != nil && ref.Type() == "object_reference" {
			// The statement's name is its first object reference; the
			// others are return types, tables indexed or triggered on.
			if first := sqlChild(n, "object_reference"); first == nil || first.StartByte() != ref.StartByte() {
				s.Name = ""
				return
			}
			if sc := ref.ChildByFieldName("schema"); sc != nil {
				s.Scope = []string{sqlUnquote(text(src, sc))}
			}
		}
	}
	start := n.StartByte()
	end := n.EndByte()
	switch n.Type() {
	case "column_definition":
		if strings.EqualFold(s.Name, "LIKE") { // CREATE TABLE t2 (LIKE t1)
			s.Name = ""
			return
		}
		s.Signature = sqlSignature(src[start:end])
		return
	case "create_table":
		if c := sqlChild(n, "column_definitions", "create_query", "keyword_as"); c != nil {
			end = c.StartByte()
		}
	case "create_view", "create_materialized_view":
		if c := sqlChild(n, "keyword_as", "create_query"); c != nil {
			end = c.StartByte()
		}
	case "create_function", "ERROR":
		if c := sqlChild(n, "function_body", "function_language", "keyword_language", "keyword_as"); c != nil {
			end = c.StartByte()
		}
		if sqlProcedure.Match(src[start:end]) {
			s.NativeKind = "procedure"
		}
	case "create_type":
		if sqlChild(n, "enum_elements") != nil {
			s.Kind = treenav.KindEnum
		}
	}
	s.Signature = sqlSignature(src[start:end])
}

var sqlProcedure = regexp.MustCompile(`(?i)^\s*CREATE\s+(?:OR\s+(?:REPLACE|ALTER)\s+)?PROC(?:EDURE)?\b`)

// sqlChild returns the first child of n of one of the types, or nil.
func sqlChild(n *sitter.Node, types ...string) *sitter.Node {
	for i := 0; i < int(n.ChildCount()); i++ {
		c := n.Child(i)
		for _, t := range types {
			if c.Type() == t {
				return c
			}
		}
	}
	return nil
}

// sqlSignature collapses a statement's text, without a trailing ";".
func sqlSignature(b []byte) string {
	return strings.TrimSpace(strings.TrimSuffix(tidySignature(signature(b)), ";"))
}

// sqlUnquote removes the quotes of an identifier: "x", `x`, [x].
func sqlUnquote(s string) string {
	if len(s) >= 2 {
		switch {
		case s[0] == '"' && s[len(s)-1] == '"', s[0] == '`' && s[len(s)-1] == '`', s[0] == '[' && s[len(s)-1] == ']':
			return s[1 : len(s)-1]
		}
	}
	return s
}

// sqlRepair mends, on a copy of the same length, what the grammar does
// not know and would otherwise take statements around it down:
//
//   - psql meta-commands ("\echo ...", "\quit", "\set"), lines that start
//     with a backslash, are blanked;
//   - statements that define nothing and that the grammar does not know
//     (GRANT, REVOKE, DO blocks, CREATE RULE / OPERATOR / AGGREGATE /
//     CAST / DOMAIN / POLICY, ALTER EXTENSION, DROP FUNCTION, ...) are
//     blanked up to their semicolon: error recovery would otherwise take
//     the CREATE statements after them down (an unknown CREATE RULE can
//     turn the rest of a file into one error);
//   - CREATE [OR REPLACE] PROCEDURE is read as FUNCTION (the same length
//     with a space), which sqlFixup marks as a procedure.
func sqlRepair(src []byte, _ *sitter.Node) []byte {
	out := bytes.Clone(src)
	changed := false
	blank := func(a, b int) {
		blankLines(out, a, b)
		changed = true
	}
	for _, m := range sqlMetaCommand.FindAllIndex(src, -1) {
		blank(m[0], m[1])
	}
	for _, m := range sqlUnknownStatement.FindAllIndex(src, -1) {
		blank(m[0], sqlStatementEnd(src, m[1]))
	}
	for _, m := range sqlCreateProcedure.FindAllSubmatchIndex(src, -1) {
		copy(out[m[2]:m[3]], "FUNCTION ")
		changed = true
	}
	if !changed {
		return nil
	}
	return out
}

// sqlStatementEnd returns the offset after the semicolon that ends the
// statement going on at i, skipping strings, quoted identifiers, dollar
// quotes and comments; len(src) if there is none.
func sqlStatementEnd(src []byte, i int) int {
	for i < len(src) {
		switch c := src[i]; {
		case c == ';':
			return i + 1
		case c == '\'' || c == '"' || c == '`':
			j := bytes.IndexByte(src[i+1:], c)
			if j < 0 {
				return len(src)
			}
			i += j + 2
		case c == '-' && i+1 < len(src) && src[i+1] == '-':
			j := bytes.IndexByte(src[i:], '\n')
			if j < 0 {
				return len(src)
			}
			i += j + 1
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			j := bytes.Index(src[i+2:], []byte("*/"))
			if j < 0 {
				return len(src)
			}
			i += j + 4
		case c == '$':
			tag := sqlDollarTag.Find(src[i:])
			if tag == nil {
				i++
				continue
			}
			j := bytes.Index(src[i+len(tag):], tag)
			if j < 0 {
				return len(src)
			}
			i += j + 2*len(tag)
		default:
			i++
		}
	}
	return len(src)
}

var (
	sqlDollarTag        = regexp.MustCompile(`^\$[A-Za-z_]*\$`)
	sqlUnknownStatement = regexp.MustCompile(`(?im)^[ \t]*(?:GRANT|REVOKE|DO|LOAD|SECURITY[ \t]+LABEL|` +
		`CREATE[ \t]+(?:OR[ \t]+REPLACE[ \t]+)?(?:RULE|OPERATOR|AGGREGATE|CAST|DOMAIN|POLICY|EVENT[ \t]+TRIGGER|TEXT[ \t]+SEARCH|COLLATION|CONVERSION|(?:TRUSTED[ \t]+)?LANGUAGE|PUBLICATION|SUBSCRIPTION|SERVER|FOREIGN|USER[ \t]+MAPPING|ACCESS[ \t]+METHOD|TRANSFORM|STATISTICS)|` +
		`ALTER[ \t]+(?:EXTENSION|OPERATOR|FUNCTION|PROCEDURE|AGGREGATE|DOMAIN|DEFAULT[ \t]+PRIVILEGES|TEXT[ \t]+SEARCH|LANGUAGE|SERVER|FOREIGN|POLICY|PUBLICATION|SUBSCRIPTION)|` +
		`DROP[ \t]+(?:OPERATOR|FUNCTION|PROCEDURE|AGGREGATE|CAST|RULE|TRIGGER|DOMAIN|POLICY|TEXT[ \t]+SEARCH|LANGUAGE|SERVER|FOREIGN|PUBLICATION|SUBSCRIPTION))\b`)
	sqlMetaCommand     = regexp.MustCompile(`(?m)^[ \t]*\\[^\n]*|(?im)^[ \t]*GO[ \t]*$`)
	sqlCreateProcedure = regexp.MustCompile(`(?i)\bCREATE\s+(?:OR\s+REPLACE\s+)?(PROCEDURE)\b`)
)
