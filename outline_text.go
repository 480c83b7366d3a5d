package treenav

import (
	"fmt"
	"strings"
)

// Text renders an outline compactly: per file a "path (language)" line,
// then one line per symbol, indented by depth (outlineLine). It is what
// an outline's max_chars bounds (FitOutline).
func (r *OutlineResponse) Text() string {
	var b strings.Builder
	var walk func(syms []OutlineSymbol, depth int, shared string)
	walk = func(syms []OutlineSymbol, depth int, shared string) {
		for i := range syms {
			s := &syms[i]
			if depth == 0 && shared != "" {
				c := *s
				c.Constraint = ""
				s = &c
			}
			b.WriteString(outlineLine(s, depth))
			walk(s.Children, depth+1, "")
		}
	}
	for i := range r.Files {
		f := &r.Files[i]
		shared := fileConstraint(f)
		b.WriteString(outlineFileLine(f, shared))
		if len(f.Symbols) == 0 {
			b.WriteString("  (no symbols)\n")
		}
		walk(f.Symbols, 0, shared)
	}
	if len(r.Files) == 0 && !r.Truncated {
		b.WriteString("(no files)\n")
	}
	if r.Note != "" {
		fmt.Fprintf(&b, "(%s)\n", r.Note)
	}
	return b.String()
}

// outlineFileLine is a file's header line: "path (language)", with the
// build constraint all its symbols share (said once, not on each line)
// and the symbols left out when there are.
func outlineFileLine(f *OutlineFile, shared string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s", f.Path, f.Language)
	if shared != "" {
		fmt.Fprintf(&b, ", only if %s", shared)
	}
	if f.LeftOut > 0 {
		fmt.Fprintf(&b, ", %d left out", f.LeftOut)
	}
	b.WriteString(")\n")
	return b.String()
}

// fileConstraint is the build constraint every top-level symbol of f
// has (a Go file's), "" when they differ or have none.
func fileConstraint(f *OutlineFile) string {
	if len(f.Symbols) == 0 {
		return ""
	}
	c := f.Symbols[0].Constraint
	for i := range f.Symbols {
		if f.Symbols[i].Constraint != c {
			return ""
		}
	}
	return c
}

// outlineLine is a symbol's line at depth (0: top-level): its first
// line, its signature on one line (kind and name when it has none; a
// section's title and size), "(declaration)", its build constraint in
// brackets.
func outlineLine(s *OutlineSymbol, depth int) string {
	var b strings.Builder
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
	return b.String()
}
