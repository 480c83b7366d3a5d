package code

import (
	"regexp"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/smacker/go-tree-sitter/bash"
)

func init() {
	Register(&Language{
		Name:       "bash",
		Extensions: []string{".sh", ".bash", ".ksh", ".bats"},
		FileNames: []string{".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".bash_aliases",
			".profile", "bashrc", "PKGBUILD", "APKBUILD"},
		// POSIX sh, dash and ksh scripts parse with the bash grammar
		// (their syntax is, give or take, a subset of bash's); zsh does
		// not: its globs, parameter flags and anonymous functions are
		// errors more often than not.
		Interpreters: []string{"sh", "bash", "dash", "ash", "ksh", "mksh", "busybox"},
		Grammar:      bash.GetLanguage,
		CommentTypes: []string{"comment"},
		Repair:       bashRepair,
		Fixup:        bashFixup,
	})
}

// bashFixup names aliases ("ll" of "alias ll='ls -l'"), gives variables
// their declaration's first line as signature and keeps the shebang out
// of a doc.
func bashFixup(s *Symbol, src []byte) {
	n := s.Node
	switch n.Type() {
	case "function_definition":
		s.Signature = tidySignature(s.Signature)
	case "command": // alias
		s.Name, _, _ = strings.Cut(s.Name, "=")
		s.Signature = declarationSignature(src[n.StartByte():n.EndByte()])
	default:
		s.Signature = declarationSignature(src[n.StartByte():n.EndByte()])
	}
	if s.DocRow == 0 && s.DocStart < s.Start && strings.HasPrefix(string(src[s.DocStart:s.Start]), "#!") {
		// The shebang belongs to the file, not to what follows it.
		rest := src[s.DocStart:s.Start]
		i := strings.IndexByte(string(rest), '\n') + 1
		s.DocStart += uint32(i)
		s.DocRow++
		for s.DocStart < s.Start && (src[s.DocStart] == ' ' || src[s.DocStart] == '\t' || src[s.DocStart] == '\n') {
			if src[s.DocStart] == '\n' {
				s.DocRow++
			}
			s.DocStart++
		}
		if s.DocStart >= s.Start {
			s.DocStart, s.DocRow, s.Doc = s.Start, s.StartRow, ""
		} else {
			s.Doc = cleanDoc(string(src[s.DocStart:s.Start]))
		}
	}
}

// bashForDo matches POSIX's "for NAME do" (the loop over "$@" without
// "in"), which the grammar does not know; "for NAME; do" it does.
var bashForDo = regexp.MustCompile(`\bfor[ \t]+[A-Za-z_][A-Za-z0-9_]*[ \t]+do\b`)

// bashExtglob matches an innermost extended glob of the @(a|b) and !(a)
// forms (shopt -s extglob, everywhere in bash-completion scripts), which
// the grammar does not know. The other forms, *( +( ?(, are left alone:
// they are also arithmetic ("a*(b+c)").
var bashExtglob = regexp.MustCompile(`[@!]\([^()\n]*\)`)

// bashRepair mends syntax the bundled grammar rejects, in place: the
// blank before the "do" of "for NAME do" becomes ";", and an extended
// glob becomes a word of the same length ("@(a|b)" is "__a|b_", which
// the grammar reads as a pattern in [[ ]] and case, and as a word in an
// array), innermost first.
func bashRepair(src []byte, _ *sitter.Node) []byte {
	var out []byte
	for _, l := range bashForDo.FindAllIndex(src, -1) {
		if out == nil {
			out = append([]byte(nil), src...)
		}
		out[l[1]-3] = ';'
	}
	cur := src
	for range 4 {
		locs := bashExtglob.FindAllIndex(cur, -1)
		if locs == nil {
			break
		}
		if out == nil {
			out = append([]byte(nil), src...)
		}
		for _, l := range locs {
			out[l[0]], out[l[0]+1], out[l[1]-1] = '_', '_', '_'
		}
		cur = out
	}
	return out
}
