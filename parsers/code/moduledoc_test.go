package code

import (
	"testing"

	"github.com/treenav/treenav"
)

// A file's own documentation is its root's doc and (but for Python's)
// description: Go's package comment, a Python module docstring, Rust's
// //! comments; not a license header, a build constraint or a plain
// comment.
func TestModuleDoc(t *testing.T) {
	for _, tc := range []struct {
		lang, src, doc string
	}{
		{"go", "// Copyright 2009 The Go Authors.\n\n// Package http provides HTTP.\n// More.\npackage http\n", "Package http provides HTTP.\nMore."},
		{"go", "/*\nPackage json implements JSON.\n*/\npackage json\n", "Package json implements JSON."},
		{"go", "// Copyright 2009 The Go Authors. All rights reserved.\npackage os\n", ""},
		{"go", "//go:build linux\n\npackage os\n", ""},
		{"go", "package os\n\n// Open opens.\nfunc Open() {}\n", ""},
		{"python", "#!/usr/bin/env python3\n# a comment\n\"\"\"Text wrapping and filling.\"\"\"\nimport re\n", "Text wrapping and filling."},
		{"python", "import re\n\"\"\"Not the module's: a string after an import.\"\"\"\n", ""},
		{"python", "def f():\n    \"\"\"f's own.\"\"\"\n", ""},
		{"rust", "//! The crate.\n//! More.\n\nuse std::fmt;\n", "The crate.\nMore."},
		{"rust", "// A plain comment.\n\nfn main() {}\n", ""},
		{"rust", "#![allow(dead_code)]\n//! After an attribute.\nfn f() {}\n", "After an attribute."},
	} {
		l := Lookup(tc.lang)
		res, err := l.Extract([]byte(tc.src))
		if err != nil {
			t.Fatal(err)
		}
		root := res.Nodes[0]
		if root.Doc != tc.doc {
			t.Errorf("%s %q: doc %q, want %q", tc.lang, tc.src, root.Doc, tc.doc)
		}
		desc := ""
		for _, sp := range root.Spans {
			if sp.Field == treenav.FieldDescription {
				desc += tc.src[sp.Start:sp.End]
			}
		}
		// Python's module docstring stays in the code field.
		if want := tc.doc != "" && !l.ModuleDocAsCode; (desc != "") != want {
			t.Errorf("%s %q: description span %q, want one: %v", tc.lang, tc.src, desc, want)
		}
	}
}
