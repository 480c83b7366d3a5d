package treenav

import (
	"fmt"
	"strings"
)

// Text renders an outline compactly: per file a "path (language)" line,
// then one line per symbol, indented by depth: its first line, its
// signature (or kind and name when it has none), its build constraint
// in brackets.
func (r *OutlineResponse) Text() string {
	var b strings.Builder
	var walk func(syms []OutlineSymbol, depth int)
	walk = func(syms []OutlineSymbol, depth int) {
		for _, s := range syms {
			fmt.Fprintf(&b, "%sL%d ", strings.Repeat("  ", depth+1), s.LineStart)
			switch {
			case s.Kind == KindSection:
				fmt.Fprintf(&b, "## %s (%s)", s.Name, Count(s.WordCount, "word"))
			case s.Signature != "":
				b.WriteString(strings.Join(strings.Fields(s.Signature), " "))
			default:
				fmt.Fprintf(&b, "%s %s", s.Kind, s.Name)
			}
			if s.Declaration {
				b.WriteString(" (declaration)")
			}
			if s.Constraint != "" {
				fmt.Fprintf(&b, " [%s]", s.Constraint)
			}
			b.WriteByte('\n')
			walk(s.Children, depth+1)
		}
	}
	for _, f := range r.Files {
		fmt.Fprintf(&b, "%s (%s", f.Path, f.Language)
		if f.LeftOut > 0 {
			fmt.Fprintf(&b, ", %d left out", f.LeftOut)
		}
		b.WriteString(")\n")
		if len(f.Symbols) == 0 {
			b.WriteString("  (no symbols)\n")
		}
		walk(f.Symbols, 0)
	}
	if len(r.Files) == 0 && !r.Truncated {
		b.WriteString("(no files)\n")
	}
	if r.Note != "" {
		fmt.Fprintf(&b, "(%s)\n", r.Note)
	}
	return b.String()
}
