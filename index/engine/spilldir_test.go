package engine

import (
	"path/filepath"
	"testing"

	"github.com/treenav/treenav"
)

// A big build spills into the directory of the snapshot the engine loads
// from (the CLI and the server load before they build), into SpillDir
// when it is set, and into the system's temporary directory otherwise.
func TestSpillDir(t *testing.T) {
	root := writeTree(t, map[string]string{"a.go": "package a\n"})
	colls := []treenav.Collection{{Name: "test", Root: root}}
	e, err := NewEngine(colls, EngineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if d := e.spillDir(); d != "" {
		t.Fatalf("spill dir %q before any snapshot, want the temporary directory", d)
	}
	snap := filepath.Join(t.TempDir(), "not-yet")
	if ok, err := e.LoadSnapshot(snap); ok || err != nil {
		t.Fatalf("load of a missing snapshot: %v %v", ok, err)
	}
	if d := e.spillDir(); d != snap {
		t.Fatalf("spill dir %q, want the snapshot's %q (made if missing)", d, snap)
	}
	set := t.TempDir()
	e, err = NewEngine(colls, EngineOptions{SpillDir: set})
	if err != nil {
		t.Fatal(err)
	}
	e.LoadSnapshot(snap)
	if d := e.spillDir(); d != set {
		t.Fatalf("spill dir %q, want SpillDir %q", d, set)
	}
}
