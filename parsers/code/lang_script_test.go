package code

import (
	"testing"

	"github.com/treenav/treenav"
)

// TestDetectScripts checks how Ruby, PHP, Lua and shell files are
// recognized: extensions, well-known file names and shebangs.
func TestDetectScripts(t *testing.T) {
	for _, tc := range []struct{ name, head, want string }{
		{"lib/router.rb", "", "ruby"},
		{"lib/tasks/db.rake", "", "ruby"},
		{"Rakefile", "", "ruby"},
		{"Gemfile", "", "ruby"},
		{"lattice.gemspec", "", "ruby"},
		{"config.ru", "", "ruby"},
		{"bin/console", "#!/usr/bin/env ruby\n", "ruby"},
		{"src/Router.php", "", "php"},
		{"bin/artisan", "#!/usr/bin/env php\n<?php\n", "php"},
		{"lua/lattice/init.lua", "", "lua"},
		{"bin/tool", "#!/usr/bin/env luajit\n", "lua"},
		{"deploy.sh", "", "bash"},
		{"lib.bash", "", "bash"},
		{"test/router.bats", "", "bash"},
		{".bashrc", "", "bash"},
		{"PKGBUILD", "", "bash"},
		{"bin/deploy", "#!/bin/bash\n", "bash"},
		{"bin/deploy", "#!/bin/sh -e\n", "bash"},
		{"bin/deploy", "#!/usr/bin/env bash\n", "bash"},
		{"bin/deploy", "#!/bin/dash\n", "bash"},
		{"bin/deploy", "#!/bin/ksh\n", "bash"},
		// zsh's syntax is too far from bash's for the grammar.
		{"bin/deploy", "#!/bin/zsh\n", ""},
		{"prompt.zsh", "", ""},
	} {
		got := ""
		if l := Detect(tc.name, []byte(tc.head)); l != nil {
			got = l.Name
		}
		if got != tc.want {
			t.Errorf("Detect(%q, %q) = %q, want %q", tc.name, tc.head, got, tc.want)
		}
	}
}

