package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
)

// TestJSFormsLister runs jsforms.cjs on a file of old-style JavaScript and
// checks the name and form of each function it lists. It needs node and
// the typescript package (npm install typescript@5, or NODE_PATH).
func TestJSFormsLister(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	if exec.Command("node", "-e", `try { require("typescript") } catch { require("ts5") }`).Run() != nil {
		t.Skip("the typescript package is not installed (npm install typescript@5, or set NODE_PATH)")
	}
	dir := t.TempDir()
	src := `;(function (root) {
  function Chance(seed) { var bindEvents = function (socket) {}; }
  Chance.prototype.pad = function (n) {};
  var Todo = Backbone.Model.extend({ save: function () {}, get() {} });
  app.get('/users/:id', function (req, res) {});
  [1, 2].map(function (x) { return x; });
  run(function named() {});
  exports.parse = function () {};
  var table = { forEach: () => forEach };
})(this);
module.exports = function (grunt) {};
`
	if err := os.WriteFile(filepath.Join(dir, "Gruntfile.js"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	gt, bad, err := runJSFormsLister("node jsforms.cjs", dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(bad) > 0 {
		t.Fatalf("parse errors in %v", bad)
	}
	var got []string
	for _, f := range gt {
		got = append(got, f.Name+" "+f.Form)
	}
	want := []string{"Chance declaration", "bindEvents nested-variable", "pad prototype", "save property",
		"get object-method", "GET /users/:id route", "named named-expression", "parse exports", "Gruntfile module.exports"}
	if !slices.Equal(got, want) {
		t.Errorf("jsforms:\n got %q\nwant %q", got, want)
	}
}
