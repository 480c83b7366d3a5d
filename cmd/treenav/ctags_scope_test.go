package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCtagsScopeSeparators: the ctags scope field writes a qualified name
// as Universal Ctags does for the language: "::" in C++, C and Rust, "\"
// after a PHP namespace and "::" after a PHP class or function (the
// backslash doubled, as in ctags' files), "." elsewhere. Editors and
// readtags match scopes as text.
func TestCtagsScopeSeparators(t *testing.T) {
	root := t.TempDir()
	for name, text := range map[string]string{
		"v.cpp": "namespace std { namespace inner {\nclass vector {\npublic:\n    void push_back(int x);\n    struct Node { int v; };\n};\n} }\n",
		"a.c":   "struct A {\n    struct B { int x; } b;\n};\n",
		"a.rs":  "mod outer {\n    mod inner {\n        pub struct S { x: i32 }\n        impl S { pub fn new() -> S { S { x: 0 } } }\n    }\n}\n",
		"a.php": "<?php\nnamespace Foo\\Bar;\nclass Baz {\n    public function run() {\n        function helper() {}\n    }\n}\n",
		"a.py":  "class A:\n    class B:\n        def f(self):\n            pass\n",
		"a.rb":  "module Outer\n  class K\n    def m; end\n  end\nend\n",
	} {
		if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errs := run(t, "outline", "--root", root, "--format", "ctags")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	scopes := map[string]string{} // "name path" → scope field
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		f := strings.Split(l, "\t")
		if len(f) < 6 || strings.HasPrefix(l, "!_TAG_") {
			continue
		}
		// name, path, address, kind, line, language, then the scope if any.
		if !strings.HasPrefix(f[6], "signature:") && !strings.HasPrefix(f[6], "end:") {
			scopes[f[0]+" "+f[1]] = f[6]
		}
	}
	for tag, want := range map[string]string{
		"vector v.cpp":    "namespace:std::inner",
		"push_back v.cpp": "class:std::inner::vector",
		"v v.cpp":         "struct:std::inner::vector::Node",
		"x a.c":           "struct:A::B",
		"S a.rs":          "module:outer::inner",
		"new a.rs":        "struct:outer::inner::S",
		"Baz a.php":       `namespace:Foo\\Bar`,
		"run a.php":       `class:Foo\\Bar\\Baz`,
		"helper a.php":    `method:Foo\\Bar\\Baz::run`,
		"f a.py":          "class:A.B",
		"m a.rb":          "class:Outer.K",
	} {
		if got := scopes[tag]; got != want {
			t.Errorf("%s: scope %q, want %q", tag, got, want)
		}
	}

	readtags, err := exec.LookPath("readtags")
	if err != nil {
		t.Skip("readtags not installed (Debian: universal-ctags); scopes checked above")
	}
	tags := filepath.Join(t.TempDir(), "tags")
	if err := os.WriteFile(tags, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	// A readtags query for the scope as C++ writes it finds the members.
	// ($scope-name reads only a scope: field, which ctags writes with
	// --fields=+Z; the default field is keyed by the scope's kind.)
	got, err := exec.Command(readtags, "-t", tags, "-Q", `(eq? ($ "class") "std::inner::vector")`, "-l").Output()
	if want := "Node\tv.cpp\t5\npush_back\tv.cpp\t4\n"; err != nil || string(got) != want {
		t.Errorf("readtags scope std::inner::vector: %v %q", err, got)
	}
}
