package code

import (
	"bytes"
	"path"
	"regexp"
	"slices"
	"strings"
)

// Detect returns the language of a file from its name and, where the name
// is not enough, its first bytes: ".h" is C or C++ by content, extensionless
// files by shebang or editor mode line. It returns nil for files that are
// not source code treenav knows.
func Detect(name string, head []byte) *Language {
	base := path.Base(strings.ReplaceAll(name, "\\", "/"))
	ext := strings.ToLower(path.Ext(base))
	if ext == ".h" {
		if looksLikeCPP(head) {
			return Lookup("cpp")
		}
		return Lookup("c")
	}
	registryMu.RLock()
	l := byFileName[base]
	if l == nil && ext != "" {
		// Case-sensitive extensions first: ".C" is C++, ".c" is C.
		l = byExt[path.Ext(base)]
		if l == nil {
			l = byExt[ext]
		}
	}
	if l == nil && (strings.HasPrefix(base, "Dockerfile.") || strings.HasPrefix(base, "Containerfile.")) {
		l = byName["dockerfile"] // Dockerfile.dev, Containerfile.alpine
	}
	registryMu.RUnlock()
	if l != nil || ext != "" {
		return l
	}
	return detectByContent(head)
}

// detectByContent reads a shebang ("#!/usr/bin/env python3") or an Emacs
// mode line ("-*- C++ -*-", as in libstdc++'s extensionless headers).
func detectByContent(head []byte) *Language {
	line, _, _ := bytes.Cut(head, []byte("\n"))
	if bytes.HasPrefix(line, []byte("#!")) {
		fields := strings.Fields(string(line[2:]))
		if len(fields) == 0 {
			return nil
		}
		prog := path.Base(fields[0])
		if prog == "env" {
			prog = ""
			for _, f := range fields[1:] {
				if !strings.HasPrefix(f, "-") && !strings.Contains(f, "=") {
					prog = f
					break
				}
			}
		}
		prog = strings.TrimRight(prog, "0123456789.")
		registryMu.RLock()
		defer registryMu.RUnlock()
		return byInterp[prog]
	}
	if m := modeLine.FindSubmatch(line); m != nil {
		switch strings.ToLower(string(m[1])) {
		case "c++":
			return Lookup("cpp")
		case "c":
			return Lookup("c")
		}
	}
	return nil
}

var modeLine = regexp.MustCompile(`-\*-\s*(?:[Mm]ode:\s*)?([A-Za-z+]+)\s*;?.*-\*-`)

// cppMarkers are constructs that C does not have. A C header guarded by
// "#ifdef __cplusplus / extern "C"" matches none of them: looksLikeCPP
// reads the code without comments and without its __cplusplus sections.
var cppMarkers = regexp.MustCompile(`(?m)` +
	`^\s*(?:class\s+(?:[A-Z_][A-Z0-9_]*(?:\([^)]*\))?\s+)?\w+\s*(?:final\s*)?[:{;]|namespace\s+[\w:]*(?:\s+[A-Z_][A-Z0-9_]*(?:\([^)]*\))?)?\s*\{|template\s*<|using\s+namespace\b|(?:public|private|protected)\s*:)` +
	`|^\s*(?:class|struct)\s+[\w\s]*:\s*(?:public|private|protected)\s` +
	`|^\s*#\s*include\s*<[A-Za-z_][\w/]*>` + // <vector>, <memory>: C headers end in .h
	`|\b[A-Za-z_]\w*::[~A-Za-z_]|\bnullptr\b|\bconstexpr\b|\bnoexcept\b|\b(?:static|reinterpret|const|dynamic)_cast\s*<` +
	`|\bvirtual\b[^;\n]*\(`)

// looksLikeCPP decides whether a ".h" file is C++. An Emacs mode line
// saying C wins; one saying C++ does not (Mozilla's C headers carry
// "Mode: C++"), the code decides. A C header may hold C++ for its C++
// callers under "#ifdef __cplusplus" (an extern "C" guard, a cleanup class,
// templates): that code counts only when it is most of the header
// (cxxabi.h).
func looksLikeCPP(head []byte) bool {
	if m := modeLine.FindSubmatch(firstLine(head)); m != nil && strings.EqualFold(string(m[1]), "c") {
		return false
	}
	plain, guarded, plainLines, guardedLines := cCode(head)
	if cppMarked(plain) {
		return true
	}
	return guardedLines > plainLines && cppMarked(guarded)
}

