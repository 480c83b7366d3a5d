package treenav

import (
	"fmt"
	"io"
	"strings"
)

// changeWords is how the markdown report names each change.
var changeWords = map[string]string{
	ChangeAdded:             "added",
	ChangeRemoved:           "removed",
	ChangeSignatureChanged:  "signature changed",
	ChangeKindChanged:       "kind changed",
	ChangeVisibilityChanged: "visibility changed",
	ChangeMoved:             "moved",
	ChangeDeprecated:        "deprecated",
	ChangeBodyChanged:       "body changed",
}

// DefaultMaxChanges bounds the changes the text and markdown forms of a
// report list; the JSON lists them all.
const DefaultMaxChanges = 100

// Text is the report for the model: its markdown form, bounded.
func (r *ChangesResponse) Text() string {
	var b strings.Builder
	r.WriteMarkdown(&b, DefaultMaxChanges)
	return b.String()
}

// WriteMarkdown writes the report as a pull-request comment: a summary
// line, then the public API's changes and then the others, each grouped by
// file, at most max changes in all (0: no bound) and a line that says how
// many more there are and how to see them.
func (r *ChangesResponse) WriteMarkdown(w io.Writer, max int) error {
	head := r.Head
	if r.HeadCommit != "" {
		head = r.Head + " (" + short(r.HeadCommit) + ")"
	}
	fmt.Fprintf(w, "## API changes: %s (%s) → %s\n\n", mdCode(r.Base), short(r.BaseCommit), mdText(head))
	s := r.Summary
	if s.Changes == 0 {
		fmt.Fprintf(w, "No symbol changed in %s.\n", Count(s.Files, "outlined file"))
		writeSkipped(w, s)
		return nil
	}
	fmt.Fprintf(w, "%s in %s, %d to the public API: %s.\n", Count(s.Changes, "change"),
		Count(s.Files, "file"), s.Public, countsLine(s.ByKind))
	writeSkipped(w, s)
	shown := 0
	section := func(title string, public bool) {
		var cs []SymbolChange
		for _, c := range r.Changes {
			if c.Public == public {
				cs = append(cs, c)
			}
		}
		if len(cs) == 0 || max > 0 && shown >= max {
			return
		}
		fmt.Fprintf(w, "\n### %s\n", title)
		path := ""
		for _, c := range cs {
			if max > 0 && shown >= max {
				return
			}
			if c.Path != path {
				path = c.Path
				fmt.Fprintf(w, "\n**%s**\n\n", mdText(path))
			}
			writeChange(w, c)
			shown++
		}
	}
	section("Public API", true)
	section("Other symbols", false)
	if more := len(r.Changes) - shown; more > 0 {
		fmt.Fprintf(w, "\n…and %s: the JSON format lists them all.\n", Count(more, "more change"))
	}
	if r.Truncated {
		fmt.Fprintf(w, "\n(The report was cut to fit; the summary counts every change.)\n")
	}
	return nil
}

func writeChange(w io.Writer, c SymbolChange) {
	fmt.Fprintf(w, "- %s %s `%s` (line %d)", changeWords[c.Change], c.Kind, mdCodeText(c.QualifiedName), c.LineStart)
	switch c.Change {
	case ChangeSignatureChanged:
		fmt.Fprintf(w, "\n  - before: %s\n  - after: %s\n", mdCode(c.OldSignature), mdCode(c.Signature))
		return
	case ChangeKindChanged:
		fmt.Fprintf(w, ": was a %s", c.OldKind)
	case ChangeMoved:
		fmt.Fprintf(w, ": from %s", mdText(c.OldPath))
	case ChangeVisibilityChanged:
		if c.Public {
			fmt.Fprint(w, ": now public")
		} else {
			fmt.Fprint(w, ": no longer public")
		}
	case ChangeRemoved:
		if c.OldSignature != "" {
			fmt.Fprintf(w, ": %s", mdCode(c.OldSignature))
		}
	case ChangeAdded:
		if c.Signature != "" {
			fmt.Fprintf(w, ": %s", mdCode(c.Signature))
		}
	}
	if c.OldPath != "" && c.Change != ChangeMoved {
		fmt.Fprintf(w, " (file was %s)", mdText(c.OldPath))
	}
	fmt.Fprintln(w)
}

func writeSkipped(w io.Writer, s ChangesSummary) {
	if len(s.Skipped) > 0 {
		fmt.Fprintf(w, "Files not outlined: %s.\n", CountsLine(s.Skipped))
	}
}

// countsLine lists the non-zero counts in the report's order of kinds.
func countsLine(by map[string]int) string {
	var parts []string
	for _, k := range ChangeKinds {
		if n := by[k]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, changeWords[k]))
		}
	}
	return strings.Join(parts, ", ")
}

// mdCode quotes s as inline code, with a fence longer than any run of
// backticks inside, and bounded.
func mdCode(s string) string {
	s = clip(s, 300)
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return fence + s + fence
}

// mdCodeText is s for a single-backtick code span.
func mdCodeText(s string) string { return strings.ReplaceAll(clip(s, 200), "`", "'") }

// mdText escapes the characters markdown reads as emphasis or markup.
func mdText(s string) string {
	return strings.NewReplacer("*", `\*`, "_", `\_`, "`", "\\`", "<", "&lt;", "[", `\[`).Replace(s)
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}

func short(hash string) string {
	if len(hash) > 12 {
		return hash[:12]
	}
	return hash
}
