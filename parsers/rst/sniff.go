package rst

import (
	"bytes"
	"path"
	"regexp"
	"strings"
)

// MaybeText reports a file name that Sniff may take for reStructuredText
// once it sees the content: a .txt file.
func MaybeText(name string) bool {
	return strings.EqualFold(path.Ext(name), ".txt")
}

var (
	sniffDirective = regexp.MustCompile(`(?m)^\.\. (?:[a-zA-Z][\w:-]*::|_[^:\n]+:)`)
	sniffRole      = regexp.MustCompile(":[a-z][\\w:-]*:`[^`\\n]+`")
)

// Sniff reports whether a .txt file is reStructuredText by its content,
// conservatively: a section title (a line underlined, or over- and
// underlined, with one punctuation character at least as long as it) and
// rst's own markup besides (a directive, a hyperlink target or a role),
// which a plain text file, a README or a requirements list does not have;
// or a name ending in ".rst.txt", which Sphinx gives the sources it ships.
func Sniff(name string, head []byte) bool {
	if !MaybeText(name) || len(head) == 0 {
		return false
	}
	if strings.HasSuffix(strings.ToLower(name), ".rst.txt") {
		return true // Sphinx's copy of a source (html/_sources/*.rst.txt)
	}
	if !sniffDirective.Match(head) && !sniffRole.Match(head) {
		return false
	}
	lines := bytes.Split(head, []byte("\n"))
	for i := 1; i < len(lines); i++ {
		u := strings.TrimRight(string(lines[i]), " \r")
		t := strings.TrimRight(string(lines[i-1]), " \r")
		if len(u) < 3 || !isAdornment(u) || strings.TrimSpace(t) == "" || isAdornment(t) ||
			strings.IndexByte("=-~^*#+`:'\"_.", u[0]) < 0 {
			continue
		}
		if t[0] != ' ' && columnWidth(t) <= len(u) {
			return true
		}
	}
	return false
}
