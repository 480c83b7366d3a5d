package engine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSnapshotErrorInStatus: a snapshot that could not be saved is in the
// status until a save succeeds, and never in a saved snapshot's status.
func TestSnapshotErrorInStatus(t *testing.T) {
	e, _ := newTestEngine(t, map[string]string{"a.go": "package a\n\nfunc Alpha() {}\n"})
	blocker := filepath.Join(t.TempDir(), "file")
	os.WriteFile(blocker, []byte("x"), 0o644)
	bad := filepath.Join(blocker, "cache")
	err := e.SaveSnapshot(bad)
	if err == nil {
		t.Fatal("saved under a regular file")
	}
	if got := e.Status().SnapshotError; got != err.Error() || !strings.Contains(got, "not a directory") {
		t.Errorf("SnapshotError = %q, want %q", got, err)
	}
	if err := CheckSnapshotDir(bad); err == nil || !strings.Contains(err.Error(), blocker+" is not a directory") {
		t.Errorf("CheckSnapshotDir(%s) = %v, want that %s is not a directory", bad, err, blocker)
	}
	good := t.TempDir()
	if err := CheckSnapshotDir(filepath.Join(good, "new", "dir")); err != nil {
		t.Errorf("CheckSnapshotDir of a directory that can be made: %v", err)
	}
	if err := e.SaveSnapshot(good); err != nil {
		t.Fatal(err)
	}
	if got := e.Status().SnapshotError; got != "" {
		t.Errorf("SnapshotError after a save = %q", got)
	}
	e.SaveSnapshot(bad)
	e2, _ := NewEngine(e.Collections(), EngineOptions{})
	if ok, err := e2.LoadSnapshot(good); !ok || err != nil {
		t.Fatal(ok, err)
	}
	if got := e2.Status().SnapshotError; got != "" {
		t.Errorf("a loaded snapshot's status has SnapshotError %q", got)
	}
	if ok, err := e2.LoadSnapshot(bad); ok || err != nil {
		t.Errorf("LoadSnapshot under a regular file = %v, %v; want none, no error", ok, err)
	}
}
