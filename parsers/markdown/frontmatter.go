package markdown

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
	"gopkg.in/yaml.v3"
)

// frontmatter is the metadata block at the top of a file: YAML between
// "---" lines or TOML between "+++" lines.
type frontmatter struct {
	// End is the offset just past the closing fence line; 0 when the file
	// has no frontmatter.
	End int
	// Facets are the flattened keys (lowercased) and their values.
	Facets map[string][]string
	// Err is set when the block is delimited but does not parse.
	Err error
}

// reservedFacets are facets the parser computes itself; frontmatter keys of
// these names are kept under "frontmatter.<key>" so that they cannot
// pretend to be what treenav derived (a Hugo "language: en" is not the
// document's language facet).
var reservedFacets = map[string]bool{
	"language": true, "content_type": true, "has_code": true, "code_languages": true,
}

// maxFrontmatterDepth bounds the flattening of nested maps and lists.
const maxFrontmatterDepth = 16

// parseFrontmatter reads the frontmatter that starts at offset start (after
// a byte order mark) of src. The opening fence must be the first line and
// the closing fence ("---" or "..." for YAML, "+++" for TOML) a later line
// of its own; otherwise there is no frontmatter and a leading "---" is a
// thematic break.
func parseFrontmatter(src []byte, start int) frontmatter {
	var fm frontmatter
	first, next := lineAt(src, start)
	var closers []string
	var isTOML bool
	switch string(trimLineEnd(first)) {
	case "---":
		closers = []string{"---", "..."}
	case "+++":
		closers = []string{"+++"}
		isTOML = true
	default:
		return fm
	}
	bodyStart := next
	for pos := next; pos < len(src); {
		line, after := lineAt(src, pos)
		t := string(trimLineEnd(line))
		for _, c := range closers {
			if t == c {
				body := src[bodyStart:pos]
				if isTOML {
					fm.Err = fm.fromTOML(body)
				} else {
					fm.Err = fm.fromYAML(body)
				}
				if fm.Err != nil && !looksLikeKeys(body, isTOML) {
					// "---", prose, "---": a thematic break and a setext
					// heading, not broken frontmatter.
					return frontmatter{}
				}
				fm.End = after
				return fm
			}
		}
		pos = after
	}
	return fm
}

// looksLikeKeys reports whether the first line of a block that failed to
// parse starts like a frontmatter key ("title:", "title =", "[params]"), so
// that the block is reported as malformed frontmatter rather than read as
// markdown.
func looksLikeKeys(body []byte, isTOML bool) bool {
	for pos := 0; pos < len(body); {
		line, next := lineAt(body, pos)
		pos = next
		t := bytes.TrimSpace(line)
		if len(t) == 0 || t[0] == '#' {
			continue
		}
		if isTOML && t[0] == '[' {
			return true
		}
		i := 0
		if t[0] == '"' || t[0] == '\'' {
			if j := bytes.IndexByte(t[1:], t[0]); j >= 0 {
				i = j + 2
			}
		} else {
			for i < len(t) && (isAlnum(t[i]) || t[i] == '_' || t[i] == '-' || t[i] == '.') {
				i++
			}
		}
		if i == 0 {
			return false
		}
		rest := bytes.TrimLeft(t[i:], " \t")
		sep := byte(':')
		if isTOML {
			sep = '='
		}
		return len(rest) > 0 && rest[0] == sep
	}
	return false
}

// lineAt returns the line starting at pos (with its line ending) and the
// offset of the next line.
func lineAt(src []byte, pos int) ([]byte, int) {
	if i := bytes.IndexByte(src[pos:], '\n'); i >= 0 {
		return src[pos : pos+i+1], pos + i + 1
	}
	return src[pos:], len(src)
}

// trimLineEnd drops the line ending and trailing blanks of a fence line.
func trimLineEnd(line []byte) []byte {
	return bytes.TrimRight(line, " \t\r\n")
}