// TestScriptRules checks rules the golden files do not isolate.
func TestScriptRules(t *testing.T) {
	type want struct {
		kind      treenav.Kind
		native    string
		parent    string // anchor of the parent, "" for top level
		doc, sig  string
		checkDoc  bool
		checkSig  bool
		lineStart int
	}
	for _, tc := range []struct {
		lang, src string
		syms      map[string]want
		absent    []string
	}{
		{
			lang: "ruby",
			src: "# frozen_string_literal: true\n# The gateway.\nmodule Lattice\nend\n" +
				"module Util\nend\ndef Util.helper; end\n",
			syms: map[string]want{
				// A magic comment is not documentation.
				"Lattice": {kind: treenav.KindModule, doc: "The gateway.", checkDoc: true, lineStart: 3},
				// def Const.x attaches to a module of that name.
				"Util.helper": {kind: treenav.KindMethod, native: "singleton", parent: "Util", sig: "def Util.helper", checkSig: true},
			},
		},
		{
			lang: "ruby",
			src:  "class A\n  describe 'x' do\n    it('y') { }\n  end\n  memoize def slow; end\nend\n",
			syms: map[string]want{
				// A receiver-less modifier call is part of the def.
				"A.slow": {kind: treenav.KindMethod, parent: "A", sig: "memoize def slow", checkSig: true, lineStart: 5},
			},
			// RSpec blocks are calls, not definitions.
			absent: []string{"A.x", "A.y", "x", "y"},
		},
		{
			lang: "php",
			src: "<?php\nnamespace App;\ndefined('A') || define('A', 1);\n\\define('B', 2);\n" +
				"class K { public function __CONSTRUCT() {} }\n",
			syms: map[string]want{
				"App.A":             {kind: treenav.KindConstant, native: "define", parent: "App"},
				"App.B":             {kind: treenav.KindConstant, native: "define", parent: "App", sig: `\define('B', 2)`, checkSig: true},
				"App.K.__CONSTRUCT": {kind: treenav.KindConstructor, parent: "App.K"},
			},
		},
		{
			lang: "php",
			// The statement namespace's scope ends at the next one.
			src: "<?php\nnamespace A;\nfunction f() {}\nnamespace B;\nfunction g() {}\n",
			syms: map[string]want{
				"A.f": {kind: treenav.KindFunction, parent: "A"},
				"B.g": {kind: treenav.KindFunction, parent: "B"},
			},
			absent: []string{"A.g", "A.B"},
		},
		{
			lang: "lua",
			src: "local M = {}\nM.sub = {}\nfunction M.sub.f() end\nfunction M:g() end\n" +
				"local api = vim.api\nlocal util = require('util')\nreturn M\n",
			syms: map[string]want{
				"M":       {kind: treenav.KindModule, native: "table"},
				"M.sub":   {kind: treenav.KindField, native: "table", parent: "M"},
				"M.sub.f": {kind: treenav.KindFunction, sig: "function M.sub.f()", checkSig: true},
				"M.g":     {kind: treenav.KindMethod, parent: "M"},
			},
			// Aliases and requires are not definitions.
			absent: []string{"api", "util"},
		},
		{
			lang: "lua",
			src:  "local Point = {}\nlocal other = 1\nPoint.__index = Point\nfunction Point.new() end\n",
			syms: map[string]want{
				"Point":     {kind: treenav.KindClass, native: "table"},
				"Point.new": {kind: treenav.KindMethod, parent: "Point"},
			},
		},
		{
			lang: "bash",
			src:  "#!/bin/sh\n# Says hi.\nhi() { echo hi; }\nfor a do hi; done\nlow=1\nalias l='ls' ll=\"ls -l\"\n",
			syms: map[string]want{
				// The shebang is not part of the doc.
				"hi": {kind: treenav.KindFunction, doc: "Says hi.", checkDoc: true, sig: "hi()", checkSig: true},
				"l":  {kind: treenav.KindMacro, native: "alias"},
				"ll": {kind: treenav.KindMacro, native: "alias"},
			},
			absent: []string{"low", "a"},
		},
	} {
		got := symbolsByAnchor(t, tc.lang, tc.src)
		parents := parentAnchors(t, tc.lang, tc.src)
		for anchor, w := range tc.syms {
			n, ok := got[anchor]
			if !ok {
				t.Errorf("%s: no symbol %s in %v", tc.lang, anchor, keys(got))
				continue
			}
			if n.Kind != w.kind || n.NativeKind != w.native {
				t.Errorf("%s %s: kind %s/%s, want %s/%s", tc.lang, anchor, n.Kind, n.NativeKind, w.kind, w.native)
			}
			if parents[anchor] != w.parent {
				t.Errorf("%s %s: parent %q, want %q", tc.lang, anchor, parents[anchor], w.parent)
			}
			if w.checkDoc && n.Doc != w.doc {
				t.Errorf("%s %s: doc %q, want %q", tc.lang, anchor, n.Doc, w.doc)
			}
			if w.checkSig && n.Signature != w.sig {
				t.Errorf("%s %s: signature %q, want %q", tc.lang, anchor, n.Signature, w.sig)
			}
			if w.lineStart != 0 && n.LineStart != w.lineStart {
				t.Errorf("%s %s: line %d, want %d", tc.lang, anchor, n.LineStart, w.lineStart)
			}
		}
		for _, a := range tc.absent {
			if _, ok := got[a]; ok {
				t.Errorf("%s: unexpected symbol %s", tc.lang, a)
			}
		}
	}
}

func keys(m map[string]treenav.Node) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

// parentAnchors maps each symbol's anchor to its parent's ("" at the top).
func parentAnchors(t *testing.T, lang, src string) map[string]string {
	t.Helper()
	res, err := Lookup(lang).Extract([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	for _, n := range res.Nodes[1:] {
		m[n.Anchor] = res.Nodes[n.Parent].Anchor
	}
	return m
}
