package code

import (
	"slices"
	"testing"
)

// jsAnchors extracts src as the named language and file and returns each
// node's anchor (the file root left out).
func jsAnchors(t *testing.T, lang, rel, src string) []string {
	t.Helper()
	res, err := Lookup(lang).ExtractFile(rel, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, n := range res.Nodes[1:] {
		out = append(out, n.Anchor)
	}
	return out
}

// TestJavaScriptBindings checks the names old-style JavaScript gives its
// functions, and that a callback with no name to derive is no symbol.
func TestJavaScriptBindings(t *testing.T) {
	src := `;(function (root) {
  function Chance(seed) { var bindEvents = function (socket) {}; }
  Chance.prototype.pad = function (n) {};
  var Todo = Backbone.Model.extend({ _setWithPriority: function (ref) {} });
  app.get('/users/:id', function (req, res) {});
  cache.get('key', function (err, v) {});
  [1, 2].map(function (x) { return x; });
  items.forEach((x) => x);
})(this);
module.exports = function (grunt) {};
`
	got := jsAnchors(t, "javascript", "tasks/Gruntfile.js", src)
	want := []string{"Chance", "Chance.bindEvents", "Chance.pad", "Todo", "Todo._setWithPriority", "GET /users/:id", "Gruntfile"}
	if !slices.Equal(got, want) {
		t.Errorf("anchors:\n got %q\nwant %q", got, want)
	}
	if got := jsAnchors(t, "javascript", "lib/router/index.js", "module.exports = function () {};\n"); !slices.Equal(got, []string{"router"}) {
		t.Errorf("index.js module.exports: got %q, want [router]", got)
	}
	if got := jsAnchors(t, "javascript", "", "module.exports = function () {};\n"); !slices.Equal(got, []string{"module.exports"}) {
		t.Errorf("module.exports without a path: got %q, want [module.exports]", got)
	}
}

// TestIDsSurviveInsertion checks that ids that can be made unique by
// what a symbol is do not depend on its position: an accessor pair and
// same-named methods of different objects keep their ids when a symbol
// of the same name is inserted above them.
func TestIDsSurviveInsertion(t *testing.T) {
	body := `export class T {
  get celsius(): number { return 0; }
  set celsius(v: number) {}
}
export function start() {
  const server = { close() {} };
  const watcher = { close: () => {} };
  return { close() {} };
}
`
	before := jsAnchors(t, "typescript", "a.ts", body)
	want := []string{"T", "T.celsius", "T.celsius.setter", "start", "start.server.close", "start.watcher.close", "start.close"}
	if !slices.Equal(before, want) {
		t.Fatalf("anchors:\n got %q\nwant %q", before, want)
	}
	after := jsAnchors(t, "typescript", "a.ts", "export const close = () => {};\n"+body)
	if !slices.Equal(after[1:], before) {
		t.Errorf("after an insertion above:\n got %q\nwant %q", after[1:], before)
	}
}
