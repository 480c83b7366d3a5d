package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// unwritableIndexDir returns an index directory that cannot be made: its
// parent is a regular file (chmod would not stop the tests, run as root).
func unwritableIndexDir(t *testing.T) string {
	t.Helper()
	blocker := filepath.Join(t.TempDir(), "not-a-dir")
	if err := os.WriteFile(blocker, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(blocker, "cache")
}

// TestIndexFailsWhenTheSnapshotIsNotSaved: treenav index exists to write
// the snapshot; when it cannot, it exits 1 and says why, in its text, its
// JSON and on stderr, and status says no snapshot can be saved there.
func TestIndexFailsWhenTheSnapshotIsNotSaved(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.go"), []byte("package a\n\nfunc Alpha() {}\n"), 0o644)
	idx := unwritableIndexDir(t)

	code, out, errs := run(t, "index", "--root", dir, "--index-dir", idx, "--quiet")
	if code != 1 {
		t.Errorf("index into an unwritable directory: exit %d, want 1\n%s%s", code, out, errs)
	}
	if !strings.Contains(out, "snapshot: not saved: ") || !strings.Contains(out, "not a directory") || strings.Contains(out, "MB)") {
		t.Errorf("index text does not say the snapshot was not saved:\n%s", out)
	}
	if !strings.Contains(errs, "snapshot was not saved") || !strings.Contains(errs, "--index-dir") {
		t.Errorf("stderr does not say the snapshot was not saved, and what to do:\n%s", errs)
	}

	code, out, _ = run(t, "index", "--root", dir, "--index-dir", idx, "--quiet", "--json")
	var sum map[string]any
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatalf("index --json: %v\n%s", err, out)
	}
	if code != 1 || sum["snapshot_error"] == nil || sum["snapshot"] != nil {
		t.Errorf("index --json: exit %d, snapshot %v, snapshot_error %v; want 1, none, the error", code, sum["snapshot"], sum["snapshot_error"])
	}

	code, _, errs = run(t, "status", "--root", dir, "--index-dir", idx)
	if code != 1 || !strings.Contains(errs, "none can be saved") || !strings.Contains(errs, "not a directory") {
		t.Errorf("status: exit %d, stderr %q; want 1 and why no index can be saved", code, errs)
	}
}

// TestServeStatusSaysTheSnapshotIsNotSaved: a server whose snapshot could
// not be saved says so in index_status.
func TestServeStatusSaysTheSnapshotIsNotSaved(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.go"), []byte("package a\n\nfunc Alpha() {}\n"), 0o644)
	rc := startServe(t, "--root", dir, "--index-dir", unwritableIndexDir(t), "--watch=false")
	rc.initialize()
	rc.waitReady()
	var st struct {
		SnapshotError string `json:"snapshot_error"`
	}
	deadline := time.Now().Add(30 * time.Second)
	var r toolResult
	for st.SnapshotError == "" && time.Now().Before(deadline) {
		r = rc.callTool("index_status", nil)
		json.Unmarshal(r.StructuredContent, &st)
		time.Sleep(20 * time.Millisecond)
	}
	if !strings.Contains(st.SnapshotError, "not a directory") {
		t.Fatalf("index_status has no snapshot_error: %s", r.StructuredContent)
	}
	if len(r.Content) == 0 || !strings.Contains(r.Content[0].Text, "snapshot not saved: ") {
		t.Errorf("index_status text does not say the snapshot was not saved:\n%+v", r.Content)
	}
}