func (fm *frontmatter) add(key string, values ...string) {
	key = strings.ToLower(key)
	if reservedFacets[key] {
		key = "frontmatter." + key
	}
	if fm.Facets == nil {
		fm.Facets = map[string][]string{}
	}
	for _, v := range values {
		v = trimSpace(v)
		if key == "tags" {
			// "tags: a, b" and "tags: a b" are common shorthands; a tag
			// never contains a comma or a space.
			for _, t := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
				fm.Facets[key] = append(fm.Facets[key], strings.TrimPrefix(t, "#"))
			}
			continue
		}
		if v != "" {
			fm.Facets[key] = append(fm.Facets[key], v)
		}
	}
}

func (fm *frontmatter) fromYAML(body []byte) error {
	var doc yaml.Node
	if err := yaml.Unmarshal(body, &doc); err != nil {
		return fmt.Errorf("yaml frontmatter: %w", err)
	}
	if doc.Kind == 0 { // empty block
		return nil
	}
	root := &doc
	if root.Kind == yaml.DocumentNode && len(root.Content) > 0 {
		root = root.Content[0]
	}
	root = deref(root, 0)
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		return nil
	}
	if root.Kind != yaml.MappingNode {
		return fmt.Errorf("yaml frontmatter: a mapping of keys is expected, got %s", yamlKind(root))
	}
	fm.yamlMap("", root, 0)
	return nil
}

func (fm *frontmatter) yamlMap(prefix string, m *yaml.Node, depth int) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], deref(m.Content[i+1], 0)
		if k.Value == "<<" && v.Kind == yaml.MappingNode { // merge key
			fm.yamlMap(prefix, v, depth+1)
			continue
		}
		fm.yamlValue(joinKey(prefix, k.Value), v, depth+1)
	}
}

func (fm *frontmatter) yamlValue(key string, v *yaml.Node, depth int) {
	if depth > maxFrontmatterDepth {
		return
	}
	v = deref(v, 0)
	switch v.Kind {
	case yaml.ScalarNode:
		if v.Tag == "!!null" {
			fm.add(key)
			return
		}
		fm.add(key, v.Value)
	case yaml.SequenceNode:
		fm.add(key)
		for _, item := range v.Content {
			fm.yamlValue(key, item, depth+1)
		}
	case yaml.MappingNode:
		fm.yamlMap(key, v, depth)
	}
}

// deref follows YAML aliases (*name) to the node they stand for.
func deref(n *yaml.Node, depth int) *yaml.Node {
	for n.Kind == yaml.AliasNode && n.Alias != nil && depth < maxFrontmatterDepth {
		n = n.Alias
		depth++
	}
	return n
}

func yamlKind(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		return "a scalar"
	}
	return "something else"
}

func (fm *frontmatter) fromTOML(body []byte) error {
	var m map[string]any
	if _, err := toml.Decode(string(body), &m); err != nil {
		return fmt.Errorf("toml frontmatter: %w", err)
	}
	fm.tomlValue("", m, 0)
	return nil
}

func (fm *frontmatter) tomlValue(key string, v any, depth int) {
	if depth > maxFrontmatterDepth {
		return
	}
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fm.tomlValue(joinKey(key, k), x[k], depth+1)
		}
	case []map[string]any:
		for _, item := range x {
			fm.tomlValue(key, item, depth+1)
		}
	case []any:
		fm.add(key)
		for _, item := range x {
			fm.tomlValue(key, item, depth+1)
		}
	case string:
		fm.add(key, x)
	case bool:
		fm.add(key, strconv.FormatBool(x))
	case int64:
		fm.add(key, strconv.FormatInt(x, 10))
	case float64:
		fm.add(key, strconv.FormatFloat(x, 'g', -1, 64))
	case time.Time:
		if x.Hour() == 0 && x.Minute() == 0 && x.Second() == 0 && x.Nanosecond() == 0 {
			fm.add(key, x.Format("2006-01-02"))
		} else {
			fm.add(key, x.Format(time.RFC3339))
		}
	default:
		fm.add(key, fmt.Sprint(x))
	}
}

func joinKey(prefix, k string) string {
	if prefix == "" {
		return k
	}
	return prefix + "." + k
}
