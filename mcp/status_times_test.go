package mcp

import (
	"encoding/json"
	"testing"
)

// TestStatusOmitsZeroTimes: index_status leaves out last_build before the
// first build and last_update before the first watcher update, instead
// of "0001-01-01T00:00:00Z"; the output schema allows both to be absent
// (session.call checks every result against it).
func TestStatusOmitsZeroTimes(t *testing.T) {
	eng := newEngine(t, fixture, false)
	s := New(eng, Options{})
	ss := newSession(t, connect(t, s))
	fields := func() map[string]any {
		var m map[string]any
		b, _ := json.Marshal(ss.call(t, "index_status", nil).StructuredContent)
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	if m := fields(); m["last_build"] != nil || m["last_update"] != nil {
		t.Errorf("before the build: last_build %v, last_update %v; want neither", m["last_build"], m["last_update"])
	}
	if err := s.Build(); err != nil {
		t.Fatal(err)
	}
	if m := fields(); m["last_build"] == nil || m["last_update"] != nil {
		t.Errorf("after the build: last_build %v, last_update %v; want the first only", m["last_build"], m["last_update"])
	}
}
