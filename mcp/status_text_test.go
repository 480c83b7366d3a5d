package mcp

import (
	"strings"
	"testing"

	"github.com/treenav/treenav/index"
	"github.com/treenav/treenav/index/engine"
)

// TestStatusTextCountsOne: a count of one takes the singular.
func TestStatusTextCountsOne(t *testing.T) {
	r := &StatusReport{Status: engine.Status{State: "ready", Watching: true, Updates: 1},
		Stats: index.Stats{Documents: 1, Nodes: 1, Terms: 1}}
	text := r.Text()
	for _, want := range []string{"index ready: 1 document, 1 node, 1 term\n", "watching for changes: 1 file updated"} {
		if !strings.Contains(text, want) {
			t.Errorf("status text lacks %q:\n%s", want, text)
		}
	}
	r = &StatusReport{Status: engine.Status{State: "ready"}, Stats: index.Stats{Documents: 15503, Nodes: 2, Terms: 0}}
	if text := r.Text(); !strings.Contains(text, "index ready: 15,503 documents, 2 nodes, 0 terms\n") {
		t.Errorf("status text:\n%s", text)
	}
}

// TestStatusTextSaysWhatIsNotKept: a snapshot not saved and the inotify
// watch limit are said in the text, with what to do.
func TestStatusTextSaysWhatIsNotKept(t *testing.T) {
	r := &StatusReport{Status: engine.Status{State: "ready",
		SnapshotError: "mkdir cache: read-only file system",
		WatchLimit: &engine.WatchLimit{Setting: "fs.inotify.max_user_watches", Current: 8192, Directories: 12000, RaiseTo: 65536,
			Command: "sudo sysctl -w fs.inotify.max_user_watches=65536"}}}
	text := r.Text()
	for _, want := range []string{
		"snapshot not saved: mkdir cache: read-only file system",
		"not watching (full rescans instead): the inotify watch limit fs.inotify.max_user_watches (8,192) is too low for 12,000 directories; raise it to 65536: sudo sysctl -w fs.inotify.max_user_watches=65536\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("status text lacks %q:\n%s", want, text)
		}
	}
}

// TestStatusTextMemory: the memory line says the resident set when there
// is one, the heap in use and reserved, and the mapped bytes.
func TestStatusTextMemory(t *testing.T) {
	r := &StatusReport{Status: engine.Status{State: "ready"},
		Stats: index.Stats{Memory: index.Memory{HeapInUse: 312_400_000, HeapSys: 1_250_000_000, RSS: 2_500_000}}}
	want := "memory: 2.5 MB resident, Go heap 312 MB in use of 1,250 MB reserved, 0.0 MB mapped from the snapshot\n"
	if text := r.Text(); !strings.Contains(text, want) {
		t.Errorf("status text lacks %q:\n%s", want, text)
	}
	r.Memory.RSSFile = 1_200_000
	want = "memory: 2.5 MB resident (1.2 MB of it file pages the system can drop), Go heap 312 MB"
	if text := r.Text(); !strings.Contains(text, want) {
		t.Errorf("status text lacks %q:\n%s", want, text)
	}
	r.Memory.RSS, r.Memory.RSSFile = 0, 0 // not Linux
	if text := r.Text(); !strings.Contains(text, "memory: Go heap 312 MB") {
		t.Errorf("status text without a resident set:\n%s", text)
	}
}
