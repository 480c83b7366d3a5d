package code

import (
	"regexp"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/dockerfile"
)

func init() {
	Register(&Language{
		Name: "dockerfile",
		// "Dockerfile.dev", "Containerfile.prod": see detect.go.
		Extensions:   []string{".dockerfile", ".containerfile"},
		FileNames:    []string{"Dockerfile", "Containerfile", "dockerfile", "containerfile"},
		Grammar:      dockerfile.GetLanguage,
		CommentTypes: []string{"comment"},
		// "ENV A=1" takes the instruction's range; "ENV A=1 B=2" defines
		// two variables, each its own pair.
		Wrappers: []string{"env_instruction"},
		Fixup:    dockerfileFixup,
	})
}

// dockerfileFixup extends a stage from its FROM to its last instruction
// before the next FROM (comments that lead into the next stage stay out),
// names an unnamed stage by its image, prefixes the variables of an "ENV
// A=1 B=2" with ENV in their signatures, and keeps parser directives
// ("# syntax=docker/dockerfile:1") out of docs.
func dockerfileFixup(s *Symbol, src []byte) {
	n := s.Node
	switch n.Type() {
	case "from_instruction":
		var last *sitter.Node
		for c := n.NextNamedSibling(); c != nil && c.Type() != "from_instruction"; c = c.NextNamedSibling() {
			if c.Type() != "comment" {
				last = c
			}
		}
		if last != nil {
			s.End, s.EndRow = last.EndByte(), endRow(last)
		}
		s.Signature = tidySignature(dockerfileLine(src[n.StartByte():n.EndByte()]))
	case "env_pair":
		if s.Start == n.StartByte() { // one of several pairs
			s.Signature = "ENV " + dockerfileLine(src[n.StartByte():n.EndByte()])
		} else {
			s.Signature = dockerfileLine(src[s.Start:s.End])
		}
	default:
		s.Signature = dockerfileLine(src[n.StartByte():n.EndByte()])
	}
	if s.DocStart < s.Start {
		doc := string(src[s.DocStart:s.Start])
		if s.DocRow == 0 {
			// Parser directives open the file; they are not docs.
			lines := strings.SplitAfter(doc, "\n")
			k := 0
			for k < len(lines) && dockerDirective.MatchString(lines[k]) {
				k++
			}
			if k > 0 {
				skip := len(strings.Join(lines[:k], ""))
				s.DocStart += uint32(skip)
				s.DocRow += uint32(k)
				doc = doc[skip:]
				if strings.TrimSpace(doc) == "" {
					s.DocStart, s.DocRow = s.Start, s.StartRow
				}
			}
		}
		s.Doc = cleanDoc(doc)
		if s.DocStart == s.Start {
			s.Doc = ""
		}
	}
}

// dockerDirective matches a parser directive line.
var dockerDirective = regexp.MustCompile(`(?i)^#\s*(syntax|escape|check)\s*=`)

// dockerfileLine collapses an instruction's text, line continuations
// included.
func dockerfileLine(b []byte) string {
	t := strings.ReplaceAll(string(b), "\\\r\n", " ")
	t = strings.ReplaceAll(t, "\\\n", " ")
	return signature([]byte(t))
}
