package index

import "testing"

// TestInstallNothingKeepsTheView: installing no segments and removing
// nothing (a build that found every file unchanged) keeps the view, and
// with it what its searches counted; a removal makes a new one.
func TestInstallNothingKeepsTheView(t *testing.T) {
	ix := newTestIndex(t, map[string]string{"a.go": "package a\n\nfunc Alpha() {}\n", "b.go": "package a\n\nfunc Beta() { Alpha() }\n"})
	v := ix.view()
	ix.install(nil)
	ix.install(nil, nil)
	if ix.view() != v {
		t.Fatal("an empty install replaced the view")
	}
	ix.install([]string{"b.go"})
	if ix.view() == v {
		t.Fatal("a removal kept the old view")
	}
	if _, ok := ix.view().find("b.go"); ok {
		t.Error("b.go still live after its removal")
	}
}
