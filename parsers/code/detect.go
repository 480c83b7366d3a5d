package code

import (
	"bytes"
	"path"
	"regexp"
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
		l = byExt[ext]
		if l == nil {
			l = byExt[path.Ext(base)] // case-sensitive extensions (".C")
		}
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
// "#ifdef __cplusplus / extern "C"" matches none of them.
var cppMarkers = regexp.MustCompile(`(?m)^\s*(?:class\s+\w+\s*[:{;]|namespace\s+\w*\s*\{|template\s*<|using\s+namespace\b|(?:public|private|protected)\s*:)|\bstd::|\bnullptr\b|\bconstexpr\b|::~?\w+\s*\(|\bvirtual\b[^;\n]*\(`)

func looksLikeCPP(head []byte) bool {
	if m := modeLine.FindSubmatch(firstLine(head)); m != nil {
		return strings.EqualFold(string(m[1]), "c++")
	}
	return cppMarkers.Match(head)
}

func firstLine(b []byte) []byte {
	line, _, _ := bytes.Cut(b, []byte("\n"))
	return line
}