// cppWords are strings that every alternative of cppMarkers holds: the
// marker expression need only read the lines around them. Run over a
// whole header, it took 5 s of a 25,000-file build (Go's regexp reads
// such an alternation at tens of MB/s), nearly all of it on C headers
// that match nowhere.
var cppWords = []string{"class", "namespace", "template", "using", "public", "private", "protected",
	"include", "::", "nullptr", "constexpr", "noexcept", "_cast", "virtual"}

// cppWindow is how far past one of cppWords a marker may reach: a class
// name, a base list or the brace on the next line.
const cppWindow = 256

// cppMarked is cppMarkers.Match(code), read only around cppWords: from
// the start of a word's line (the expression's anchors are line starts)
// to the end of the line cppWindow bytes past it.
func cppMarked(code []byte) bool {
	var spans [][2]int
	for _, w := range cppWords {
		for at := 0; ; {
			i := bytes.Index(code[at:], []byte(w))
			if i < 0 {
				break
			}
			i += at
			at = i + len(w)
			end := min(len(code), at+cppWindow)
			if j := bytes.IndexByte(code[end:], '\n'); j >= 0 {
				end += j
			} else {
				end = len(code)
			}
			spans = append(spans, [2]int{bytes.LastIndexByte(code[:i], '\n') + 1, end})
		}
	}
	slices.SortFunc(spans, func(a, b [2]int) int { return a[0] - b[0] })
	for k := 0; k < len(spans); {
		lo, hi := spans[k][0], spans[k][1]
		for k++; k < len(spans) && spans[k][0] <= hi; k++ {
			hi = max(hi, spans[k][1])
		}
		if cppMarkers.Match(code[lo:hi]) {
			return true
		}
	}
	return false
}

// cCode splits the code of a C or C++ header into what is outside and
// what is inside "#ifdef __cplusplus" sections, without comments, string
// literals and preprocessor lines other than #include, with the number of
// non-blank lines of each.
func cCode(src []byte) (plain, guarded []byte, plainLines, guardedLines int) {
	code := make([]byte, 0, len(src))
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i+1 < len(src) && src[i+1] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			i += 2
			for i+1 < len(src) && !(src[i] == '*' && src[i+1] == '/') {
				if src[i] == '\n' {
					code = append(code, '\n')
				}
				i++
			}
			i++
			code = append(code, ' ')
		case c == '"':
			for i+1 < len(src) && src[i+1] != '"' && src[i+1] != '\n' {
				if src[i+1] == '\\' {
					i++
				}
				i++
			}
			i++
			code = append(code, '"', '"')
		default:
			code = append(code, c)
		}
	}
	depth, open := 0, -1
	directive := false // inside a continued directive line
	for _, ln := range bytes.Split(code, []byte("\n")) {
		t := bytes.TrimSpace(ln)
		cont := directive
		directive = cont && bytes.HasSuffix(t, []byte("\\"))
		if cont {
			continue
		}
		if len(t) > 0 && t[0] == '#' {
			d := strings.Fields(strings.TrimPrefix(string(t), "#"))
			directive = bytes.HasSuffix(t, []byte("\\"))
			if len(d) == 0 {
				continue
			}
			switch d[0] {
			case "if", "ifdef", "ifndef":
				depth++
				if open < 0 && cplusplusOnly.Match(t) {
					open = depth
				}
			case "else", "elif":
				if open == depth {
					open = -1
				}
			case "endif":
				if open == depth {
					open = -1
				}
				depth--
			case "include":
				if open < 0 {
					plain = append(append(plain, t...), '\n')
				}
			}
			continue
		}
		if open >= 0 {
			guarded = append(append(guarded, ln...), '\n')
			if len(t) > 0 {
				guardedLines++
			}
			continue
		}
		plain = append(append(plain, ln...), '\n')
		if len(t) > 0 {
			plainLines++
		}
	}
	return plain, guarded, plainLines, guardedLines
}

// cplusplusOnly matches "#ifdef __cplusplus" and "#if ... defined
// (__cplusplus) ..." but not version tests ("#if __cplusplus >= 201103L"),
// which only C++ headers make.
var cplusplusOnly = regexp.MustCompile(`^#\s*(?:ifdef\s+__cplusplus\b|if\b.*[^!]\s*defined\s*\(?\s*__cplusplus\b)`)

func firstLine(b []byte) []byte {
	line, _, _ := bytes.Cut(b, []byte("\n"))
	return line
}
