package parsers

import (
	"bytes"
	"strings"

	"github.com/treenav/treenav"
)

// ModuleExports returns the top-level names a module declares as its
// public API, nil when it declares none that can be read without running
// it. Python's __all__ is that list: "from m import *" imports those names
// and nothing else, and documentation tools document those. It is read
// when it is assigned once, a literal list or tuple of strings; any other
// form (__all__ += ..., .extend, a comprehension, another module's
// __all__ added; any second mention of __all__ in the file) leaves the
// module to the underscore rule (IsPrivate). syms are the
// module's top-level symbols, src its source. An exported-only outline
// (treenav.FitOutline) keeps only the symbols it names.
func ModuleExports(lang string, src []byte, syms []treenav.OutlineSymbol) []string {
	all := exportsDecl(lang, syms)
	if all == nil || bytes.Count(src, []byte("__all__")) != 1 {
		// Named again (__all__.extend(...), __all__ += ..., as os.py
		// does): what it ends up holding is computed.
		return nil
	}
	stmt := sourceLines(src, all.LineStart, all.LineEnd)
	names, ok := pythonAllNames(stmt)
	if !ok {
		return nil
	}
	return names
}

// DeclaresExports reports whether ModuleExports may find a list in a
// module with these top-level symbols, so that a caller reads the source
// only then.
func DeclaresExports(lang string, syms []treenav.OutlineSymbol) bool {
	return exportsDecl(lang, syms) != nil
}

// exportsDecl is the module's one top-level __all__ assignment, nil when
// it has none or several (then computed) or is not Python.
func exportsDecl(lang string, syms []treenav.OutlineSymbol) *treenav.OutlineSymbol {
	if lang != "python" {
		return nil
	}
	var all *treenav.OutlineSymbol
	for i := range syms {
		if syms[i].Name == "__all__" {
			if all != nil {
				return nil
			}
			all = &syms[i]
		}
	}
	return all
}

// sourceLines is lines from..to (1-based, inclusive) of src.
func sourceLines(src []byte, from, to int) string {
	line := 1
	start := -1
	for i := 0; i <= len(src); i++ {
		if line == from && start < 0 {
			start = i
		}
		if i == len(src) || src[i] == '\n' {
			if line == to {
				if start < 0 {
					return ""
				}
				return string(bytes.TrimRight(src[start:i], "\r"))
			}
			line++
		}
	}
	if start < 0 {
		return ""
	}
	return string(src[start:])
}

// pythonAllNames reads the strings of "__all__ = [...]" or "(...)": ok
// false for anything but string literals, commas, blanks, line
// continuations and comments between the brackets.
func pythonAllNames(stmt string) ([]string, bool) {
	eq := strings.IndexByte(stmt, '=')
	if eq < 0 || strings.TrimSpace(stmt[:eq]) != "__all__" {
		return nil, false // "__all__ += [...]", an annotation
	}
	rest := strings.TrimSpace(stmt[eq+1:])
	if rest == "" || (rest[0] != '[' && rest[0] != '(') {
		return nil, false
	}
	closing := byte(']')
	if rest[0] == '(' {
		closing = ')'
	}
	out := []string{}
	for i := 1; i < len(rest); {
		switch c := rest[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' || c == '\\':
			i++
		case c == '#':
			for i < len(rest) && rest[i] != '\n' {
				i++
			}
		case c == '\'' || c == '"':
			j := strings.IndexByte(rest[i+1:], c)
			if j < 0 {
				return nil, false
			}
			name := rest[i+1 : i+1+j]
			if name == "" || strings.ContainsAny(name, "\\\n") {
				return nil, false
			}
			out = append(out, name)
			i += j + 2
		case c == closing:
			if strings.TrimSpace(rest[i+1:]) != "" {
				return nil, false // "[...] + other.__all__"
			}
			return out, true
		default:
			return nil, false
		}
	}
	return nil, false
}
