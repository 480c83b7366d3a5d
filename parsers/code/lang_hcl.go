package code

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/hcl"

	"github.com/treenav/treenav"
)

func init() {
	Register(&Language{
		Name: "hcl",
		// Terraform and OpenTofu (.tf, .tfvars, .tofu), Packer
		// (.pkr.hcl), Nomad (.nomad), Terragrunt and other HCL files.
		Extensions:   []string{".tf", ".tfvars", ".tofu", ".hcl", ".nomad"},
		Grammar:      hcl.GetLanguage,
		CommentTypes: []string{"comment"},
		Fixup:        hclFixup,
	})
}

// hclBlockKinds maps Terraform's block types to kinds; other blocks are
// classes (their type is the native kind).
var hclBlockKinds = map[string]treenav.Kind{
	"resource":  treenav.KindClass,
	"data":      treenav.KindClass,
	"ephemeral": treenav.KindClass,
	"module":    treenav.KindModule,
	"variable":  treenav.KindVariable,
	"output":    treenav.KindProperty, // a module's output is read as module.<name>.<output>
	"provider":  treenav.KindNamespace,
	"terraform": treenav.KindNamespace,
}

// hclSkipped are top-level blocks that define nothing an agent looks up
// by name (refactoring and import directives); "locals" is not a symbol
// either, its entries are.
var hclSkipped = map[string]bool{"locals": true, "moved": true, "import": true, "removed": true}

// hclFixup names blocks by their labels in the scope of their type, sets
// kinds, and takes a description attribute as the doc of a block without
// a comment above (Terraform variables and outputs).
func hclFixup(s *Symbol, src []byte) {
	n := s.Node
	switch n.Type() {
	case "block":
		typ := s.Name
		var labels []string
		for i := 1; i < int(n.NamedChildCount()); i++ {
			c := n.NamedChild(i)
			if c.Type() == "identifier" {
				labels = append(labels, text(src, c))
			} else if c.Type() == "string_lit" {
				labels = append(labels, hclString(c, src))
			} else {
				break
			}
		}
		if len(labels) == 0 && hclSkipped[typ] {
			s.Name = ""
			return
		}
		s.Kind = treenav.KindClass
		if k, ok := hclBlockKinds[typ]; ok {
			s.Kind = k
		}
		if string(s.Kind) != typ {
			s.NativeKind = typ
		}
		if len(labels) > 0 {
			s.Name = labels[len(labels)-1]
			s.Scope = append([]string{typ}, labels[:len(labels)-1]...)
		}
		if s.DocStart == s.Start {
			hclFirstComment(s, src)
		}
		if s.Doc == "" {
			s.Doc = hclDescription(n, src)
		}
	case "attribute":
		if s.NativeKind == "local" {
			s.Scope = []string{"local"}
		}
		s.Signature = declarationSignature(src[n.StartByte():n.EndByte()])
	}
}

// hclFirstComment finds the doc of the file's first block: the grammar
// puts the comments before the first item of the file outside its body.
func hclFirstComment(s *Symbol, src []byte) {
	if !hclOnlyComments(src[:s.Node.StartByte()]) {
		return // not the file's first item (and cheap to tell)
	}
	body := s.Node.Parent()
	if body == nil || body.Type() != "body" || body.NamedChild(0) == nil || body.NamedChild(0).StartByte() != s.Node.StartByte() {
		return
	}
	row := s.StartRow
	var first *sitter.Node
	for c := body.PrevNamedSibling(); c != nil && c.Type() == "comment" && endRow(c)+1 >= row; c = c.PrevNamedSibling() {
		first, row = c, c.StartPoint().Row
	}
	if first != nil {
		s.DocStart, s.DocRow = first.StartByte(), first.StartPoint().Row
		s.Doc = cleanDoc(string(src[s.DocStart:s.Start]))
	}
}

// hclOnlyComments reports whether b holds only blank lines and comments
// ("#", "//" and "/* */"), reading from its start and stopping at the
// first code.
func hclOnlyComments(b []byte) bool {
	for len(b) > 0 {
		t := strings.TrimLeft(string(b[:min(len(b), 2)]), " \t\r\n")
		switch c := b[0]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			b = b[1:]
			continue
		case c == '#' || strings.HasPrefix(t, "//"):
			i := indexByteOr(b, '\n')
			b = b[i:]
		case strings.HasPrefix(t, "/*"):
			i := strings.Index(string(b), "*/")
			if i < 0 {
				return true
			}
			b = b[i+2:]
		default:
			return false
		}
	}
	return true
}

// indexByteOr returns the index of c in b, or len(b).
func indexByteOr(b []byte, c byte) int {
	for i, x := range b {
		if x == c {
			return i
		}
	}
	return len(b)
}

// hclString is the text of a string literal without its quotes.
func hclString(n *sitter.Node, src []byte) string {
	t := text(src, n)
	if len(t) >= 2 && t[0] == '"' && t[len(t)-1] == '"' {
		t = t[1 : len(t)-1]
	}
	return t
}

// hclDescription returns the value of a block's description attribute
// when it is a plain string, a heredoc or a literal.
func hclDescription(block *sitter.Node, src []byte) string {
	var body *sitter.Node
	for i := 0; i < int(block.NamedChildCount()); i++ {
		if c := block.NamedChild(i); c.Type() == "body" {
			body = c
		}
	}
	if body == nil {
		return ""
	}
	for i := 0; i < int(body.NamedChildCount()); i++ {
		a := body.NamedChild(i)
		if a.Type() != "attribute" || a.NamedChildCount() < 2 || text(src, a.NamedChild(0)) != "description" {
			continue
		}
		v := strings.TrimSpace(text(src, a.NamedChild(1)))
		switch {
		case strings.HasPrefix(v, `"`) && strings.HasSuffix(v, `"`) && len(v) >= 2:
			return strings.ReplaceAll(v[1:len(v)-1], `\"`, `"`)
		case strings.HasPrefix(v, "<<"):
			// <<EOT / <<-EOT ... EOT
			if i := strings.IndexByte(v, '\n'); i >= 0 {
				body := v[i+1:]
				if j := strings.LastIndexByte(body, '\n'); j >= 0 {
					body = body[:j]
				}
				return dedent("\n" + body)
			}
		}
		return ""
	}
	return ""
}
