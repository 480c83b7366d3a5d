package mcp

import (
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"
)

// The idle release comes once no request has come for a while, never
// while one is served, and once per idle spell.
func TestIdleRelease(t *testing.T) {
	var released atomic.Int64
	r := &idleReleaser{after: 20 * time.Millisecond, log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		release: func() int64 { released.Add(1); return 0 }}
	waitFor := func(n int64) {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); released.Load() < n; {
			if time.Now().After(deadline) {
				t.Fatalf("%d releases after 10 s, want %d", released.Load(), n)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	// A request being served holds it off, however long it takes.
	r.idle()
	r.begin()
	time.Sleep(100 * time.Millisecond)
	if n := released.Load(); n != 0 {
		t.Fatalf("released %d times while a request was served", n)
	}
	r.end()
	waitFor(1)
	// Idle on: no second release without a request.
	time.Sleep(100 * time.Millisecond)
	if n := released.Load(); n != 1 {
		t.Fatalf("released %d times in one idle spell", n)
	}
	// After the next request, once more.
	r.begin()
	r.end()
	waitFor(2)
	if r.count.Load() != 2 {
		t.Errorf("count %d", r.count.Load())
	}
}

// A server with IdleRelease counts its requests and releases once idle,
// answering alike after.
func TestServerReleasesWhenIdle(t *testing.T) {
	s := New(newEngine(t, fixture, true), Options{IdleRelease: 30 * time.Millisecond})
	ss := newSession(t, connect(t, s))
	before := textOf(t, ss.call(t, "search_documents", map[string]any{"query": "server"}))
	for deadline := time.Now().Add(10 * time.Second); s.idle.count.Load() == 0; {
		if time.Now().After(deadline) {
			t.Fatal("no release 10 s after the last request")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if after := textOf(t, ss.call(t, "search_documents", map[string]any{"query": "server"})); after != before {
		t.Errorf("answers differ after the release:\n%s\n%s", before, after)
	}
	if New(newEngine(t, fixture, true), Options{}).idle != nil {
		t.Error("a server without IdleRelease releases")
	}
}
